"""Whispering Woods events: what happened, complete enough that the folds need no rules.

Every tile an event names is face up on the table (market, forest, personal area,
round track) or was before it went back into the bag, so no event is redacted:
only the bag's order and the Rng are secret, and no event carries them.
"""

from __future__ import annotations

import msgspec


class StartAnimalPlaced(msgspec.Struct, tag="start-animal-placed"):
    """Solitaire setup: `animal` stands on the starting tile (WW-103)."""

    seat: int
    animal: str


class TurnStarted(msgspec.Struct, tag="turn-started"):
    seat: int
    round: int


class MarketRefilled(msgspec.Struct, tag="market-refilled"):
    """Tiles drawn from the bag into the market, side A up (WW-024, WW-117)."""

    tiles: list[str]
    short: bool = False  # the bag could not fill the market (WW-089)


class FinalRound(msgspec.Struct, tag="final-round"):
    """This round is the last: `reason` is "missions" (WW-085..088) or "bag" (WW-089)."""

    seat: int
    reason: str


class MarketRefreshed(msgspec.Struct, tag="market-refreshed"):
    """`seat` flipped `flipped`; `drawn` is the new market, then `returned` (the old
    market) went back into the bag, which was shuffled (WW-034/035)."""

    seat: int
    flipped: str
    drawn: list[str]
    returned: list[str]


class StepSkipped(msgspec.Struct, tag="step-skipped"):
    """A step with nothing to do, or declined: `step` is "refresh", "take" or "walk"."""

    seat: int
    step: str
    chosen: bool = False  # the player declined (Keep / EndTurn) rather than could not


class ForestTaken(msgspec.Struct, tag="forest-taken"):
    """Option A: `tile` from the market, side A up at (q, r) (WW-044)."""

    seat: int
    tile: str
    q: int
    r: int


class MissionTaken(msgspec.Struct, tag="mission-taken"):
    """Option B: `tile` side B up at (q, r) with `animal` on it (WW-046/047)."""

    seat: int
    tile: str
    q: int
    r: int
    animal: str


class MissionCompleted(msgspec.Struct, tag="mission-completed"):
    """`animal` walked `route` from the mission tile `tile` at (q, r): that tile went to
    the personal area (WW-063), the route's last tile flipped with the animal on it
    (WW-066)."""

    seat: int
    tile: str
    q: int
    r: int
    animal: str
    route: list[tuple[int, int]]
    vp: int


class ComboTaken(msgspec.Struct, tag="combo-taken"):
    """End of step 3: `earned` missions this turn gave `card` (WW-071..077)."""

    seat: int
    earned: int
    card: str


class LevelMissionAchieved(msgspec.Struct, tag="level-mission-achieved"):
    """Solitaire: the level card's mission `index` is achieved (WW-125/128)."""

    index: int


class RoundClosed(msgspec.Struct, tag="round-closed"):
    """Solitaire step 4: `tile` from the bag onto the round track (`space` like "R3" or
    "E1"), and the market tiles of its colour set aside (WW-114..116)."""

    tile: str
    space: str
    purged: list[str]


class GameEnded(msgspec.Struct, tag="game-ended"):
    """`reason`: final-round (WW-092), level-cleared (WW-154), rounds-run-out (WW-118)."""

    reason: str


Event = (
    StartAnimalPlaced
    | TurnStarted
    | MarketRefilled
    | FinalRound
    | MarketRefreshed
    | StepSkipped
    | ForestTaken
    | MissionTaken
    | MissionCompleted
    | ComboTaken
    | LevelMissionAchieved
    | RoundClosed
    | GameEnded
)
