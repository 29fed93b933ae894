"""How each objective card scores one board (PROVISIONAL TOR-GAP09).

A board is a list of tile ids per slot ("" = empty or paper). Groups are maximal
connected sets of at least 2 same-landscape tiles (TOR-051); the rainbow tile and
paper tiles have no landscape (TOR-130, TOR-164).
"""

from __future__ import annotations

from collections.abc import Callable

from .data import NEIGHBOURS, SLOTS, TILES

Lands = list[str]  # landscape per slot ("" = none)

_LARGEST_GROUP = {2: 6, 3: 12, 4: 18, 5: 24}  # 6+ -> 30
_GROVE = {2: 6, 3: 12}  # 4+ -> 16
_CHERRY_ROWS = {0: 0, 1: 2, 2: 6, 3: 12, 4: 20, 5: 30}


def lands(board: list[str]) -> Lands:
    return [TILES[t].landscape if t else "" for t in board]


def groups(land: Lands, landscape: str) -> list[int]:
    """Sizes of the groups (>= 2 connected tiles) of one landscape (TOR-050, TOR-051)."""
    seen = [False] * len(land)
    sizes = []
    for start, here in enumerate(land):
        if here != landscape or seen[start]:
            continue
        seen[start] = True
        todo, size = [start], 0
        while todo:
            i = todo.pop()
            size += 1
            for j in NEIGHBOURS[i]:
                if land[j] == landscape and not seen[j]:
                    seen[j] = True
                    todo.append(j)
        if size >= 2:
            sizes.append(size)
    return sizes


def _touching(land: Lands, i: int, landscape: str) -> bool:
    return any(land[j] == landscape for j in NEIGHBOURS[i])


def _of(land: Lands, landscape: str) -> list[int]:
    return [i for i, x in enumerate(land) if x == landscape]


def _largest(land: Lands, landscape: str) -> int:
    biggest = max(groups(land, landscape), default=0)
    return 30 if biggest >= 6 else _LARGEST_GROUP.get(biggest, 0)


def _mountain_a(land: Lands) -> int:
    return sum(2 * (SLOTS[i].row - 1) for i in _of(land, "mountain"))


def _mountain_b(land: Lands) -> int:
    return _largest(land, "mountain")


def _mountain_c(land: Lands) -> int:
    return 6 * sum(not _touching(land, i, "mountain") for i in _of(land, "mountain"))


def _water_a(land: Lands) -> int:
    return 4 * sum(_touching(land, i, "water") for i in _of(land, "water"))


def _water_b(land: Lands) -> int:
    return 4 * sum(SLOTS[i].row == 1 for i in _of(land, "water"))


def _water_c(land: Lands) -> int:
    return 4 * sum(_touching(land, i, "mountain") for i in _of(land, "water"))


def _bamboo_a(land: Lands) -> int:
    return sum(16 if size >= 4 else _GROVE[size] for size in groups(land, "bamboo"))


def _bamboo_b(land: Lands) -> int:
    rows = [SLOTS[i].row for i in _of(land, "bamboo")]
    return 6 * sum(rows.count(r) >= 2 for r in sorted(set(rows)))


def _bamboo_c(land: Lands) -> int:
    return 4 * sum(_touching(land, i, "village") for i in _of(land, "bamboo"))


def _cherry_a(land: Lands) -> int:
    return 4 * sum(not _touching(land, i, "cherry") for i in _of(land, "cherry"))


def _cherry_b(land: Lands) -> int:
    return 4 * sum(_touching(land, i, "water") for i in _of(land, "cherry"))


def _cherry_c(land: Lands) -> int:
    return _CHERRY_ROWS[len({SLOTS[i].row for i in _of(land, "cherry")})]


def _village_a(land: Lands) -> int:
    total = 0
    for i in _of(land, "village"):
        kinds = {land[j] for j in NEIGHBOURS[i]} - {"", "village"}
        total += 2 * len(kinds)
    return total


def _village_b(land: Lands) -> int:
    return _largest(land, "village")


def _village_c(land: Lands) -> int:
    return 6 * sum(SLOTS[i].row >= 3 for i in _of(land, "village"))


CARD_SCORING: dict[str, Callable[[Lands], int]] = {
    "OBJ_MOUNTAIN_A": _mountain_a,
    "OBJ_MOUNTAIN_B": _mountain_b,
    "OBJ_MOUNTAIN_C": _mountain_c,
    "OBJ_WATER_A": _water_a,
    "OBJ_WATER_B": _water_b,
    "OBJ_WATER_C": _water_c,
    "OBJ_BAMBOO_A": _bamboo_a,
    "OBJ_BAMBOO_B": _bamboo_b,
    "OBJ_BAMBOO_C": _bamboo_c,
    "OBJ_CHERRY_A": _cherry_a,
    "OBJ_CHERRY_B": _cherry_b,
    "OBJ_CHERRY_C": _cherry_c,
    "OBJ_VILLAGE_A": _village_a,
    "OBJ_VILLAGE_B": _village_b,
    "OBJ_VILLAGE_C": _village_c,
}


def card_vp(card: str, board: list[str]) -> int:
    """VP one objective card gives one board (TOR-110)."""
    return CARD_SCORING[card](lands(board))
