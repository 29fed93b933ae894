"""The JSON bodies the server sends and core.sync reads (server/API.md), defined once.

The server builds and encodes these (server/schemas.py re-exports them; Litestar
generates the OpenAPI schema from them); core.sync decodes the replies with the
same structs, so the two sides cannot drift apart. Unknown fields are ignored when
decoding, so a newer server may add fields without breaking an older client.

Only the responses the client reads live here. Request bodies stay in
server/schemas.py: their length and range limits are the server's admission
policy, and the client builds them from its own queue, not from these types.

Records, entries, genesis, moves, views and outcomes are game-specific kernel
structs, so they are typed `Any`; a reader converts them with the game's types
(`msgspec.convert(value, type=...)`).

A hosted pull may also travel in the compact form (`encode_pull` / `decode_pull`,
``Accept: application/vnd.kifu.record``): the same RecordResponse, packed.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from .kernel.compact import hash_in, hash_out, pack_entries, unpack_entries
from .kernel.contract import Decider
from .kernel.errors import RecordError
from .kernel.packing import Tables
from .kernel.record import (
    AnyEntry,
    Record,
    entry_hash,
    genesis_builtins,
    genesis_hash,
    genesis_of_builtins,
)


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True):
    """RFC 9457 problem details, plus Kifu's machine-readable `code`."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    rule_id: str | None = None
    seq: int | None = None
    entries: list[Any] | None = None
    tip_hash: str | None = None
    divergence: dict[str, Any] | None = None
    request_id: str | None = None


# -- hosted games ------------------------------------------------------------


class RecordResponse(msgspec.Struct, kw_only=True):
    """`GET /api/games/{id}/record?since=n`: the entries after n, redacted for the caller."""

    record_id: str
    genesis: Any
    entries: list[Any]
    since: int
    seq: int
    tip_hash: str
    over: bool
    rules_version: str = ""  # the rules the game is played under (its genesis)


PULL_MAGIC = "kifu-pull"
PULL_VERSION = 4
"""4: the genesis' seed above 2**64 - 1 as its big-endian bytes (compact.py's version 6;
written only where a finished game's genesis has such a seed, else 3); 3: open moves' and
events' commitments left to the reader (compact.py); 2: a move id may be nil (its device's
next count); 1, 2 and 3 are read too."""


def encode_pull(
    game: Decider[Any, Any, Any, Any],
    part: Record[Any, Any],
    *,
    since: int,
    after: AnyEntry | None,
    seq: int,
    tip: str,
    over: bool,
) -> bytes:
    """A RecordResponse in the compact form: ``["kifu-pull", version, record_id, genesis,
    since, since_hash, seq, tip, over, chunk]``, version 4 where the genesis carries a
    seed above 2**64 - 1 (as bytes: `genesis_builtins`), else 3.

    `part` holds the seat's redacted genesis and the entries after `since`; `after` is
    entry `since` (None: the genesis), which they continue. The chunk carries its own
    tables (a pull is self-contained) and, like a compact record, no seqs or
    prev_hashes: the reader re-derives them from the copy it holds, and `since_hash`
    (the hash of entry `since`, raw) and `tip` let it check that the entries chain onto
    that copy and end at the server's tip. None for since_hash: `since` is past the
    tip (no entries, nothing to chain). The genesis travels from 0, and once the game
    is over (its seed is the news: the commitments are recomputed with it); otherwise
    a later pull continues a copy that holds it, and its chain (since_hash) binds it;
    the record id goes with the genesis (version 2; version 1 sent it every time)."""
    since_hash = None
    if since <= seq:
        since_hash = hash_out(genesis_hash(part.genesis) if after is None else entry_hash(after))
    chunk = pack_entries(game, part.genesis, list(part.entries), Tables(), after=after)
    fresh = since == 0 or part.genesis.seed is not None
    genesis = genesis_builtins(part.genesis) if fresh else None
    record_id = part.id if fresh else None  # a later pull's copy holds it, as the genesis
    version = PULL_VERSION if genesis and isinstance(genesis["seed"], bytes) else 3
    body = [PULL_MAGIC, version, record_id, genesis, since, since_hash, seq, hash_out(tip)]
    return msgspec.msgpack.encode([*body, over, chunk])


def decode_pull(
    data: bytes, game: Decider[Any, Any, Any, Any], held: Record[Any, Any] | None
) -> RecordResponse:
    """The RecordResponse of `encode_pull`'s bytes, its genesis and entries typed.

    `held` is the copy the pull continues (None: none yet, then `since` must be 0).
    RecordError, one line, unless the entries chain onto entry `since` of `held` (the
    genesis for 0) and end at the stated tip: a changed byte is refused. A server
    behind the copy (`since` past its tip) is refused too: the copy is not its prefix."""
    try:
        magic, version, record_id, genesis_data, since, since_raw, seq, tip_raw, over, chunk = (
            msgspec.msgpack.decode(data)
        )
        since, seq = int(since), int(seq)
        if genesis_data is None and held is not None:
            genesis, record_id = held.genesis, held.id if record_id is None else record_id
        else:
            genesis = genesis_of_builtins(genesis_data)
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError, TypeError) as exc:
        raise RecordError(f"not a valid compact pull: {exc}") from None
    if magic != PULL_MAGIC or version not in (1, 2, 3, PULL_VERSION):
        raise RecordError(f"not a compact pull this Kifu reads ({magic!r} {version!r})")
    if genesis.game != game.info.id:
        raise RecordError(f"the pull is for {genesis.game!r}, not {game.info.id!r}")
    if (
        held is not None
        and genesis is not held.genesis  # taken from the copy: nothing to compare
        and genesis_hash(genesis) != genesis_hash(held.genesis)
    ):
        raise RecordError("the pull's genesis differs from this copy's")
    held_entries = [] if held is None else held.entries
    if since > seq:
        raise RecordError(f"the server holds {seq} entries, fewer than this copy's {since}", seq)
    if not 0 <= since <= len(held_entries):
        raise RecordError(f"the pull continues entry {since}, which this copy lacks", since)
    after = held_entries[since - 1] if since else None
    ours = genesis_hash(genesis) if after is None else entry_hash(after)
    if hash_in(since_raw) != ours:
        raise RecordError("the pull does not continue this copy", since)
    entries = unpack_entries(game, genesis, chunk, Tables(), after=after)
    end = entry_hash(entries[-1]) if entries else ours
    tip = hash_in(tip_raw)
    if since + len(entries) != seq or end != tip:
        raise RecordError("the pulled entries do not end at the server's tip", seq)
    return RecordResponse(
        record_id=str(record_id),
        genesis=genesis,
        entries=entries,
        since=since,
        seq=seq,
        tip_hash=tip,
        over=bool(over),
        rules_version=genesis.rules_version,
    )


class MoveAccepted(msgspec.Struct, kw_only=True):
    """`POST /api/games/{id}/moves` or `/takebacks`: 201 stored now, 200 a duplicate."""

    entry: Any
    seq: int
    tip_hash: str
    view: Any
    outcome: Any
    duplicate: bool


# -- local records -----------------------------------------------------------


class RecordStored(msgspec.Struct, kw_only=True):
    """`POST /api/records`: 201 stored; 200 already there (a re-upload with its owner token)."""

    record_id: str
    owner_token: str
    seq: int
    tip_hash: str
    status: Literal["stored", "already-stored", "appended"] = "stored"


class ForkInfo(msgspec.Struct, kw_only=True):
    """A line of a game on the server: where it branched off, how long it is, its tip.

    core.sync keeps the lines it learns of as these too (`LocalState.lines`).
    """

    record_id: str
    seq: int
    tip_hash: str
    parent_seq: int


class AppendResult(msgspec.Struct, kw_only=True):
    """`POST /api/records/{id}/entries`: 201 with `fork` when another line got there first."""

    status: Literal["appended", "already-stored", "forked"]
    record_id: str
    seq: int
    tip_hash: str
    fork: ForkInfo | None = None


class ForkRef(msgspec.Struct, kw_only=True):
    """A fork of a stored record, or the record a fork branched from."""

    record_id: str
    parent_seq: int


class RecordDownload(msgspec.Struct, kw_only=True):
    """`GET /api/records/{id}`: the whole record (seed included) and its forks."""

    record: Any
    seq: int
    tip_hash: str
    forks: list[ForkRef]
    fork_of: ForkRef | None
    share_id: str | None
    rules_version: str = ""  # the rules the game was recorded under (its genesis)


__all__ = [
    "AppendResult",
    "ForkInfo",
    "ForkRef",
    "MoveAccepted",
    "Problem",
    "RecordDownload",
    "RecordResponse",
    "RecordStored",
]
