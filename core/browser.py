"""The browser's door into the core: one JSON request in, one JSON reply out.

The Web Worker that hosts Pyodide (web/engine/worker.js) calls `handle(text)` and
posts the reply back to the page; nothing else crosses the JS/Python boundary, so
the protocol is the same whether the caller is a worker, Node (pyodide/parity.mjs)
or a CPython test. Pure: no I/O, no clock, no randomness — seeds, move ids and
timestamps come from the caller.

Request: ``{"op": NAME, ...fields}``. Reply: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"kind", "code", "message", "rule_id", "seq", "text"}}``.

Records cross the boundary as bytes in the compact form (``record_kifu``,
core/kernel/compact.py, what the PWA keeps in IndexedDB) or as JSON *text*
(``record_json``: the API's shape, export for people, bug reports), never as parsed
objects: a genesis seed may exceed 2**53, which a JavaScript number cannot hold. In
the JSON of a request or a reply, a field whose name ends in ``_kifu`` is base64
(msgspec's encoding of bytes); the worker hands the page a Uint8Array for it and turns
the page's Uint8Array back into base64 (web/engine/protocol.js). Every op that reads
a record takes either field.

Open games live in an `Engine` (one per worker) keyed by record id; each is a
kernel Timeline, so undo, scrubbing (`state_at`) and verification are the
kernel's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple, TypeVar

import msgspec

from . import __version__, games
from .kernel import (
    Divergence,
    IllegalMove,
    KifuError,
    Mismatch,
    RecordError,
    Rng,
    TakeBack,
    TakeBackPolicy,
    Timeline,
    bots_of,
    decode_record,
    describe,
    digest,
    encode_record,
    new_record,
    record_game,
    redact_entry,
    redact_record,
    verify,
)
from .kernel.codec import Format
from .kernel.compact import CompactWriter, is_compact
from .kernel.contract import OptionValue
from .kernel.record import Record, seed_of
from .kernel.review import Budget, Reviewing, begin_review, encode_review
from .kernel.search import Thinking, begin
from .kernel.timeline import Check

PROTOCOL_VERSION = 1

_Job = TypeVar("_Job")


# -- requests --------------------------------------------------------------------------


class _Op(msgspec.Struct, tag_field="op", kw_only=True, forbid_unknown_fields=True):
    pass


class ScreenAsk(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What a page's game screen needs back with a change (`screen` on an op): one
    reply holds the summary, the view, the legal moves, the new log entries, the undo
    button's state and the compact record, so a local move is one worker round trip.

    `humans`: this device's people; `perspective`: the seat the screen showed last
    (kept while no human here is to move); `read_only`: a replay (a spectator's view,
    no moves); `since`/`log_over`: the log entries the page holds and whether they were
    redacted as of a finished game (then they are sent again, whole); `bots`: the
    table's bot seats (an undo goes back past their replies); `record`: send the
    compact record (what the page keeps)."""

    humans: list[int] = []
    perspective: int | None = None
    read_only: bool = False
    since: int = 0
    log_over: bool = False
    bots: list[int] = []
    record: bool = True


class Hello(_Op, tag="hello"):
    """Versions of the protocol, the core and the games it has."""


class Catalogue(_Op, tag="catalogue"):
    """Every registered game's GameInfo (titles, seats, options) and its bots' names."""


class New(_Op, tag="new"):
    """A new game. `seed`: an int or its decimal digits, as the page sends it (a new
    game's has 128 bits, which no JavaScript number holds)."""

    game: str
    seats: int
    seed: int | str
    record_id: str
    options: dict[str, OptionValue] = {}
    takeback: TakeBackPolicy = "casual"
    created_at: int = 0
    screen: ScreenAsk | None = None


class _RecordIn(_Op):
    """A record given as JSON text or as compact bytes (exactly one of them)."""

    record_json: str | None = None
    record_kifu: bytes | None = None

    def data(self) -> bytes:
        if (self.record_json is None) == (self.record_kifu is None):
            raise KifuError("give the record as record_json or as record_kifu (one of them)")
        return self.record_kifu if self.record_kifu is not None else self.record_json.encode()  # type: ignore[union-attr]


class Load(_RecordIn, tag="load"):
    """Open a record. A `replay` of compact bytes loads `chained` (their reader has
    derived and checked the chain and commitments); JSON is never loaded chained."""

    check: Check = "replay"
    screen: ScreenAsk | None = None


class Branch(_Op, tag="branch"):
    """ "Play from here": open a new game holding `record_id`'s entries 1..`seq`.

    The new record keeps the seed (exactly: it never leaves Python) and names its
    parent (record id and seq) in its genesis.
    """

    record_id: str
    seq: int
    new_record_id: str
    created_at: int = 0
    screen: ScreenAsk | None = None


class Close(_Op, tag="close"):
    record_id: str


class Summary(_Op, tag="summary"):
    record_id: str


class ScreenOf(_Op, tag="screen"):
    """The screen of an open game as it stands (a redraw with no change)."""

    record_id: str
    screen: ScreenAsk


class LegalMoves(_Op, tag="legal_moves"):
    record_id: str
    seat: int


class Play(_Op, tag="play"):
    record_id: str
    seat: int
    move: msgspec.Raw
    move_id: str
    device_id: str = ""
    at: int = 0
    screen: ScreenAsk | None = None


class WhyNot(_Op, tag="why_not"):
    """Why `seat`'s `move` would be refused now (the rule it breaks), or null; nothing
    is recorded (a screen explaining a tap that plays nothing)."""

    record_id: str
    seat: int
    move: msgspec.Raw


class Suggest(_Op, tag="suggest"):
    """The move `bot` would make for `seat` now, or null when `seat` is not to move: a
    hint, shown and never played; nothing is recorded. The bot decides from what `seat`
    may know, as every bot does (tests/games/test_bots_never_peek.py), with its own Rng
    (`bot_seed`, the position): the game's is never touched."""

    record_id: str
    seat: int
    bot: str = "greedy"
    bot_seed: int = 0


class Undo(_Op, tag="undo"):
    """Take back to `to_seq` (default: the undo target, past the `bots` seats' replies)."""

    record_id: str
    seat: int
    move_id: str
    to_seq: int | None = None
    bots: list[int] = []
    device_id: str = ""
    at: int = 0
    screen: ScreenAsk | None = None


class TakebackRefusal(_Op, tag="takeback_refusal"):
    """Why `seat` may not take back to `to_seq` (default: the undo target given the
    table's `bots` seats), or null."""

    record_id: str
    seat: int
    to_seq: int | None = None
    bots: list[int] = []


class StateAt(_Op, tag="state_at"):
    record_id: str
    seq: int


class View(_Op, tag="view"):
    """What `seat` (None: a spectator) sees after `seq` (None: now)."""

    record_id: str
    seat: int | None = None
    seq: int | None = None


class GetRecord(_Op, tag="record"):
    """The record as JSON text (`form` "json") or compact bytes ("compact"); with
    `seat`, every entry redacted for that seat."""

    record_id: str
    seat: int | None = None
    redact: bool = False
    form: Literal["json", "compact"] = "json"


class Entries(_Op, tag="entries"):
    """The record's entries after `since` (as objects: an entry holds no seed), with
    `seat` and `redact` as for `record`. Entries are never removed (a take-back is an
    entry too), so a page keeps its list by asking for the ones after its last."""

    record_id: str
    since: int = 0
    seat: int | None = None
    redact: bool = False


class Convert(_RecordIn, tag="convert"):
    """A record in the other form, decoded and re-encoded, not replayed (its chain is
    checked): JSON for a bug report or a person, compact to keep."""

    form: Literal["json", "compact"] = "compact"


class Verify(_RecordIn, tag="verify"):
    pass


class Hashes(_RecordIn, tag="hashes"):
    """Re-run every stored move from the genesis and list the state hash after each.

    The cross-runtime parity check compares these lists between CPython and Pyodide.
    """


class BotStep(_Op, tag="bot_step"):
    """Let `bot` move once for `seat` (default: the first seat to move)."""

    record_id: str
    move_id: str
    bot: str = "random"
    seat: int | None = None
    bot_seed: int = 0
    device_id: str = ""
    at: int = 0
    screen: ScreenAsk | None = None


class BotBegin(_Op, tag="bot_begin"):
    """Begin `bot`'s decision for `seat` (default: the first seat to move) as bot_step
    would make it, to be run in slices by bot_think; bot_step then plays it. One per
    open game: a new one replaces it.

    With a `move_id`, a decision with nothing to slice (a one-step bot) is played at
    once, as bot_step would play it, and the reply is bot_step's (with `screen`, the
    Screen): a one-step bot's move is one round trip, not two."""

    record_id: str
    bot: str = "random"
    seat: int | None = None
    bot_seed: int = 0
    move_id: str = ""
    device_id: str = ""
    at: int = 0
    screen: ScreenAsk | None = None


class BotThink(_Op, tag="bot_think"):
    """Run up to `iterations` more iterations of the begun decision's budget."""

    record_id: str
    iterations: int


class BotCancel(_Op, tag="bot_cancel"):
    """Drop the begun decision (an undo, leaving the game): it is never played."""

    record_id: str


class ReviewBegin(_Op, tag="review_begin"):
    """Begin the review of an open record (core/kernel/review.py), to be run in slices
    by review_step: only `seats`' moves if given (a game others still play: the seat's
    own), from `seed` (fixed by default, so the same record gives the same review), the
    budget's `worlds`, `effort` and `candidates` (default: the review's). One per open
    game: a new one replaces it; a move or a take-back drops it, and so does close."""

    record_id: str
    seats: list[int] | None = None
    seed: int = 0
    worlds: int | None = None
    effort: int | None = None
    candidates: int | None = None


class ReviewStep(_Op, tag="review_step"):
    """Review up to `moves` more moves of the begun review."""

    record_id: str
    moves: int


class ReviewResult(_Op, tag="review_result"):
    """The begun review's Review (its canonical JSON, `encode_review`), after the moves
    left; the review stays until cancelled, replaced or the position changes."""

    record_id: str


class ReviewCancel(_Op, tag="review_cancel"):
    """Drop the begun review (leaving the screen)."""

    record_id: str


class Sync(_Op, tag="sync"):
    """Run one pure step of core.sync (see that module): `call` names the function."""

    call: str
    args: msgspec.Raw


Request = (
    Hello
    | Catalogue
    | New
    | Load
    | Branch
    | Close
    | Summary
    | ScreenOf
    | LegalMoves
    | Play
    | WhyNot
    | Suggest
    | Undo
    | TakebackRefusal
    | StateAt
    | View
    | GetRecord
    | Entries
    | Convert
    | Verify
    | Hashes
    | BotStep
    | BotBegin
    | BotThink
    | BotCancel
    | ReviewBegin
    | ReviewStep
    | ReviewResult
    | ReviewCancel
    | Sync
)


# -- replies ---------------------------------------------------------------------------


class GameSummary(msgspec.Struct, kw_only=True):
    """What a page needs after every change to redraw its controls."""

    record_id: str
    game: str
    seq: int
    line: list[int]
    to_move: list[int]
    tip_hash: str
    state_hash: str
    outcome: Any = None
    rules_version: str = ""  # the rules the record is played under (its genesis)
    engine_rules_version: str = ""  # this engine's; they differ for an older record
    # From the genesis, so a page that keeps only compact bytes never parses a record:
    seats: int = 0
    takeback: str = "casual"
    options: dict[str, OptionValue] = {}
    seeded: bool = False  # the genesis holds the seed (it can branch; hosted: not until the end)
    engine_version: str = ""  # the engine that made the record


class Refusal(msgspec.Struct, kw_only=True):
    """A take-back the table's policy refuses: the rule's stable code and wording."""

    code: str
    message: str
    rule_id: str


class ThinkingReply(msgspec.Struct, kw_only=True):
    """How far a begun decision is: `done` of `total` iterations (0 of 0: nothing to
    slice, bot_step decides it in one go)."""

    done: int
    total: int


class Played(msgspec.Struct, kw_only=True):
    entry: Any
    summary: GameSummary


class Screen(msgspec.Struct, kw_only=True):
    """A game screen after a change (see ScreenAsk): `entry` is the entry the op added
    (none for a load or a redraw); `log` the entries after `log_since` as this device's
    people may see them (one person here: that seat's redacted copy; several, or a
    replay: a spectator's), `log_over` whether they were redacted as of a finished game;
    `undo_seat` the person here whose move in effect came last (who an undo is for) and
    `undo_refusal` why the table's policy would refuse it now; `record_kifu` the compact
    record to keep."""

    summary: GameSummary
    entry: Any = None
    active_seat: int | None
    view_seat: int | None
    view: Any
    legal: list[Any]
    log: list[Any]
    log_since: int
    log_over: bool
    undo_seat: int | None
    undo_refusal: Refusal | None = None
    record_kifu: bytes | None = None


class StateReply(msgspec.Struct, kw_only=True):
    seq: int
    state_hash: str
    state: Any


class RecordReply(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The record in the form asked for: `record_json` (text) or `record_kifu` (bytes)."""

    seq: int
    record_json: str | None = None
    record_kifu: bytes | None = None


def record_reply(game: Any, record: Record[Any, Any], form: str) -> RecordReply:
    seq = len(record.entries)
    if form == "compact":
        return RecordReply(seq=seq, record_kifu=encode_record(record, "compact", game))
    return RecordReply(seq=seq, record_json=encode_record(record).decode())


class HashesReply(msgspec.Struct, kw_only=True):
    hashes: list[str]
    error: str | None = None


class HelloReply(msgspec.Struct, kw_only=True):
    protocol: int
    core: str
    games: list[str]


class ErrorReply(msgspec.Struct, kw_only=True):
    kind: str
    message: str
    text: str
    code: str = ""
    rule_id: str = ""
    seq: int | None = None


_decoder = msgspec.json.Decoder(Request)
_encoder = msgspec.json.Encoder()


def error_of(exc: BaseException) -> ErrorReply:
    """A failure as the page shows it: kind, stable code, rule id, seq, one line."""
    if isinstance(exc, IllegalMove):
        return ErrorReply(
            kind="IllegalMove",
            code=exc.code,
            message=exc.message,
            rule_id=exc.rule_id,
            text=describe(exc),
        )
    if isinstance(exc, RecordError):
        return ErrorReply(
            kind=type(exc).__name__, message=exc.message, seq=exc.seq, text=describe(exc)
        )
    if isinstance(exc, KifuError):
        return ErrorReply(kind=type(exc).__name__, message=str(exc), text=describe(exc))
    if isinstance(exc, msgspec.ValidationError | msgspec.DecodeError):
        return ErrorReply(kind="BadRequest", message=str(exc), text=f"BadRequest: {exc}")
    return ErrorReply(kind="Crash", message=str(exc), text=describe(exc))


class Engine:
    """The open games of one worker. Not thread-safe (a worker is one thread)."""

    def __init__(self) -> None:
        self.open: dict[str, Timeline[Any, Any, Any]] = {}
        # each open record's compact form, kept up to date: the PWA saves it every move
        self.writers: dict[str, CompactWriter] = {}
        # a bot's decision being thought in slices, per open game (bot_begin/bot_think)
        self.thinking: dict[str, _Pending] = {}
        # a review being run in slices, per open game (review_begin/review_step)
        self.reviewing: dict[str, Reviewing] = {}

    # -- the door ----------------------------------------------------------------------

    def handle(self, text: str | bytes) -> str:
        """Decode one request, run it, encode the reply. Never raises."""
        try:
            request = _decoder.decode(text)
            result = self.run(request)
            reply: dict[str, Any] = {"ok": True, "result": result}
        except Exception as exc:  # every failure becomes a reply the page can show
            reply = {"ok": False, "error": error_of(exc)}
        return _encoder.encode(reply).decode()

    def run(self, request: Any) -> Any:
        if isinstance(request, Hello):
            return HelloReply(protocol=PROTOCOL_VERSION, core=__version__, games=games.ids())
        if isinstance(request, Catalogue):
            return [games.listed(games.get(game_id)) for game_id in games.ids()]
        if isinstance(request, New):
            game = games.get(request.game)
            record = new_record(
                game,
                record_id=request.record_id,
                seats=request.seats,
                seed=seed_of(request.seed),
                options=dict(request.options),
                takeback=request.takeback,
                created_at=request.created_at,
            )
            return self._opened(Timeline(game, record), request.screen)
        if isinstance(request, Load):
            data = request.data()
            game, record = load_record(data)
            check = request.check
            if check in ("replay", "chained"):  # chained only where the reader derived it
                check = "chained" if is_compact(data) else "replay"
            return self._opened(Timeline(game, record, check=check), request.screen)
        if isinstance(request, Branch):
            parent = self._get(request.record_id)
            child = parent.branch(
                request.seq, record_id=request.new_record_id, created_at=request.created_at
            )
            return self._opened(Timeline(parent.game, child), request.screen)
        if isinstance(request, Close):
            self.open.pop(request.record_id, None)
            self.writers.pop(request.record_id, None)
            self.thinking.pop(request.record_id, None)
            self.reviewing.pop(request.record_id, None)
            return None
        if isinstance(request, Summary):
            return summary(self._get(request.record_id))
        if isinstance(request, ScreenOf):
            return self._screen(self._get(request.record_id), request.screen)
        if isinstance(request, LegalMoves):
            return self._get(request.record_id).legal_moves(request.seat)
        if isinstance(request, Play):
            timeline = self._get(request.record_id)
            move = msgspec.json.decode(request.move, type=timeline.game.move_type)
            entry = timeline.play(
                request.seat,
                move,
                move_id=request.move_id,
                device_id=request.device_id,
                at=request.at,
            )
            return self._played(timeline, entry, request.screen)
        if isinstance(request, WhyNot):
            timeline = self._get(request.record_id)
            move = msgspec.json.decode(request.move, type=timeline.game.move_type)
            refused = timeline.refusal(request.seat, move)
            return None if refused is None else error_of(refused)
        if isinstance(request, Suggest):
            timeline = self._get(request.record_id)
            if request.seat not in timeline.to_move():
                return None
            _, thinking = self._bot(timeline, request.bot, request.seat, request.bot_seed)
            thinking.think(thinking.total)
            return thinking.move()
        if isinstance(request, Undo):
            timeline = self._get(request.record_id)
            taken = timeline.take_back(
                request.seat,
                request.to_seq,
                move_id=request.move_id,
                device_id=request.device_id,
                at=request.at,
                bots=request.bots,
            )
            return self._played(timeline, taken, request.screen)
        if isinstance(request, TakebackRefusal):
            timeline = self._get(request.record_id)
            refusal = timeline.takeback_refusal(request.seat, request.to_seq, bots=request.bots)
            if refusal is None:
                return None
            return Refusal(code=refusal.code, message=refusal.message, rule_id=refusal.rule_id)
        if isinstance(request, StateAt):
            timeline = self._get(request.record_id)
            state = timeline.state_at(request.seq)
            return StateReply(seq=request.seq, state_hash=digest(state), state=state)
        if isinstance(request, View):
            timeline = self._get(request.record_id)
            state = timeline.state if request.seq is None else timeline.state_at(request.seq)
            return timeline.game.view(state, request.seat)
        if isinstance(request, GetRecord):
            if request.form == "compact" and not request.redact:
                return self._compact(request.record_id)
            game, record = self._as_seen(request.record_id, request.seat, request.redact)
            return record_reply(game, record, request.form)
        if isinstance(request, Entries):
            _, record = self._as_seen(request.record_id, request.seat, request.redact)
            return record.entries[max(0, request.since) :]
        if isinstance(request, Convert):
            game, record = load_record(request.data())
            return record_reply(game, record, request.form)
        if isinstance(request, Verify):
            game, record = load_record(request.data())
            divergence: Divergence | None = verify(game, record)
            return divergence
        if isinstance(request, Hashes):
            return state_hashes(request.data())
        if isinstance(request, BotStep):
            return self._bot_step(request)
        if isinstance(request, BotBegin):
            return self._bot_begin(request)
        if isinstance(request, BotThink):
            pending = self._pending(request.record_id)
            pending.thinking.think(max(request.iterations, 0))
            return ThinkingReply(done=pending.thinking.done, total=pending.thinking.total)
        if isinstance(request, BotCancel):
            self.thinking.pop(request.record_id, None)
            return None
        if isinstance(request, ReviewBegin):
            return self._review_begin(request)
        if isinstance(request, ReviewStep):
            reviewing = self._reviewing(request.record_id)
            reviewing.step(max(request.moves, 0))
            return ThinkingReply(done=reviewing.done, total=reviewing.total)
        if isinstance(request, ReviewResult):
            return msgspec.Raw(encode_review(self._reviewing(request.record_id).result()))
        if isinstance(request, ReviewCancel):
            self.reviewing.pop(request.record_id, None)
            return None
        if isinstance(request, Sync):
            from . import sync

            return sync.dispatch(request.call, request.args)
        raise TypeError(f"unhandled request {type(request).__name__}")

    # -- helpers -----------------------------------------------------------------------

    def _open(self, timeline: Timeline[Any, Any, Any]) -> GameSummary:
        self.open[timeline.record.id] = timeline
        self.writers.pop(timeline.record.id, None)  # it wrote the record opened before
        return summary(timeline)

    def _opened(
        self, timeline: Timeline[Any, Any, Any], ask: ScreenAsk | None
    ) -> GameSummary | Screen:
        opened = self._open(timeline)
        return opened if ask is None else self._screen(timeline, ask)

    def _played(
        self, timeline: Timeline[Any, Any, Any], entry: Any, ask: ScreenAsk | None
    ) -> Played | Screen:
        if ask is None:
            return Played(entry=entry, summary=summary(timeline))
        return self._screen(timeline, ask, entry)

    def _screen(
        self, timeline: Timeline[Any, Any, Any], ask: ScreenAsk, entry: Any = None
    ) -> Screen:
        """Everything a game screen redraws from, and the record it keeps (ScreenAsk)."""
        game, state = timeline.game, timeline.state
        now = summary(timeline)
        over = now.outcome is not None
        humans = ask.humans
        active = None if ask.read_only else next((s for s in now.to_move if s in humans), None)
        if ask.read_only:
            seat = None
        elif active is not None:
            seat = active
        elif ask.perspective is not None:
            seat = ask.perspective
        else:
            seat = humans[0] if humans else None
        log_seat = humans[0] if len(humans) == 1 and not ask.read_only else None
        since = 0 if over and not ask.log_over else max(0, ask.since)
        entries = timeline.record.entries[since:]
        log = entries if over else [redact_entry(game, e, log_seat) for e in entries]
        undo_seat = None if ask.read_only else self._undo_seat(timeline, humans)
        refusal = None
        if undo_seat is not None and not over and timeline.record.genesis.takeback != "strict":
            refused = timeline.takeback_refusal(undo_seat, bots=ask.bots)
            if refused is not None:
                refusal = Refusal(
                    code=refused.code, message=refused.message, rule_id=refused.rule_id
                )
        return Screen(
            summary=now,
            entry=entry,
            active_seat=active,
            view_seat=seat,
            view=game.view(state, seat),
            legal=timeline.legal_moves(active) if active is not None else [],
            log=log,
            log_since=since,
            log_over=over,
            undo_seat=undo_seat,
            undo_refusal=refusal,
            record_kifu=self._compact(timeline.record.id).record_kifu if ask.record else None,
        )

    @staticmethod
    def _undo_seat(timeline: Timeline[Any, Any, Any], humans: list[int]) -> int | None:
        """Who an undo is for: the person here whose move in effect came last."""
        entries = timeline.record.entries
        for seq in reversed(timeline.line[1:]):
            seat: int = entries[seq - 1].seat
            if seat in humans:
                return seat
        return None

    def _compact(self, record_id: str) -> RecordReply:
        timeline = self._get(record_id)
        writer = self.writers.get(record_id)
        if writer is None:
            writer = self.writers[record_id] = CompactWriter(timeline.game, timeline.record)
        return RecordReply(seq=timeline.seq, record_kifu=writer.encode())

    def _as_seen(self, record_id: str, seat: int | None, redact: bool) -> tuple[Any, Any]:
        """The open record's game and record, redacted for `seat` when asked."""
        timeline = self._get(record_id)
        record = timeline.record
        if redact:
            over = timeline.game.outcome(timeline.state) is not None
            record = redact_record(timeline.game, record, seat, over=over)
        return timeline.game, record

    def _get(self, record_id: str) -> Timeline[Any, Any, Any]:
        timeline = self.open.get(record_id)
        if timeline is None:
            raise KifuError(f"no open game {record_id!r} (load or create it first)")
        return timeline

    def _bot(
        self, timeline: Timeline[Any, Any, Any], name: str, seat: int | None, bot_seed: int
    ) -> tuple[int, Thinking]:
        """The seat that moves and its bot's decision, begun (not yet thought)."""
        movers = timeline.to_move()
        mover = movers[0] if seat is None else seat
        bots = bots_of(timeline.game)
        if name not in bots:
            raise KifuError(f"no bot {name!r} (bots: {', '.join(bots)})")
        # The bot's luck depends on its seed and the position only: a replayed
        # session makes the same choices, and the game's own Rng is never touched.
        rng = Rng.seeded(bot_seed, stream=timeline.seq + 1)
        return mover, begin(bots[name], timeline.game, timeline.state, mover, rng)

    def _bot_begin(self, request: BotBegin) -> ThinkingReply | Played | Screen:
        timeline = self._get(request.record_id)
        self.thinking.pop(request.record_id, None)
        if not timeline.to_move():
            return ThinkingReply(done=0, total=0)
        seat, thinking = self._bot(timeline, request.bot, request.seat, request.bot_seed)
        if request.move_id and thinking.total == 0:
            entry = timeline.play(
                seat,
                thinking.move(),
                move_id=request.move_id,
                device_id=request.device_id,
                at=request.at,
            )
            return self._played(timeline, entry, request.screen)
        key = (request.bot, seat, request.bot_seed, timeline.tip_hash)
        self.thinking[request.record_id] = _Pending(key=key, seat=seat, thinking=thinking)
        return ThinkingReply(done=thinking.done, total=thinking.total)

    def _pending(self, record_id: str) -> _Pending:
        """The begun decision of this game, if the position is still the one it began on."""
        return self._current(
            self.thinking,
            record_id,
            lambda pending: pending.key[3],
            f"no bot is thinking in {record_id!r} (bot_begin first)",
            "the position changed since the bot began thinking",
        )

    def _review_begin(self, request: ReviewBegin) -> ThinkingReply:
        timeline = self._get(request.record_id)
        self.reviewing.pop(request.record_id, None)
        given = {"worlds": request.worlds, "effort": request.effort}
        given["candidates"] = request.candidates
        budget = Budget(**{k: v for k, v in given.items() if v is not None})
        reviewing = begin_review(timeline, seed=request.seed, budget=budget, seats=request.seats)
        self.reviewing[request.record_id] = reviewing
        return ThinkingReply(done=reviewing.done, total=reviewing.total)

    def _reviewing(self, record_id: str) -> Reviewing:
        """The begun review of this game, if the record is still the one it began on."""
        return self._current(
            self.reviewing,
            record_id,
            lambda reviewing: reviewing.tip_hash,
            f"no review of {record_id!r} (review_begin first)",
            "the game changed since its review began",
        )

    def _current(
        self,
        jobs: dict[str, _Job],
        record_id: str,
        tip_of: Callable[[_Job], str],
        missing: str,
        changed: str,
    ) -> _Job:
        """A job begun on an open game (a bot's decision, a review), if the game's tip is
        still the one it began on; a job overtaken by a move is dropped."""
        timeline = self._get(record_id)
        job = jobs.get(record_id)
        if job is None:
            raise KifuError(missing)
        if tip_of(job) != timeline.tip_hash:
            jobs.pop(record_id, None)
            raise KifuError(changed)
        return job

    def _bot_step(self, request: BotStep) -> Played | Screen | None:
        timeline = self._get(request.record_id)
        if not timeline.to_move():
            return None
        pending = self.thinking.pop(request.record_id, None)
        movers = timeline.to_move()
        seat = movers[0] if request.seat is None else request.seat
        key = (request.bot, seat, request.bot_seed, timeline.tip_hash)
        if pending is None or pending.key != key:  # none begun, or on another position
            seat, thinking = self._bot(timeline, request.bot, request.seat, request.bot_seed)
        else:
            thinking = pending.thinking
        move = thinking.move()
        entry = timeline.play(
            seat, move, move_id=request.move_id, device_id=request.device_id, at=request.at
        )
        return self._played(timeline, entry, request.screen)


class _Pending(NamedTuple):
    """A bot's decision begun by bot_begin: what it was begun for (bot, seat, seed and
    the record's tip), and the search itself."""

    key: tuple[str, int, int, str]
    seat: int
    thinking: Thinking


def summary(timeline: Timeline[Any, Any, Any]) -> GameSummary:
    genesis = timeline.record.genesis
    return GameSummary(
        record_id=timeline.record.id,
        game=timeline.record.genesis.game,
        seq=timeline.seq,
        line=timeline.line,
        to_move=timeline.to_move(),
        tip_hash=timeline.tip_hash,
        state_hash=digest(timeline.state),
        outcome=timeline.game.outcome(timeline.state),
        rules_version=timeline.record.genesis.rules_version,
        engine_rules_version=timeline.game.info.rules_version,
        seats=genesis.seats,
        takeback=genesis.takeback,
        options=dict(genesis.options),
        seeded=genesis.seed is not None,
        engine_version=genesis.engine_version,
    )


def load_record(data: str | bytes) -> tuple[Any, Record[Any, Any]]:
    """(engine, typed record) of a record's JSON text or its compact bytes (or msgpack)."""
    raw = data.encode() if isinstance(data, str) else data
    fmt: Format = "msgpack" if raw[:1] and raw[:1] not in b"{ \t\r\n" else "json"
    game = games.get(record_game(raw, fmt))
    record: Record[Any, Any] = decode_record(raw, game, fmt)
    return game, record


def state_hashes(record_json: str | bytes) -> HashesReply:
    """The state hash after every entry, recomputed by re-deciding each stored move.

    Unlike `Timeline(check="verify")`, this does not stop at the stored hashes: it
    returns what *this* runtime computes, so two runtimes can be compared entry by
    entry. On an engine error the list stops there and `error` says why. These are
    plain hashes of the states (`digest`, as in `summary`), not the record's salted
    commitments: this door runs where the seed is, on the authority's device.
    """
    game, record = load_record(record_json)
    fresh: Record[Any, Any] = Record(id=record.id, genesis=record.genesis, entries=[])
    timeline: Timeline[Any, Any, Any] = Timeline(game, fresh)
    hashes: list[str] = []
    for entry in record.entries:
        try:
            if isinstance(entry, TakeBack):
                timeline.take_back(entry.seat, entry.to_seq, move_id=entry.move_id)
            else:
                timeline.play(entry.seat, entry.move, move_id=entry.move_id)
        except (KifuError, Mismatch) as exc:
            return HashesReply(hashes=hashes, error=f"seq {entry.seq}: {describe(exc)}")
        hashes.append(digest(timeline.state))
    return HashesReply(hashes=hashes)


_default = Engine()


def handle(text: str | bytes) -> str:
    """The worker's entry point: the module's single Engine handles `text`."""
    return _default.handle(text)
