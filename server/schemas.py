"""Request and response bodies: one msgspec Struct each (see API.md).

The responses core.sync reads are core.wire's, re-exported here, so the server and
the client decode one definition; the rest are the server's own.

Moves, events, entries, views and outcomes are game-specific kernel structs, so
their fields are typed `Any` / `dict[str, Any]` here; the server decodes them with
the game's own types (`game.move_type`, `Entry[move_type, event_type]`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from core.wire import (
    AppendResult,
    ForkInfo,
    ForkRef,
    MoveAccepted,
    Problem,
    RecordDownload,
    RecordResponse,
    RecordStored,
)

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:~-]+$")]
MoveId = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
Short = Annotated[str, msgspec.Meta(max_length=100)]
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]


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
    # a time per move for turn-based play (clock.py), a TableClock; None: no clock.
    # Checked by the service, so a bad one is a 422 `bad-clock` as the API promises.
    clock: dict[str, Any] | None = None


class TableClock(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A table's time per move, and what happens when a seat's time runs out: the
    title's easy bot plays its turn ("bot"), it passes where the rules let it ("skip";
    else the bot plays), or the table ends ("abandon")."""

    move_seconds: Annotated[int, msgspec.Meta(ge=1, le=7 * 86400)]
    on_timeout: Literal["bot", "skip", "abandon"]


class ClockView(msgspec.Struct, kw_only=True):
    move_seconds: int
    on_timeout: str
    deadline: int | None  # unix ms by which the seats to move must move (None: none now)


class Abandoned(msgspec.Struct, kw_only=True):
    seat: int  # the seat whose time ran out
    at: int  # unix ms


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
    rules_version: str = ""  # the rules the game is played under (its genesis)


class UndoState(msgspec.Struct, kw_only=True):
    """Would the server take this seat's undo now? The refusal's code, words and rule
    when not, so the client shows why instead of guessing the policy. `ask`: the undo
    takes back other people's moves (code takeback-others-move) and they may agree to
    it (POST takeback-asks): `needs` names their seats."""

    allowed: bool
    code: str = ""
    message: str = ""
    rule_id: str = ""
    ask: bool = False
    needs: list[int] = []


class TakebackAsk(msgspec.Struct, kw_only=True):
    """A seat's request to take back to `to_seq`, waiting for the consent of the
    `needs` seats (whose moves it undoes); `agreed` so far. It lapses at `expires_at`
    (ms since the epoch) or once the game moves on; a decline ends it."""

    ask_id: str
    seat: int
    to_seq: int
    needs: list[int]
    agreed: list[int] = []
    expires_at: int


class AskTakeBack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    move_id: MoveId  # the take-back entry's, once agreed
    to_seq: Count | None = None  # None: the undo target
    seat: int | None = None
    device_id: Short = ""


class PushKeys(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    p256dh: Annotated[str, msgspec.Meta(min_length=80, max_length=100)]  # 65 bytes, base64url
    auth: Annotated[str, msgspec.Meta(min_length=16, max_length=32)]  # 16 bytes, base64url


class PushSubscribe(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A browser's PushSubscription (its JSON), for the seat whose token sends it."""

    endpoint: Annotated[str, msgspec.Meta(min_length=8, max_length=1000)]
    keys: PushKeys
    lang: Literal["en", "ja"] = "en"
    seat: int | None = None
    expirationTime: int | None = None  # the browser's JSON names it so


class PushUnsubscribe(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    endpoint: Annotated[str, msgspec.Meta(min_length=8, max_length=1000)]
    seat: int | None = None


class PushKey(msgspec.Struct, kw_only=True):
    """The server's VAPID public key: a browser's applicationServerKey."""

    public_key: str


class AnswerTakeBack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    accept: bool
    seat: int | None = None


class TakebackAnswered(msgspec.Struct, kw_only=True):
    """After an answer: the ask still waiting (None once it ended), and the entry the
    take-back made when this answer was the last consent."""

    ask: TakebackAsk | None
    taken: MoveAccepted | None = None


class SeatPresence(msgspec.Struct, kw_only=True):
    """A seat at the table now: a device of its holds the live socket (`online`), and
    since when (ms since the epoch; 0: not seen since the server started)."""

    seat: int
    online: bool
    since: int


class ViewResponse(msgspec.Struct, kw_only=True):
    seq: int
    tip_hash: str
    seat: int | None
    to_move: list[int]
    view: Any
    legal_moves: list[Any]
    outcome: Any
    over: bool
    # each seat's name as its player chose it ("" = none): a guest names themself on joining
    names: list[str] = []
    # the seat's undo now (a seat's current view only; None for spectators and past views)
    undo: UndoState | None = None
    # a take-back waiting for consent (every seat sees it; current views only)
    takeback_ask: TakebackAsk | None = None
    # per seat: taken by a player (or a bot); an invitation to a taken seat is used
    claimed: list[bool] = []
    # per seat: whether a device of its is at the table now (current views only)
    presence: list[SeatPresence] = []
    # the table's clock (None: none); `deadline` for the seats to move now
    clock: ClockView | None = None
    # the table ended because this seat ran out of time (over, with no outcome)
    abandoned: Abandoned | None = None


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


class ShareCreated(msgspec.Struct, kw_only=True):
    share_id: str
    path: str
    # the share's review (sharing.py): "none", "checking" (sent, being recomputed),
    # "published" (the same as the server's: the shared answer carries it), "refused"
    review: Literal["none", "checking", "published", "refused"] = "none"


class ShareBody(msgspec.Struct, kw_only=True):
    """The optional body of a share: the review the client made of the record
    (core.kernel.review.Review as JSON, default judging), checked before it is shown."""

    review: dict[str, Any] | None = None


class SharedRecord(msgspec.Struct, kw_only=True):
    share_id: str
    record: Any
    outcome: Any
    rules_version: str = ""  # the rules the game was recorded under (its genesis)
    # the final position as a spectator sees it: a device draws the board at once,
    # before its engine has started (the record is whole: nothing is hidden any more)
    view: Any = None
    # the game's review (core.kernel.review.Review), once the server made the same
    # from its seed; null when none was shared (or it is still being checked)
    review: msgspec.Raw | None = None


# -- local records -----------------------------------------------------------


class RecordUpload(msgspec.Struct, kw_only=True):
    """A kernel Record's shape, checked before it is decoded with the game's types
    (entries are only checked to be JSON here: building dicts of 2 MiB is slow)."""

    id: Id
    genesis: dict[str, Any]
    entries: list[msgspec.Raw] = []
    format: int = 1


class AppendEntries(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    expected_tip: Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
    entries: list[dict[str, Any]]


# -- bug reports -------------------------------------------------------------


class ReportUpload(msgspec.Struct, kw_only=True):
    """A core.kernel.BugReport (documented shape; decoded with the game's types)."""

    game: Short
    engine_version: str
    record: msgspec.Raw
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


# -- players across devices (players.py) -------------------------------------------

DeviceName = Annotated[str, msgspec.Meta(max_length=60)]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class NewPlayer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    device_name: DeviceName = ""


class DeviceJoined(msgspec.Struct, kw_only=True):
    player_id: str
    device_id: str
    device_token: str


class LinkCodeCreated(msgspec.Struct, kw_only=True):
    code: str
    expires_at: int  # unix ms


class LinkDevice(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    code: Annotated[str, msgspec.Meta(max_length=40)]
    device_name: DeviceName = ""


class DeviceInfo(msgspec.Struct, kw_only=True):
    device_id: str
    name: str
    added_at: int  # unix ms
    current: bool


class DeviceList(msgspec.Struct, kw_only=True):
    devices: list[DeviceInfo]


class KeepGame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A game for the player's library: a hosted seat (`game_id`, its seat token) or a
    local record (`record_id`, its owner token); `meta` is the client's, opaque."""

    kind: Literal["hosted", "local"]
    game_id: Id | None = None
    record_id: Id | None = None
    token: Token
    meta: dict[str, Any] = msgspec.field(default_factory=dict)


class GameKey(msgspec.Struct, kw_only=True):
    key: str


class LibraryFork(msgspec.Struct, kw_only=True):
    record_id: str
    seq: int
    tip_hash: str
    parent_seq: int


class LibraryGame(msgspec.Struct, kw_only=True):
    key: str
    kind: str
    game_id: str | None
    record_id: str | None
    seat: int | None
    meta: dict[str, Any]
    seq: int
    tip_hash: str
    over: bool
    forks: list[LibraryFork]


class Library(msgspec.Struct, kw_only=True):
    games: list[LibraryGame]


class GrantedToken(msgspec.Struct, kw_only=True):
    token: str


__all__ = [
    "AppendEntries",
    "AppendResult",
    "Catalogue",
    "ClaimSeat",
    "Count",
    "CreateGame",
    "ForkInfo",
    "ForkRef",
    "GameCreated",
    "GameSummary",
    "Health",
    "Id",
    "Invite",
    "MoveAccepted",
    "MoveId",
    "Problem",
    "RecordDownload",
    "RecordResponse",
    "RecordStored",
    "RecordUpload",
    "ReportStored",
    "ReportUpload",
    "SeatClaimed",
    "SeatInfo",
    "ShareBody",
    "ShareCreated",
    "SharedRecord",
    "Short",
    "SubmitMove",
    "SubmitTakeBack",
    "ViewResponse",
    "You",
]
