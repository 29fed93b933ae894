"""Goal conditions on one wilderness map (split out of rules.py).

Pure functions over a map's colours (one colour or "" per cell) and its edge
tokens. Landscape patterns are matched as subsets (TUL-053): extra tiles and
tokens never spoil a match; rotations count, reflections never (TUL-051/052).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import data
from .data import (
    COMPILED,
    EDGE_SEGMENTS,
    EDGE_SIDES,
    EDGE_TOUCHING,
    NEIGHBOURS,
    RIVER,
    RiverCard,
    Vertex,
    vertex_sides,
)


def colours_of(cells: Sequence[str]) -> list[str]:
    """The colour on each cell ("" when empty)."""
    return [data.TILE_COLOUR[tile] if tile else "" for tile in cells]


def tile_pattern_met(card_id: str, colours: Sequence[str]) -> bool:
    """Shape and colour cards (TUL-059..066, TUL-073/074)."""
    pattern = COMPILED[card_id]
    occupied = sum(1 << cell for cell, colour in enumerate(colours) if colour)
    for cells, mask in zip(pattern.placements, pattern.masks, strict=True):
        if mask & occupied != mask:
            continue
        found = [colours[cell] for cell in cells]
        if pattern.colours and tuple(found) != pattern.colours:
            continue
        if pattern.distinct and len(set(found)) != len(found):
            continue
        if any(found[i] == found[j] for i, j in pattern.neq):
            continue
        return True
    return False


def river_edges(edges: Sequence[int]) -> list[int]:
    return [e for e, token in enumerate(edges) if token == RIVER]


def _joins(pairs: Sequence[tuple[str, str]], first: frozenset[str], last: frozenset[str]) -> bool:
    return any((a in first and b in last) or (b in first and a in last) for a, b in pairs)


def _side_path(rivers: list[int], pairs: Sequence[tuple[str, str]], need: int) -> bool:
    """A river path of >= `need` tokens through distinct grid vertices v0..vk, v0 on one
    side of a pair and vk on the other (TUL-070/071): depth-first over the simple paths
    of the river tokens' segments (6 tokens at most)."""
    joined: dict[Vertex, list[Vertex]] = {}
    for e in rivers:
        a, b = EDGE_SEGMENTS[e]
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)

    def extend(path: list[Vertex], first: frozenset[str]) -> bool:
        last = path[-1]
        if len(path) > need and _joins(pairs, first, vertex_sides(last)):
            return True
        for nxt in joined[last]:
            if nxt not in path:
                path.append(nxt)
                if extend(path, first):
                    return True
                path.pop()
        return False

    return any(vertex_sides(v) and extend([v], vertex_sides(v)) for v in joined)


def _longest_side_chain(rivers: list[int], pairs: Sequence[tuple[str, str]], need: int) -> bool:
    """Rules 1: a chain of >= `need` river tokens, each sharing a vertex with the next,
    from one side of a pair to the other; tokens meeting at one vertex count as a chain."""
    river_set = set(rivers)

    def extend(path: list[int], start_sides: frozenset[str]) -> bool:
        last = path[-1]
        if len(path) >= need:
            for a, b in pairs:
                if (a in start_sides and b in EDGE_SIDES[last]) or (
                    b in start_sides and a in EDGE_SIDES[last]
                ):
                    return True
        for nxt in EDGE_TOUCHING[last]:
            if nxt in river_set and nxt not in path:
                path.append(nxt)
                if extend(path, start_sides):
                    return True
                path.pop()
        return False

    return any(EDGE_SIDES[start] and extend([start], EDGE_SIDES[start]) for start in rivers)


def largest_river_group(rivers: list[int]) -> int:
    """Size of the largest connected group of river tokens (TUL-072)."""
    river_set = set(rivers)
    seen: set[int] = set()
    best = 0
    for start in rivers:
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            e = stack.pop()
            size += 1
            for f in EDGE_TOUCHING[e]:
                if f in river_set and f not in seen:
                    seen.add(f)
                    stack.append(f)
        best = max(best, size)
    return best


def river_met(card: RiverCard, edges: Sequence[int], *, chains: bool = False) -> bool:
    """River cards (TUL-067..072); `chains`: connect sides as rules 1 did."""
    rivers = river_edges(edges)
    if card.rule == "pattern":
        river_mask = sum(1 << e for e in rivers)
        return any(mask & river_mask == mask for mask in COMPILED[card.id].masks)
    if len(rivers) < card.min_chain:
        return False
    sides = _longest_side_chain if chains else _side_path
    if card.rule == "adjacent_sides":
        return sides(rivers, data.ADJACENT_SIDE_PAIRS, card.min_chain)
    if card.rule == "opposite_sides":
        return sides(rivers, data.OPPOSITE_SIDE_PAIRS, card.min_chain)
    return largest_river_group(rivers) >= card.min_chain


def landscape_met(
    card_id: str, cells: Sequence[str], edges: Sequence[int], *, chains: bool = False
) -> bool:
    """Does this map meet landscape card `card_id` (TUL-050)? (`chains`: see river_met)"""
    card = data.LANDSCAPE[card_id]
    if isinstance(card, RiverCard):
        return river_met(card, edges, chains=chains)
    return tile_pattern_met(card_id, colours_of(cells))


def symbol_covered(animal: str, symbol: str, cells: Sequence[str]) -> bool:
    """All 5 spaces of `symbol` hold a tile (TUL-076)."""
    return all(cells[cell] for cell in data.SYMBOL_CELLS[animal][symbol])


def largest_zone(cells: Sequence[str]) -> int:
    """Largest orthogonally connected group of one colour (TUL-111)."""
    colours = colours_of(cells)
    seen = [False] * len(colours)
    best = 0
    for start, colour in enumerate(colours):
        if not colour or seen[start]:
            continue
        seen[start] = True
        stack, size = [start], 0
        while stack:
            cell = stack.pop()
            size += 1
            for n in NEIGHBOURS[cell]:
                if not seen[n] and colours[n] == colour:
                    seen[n] = True
                    stack.append(n)
        best = max(best, size)
    return best
