"""Rewild: South America's events. Nothing in them is hidden: a refill reveals cards
that are face up from then on."""

from __future__ import annotations

import msgspec


class Harvested(msgspec.Struct, tag="harvested"):
    seat: int


class ActionPlayed(msgspec.Struct, tag="action-played"):
    seat: int
    card: str
    half: str
    then: str  # the phase the action leads to


class Gained(msgspec.Struct, tag="gained"):
    """Resources into a stock; the fold caps at 10 (RW-005)."""

    seat: int
    resource: int
    amount: int


class Paid(msgspec.Struct, tag="paid"):
    seat: int
    mineral: int
    water: int
    seed: int


class Scored(msgspec.Struct, tag="scored"):
    seat: int
    vp: int
    why: str


class RemovedCard(msgspec.Struct, tag="removed"):
    row: int
    slot: int
    card: str


class TilePlaced(msgspec.Struct, tag="tile-placed"):
    seat: int
    kind: str
    fields: tuple[int, ...]


class Extended(msgspec.Struct, tag="extended"):
    seat: int
    tile: int
    field: int


class TreePlanted(msgspec.Struct, tag="tree-planted"):
    seat: int
    tile: int
    lifted: int  # uid of the animal whose meeple moves up, -1 none (RW-086)


class Flipped(msgspec.Struct, tag="flipped"):
    seat: int
    tile: int


class UpgradesDone(msgspec.Struct, tag="upgrades-done"):
    seat: int


class Attracted(msgspec.Struct, tag="attracted"):
    seat: int
    row: int
    slot: int
    card: str
    biome: str
    fields: tuple[int, ...] = ()
    plant_hexes: int = 0
    canopy: int = -1
    on: int = -1
    meeple: int = -1


class Completed(msgspec.Struct, tag="completed"):
    seat: int
    biome: int


class EndTriggered(msgspec.Struct, tag="end-triggered"):
    seat: int
    why: str


class TurnEnded(msgspec.Struct, tag="turn-ended"):
    seat: int


class Refilled(msgspec.Struct, tag="refilled"):
    """A row slid right and was filled from its deck (RW-030, RW-031)."""

    row: int
    display: list[str]
    revealed: int


class Passed(msgspec.Struct, tag="passed"):
    to: int


class Ended(msgspec.Struct, tag="ended"):
    pass


Event = (
    Harvested
    | ActionPlayed
    | Gained
    | Paid
    | Scored
    | RemovedCard
    | TilePlaced
    | Extended
    | TreePlanted
    | Flipped
    | UpgradesDone
    | Attracted
    | Completed
    | EndTriggered
    | TurnEnded
    | Refilled
    | Passed
    | Ended
)
