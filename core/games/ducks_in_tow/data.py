"""Ducks in Tow component data (spec section "Data the rulebook does not give").

Everything quoted from the rulebook is marked SOURCE; everything else is
PROVISIONAL (DIT-GAPnn of shared/rules/ducks-in-tow.md) and may change when the
printed components are known. `_validate()` runs on import and fails loudly
(DataError) if the tables are inconsistent: a broken map or card list must never
reach a game.
"""

from __future__ import annotations

from typing import Final

import msgspec

RULES_VERSION: Final = "3"
# The rules a record may have been played under (Setup.rules_version, "" = current), by
# the number the state keeps, each replayed as it was played: "1-provisional" = before
# the discard pile (DIT-091, DIT-130, DIT-151); "2" = the stall test over-estimated what
# could still happen (stall.loosely_stalled), so some stalls played on (DIT-151).
RULES_VERSIONS: Final = {"": 3, "1-provisional": 1, "2": 2, "3": 3}

# PROVISIONAL (DIT-GAP01): colour names and card-row order (row 0 at the top).
COLOURS: Final = ("Y", "O", "B", "G")
COLOUR_NAMES: Final = {"Y": "yellow", "O": "orange", "B": "brown", "G": "green"}
NCOL: Final = 4
# PROVISIONAL (DIT-GAP01): 8 ducks of each colour (retail box: 32 ducks).
DUCKS_PER_COLOUR: Final = 8
# SOURCE (DIT-036..038): ducks used per colour by player count.
DUCKS_USED: Final = {2: 6, 3: 7, 4: DUCKS_PER_COLOUR}
# PROVISIONAL (DIT-GAP02): 10 food of each colour (retail box: 40 food).
FOOD_PER_COLOUR: Final = 10
# SOURCE (DIT-032..035): food drawn at setup by clockwise position from the first player.
START_FOOD: Final = (2, 3, 4, 4)
# SOURCE
ACTIONS_PER_TURN: Final = 4  # DIT-051
TOW_SLOTS: Final = 4  # DIT-046
HAND_SIZE: Final = 4  # DIT-024, DIT-127
DISPLAY_SIZE: Final = 4  # DIT-026
FOOD_LIMIT: Final = 4  # DIT-087, DIT-125
GIFT_FOOD: Final = 2  # DIT-085
GIFT_CARDS: Final = 2  # DIT-088
LOCATION_TILES_USED: Final = {2: 4, 3: 6, 4: 8}  # DIT-013..015
END_CARDS: Final = {2: 8, 3: 7, 4: 6}  # DIT-133..135
FORMATIONS_EXTRA: Final = 2  # DIT-027: player count + 2

# PROVISIONAL (DIT-GAP11): cosmetic pawn colours, assigned by seat index.
PAWN_COLOURS: Final = ("red", "blue", "purple", "white")

# PROVISIONAL (DIT-GAP04): the 8 location symbols (only "Koi Pond" is attested).
LOCATIONS: Final = {
    "KOI": "Koi Pond",
    "FTN": "Fountain",
    "GZB": "Gazebo",
    "BRG": "Stone Bridge",
    "PIC": "Picnic Lawn",
    "FLW": "Flower Garden",
    "BOT": "Boathouse",
    "WIL": "Willow Tree",
}

# Tile roles: L = location space, GS = Gift Shop, AD = Adopt (DIT-GAP03, DIT-GAP05).
LOCATION = "L"
GIFT_SHOP = "GS"
ADOPT = "AD"


class Hex(msgspec.Struct, frozen=True):
    q: int
    r: int
    role: str
    start: int  # 1..4 = start space Sn, 0 = none
    neighbours: tuple[int, ...]  # 0-based tile indices


class DataError(Exception):
    """The component tables contradict themselves: fix data.py."""


def _hexes(rows: list[tuple[int, int, str, int, str]]) -> tuple[Hex, ...]:
    out = []
    for q, r, role, start, neigh in rows:
        idx = tuple(int(h[1:]) - 1 for h in neigh.split())
        out.append(Hex(q, r, role, start, idx))
    return tuple(out)


# PROVISIONAL (DIT-GAP05): park maps, axial coordinates, neighbours as in the spec tables.
MAPS: Final[dict[int, tuple[Hex, ...]]] = {
    2: _hexes(
        [
            (0, 0, GIFT_SHOP, 1, "H02 H04"),
            (1, 0, LOCATION, 0, "H01 H03 H04 H05"),
            (2, 0, ADOPT, 0, "H02 H05"),
            (0, 1, LOCATION, 0, "H01 H02 H05 H06 H07"),
            (1, 1, LOCATION, 0, "H02 H03 H04 H07 H08"),
            (-1, 2, ADOPT, 0, "H04 H07"),
            (0, 2, LOCATION, 0, "H04 H05 H06 H08"),
            (1, 2, GIFT_SHOP, 2, "H05 H07"),
        ]
    ),
    3: _hexes(
        [
            (0, 0, GIFT_SHOP, 1, "H02 H05"),
            (1, 0, LOCATION, 0, "H01 H03 H05 H06"),
            (2, 0, LOCATION, 0, "H02 H04 H06 H07"),
            (3, 0, ADOPT, 2, "H03 H07"),
            (0, 1, LOCATION, 0, "H01 H02 H06 H08 H09"),
            (1, 1, GIFT_SHOP, 0, "H02 H03 H05 H07 H09 H10"),
            (2, 1, LOCATION, 0, "H03 H04 H06 H10 H11"),
            (-1, 2, ADOPT, 3, "H05 H09"),
            (0, 2, LOCATION, 0, "H05 H06 H08 H10"),
            (1, 2, LOCATION, 0, "H06 H07 H09 H11"),
            (2, 2, GIFT_SHOP, 0, "H07 H10"),
        ]
    ),
    4: _hexes(
        [
            (1, 0, GIFT_SHOP, 4, "H02 H04 H05"),
            (2, 0, LOCATION, 0, "H01 H03 H05 H06"),
            (3, 0, ADOPT, 1, "H02 H06 H07"),
            (0, 1, LOCATION, 0, "H01 H05 H08 H09"),
            (1, 1, LOCATION, 0, "H01 H02 H04 H06 H09 H10"),
            (2, 1, ADOPT, 0, "H02 H03 H05 H07 H10 H11"),
            (3, 1, LOCATION, 0, "H03 H06 H11"),
            (-1, 2, LOCATION, 0, "H04 H09 H12"),
            (0, 2, GIFT_SHOP, 0, "H04 H05 H08 H10 H12 H13"),
            (1, 2, LOCATION, 0, "H05 H06 H09 H11 H13 H14"),
            (2, 2, LOCATION, 0, "H06 H07 H10 H14"),
            (-1, 3, ADOPT, 3, "H08 H09 H13"),
            (0, 3, LOCATION, 0, "H09 H10 H12 H14"),
            (1, 3, GIFT_SHOP, 2, "H10 H11 H13"),
        ]
    ),
}
# PROVISIONAL (DIT-GAP03): special action tiles per player count (GS, AD).
SPECIAL_TILES: Final = {2: (2, 2), 3: (3, 2), 4: (3, 3)}


class StartCard(msgspec.Struct, frozen=True):
    id: str
    players: tuple[int, ...]  # marking, bottom-right (DIT-002)
    first_player: bool  # DIT-005
    ducks: tuple[str, ...]  # printed ducks, one per colour row (DIT-GAP07)
    start_space: int  # DIT-GAP13: holder of STk starts on Sk


# PROVISIONAL (DIT-GAP06)
START_CARDS: Final = (
    StartCard("ST1", (2, 3, 4), True, ("Y", "B"), 1),
    StartCard("ST2", (2, 3, 4), False, ("O", "G"), 2),
    StartCard("ST3", (3, 4), False, ("Y", "G"), 3),
    StartCard("ST4", (4,), False, ("O", "B"), 4),
)


class LocationCard(msgspec.Struct, frozen=True):
    id: str
    location: str  # symbol, matches one location tile (DIT-071)
    ducks: tuple[str, ...]  # printed = required ducks (DIT-070, DIT-GAP08)


def _cards(text: str) -> tuple[LocationCard, ...]:
    out = []
    for line in text.strip().splitlines():
        card, ducks = line.split(":")
        out.append(LocationCard(card, card.split("-")[0], tuple(ducks.split())))
    return tuple(out)


# PROVISIONAL (DIT-GAP08): 48 location cards, 6 per symbol.
LOCATION_CARDS: Final = _cards(
    """
KOI-1:Y
KOI-2:O
KOI-3:Y B
KOI-4:O G
KOI-5:O B G
KOI-6:Y B G
FTN-1:Y
FTN-2:B
FTN-3:Y G
FTN-4:O B
FTN-5:O B G
FTN-6:Y O G
GZB-1:Y
GZB-2:G
GZB-3:Y O
GZB-4:B G
GZB-5:O B G
GZB-6:Y O B
BOT-1:Y
BOT-2:O
BOT-3:Y G
BOT-4:O B
BOT-5:O B G
BOT-6:Y B G
BRG-1:O
BRG-2:B
BRG-3:Y O
BRG-4:B G
BRG-5:Y B G
BRG-6:Y O G
PIC-1:O
PIC-2:G
PIC-3:Y G
PIC-4:O B
PIC-5:Y B G
PIC-6:Y O B
FLW-1:B
FLW-2:G
FLW-3:Y B
FLW-4:O G
FLW-5:Y O G
FLW-6:Y O B
WIL-1:B
WIL-2:G
WIL-3:Y O
WIL-4:B G
WIL-5:Y O G
WIL-6:Y O B
"""
)


class Formation(msgspec.Struct, frozen=True):
    id: str
    name: str
    cells: tuple[tuple[int, int], ...]  # (dc, dr): column offset (cards), row offset
    points: int  # DIT-112: 2, 3 or 4

    @property
    def width(self) -> int:
        return 1 + max(dc for dc, _ in self.cells)

    @property
    def height(self) -> int:
        return 1 + max(dr for _, dr in self.cells)


# PROVISIONAL (DIT-GAP09, DIT-GAP10, DIT-GAP14)
FORMATIONS: Final = (
    Formation("F1", "Line of Three", ((0, 0), (1, 0), (2, 0)), 2),
    Formation("F2", "Little V", ((0, 0), (1, 1), (2, 0)), 2),
    Formation("F3", "Diagonal", ((0, 0), (1, 1), (2, 2)), 2),
    Formation("F4", "Tower", ((0, 0), (0, 1), (0, 2)), 3),
    Formation("F5", "Square", ((0, 0), (1, 0), (0, 1), (1, 1)), 3),
    Formation("F6", "Hook", ((0, 0), (0, 1), (1, 1), (2, 1)), 3),
    Formation("F7", "Zigzag", ((0, 0), (1, 1), (2, 0), (3, 1)), 4),
    Formation("F8", "Diamond", ((1, 0), (0, 1), (2, 1), (1, 2)), 4),
)

CARD_BY_ID: Final = {card.id: card for card in LOCATION_CARDS}
START_BY_ID: Final = {card.id: card for card in START_CARDS}
FORMATION_BY_ID: Final = {f.id: f for f in FORMATIONS}


def printed_rows(card_id: str) -> list[bool]:
    """Which of the 4 colour rows of a location or start card show a printed duck."""
    card = START_BY_ID[card_id] if card_id in START_BY_ID else CARD_BY_ID[card_id]
    return [colour in card.ducks for colour in COLOURS]


def _axial_neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]


def _validate() -> None:
    """Check every table against the rules that constrain it; DataError otherwise."""

    def fail(message: str) -> None:
        raise DataError(f"ducks-in-tow data: {message}")

    for n, hexes in MAPS.items():
        where = {(h.q, h.r): i for i, h in enumerate(hexes)}
        if len(where) != len(hexes):
            fail(f"{n}p map has duplicate coordinates")
        for i, h in enumerate(hexes):
            computed = sorted(where[c] for c in _axial_neighbours(h.q, h.r) if c in where)
            if computed != sorted(h.neighbours):
                fail(f"{n}p H{i + 1:02d}: neighbours {h.neighbours} != computed {computed}")
        roles = [h.role for h in hexes]
        if roles.count(LOCATION) != LOCATION_TILES_USED[n]:
            fail(f"{n}p map needs {LOCATION_TILES_USED[n]} location spaces")
        if (roles.count(GIFT_SHOP), roles.count(ADOPT)) != SPECIAL_TILES[n]:
            fail(f"{n}p map special tiles differ from {SPECIAL_TILES[n]}")
        if sorted(h.start for h in hexes if h.start) != list(range(1, n + 1)):
            fail(f"{n}p map needs start spaces S1..S{n}")
        if any(h.start and h.role == LOCATION for h in hexes):
            fail(f"{n}p start spaces must be special action tiles")
        seen, todo = {0}, [0]
        while todo:
            for j in hexes[todo.pop()].neighbours:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        if len(seen) != len(hexes):
            fail(f"{n}p map is not connected")
        if len(hexes) <= n:
            fail(f"{n}p map needs more tiles than pawns (DIT-122)")
    if len(LOCATIONS) != max(LOCATION_TILES_USED.values()):
        fail("one location tile per symbol")
    if len(LOCATION_CARDS) != 48 or len(CARD_BY_ID) != 48:
        fail("48 distinct location cards expected")
    for card in LOCATION_CARDS:
        if card.location not in LOCATIONS:
            fail(f"{card.id}: unknown symbol {card.location}")
        if not 1 <= len(card.ducks) <= 3 or len(set(card.ducks)) != len(card.ducks):
            fail(f"{card.id}: needs 1-3 ducks of distinct colours (one per row)")
        if any(c not in COLOURS for c in card.ducks):
            fail(f"{card.id}: unknown colour")
    for n in MAPS:
        used = [c for c in START_CARDS if n in c.players]
        if len(used) != n or sum(c.first_player for c in used) != 1:
            fail(f"{n}p: need {n} start cards, exactly one First Player")
        if sorted(c.start_space for c in used) != list(range(1, n + 1)):
            fail(f"{n}p: start cards must designate S1..S{n}")
    for f in FORMATIONS:
        if f.points not in (2, 3, 4) or f.height > NCOL or len(set(f.cells)) != len(f.cells):
            fail(f"formation {f.id} is malformed")
    if len(FORMATIONS) != 8 or max(MAPS) + FORMATIONS_EXTRA > len(FORMATIONS):
        fail("8 formation cards expected")
    for n in MAPS:
        if len(MAPS[n]) > DUCKS_USED[n] * NCOL:
            fail(f"{n}p: not enough ducks for one per tile")
        if n * HAND_SIZE + DISPLAY_SIZE > 6 * LOCATION_TILES_USED[n]:
            fail(f"{n}p: not enough location cards for hands and display")


_validate()
