"""Tulikko component data: maps, tiles, landscape cards, symbol cards, aurora tiles.

The Japanese rulebook lost its pictures, so most of this is the PROVISIONAL
data of shared/rules/tulikko.md section "Data the rulebook does not give"
(TUL-GAPnn). Each provisional block says which gap it fills. Everything is
checked by `_validate()` when the module is imported: a broken table fails
loudly (DataError) instead of producing a subtly wrong game.

Geometry (TUL-GAP04, PROVISIONAL): a map is 4 rows x 5 columns, cell index
`r * 5 + c`; adjacency is orthogonal; the 31 inner edges are numbered in
`EDGES`; rivers live on the vertex lattice (i = 0..4, j = 0..5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

ROWS = 4
COLS = 5
CELLS = ROWS * COLS

# -- colours, symbols, animals (TUL-GAP01/02/03/17, PROVISIONAL) -------------------

COLOURS: tuple[str, ...] = ("GREEN", "ORANGE", "BLUE", "PURPLE")
SYMBOLS: tuple[str, ...] = ("RAIN_CLOUD", "SUN", "MOON", "SNOWFLAKE")
ANIMALS: tuple[str, ...] = ("bear", "wolf", "owl", "reindeer")
ANIMAL_TOKENS = 12
RIVER_TOKENS = 6
TILES_PER_COLOUR = 3
STACK_SIZE = len(COLOURS) * TILES_PER_COLOUR  # 12 turns (TUL-025, TUL-105)
BOARD_TILES = 5  # TUL-004

_SYMBOL_LETTER = {"R": "RAIN_CLOUD", "S": "SUN", "M": "MOON", "W": "SNOWFLAKE"}

# TUL-GAP05 (PROVISIONAL): symbol layout of each wilderness map, rows top to bottom.
_MAP_TEXT: dict[str, str] = {
    "bear": "S M R W S / R W S M R / M S W R M / W R M S W",
    "wolf": "R S S M W / W M R R S / S W M W R / M R W S M",
    "owl": "W R M S R / S M W R W / R S M S M / M W R W S",
    "reindeer": "M W S R M / S R M W S / W M R S R / R S W M W",
}

# -- central board (TUL-GAP06, PROVISIONAL) -----------------------------------------

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
OPPOSITE: dict[str, str] = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_SYMBOL: dict[str, str] = {"N": "SUN", "E": "MOON", "S": "RAIN_CLOUD", "W": "SNOWFLAKE"}
# Board slots in state order: the four arms, then the hidden centre.
SLOT_INDEX: dict[str, int] = {"N": 0, "E": 1, "S": 2, "W": 3}
CENTRE = 4

# -- tokens on edges -------------------------------------------------------------------

NO_TOKEN = 0
RIVER = 1
ANIMAL = 2


def cell_of(row: int, col: int) -> int:
    return row * COLS + col


def rc(cell: int) -> tuple[int, int]:
    return divmod(cell, COLS)


def _neighbours(cell: int) -> tuple[int, ...]:
    """Orthogonal neighbours (TUL-036), in the fixed order N, E, S, W."""
    r, c = rc(cell)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append(cell_of(rr, cc))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(cell) for cell in range(CELLS))

# Inner edges: horizontal neighbours first (16), then vertical neighbours (15).
EDGES: tuple[tuple[int, int], ...] = tuple(
    [(cell_of(r, c), cell_of(r, c + 1)) for r in range(ROWS) for c in range(COLS - 1)]
    + [(cell_of(r, c), cell_of(r + 1, c)) for r in range(ROWS - 1) for c in range(COLS)]
)
EDGE_INDEX: dict[tuple[int, int], int] = {edge: i for i, edge in enumerate(EDGES)}
CELL_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(EDGE_INDEX[(min(cell, n), max(cell, n))] for n in NEIGHBOURS[cell])
    for cell in range(CELLS)
)

Vertex = tuple[int, int]
Segment = tuple[Vertex, Vertex]


def edge_segment(edge: int) -> Segment:
    """The grid segment an inner edge lies on (TUL-068, TUL-GAP04)."""
    a, b = EDGES[edge]
    (r, c), (r2, _c2) = rc(a), rc(b)
    if r == r2:  # horizontal neighbours: vertical segment
        return ((r, c + 1), (r + 1, c + 1))
    return ((r + 1, c), (r + 1, c + 1))  # vertical neighbours: horizontal segment


EDGE_SEGMENTS: tuple[Segment, ...] = tuple(edge_segment(e) for e in range(len(EDGES)))
SEGMENT_EDGE: dict[Segment, int] = {seg: e for e, seg in enumerate(EDGE_SEGMENTS)}


def vertex_sides(vertex: Vertex) -> frozenset[str]:
    """The sides of the map a grid vertex lies on (TUL-068)."""
    i, j = vertex
    sides = {"TOP": i == 0, "BOTTOM": i == ROWS, "LEFT": j == 0, "RIGHT": j == COLS}
    return frozenset(side for side, on in sides.items() if on)


EDGE_SIDES: tuple[frozenset[str], ...] = tuple(
    vertex_sides(a) | vertex_sides(b) for a, b in EDGE_SEGMENTS
)
ADJACENT_SIDE_PAIRS = (("TOP", "LEFT"), ("TOP", "RIGHT"), ("BOTTOM", "LEFT"), ("BOTTOM", "RIGHT"))
OPPOSITE_SIDE_PAIRS = (("TOP", "BOTTOM"), ("LEFT", "RIGHT"))
# Edges sharing a grid vertex with edge e: "consecutive" river tokens (TUL-068).
EDGE_TOUCHING: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in range(len(EDGES)) if f != e and set(EDGE_SEGMENTS[e]) & set(EDGE_SEGMENTS[f]))
    for e in range(len(EDGES))
)

# -- maps ---------------------------------------------------------------------------


def _parse_map(text: str) -> tuple[str, ...]:
    rows = [row.split() for row in text.split("/")]
    return tuple(_SYMBOL_LETTER[letter] for row in rows for letter in row)


MAPS: dict[str, tuple[str, ...]] = {animal: _parse_map(text) for animal, text in _MAP_TEXT.items()}
# Cells of each symbol, per map.
SYMBOL_CELLS: dict[str, dict[str, tuple[int, ...]]] = {
    animal: {
        symbol: tuple(cell for cell in range(CELLS) if layout[cell] == symbol) for symbol in SYMBOLS
    }
    for animal, layout in MAPS.items()
}

# -- forest tiles (TUL-003, TUL-GAP07, PROVISIONAL ids) ------------------------------


def tile_ids(back: str) -> list[str]:
    """The 12 forest tiles of one back (an animal or "neutral"), in canonical order."""
    return [f"{back}-{colour}-{n}" for colour in COLOURS for n in range(1, TILES_PER_COLOUR + 1)]


TILE_COLOUR: dict[str, str] = {
    tile: tile.split("-")[1] for back in (*ANIMALS, "neutral") for tile in tile_ids(back)
}

# -- landscape cards (TUL-GAP08/09/10/11, PROVISIONAL) -------------------------------

Cell = tuple[int, int]


@dataclass(frozen=True)
class ShapeCard:
    """A tile pattern (TUL-059..066). `absolute`: fixed position, no translation."""

    id: str
    name: str
    cells: tuple[Cell, ...]
    neq: tuple[tuple[Cell, Cell], ...] = ()
    distinct: bool = False
    absolute: bool = False
    rotatable: bool = True
    advanced: bool = False
    kind: str = "shape"


@dataclass(frozen=True)
class ColourCard:
    """A 2x2 colour pattern, rotations allowed, reflections not (TUL-073/074)."""

    id: str
    colours: tuple[str, str, str, str]  # top-left, top-right, bottom-left, bottom-right
    advanced: bool = False
    kind: str = "colour"

    @property
    def cells(self) -> tuple[Cell, ...]:
        return ((0, 0), (0, 1), (1, 0), (1, 1))


@dataclass(frozen=True)
class RiverCard:
    """A river pattern (segments on the vertex lattice) or a river rule (TUL-067..072)."""

    id: str
    name: str
    rule: str  # "pattern" | "adjacent_sides" | "opposite_sides" | "six_connected"
    segments: tuple[Segment, ...] = ()
    min_chain: int = 0
    advanced: bool = False
    kind: str = "river"


def _poly(*vertices: Vertex) -> tuple[Segment, ...]:
    return tuple((vertices[i], vertices[i + 1]) for i in range(len(vertices) - 1))


# TUL-GAP08 (PROVISIONAL)
SHAPE_CARDS: tuple[ShapeCard, ...] = (
    ShapeCard("SHAPE-01", "four_corners", ((0, 0), (0, 4), (3, 0), (3, 4)), absolute=True),
    ShapeCard("SHAPE-02", "four_colour_square", ((0, 0), (0, 1), (1, 0), (1, 1)), distinct=True),
    ShapeCard("SHAPE-03", "four_colour_line", ((0, 0), (0, 1), (0, 2), (0, 3)), distinct=True),
    ShapeCard(
        "SHAPE-04",
        "neq_T",
        ((0, 0), (0, 1), (0, 2), (1, 1)),
        neq=(((0, 1), (0, 0)), ((0, 1), (0, 2)), ((0, 1), (1, 1))),
        advanced=True,
    ),
    ShapeCard(
        "SHAPE-05",
        "neq_zigzag",
        ((0, 0), (1, 0), (1, 1), (2, 1)),
        neq=(((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (2, 1))),
        advanced=True,
    ),
    ShapeCard("SHAPE-06", "plain_L", ((0, 0), (1, 0), (2, 0), (2, 1))),
    ShapeCard("SHAPE-07", "plain_full_row", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))),
    ShapeCard("SHAPE-08", "plain_plus", ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))),
    ShapeCard("SHAPE-09", "plain_diagonal", ((0, 0), (1, 1), (2, 2), (3, 3)), advanced=True),
)

# TUL-GAP09 (PROVISIONAL)
RIVER_CARDS: tuple[RiverCard, ...] = (
    RiverCard("RIVER-01", "straight3", "pattern", _poly((0, 0), (0, 1), (0, 2), (0, 3))),
    RiverCard("RIVER-02", "corner_L", "pattern", _poly((0, 0), (1, 0), (2, 0), (2, 1))),
    RiverCard("RIVER-03", "bracket_U", "pattern", _poly((0, 0), (1, 0), (1, 1), (0, 1))),
    RiverCard("RIVER-04", "staircase", "pattern", _poly((0, 0), (0, 1), (1, 1), (1, 2), (2, 2))),
    RiverCard(
        "RIVER-05",
        "junction_T",
        "pattern",
        (((1, 1), (0, 1)), ((1, 1), (1, 0)), ((1, 1), (1, 2))),
        advanced=True,
    ),
    RiverCard("RIVER-06", "adjacent_sides", "adjacent_sides", min_chain=4),
    RiverCard("RIVER-07", "opposite_sides", "opposite_sides", min_chain=4),
    RiverCard("RIVER-08", "six_connected", "six_connected", min_chain=6, advanced=True),
)


def _colour_cards() -> tuple[ColourCard, ...]:
    """TUL-GAP10 (PROVISIONAL): A A / B C for each doubled colour A and omitted colour."""
    cards = []
    for a in COLOURS:
        rest = [c for c in COLOURS if c != a]
        for i in range(len(rest)):
            for j in range(i + 1, len(rest)):
                cards.append((a, rest[i], rest[j]))
    return tuple(
        ColourCard(f"COLOUR-{n:02d}", (a, a, b, c)) for n, (a, b, c) in enumerate(cards, 1)
    )


COLOUR_CARDS: tuple[ColourCard, ...] = _colour_cards()

LandscapeCard = ShapeCard | ColourCard | RiverCard
LANDSCAPE_TYPES: tuple[str, ...] = ("river", "colour", "shape")  # setup and check order
LANDSCAPE_DECKS: dict[str, tuple[LandscapeCard, ...]] = {
    "river": RIVER_CARDS,
    "colour": COLOUR_CARDS,
    "shape": SHAPE_CARDS,
}
LANDSCAPE: dict[str, LandscapeCard] = {
    card.id: card for deck in LANDSCAPE_DECKS.values() for card in deck
}
LANDSCAPE_CAPACITY = 2  # TUL-GAP12 (PROVISIONAL): tokens per animal space
SYMBOL_CAPACITY = 2  # TUL-GAP13 (PROVISIONAL)

# -- aurora tiles (TUL-GAP14, PROVISIONAL mapping) ---------------------------------

FREE_PLACEMENT = "FREE_PLACEMENT"
MOVE_TILE = "MOVE_TILE"
RESLIDE = "RESLIDE"
LANDSCAPE_WILDCARD = "LANDSCAPE_WILDCARD"
EFFECTS: tuple[str, ...] = (LANDSCAPE_WILDCARD, RESLIDE, FREE_PLACEMENT, MOVE_TILE)
AURORA_EFFECT: dict[str, str] = {
    "GREEN": FREE_PLACEMENT,
    "ORANGE": MOVE_TILE,
    "BLUE": RESLIDE,
    "PURPLE": LANDSCAPE_WILDCARD,
}


@dataclass(frozen=True)
class AuroraTile:
    id: str
    colour: str
    threshold: int
    effect: str


AURORA_TILES: tuple[AuroraTile, ...] = tuple(
    AuroraTile(f"aurora-{colour}-{n}", colour, n, AURORA_EFFECT[colour])
    for colour in COLOURS
    for n in (3, 4)
)

AURORA_INDEX: dict[str, int] = {tile.id: i for i, tile in enumerate(AURORA_TILES)}

# -- pattern geometry ----------------------------------------------------------------


def rotate_cells(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """One 90° rotation (r, c) -> (c, -r), normalised to min row/col 0 (TUL-GAP04)."""
    turned = [(c, -r) for r, c in cells]
    r0 = min(r for r, _ in turned)
    c0 = min(c for _, c in turned)
    return tuple((r - r0, c - c0) for r, c in turned)


def rotations_keep_labels(cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """All 4 rotations, keeping cell i at index i (coloured patterns: labels matter)."""
    out: list[tuple[Cell, ...]] = []
    current = rotate_cells(rotate_cells(rotate_cells(rotate_cells(cells))))
    for _ in range(4):
        if current not in out:
            out.append(current)
        current = rotate_cells(current)
    return out


def placements(cells: tuple[Cell, ...]) -> list[tuple[int, ...]]:
    """Every translation of a normalised pattern that lies inside the map, as cell indices."""
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    return [
        tuple(cell_of(r + dr, c + dc) for r, c in cells)
        for dr in range(ROWS - h + 1)
        for dc in range(COLS - w + 1)
    ]


def rotate_segments(segs: tuple[Segment, ...]) -> tuple[Segment, ...]:
    turned = [((a[1], -a[0]), (b[1], -b[0])) for a, b in segs]
    i0 = min(min(a[0], b[0]) for a, b in turned)
    j0 = min(min(a[1], b[1]) for a, b in turned)
    return tuple(_norm_seg(((a[0] - i0, a[1] - j0), (b[0] - i0, b[1] - j0))) for a, b in turned)


def _norm_seg(seg: Segment) -> Segment:
    a, b = seg
    return (a, b) if a <= b else (b, a)


def river_placements(segs: tuple[Segment, ...]) -> list[tuple[int, ...]]:
    """Every rotation x translation of a river pattern as inner-edge indices (TUL-069)."""
    out: list[tuple[int, ...]] = []
    seen: list[frozenset[int]] = []
    current = rotate_segments(rotate_segments(rotate_segments(rotate_segments(segs))))
    for _ in range(4):
        hi = max(max(a[0], b[0]) for a, b in current)
        hj = max(max(a[1], b[1]) for a, b in current)
        for di in range(ROWS - hi + 1):
            for dj in range(COLS - hj + 1):
                edges = []
                for a, b in current:
                    seg = _norm_seg(((a[0] + di, a[1] + dj), (b[0] + di, b[1] + dj)))
                    if seg not in SEGMENT_EDGE:
                        break
                    edges.append(SEGMENT_EDGE[seg])
                else:
                    key = frozenset(edges)
                    if key not in seen:
                        seen.append(key)
                        out.append(tuple(edges))
        current = rotate_segments(current)
    return out


@dataclass(frozen=True)
class CompiledPattern:
    """A tile pattern resolved to concrete cell tuples (index-aligned with the card's cells)."""

    placements: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...] = ()  # bit mask of each placement's cells / river edges
    neq: tuple[tuple[int, int], ...] = ()  # index pairs into a placement
    distinct: bool = False
    colours: tuple[str, ...] = ()
    edge_sets: tuple[tuple[int, ...], ...] = field(default=())


def _compile_tiles(
    cells: tuple[Cell, ...], rotatable: bool, absolute: bool
) -> list[tuple[int, ...]]:
    if absolute:
        return [tuple(cell_of(r, c) for r, c in cells)]
    rots = rotations_keep_labels(cells) if rotatable else [cells]
    out: list[tuple[int, ...]] = []
    for rot in rots:
        for p in placements(rot):
            if p not in out:
                out.append(p)
    return out


def _masks(placements: list[tuple[int, ...]]) -> tuple[int, ...]:
    return tuple(sum(1 << cell for cell in p) for p in placements)


def compile_card(card: LandscapeCard) -> CompiledPattern:
    if isinstance(card, ShapeCard):
        tiles = _compile_tiles(card.cells, card.rotatable, card.absolute)
        index = {cell: i for i, cell in enumerate(card.cells)}
        return CompiledPattern(
            placements=tuple(tiles),
            masks=_masks(tiles),
            neq=tuple((index[a], index[b]) for a, b in card.neq),
            distinct=card.distinct,
        )
    if isinstance(card, ColourCard):
        tiles = _compile_tiles(card.cells, True, False)
        return CompiledPattern(placements=tuple(tiles), masks=_masks(tiles), colours=card.colours)
    if card.rule == "pattern":
        edge_sets = river_placements(card.segments)
        return CompiledPattern(placements=(), edge_sets=tuple(edge_sets), masks=_masks(edge_sets))
    return CompiledPattern(placements=())


# -- validation (fails loudly on import) ---------------------------------------------


class DataError(ValueError):
    """The component tables contradict the rules; the engine refuses to load."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(message)


def _validate() -> None:
    """Check every table against the rules (DataError on the first inconsistency)."""
    _require(len(EDGES) == 31, "a 4x5 grid has 31 inner edges (TUL-GAP04)")
    _require(sorted(MAPS) == sorted(ANIMALS), "one map per animal (TUL-GAP17)")
    layouts = []
    for animal, layout in MAPS.items():
        _require(len(layout) == CELLS, f"map {animal}: {len(layout)} spaces, not 20 (TUL-001)")
        for symbol in SYMBOLS:
            n = layout.count(symbol)
            _require(n == 5, f"map {animal}: {symbol} on {n} spaces, not 5 (TUL-001)")
        _require(layout not in layouts, f"map {animal} repeats another layout (TUL-002)")
        layouts.append(layout)
    _require(sorted(SIDE_SYMBOL.values()) == sorted(SYMBOLS), "one symbol per board side")
    for back in (*ANIMALS, "neutral"):
        ids = tile_ids(back)
        _require(len(ids) == STACK_SIZE == len(set(ids)), f"{back}: 12 distinct tiles (TUL-003)")
        for colour in COLOURS:
            n = sum(TILE_COLOUR[t] == colour for t in ids)
            _require(n == TILES_PER_COLOUR, f"{back}: {n} {colour} tiles (TUL-003)")
    counts = {"river": 8, "colour": 12, "shape": 9}
    for kind, deck in LANDSCAPE_DECKS.items():
        _require(len(deck) == counts[kind], f"{kind} deck has {len(deck)} cards (components)")
        _require(
            any(not card.advanced for card in deck),
            f"{kind} deck has no beginner card (TUL-113)",
        )
        for card in deck:
            _require(card.kind == kind, f"{card.id} is in the {kind} deck")
            pattern = COMPILED[card.id]
            if isinstance(card, ColourCard):
                _require(all(c in COLOURS for c in card.colours), f"{card.id}: unknown colour")
                mirror = (card.colours[1], card.colours[0], card.colours[3], card.colours[2])
                _require(mirror != card.colours, f"{card.id} is its own mirror")
            if isinstance(card, ShapeCard):
                _require(len(set(card.cells)) == len(card.cells), f"{card.id}: repeated cell")
                for a, b in card.neq:
                    _require(a in card.cells and b in card.cells, f"{card.id}: bad ≠ pair")
            if isinstance(card, RiverCard):
                _require(
                    card.rule in ("pattern", "adjacent_sides", "opposite_sides", "six_connected"),
                    f"{card.id}: unknown rule {card.rule}",
                )
                if card.rule == "pattern":
                    _require(
                        0 < len(card.segments) <= RIVER_TOKENS,
                        f"{card.id}: needs 1..6 river segments",
                    )
                    _require(bool(pattern.edge_sets), f"{card.id}: fits nowhere on the map")
                else:
                    _require(card.min_chain <= RIVER_TOKENS, f"{card.id}: too long")
            else:
                _require(bool(pattern.placements), f"{card.id}: fits nowhere on the map")
    _require(len(AURORA_TILES) == 8, "8 aurora tiles (TUL-079)")
    for i in range(0, len(AURORA_TILES), 2):
        three, four = AURORA_TILES[i], AURORA_TILES[i + 1]
        _require(
            three.colour == four.colour and (three.threshold, four.threshold) == (3, 4),
            "aurora tiles come in 3/4 pairs per colour (TUL-016)",
        )
    _require(sorted(AURORA_EFFECT) == sorted(COLOURS), "one aurora effect per colour")
    _require(sorted(AURORA_EFFECT.values()) == sorted(EFFECTS), "4 distinct effects (TUL-088)")


# The landscape patterns resolved to concrete placements (goals.py matches these).
COMPILED: dict[str, CompiledPattern] = {card.id: compile_card(card) for card in LANDSCAPE.values()}
_validate()
