"""The server's logic, independent of HTTP: games, records, sharing, reports.

Every record lives in two forms. In the database it is one `GameStream`
aggregate (see store.py). In memory, while it is being played, it is a `Live`:
the aggregate plus a kernel `Timeline` holding the current state, so validating
a move runs `decide` once and never replays the record. A `Live` is refreshed
from the database before reads (one indexed query for events past its version)
and, for writes, only when the request suggests the cache is behind; the
database's optimistic concurrency catches the rest: when another process has
appended first, `save` raises `IntegrityError`, the `Live` is rebuilt and the
request is re-run against the new state.

Bot seats of a hosted game are played here, on the server: whenever a bot
seat is to move (after creation, after each accepted move or take-back), its
moves are made with the kernel's bots and stored with the entry that set them
off, in the same save, so optimistic concurrency covers them too.

All methods are synchronous and thread-safe (one lock per record); the HTTP
layer calls them in worker threads, except a request that `is_quick` (SQLite,
record in memory, no bots), which it runs on the event loop.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

import core.games
from core import __version__ as core_version
from core.kernel import (
    Decider,
    Entry,
    Genesis,
    IllegalMove,
    Record,
    RecordError,
    Rng,
    SetupError,
    TakeBack,
    Timeline,
    UnknownGame,
    bots_of,
    canonical,
    decode_record,
    entry_hash,
    genesis_hash,
    new_record,
    play_bots,
    random_bot,
    record_game,
    redact_entry,
    redact_genesis,
    report_type,
    reproduce,
    verify,
)

from . import schemas as s
from .problems import ApiError
from .store import (
    SNAPSHOT_EVERY,
    GameStream,
    KifuStore,
    ShareLink,
    StoredReport,
    record_uuid,
    share_uuid,
)

MAX_RETRIES = 5
BOT_MOVES_MAX = 10_000  # per request: a guard against an engine that never ends


def now_ms() -> int:
    return int(time.time() * 1000)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class Principal:
    role: str  # "seat" | "spectator" | "owner"
    seat: int | None


class _Header(msgspec.Struct):
    game: str


class Live:
    """One record in memory: its aggregate, its timeline, its lock."""

    def __init__(self, record_id: str) -> None:
        self.record_id = record_id
        self.lock = threading.RLock()
        self.agg: GameStream | None = None
        self.timeline: Timeline[Any, Any, Any] | None = None
        self.game: Decider[Any, Any, Any, Any] | None = None
        self.entry_decoder: msgspec.json.Decoder[Any] | None = None

    @property
    def tl(self) -> Timeline[Any, Any, Any]:
        assert self.timeline is not None
        return self.timeline

    @property
    def aggregate(self) -> GameStream:
        assert self.agg is not None
        return self.agg

    @property
    def engine(self) -> Decider[Any, Any, Any, Any]:
        assert self.game is not None
        return self.game

    def over(self) -> bool:
        return self.engine.outcome(self.tl.state) is not None


_ENTRY_TYPES: dict[str, Any] = {}


def entry_type(game: Decider[Any, Any, Any, Any]) -> Any:
    key = game.info.id
    if key not in _ENTRY_TYPES:
        _ENTRY_TYPES[key] = Entry[game.move_type, game.event_type] | TakeBack  # type: ignore[name-defined]
    return _ENTRY_TYPES[key]


def engine(game_id: str) -> Decider[Any, Any, Any, Any]:
    try:
        return core.games.get(game_id)
    except UnknownGame as exc:
        raise ApiError(422, "unknown-game", str(exc)) from None
    except ImportError as exc:  # an engine package that is not there (yet)
        raise ApiError(422, "unknown-game", f"game {game_id!r} is not available: {exc}") from None


def bad_request(detail: str, code: str = "bad-request") -> ApiError:
    return ApiError(400, code, detail)


def check_bots(game: Decider[Any, Any, Any, Any], players: int, bots: dict[int, str]) -> None:
    """A table's bot seats must be its seats, name the game's bots, and leave a person."""
    offered = bots_of(game)
    for seat, name in sorted(bots.items()):
        if not 0 <= seat < players:
            raise bad_request(f"bots: {seat} is not a seat of a {players}-player game")
        if name not in offered:
            raise ApiError(
                422,
                "unknown-bot",
                f"{game.info.id} has no bot {name!r}; its bots are: {', '.join(offered)}",
            )
    if len(bots) >= players:
        raise ApiError(422, "bad-setup", "every seat is a bot: at least one must be a person")


def play_bot_seats(
    game: Decider[Any, Any, Any, Any], tl: Timeline[Any, Any, Any], agg: GameStream
) -> None:
    """Make the bot seats' moves until a person is to move or the game is over, as
    ordinary entries on the aggregate (saved together with the entry that set them
    off). Each run seeds the bots' own Rng from the table's bot seed and the seq it
    starts at: the game's RNG is never touched, and a bot the engine no longer
    offers plays randomly."""
    seats = agg.bot_seats()
    if not seats:
        return
    offered = bots_of(game)
    before = tl.seq
    play_bots(
        tl,
        {seat: offered.get(name, random_bot) for seat, name in seats.items()},
        Rng.seeded(agg.bot_seed, stream=before),
        max_entries=before + BOT_MOVES_MAX,
        move_id=lambda seq: f"bot-{seq}-{secrets.token_hex(8)}",
        at=now_ms(),
    )
    for entry in tl.record.entries[before:]:
        agg.append_entry(seq=entry.seq, entry=canonical(entry).decode())


class Service:
    def __init__(
        self, store: KifuStore, *, cache_size: int = 2000, serialize_writes: bool = False
    ) -> None:
        self.store = store
        self.cache_size = cache_size
        # SQLite has one writer at a time and its "BEGIN" is deferred: writers from many
        # threads would collide and back off in its busy handler. One lock per process
        # queues them instead (PostgreSQL needs none: its recorder locks the table).
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if serialize_writes else contextlib.nullcontext()
        )
        self.serialize_writes = serialize_writes
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()

    def is_quick(self, record_id: str) -> bool:
        """Whether a move or read of this record is short enough to run on the event
        loop rather than in a worker thread: writes are serialized anyway (SQLite),
        the record is in memory (no replay) and has no bot seats (whose replies may
        run long). The thread hand-off would cost more than the work itself."""
        if not self.serialize_writes:
            return False
        with self._cache_lock:
            live = self._cache.get(record_id)
        return live is not None and live.agg is not None and not live.agg.bot_seats()

    # -- the cache -----------------------------------------------------------

    def _live(self, record_id: str) -> Live:
        """The record's Live (loaded from the store on first use); 404 if unknown."""
        with self._cache_lock:
            live = self._cache.get(record_id)
            if live is None:
                live = Live(record_id)
                self._cache[record_id] = live
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
            else:
                self._cache.move_to_end(record_id)
        with live.lock:
            if live.agg is None:
                try:
                    self._load(live)
                except ApiError:
                    with self._cache_lock:
                        if self._cache.get(record_id) is live:
                            del self._cache[record_id]
                    raise
        return live

    def _load(self, live: Live) -> None:
        try:
            agg: Any = self.store.repository.get(record_uuid(live.record_id))
        except AggregateNotFoundError:
            raise ApiError(404, "not-found", f"no game or record {live.record_id!r}") from None
        assert isinstance(agg, GameStream)
        game = engine(agg.game)
        decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(entry_type(game))
        genesis = msgspec.json.decode(agg.genesis, type=Genesis)
        record = Record(
            id=agg.record_id,
            genesis=genesis,
            entries=[decoder.decode(e) for e in agg.entries],
        )
        live.game = game
        live.entry_decoder = decoder
        live.timeline = Timeline(game, record, check="replay")
        live.agg = agg

    def _reload(self, live: Live) -> None:
        live.agg = None
        live.timeline = None
        self._load(live)

    def _refresh(self, live: Live) -> None:
        """Apply events other processes stored since this Live was last in sync."""
        agg = live.aggregate
        try:
            for ev in self.store.events.get(agg.id, gt=agg.version):
                ev.mutate(agg)  # type: ignore[attr-defined]
                if isinstance(ev, GameStream.EntryAppended):  # type: ignore[attr-defined]
                    assert live.entry_decoder is not None
                    live.tl.append(live.entry_decoder.decode(ev.entry), check="replay")
        except Exception:
            # A decode/replay surprise, or a connection the database dropped: rebuild
            # once from the store (which raises PersistenceError, a 503, if it is down).
            self._reload(live)

    def _save(self, live: Live, *others: Any) -> None:
        """Persist the Live's pending events (and others') atomically, snapshotting."""
        agg = live.aggregate
        before = agg.version - len(agg._pending_events)  # type: ignore[attr-defined]
        try:
            self._put(agg, *others)
        except BaseException:
            self._reload(live)
            raise
        if agg.version // SNAPSHOT_EVERY > before // SNAPSHOT_EVERY:
            with contextlib.suppress(IntegrityError), self._write_lock:  # taken already?
                self.store.snapshot(agg)

    def _put(self, *aggregates: Any) -> None:
        with self._write_lock:
            self.store.save(*aggregates)

    def _authorize(self, live: Live, token: str | None) -> Principal:
        if not token:
            raise ApiError(401, "unauthorized", "a bearer token is required")
        digest = token_hash(token)
        agg = live.aggregate
        for seat, known in enumerate(agg.seat_hashes):
            if known and hmac.compare_digest(known, digest):
                return Principal("seat", seat)
        if agg.spectator_hash and hmac.compare_digest(agg.spectator_hash, digest):
            return Principal("spectator", None)
        if agg.owner_hash and hmac.compare_digest(agg.owner_hash, digest):
            return Principal("owner", None)
        raise ApiError(401, "unauthorized", "this token is not valid for this game")

    def _hosted(self, game_id: str, token: str | None) -> tuple[Live, Principal]:
        live = self._live(game_id)
        if live.aggregate.kind != "hosted":
            raise ApiError(404, "not-found", f"no hosted game {game_id!r}")
        return live, self._authorize(live, token)

    def _seat_of(self, principal: Principal, claimed: int | None) -> int:
        if principal.role != "seat" or principal.seat is None:
            raise ApiError(403, "forbidden", "only a seat's token may act in this game")
        if claimed is not None and claimed != principal.seat:
            raise ApiError(
                403, "forbidden", f"this token is seat {principal.seat}'s, not seat {claimed}'s"
            )
        return principal.seat

    # -- hosted games --------------------------------------------------------

    def _bots_move(self, live: Live) -> None:
        try:
            play_bot_seats(live.engine, live.tl, live.aggregate)
        except BaseException:  # a bot's bug: drop what the cache holds unsaved
            self._reload(live)
            raise

    def create_game(self, req: s.CreateGame) -> s.GameCreated:
        """A new table; bot seats get no invite code and play at once if they start."""
        game = engine(req.game)
        check_bots(game, req.players, req.bots)
        codes = {
            seat: secrets.token_urlsafe(12) for seat in range(req.players) if seat not in req.bots
        }
        spectator = new_token()
        for _ in range(MAX_RETRIES):
            game_id = "g-" + secrets.token_hex(8)
            try:
                record = new_record(
                    game,
                    record_id=game_id,
                    seats=req.players,
                    seed=secrets.randbits(64),
                    options=dict(req.options),
                    takeback=req.takeback,
                    created_at=now_ms(),
                )
            except SetupError as exc:
                raise ApiError(422, "bad-setup", str(exc)) from None
            agg = GameStream(
                record_id=game_id,
                kind="hosted",
                game=game.info.id,
                genesis=canonical(record.genesis).decode(),
                invite_hashes=[
                    token_hash(codes[seat]) if seat in codes else "" for seat in range(req.players)
                ],
                spectator_hash=token_hash(spectator),
                owner_hash="",
                names=list(req.names[: req.players]),
                fork_of="",
                fork_seq=0,
            )
            if req.bots:
                agg.seat_bots(
                    bots=[req.bots.get(seat, "") for seat in range(req.players)],
                    bot_seed=secrets.randbits(64),
                )
            play_bot_seats(game, Timeline(game, record), agg)
            try:
                self._put(agg)
            except IntegrityError:
                continue
            return s.GameCreated(
                game_id=game_id,
                game=game.info.id,
                players=req.players,
                invites=[s.Invite(seat=i, code=c) for i, c in codes.items()],
                spectator_token=spectator,
                spectator_path=f"/?watch={game_id}&token={spectator}",
            )
        raise ApiError(503, "unavailable", "could not allocate a game id")  # pragma: no cover

    def claim_seat(self, game_id: str, req: s.ClaimSeat) -> s.SeatClaimed:
        live = self._live(game_id)
        with live.lock:
            for _ in range(MAX_RETRIES):
                self._refresh(live)
                agg = live.aggregate
                if agg.kind != "hosted":
                    raise ApiError(404, "not-found", f"no hosted game {game_id!r}")
                digest = token_hash(req.code)
                seat = next(
                    (
                        i
                        for i, h in enumerate(agg.invite_hashes)
                        if h and hmac.compare_digest(h, digest)  # bot seats have none
                    ),
                    None,
                )
                if seat is None:
                    raise ApiError(404, "not-found", "no such invite code for this game")
                if agg.seat_hashes[seat]:
                    raise ApiError(409, "seat-taken", f"seat {seat} has been claimed already")
                token = new_token()
                agg.claim_seat(seat=seat, token_hash=token_hash(token), name=req.name)
                try:
                    self._save(live)
                except IntegrityError:
                    continue
                return s.SeatClaimed(game_id=game_id, seat=seat, token=token)
        raise ApiError(409, "conflict", "the game changed too often; try again")

    def summary(self, game_id: str, token: str | None) -> s.GameSummary:
        live, who = self._hosted(game_id, token)
        with live.lock:
            self._refresh(live)
            agg, tl, game = live.aggregate, live.tl, live.engine
            outcome = game.outcome(tl.state)
            genesis = tl.record.genesis
            bots = agg.bot_seats()
            return s.GameSummary(
                game_id=game_id,
                game=agg.game,
                players=genesis.seats,
                options=dict(genesis.options),
                takeback=genesis.takeback,
                seats=[
                    s.SeatInfo(
                        seat=i,
                        claimed=bool(h),
                        name=agg.names[i] if i < len(agg.names) else "",
                        bot=bots.get(i),
                    )
                    for i, h in enumerate(agg.seat_hashes)
                ],
                seq=tl.seq,
                tip_hash=tl.tip_hash,
                to_move=tl.to_move(),
                over=outcome is not None,
                outcome=outcome,
                share_id=agg.share_id or None,
                you=s.You(role=who.role, seat=who.seat),  # type: ignore[arg-type]
                rules_version=genesis.rules_version,
            )

    def view(self, game_id: str, token: str | None, at: int | None = None) -> s.ViewResponse:
        """The caller's view now, or (`at`) after entry `at`: exactly what that seat
        saw then, so scrubbing a running game shows nothing it could not see."""
        live, who = self._hosted(game_id, token)
        seat = who.seat
        with live.lock:
            self._refresh(live)
            tl, game = live.tl, live.engine
            if at is not None and not 0 <= at <= tl.seq:
                raise bad_request(f"at={at} is not a seq of this game (0 to {tl.seq})")
            seq = tl.seq if at is None else at
            state = tl.state_at(seq)
            outcome = game.outcome(state)
            to_move = game.to_move(state)
            return s.ViewResponse(
                seq=seq,
                tip_hash=self._hash_at(live, seq),
                seat=seat,
                to_move=to_move,
                view=game.view(state, seat),
                legal_moves=tl.legal_moves(seat)
                if at is None and seat is not None and seat in to_move
                else [],
                outcome=outcome,
                over=outcome is not None,
            )

    def _entries_for(self, live: Live, seat: int | None, since: int) -> list[Any]:
        entries = live.tl.record.entries[since:]
        if live.over():
            return list(entries)
        return [redact_entry(live.engine, e, seat) for e in entries]

    def _genesis_for(self, live: Live) -> Genesis:
        genesis = live.tl.record.genesis
        if live.over():
            return genesis
        return redact_genesis(genesis)

    def record_since(self, game_id: str, token: str | None, since: int) -> s.RecordResponse:
        if since < 0:
            raise bad_request("since must be 0 or more")
        live, who = self._hosted(game_id, token)
        with live.lock:
            self._refresh(live)
            tl = live.tl
            return s.RecordResponse(
                record_id=game_id,
                genesis=self._genesis_for(live),
                entries=self._entries_for(live, who.seat, since),
                since=since,
                seq=tl.seq,
                tip_hash=tl.tip_hash,
                over=live.over(),
                rules_version=tl.record.genesis.rules_version,
            )

    def _conflict(self, live: Live, seat: int, expected: int) -> ApiError:
        tl = live.tl
        return ApiError(
            409,
            "seq-conflict",
            f"the game is at seq {tl.seq}, not {expected}: fetch what changed and retry",
            seq=tl.seq,
            tip_hash=tl.tip_hash,
            entries=self._entries_for(live, seat, min(expected, tl.seq)),
        )

    def _accepted(self, live: Live, seat: int, entry: Any, duplicate: bool) -> s.MoveAccepted:
        tl, game = live.tl, live.engine
        outcome = game.outcome(tl.state)
        return s.MoveAccepted(
            entry=entry if outcome is not None else redact_entry(game, entry, seat),
            seq=tl.seq,
            tip_hash=tl.tip_hash,
            view=game.view(tl.state, seat),
            outcome=outcome,
            duplicate=duplicate,
        )

    def submit_move(
        self, game_id: str, token: str | None, req: s.SubmitMove
    ) -> tuple[s.MoveAccepted, bool]:
        """(the response, whether a new entry was stored)."""
        live, who = self._hosted(game_id, token)
        seat = self._seat_of(who, req.seat)
        game = live.engine
        try:
            move = msgspec.convert(req.move, game.move_type)
        except msgspec.ValidationError as exc:
            raise ApiError(422, "bad-move", f"not a {game.info.id} move: {exc}") from None
        with live.lock:
            refreshed = False
            for _ in range(MAX_RETRIES):
                tl = live.tl
                earlier = tl.entry_by_move_id(req.move_id)
                if earlier is None and not refreshed and req.expected_seq not in (None, tl.seq):
                    self._refresh(live)
                    refreshed = True
                    continue
                if earlier is not None:
                    if (
                        isinstance(earlier, Entry)
                        and earlier.seat == seat
                        and canonical(earlier.move) == canonical(move)
                    ):
                        return self._accepted(live, seat, earlier, True), False
                    raise ApiError(
                        422,
                        "move-id-reused",
                        f"move_id {req.move_id} was used for another move",
                    )
                if req.expected_seq is not None and req.expected_seq != tl.seq:
                    raise self._conflict(live, seat, req.expected_seq)
                try:
                    entry = tl.play(
                        seat,
                        move,
                        move_id=req.move_id,
                        device_id=req.device_id,
                        at=req.at or now_ms(),
                    )
                except IllegalMove as exc:
                    if not refreshed:  # maybe another process moved: check before refusing
                        self._refresh(live)
                        refreshed = True
                        if live.tl.seq != tl.seq or live.tl is not tl:
                            continue
                    raise ApiError(
                        422, exc.code, exc.message, title="Illegal move", rule_id=exc.rule_id
                    ) from None
                live.aggregate.append_entry(seq=entry.seq, entry=canonical(entry).decode())
                self._bots_move(live)
                try:
                    self._save(live)
                except IntegrityError:
                    refreshed = True  # _save reloaded the Live
                    continue
                return self._accepted(live, seat, entry, False), True
        raise ApiError(409, "conflict", "the game changed too often; try again")

    def submit_takeback(
        self, game_id: str, token: str | None, req: s.SubmitTakeBack
    ) -> tuple[s.MoveAccepted, bool]:
        live, who = self._hosted(game_id, token)
        seat = self._seat_of(who, req.seat)
        with live.lock:
            refreshed = False
            for _ in range(MAX_RETRIES):
                tl = live.tl
                earlier = tl.entry_by_move_id(req.move_id)
                if earlier is None and not refreshed:
                    self._refresh(live)
                    refreshed = True
                    continue
                if earlier is not None:
                    if (
                        isinstance(earlier, TakeBack)
                        and earlier.seat == seat
                        and req.to_seq in (None, earlier.to_seq)
                    ):
                        return self._accepted(live, seat, earlier, True), False
                    raise ApiError(
                        422, "move-id-reused", f"move_id {req.move_id} was used for another entry"
                    )
                if req.expected_seq is not None and req.expected_seq != tl.seq:
                    raise self._conflict(live, seat, req.expected_seq)
                try:
                    entry = tl.take_back(
                        seat,
                        req.to_seq,
                        move_id=req.move_id,
                        device_id=req.device_id,
                        at=req.at or now_ms(),
                        bots=live.aggregate.bot_seats(),  # an undo goes back past their replies
                    )
                except IllegalMove as exc:
                    raise ApiError(
                        422, exc.code, exc.message, title="Take-back refused", rule_id=exc.rule_id
                    ) from None
                live.aggregate.append_entry(seq=entry.seq, entry=canonical(entry).decode())
                self._bots_move(live)
                try:
                    self._save(live)
                except IntegrityError:
                    continue
                return self._accepted(live, seat, entry, False), True
        raise ApiError(409, "conflict", "the game changed too often; try again")

    # -- live updates --------------------------------------------------------

    def ws_principal(self, game_id: str, token: str | None) -> Principal:
        _, who = self._hosted(game_id, token)
        return who

    def ws_hello(self, game_id: str, who: Principal, since: int) -> tuple[bytes, int]:
        live = self._live(game_id)
        with live.lock:
            self._refresh(live)
            tl, game = live.tl, live.engine
            since = max(0, min(since, tl.seq))
            outcome = game.outcome(tl.state)
            message = {
                "type": "hello",
                "seat": who.seat,
                "seq": tl.seq,
                "tip_hash": tl.tip_hash,
                "entries": self._entries_for(live, who.seat, since),
                "view": game.view(tl.state, who.seat),
                "to_move": tl.to_move(),
                "outcome": outcome,
            }
            return msgspec.json.encode(message), tl.seq

    def ws_updates(
        self, game_id: str, who: Principal, after: int, known_seq: int | None
    ) -> tuple[list[bytes], int]:
        """One message per entry after `after`: the entry and the view after it."""
        live = self._live(game_id)
        with live.lock:
            if known_seq is None or known_seq > live.tl.seq:
                self._refresh(live)
            tl, game = live.tl, live.engine
            over = live.over()
            messages = []
            for seq in range(after + 1, tl.seq + 1):
                state = tl.state_at(seq)
                entry = tl.record.entries[seq - 1]
                outcome = game.outcome(state)
                messages.append(
                    msgspec.json.encode(
                        {
                            "type": "entry",
                            "entry": entry if over else redact_entry(game, entry, who.seat),
                            "seq": seq,
                            "tip_hash": entry_hash(entry),
                            "view": game.view(state, who.seat),
                            "to_move": game.to_move(state),
                            "outcome": outcome,
                        }
                    )
                )
            return messages, tl.seq

    # -- sharing -------------------------------------------------------------

    def share(self, record_id: str, token: str | None, *, hosted: bool) -> s.ShareCreated:
        live = self._live(record_id)
        with live.lock:
            self._refresh(live)
            agg = live.aggregate
            if hosted != (agg.kind == "hosted"):
                raise ApiError(
                    404, "not-found", f"no {'game' if hosted else 'record'} {record_id!r}"
                )
            who = self._authorize(live, token)
            if who.role == "spectator":
                raise ApiError(403, "forbidden", "spectators cannot share a game")
            if not live.over():
                raise ApiError(
                    409, "game-not-over", "only finished games can be shared; this one is not over"
                )
            for _ in range(MAX_RETRIES):
                if agg.share_id:
                    return s.ShareCreated(share_id=agg.share_id, path=f"/api/shared/{agg.share_id}")
                share_id = secrets.token_urlsafe(12)
                agg.share(share_id=share_id)
                link = ShareLink(share_id=share_id, record_id=record_id)
                try:
                    self._save(live, link)
                except IntegrityError:
                    self._refresh(live)
                    agg = live.aggregate
        raise ApiError(409, "conflict", "the record changed too often; try again")

    def shared(self, share_id: str) -> s.SharedRecord:
        try:
            link: Any = self.store.repository.get(share_uuid(share_id))
        except (AggregateNotFoundError, ValueError):
            raise ApiError(404, "not-found", f"no shared game {share_id!r}") from None
        assert isinstance(link, ShareLink)
        live = self._live(link.record_id)
        with live.lock:
            self._refresh(live)
            if not live.over():  # cannot happen: only finished games get a share id
                raise ApiError(404, "not-found", f"no shared game {share_id!r}")
            return s.SharedRecord(
                share_id=share_id,
                record=live.tl.record,
                outcome=live.engine.outcome(live.tl.state),
            )

    # -- local records -------------------------------------------------------

    def upload_record(self, body: bytes, token: str | None) -> tuple[s.RecordStored, int]:
        try:
            game_id = record_game(body)
        except RecordError as exc:
            raise bad_request(exc.message, "bad-record") from None
        game = engine(game_id)
        try:
            record = decode_record(body, game)
        except RecordError as exc:
            raise bad_request(exc.message, "bad-record") from None
        try:
            msgspec.convert(record.id, s.Id)
        except msgspec.ValidationError:
            raise bad_request(
                f"record id {record.id!r} must be 1-100 of A-Z a-z 0-9 _ . : ~ -", "bad-record"
            ) from None
        divergence = verify(game, record)
        if divergence is not None:
            raise ApiError(
                422,
                "record-invalid",
                f"the record does not verify at seq {divergence.seq}: {divergence.message}",
                divergence=msgspec.to_builtins(divergence),
            )
        owner = token if token and len(token) >= 16 else new_token()
        agg = GameStream(
            record_id=record.id,
            kind="local",
            game=game.info.id,
            genesis=canonical(record.genesis).decode(),
            invite_hashes=[],
            spectator_hash="",
            owner_hash=token_hash(owner),
            names=[],
            fork_of="",
            fork_seq=0,
        )
        for entry in record.entries:
            agg.append_entry(seq=entry.seq, entry=canonical(entry).decode())
        try:
            self._put(agg)
        except IntegrityError:
            # The id exists. Its owner re-uploading (a retry, or a longer copy) appends.
            live = self._live(record.id)
            if not token or live.aggregate.kind != "local":
                raise ApiError(
                    409, "record-exists", f"record {record.id!r} exists: append to it instead"
                ) from None
            try:
                self._authorize(live, token)
            except ApiError:
                raise ApiError(
                    409, "record-exists", f"record {record.id!r} exists: append to it instead"
                ) from None
            result = self.append_entries(
                record.id,
                token,
                s.AppendEntries(
                    expected_tip=genesis_hash(record.genesis),
                    entries=[msgspec.to_builtins(e) for e in record.entries],
                ),
            )
            if result.status == "forked":
                raise ApiError(
                    409,
                    "record-exists",
                    f"record {record.id!r} exists with other entries; stored yours as fork "
                    f"{result.fork.record_id if result.fork else ''}",
                ) from None
            status = "already-stored" if result.status == "already-stored" else "appended"
            return (
                s.RecordStored(
                    record_id=record.id,
                    owner_token=token,
                    seq=result.seq,
                    tip_hash=result.tip_hash,
                    status=status,  # type: ignore[arg-type]
                ),
                200,
            )
        live = self._live(record.id)
        return (
            s.RecordStored(
                record_id=record.id,
                owner_token=owner,
                seq=live.tl.seq,
                tip_hash=live.tl.tip_hash,
            ),
            201,
        )

    def _local(self, record_id: str, token: str | None) -> Live:
        live = self._live(record_id)
        if live.aggregate.kind != "local":
            raise ApiError(404, "not-found", f"no uploaded record {record_id!r}")
        who = self._authorize(live, token)
        if who.role != "owner":  # pragma: no cover - local records have owners only
            raise ApiError(403, "forbidden", "only the owner may do this")
        return live

    def append_entries(
        self, record_id: str, token: str | None, req: s.AppendEntries
    ) -> s.AppendResult:
        live = self._local(record_id, token)
        game = live.engine
        try:
            entries = msgspec.convert(req.entries, list[entry_type(game)])  # type: ignore[misc]
        except msgspec.ValidationError as exc:
            raise bad_request(f"not {game.info.id} entries: {exc}", "bad-record") from None
        with live.lock:
            for _ in range(MAX_RETRIES):
                self._refresh(live)
                try:
                    return self._append(live, req.expected_tip, entries)
                except IntegrityError:
                    continue
        raise ApiError(409, "conflict", "the record changed too often; try again")

    def _hash_at(self, live: Live, seq: int) -> str:
        tl = live.tl
        if seq == 0:
            return genesis_hash(tl.record.genesis)
        return entry_hash(tl.record.entries[seq - 1])

    def _append(self, live: Live, expected_tip: str, entries: list[Any]) -> s.AppendResult:
        tl = live.tl
        server = tl.record.entries
        if entries:
            base = entries[0].seq - 1
        else:
            base = next(
                (q for q in range(tl.seq, -1, -1) if self._hash_at(live, q) == expected_tip), -1
            )
        if not 0 <= base <= tl.seq or self._hash_at(live, base) != expected_tip:
            raise ApiError(
                404,
                "unknown-base",
                "expected_tip is not the hash of an entry of this record (or does not match "
                "the first entry's seq)",
                seq=tl.seq,
                tip_hash=tl.tip_hash,
            )
        for i, entry in enumerate(entries):
            if entry.seq != base + i + 1:
                raise bad_request(
                    f"entry {i} has seq {entry.seq}, expected {base + i + 1}", "bad-record"
                )
        shared = 0
        while (
            shared < len(entries)
            and base + shared < tl.seq
            and entry_hash(entries[shared]) == entry_hash(server[base + shared])
        ):
            shared += 1
        if shared == len(entries):
            return s.AppendResult(
                status="already-stored", record_id=live.record_id, seq=tl.seq, tip_hash=tl.tip_hash
            )
        if base + shared == tl.seq:
            fresh = entries[shared:]
            try:
                for entry in fresh:
                    tl.append(entry, check="verify")
            except RecordError as exc:
                self._reload(live)
                raise self._invalid(exc) from None
            for entry in fresh:
                live.aggregate.append_entry(seq=entry.seq, entry=canonical(entry).decode())
            self._save(live)
            return s.AppendResult(
                status="appended",
                record_id=live.record_id,
                seq=live.tl.seq,
                tip_hash=live.tl.tip_hash,
            )
        return self._fork(live, base + shared, entries[shared:])

    def _invalid(self, exc: RecordError) -> ApiError:
        seq = exc.seq or 0
        return ApiError(
            422,
            "record-invalid",
            f"the entries do not verify at seq {seq}: {exc.message}",
            divergence={"seq": seq, "message": exc.message},
        )

    def _fork(self, live: Live, parent_seq: int, branch: list[Any]) -> s.AppendResult:
        """Store `branch` (diverging after parent_seq) as a fork of the record."""
        agg, tl = live.aggregate, live.tl
        first = entry_hash(branch[0])
        for fork_id, at in agg.forks:  # a retry of an upload that already forked
            if at != parent_seq:
                continue
            fork = self._live(fork_id)
            with fork.lock:
                self._refresh(fork)
                if fork.tl.seq > parent_seq and self._hash_at(fork, parent_seq + 1) == first:
                    result = self._append(fork, self._hash_at(fork, parent_seq), branch)
                    return s.AppendResult(
                        status="forked",
                        record_id=live.record_id,
                        seq=tl.seq,
                        tip_hash=tl.tip_hash,
                        fork=s.ForkInfo(
                            record_id=fork_id,
                            seq=result.seq,
                            tip_hash=result.tip_hash,
                            parent_seq=parent_seq,
                        ),
                    )
        fork_id = f"{live.record_id[:60]}~{secrets.token_hex(4)}"
        record = Record(
            id=fork_id,
            genesis=tl.record.genesis,
            entries=list(tl.record.entries[:parent_seq]) + list(branch),
        )
        divergence = verify(live.engine, record)
        if divergence is not None:
            raise ApiError(
                422,
                "record-invalid",
                f"the entries do not verify at seq {divergence.seq}: {divergence.message}",
                divergence=msgspec.to_builtins(divergence),
            )
        fork_agg = GameStream(
            record_id=fork_id,
            kind="local",
            game=agg.game,
            genesis=agg.genesis,
            invite_hashes=[],
            spectator_hash="",
            owner_hash=agg.owner_hash,
            names=[],
            fork_of=live.record_id,
            fork_seq=parent_seq,
        )
        for entry in record.entries:
            fork_agg.append_entry(seq=entry.seq, entry=canonical(entry).decode())
        agg.add_fork(fork_id=fork_id, parent_seq=parent_seq)
        self._save(live, fork_agg)
        return s.AppendResult(
            status="forked",
            record_id=live.record_id,
            seq=tl.seq,
            tip_hash=tl.tip_hash,
            fork=s.ForkInfo(
                record_id=fork_id,
                seq=len(record.entries),
                tip_hash=entry_hash(record.entries[-1]),
                parent_seq=parent_seq,
            ),
        )

    def download(self, record_id: str, token: str | None) -> s.RecordDownload:
        live = self._local(record_id, token)
        with live.lock:
            self._refresh(live)
            agg, tl = live.aggregate, live.tl
            return s.RecordDownload(
                record=tl.record,
                seq=tl.seq,
                tip_hash=tl.tip_hash,
                forks=[s.ForkRef(record_id=f, parent_seq=q) for f, q in agg.forks],
                fork_of=s.ForkRef(record_id=agg.fork_of, parent_seq=agg.fork_seq)
                if agg.fork_of
                else None,
                share_id=agg.share_id or None,
            )

    # -- bug reports ---------------------------------------------------------

    def upload_report(self, body: bytes) -> s.ReportStored:
        try:
            game_id = msgspec.json.decode(body, type=_Header).game
        except msgspec.DecodeError as exc:
            raise bad_request(f"not a Kifu bug report: {exc}", "bad-report") from None
        game = engine(game_id)
        try:
            report = msgspec.json.decode(body, type=report_type(game))
        except msgspec.DecodeError as exc:
            raise bad_request(f"not a {game_id} bug report: {exc}", "bad-report") from None
        if report.record.genesis.game != game_id:
            raise bad_request("the report's record is for another game", "bad-report")
        try:
            result = reproduce(game, report)
        except Exception as exc:  # reproduce exists to run broken things
            raise bad_request(f"the report could not be re-run: {exc}", "bad-report") from None
        stored = StoredReport(
            game=game_id,
            bundle=body.decode(),
            reproduced=result.reproduced,
            reported=result.reported,
            observed=result.observed,
            engine_version=result.engine_version,
        )
        self._put(stored)
        return self._report(stored)

    def _report(self, stored: StoredReport) -> s.ReportStored:
        return s.ReportStored(
            report_id=str(stored.id),
            game=stored.game,
            reproduced=stored.reproduced,
            reported=stored.reported,
            observed=stored.observed,
            engine_version=stored.engine_version,
        )

    def report(self, report_id: str) -> s.ReportStored:
        try:
            stored: Any = self.store.repository.get(UUID(report_id))
        except (ValueError, AggregateNotFoundError):
            raise ApiError(404, "not-found", f"no bug report {report_id!r}") from None
        if not isinstance(stored, StoredReport):
            raise ApiError(404, "not-found", f"no bug report {report_id!r}")
        return self._report(stored)

    def ping(self) -> None:
        """One cheap query: raises if the database does not answer."""
        self.store.recorder.max_notification_id()

    def catalogue(self) -> s.Catalogue:
        games = []
        for game_id in core.games.ids():
            try:
                games.append(core.games.listed(core.games.get(game_id)))
            except Exception:  # an engine not there yet is simply not listed
                continue
        return s.Catalogue(games=games)


VERSION = core_version
