"""A forest's geometry: where a tile may go, which routes walk a path, what splits.

Pure functions over a forest (a list of `Placed`), shared by the rules (checks and
legal moves), the view and the bots. Positions are axial hex coordinates (WW-GAP01).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from .data import HEX_DIRECTIONS, NO_COLOUR, START_PATH_LENGTH, START_VP, TILES, neighbours
from .state import Placed

Pos = tuple[int, int]


def is_start(tile: str) -> bool:
    return tile.startswith("S-")


def colour_of(tile: str) -> str:
    """The forest-side colour; the starting tile has none (WW-GAP12, WW-158)."""
    return NO_COLOUR if is_start(tile) else TILES[tile].colour


def vp_of(tile: str) -> int:
    return START_VP if is_start(tile) else TILES[tile].vp


def path_length(tile: str) -> int:
    return START_PATH_LENGTH if is_start(tile) else len(TILES[tile].path)


def by_position(forest: Sequence[Placed]) -> dict[Pos, Placed]:
    return {(t.q, t.r): t for t in forest}


def open_positions(forest: Sequence[Placed], extra: Sequence[Pos] = ()) -> list[Pos]:
    """Empty positions sharing an edge with the forest (WW-041/042), sorted."""
    taken = {(t.q, t.r) for t in forest} | set(extra)
    found = {n for pos in taken for n in neighbours(*pos) if n not in taken}
    return sorted(found)


def start_prefix_ok(colours: Sequence[str]) -> bool:
    """A prefix of the starting tile's pattern X c1 c2 c3 c4 X: the first five all
    different (WW-082), the sixth the same as the first (WW-081)."""
    n = len(colours)
    if n <= 5:
        return len(set(colours)) == n
    return n == START_PATH_LENGTH and len(set(colours[:5])) == 5 and colours[5] == colours[0]


def prefix_check(tile: str) -> Callable[[Sequence[str]], bool]:
    """Does a sequence of colours start a legal walk of `tile`'s path, in either
    direction (WW-054/055)?"""
    if is_start(tile):
        return start_prefix_ok
    forward = TILES[tile].path
    backward = forward[::-1]

    def ok(colours: Sequence[str]) -> bool:
        n = len(colours)
        return tuple(colours) == forward[:n] or tuple(colours) == backward[:n]

    return ok


def matches(tile: str, colours: Sequence[str]) -> bool:
    """A complete route's colours walk `tile`'s path (WW-057, WW-081)."""
    return len(colours) == path_length(tile) and prefix_check(tile)(colours)


def splits(forest: Sequence[Placed], removed: Pos) -> bool:
    """Would removing the tile at `removed` leave two or more sections (WW-061/062)?"""
    rest = {(t.q, t.r) for t in forest} - {removed}
    if not rest:
        return False
    start = min(rest)
    seen = {start}
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in HEX_DIRECTIONS:
            n = (q + dq, r + dr)
            if n in rest and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) != len(rest)


def _route_iter(forest: Sequence[Placed], at: Pos) -> Iterator[list[Pos]]:
    cells = by_position(forest)
    ok = prefix_check(cells[at].tile)
    length = path_length(cells[at].tile)
    colour = {pos: TILES[t.tile].colour for pos, t in cells.items() if not t.mission}

    def extend(route: list[Pos], colours: list[str]) -> Iterator[list[Pos]]:
        if len(route) == length:
            yield route[:]
            return
        q, r = route[-1]
        for dq, dr in HEX_DIRECTIONS:
            n = (q + dq, r + dr)
            c = colour.get(n)
            if c is None or n in route:
                continue
            colours.append(c)
            if ok(colours):
                route.append(n)
                yield from extend(route, colours)
                route.pop()
            colours.pop()

    for n in neighbours(*at):
        c = colour.get(n)
        if c is not None and ok([c]):
            yield from extend([n], [c])


def routes(forest: Sequence[Placed], at: Pos) -> list[list[Pos]]:
    """Every route the animal on the mission tile at `at` may walk, ignoring the split
    rule: adjacent steps from the mission tile (WW-056) over forest tiles only
    (WW-058), no tile twice (WW-060), colours matching the path (WW-057). Sorted."""
    return sorted(_route_iter(forest, at))


def can_walk(forest: Sequence[Placed], at: Pos) -> bool:
    """Has the animal on the mission tile at `at` a legal walk now (split rule too)?"""
    return next(_route_iter(forest, at), None) is not None and not splits(forest, at)


def walks(forest: Sequence[Placed]) -> list[tuple[Pos, list[Pos]]]:
    """Every legal walk now: (mission tile position, route), in a stable order."""
    out: list[tuple[Pos, list[Pos]]] = []
    for t in sorted(forest, key=lambda t: (t.q, t.r)):
        if t.mission and t.animal:
            found = routes(forest, (t.q, t.r))
            if found and not splits(forest, (t.q, t.r)):
                out += [((t.q, t.r), route) for route in found]
    return out


def any_walk(forest: Sequence[Placed]) -> bool:
    return any(t.mission and t.animal and can_walk(forest, (t.q, t.r)) for t in forest)


def best_prefix(forest: Sequence[Placed], at: Pos) -> int:
    """How many tiles of the path at `at` can be walked now (a bot's measure of how
    close a mission is): the longest matching start of a route, up to its length."""
    cells = by_position(forest)
    ok = prefix_check(cells[at].tile)
    length = path_length(cells[at].tile)
    colour = {pos: TILES[t.tile].colour for pos, t in cells.items() if not t.mission}
    best = 0

    def extend(route: list[Pos], colours: list[str]) -> None:
        nonlocal best
        best = max(best, len(route))
        if best == length:
            return
        q, r = route[-1] if route else at
        for dq, dr in HEX_DIRECTIONS:
            n = (q + dq, r + dr)
            c = colour.get(n)
            if c is None or n in route:
                continue
            colours.append(c)
            if ok(colours):
                route.append(n)
                extend(route, colours)
                route.pop()
            colours.pop()

    extend([], [])
    return best
