"""Client side of reconciliation with the server (pure: no network, no clock).

This module decides *what* to send and *how to rebase*; web/engine/sync.js does
the fetch and the IndexedDB persistence and calls in here through the worker
(`core.browser`'s ``sync`` op → `dispatch`). Every function takes the sync state
and the record and returns new ones; nothing is mutated in place, so a caller
can persist the result before acting on it. The wire shapes are server/API.md's;
the replies decode into core.wire's structs, the very ones the server encodes.

Hosted games (the server is the authority, see ARCHITECTURE "Who decides")
---------------------------------------------------------------------------
The device holds its seat's copy of the record (entries redacted for it, no seed
until the game ends) and a queue of *pending* moves, each with a client-made
move_id, made offline or not yet acknowledged.

- `hosted_next` names the request for the first pending move. It always sends
  ``expected_seq`` = the last seq the device holds, so a move never lands on a
  position its player has not seen: if the record moved on, the server answers
  409 with the entries that came in between.
- `hosted_reply` folds the answer in: an accepted move becomes an entry of the
  copy (a duplicate — a retry of a move already stored — too; one ahead of the
  copy marks it ``behind``, and the next request is a pull); a 409 appends the
  missing entries and keeps the queue; a 422 rejects the move *and* the pending
  moves of that seat queued after it (they were made on top of it), each with its
  reason, kept in ``rejected`` as the rejected branch (never silently dropped);
  `hosted_seen` marks the ones the player has dismissed.
- `hosted_pull` / `hosted_pulled`: ``GET …/record?since=seq`` and append what
  changed. Once the game is over (a pull says so, an accepted move carries an
  outcome, or a move is refused with ``game-over``) the next request fetches the
  full record from seq 0 (seed and every event), which replaces the copy once its
  chain matches; from then on the copy replays and verifies like a local record.
- `rebase`: keep the authoritative prefix and re-apply the still-pending moves
  with the engine. The device can run the engine only when it holds the seed
  (local records, finished hosted games); otherwise the queue is kept as it is
  and the server judges each move on submission (that is the rebase: same
  moves, new base, ``expected_seq`` advanced).

Local records (the device is the authority)
-------------------------------------------
- `local_next`: upload the whole record once (``POST /api/records``), then
  append the entries after the last acknowledged tip (``expected_tip``).
- `local_reply`: ``appended``/``already-stored`` advance the acknowledged tip (an
  ``already-stored`` whose server line goes further lists that line in ``lines``);
  ``forked`` (another device extended the same prefix first) keeps both lines:
  this device's line continues as the server's fork record (its new server id),
  the other line is listed in ``lines`` for the page to download and keep as a
  record of its own. ``unknown-base`` restarts from the genesis (the server
  answers already-stored for what it has). ``record-exists`` with no owner
  token (an upload whose reply was lost) re-uploads under a derived id.

Timestamps (``at``) and ids come from the caller; nothing here reads a clock.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from . import games
from .kernel import (
    Decider,
    Entry,
    IllegalMove,
    KifuError,
    Record,
    RecordError,
    TakeBack,
    Timeline,
    decode_record,
    encode_record,
    entry_hash,
    genesis_hash,
    tip_hash,
)
from .kernel.compact import MEDIA_TYPE, compact_game, is_compact
from .kernel.record import Genesis
from .wire import (
    AppendResult,
    ForkInfo,
    MoveAccepted,
    Problem,
    RecordDownload,
    RecordResponse,
    RecordStored,
    decode_pull,
)

Kind = Literal["move", "takeback"]


class Pending(msgspec.Struct, kw_only=True):
    """A move (or take-back) made on this device that the authority has not stored yet."""

    move_id: str
    seat: int
    based_on: int  # the seq of the record the player saw when making it
    kind: Kind = "move"
    move: Any = None  # the game's Move as JSON-able builtins (kind "move")
    to_seq: int | None = None  # kind "takeback": None = undo the last move in effect
    device_id: str = ""
    at: int = 0


class Rejection(msgspec.Struct, kw_only=True):
    """A pending move that will not be stored, and why (the page shows `message`)."""

    pending: Pending
    code: str
    message: str
    rule_id: str = ""
    by: Literal["server", "local"] = "server"
    after: str | None = None  # move_id of the rejected move this one was built on
    seen: bool = False  # the player dismissed it (it stays: the rejected branch is kept)


class HttpRequest(msgspec.Struct, kw_only=True):
    """What to send. `auth` names the token to use: "seat" or "owner".

    `body_json` is `body` as JSON text, encoded here: the page sends it as it is, since
    a record's seed may exceed 2**53 and must never pass through a JavaScript number.
    `body_kifu` is a whole record in the compact form instead (sent as
    ``application/vnd.kifu.record``; base64 in JSON, a Uint8Array on the page).
    `accept` is the reply's media type to ask for (a hosted pull asks for the compact
    one; the reply then comes back to `dispatch` as ``body_kifu``).
    """

    method: Literal["GET", "POST"]
    path: str
    body: Any = None
    auth: Literal["seat", "owner", "none"] = "seat"
    move_id: str | None = None
    body_json: str | None = None
    body_kifu: bytes | None = None
    accept: str = "application/json"

    def __post_init__(self) -> None:
        if self.body is not None and self.body_json is None:
            self.body_json = msgspec.json.encode(self.body).decode()


class HostedState(msgspec.Struct, kw_only=True):
    game_id: str  # the server's game id (g_…)
    seat: int
    pending: list[Pending] = []
    rejected: list[Rejection] = []
    blocked: str | None = None  # a reply that needs a person (bad token, ...)
    refetch: bool = False  # the game ended: fetch the full record (seed, all events)
    behind: bool = False  # the server holds entries this copy lacks: pull before sending


class LocalState(msgspec.Struct, kw_only=True):
    record_id: str  # the local record's id
    server_id: str | None = None  # the id the server stores this line under
    owner_token: str | None = None
    acked_seq: int = 0  # entries 1..acked_seq are stored on the server
    acked_tip: str | None = None
    uploads: int = 0  # upload attempts under derived ids (record-exists)
    lines: list[ForkInfo] = []  # other lines of this game on the server, to download
    blocked: str | None = None


class Step(msgspec.Struct, kw_only=True):
    """What a reply did, for the page's sync status line. `parent_seq`: where another
    device's line left ours (a "forked" step), for the page's notice."""

    event: str
    detail: str = ""
    seq: int = 0
    parent_seq: int | None = None


# -- decoding helpers ----------------------------------------------------------------


def _problem(status: int, body: bytes) -> Problem:
    """The reply's problem details; code ``bad-reply`` if it holds none (a proxy's page)."""
    try:
        return msgspec.json.decode(body, type=Problem)
    except msgspec.DecodeError:
        text = body[:200].decode(errors="replace")
        return Problem(type="about:blank", title="", status=status, detail=text, code="bad-reply")


def entry_type(game: Decider[Any, Any, Any, Any]) -> Any:
    return Entry[game.move_type, game.event_type] | TakeBack  # type: ignore[name-defined]


def _entries(game: Decider[Any, Any, Any, Any], items: list[Any]) -> list[Any]:
    """The wire's entries (JSON builtins) as the game's typed entries."""
    kind = entry_type(game)
    return [msgspec.convert(item, type=kind) for item in items]


def extend(record: Record[Any, Any], entries: list[Any]) -> Record[Any, Any]:
    """The record with `entries` (authoritative, in seq order) appended.

    Entries the copy already holds must match it hash for hash (redacted copies
    differ in moves and events only, which the chain covers through their salted
    commitments, move_hash and events_hash); each new
    one must chain onto the tip. RecordError otherwise: the copy is not a prefix
    of the authority's record.
    """
    held = list(record.entries)
    for entry in entries:
        if entry.seq <= len(held):
            if entry_hash(held[entry.seq - 1]) != entry_hash(entry):
                raise RecordError("the server's entry differs from this device's", entry.seq)
            continue
        if entry.seq != len(held) + 1:
            raise RecordError(f"expected seq {len(held) + 1}, got {entry.seq}", entry.seq)
        tip = entry_hash(held[-1]) if held else genesis_hash(record.genesis)
        if entry.prev_hash != tip:
            raise RecordError("the server's entry does not chain onto this copy", entry.seq)
        held.append(entry)
    return Record(id=record.id, genesis=record.genesis, entries=held, format=record.format)


# -- rebase --------------------------------------------------------------------------


def rebase(
    game: Decider[Any, Any, Any, Any],
    record: Record[Any, Any],
    pending: list[Pending],
) -> tuple[list[Pending], list[Rejection]]:
    """Re-apply `pending` on the authoritative `record`: (still pending, rejected).

    With the seed (a local record, a finished hosted game) each move is replayed
    with the engine on a scratch timeline; an IllegalMove rejects it and every later
    pending move of the same seat (built on it). Without the seed nothing can be
    checked here: the queue is returned as it is and the server will judge.
    """
    if record.genesis.seed is None:
        return list(pending), []
    timeline: Timeline[Any, Any, Any] = Timeline(game, _copy(record))
    kept: list[Pending] = []
    rejected: list[Rejection] = []
    failed: dict[int, str] = {}  # seat -> move_id of its first rejected move
    for item in pending:
        if item.seat in failed:
            rejected.append(_after(item, failed[item.seat], by="local"))
            continue
        stored = timeline.entry_by_move_id(item.seat, item.move_id)
        if stored is not None:  # the authority already has it: nothing left to send
            continue
        try:
            if item.kind == "takeback":
                timeline.take_back(item.seat, item.to_seq, move_id=item.move_id)
            else:
                move = msgspec.convert(item.move, type=game.move_type)
                timeline.play(item.seat, move, move_id=item.move_id)
        except IllegalMove as exc:
            failed[item.seat] = item.move_id
            rejected.append(
                Rejection(
                    pending=item,
                    code=exc.code,
                    message=exc.message,
                    rule_id=exc.rule_id,
                    by="local",
                )
            )
            continue
        except msgspec.ValidationError as exc:
            failed[item.seat] = item.move_id
            rejected.append(Rejection(pending=item, code="bad-move", message=str(exc), by="local"))
            continue
        kept.append(item)
    return kept, rejected


def _copy(record: Record[Any, Any]) -> Record[Any, Any]:
    return Record(
        id=record.id, genesis=record.genesis, entries=list(record.entries), format=record.format
    )


def _after(item: Pending, move_id: str, *, by: Literal["server", "local"]) -> Rejection:
    return Rejection(
        pending=item,
        code="after-rejected",
        message=f"made after move {move_id}, which was rejected",
        by=by,
        after=move_id,
    )


# -- hosted games --------------------------------------------------------------------


def hosted_queue(state: HostedState, item: Pending) -> HostedState:
    """Add a move to the queue (the same move_id twice is one move)."""
    if any(p.move_id == item.move_id for p in state.pending):
        return state
    return msgspec.structs.replace(state, pending=[*state.pending, item])


def hosted_seen(state: HostedState, move_ids: list[str] | None = None) -> HostedState:
    """Mark rejections as seen by the player: those of `move_ids`, or all of them.

    Unknown ids are a KifuError (nothing changes): the page names what it showed.
    """
    if move_ids is not None:
        held = [r.pending.move_id for r in state.rejected]
        unknown = [m for m in move_ids if m not in held]
        if unknown:
            raise KifuError(f"no rejected move {unknown[0]!r}")
    rejected = [
        r
        if r.seen or (move_ids is not None and r.pending.move_id not in move_ids)
        else msgspec.structs.replace(r, seen=True)
        for r in state.rejected
    ]
    return msgspec.structs.replace(state, rejected=rejected)


def hosted_next(state: HostedState, record: Record[Any, Any] | None) -> HttpRequest | None:
    """The request for the first pending move; a pull first if the copy is empty."""
    if state.blocked is not None:
        return None
    if record is None or state.refetch or state.behind:
        return hosted_pull(state, record)
    if not state.pending:
        return None
    item = state.pending[0]
    base = f"/api/games/{state.game_id}"
    seq = len(record.entries)
    if item.kind == "takeback":
        body: dict[str, Any] = {
            "move_id": item.move_id,
            "expected_seq": seq,
            "to_seq": item.to_seq,
            "device_id": item.device_id,
            "at": item.at,
        }
        return HttpRequest(method="POST", path=f"{base}/takebacks", body=body, move_id=item.move_id)
    body = {
        "move_id": item.move_id,
        "expected_seq": seq,
        "move": item.move,
        "device_id": item.device_id,
        "at": item.at,
    }
    return HttpRequest(method="POST", path=f"{base}/moves", body=body, move_id=item.move_id)


def hosted_reply(
    state: HostedState,
    record: Record[Any, Any],
    move_id: str,
    status: int,
    body: bytes,
) -> tuple[HostedState, Record[Any, Any], Step]:
    """Fold the server's answer to the submission of pending move `move_id`."""
    game = games.get(record.genesis.game)
    item = next((p for p in state.pending if p.move_id == move_id), None)
    if item is None:
        return state, record, Step(event="ignored", detail=f"{move_id} is not pending")
    rest = [p for p in state.pending if p.move_id != move_id]
    if status in (200, 201):
        accepted = msgspec.json.decode(body, type=MoveAccepted)
        (entry,) = _entries(game, [accepted.entry])
        if entry.seq > len(record.entries) + 1:
            # Entries we have not seen came first: keep the move acknowledged and
            # let the next pull fill the gap (the entry itself arrives with it).
            state = msgspec.structs.replace(state, pending=rest, behind=True)
            return state, record, Step(event="accepted-gap", seq=entry.seq)
        record = extend(record, [entry])
        over = accepted.outcome is not None  # then fetch the full record once
        state = msgspec.structs.replace(state, pending=rest, refetch=state.refetch or over)
        event = "duplicate" if accepted.duplicate else "accepted"
        return state, record, Step(event=event, seq=entry.seq)
    problem = _problem(status, body)
    if status == 409 and problem.code == "seq-conflict":
        record = extend(record, _entries(game, problem.entries or []))
        kept, rejected = rebase(game, record, state.pending)
        state = msgspec.structs.replace(state, pending=kept, rejected=state.rejected + rejected)
        return state, record, Step(event="rebased", seq=len(record.entries))
    if status == 422:
        rejection = Rejection(
            pending=item,
            code=problem.code,
            message=problem.detail,
            rule_id=problem.rule_id or "",
        )
        dropped = [_after(p, move_id, by="server") for p in rest if p.seat == item.seat]
        kept = [p for p in rest if p.seat != item.seat]
        state = msgspec.structs.replace(
            state,
            pending=kept,
            rejected=[*state.rejected, rejection, *dropped],
            refetch=state.refetch or problem.code == "game-over",
        )
        return state, record, Step(event="rejected", detail=problem.detail)
    if status in (429, 500, 502, 503, 504):
        return state, record, Step(event="retry", detail=problem.detail or str(status))
    blocked = f"{status} {problem.code}: {problem.detail}".strip()
    return msgspec.structs.replace(state, blocked=blocked), record, Step(event="blocked")


def hosted_pull(state: HostedState, record: Record[Any, Any] | None) -> HttpRequest:
    """The pull of what the copy lacks, asked for in the compact form (JSON still reads)."""
    since = 0 if record is None or state.refetch else len(record.entries)
    path = f"/api/games/{state.game_id}/record?since={since}"
    return HttpRequest(method="GET", path=path, accept=MEDIA_TYPE)


def _pull_reply(
    body: bytes, record: Record[Any, Any] | None
) -> tuple[RecordResponse, Genesis, list[Any]]:
    """A pull's reply, compact (checked to chain onto `record`) or JSON, typed."""
    if is_compact(body):
        game = games.get(compact_game(body) if record is None else record.genesis.game)
        reply = decode_pull(body, game, record)
        return reply, reply.genesis, reply.entries
    reply = msgspec.json.decode(body, type=RecordResponse)
    genesis = msgspec.convert(reply.genesis, type=Genesis)
    return reply, genesis, _entries(games.get(genesis.game), reply.entries)


def hosted_pulled(
    state: HostedState, record: Record[Any, Any] | None, body: bytes
) -> tuple[HostedState, Record[Any, Any], Step]:
    """Append what changed (a RecordResponse, JSON or compact), then rebase the queue on it."""
    reply, genesis, entries = _pull_reply(body, record)
    game = games.get(genesis.game)
    if record is None or (reply.over and reply.since == 0 and genesis.seed is not None):
        # First pull, or the finished game's full record (seed, all events).
        base: Record[Any, Any] = Record(id=reply.record_id, genesis=genesis, entries=[])
        if record is not None and genesis_hash(record.genesis) != genesis_hash(genesis):
            raise RecordError("the server's genesis differs from this device's")
        full = extend(base, entries)
        if record is not None:
            full = extend(full, list(record.entries))  # the copy must be a prefix of it
        record = full
        state = msgspec.structs.replace(state, refetch=False, behind=False)
    else:
        record = extend(record, entries)
        state = msgspec.structs.replace(state, behind=False)
        if reply.over and record.genesis.seed is None:
            state = msgspec.structs.replace(state, refetch=True)
    kept, rejected = rebase(game, record, state.pending)
    state = msgspec.structs.replace(state, pending=kept, rejected=state.rejected + rejected)
    if reply.tip_hash and len(record.entries) == reply.seq and tip_hash(record) != reply.tip_hash:
        raise RecordError("the copy's tip differs from the server's", reply.seq)
    return state, record, Step(event="pulled", seq=len(record.entries))


# -- local records -------------------------------------------------------------------


def local_next(
    state: LocalState, record: Record[Any, Any], *, compact: bool = False
) -> HttpRequest | None:
    """Upload the record once, then append what the server has not acknowledged.

    With `compact`, the upload is the record's compact form (`body_kifu`, a tenth of
    the JSON's bytes or less); appends are JSON either way.
    """
    if state.blocked is not None:
        return None
    if state.server_id is None:
        upload = record
        if state.uploads:
            upload = msgspec.structs.replace(record, id=f"{record.id}~{state.uploads + 1}")
        if compact:
            game = games.get(upload.genesis.game)
            kifu = encode_record(upload, "compact", game)
            return HttpRequest(method="POST", path="/api/records", body_kifu=kifu, auth="none")
        body = msgspec.json.decode(encode_record(upload))
        return HttpRequest(method="POST", path="/api/records", body=body, auth="none")
    if state.acked_seq >= len(record.entries):
        return None
    expected = state.acked_tip or genesis_hash(record.genesis)
    tail = record.entries[state.acked_seq :]
    body = {"expected_tip": expected, "entries": msgspec.json.decode(msgspec.json.encode(tail))}
    return HttpRequest(
        method="POST", path=f"/api/records/{state.server_id}/entries", body=body, auth="owner"
    )


def _acked(record: Record[Any, Any], seq: int, tip: str) -> tuple[int, str]:
    """Check that the server's (seq, tip) is a point of this device's line."""
    if not 0 <= seq <= len(record.entries):
        raise RecordError(f"the server holds {seq} entries, this device {len(record.entries)}")
    mine = entry_hash(record.entries[seq - 1]) if seq else genesis_hash(record.genesis)
    if mine != tip:
        raise RecordError("the server's tip is not this device's entry", seq)
    return seq, tip


def local_reply(
    state: LocalState, record: Record[Any, Any], status: int, body: bytes
) -> tuple[LocalState, Step]:
    """Fold the server's answer to `local_next`'s request."""
    if state.server_id is None:  # the answer to an upload
        if status == 201:
            stored = msgspec.json.decode(body, type=RecordStored)
            seq, tip = _acked(record, stored.seq, stored.tip_hash)
            state = msgspec.structs.replace(
                state,
                server_id=stored.record_id,
                owner_token=stored.owner_token,
                acked_seq=seq,
                acked_tip=tip,
            )
            return state, Step(event="uploaded", seq=seq)
        problem = _problem(status, body)
        if status == 409 and problem.code == "record-exists":
            # Taken: by an upload of ours whose reply was lost (its token with it),
            # or another record. Either way this line goes up under a derived id.
            return msgspec.structs.replace(state, uploads=state.uploads + 1), Step(
                event="retry", detail="record id taken; uploading under a derived id"
            )
        return _local_problem(state, status, problem)
    if status in (200, 201):
        reply = msgspec.json.decode(body, type=AppendResult)
        if reply.status == "forked" and reply.fork is not None:
            fork = reply.fork
            seq, tip = _acked(record, fork.seq, fork.tip_hash)
            other = ForkInfo(
                record_id=reply.record_id,
                seq=reply.seq,
                tip_hash=reply.tip_hash,
                parent_seq=fork.parent_seq,
            )
            state = msgspec.structs.replace(
                state,
                server_id=fork.record_id,
                acked_seq=seq,
                acked_tip=tip,
                lines=[*state.lines, other],
            )
            return state, Step(
                event="forked",
                detail=f"another device continued this game after move {fork.parent_seq}; "
                f"both lines are kept ({reply.record_id} and {fork.record_id})",
                seq=seq,
                parent_seq=fork.parent_seq,
            )
        if reply.status == "already-stored" and reply.seq > len(record.entries):
            # Every entry of ours is there and the server's line goes further (another
            # device continued the same line): ours is acknowledged; the page may
            # download the longer line (`lines`).
            seq, tip = len(record.entries), tip_hash(record)
            longer = ForkInfo(
                record_id=reply.record_id,
                seq=reply.seq,
                tip_hash=reply.tip_hash,
                parent_seq=seq,
            )
            state = msgspec.structs.replace(
                state, acked_seq=seq, acked_tip=tip, lines=[*state.lines, longer]
            )
            return state, Step(
                event="already-stored", detail="the server's line goes further", seq=seq
            )
        seq, tip = _acked(record, reply.seq, reply.tip_hash)
        state = msgspec.structs.replace(state, acked_seq=seq, acked_tip=tip)
        return state, Step(event=reply.status, seq=seq)
    problem = _problem(status, body)
    if status == 404 and problem.code == "unknown-base":
        return msgspec.structs.replace(state, acked_seq=0, acked_tip=None), Step(
            event="retry", detail="the server does not know our base; resending from the start"
        )
    return _local_problem(state, status, problem)


def _local_problem(state: LocalState, status: int, problem: Problem) -> tuple[LocalState, Step]:
    if status in (429, 500, 502, 503, 504):
        return state, Step(event="retry", detail=problem.detail or str(status))
    blocked = f"{status} {problem.code}: {problem.detail}".strip()
    return msgspec.structs.replace(state, blocked=blocked), Step(event="blocked", detail=blocked)


def downloaded(body: bytes) -> Record[Any, Any]:
    """The record of a ``GET /api/records/{id}`` reply (another line of a fork), checked."""
    data = msgspec.json.encode(msgspec.json.decode(body, type=RecordDownload).record)
    game = games.get(msgspec.json.decode(data, type=_GenesisGame).genesis.game)
    record: Record[Any, Any] = decode_record(data, game)
    Timeline(game, record)  # replays it: the chain and every state hash must check
    return record


# -- the worker's door ---------------------------------------------------------------


class _Call(msgspec.Struct, kw_only=True):
    state: msgspec.Raw
    record_json: str | None = None
    record_kifu: bytes | None = None  # a local record in the compact form, instead
    item: Pending | None = None
    move_id: str = ""
    move_ids: list[str] | None = None
    status: int = 0
    body: str = ""
    body_kifu: bytes | None = None  # a reply in the compact form (a hosted pull), instead


def _record(text: str | None, kifu: bytes | None = None) -> Record[Any, Any] | None:
    if kifu:
        game = games.get(compact_game(kifu))
        compact: Record[Any, Any] = decode_record(kifu, game, "compact")
        return compact
    if not text:
        return None
    data = text.encode()
    game = games.get(msgspec.json.decode(data, type=_GenesisGame).genesis.game)
    record: Record[Any, Any] = decode_record(data, game)
    return record


class _GameId(msgspec.Struct):
    game: str


class _GenesisGame(msgspec.Struct):
    genesis: _GameId


def _text(record: Record[Any, Any] | None) -> str | None:
    return None if record is None else encode_record(record).decode()


def _ahead(state: HostedState, record: Record[Any, Any] | None) -> dict[str, Any]:
    """A hosted step's new state with what hosted.next and hosted.pull would answer for
    it: the page sends them without crossing to the worker again."""
    return {"state": state, "next": hosted_next(state, record), "pull": hosted_pull(state, record)}


def dispatch(call: str, args: msgspec.Raw) -> Any:
    """One pure sync step for the worker; state and records travel as JSON.

    Calls: hosted.queue, hosted.seen, hosted.next, hosted.reply, hosted.pull, hosted.pulled,
    local.next, local.reply, local.download. Replies carry the new ``state`` and ``record_json``;
    a hosted step's reply also carries ``next`` and ``pull``, the requests hosted.next and
    hosted.pull would give for them (hosted.queue takes the copy as ``record_json`` for that).
    A local record may come as ``record_kifu`` (compact bytes) instead: `local.next` then
    uploads it in the compact form. A reply in the compact form (a hosted pull) comes as
    ``body_kifu`` instead of ``body``.
    """
    request = msgspec.json.decode(args, type=_Call)
    record = _record(request.record_json, request.record_kifu)
    body = request.body_kifu or request.body.encode()
    if call.startswith("hosted."):
        hosted = msgspec.json.decode(request.state, type=HostedState)
        if call == "hosted.next":
            return {"request": hosted_next(hosted, record)}
        if call == "hosted.pull":
            return {"request": hosted_pull(hosted, record)}
        if call == "hosted.queue":
            if request.item is None:
                raise KifuError("hosted.queue needs an item")
            return _ahead(hosted_queue(hosted, request.item), record)
        if call == "hosted.seen":
            return _ahead(hosted_seen(hosted, request.move_ids), record)
        if call == "hosted.pulled":
            hosted, new, step = hosted_pulled(hosted, record, body)
            return {**_ahead(hosted, new), "record_json": _text(new), "step": step}
        if call == "hosted.reply" and record is not None:
            hosted, new, step = hosted_reply(hosted, record, request.move_id, request.status, body)
            return {**_ahead(hosted, new), "record_json": _text(new), "step": step}
    if call == "local.download":
        return {"record_json": _text(downloaded(body))}
    if call.startswith("local.") and record is not None:
        local = msgspec.json.decode(request.state, type=LocalState)
        if call == "local.next":
            return {"request": local_next(local, record, compact=request.record_kifu is not None)}
        if call == "local.reply":
            local, step = local_reply(local, record, request.status, body)
            return {"state": local, "step": step}
    raise KifuError(f"unknown sync call {call!r} (or its record is missing)")


__all__ = [
    "HostedState",
    "HttpRequest",
    "LocalState",
    "Pending",
    "Rejection",
    "Step",
    "dispatch",
    "downloaded",
    "extend",
    "hosted_next",
    "hosted_pull",
    "hosted_pulled",
    "hosted_queue",
    "hosted_reply",
    "hosted_seen",
    "local_next",
    "local_reply",
    "rebase",
]
