"""An independent scorer written from the spec (TOR-107..122, TOR-GAP01, TOR-GAP08,
TOR-GAP09), sharing nothing with the engine's scoring but the tile manifest: slots
are parsed from their names, adjacency comes from the spec's (row, x2) table, groups
from a union-find, torii sets from repeated "take one of each colour"."""

from __future__ import annotations

from core.games.valley_of_the_torii import data

_X0 = {1: 0, 2: 1, 3: 0, 4: 1, 5: 2}
SET_VP = {0: 0, 1: 0, 2: 2, 3: 4, 4: 7, 5: 10}
SCROLL_VP = {"SCROLL_5": 5, "SCROLL_4a": 4, "SCROLL_4b": 4, "SCROLL_3": 3}


def coords(slot_name: str) -> tuple[int, int]:
    row, col = slot_name[1:].split("c")
    return int(row), 2 * int(col) + _X0[int(row)]


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (ra, xa), (rb, xb) = a, b
    return (ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1)


def _cells(board: dict[str, str]) -> dict[tuple[int, int], str]:
    """(row, x2) -> landscape of every landscape tile on the board."""
    out = {}
    for slot, tile in board.items():
        land = data.TILES[tile].landscape
        if land:
            out[coords(slot)] = land
    return out


def _group_sizes(cells: dict[tuple[int, int], str], land: str) -> list[int]:
    keys = [k for k, v in cells.items() if v == land]
    parent = {k: k for k in keys}

    def find(k: tuple[int, int]) -> tuple[int, int]:
        while parent[k] != k:
            k = parent[k]
        return k

    for a in keys:
        for b in keys:
            if _adjacent(a, b):
                parent[find(a)] = find(b)
    sizes: dict[tuple[int, int], int] = {}
    for k in keys:
        sizes[find(k)] = sizes.get(find(k), 0) + 1
    return [n for n in sizes.values() if n >= 2]


def _near(cells: dict[tuple[int, int], str], at: tuple[int, int], land: str) -> bool:
    return any(_adjacent(at, k) and v == land for k, v in cells.items())


def card(card_id: str, board: dict[str, str]) -> int:
    cells = _cells(board)
    _, land, letter = card_id.split("_")
    land = land.lower()
    mine = [k for k, v in cells.items() if v == land]
    if card_id in ("OBJ_MOUNTAIN_B", "OBJ_VILLAGE_B"):
        biggest = max(_group_sizes(cells, land), default=0)
        return min(30, 6 * (biggest - 1)) if biggest >= 2 else 0
    table = {
        "OBJ_MOUNTAIN_A": lambda: sum(2 * (r - 1) for r, _ in mine),
        "OBJ_MOUNTAIN_C": lambda: 6 * sum(not _near(cells, k, "mountain") for k in mine),
        "OBJ_WATER_A": lambda: 4 * sum(_near(cells, k, "water") for k in mine),
        "OBJ_WATER_B": lambda: 4 * sum(r == 1 for r, _ in mine),
        "OBJ_WATER_C": lambda: 4 * sum(_near(cells, k, "mountain") for k in mine),
        "OBJ_BAMBOO_A": lambda: sum(
            {2: 6, 3: 12}.get(n, 16) for n in _group_sizes(cells, "bamboo")
        ),
        "OBJ_BAMBOO_B": lambda: (
            6 * sum(1 for row in range(1, 6) if sum(r == row for r, _ in mine) >= 2)
        ),
        "OBJ_BAMBOO_C": lambda: 4 * sum(_near(cells, k, "village") for k in mine),
        "OBJ_CHERRY_A": lambda: 4 * sum(not _near(cells, k, "cherry") for k in mine),
        "OBJ_CHERRY_B": lambda: 4 * sum(_near(cells, k, "water") for k in mine),
        "OBJ_CHERRY_C": lambda: [0, 2, 6, 12, 20, 30][len({r for r, _ in mine})],
        "OBJ_VILLAGE_A": lambda: sum(
            2 * len({v for k, v in cells.items() if _adjacent(at, k)} - {"village"}) for at in mine
        ),
        "OBJ_VILLAGE_C": lambda: 6 * sum(r >= 3 for r, _ in mine),
    }
    assert letter in "ABC"
    return table[card_id]()


def torii(board: dict[str, str]) -> tuple[int, int]:
    """(torii VP, torii count) of a board."""
    colours = [data.TILES[t].torii for t in board.values() if data.TILES[t].torii]
    left = {c: colours.count(c) for c in set(colours)}
    vp = 0
    while any(left.values()):
        vp += SET_VP[sum(1 for n in left.values() if n)]
        left = {c: max(0, n - 1) for c, n in left.items()}
    return vp, len(colours)


def board_dict(tiles: list[str]) -> dict[str, str]:
    return {data.SLOTS[i].id: t for i, t in enumerate(tiles) if t}


def total(tiles: list[str], objectives: list[str], scroll: str, brush: bool, bonus: int = 0) -> int:
    board = board_dict(tiles)
    score = SCROLL_VP.get(scroll, 0) + (2 if brush else 0) + bonus
    score += sum(card(c, board) for c in objectives)
    score += torii(board)[0]
    score += 2 if data.RAINBOW in tiles else 0
    return score
