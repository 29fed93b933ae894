"""Whispering Woods moves: one decision each, so every legal-move list stays small.

Positions are axial hex coordinates (q, r) in the mover's own forest (WW-GAP01).
A turn is [Refresh | Keep] (step 1, offered only when a refresh is possible) ->
TakeForest, TakeForest (option A) or TakeMission (option B) (step 2) -> any number
of Walk, then EndTurn (step 3, offered only while a walk is possible). Solitaire
begins with StartAnimal (WW-103).
"""

from __future__ import annotations

import msgspec


class StartAnimal(msgspec.Struct, tag="start-animal"):
    """Solitaire setup: put this animal on the starting tile (WW-103, WW-160)."""

    animal: str


class Refresh(msgspec.Struct, tag="refresh"):
    """Step 1: flip this completed mission tile to replace the market (WW-028)."""

    tile: str


class Keep(msgspec.Struct, tag="keep"):
    """Step 1: keep the market as it is (the refresh is optional, WW-029)."""


class TakeForest(msgspec.Struct, tag="take-forest"):
    """Step 2, option A: take `tile` from the market, place it side A up at (q, r)."""

    tile: str
    q: int
    r: int


class TakeMission(msgspec.Struct, tag="take-mission"):
    """Step 2, option B: take `tile`, flip it to side B, place it at (q, r) with an
    animal from the supply (WW-046/047). `animal` names it in solitaire (WW-160);
    in the competitive game a colour's animals are alike and it stays ""."""

    tile: str
    q: int
    r: int
    animal: str = ""


class Walk(msgspec.Struct, tag="walk"):
    """Step 3: the animal on the mission tile at (q, r) walks `route`, one position
    per colour of the path, forwards or backwards (WW-054..057)."""

    q: int
    r: int
    route: list[tuple[int, int]]


class EndTurn(msgspec.Struct, tag="end-turn"):
    """Step 3: complete no more missions this turn (WW-052)."""


Move = StartAnimal | Refresh | Keep | TakeForest | TakeMission | Walk | EndTurn
