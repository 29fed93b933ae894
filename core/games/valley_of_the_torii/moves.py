"""Valley of the Torii moves: a tagged union. Slots are named "r2c3" (data.SLOTS),
wheels "large" / "small", recesses by their index clockwise from the arrow."""

from __future__ import annotations

import msgspec


class Take(msgspec.Struct, tag="take"):
    """Choose an available tile around a wheel (TOR-020, TOR-025, TOR-026)."""

    wheel: str
    recess: int


class Paint(msgspec.Struct, tag="paint"):
    """Use the paintbrush: choose any tile around a wheel (TOR-092)."""

    wheel: str
    recess: int


class SwapWheel(msgspec.Struct, tag="swap-wheel"):
    """Water seal: swap two tiles of one wheel before choosing (TOR-070); a < b."""

    wheel: str
    a: int
    b: int


class DrawVillage(msgspec.Struct, tag="draw-village"):
    """Village seal: draw 3 tiles from the bag instead of choosing (TOR-078)."""


class TakeReserved(msgspec.Struct, tag="take-reserved"):
    """Place the mountain seal's reserved tile instead of choosing (TOR-075)."""


class Pick(msgspec.Struct, tag="pick"):
    """Choose one of the village-seal tiles (TOR-079)."""

    tile: str


class Reserve(msgspec.Struct, tag="reserve"):
    """Mountain seal: reserve an available tile of the wheel just refilled (TOR-073)."""

    recess: int


class SkipReserve(msgspec.Struct, tag="skip-reserve"):
    """Keep the mountain seal for a later refill (TOR-069)."""


class Place(msgspec.Struct, tag="place"):
    """Place the obtained tile (TOR-021). `bamboo`: with the bamboo seal (TOR-071);
    `seal`: the seal taken when this completes a ≠ line offering several (TOR-061)."""

    slot: str
    bamboo: bool = False
    seal: str = ""


class RainbowPick(msgspec.Struct, tag="rainbow-pick"):
    """Rainbow effect: the wheel tile to swap onto your board (TOR-167, TOR-169)."""

    wheel: str
    recess: int


class RainbowSkip(msgspec.Struct, tag="rainbow-skip"):
    """Rainbow effect: no swap for you (TOR-168)."""


class RainbowPut(msgspec.Struct, tag="rainbow-put"):
    """Rainbow effect: the board tile the picked wheel tile replaces (TOR-170, TOR-171)."""

    slot: str
    seal: str = ""


class UseCherry(msgspec.Struct, tag="use-cherry"):
    """Cherry seal at game end: return the wheel tiles, draw 4 (TOR-082, TOR-083)."""


class SkipCherry(msgspec.Struct, tag="skip-cherry"):
    """Do not use the cherry seal (TOR-085)."""


class CherryReplace(msgspec.Struct, tag="cherry-replace"):
    """Replace the tile in `slot` with the drawn tile `tile` (TOR-084)."""

    tile: str
    slot: str


Move = (
    Take
    | Paint
    | SwapWheel
    | DrawVillage
    | TakeReserved
    | Pick
    | Reserve
    | SkipReserve
    | Place
    | RainbowPick
    | RainbowSkip
    | RainbowPut
    | UseCherry
    | SkipCherry
    | CherryReplace
)
