"""A differential check of step 3: at every goal check of seeded random games, the
engine's awards equal those of an independent checker written here from the spec.

The checker reads only the cards' printed data (data.py) and the state; it shares no
code with the engine's goals.py: its own rotations and translations (TUL-051..053), its
own river geometry (TUL-068..072) and its own award order and token counts (TUL-048,
TUL-054..058, TUL-076..083).
"""

from __future__ import annotations

import functools
import os
from typing import Any

from core.games.tulikko import GAME, data, goals
from core.games.tulikko.events import AuroraTaken, LandscapeAchieved, StepDone, SymbolClaimed
from core.games.tulikko.state import State
from core.kernel import Rng

GAMES = int(os.environ.get("TULIKKO_GOAL_GAMES", "30"))
MAPS = int(os.environ.get("TULIKKO_GOAL_MAPS", "2000"))
Point = tuple[int, int]


def _turned(points: list[Point], times: int) -> list[Point]:
    """`points` rotated by 90° `times` times (order kept: labels follow their cell)."""
    for _ in range(times):
        points = [(c, -r) for r, c in points]
    return points


def _shifts(points: list[Point], rows: int, cols: int) -> list[list[Point]]:
    """Every translation of `points` whose coordinates lie in 0..rows, 0..cols."""
    top, left = min(r for r, _ in points), min(c for _, c in points)
    height, width = max(r for r, _ in points) - top, max(c for _, c in points) - left
    return [
        [(r - top + dr, c - left + dc) for r, c in points]
        for dr in range(rows - height + 1)
        for dc in range(cols - width + 1)
    ]


def _tile_placements(cells: list[Point], rotations: int) -> list[list[Point]]:
    return [
        placed
        for k in range(rotations)
        for placed in _shifts(_turned(cells, k), data.ROWS - 1, data.COLS - 1)
    ]


@functools.cache
def _candidates(card_id: str) -> list[list[Point]]:
    card = data.LANDSCAPE[card_id]
    cells = list(card.cells)
    if isinstance(card, data.ShapeCard) and card.absolute:
        return [cells]  # TUL-062: the four corners themselves
    rotatable = isinstance(card, data.ColourCard) or card.rotatable
    return _tile_placements(cells, 4 if rotatable else 1)


@functools.cache
def _river_candidates(card_id: str) -> list[set[frozenset[Point]]]:
    card = data.LANDSCAPE[card_id]
    ends = [p for seg in card.segments for p in seg]
    return [
        {frozenset(placed[i : i + 2]) for i in range(0, len(placed), 2)}
        for k in range(4)
        for placed in _shifts(_turned(ends, k), data.ROWS, data.COLS)
    ]


def tiles_met(card: Any, cells_now: list[str]) -> bool:
    """Shape and colour cards (TUL-059..066, TUL-073/074) on a map's tile ids."""
    cells = list(card.cells)
    for placed in _candidates(card.id):
        tiles = [cells_now[r * data.COLS + c] for r, c in placed]
        found = [data.TILE_COLOUR[t] if t else "" for t in tiles]
        if not all(found):
            continue
        if isinstance(card, data.ColourCard):
            if found == list(card.colours):  # TUL-073/074
                return True
            continue
        if card.distinct and len(set(found)) < len(found):  # TUL-063/065
            continue
        if any(found[cells.index(a)] == found[cells.index(b)] for a, b in card.neq):  # TUL-064
            continue
        return True
    return False


def _river_segments(edges: list[int]) -> list[tuple[Point, Point]]:
    """The grid segment of every river token (TUL-068): the line between the two spaces."""
    out = []
    for e, token in enumerate(edges):
        if token != data.RIVER:
            continue
        a, b = data.EDGES[e]
        (r1, c1), (r2, c2) = divmod(a, data.COLS), divmod(b, data.COLS)
        if r1 == r2:
            out.append(((r1, max(c1, c2)), (r1 + 1, max(c1, c2))))
        else:
            out.append(((max(r1, r2), c1), (max(r1, r2), c1 + 1)))
    return out


def _sides(v: Point) -> set[str]:
    r, c = v
    return {
        s
        for s, on in (
            ("TOP", r == 0),
            ("BOTTOM", r == data.ROWS),
            ("LEFT", c == 0),
            ("RIGHT", c == data.COLS),
        )
        if on
    }


def rivers_met(card: data.RiverCard, edges: list[int]) -> bool:
    """River cards (TUL-067..072) on a map's edge tokens."""
    segments = _river_segments(edges)
    have = {frozenset(s) for s in segments}
    if card.rule == "pattern":  # TUL-069: rotated and moved (river tokens lie inside)
        return any(pairs <= have for pairs in _river_candidates(card.id))
    if card.rule == "six_connected":  # TUL-072: one group, sharing vertices
        groups: list[set[Point]] = []
        sizes: list[int] = []
        for a, b in segments:
            touching = [i for i, g in enumerate(groups) if a in g or b in g]
            merged, size = {a, b}, 1
            for i in reversed(touching):
                merged |= groups.pop(i)
                size += sizes.pop(i)
            groups.append(merged)
            sizes.append(size)
        return max(sizes, default=0) >= card.min_chain
    wanted = (
        [{"TOP", "LEFT"}, {"TOP", "RIGHT"}, {"BOTTOM", "LEFT"}, {"BOTTOM", "RIGHT"}]
        if card.rule == "adjacent_sides"
        else [{"TOP", "BOTTOM"}, {"LEFT", "RIGHT"}]
    )
    nexts: dict[Point, list[Point]] = {}
    for a, b in segments:
        nexts.setdefault(a, []).append(b)
        nexts.setdefault(b, []).append(a)

    def walk(path: list[Point]) -> bool:  # TUL-070/071: distinct vertices, >= 4 tokens
        if len(path) - 1 >= card.min_chain and any(
            {x, y} in wanted for x in _sides(path[0]) for y in _sides(path[-1])
        ):
            return True
        return any(walk([*path, n]) for n in nexts[path[-1]] if n not in path)

    return any(walk([v]) for v in nexts if _sides(v))


def expected_awards(state: State, seat: int) -> list[Any]:
    """Step 3 from the spec: landscape cards, symbol cards, aurora tiles, in that order;
    each card takes min(2, animal tokens left) (TUL-048, TUL-054/055, TUL-077)."""
    left = state.players[seat].animals
    out: list[Any] = []
    for i, card_id in enumerate(state.landscape):
        card = data.LANDSCAPE[card_id]
        if state.landscape_achieved[i][seat]:  # TUL-056/058
            continue
        player = state.players[seat]
        met = (
            rivers_met(card, player.edges)
            if isinstance(card, data.RiverCard)
            else tiles_met(card, player.cells)
        )
        if met:
            n = min(2, left)
            left -= n
            out.append(LandscapeAchieved(seat, card_id, n))
    animal = state.players[seat].animal
    for i, symbol in enumerate(data.SYMBOLS):  # TUL-076/078
        spaces = [c for c in range(data.CELLS) if data.MAPS[animal][c] == symbol]
        assert len(spaces) == 5
        if state.symbol_holder[i] == -1 and all(state.players[seat].cells[c] for c in spaces):
            n = min(2, left)
            left -= n
            out.append(SymbolClaimed(seat, symbol, n))
    colours = [data.TILE_COLOUR[t] for t in state.players[seat].cells if t]
    for colour in data.COLOURS:  # TUL-080..083
        three, four = f"aurora-{colour}-3", f"aurora-{colour}-4"
        holder3 = state.aurora_holder[data.AURORA_INDEX[three]]
        holder4 = state.aurora_holder[data.AURORA_INDEX[four]]
        if holder3 == -1 and colours.count(colour) >= 3:
            out.append(AuroraTaken(seat, three))
        elif holder3 not in (-1, seat) and holder4 == -1 and colours.count(colour) >= 4:
            out.append(AuroraTaken(seat, four))
    return out


def _is_award(event: Any) -> bool:
    if isinstance(event, LandscapeAchieved):
        return not event.wildcard
    return isinstance(event, (SymbolClaimed, AuroraTaken))


def _bot(state: State, seat: int, rng: Rng) -> Any:
    """Random, but keen on tokens and auroras, so goals get met."""
    moves = GAME.legal_moves(state, seat)
    keen = [m for m in moves if type(m).__name__ in ("PlaceToken", "UseMoveTile", "MoveTo")]
    return rng.choice(keen if keen and rng.below(4) else moves)


def test_every_goal_check_awards_what_the_spec_says() -> None:
    """TUL-047 TUL-048 TUL-054 TUL-056 TUL-076 TUL-077 TUL-080 TUL-081 TUL-082: awards at
    every goal check of random games equal the independent checker's."""
    checks = awarded = 0
    for game in range(GAMES):
        seats = 2 + game % 3
        state = GAME.initial(GAME.setup(seats, 9_000 + game, {"beginner": game % 2 == 1}))
        rng = Rng.seeded(game, stream=21)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            events = GAME.decide(state, seat, _bot(state, seat, rng))
            for k, event in enumerate(events):
                if isinstance(event, StepDone):
                    start = k
                    while start > 0 and _is_award(events[start - 1]):
                        start -= 1
                    before = state
                    for earlier in events[:start]:
                        before = GAME.evolve(before, earlier)
                    assert events[start:k] == expected_awards(before, seat)
                    checks += 1
                    awarded += k - start
            for event in events:
                state = GAME.evolve(state, event)
    assert checks > 20 * GAMES and awarded > 3 * GAMES


def test_random_maps_meet_the_same_cards() -> None:
    """TUL-050 TUL-051 TUL-052 TUL-053 TUL-059 TUL-064 TUL-067 TUL-068 TUL-069 TUL-070
    TUL-071 TUL-072 TUL-073: on random maps (tiles on random spaces, river and animal tokens
    on random edges) the engine and the checker agree on every landscape card; random play
    rarely builds the river cards, so they are tested here."""
    rng = Rng.seeded(5, stream=23)
    tiles = [t for back in ("neutral", *data.ANIMALS) for t in data.tile_ids(back)]
    met = dict.fromkeys(data.LANDSCAPE, 0)
    for _ in range(MAPS):
        cells = [""] * data.CELLS
        for c in range(data.CELLS):
            if rng.below(3):
                cells[c] = tiles[rng.below(len(tiles))]
        edges = [data.NO_TOKEN] * len(data.EDGES)
        for _ in range(4 + rng.below(5)):
            edges[rng.below(len(edges))] = data.RIVER if rng.below(4) else data.ANIMAL
        for card_id, card in data.LANDSCAPE.items():
            mine = (
                rivers_met(card, edges)
                if isinstance(card, data.RiverCard)
                else tiles_met(card, cells)
            )
            assert goals.landscape_met(card_id, cells, edges) == mine, (card_id, cells, edges)
            met[card_id] += mine
    assert all(met.values()) and all(n < MAPS for n in met.values()), met
