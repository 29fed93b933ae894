"""Tulikko events: what happened, complete enough that `evolve` needs no rules.

Only `Slid.centre` is secret (the tile now hidden in the board, TUL-018): every
seat's and the spectator's copy carry None there (view.redact_event).
"""

from __future__ import annotations

import msgspec


class StartTilePlaced(msgspec.Struct, tag="start-tile-placed"):
    """Setup: a seat put its random neutral tile on a space of its choice (TUL-019)."""

    seat: int
    tile: str
    cell: int


class TurnStarted(msgspec.Struct, tag="turn-started"):
    """Step 1A: `seat` reveals the top tile of its stack (TUL-026)."""

    seat: int
    round: int
    tile: str


class Slid(msgspec.Struct, tag="slid"):
    """Step 1B (or a re-slide): `inserted` went in at `side`, `ejected` came out opposite."""

    seat: int
    side: str
    inserted: str
    ejected: str
    uncovered: str  # the former centre tile, now visible on the opposite arm
    centre: str | None  # the tile now hidden in the centre (redacted for every seat)
    reslide: bool = False


class TilePlaced(msgspec.Struct, tag="tile-placed"):
    """Step 2A (or the move-tile aurora, `moved`): a tile went onto a space."""

    seat: int
    tile: str
    cell: int
    moved: bool = False


class TileDiscarded(msgspec.Struct, tag="tile-discarded"):
    """Step 2A: no matching space was empty; the tile leaves the game (TUL-034)."""

    seat: int
    tile: str


class TokenPlaced(msgspec.Struct, tag="token-placed"):
    """Step 2B: a token on the edge between cells `a` and `b` (kind: river | animal)."""

    seat: int
    a: int
    b: int
    kind: str


class TokenSkipped(msgspec.Struct, tag="token-skipped"):
    """Step 2B: that edge stays empty: by choice, or `none-left` of the needed kind."""

    seat: int
    a: int
    b: int
    reason: str  # "choice" | "none-left"


class AuroraUsed(msgspec.Struct, tag="aurora-used"):
    """An aurora tile was used and flipped to its inactive side (TUL-086/087)."""

    seat: int
    aurora: str
    effect: str


class TileLifted(msgspec.Struct, tag="tile-lifted"):
    """Move-tile aurora: the tile left `cell`; its edge tokens went back (TUL-098)."""

    seat: int
    tile: str
    cell: int
    animals: int
    rivers: int


class LandscapeAchieved(msgspec.Struct, tag="landscape-achieved"):
    """Step 3A (or the wildcard): `tokens` animal tokens on the seat's space of `card`."""

    seat: int
    card: str
    tokens: int
    wildcard: bool = False


class SymbolClaimed(msgspec.Struct, tag="symbol-claimed"):
    """Step 3B: first to cover all 5 spaces of `symbol` (TUL-076)."""

    seat: int
    symbol: str
    tokens: int


class AuroraTaken(msgspec.Struct, tag="aurora-taken"):
    """Step 3C: the seat takes an aurora tile (TUL-080/081)."""

    seat: int
    aurora: str


class StepDone(msgspec.Struct, tag="step-done"):
    """Goals were checked after a placement, discard or move (TUL-047)."""

    seat: int


class TurnEnded(msgspec.Struct, tag="turn-ended"):
    """The turn is over; `triggers_end` when the seat has placed every token (TUL-103)."""

    seat: int
    triggers_end: bool


class GameEnded(msgspec.Struct, tag="game-ended"):
    """The round is complete and an end condition holds (TUL-104/105)."""

    reason: str  # "all-tokens-placed" | "stacks-empty"


Event = (
    StartTilePlaced
    | TurnStarted
    | Slid
    | TilePlaced
    | TileDiscarded
    | TokenPlaced
    | TokenSkipped
    | AuroraUsed
    | TileLifted
    | LandscapeAchieved
    | SymbolClaimed
    | AuroraTaken
    | StepDone
    | TurnEnded
    | GameEnded
)
