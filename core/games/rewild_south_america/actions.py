"""What a player may do with their board (RW-047, RW-053, RW-058, RW-061..RW-075):
tile costs, placements, extensions, upgrades. Pure reads of a Player."""

from __future__ import annotations

from .board import NEIGHBOURS, SHAPES, coords, field
from .data import ADJ_REDUCTION, BONUS, BONUS_EXPERT, OUTSIDE_EXPERT, STAR_VP, TILE_COST, Half
from .state import Player

EMPTY = -1  # `cover` of an empty field
OUTSIDE = -2  # `cover` of a field beyond the boundary (the expert side, RW-184, RW-GAP03)
OUTSIDE_FIELDS = tuple(field(c, r) for c, r in OUTSIDE_EXPERT)
BONUS_AT: tuple[tuple[str, int], ...] = tuple(
    BONUS.get(coords(f), ("", 0)) for f in range(len(NEIGHBOURS))
)
BONUS_AT_EXPERT: tuple[tuple[str, int], ...] = tuple(
    BONUS_EXPERT.get(coords(f), ("", 0)) for f in range(len(NEIGHBOURS))
)


def expert_side(player: Player) -> bool:
    """Does the player play on the expert side (module 3)? Its outside fields say so."""
    return player.cover[OUTSIDE_FIELDS[0]] == OUTSIDE


def bonus_at(player: Player) -> tuple[tuple[str, int], ...]:
    return BONUS_AT_EXPERT if expert_side(player) else BONUS_AT


def stars(player: Player, fields: tuple[int, ...]) -> int:
    at = bonus_at(player)
    return sum(at[f][1] for f in fields if at[f][0] == "star")


def tile_cost(player: Player, kind: str, fields: tuple[int, ...]) -> tuple[int, int, int]:
    """(minerals, water, VP) of placing a `kind` tile on `fields`: bonuses and each
    adjacent tile reduce the cost once (RW-064, RW-067, RW-069, RW-070), never
    below 0 (RW-065); stars score by the tile's kind (RW-066)."""
    mineral, water = TILE_COST[kind]
    at = bonus_at(player)
    for f in fields:
        bonus, n = at[f]
        if bonus == "mineral":
            mineral -= n
        elif bonus == "water":
            water -= n
    touching = sorted({player.cover[g] for f in fields for g in NEIGHBOURS[f]} - {EMPTY, OUTSIDE})
    for t in touching:
        m, w = ADJ_REDUCTION[player.tiles[t].kind]
        mineral, water = mineral - m, water - w
    return max(0, mineral), max(0, water), stars(player, fields) * STAR_VP[kind]


def placements(player: Player, kind: str) -> list[tuple[int, ...]]:
    """Affordable placements of a `kind` tile on empty fields (RW-062, RW-063)."""
    out = []
    for fields in SHAPES[kind]:
        if all(player.cover[f] == EMPTY for f in fields):
            mineral, water, _ = tile_cost(player, kind, fields)
            if mineral <= player.stock[0] and water <= player.stock[1]:
                out.append(fields)
    return out


def extensions(player: Player) -> list[tuple[int, int]]:
    """(tile, field) of every extension possible now (RW-071, RW-073, RW-075)."""
    out = []
    for i, tile in enumerate(player.tiles):
        if tile.kind != "S" or tile.ext >= 0:
            continue
        around = sorted({g for f in tile.fields for g in NEIGHBOURS[f] if player.cover[g] == EMPTY})
        out += [(i, g) for g in around]
    return out


def tree_tiles(player: Player) -> list[int]:
    """Rainforest tiles that can take a tall tree (RW-081), if water allows."""
    if player.stock[1] < 1:
        return []
    return [i for i, t in enumerate(player.tiles) if t.kind == "R" and not t.tree]


def flip_tiles(player: Player) -> list[int]:
    """Grassland tiles that can be flipped (RW-077), if water allows."""
    if player.stock[1] < 1:
        return []
    return [i for i, t in enumerate(player.tiles) if t.kind == "G"]


def performable(player: Player, half: Half) -> bool:
    """RW-047: at least one thing this half does can be done now."""
    match half.action:
        case "gain":
            return True
        case "extend":
            return bool(extensions(player))
        case "upgrade":
            return bool(tree_tiles(player) or flip_tiles(player))
    return bool(placements(player, half.action[-1]))
