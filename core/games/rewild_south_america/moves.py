"""Rewild: South America's moves: one decision each, so every list stays small."""

from __future__ import annotations

from typing import Literal

import msgspec


class Harvest(msgspec.Struct, tag="harvest"):
    """Play the harvest card (RW-042)."""


class PlayAction(msgspec.Struct, tag="play"):
    """Play an action card for its top or bottom action (RW-038)."""

    card: str
    half: Literal["top", "bottom"]


class PlaceTile(msgspec.Struct, tag="place"):
    """Place the action's biome tile on these fields (RW-062)."""

    fields: tuple[int, ...]


class Extend(msgspec.Struct, tag="extend"):
    """Extend shrubland tile `tile` onto `field` (RW-071)."""

    tile: int
    field: int


class PlantTree(msgspec.Struct, tag="tree"):
    """Put a tall tree on rainforest tile `tile` (RW-058, RW-081)."""

    tile: int


class Flip(msgspec.Struct, tag="flip"):
    """Flip grassland tile `tile` to wetland (RW-058, RW-077)."""

    tile: int


class StopUpgrading(msgspec.Struct, tag="stop"):
    """End an upgrade action after at least one upgrade (RW-047)."""


class AttractWildlife(msgspec.Struct, tag="wildlife"):
    """Attract the wildlife card of `slot` into `biome`, marking `fields`, using
    `plant_hexes` plant-provided hexes, or (canopy >= 0) the tall tree of tile `canopy`;
    slot -1: the card the player reserved (module 2, RW-168)."""

    slot: int
    biome: str
    fields: tuple[int, ...] = ()
    plant_hexes: int = 0
    canopy: int = -1


class AttractPredation(msgspec.Struct, tag="predation"):
    """Attract the predation card of `slot` onto the visible card `prey` (RW-108)."""

    slot: int
    prey: int


class AttractPlant(msgspec.Struct, tag="plant"):
    """Attract the plant card of `slot` into `biome` (RW-122); the carnivorous plant
    names its insect `prey` (RW-123)."""

    slot: int
    biome: str
    prey: int = -1


class EndTurn(msgspec.Struct, tag="end"):
    """Stop attracting (RW-096)."""


class Retrigger(msgspec.Struct, tag="retrigger"):
    """Module 3: re-trigger card `uid` of the completed biome; a predation card (or the
    carnivorous plant) moves onto the visible card `prey` (RW-185, RW-189)."""

    uid: int
    prey: int = -1


class Decline(msgspec.Struct, tag="decline"):
    """Module 3: let the re-trigger go (RW-187)."""


class PlaceMeeple(msgspec.Struct, tag="meeple"):
    """Module 4: put card `uid`'s expert meeple on centre `field` (RW-193, RW-GAP13)."""

    uid: int
    field: int


class Relocate(msgspec.Struct, tag="relocate"):
    """Module 2: move tile `tile` to `fields` (its extension to `ext`) (RW-180)."""

    tile: int
    fields: tuple[int, ...]
    ext: int = -1


class Reserve(msgspec.Struct, tag="reserve"):
    """Module 2: reserve the displayed wildlife card of `slot` (RW-167)."""

    slot: int


Move = (
    Harvest
    | PlayAction
    | PlaceTile
    | Extend
    | PlantTree
    | Flip
    | StopUpgrading
    | AttractWildlife
    | AttractPredation
    | AttractPlant
    | EndTurn
    | Retrigger
    | Decline
    | PlaceMeeple
    | Relocate
    | Reserve
)
