"""Whispering Woods component data: colours, tiles, starting tiles, animals, combo
cards, geometry and the solitaire level cards.

The Japanese rulebook lost its pictures and gives no component list, so most of
this is the PROVISIONAL data of shared/rules/whispering-woods.md, section "Data
the rulebook does not give" (WW-GAPnn); each block names the gap it fills. Real
data replaces a block without touching the rules code: `_validate()` runs on
import and raises DataError on an inconsistent table. Every name a player sees
has `name_en` and `name_ja` (the rulebook's own Japanese terms).
"""

from __future__ import annotations

from dataclasses import dataclass


class DataError(ValueError):
    """The component tables contradict themselves or the rules."""


@dataclass(frozen=True)
class Named:
    code: str
    name_en: str
    name_ja: str


# -- colours (WW-005) ---------------------------------------------------------------

COLOUR_NAMES: tuple[Named, ...] = (
    Named("RED", "fruit (red)", "果物（赤）"),
    Named("PUR", "flower (purple)", "花（紫）"),
    Named("YEL", "mushroom (yellow)", "キノコ（黄色）"),
    Named("GRN", "leaf (green)", "葉（緑）"),
    Named("BLU", "water (blue)", "水（青）"),
    Named("GRY", "mineral (grey)", "鉱物（灰色）"),
)
COLOURS: tuple[str, ...] = tuple(c.code for c in COLOUR_NAMES)
NO_COLOUR = "NONE"  # the starting tile's colour for solitaire conditions (WW-GAP12)

# -- geometry (WW-GAP01, PROVISIONAL): hexagons in axial coordinates (q, r) ----------

HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
START_POSITION = (0, 0)  # each player's starting tile, in that player's own coordinates


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    """The six positions sharing an edge with (q, r)."""
    return [(q + dq, r + dr) for dq, dr in HEX_DIRECTIONS]


# -- tiles (WW-GAP03/04/07, PROVISIONAL) -----------------------------------------------
# id, forest side (A) colour, mission path (side B, printed order), VP.
# Side A repeats side B's path and VP (WW-GAP07), so all of this is public once drawn.

_TILE_TABLE = """
    T001 RED BLU-GRY-RED          4
    T002 RED BLU-RED-RED          4
    T003 RED GRN-GRY-GRN          4
    T004 RED GRY-BLU-YEL          4
    T005 RED GRY-YEL-GRY          4
    T006 RED PUR-YEL-RED          4
    T007 RED BLU-BLU-GRY-RED      6
    T008 RED BLU-YEL-GRY-YEL      6
    T009 RED GRY-BLU-GRN-GRY      6
    T010 RED GRY-BLU-YEL-BLU      6
    T011 RED PUR-GRY-RED-RED      6
    T012 RED RED-GRN-PUR-PUR      6
    T013 RED RED-GRY-BLU-RED      6
    T014 RED RED-YEL-GRN-PUR      6
    T015 RED PUR-GRY-RED-YEL-PUR  9
    T016 RED RED-BLU-YEL-GRY-YEL  9
    T017 RED RED-YEL-GRY-GRN-YEL  9
    T018 RED YEL-GRN-RED-BLU-BLU  9
    T019 PUR BLU-GRY-BLU          4
    T020 PUR PUR-GRN-YEL          4
    T021 PUR PUR-RED-GRY          4
    T022 PUR PUR-RED-PUR          4
    T023 PUR YEL-GRY-BLU          4
    T024 PUR YEL-YEL-PUR          4
    T025 PUR BLU-PUR-YEL-GRN      6
    T026 PUR BLU-RED-YEL-BLU      6
    T027 PUR GRN-BLU-RED-GRN      6
    T028 PUR GRN-GRN-BLU-BLU      6
    T029 PUR GRN-PUR-BLU-YEL      6
    T030 PUR GRN-PUR-GRN-PUR      6
    T031 PUR GRY-RED-PUR-RED      6
    T032 PUR RED-RED-GRN-PUR      6
    T033 PUR BLU-PUR-GRN-RED-YEL  9
    T034 PUR GRN-GRN-PUR-BLU-RED  9
    T035 PUR PUR-GRN-RED-YEL-GRY  9
    T036 PUR YEL-PUR-PUR-YEL-GRN  9
    T037 YEL GRN-RED-RED          4
    T038 YEL GRY-GRY-RED          4
    T039 YEL GRY-RED-GRY          4
    T040 YEL GRY-RED-RED          4
    T041 YEL PUR-GRY-RED          4
    T042 YEL YEL-PUR-RED          4
    T043 YEL BLU-GRN-GRY-GRY      6
    T044 YEL BLU-PUR-GRN-RED      6
    T045 YEL BLU-PUR-YEL-GRY      6
    T046 YEL GRY-GRY-BLU-BLU      6
    T047 YEL GRY-GRY-GRN-GRN      6
    T048 YEL PUR-GRN-BLU-PUR      6
    T049 YEL PUR-GRN-GRY-BLU      6
    T050 YEL PUR-RED-GRY-PUR      6
    T051 YEL BLU-YEL-GRN-YEL-GRY  9
    T052 YEL GRN-YEL-RED-PUR-BLU  9
    T053 YEL PUR-PUR-YEL-BLU-YEL  9
    T054 YEL YEL-RED-GRN-PUR-GRY  9
    T055 GRN BLU-GRN-GRY          4
    T056 GRN BLU-PUR-BLU          4
    T057 GRN GRY-GRN-YEL          4
    T058 GRN GRY-YEL-BLU          4
    T059 GRN RED-PUR-BLU          4
    T060 GRN RED-PUR-PUR          4
    T061 GRN BLU-GRN-PUR-YEL      6
    T062 GRN BLU-GRN-YEL-YEL      6
    T063 GRN BLU-YEL-BLU-YEL      6
    T064 GRN BLU-YEL-RED-GRY      6
    T065 GRN GRN-GRY-RED-YEL      6
    T066 GRN GRN-PUR-RED-GRN      6
    T067 GRN YEL-GRN-GRY-BLU      6
    T068 GRN YEL-GRN-PUR-PUR      6
    T069 GRN BLU-GRN-GRY-RED-RED  9
    T070 GRN GRY-GRY-PUR-BLU-PUR  9
    T071 GRN PUR-RED-PUR-GRY-YEL  9
    T072 GRN YEL-BLU-BLU-YEL-GRY  9
    T073 BLU GRN-GRN-RED          4
    T074 BLU GRN-YEL-BLU          4
    T075 BLU GRY-GRN-RED          4
    T076 BLU GRY-YEL-YEL          4
    T077 BLU PUR-GRY-PUR          4
    T078 BLU PUR-RED-YEL          4
    T079 BLU BLU-GRN-BLU-GRY      6
    T080 BLU BLU-YEL-BLU-RED      6
    T081 BLU GRN-GRY-RED-RED      6
    T082 BLU GRY-BLU-BLU-GRN      6
    T083 BLU PUR-BLU-BLU-GRY      6
    T084 BLU PUR-RED-GRN-GRN      6
    T085 BLU YEL-GRN-PUR-YEL      6
    T086 BLU YEL-GRY-GRN-BLU      6
    T087 BLU BLU-PUR-YEL-GRN-YEL  9
    T088 BLU GRY-RED-GRY-BLU-GRN  9
    T089 BLU GRY-YEL-RED-PUR-YEL  9
    T090 BLU PUR-RED-PUR-GRN-YEL  9
    T091 GRY GRN-GRY-BLU          4
    T092 GRY GRN-PUR-PUR          4
    T093 GRY GRN-RED-YEL          4
    T094 GRY PUR-RED-RED          4
    T095 GRY RED-BLU-GRN          4
    T096 GRY YEL-BLU-YEL          4
    T097 GRY BLU-RED-GRN-RED      6
    T098 GRY BLU-YEL-BLU-GRN      6
    T099 GRY GRN-GRY-GRN-PUR      6
    T100 GRY GRN-GRY-PUR-BLU      6
    T101 GRY PUR-RED-GRN-GRY      6
    T102 GRY PUR-RED-GRY-GRN      6
    T103 GRY PUR-RED-RED-YEL      6
    T104 GRY YEL-GRY-RED-GRN      6
    T105 GRY GRY-GRN-GRY-YEL-YEL  9
    T106 GRY GRY-YEL-GRN-PUR-GRY  9
    T107 GRY PUR-PUR-RED-YEL-GRY  9
    T108 GRY RED-RED-YEL-PUR-BLU  9
"""


@dataclass(frozen=True)
class Tile:
    id: str
    colour: str  # forest side (A)
    path: tuple[str, ...]  # mission side (B), printed order
    vp: int


def _parse_tiles(text: str) -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    for line in text.strip().splitlines():
        tile_id, colour, path, vp = line.split()
        tiles[tile_id] = Tile(tile_id, colour, tuple(path.split("-")), int(vp))
    return tiles


TILES: dict[str, Tile] = _parse_tiles(_TILE_TABLE)
TILE_IDS: tuple[str, ...] = tuple(TILES)
TILE_COUNT = 108
TILES_PER_COLOUR = 18
VP_BY_LENGTH: dict[int, int] = {3: 4, 4: 6, 5: 9}
LENGTHS_PER_COLOUR: dict[int, int] = {3: 6, 4: 8, 5: 4}

# -- player colours, animals, starting tiles (WW-GAP02/05, PROVISIONAL) ---------------

PLAYER_COLOUR_NAMES: tuple[Named, ...] = (
    Named("YEL", "yellow (hare)", "黄色（ウサギ）"),
    Named("RED", "red (deer)", "赤（シカ）"),
    Named("BLU", "blue (bird)", "青（トリ）"),
    Named("GRN", "green (frog)", "緑（カエル）"),
)
PLAYER_COLOURS: tuple[str, ...] = tuple(c.code for c in PLAYER_COLOUR_NAMES)
ANIMALS_PER_COLOUR = 4  # WW-011


def animals_of(colour: str) -> list[str]:
    """`<COLOUR>-1` ... `<COLOUR>-4`; `-1` goes on the starting tile (WW-013)."""
    return [f"{colour}-{n}" for n in range(1, ANIMALS_PER_COLOUR + 1)]


def start_tile_of(colour: str) -> str:
    return f"S-{colour}"


START_TILES: tuple[str, ...] = tuple(start_tile_of(c) for c in PLAYER_COLOURS)
START_TILE_NAME = Named("START", "starting tile", "開始タイル")
START_VP = 12
START_PATH_LENGTH = 6  # X, c1, c2, c3, c4, X (WW-081/082)

# -- combo cards (WW-GAP06, PROVISIONAL) ----------------------------------------------


@dataclass(frozen=True)
class ComboType:
    missions: int  # completing exactly this many in one turn earns it (WW-071)
    count: int
    vp: int
    name_en: str
    name_ja: str


COMBO_TYPES: tuple[ComboType, ...] = (
    ComboType(2, 4, 3, "x2 combo card", "×2のコンボカード"),
    ComboType(3, 3, 5, "x3 combo card", "×3のコンボカード"),
    ComboType(4, 2, 8, "x4 combo card", "×4のコンボカード"),
    ComboType(5, 1, 12, "x5 combo card", "×5のコンボカード"),
)
COMBO_CARDS: tuple[str, ...] = tuple(
    f"X{t.missions}-{n}" for t in COMBO_TYPES for n in range(1, t.count + 1)
)


def combo_type(card: str) -> ComboType:
    """The type of a card id `X<n>-<k>`."""
    missions = int(card[1 : card.index("-")])
    return next(t for t in COMBO_TYPES if t.missions == missions)


# -- the competitive game (WW-024, WW-038, WW-085..087) -------------------------------

MARKET_SIZE = 6
REFRESH_PENALTY = 1
END_THRESHOLD: dict[int, int] = {2: 10, 3: 9, 4: 8}
BEAR = Named("BEAR", "bear", "クマのコマ")  # WW-GAP08: start player token / 60-point marker

# -- solitaire (WW-GAP09/10/11, PROVISIONAL) ------------------------------------------

ROUND_SPACES = 12  # R1..R12 around the board (WW-127)
BEAR_POINTS = 60  # WW-123
SOLO_TILES: tuple[str, ...] = tuple(f"SOLO-{c}" for c in PLAYER_COLOURS)


@dataclass(frozen=True)
class LevelMission:
    """One level mission: a kind from MISSION_KINDS and its number."""

    kind: str
    n: int
    name_en: str
    name_ja: str


@dataclass(frozen=True)
class Level:
    number: int
    missions: tuple[LevelMission, ...]
    min_score: int
    penalty: int  # points lost per refresh at game end (WW-120, WW-148, WW-153)
    extra: int  # extra round spaces on the level card (one per mission, WW-128)

    @property
    def name_en(self) -> str:
        return f"Level {self.number}"

    @property
    def name_ja(self) -> str:
        return f"レベル{self.number}"


def _each_min_tiles(n: int) -> LevelMission:
    return LevelMission(
        "each_animal_min_tiles",
        n,
        f"complete at least {n} mission tile{'s' if n > 1 else ''} with each animal",
        f"各動物コマで少なくとも{n}つのミッションタイルを完了します",
    )


def _one_turn(n: int) -> LevelMission:
    return LevelMission(
        "one_animal_one_turn",
        n,
        f"complete {n} or more mission tiles with the same animal in the same turn",
        f"同じターンに同じ動物コマでミッションタイルを{n}つ以上完了します",
    )


def _each_min_vp(n: int) -> LevelMission:
    return LevelMission(
        "each_animal_min_vp",
        n,
        f"each animal completes mission tiles worth {n} points or more in total",
        f"各動物コマは、合計で{n}ポイント以上のミッションタイルを完了する必要があります",
    )


_DISTINCT_EACH = LevelMission(
    "each_animal_distinct_colour_tile",
    4,
    "complete at least 1 mission tile with each animal, each of a different colour",
    "各動物コマで少なくとも1つのミッションタイルを完了します。そのタイルは別の色でなければなりません",
)

LEVELS: tuple[Level, ...] = (
    Level(1, (_each_min_tiles(1),), 60, 1, 1),
    Level(
        2,
        (
            _each_min_tiles(1),
            LevelMission(
                "same_colour_pairs",
                2,
                "complete 2 or more pairs of mission tiles of the same colour",
                "同じ色のミッションタイルのペアを2組以上完了します",
            ),
        ),
        70,
        1,
        2,
    ),
    Level(
        3,
        (
            _DISTINCT_EACH,
            LevelMission(
                "one_animal_same_colour",
                2,
                "complete at least 2 mission tiles of the same colour with one animal",
                "1つの動物コマで少なくとも2つの同じ色のミッションタイルを完了します",
            ),
            _one_turn(2),
        ),
        75,
        1,
        3,
    ),
    Level(
        4,
        (
            _DISTINCT_EACH,
            LevelMission(
                "same_colour_tiles",
                3,
                "complete 3 or more mission tiles of the same colour",
                "同じ色のミッションタイルを3つ以上完了します",
            ),
            _each_min_vp(8),
        ),
        80,
        1,
        3,
    ),
    Level(
        5,
        (
            _each_min_tiles(2),
            LevelMission(
                "distinct_colours",
                6,
                "complete mission tiles of at least 6 different colours",
                "異なる色のミッションタイルを少なくとも6つ完了します",
            ),
            _one_turn(3),
        ),
        85,
        2,
        3,
    ),
    Level(6, (_each_min_tiles(2), _one_turn(3), _each_min_vp(12)), 95, 3, 3),
)
MISSION_KINDS: tuple[str, ...] = (
    "each_animal_min_tiles",
    "same_colour_pairs",
    "each_animal_distinct_colour_tile",
    "one_animal_same_colour",
    "one_animal_one_turn",
    "same_colour_tiles",
    "each_animal_min_vp",
    "distinct_colours",
)


def level(number: int) -> Level:
    return LEVELS[number - 1]


# -- validation ---------------------------------------------------------------------


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(message)


def _validate() -> None:
    """Every invariant the rules rely on (WW-004, WW-005, WW-GAP03..06, WW-GAP10)."""
    _check(len(TILES) == TILE_COUNT, f"{len(TILES)} tiles, expected {TILE_COUNT}")
    _check(len(set(COLOURS)) == 6, "six distinct colours (WW-005)")
    seen_paths: set[tuple[str, ...]] = set()
    uses = dict.fromkeys(COLOURS, 0)
    for tile in TILES.values():
        _check(tile.colour in COLOURS, f"{tile.id}: forest colour {tile.colour} (WW-005)")
        _check(bool(tile.path), f"{tile.id}: every tile has a mission (WW-004)")
        _check(all(c in COLOURS for c in tile.path), f"{tile.id}: unknown path colour")
        _check(
            VP_BY_LENGTH.get(len(tile.path)) == tile.vp,
            f"{tile.id}: a path of {len(tile.path)} is worth {VP_BY_LENGTH.get(len(tile.path))}",
        )
        for c in set(tile.path):
            _check(tile.path.count(c) <= 2, f"{tile.id}: {c} more than twice in a path")
        for a, b, c in zip(tile.path, tile.path[1:], tile.path[2:], strict=False):
            _check(not a == b == c, f"{tile.id}: three {a} in a row")
        _check(
            tile.path not in seen_paths and tile.path[::-1] not in seen_paths,
            f"{tile.id}: path repeats another tile's",
        )
        seen_paths.add(tile.path)
        for c in tile.path:
            uses[c] += 1
    for colour in COLOURS:
        of_colour = [t for t in TILES.values() if t.colour == colour]
        _check(len(of_colour) == TILES_PER_COLOUR, f"{colour}: {len(of_colour)} tiles")
        for length, count in LENGTHS_PER_COLOUR.items():
            n = sum(len(t.path) == length for t in of_colour)
            _check(n == count, f"{colour}: {n} paths of length {length}, expected {count}")
    _check(len(set(uses.values())) == 1, f"colours used unevenly across paths: {uses}")
    _check(len(PLAYER_COLOURS) == 4 and len(START_TILES) == 4, "4 player colours (WW-GAP02)")
    _check(not set(START_TILES) & set(TILES), "starting tiles are not bag tiles")
    _check([t.missions for t in COMBO_TYPES] == [2, 3, 4, 5], "combo types x2..x5 (WW-015)")
    _check(len(COMBO_CARDS) == len(set(COMBO_CARDS)), "combo card ids repeat")
    _check(sorted(END_THRESHOLD) == [2, 3, 4], "a threshold per competitive count")
    _check([lv.number for lv in LEVELS] == [1, 2, 3, 4, 5, 6], "six levels (WW-110)")
    for lv in LEVELS:
        _check(1 <= len(lv.missions) <= 3, f"{lv.name_en}: 1-3 missions (WW-124)")
        _check(lv.extra == len(lv.missions), f"{lv.name_en}: one extra round per mission")
        _check(all(m.kind in MISSION_KINDS for m in lv.missions), f"{lv.name_en}: mission kind")
        _check(lv.min_score > 0 and lv.penalty >= 1, f"{lv.name_en}: minimum and penalty")


_validate()
