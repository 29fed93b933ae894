"""The player board's hex geometry (RW-068, RW-GAP01, RW-GAP04): neighbours, the
shapes a tile may cover, connected groups of hexes. Fields are ints c*ROWS+r."""

from __future__ import annotations

from .data import COLS, ROWS


def field(c: int, r: int) -> int:
    return c * ROWS + r


def coords(f: int) -> tuple[int, int]:
    return divmod(f, ROWS)


def _neighbours(f: int) -> tuple[int, ...]:
    c, r = coords(f)
    if c % 2 == 0:
        cand = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    else:
        cand = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return tuple(sorted(field(x, y) for x, y in cand if 0 <= x < COLS and 0 <= y < ROWS))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(f) for f in range(COLS * ROWS))


def _shapes() -> dict[str, tuple[tuple[int, ...], ...]]:
    """Every placement of each tile kind on the board (RW-GAP04), sorted fields."""
    triangles, dominoes = set(), set()
    for f in range(COLS * ROWS):
        for g in NEIGHBOURS[f]:
            if g > f:
                dominoes.add((f, g))
            for h in NEIGHBOURS[g]:
                if h in NEIGHBOURS[f] and h != f:
                    triangles.add(tuple(sorted((f, g, h))))
    return {
        "S": tuple(sorted(triangles)),
        "G": tuple(sorted(dominoes)),
        "R": tuple((f,) for f in range(COLS * ROWS)),
    }


SHAPES = _shapes()


def connected_groups(free: list[int], size: int) -> list[tuple[int, ...]]:
    """Every connected group of `size` fields drawn from `free` (RW-103), sorted."""
    if size == 0:
        return [()]
    allowed = [False] * (COLS * ROWS)
    for f in free:
        allowed[f] = True
    level: dict[tuple[int, ...], None] = {(f,): None for f in free}
    for _ in range(size - 1):
        grown: dict[tuple[int, ...], None] = {}
        for group in level:
            for f in group:
                for g in NEIGHBOURS[f]:
                    if allowed[g] and g not in group:
                        grown[tuple(sorted((*group, g)))] = None
        level = grown
    return sorted(level)


def is_connected(fields: tuple[int, ...]) -> bool:
    if not fields:
        return True
    seen, todo = {fields[0]}, [fields[0]]
    while todo:
        f = todo.pop()
        for g in NEIGHBOURS[f]:
            if g in fields and g not in seen:
                seen.add(g)
                todo.append(g)
    return len(seen) == len(fields)
