"""Valley of the Torii events: a tagged union. Every bag draw names its tiles, so
a record shows what happened; the fold itself takes them from the bag's end (the
draw order is fixed by the seeded shuffle kept in the state). Fields typed
`list[str] | None` are hidden from every seat but their drawer (view.redact_event)."""

from __future__ import annotations

import msgspec


class Took(msgspec.Struct, tag="took"):
    """A tile taken from a wheel, normally or with the paintbrush (TOR-020, TOR-092)."""

    seat: int
    wheel: int
    recess: int
    tile: str
    brush: bool


class WheelSwapped(msgspec.Struct, tag="wheel-swapped"):
    """The water seal swapped two tiles of one wheel and went back (TOR-070, TOR-068)."""

    seat: int
    wheel: int
    a: int
    b: int


class Refilled(msgspec.Struct, tag="refilled"):
    """An empty wheel refilled from its arrow, clockwise (TOR-033, TOR-034, TOR-037)."""

    wheel: int
    tiles: list[str]


class ReserveOffered(msgspec.Struct, tag="reserve-offered"):
    """The mountain-seal holder may reserve from the wheel just refilled (TOR-073)."""

    seat: int
    wheel: int


class Reserved(msgspec.Struct, tag="reserved"):
    seat: int
    wheel: int
    recess: int
    tile: str


class ReserveSkipped(msgspec.Struct, tag="reserve-skipped"):
    seat: int


class ReservedTaken(msgspec.Struct, tag="reserved-taken"):
    """The reserved tile is this turn's tile (TOR-075)."""

    seat: int
    tile: str


class VillageDrawn(msgspec.Struct, tag="village-drawn"):
    """The village seal drew `count` tiles and went back (TOR-078, TOR-176)."""

    seat: int
    count: int
    tiles: list[str] | None


class Picked(msgspec.Struct, tag="picked"):
    """One village tile kept; the others went back to the bag (TOR-079, TOR-080)."""

    seat: int
    tile: str
    returned: list[str] | None


class Placed(msgspec.Struct, tag="placed"):
    """A tile placed on the artist's board (TOR-021), maybe with the bamboo seal."""

    seat: int
    slot: str
    tile: str
    bamboo: bool


class SealReturned(msgspec.Struct, tag="seal-returned"):
    """A used seal back in the centre (TOR-068, TOR-076)."""

    seat: int
    seal: str


class ScrollTaken(msgspec.Struct, tag="scroll-taken"):
    """Board `board` took the top scroll token (TOR-055; solo opponent: TOR-152)."""

    board: int
    scroll: str


class BrushTaken(msgspec.Struct, tag="brush-taken"):
    """The paintbrush onto this artist's board (TOR-090, TOR-097)."""

    seat: int


class SealGained(msgspec.Struct, tag="seal-gained"):
    """A completed ≠ line gave a seal (TOR-060, TOR-061)."""

    seat: int
    seal: str
    line: int


class RainbowStarted(msgspec.Struct, tag="rainbow-started"):
    """The rainbow effect: these artists swap or not, in this order (TOR-167)."""

    order: list[int]


class RainbowPicked(msgspec.Struct, tag="rainbow-picked"):
    seat: int
    wheel: int
    recess: int


class RainbowSwapped(msgspec.Struct, tag="rainbow-swapped"):
    """Board tile and wheel tile changed places (TOR-170, TOR-171)."""

    seat: int
    slot: str
    wheel: int
    recess: int
    board_tile: str
    wheel_tile: str


class RainbowDone(msgspec.Struct, tag="rainbow-done"):
    """This artist has resolved the effect (swapped or declined)."""

    seat: int
    swapped: bool


class EndTriggered(msgspec.Struct, tag="end-triggered"):
    """A normal top-row placement: the round is completed, then the end (TOR-100)."""

    seat: int


class BrushLeftBoard(msgspec.Struct, tag="brush-left-board"):
    """Unused on its turn, the paintbrush leaves the board; still owned (TOR-095, TOR-096)."""

    seat: int


class TurnPassed(msgspec.Struct, tag="turn-passed"):
    """No tile could be obtained or placed (TOR-037, TOR-053)."""

    seat: int
    reason: str  # no-tile | no-slot


class TurnEnded(msgspec.Struct, tag="turn-ended"):
    seat: int
    next: int


class OpponentPlaced(msgspec.Struct, tag="opponent-placed"):
    """Solo: the opponent's tile for the same slot, from the linked recess or, for a
    grey fan or an empty linked recess, the bag (`recess` -1) (TOR-145..148)."""

    slot: str
    tile: str
    recess: int


class CherryOffered(msgspec.Struct, tag="cherry-offered"):
    """The game is over but for the cherry seal (TOR-081, TOR-106)."""

    seat: int


class CherrySkipped(msgspec.Struct, tag="cherry-skipped"):
    seat: int


class WheelsEmptied(msgspec.Struct, tag="wheels-emptied"):
    """Every tile around the wheels back to the bag (TOR-082)."""

    tiles: list[str]


class CherryDrawn(msgspec.Struct, tag="cherry-drawn"):
    seat: int
    count: int
    tiles: list[str] | None


class CherryReplaced(msgspec.Struct, tag="cherry-replaced"):
    """The chosen tile takes `slot`; the old tile and the others go to the bag (TOR-084)."""

    seat: int
    slot: str
    old: str
    new: str
    returned: list[str] | None


class GameEnded(msgspec.Struct, tag="game-ended"):
    reason: str  # round-complete | solo-top-row | stalled


Event = (
    Took
    | WheelSwapped
    | Refilled
    | ReserveOffered
    | Reserved
    | ReserveSkipped
    | ReservedTaken
    | VillageDrawn
    | Picked
    | Placed
    | SealReturned
    | ScrollTaken
    | BrushTaken
    | SealGained
    | RainbowStarted
    | RainbowPicked
    | RainbowSwapped
    | RainbowDone
    | EndTriggered
    | BrushLeftBoard
    | TurnPassed
    | TurnEnded
    | OpponentPlaced
    | CherryOffered
    | CherrySkipped
    | WheelsEmptied
    | CherryDrawn
    | CherryReplaced
    | GameEnded
)
