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
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec


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
