"""Request and response bodies: one msgspec Struct each (see API.md).

Moves, events, entries, views and outcomes are game-specific kernel structs, so
their fields are typed `Any` / `dict[str, Any]` here; the server decodes them with
the game's own types (`game.move_type`, `Entry[move_type, event_type]`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:~-]+$")]
MoveId = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
Short = Annotated[str, msgspec.Meta(max_length=100)]
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]


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


class Health(msgspec.Struct, kw_only=True):
    status: str
    version: str
    database: str
    channels: str


class Catalogue(msgspec.Struct, kw_only=True):
    games: list[Any]


# -- hosted games ------------------------------------------------------------


class CreateGame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    game: Short
    players: Annotated[int, msgspec.Meta(ge=1, le=16)]
    options: dict[str, bool | int | str] = {}
    takeback: Literal["casual", "friendly", "strict"] = "casual"
    names: Annotated[list[Short], msgspec.Meta(max_length=16)] = []
    # {seat: bot name}: seats the server plays itself (names: core.kernel.bots_of)
    bots: Annotated[dict[int, Short], msgspec.Meta(max_length=16)] = {}


class Invite(msgspec.Struct, kw_only=True):
    seat: int
    code: str


class GameCreated(msgspec.Struct, kw_only=True):
    game_id: str
    game: str
    players: int
    invites: list[Invite]
    spectator_token: str
    spectator_path: str


class ClaimSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    code: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    name: Short = ""


class SeatClaimed(msgspec.Struct, kw_only=True):
    game_id: str
    seat: int
    token: str


class SeatInfo(msgspec.Struct, kw_only=True):
    seat: int
    claimed: bool
    name: str
    bot: str | None  # the bot playing this seat; None for a person


class You(msgspec.Struct, kw_only=True):
    role: Literal["seat", "spectator", "owner"]
    seat: int | None


class GameSummary(msgspec.Struct, kw_only=True):
    game_id: str
    game: str
    players: int
    options: dict[str, Any]
    takeback: str
    seats: list[SeatInfo]
    seq: int
    tip_hash: str
    to_move: list[int]
    over: bool
    outcome: Any
    share_id: str | None
    you: You


class ViewResponse(msgspec.Struct, kw_only=True):
    seq: int
    tip_hash: str
    seat: int | None
    to_move: list[int]
    view: Any
    legal_moves: list[Any]
    outcome: Any
    over: bool


class RecordResponse(msgspec.Struct, kw_only=True):
    record_id: str
    genesis: Any
    entries: list[Any]
    since: int
    seq: int
    tip_hash: str
    over: bool


class SubmitMove(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    move_id: MoveId
    move: dict[str, Any]
    expected_seq: Count | None = None
    seat: int | None = None
    device_id: Short = ""
    at: Count = 0


class SubmitTakeBack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    move_id: MoveId
    expected_seq: Count | None = None
    to_seq: Count | None = None
    seat: int | None = None
    device_id: Short = ""
    at: Count = 0


class MoveAccepted(msgspec.Struct, kw_only=True):
    entry: Any
    seq: int
    tip_hash: str
    view: Any
    outcome: Any
    duplicate: bool


class ShareCreated(msgspec.Struct, kw_only=True):
    share_id: str
    path: str


class SharedRecord(msgspec.Struct, kw_only=True):
    share_id: str
    record: Any
    outcome: Any


# -- local records -----------------------------------------------------------


class RecordUpload(msgspec.Struct, kw_only=True):
    """A kernel Record (documented shape; decoded again with the game's types)."""

    id: Id
    genesis: dict[str, Any]
    entries: list[dict[str, Any]] = []
    format: int = 1


class RecordStored(msgspec.Struct, kw_only=True):
    record_id: str
    owner_token: str
    seq: int
    tip_hash: str
    status: Literal["stored", "already-stored", "appended"] = "stored"


class AppendEntries(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    expected_tip: Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
    entries: list[dict[str, Any]]


class ForkInfo(msgspec.Struct, kw_only=True):
    record_id: str
    seq: int
    tip_hash: str
    parent_seq: int


class AppendResult(msgspec.Struct, kw_only=True):
    status: Literal["appended", "already-stored", "forked"]
    record_id: str
    seq: int
    tip_hash: str
    fork: ForkInfo | None = None


class ForkRef(msgspec.Struct, kw_only=True):
    record_id: str
    parent_seq: int


class RecordDownload(msgspec.Struct, kw_only=True):
    record: Any
    seq: int
    tip_hash: str
    forks: list[ForkRef]
    fork_of: ForkRef | None
    share_id: str | None


# -- bug reports -------------------------------------------------------------


class ReportUpload(msgspec.Struct, kw_only=True):
    """A core.kernel.BugReport (documented shape; decoded with the game's types)."""

    game: Short
    engine_version: str
    record: dict[str, Any]
    error: str
    attempt: dict[str, Any] | None = None
    note: str = ""
    created_at: int = 0
    format: int = 1


class ReportStored(msgspec.Struct, kw_only=True):
    report_id: str
    game: str
    reproduced: bool
    reported: str
    observed: str
    engine_version: str
