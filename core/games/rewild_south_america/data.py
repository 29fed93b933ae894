"""Rewild: South America's component data.

Almost all of it is PROVISIONAL (the rulebook text lost its pictures): each block
names the GAP section of ../shared/rules/rewild-south-america.md it comes from.
Rules code reads only these constants, so real data can replace them; `_validate`
checks them on import.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Biome = Literal["S", "G", "R"]
BIOMES: tuple[Biome, ...] = ("S", "G", "R")  # RW-092: biome rows top to bottom
BIOME_NAMES = {
    "S": ("Shrubland", "低木地"),
    "G": ("Grassland", "草原"),
    "R": ("Rainforest", "熱帯雨林"),
}
RESOURCES = ("mineral", "water", "seed")  # RW-003
RESOURCE_NAMES = {
    "mineral": ("Mineral", "鉱石"),
    "water": ("Water", "水"),
    "seed": ("Seed", "種子"),
}
CAP = 10  # RW-004
START_STOCK = (4, 4, 1)  # RW-024: minerals, water, seeds
DISPLAY = {"wildlife": 5, "predation": 3, "plant": 3}  # RW-026
END_ANIMALS = 8  # RW-153
COMPLETION_VP = 6  # RW-124
TREE_VP = 4  # RW-017, RW-086
HERBIVORES = ("small_herbivore", "medium_herbivore", "large_herbivore")
PREDATORS = ("predator", "apex_predator")
TYPES = ("insect", *HERBIVORES, *PREDATORS, "plant")  # RW-009

# -- the board (RW-GAP01, RW-GAP02) PROVISIONAL -------------------------------------
COLS, ROWS = 7, 5
FIELDS = tuple(c * ROWS + r for c in range(COLS) for r in range(ROWS))  # field = c*ROWS+r
# field -> (kind, amount): mineral/water reduce a cost, star scores (RW-064, RW-066)
BONUS: dict[tuple[int, int], tuple[str, int]] = {
    (0, 0): ("star", 2),
    (0, 3): ("water", 1),
    (1, 1): ("mineral", 2),
    (1, 4): ("star", 1),
    (2, 2): ("star", 1),
    (3, 0): ("water", 1),
    (3, 3): ("mineral", 1),
    (4, 1): ("water", 2),
    (4, 4): ("star", 2),
    (5, 2): ("mineral", 2),
    (5, 4): ("water", 1),
    (6, 0): ("star", 1),
    (6, 3): ("mineral", 1),
}

# -- tiles (RW-051..RW-056, RW-066, RW-GAP04) ---------------------------------------
TileKind = Literal["S", "G", "W", "R"]
TILE_NAMES = {
    "S": ("Shrubland tile", "低木地タイル"),
    "G": ("Grassland tile", "草原タイル"),
    "W": ("Wetland tile", "湿地タイル"),
    "R": ("Rainforest tile", "熱帯雨林タイル"),
    "E": ("Shrubland extension tile", "低木地拡張タイル"),
    "T": ("Tall tree", "高木"),
}
TILE_SIZE = {"S": 3, "G": 2, "R": 1}  # RW-061; grassland 2 is PROVISIONAL (RW-GAP04)
TILE_COST = {"S": (1, 1), "G": (2, 2), "R": (3, 2)}  # (minerals, water) before reductions
STAR_VP = {"S": 1, "E": 1, "G": 2, "W": 2, "R": 3}  # RW-066, RW-076
ADJ_REDUCTION = {"S": (1, 0), "G": (0, 1), "W": (0, 2), "R": (0, 0)}  # RW-067


# -- player cards (RW-050..RW-058, RW-GAP06) PROVISIONAL symbols ---------------------
class Half(msgspec.Struct, frozen=True):
    action: str  # place_S / place_G / place_R / gain / extend / upgrade
    symbol: str  # "" or S, G, W, R, T (RW-060)
    gain: str = ""  # resource of a gain action
    remove: str = ""  # display row whose rightmost card a gain action removes


class ActionCard(msgspec.Struct, frozen=True):
    id: str
    name_en: str
    name_ja: str
    top: Half
    bottom: Half


ACTION_CARDS: tuple[ActionCard, ...] = (
    ActionCard(
        "S1", "Shrubland 1", "低木地1", Half("place_S", "S"), Half("gain", "", "mineral", "plant")
    ),
    ActionCard("S2", "Shrubland 2", "低木地2", Half("place_S", "S"), Half("extend", "S")),
    ActionCard(
        "G1", "Grassland 1", "草原1", Half("place_G", "G"), Half("gain", "", "water", "predation")
    ),
    ActionCard("G2", "Grassland 2", "草原2", Half("place_G", "G"), Half("upgrade", "W")),
    ActionCard(
        "R1",
        "Rainforest 1",
        "熱帯雨林1",
        Half("place_R", "R"),
        Half("gain", "", "seed", "wildlife"),
    ),
    ActionCard("R2", "Rainforest 2", "熱帯雨林2", Half("place_R", "R"), Half("upgrade", "T")),
)
ACTIONS = {card.id: card for card in ACTION_CARDS}
HARVEST = "H"
HARVEST_NAME = ("Harvest", "収穫カード")
PLAYER_CARDS = (*ACTIONS, HARVEST)  # RW-036
GAIN_AMOUNT = 3  # RW-052, RW-055, RW-057
HARVEST_WATER = 1  # RW-044
HARVEST_SEEDS_R = 3  # RW-043


# -- cards (RW-GAP07..RW-GAP10) PROVISIONAL ------------------------------------------
class Effect(msgspec.Struct, frozen=True):
    """One effect (RW-GAP07): `kind` and its arguments."""

    kind: str
    x: int = 0
    what: tuple[str, ...] = ()  # types, symbols, resource names, or a biome


class Card(msgspec.Struct, frozen=True):
    id: str
    name_en: str
    name_ja: str
    deck: str  # wildlife / predation / plant
    type: str  # organism type (RW-009)
    timing: str  # immediate / end / none
    effect: Effect
    needs: tuple[int, int, int] = (0, 0, 0)  # wildlife: hexes per S, G, R (0 = cannot live)
    lives: tuple[str, ...] = ()  # predation and plants: biomes it may be placed in
    tree: bool = False  # tall-tree symbol (RW-017)
    cost: int = 0  # plants: seeds (RW-121)
    copies: int = 1
    twin: str = ""  # module 4: the base card an expert card replaces (RW-191)
    config: tuple[tuple[int, int, str], ...] = ()  # module 4: axial (dq, dr, terrain)
    reward: int = 0  # module 4: VP for the meeple (RW-193)


def _w(  # noqa: PLR0917 - one catalogue row
    id_: str,
    en: str,
    ja: str,
    kind: str,
    s: int,
    g: int,
    r: int,
    tree: bool,
    timing: str,
    effect: Effect,
    copies: int,
) -> Card:
    return Card(id_, en, ja, "wildlife", kind, timing, effect, (s, g, r), tree=tree, copies=copies)


E = Effect
INS, SH, MH, LH, PR, AP = "insect", *HERBIVORES, *PREDATORS
HB = "herbivore"
WILDLIFE: tuple[Card, ...] = (
    _w(
        "W01",
        "Dinoponera (giant ant)",
        "ディノハリアリ",
        INS,
        2,
        2,
        1,
        False,
        "end",
        E("per_resource", 2, ("mineral",)),
        2,
    ),
    _w("W02", "Mosquito", "蚊", INS, 0, 1, 1, False, "end", E("per_type", 2, (HB,)), 2),
    _w(
        "W03",
        "Channeled apple snail",
        "スクミリンゴガイ",
        INS,
        0,
        1,
        0,
        False,
        "end",
        E("per_symbol", 3, ("W",)),
        2,
    ),
    _w(
        "W04",
        "Leafcutter ant",
        "ハキリアリ",
        INS,
        2,
        2,
        1,
        False,
        "immediate",
        E("per_type", 2, ("plant",)),
        2,
    ),
    _w(
        "W05",
        "Termite",
        "シロアリ",
        INS,
        2,
        2,
        0,
        False,
        "immediate",
        E("gain", 2, ("mineral",)),
        2,
    ),
    _w(
        "W06",
        "Blue morpho butterfly",
        "モルフォチョウ",
        INS,
        0,
        0,
        1,
        False,
        "end",
        E("per_type", 2, ("plant",)),
        1,
    ),
    _w(
        "W07",
        "Orchid bee",
        "シタバチ",
        INS,
        0,
        0,
        1,
        False,
        "immediate",
        E("per_symbol", 2, ("R",)),
        1,
    ),
    _w("W08", "Firefly", "ホタル", INS, 2, 2, 0, False, "immediate", E("per_type", 2, (INS,)), 1),
    _w(
        "W09",
        "Rhinoceros beetle",
        "カブトムシ",
        INS,
        0,
        0,
        1,
        False,
        "end",
        E("per_type", 2, (INS,)),
        1,
    ),
    _w(
        "W10",
        "Rock cavy",
        "ロックキャビー",
        SH,
        2,
        0,
        0,
        False,
        "immediate",
        E("per_symbol", 2, ("S",)),
        2,
    ),
    _w(
        "W11",
        "Agouti",
        "ウサギアグーチ",
        SH,
        0,
        2,
        1,
        False,
        "end",
        E("per_resource", 2, ("seed",)),
        2,
    ),
    _w(
        "W12",
        "Common marmoset",
        "コモンマーモセット",
        SH,
        2,
        0,
        1,
        True,
        "immediate",
        E("per_symbol", 2, ("R",)),
        1,
    ),
    _w(
        "W13",
        "Golden lion tamarin",
        "ゴールデンライオンタマリン",
        SH,
        0,
        0,
        1,
        True,
        "end",
        E("per_canopy_meeple", 3),
        1,
    ),
    _w(
        "W14",
        "Brazilian guinea pig",
        "ブラジルテンジクネズミ",
        SH,
        2,
        2,
        0,
        False,
        "immediate",
        E("per_symbol", 2, ("G",)),
        1,
    ),
    _w(
        "W15",
        "Blue-fronted amazon",
        "アオボウシインコ",
        SH,
        3,
        2,
        1,
        True,
        "end",
        E("per_tall_tree", 3),
        1,
    ),
    _w(
        "W16",
        "Three-banded armadillo",
        "ミツオビアルマジロ",
        SH,
        2,
        2,
        0,
        False,
        "immediate",
        E("per_type", 2, (INS,)),
        2,
    ),
    _w(
        "W17",
        "Red-footed tortoise",
        "アカアシガメ",
        SH,
        0,
        2,
        1,
        False,
        "end",
        E("per_resource", 2, ("water",)),
        1,
    ),
    _w(
        "W18",
        "Toco toucan",
        "トコオオハシ",
        SH,
        0,
        2,
        1,
        True,
        "end",
        E("per_type", 3, ("plant",)),
        1,
    ),
    _w(
        "W19",
        "Southern tamandua",
        "シロアリクイ",
        MH,
        3,
        2,
        1,
        True,
        "immediate",
        E("per_type", 2, (INS,)),
        1,
    ),
    _w(
        "W20",
        "Red brocket deer",
        "アカマザマ",
        MH,
        0,
        2,
        1,
        False,
        "end",
        E("per_symbol", 2, ("G",)),
        1,
    ),
    _w("W21", "Capybara", "カピバラ", MH, 0, 2, 0, False, "end", E("per_wetland_marker", 2), 2),
    _w(
        "W22",
        "Hyacinth macaw",
        "スミレコンゴウインコ",
        MH,
        0,
        2,
        1,
        True,
        "immediate",
        E("per_resource", 2, ("seed",)),
        1,
    ),
    _w(
        "W23",
        "Collared peccary",
        "クビワペッカリー",
        MH,
        3,
        2,
        1,
        False,
        "immediate",
        E("per_type", 1, (HB,)),
        2,
    ),
    _w(
        "W24",
        "Brown howler monkey",
        "ブラウンホエザル",
        MH,
        0,
        0,
        1,
        True,
        "end",
        E("per_symbol", 2, ("R",)),
        1,
    ),
    _w(
        "W25",
        "Maned three-toed sloth",
        "タテガミナマケモノ",
        MH,
        0,
        0,
        1,
        True,
        "end",
        E("per_canopy_meeple", 4),
        1,
    ),
    _w(
        "W26",
        "Pampas deer",
        "パンパスジカ",
        MH,
        3,
        2,
        0,
        False,
        "immediate",
        E("per_symbol", 2, ("G",)),
        1,
    ),
    _w(
        "W27",
        "Giant anteater",
        "オオアリクイ",
        LH,
        4,
        3,
        1,
        False,
        "end",
        E("per_type", 4, (INS,)),
        2,
    ),
    _w(
        "W28",
        "Chacoan peccary",
        "チャコペッカリー",
        LH,
        3,
        3,
        0,
        False,
        "end",
        E("per_type", 5, (LH,)),
        2,
    ),
    _w(
        "W29",
        "Lowland tapir",
        "アメリカバク",
        LH,
        0,
        3,
        1,
        False,
        "end",
        E("per_symbol", 2, ("W",)),
        1,
    ),
    _w(
        "W30",
        "Marsh deer",
        "アメリカヌマジカ",
        LH,
        0,
        3,
        0,
        False,
        "end",
        E("per_wetland_marker", 3),
        1,
    ),
    _w(
        "W31",
        "Giant armadillo",
        "オオアルマジロ",
        LH,
        4,
        3,
        0,
        False,
        "immediate",
        E("gain", 3, ("mineral",)),
        1,
    ),
    _w(
        "W32", "Greater rhea", "レア", LH, 4, 3, 0, False, "immediate", E("per_covered_field", 1), 1
    ),
    _w("W33", "Guan", "シロハラグアン", PR, 2, 0, 1, True, "end", E("per_tall_tree", 5), 1),
    _w(
        "W34",
        "Crested caracara",
        "カンムリカラカラ",
        PR,
        3,
        2,
        0,
        False,
        "immediate",
        E("per_predated", 3),
        1,
    ),
    _w(
        "W35",
        "King vulture",
        "トキイロコンドル",
        PR,
        0,
        2,
        1,
        True,
        "end",
        E("per_predated_herbivore", 3),
        1,
    ),
    _w(
        "W36",
        "Red-legged seriema",
        "アカノガンモドキ",
        PR,
        3,
        2,
        0,
        False,
        "end",
        E("per_type", 2, (SH,)),
        1,
    ),
    _w(
        "W37",
        "Giant otter",
        "オオカワウソ",
        PR,
        0,
        2,
        1,
        False,
        "end",
        E("per_symbol", 2, ("W",)),
        1,
    ),
    _w(
        "W38",
        "Yacare caiman",
        "パラグアイカイマン",
        PR,
        0,
        2,
        0,
        False,
        "end",
        E("per_wetland_marker", 2),
        1,
    ),
    _w(
        "W39",
        "Burrowing owl",
        "アナホリフクロウ",
        PR,
        2,
        2,
        0,
        False,
        "immediate",
        E("per_type", 2, (SH,)),
        1,
    ),
    _w(
        "W40",
        "Black-and-white tegu",
        "アルゼンチンテグー",
        PR,
        2,
        2,
        1,
        False,
        "immediate",
        E("per_resource", 1, ("mineral",)),
        1,
    ),
    _w("W41", "Harpy eagle", "オウギワシ", AP, 0, 0, 1, True, "end", E("per_type", 3, (MH,)), 1),
    _w(
        "W42",
        "Green anaconda",
        "オオアナコンダ",
        AP,
        0,
        2,
        1,
        False,
        "immediate",
        E("per_symbol", 3, ("W",)),
        1,
    ),
    _w(
        "W43", "Black caiman", "クロカイマン", AP, 0, 3, 0, False, "end", E("per_type", 3, (LH,)), 1
    ),
)


def _p(  # noqa: PLR0917 - one catalogue row
    id_: str, en: str, ja: str, kind: str, lives: str, prey: tuple[str, ...], vp: int, copies: int
) -> Card:
    return Card(
        id_,
        en,
        ja,
        "predation",
        kind,
        "immediate",
        E("predation", vp, prey),
        lives=tuple(lives),
        copies=copies,
    )


PREDATION: tuple[Card, ...] = (
    _p("P01", "Ocelot", "オセロット", PR, "GR", (SH, MH), 6, 2),
    _p("P02", "Maned wolf", "タテガミオオカミ", PR, "G", (SH, MH), 5, 2),
    _p("P03", "Jaguar", "ジャガー", AP, "GR", (MH, LH, PR), 8, 2),
    _p("P04", "Puma", "ピューマ", AP, "SGR", (MH, LH), 7, 2),
    _p("P05", "Jaguarundi", "ジャガランディ", PR, "SGR", (SH,), 4, 2),
    _p("P06", "Crab-eating fox", "カニクイイヌ", PR, "SG", (INS, SH), 4, 2),
    _p("P07", "Bush dog", "ヤブイヌ", PR, "GR", (MH,), 6, 1),
    _p("P08", "Margay", "マーゲイ", PR, "R", (SH,), 5, 1),
    _p("P09", "Ornate hawk-eagle", "カンムリクマタカ", AP, "R", (SH, MH, PR), 7, 1),
    _p("P10", "Boa constrictor", "ボアコンストリクター", PR, "SR", (SH,), 5, 2),
    _p("P11", "South American rattlesnake", "ミナミガラガラヘビ", PR, "SG", (SH,), 4, 1),
    _p("P12", "Geoffroy's cat", "ジョフロワネコ", PR, "SG", (INS, SH), 4, 1),
    _p("P13", "Tayra", "タイラ", PR, "R", (INS, SH), 5, 1),
    _p("P14", "Savanna hawk", "サバンナノスリ", PR, "G", (INS, SH), 4, 1),
    _p("P15", "Jabiru stork", "ズグロハゲコウ", PR, "G", (INS,), 4, 2),
    _p("P16", "Snail kite", "タニシトビ", PR, "G", (INS,), 4, 1),
    _p("P17", "Lesser grison", "コグリソン", PR, "SG", (INS, SH), 4, 1),
    _p("P18", "Pampas cat", "パンパスネコ", PR, "SG", (SH,), 5, 1),
)


def _l(  # noqa: PLR0917 - one catalogue row
    id_: str, en: str, ja: str, cost: int, lives: str, timing: str, effect: Effect, copies: int
) -> Card:
    return Card(
        id_, en, ja, "plant", "plant", timing, effect, lives=tuple(lives), cost=cost, copies=copies
    )


PLANTS: tuple[Card, ...] = (
    _l("L01", "Water lily", "スイレン", 1, "G", "none", E("extra_symbols", 0, ("W",)), 2),
    _l(
        "L02",
        "Giant water lily (Victoria)",
        "オオオニバス",
        2,
        "G",
        "none",
        E("extra_symbols", 0, ("W", "W")),
        1,
    ),
    _l("L03", "Water hyacinth", "ホテイアオイ", 1, "G", "none", E("extra_symbols", 0, ("W",)), 1),
    _l("L04", "Mandacaru cactus", "マンダカルー", 1, "S", "none", E("extra_symbols", 0, ("S",)), 2),
    _l("L05", "Buriti palm", "ブリチーヤシ", 2, "G", "none", E("extra_symbols", 0, ("G", "W")), 1),
    _l("L06", "Ipê tree", "イペー", 2, "SR", "none", E("extra_symbols", 0, ("R",)), 1),
    _l(
        "L07",
        "Brazil nut tree",
        "ブラジルナッツノキ",
        3,
        "R",
        "none",
        E("extra_symbols", 0, ("T", "R")),
        1,
    ),
    _l("L08", "Kapok tree", "カポック", 2, "R", "none", E("extra_symbols", 0, ("T",)), 1),
    _l("L09", "Paraná pine", "パラナマツ", 2, "R", "none", E("extra_symbols", 0, ("T",)), 1),
    _l("L10", "Golden grass", "ゴールデングラス", 1, "G", "none", E("extra_hex", 0, ("G",)), 2),
    _l("L11", "Macambira bromeliad", "マカンビラ", 1, "S", "none", E("extra_hex", 0, ("S",)), 2),
    _l("L12", "Tank bromeliad", "タンクブロメリア", 2, "R", "none", E("extra_hex", 0, ("R",)), 2),
    _l("L13", "Ananas", "アナナス", 3, "SG", "immediate", E("vp", 5), 1),
    _l("L14", "Açaí palm", "アサイー", 2, "R", "immediate", E("gain", 3, ("water",)), 1),
    _l("L15", "Quebracho tree", "ケブラチョ", 2, "S", "immediate", E("gain", 3, ("mineral",)), 1),
    _l(
        "L16",
        "Cashew tree",
        "カシューナッツノキ",
        1,
        "SG",
        "immediate",
        E("gain", 1, ("mineral", "water")),
        1,
    ),
    _l(
        "L17",
        "Passion flower",
        "トケイソウ",
        1,
        "GR",
        "immediate",
        E("gain", 1, ("water", "seed")),
        1,
    ),
    _l(
        "L18",
        "Pequi tree",
        "ペキ",
        2,
        "SG",
        "immediate",
        E("gain", 0, ("mineral", "mineral", "water")),
        1,
    ),
    _l("L19", "Heliconia", "ヘリコニア", 2, "R", "end", E("per_type", 2, (PR,)), 1),
    _l("L20", "Algarrobo tree", "アルガロボ", 2, "S", "end", E("per_type", 2, (PR,)), 1),
    _l("L21", "Cecropia", "セクロピア", 2, "GR", "end", E("per_type", 4, (AP,)), 1),
    _l(
        "L22",
        "Sundew (carnivorous plant)",
        "食虫植物",
        2,
        "SGR",
        "immediate",
        E("predation", 5, (INS,)),
        2,
    ),
)

# -- expert module 2: the 7 expert plants (RW-166, RW-GAP11) PROVISIONAL -------------
EXPERT_PLANTS: tuple[Card, ...] = (
    _l("X01", "Jatobá", "ジャトバ", 2, "S", "none", E("reserve"), 1),
    _l("X02", "Carnaúba palm", "カルナウバヤシ", 2, "G", "none", E("reserve"), 1),
    _l("X03", "Rubber tree", "ゴムノキ", 2, "R", "none", E("reserve"), 1),
    _l("X04", "Guaraná", "ガラナ", 2, "SGR", "immediate", E("switch_timing"), 1),
    _l("X05", "Yerba mate", "マテ", 2, "SGR", "immediate", E("switch_timing"), 1),
    _l("X06", "Jacaranda", "ジャカランダ", 1, "SGR", "immediate", E("relocate_tile"), 1),
    _l("X07", "Brazilwood", "ブラジルボク", 1, "SGR", "immediate", E("relocate_tile"), 1),
)

# -- expert module 4: 18 expert cards (RW-191, RW-GAP12) PROVISIONAL -----------------
# shapes as axial offsets of the centre (0, 0) (RW-GAP12)
SHAPE_OFFSETS = {
    "LINE3": ((-1, 0), (0, 0), (1, 0)),
    "BENT3": ((-1, 0), (0, 0), (1, -1)),
    "TRI3": ((0, 0), (1, 0), (1, -1)),
    "DIAMOND4": ((0, 0), (1, -1), (1, 0), (2, -1)),
    "Y4": ((0, 0), (1, 0), (-1, 1), (0, -1)),
}
EXPERT_TABLE = (  # expert id, twin, shape, terrains in the shape's offset order, VP
    ("XW01", "W21", "LINE3", "WWW", 5),
    ("XW02", "W27", "BENT3", "SGR", 6),
    ("XW03", "W28", "LINE3", "SSG", 5),
    ("XW04", "W29", "TRI3", "RWR", 6),
    ("XW05", "W30", "LINE3", "GWG", 5),
    ("XW06", "W31", "BENT3", "SSR", 5),
    ("XW07", "W32", "LINE3", "GGG", 4),
    ("XW08", "W26", "TRI3", "GGS", 4),
    ("XW09", "W37", "Y4", "WWRW", 6),
    ("XW10", "W42", "DIAMOND4", "WWRR", 7),
    ("XP01", "P03", "DIAMOND4", "WRRW", 7),
    ("XP02", "P01", "BENT3", "GRR", 5),
    ("XP03", "P02", "LINE3", "SGG", 5),
    ("XP04", "P04", "Y4", "SSGR", 6),
    ("XP05", "P06", "BENT3", "SGS", 4),
    ("XP06", "P07", "TRI3", "RGR", 4),
    ("XP07", "P08", "LINE3", "RRR", 5),
    ("XP08", "P15", "TRI3", "WWG", 4),
)
_BASE = {card.id: card for card in (*WILDLIFE, *PREDATION)}
EXPERT_CARDS: tuple[Card, ...] = tuple(
    msgspec.structs.replace(
        _BASE[twin],
        id=xid,
        copies=1,
        twin=twin,
        config=tuple(
            (dq, dr, t) for (dq, dr), t in zip(SHAPE_OFFSETS[shape], terrains, strict=True)
        ),
        reward=vp,
    )
    for xid, twin, shape, terrains, vp in EXPERT_TABLE
)
CARDS: dict[str, Card] = {
    card.id: card for card in (*WILDLIFE, *PREDATION, *PLANTS, *EXPERT_PLANTS, *EXPERT_CARDS)
}
DECKS = {"wildlife": WILDLIFE, "predation": PREDATION, "plant": PLANTS}


def base_id(cid: str) -> str:
    """What a card is, by the id of a base card: an expert card is its twin but for
    its placement reward (RW-191, RW-192); every other card is itself. A rule that
    names cards (WETLAND_EFFECTS) asks this, never the id the card carries."""
    return CARDS[cid].twin or cid


def deck_cards(deck: str, expert_plants: bool, expert_cards: bool) -> list[str]:
    """The card ids of a deck before shuffling (RW-025): module 2 adds the expert
    plants (RW-166), module 4 swaps one copy of each twin for its expert card (RW-191)."""
    out = [card.id for card in DECKS[deck] for _ in range(card.copies)]
    if expert_plants and deck == "plant":
        out += [card.id for card in EXPERT_PLANTS]
    if expert_cards and deck != "plant":
        for card in EXPERT_CARDS:
            if CARDS[card.twin].deck == deck:
                out.remove(card.twin)
                out.append(card.id)
    return out


# the number printed on each animal card: cards of its type in the wildlife and
# predation decks together (RW-018, RW-GAP15) PROVISIONAL; informational, no rule reads it
PRINTED_TOTAL = {
    "insect": 14,
    "small_herbivore": 12,
    "medium_herbivore": 10,
    "large_herbivore": 8,
    "predator": 29,
    "apex_predator": 8,
}

# -- expert module 1 (RW-165) and module 3's board side (RW-GAP03) PROVISIONAL -------
END_ANIMALS_LONG = 9
OUTSIDE_EXPERT = ((0, 4), (3, 2), (6, 0))  # fields beyond the expert side's boundary
BONUS_EXPERT: dict[tuple[int, int], tuple[str, int]] = {
    (0, 0): ("star", 2),
    (0, 2): ("water", 1),
    (1, 3): ("star", 1),
    (2, 1): ("star", 1),
    (2, 3): ("mineral", 1),
    (3, 0): ("star", 2),
    (3, 4): ("star", 2),
    (4, 0): ("water", 1),
    (4, 2): ("star", 1),
    (5, 2): ("mineral", 1),
    (6, 3): ("star", 1),
}

# -- the solo opponent (RW-200..RW-230, RW-GAP16) PROVISIONAL tiers ----------------
TIERS = {
    "per_type": 1,
    "per_predated": 1,
    "per_predated_herbivore": 1,
    "per_symbol": 2,
    "per_tall_tree": 2,
    "per_covered_field": 2,
    "per_canopy_meeple": 2,
    "per_wetland_marker": 2,
    "per_resource": 3,
    "gain": 3,
}
SOLO_FACTOR = (3, 2)  # x1.5 as a fraction, rounded up (RW-228)
SOLO_FACTOR_EXPERT = (2, 1)  # challenge or any expert module (RW-230)
SOLO_FLIPPED = 2  # cards of the opponent's pile turned by 180 degrees (RW-201)
# RW-GAP17(j), base ids: an expert twin counts as its base card (`base_id`, RW-192)
WETLAND_EFFECTS = ("W03", "W21", "W29", "W30", "W37", "W38", "W42")


def gain_of(effect: Effect) -> dict[str, int]:
    """The resources a `gain` effect gives: x of each named resource, or (x == 0) one
    per name listed (the Pequi tree's 2 minerals + 1 water)."""
    out: dict[str, int] = {}
    for name in effect.what:
        out[name] = out.get(name, 0) + (effect.x or 1)
    return out


def _validate() -> None:
    """Raise on inconsistent data, so replacing it cannot silently break the rules."""
    if len(FIELDS) != COLS * ROWS or len(set(FIELDS)) != len(FIELDS):
        raise ValueError("board fields must be distinct")
    for (c, r), (kind, n) in BONUS.items():
        if not (0 <= c < COLS and 0 <= r < ROWS) or kind not in ("mineral", "water", "star"):
            raise ValueError(f"bad bonus at {(c, r)}")
        if n < 1:
            raise ValueError(f"bonus at {(c, r)} must be positive")
    sizes = {"wildlife": 55, "predation": 26, "plant": 28}  # RW-GAP08..10 totals
    kinds = {
        "per_type",
        "per_symbol",
        "per_tall_tree",
        "per_predated",
        "per_predated_herbivore",
        "per_resource",
        "gain",
        "vp",
        "per_covered_field",
        "per_canopy_meeple",
        "per_wetland_marker",
        "predation",
        "extra_symbols",
        "extra_hex",
    }
    for deck, cards in DECKS.items():
        if sum(card.copies for card in cards) != sizes[deck]:
            raise ValueError(f"the {deck} deck must hold {sizes[deck]} cards")
        for card in cards:
            if not card.name_en or not card.name_ja:
                raise ValueError(f"{card.id} needs name_en and name_ja")
            if card.effect.kind not in kinds or card.timing not in ("immediate", "end", "none"):
                raise ValueError(f"{card.id}: unknown effect {card.effect.kind}/{card.timing}")
            if card.type not in TYPES:
                raise ValueError(f"{card.id}: unknown type {card.type}")
            if deck == "wildlife" and (not any(card.needs) or (card.tree and card.needs[2] != 1)):
                raise ValueError(f"{card.id}: must live somewhere; tree animals need 1 R hex")
            if deck != "wildlife" and not set(card.lives) <= set(BIOMES) | set():
                raise ValueError(f"{card.id}: lives in unknown biomes")
            if deck != "wildlife" and not card.lives:
                raise ValueError(f"{card.id}: must live somewhere")
    if len(CARDS) != len(WILDLIFE) + len(PREDATION) + len(PLANTS) + 25:
        raise ValueError("card ids must be unique")
    _validate_expert()
    if {c.id for c in ACTION_CARDS} & {HARVEST} or len(ACTION_CARDS) != 6:
        raise ValueError("6 action cards and a harvest card")


def _validate_expert() -> None:
    if len(EXPERT_PLANTS) != 7 or len(EXPERT_CARDS) != 18:  # RW-166, RW-191
        raise ValueError("7 expert plants and 18 expert cards")
    for card in EXPERT_PLANTS:
        if card.effect.kind not in ("reserve", "switch_timing", "relocate_tile"):
            raise ValueError(f"{card.id}: an expert plant reserves, switches or relocates")
    twins = [card.twin for card in EXPERT_CARDS]
    if len(set(twins)) != 18 or sum(CARDS[t].deck == "wildlife" for t in twins) != 10:
        raise ValueError("10 wildlife and 8 predation twins, one each")
    for card in EXPERT_CARDS:
        if not card.config or card.reward < 1 or (0, 0) not in [c[:2] for c in card.config]:
            raise ValueError(f"{card.id}: a configuration with its centre and a reward")
        if any(t not in "SGWR" for _, _, t in card.config):
            raise ValueError(f"{card.id}: unknown terrain")
    for fields in (OUTSIDE_EXPERT, tuple(BONUS_EXPERT)):
        if any(not (0 <= c < COLS and 0 <= r < ROWS) for c, r in fields):
            raise ValueError("expert side fields must lie on the grid")
    if set(BONUS_EXPERT) & set(OUTSIDE_EXPERT):
        raise ValueError("no bonus outside the boundary")
    kinds = {card.effect.kind for card in WILDLIFE}
    if not kinds <= set(TIERS):
        raise ValueError(f"every wildlife effect needs a solo tier: {sorted(kinds - set(TIERS))}")
    animals = [
        CARDS[c].type for deck in ("wildlife", "predation") for c in deck_cards(deck, False, False)
    ]
    if {t: animals.count(t) for t in PRINTED_TOTAL} != PRINTED_TOTAL or len(animals) != sum(
        PRINTED_TOTAL.values()
    ):
        raise ValueError("the printed totals must count the animal cards of each type")
    if any(CARDS[c].deck != "wildlife" for c in WETLAND_EFFECTS):
        raise ValueError("wetland-effect cards are wildlife cards")


_validate()
