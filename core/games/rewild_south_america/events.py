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


class Awaiting(msgspec.Struct, tag="awaiting"):
    """A choice inside an attraction or upgrade: a re-trigger (module 3), a meeple's
    centre (module 4) or a relocation (module 2); `back` is the phase after it."""

    seat: int
    phase: str
    back: str
    biome: int = -1
    plant: int = -1  # the reserve plant a reservation is for (RW-167)


class Resumed(msgspec.Struct, tag="resumed"):
    seat: int


class Retriggered(msgspec.Struct, tag="retriggered"):
    """Module 3: a card's immediate effect again; a predation stack moves onto `onto`."""

    seat: int
    uid: int
    onto: int = -1


class MeeplePlaced(msgspec.Struct, tag="meeple"):
    seat: int
    uid: int
    field: int
    tiles: tuple[int, ...]


class Switched(msgspec.Struct, tag="switched"):
    """Module 2: a switch plant flips the effect timing of card `uid` (RW-173)."""

    seat: int
    uid: int


class Relocated(msgspec.Struct, tag="relocated"):
    """Module 2: tile `tile` moves, with all on it, to `fields` (its extension to `ext`)."""

    seat: int
    tile: int
    fields: tuple[int, ...]
    ext: int = -1


class Reserved(msgspec.Struct, tag="reserved"):
    """Module 2: the wildlife card of `slot` goes onto reserve plant `plant` (RW-167);
    slot -1: the plant lets it pass this time."""

    seat: int
    plant: int
    slot: int
    card: str = ""


class SoloDrew(msgspec.Struct, tag="solo-drew"):
    """The opponent turns over the top card of its pile (RW-205)."""

    card: str
    up: bool


class SoloDeckBuilt(msgspec.Struct, tag="solo-deck"):
    """The opponent's pile is built again from the Rng (RW-201, RW-207)."""


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
    | Awaiting
    | Resumed
    | Retriggered
    | MeeplePlaced
    | Switched
    | Relocated
    | Reserved
    | SoloDrew
    | SoloDeckBuilt
)
