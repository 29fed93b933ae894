"""What a card effect counts (RW-128..RW-152): symbols, types, markers. Rules use it
for immediate effects, scoring for end-game effects; both read the same counts."""

from __future__ import annotations

from .data import ACTIONS, CARDS, HERBIVORES, RESOURCES, Card
from .state import Player


def expand(types: tuple[str, ...]) -> tuple[str, ...]:
    """`herbivore` stands for the three herbivore sizes (RW-130)."""
    out: list[str] = []
    for t in types:
        out += list(HERBIVORES) if t == "herbivore" else [t]
    return tuple(out)


def count_types(player: Player, types: tuple[str, ...]) -> int:
    """Visible cards of these organism types in all biomes (RW-115, RW-128)."""
    wanted = expand(types)
    return sum(1 for c in player.cards if not c.covered and CARDS[c.card].type in wanted)


def count_symbol(player: Player, symbol: str) -> int:
    """Symbols on tiles, upright action halves and plants (RW-132, RW-134, RW-135)."""
    n = 0
    for tile in player.tiles:
        if symbol == "T":
            n += tile.tree
        elif tile.kind == symbol:
            n += 1 + (symbol == "S" and tile.ext >= 0)
    for played in player.played:
        name, half = played.split(":")
        action = ACTIONS[name]
        n += (action.top if half == "top" else action.bottom).symbol == symbol
    for c in player.cards:
        effect = CARDS[c.card].effect
        if effect.kind == "extra_symbols" and not c.covered:
            n += effect.what.count(symbol)
    return n


def count_predated(player: Player, herbivores_only: bool = False) -> int:
    """Predated (covered) animals (RW-137, RW-138)."""
    return sum(
        1
        for c in player.cards
        if c.covered and (not herbivores_only or CARDS[c.card].type in HERBIVORES)
    )


def covered_fields(player: Player) -> int:
    return sum(1 for t in player.cover if t >= 0)  # RW-142


def canopy_meeples(player: Player) -> int:
    return sum(1 for t in player.tiles if t.canopy >= 0)  # RW-143


def wetland_markers(player: Player) -> int:
    """Markers and branch meeples on wetland hexes (RW-144)."""
    return sum(
        1
        for f, uid in enumerate(player.occ)
        if uid >= 0 and player.tiles[player.cover[f]].kind == "W"
    )


def effect_vp(player: Player, card: Card) -> int:
    """The VP a counting effect gives now (immediate) or at the end (end-game)."""
    e = card.effect
    match e.kind:
        case "per_type":
            return e.x * count_types(player, e.what)
        case "per_symbol":
            return e.x * count_symbol(player, e.what[0])
        case "per_tall_tree":
            return e.x * count_symbol(player, "T")
        case "per_predated":
            return e.x * count_predated(player)
        case "per_predated_herbivore":
            return e.x * count_predated(player, herbivores_only=True)
        case "per_resource":
            return e.x * player.stock[RESOURCES.index(e.what[0])]
        case "per_covered_field":
            return e.x * covered_fields(player)
        case "per_canopy_meeple":
            return e.x * canopy_meeples(player)
        case "per_wetland_marker":
            return e.x * wetland_markers(player)
        case "vp" | "predation":
            return e.x
    return 0
