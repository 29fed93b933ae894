"""Valley of the Torii component data (shared/rules/valley-of-the-torii.md).

Most of it is PROVISIONAL: the rulebook lost the board, wheel, tile and card data,
so the spec's GAP sections fill them in. Each block names its GAP id; `_validate()`
(run at import) checks every count and link the rules rely on, so real data can
replace a block without touching the rules code. Every name a player sees has
`name_en` and `name_ja` (the rulebook's own Japanese terms where it has one).
"""

from __future__ import annotations

import msgspec


class Named(msgspec.Struct, frozen=True):
    id: str
    name_en: str
    name_ja: str


# -- landscapes and torii (TOR-038, TOR-039; colours PROVISIONAL TOR-GAP06) --------------

LANDSCAPES: tuple[Named, ...] = (
    Named("bamboo", "Bamboo", "竹"),
    Named("cherry", "Cherry blossom", "桜"),
    Named("mountain", "Mountain", "山"),
    Named("water", "Water", "水"),
    Named("village", "Village", "村"),
)
LANDSCAPE_IDS: tuple[str, ...] = tuple(x.id for x in LANDSCAPES)

TORII_COLOURS: tuple[Named, ...] = (  # PROVISIONAL TOR-GAP06
    Named("red", "Red torii", "赤い鳥居"),
    Named("blue", "Blue torii", "青い鳥居"),
    Named("green", "Green torii", "緑の鳥居"),
    Named("yellow", "Yellow torii", "黄色の鳥居"),
    Named("purple", "Purple torii", "紫の鳥居"),
)
COLOUR_IDS: tuple[str, ...] = tuple(x.id for x in TORII_COLOURS)

# Torii set values by number of different colours (TOR-115; 3 and 4 PROVISIONAL TOR-GAP08).
TORII_SET_VP: dict[int, int] = {1: 0, 2: 2, 3: 4, 4: 7, 5: 10}


class Tile(msgspec.Struct, frozen=True):
    id: str
    landscape: str  # "" for the rainbow tile (no landscape, TOR-164)
    torii: str  # colour id or ""
    brush: bool  # paintbrush icon (bamboo only, TOR-040)


def _manifest() -> tuple[Tile, ...]:
    """PROVISIONAL TOR-GAP05/06/07: 108 tiles T001-T108.

    Per landscape: 3 torii of "its" colour, then one of each other colour, then
    (bamboo only) 7 paintbrush tiles, then plain tiles."""
    plan = (  # landscape, count, own colour, the other four colours in order
        ("bamboo", 22, "green", ("red", "blue", "yellow", "purple")),
        ("cherry", 22, "purple", ("red", "blue", "green", "yellow")),
        ("mountain", 22, "red", ("blue", "green", "yellow", "purple")),
        ("water", 21, "blue", ("red", "green", "yellow", "purple")),
        ("village", 21, "yellow", ("red", "blue", "green", "purple")),
    )
    tiles: list[Tile] = []
    for landscape, count, own, others in plan:
        colours = [own, own, own, *others]
        for i in range(count):
            number = len(tiles) + 1
            torii = colours[i] if i < len(colours) else ""
            brush = landscape == "bamboo" and 7 <= i < 14
            tiles.append(Tile(f"T{number:03d}", landscape, torii, brush))
    return tuple(tiles)


LANDSCAPE_TILES: tuple[Tile, ...] = _manifest()
RAINBOW = "T_RAINBOW"  # PROVISIONAL TOR-GAP14: the promo tile, 2 VP, no landscape
RAINBOW_TILE = Tile(RAINBOW, "", "", False)
RAINBOW_VP = 2
RAINBOW_NAME = Named(RAINBOW, "Rainbow tile", "虹タイル")
TILES: dict[str, Tile] = {t.id: t for t in (*LANDSCAPE_TILES, RAINBOW_TILE)}
TILE_COUNT = 108

# -- the painting board (PROVISIONAL TOR-GAP01, TOR-GAP02) ------------------------------

ROWS: tuple[int, ...] = (6, 5, 5, 4, 3)  # slots per row, bottom (row 1) first
# Horizontal centre x2 of slot 0 of each row: rows 1, 3 start at 0; rows 2, 4 at 1; row 5 at 2.
_ROW_X0: tuple[int, ...] = (0, 1, 0, 1, 2)
ROW_OFFSETS = _ROW_X0  # the same, for a form that draws the board (custom_paper)


class Slot(msgspec.Struct, frozen=True):
    id: str  # "r2c3"
    row: int  # 1 = bottom
    x2: int  # twice the horizontal centre
    supports: tuple[int, ...]  # slot indices this slot rests on (TOR-044)
    edge: bool  # the board edge stands in for a missing support (TOR-047)


def _slots() -> tuple[Slot, ...]:
    ids: dict[tuple[int, int], int] = {}
    cells: list[tuple[int, int, int]] = []  # row, col, x2
    for r, count in enumerate(ROWS, start=1):
        for c in range(count):
            ids[(r, 2 * c + _ROW_X0[r - 1])] = len(cells)
            cells.append((r, c, 2 * c + _ROW_X0[r - 1]))
    out = []
    for r, c, x2 in cells:
        below = [ids[(r - 1, x2 + d)] for d in (-1, 1) if (r - 1, x2 + d) in ids] if r > 1 else []
        edge = r > 1 and len(below) == 1 and x2 == 0  # only the leftmost column (TOR-047)
        out.append(Slot(f"r{r}c{c}", r, x2, tuple(below), edge))
    return tuple(out)


SLOTS: tuple[Slot, ...] = _slots()
SLOT_INDEX: dict[str, int] = {s.id: i for i, s in enumerate(SLOTS)}
SLOT_COUNT = len(SLOTS)
TOP_ROW = len(ROWS)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        j
        for j, b in enumerate(SLOTS)
        if (a.row == b.row and abs(a.x2 - b.x2) == 2)
        or (abs(a.row - b.row) == 1 and abs(a.x2 - b.x2) == 1)
    )
    for a in SLOTS
)
# ≠ lines (TOR-060), the scroll slot (TOR-055), the dark end slots (TOR-100).
SEAL_LINES: tuple[tuple[int, ...], ...] = (
    tuple(SLOT_INDEX[s] for s in ("r2c1", "r2c2", "r2c3")),
    tuple(SLOT_INDEX[s] for s in ("r4c0", "r4c1", "r4c2")),
)
SCROLL_SLOT = SLOT_INDEX["r3c4"]
END_SLOTS: tuple[int, ...] = tuple(i for i, s in enumerate(SLOTS) if s.row == TOP_ROW)

# -- board layouts: paper tiles (TOR-123..137; PROVISIONAL TOR-GAP13) -------------------

PAPER_TILES = 24
LAYOUTS: dict[str, tuple[Named, tuple[int, ...]]] = {
    "STANDARD": (Named("STANDARD", "Standard board", "標準の絵画ボード"), ()),
    "ALT1": (
        Named("ALT1", "Alternative board 1", "代替の絵画ボード1"),
        tuple(SLOT_INDEX[s] for s in ("r5c0", "r5c2")),
    ),
    "ALT2": (
        Named("ALT2", "Alternative board 2", "代替の絵画ボード2"),
        tuple(SLOT_INDEX[s] for s in ("r1c0", "r2c0", "r3c0", "r1c5", "r2c4", "r4c3")),
    ),
    "ALT3": (
        Named("ALT3", "Alternative board 3", "代替の絵画ボード3"),
        (SLOT_INDEX["r4c0"],),
    ),
    "CUSTOM": (Named("CUSTOM", "Custom board", "自作の代替ボード"), ()),
}


def custom_paper(mask: int) -> tuple[int, ...]:
    """The slots a custom layout covers: bit i of `mask` covers SLOTS[i] (TOR-128)."""
    return tuple(i for i in range(SLOT_COUNT) if mask >> i & 1)


def layout_problem(paper: tuple[int, ...], boards: int) -> str:
    """Why a paper layout cannot be played ("" if it can): TOR-128, TOR-181."""
    if len(paper) * boards > PAPER_TILES:
        return (
            f"the layout covers {len(paper)} slots on each of {boards} boards, "
            f"more than the {PAPER_TILES} paper tiles in the box"
        )
    open_slots = [i for i in range(SLOT_COUNT) if i not in paper]
    if not any(SLOTS[i].row == 1 for i in open_slots):
        return "the layout must leave at least one bottom-row slot uncovered"
    if not any(SLOTS[i].row == TOP_ROW for i in open_slots):
        return "the layout must leave at least one top-row (end) slot uncovered"
    return ""


# -- wheels (PROVISIONAL TOR-GAP03, TOR-GAP04) ------------------------------------------

WHEELS: tuple[Named, ...] = (
    Named("large", "Large wheel", "大ホイール"),
    Named("small", "Small wheel", "小ホイール"),
)
WHEEL_IDS: tuple[str, ...] = tuple(w.id for w in WHEELS)
RECESSES: dict[str, int] = {"large": 12, "small": 8}
# The arrow indicates the first and the last recess (clockwise from the arrow).
# Solo side of the large wheel: linked recesses; the others show a grey fan.
SOLO_LINKS: tuple[tuple[int, int], ...] = ((0, 6), (2, 8), (3, 9), (5, 11))
SOLO_FANS: tuple[int, ...] = (1, 4, 7, 10)
SOLO_PARTNER: dict[int, int] = dict(SOLO_LINKS) | {b: a for a, b in SOLO_LINKS}

# -- seals, scrolls, paintbrush (TOR-GAP11, TOR-GAP12) ----------------------------------

SEALS: tuple[Named, ...] = (  # one per landscape, ids = landscape ids
    Named("bamboo", "Bamboo seal", "竹の刻印"),
    Named("cherry", "Cherry blossom seal", "桜の刻印"),
    Named("mountain", "Mountain seal", "山の刻印"),
    Named("water", "Water seal", "水の刻印"),
    Named("village", "Village seal", "村の刻印"),
)
SEAL_IDS: tuple[str, ...] = tuple(s.id for s in SEALS)
SCROLLS: dict[str, int] = {"SCROLL_5": 5, "SCROLL_4a": 4, "SCROLL_4b": 4, "SCROLL_3": 3}
SCROLL_NAME = Named("scroll", "Scroll token", "巻物トークン")
# Stacks by number of boards in play, top first (TOR-006..009, TOR-142).
SCROLL_STACKS: dict[int, tuple[str, ...]] = {
    2: ("SCROLL_5", "SCROLL_3"),
    3: ("SCROLL_5", "SCROLL_4a", "SCROLL_3"),
    4: ("SCROLL_5", "SCROLL_4a", "SCROLL_4b", "SCROLL_3"),
}
PAINTBRUSH = Named("paintbrush", "Paintbrush token", "絵筆トークン")
PAINTBRUSH_VP = 2

# -- objective cards (PROVISIONAL TOR-GAP09, TOR-GAP10) ---------------------------------


class Objective(msgspec.Struct, frozen=True):
    id: str
    landscape: str  # "" for the spare card
    letter: str  # A, B, C ("" for the spare)
    name_en: str
    name_ja: str
    text_en: str
    text_ja: str


OBJECTIVES: tuple[Objective, ...] = (
    Objective(
        "OBJ_MOUNTAIN_A",
        "mountain",
        "A",
        "Summits",
        "山頂",
        "Each mountain tile scores 2 × (row − 1) VP.",
        "山タイル1枚につき2×（段−1）勝利点。",
    ),
    Objective(
        "OBJ_MOUNTAIN_B",
        "mountain",
        "B",
        "Mountain range",
        "山脈",
        "Largest mountain group: 2 → 6, 3 → 12, 4 → 18, 5 → 24, 6+ → 30 VP.",
        "最大の山グループの枚数：2→6、3→12、4→18、5→24、6以上→30勝利点。",
    ),
    Objective(
        "OBJ_MOUNTAIN_C",
        "mountain",
        "C",
        "Lone peaks",
        "孤峰",
        "6 VP per mountain tile with no adjacent mountain tile.",
        "隣に山タイルがない山タイル1枚につき6勝利点。",
    ),
    Objective(
        "OBJ_WATER_A",
        "water",
        "A",
        "Streams",
        "小川",
        "4 VP per water tile adjacent to another water tile.",
        "他の水タイルに隣接する水タイル1枚につき4勝利点。",
    ),
    Objective(
        "OBJ_WATER_B",
        "water",
        "B",
        "Lake",
        "湖",
        "4 VP per water tile in the bottom row.",
        "一番下の段の水タイル1枚につき4勝利点。",
    ),
    Objective(
        "OBJ_WATER_C",
        "water",
        "C",
        "Mountain springs",
        "山の泉",
        "4 VP per water tile adjacent to a mountain tile.",
        "山タイルに隣接する水タイル1枚につき4勝利点。",
    ),
    Objective(
        "OBJ_BAMBOO_A",
        "bamboo",
        "A",
        "Groves",
        "竹林",
        "Each bamboo group: 2 → 6, 3 → 12, 4+ → 16 VP.",
        "竹グループごとの枚数：2→6、3→12、4以上→16勝利点。",
    ),
    Objective(
        "OBJ_BAMBOO_B",
        "bamboo",
        "B",
        "Bamboo rows",
        "竹の列",
        "6 VP per row with at least 2 bamboo tiles.",
        "竹タイルが2枚以上ある段1つにつき6勝利点。",
    ),
    Objective(
        "OBJ_BAMBOO_C",
        "bamboo",
        "C",
        "Village bamboo",
        "里の竹",
        "4 VP per bamboo tile adjacent to a village tile.",
        "村タイルに隣接する竹タイル1枚につき4勝利点。",
    ),
    Objective(
        "OBJ_CHERRY_A",
        "cherry",
        "A",
        "Scattered blossoms",
        "散り桜",
        "4 VP per cherry-blossom tile with no adjacent cherry-blossom tile.",
        "隣に桜タイルがない桜タイル1枚につき4勝利点。",
    ),
    Objective(
        "OBJ_CHERRY_B",
        "cherry",
        "B",
        "Riverside cherries",
        "川辺の桜",
        "4 VP per cherry-blossom tile adjacent to a water tile.",
        "水タイルに隣接する桜タイル1枚につき4勝利点。",
    ),
    Objective(
        "OBJ_CHERRY_C",
        "cherry",
        "C",
        "Blossoms on every level",
        "段ごとの桜",
        "Rows with a cherry-blossom tile: 1 → 2, 2 → 6, 3 → 12, 4 → 20, 5 → 30 VP.",
        "桜タイルのある段の数：1→2、2→6、3→12、4→20、5→30勝利点。",
    ),
    Objective(
        "OBJ_VILLAGE_A",
        "village",
        "A",
        "Crossroads",
        "辻",
        "Each village tile: 2 VP per different other landscape adjacent to it.",
        "村タイル1枚につき、隣接する村以外の風景の種類ごとに2勝利点。",
    ),
    Objective(
        "OBJ_VILLAGE_B",
        "village",
        "B",
        "Town",
        "町",
        "Largest village group: 2 → 6, 3 → 12, 4 → 18, 5 → 24, 6+ → 30 VP.",
        "最大の村グループの枚数：2→6、3→12、4→18、5→24、6以上→30勝利点。",
    ),
    Objective(
        "OBJ_VILLAGE_C",
        "village",
        "C",
        "Hill village",
        "丘の村",
        "6 VP per village tile in row 3 or higher.",
        "3段目以上の村タイル1枚につき6勝利点。",
    ),
    Objective("OBJ_SPARE", "", "", "Spare card", "予備カード", "Never dealt.", "使用しません。"),
)
OBJECTIVE_BY_ID: dict[str, Objective] = {o.id: o for o in OBJECTIVES}
OBJECTIVE_COUNT = 16
LETTERS: tuple[str, ...] = ("A", "B", "C")

# -- solo difficulty (TOR-153..156) -------------------------------------------------------

DIFFICULTIES: dict[str, tuple[Named, int]] = {
    "easy": (Named("easy", "Easy", "イージー"), 30),
    "medium": (Named("medium", "Medium", "ミディアム"), 50),
    "hard": (Named("hard", "Hard", "ハード"), 70),
}


def _validate() -> None:
    """Fail at import when the data breaks a count or link the rules rely on."""

    def check(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"valley_of_the_torii data: {what}")

    check(len(LANDSCAPE_TILES) == TILE_COUNT, "108 landscape tiles (TOR-GAP05)")
    check(len(TILES) == TILE_COUNT + 1, "tile ids are unique")
    check(all(t.landscape in LANDSCAPE_IDS for t in LANDSCAPE_TILES), "one landscape per tile")
    check(sum(1 for t in LANDSCAPE_TILES if t.torii) == 35, "35 torii (TOR-039)")
    for colour in COLOUR_IDS:
        check(sum(t.torii == colour for t in LANDSCAPE_TILES) == 7, f"7 {colour} torii")
    brushes = [t for t in LANDSCAPE_TILES if t.brush]
    check(len(brushes) == 7 and all(t.landscape == "bamboo" for t in brushes), "TOR-040")
    check(sorted(TORII_SET_VP) == [1, 2, 3, 4, 5], "a value for every torii set size")
    check(TORII_SET_VP[1] == 0 and TORII_SET_VP[2] == 2 and TORII_SET_VP[5] == 10, "TOR-115")
    check(len(SLOTS) == sum(ROWS), "slot count")
    for i, s in enumerate(SLOTS):
        need = 0 if s.row == 1 else 2
        check(len(s.supports) + s.edge == need, f"{s.id} rests on {need} supports")
        check(all(SLOTS[j].row == s.row - 1 for j in s.supports), f"{s.id} supports below")
        check(len(NEIGHBOURS[i]) <= 6, f"{s.id} has at most 6 neighbours")
    check(all(SLOTS[i].row == 2 for i in SEAL_LINES[0]), "first ≠ line in row 2")
    check(all(SLOTS[i].row == 4 for i in SEAL_LINES[1]), "second ≠ line in row 4")
    check(SLOTS[SCROLL_SLOT].row not in (1, TOP_ROW), "scroll slot in a middle row")
    for key, (named, paper) in LAYOUTS.items():
        check(named.id == key and len(set(paper)) == len(paper), f"layout {key}")
        check(not paper or layout_problem(paper, 4) == "", f"layout {key} is playable")
    solo = sorted([*SOLO_PARTNER, *SOLO_FANS])
    check(solo == list(range(RECESSES["large"])), "every solo recess linked or a fan")
    check(len(OBJECTIVES) == OBJECTIVE_COUNT, "16 objective cards")
    for landscape in LANDSCAPE_IDS:
        letters = sorted(o.letter for o in OBJECTIVES if o.landscape == landscape)
        check(letters == list(LETTERS), f"A, B, C cards for {landscape}")
    check(SEAL_IDS == LANDSCAPE_IDS, "one seal per landscape (TOR-GAP11)")
    for n, stack in SCROLL_STACKS.items():
        values = [SCROLLS[s] for s in stack]
        check(len(stack) == n and values == sorted(values, reverse=True), "TOR-006")


_validate()
