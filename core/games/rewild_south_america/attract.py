"""Where a displayed card may go (RW-100..RW-123): the options a player has for each
card, listed once here and checked by the rules against the same definitions."""

from __future__ import annotations

from .board import connected_groups
from .data import BIOMES, CARDS, Card
from .modules.expert_plants import biome_of, movable_tiles, reservation, switch_targets
from .moves import AttractPlant, AttractPredation, AttractWildlife
from .state import Player, State

TERRAIN = {"S": ("S",), "G": ("G", "W"), "R": ("R",)}  # RW-079, RW-104


def free_hexes(player: Player, biome: str) -> list[int]:
    """Unoccupied board hexes of a biome (RW-102): covered by a tile of that biome's
    terrain (extensions are shrubland), no marker or ground meeple."""
    kinds = TERRAIN[biome]
    return [
        f
        for f, t in enumerate(player.cover)
        if t >= 0 and player.occ[f] < 0 and player.tiles[t].kind in kinds
    ]


def empty_trees(player: Player) -> list[int]:
    """Rainforest tiles whose tall tree has no animal on top (RW-090)."""
    return [i for i, t in enumerate(player.tiles) if t.kind == "R" and t.tree and t.canopy < 0]


def wildlife_options(player: Player, slot: int, card: Card) -> list[AttractWildlife]:
    """Every way to place a wildlife card (RW-101, RW-103, RW-146, RW-147, RW-090)."""
    out = []
    for b, biome in enumerate(BIOMES):
        need = card.needs[b]
        if not need:
            continue  # RW-016
        free = free_hexes(player, biome)
        for plant in range(min(need, player.plant_hexes[b]) + 1):
            for fields in connected_groups(free, need - plant):
                out.append(AttractWildlife(slot, biome, fields, plant))
        if card.tree and biome == "R":
            out += [AttractWildlife(slot, "R", (), 0, t) for t in empty_trees(player)]
    return out


def visible(player: Player) -> list[int]:
    """uids of the cards no predation card covers (RW-112)."""
    return [c.uid for c in player.cards if not c.covered]


def prey_options(player: Player, card: Card) -> list[int]:
    """uids of visible cards this predation card (or carnivorous plant) may cover:
    of a listed type, in a biome it can live in (RW-108, RW-111, RW-123)."""
    prey = card.effect.what
    return [
        c.uid
        for c in player.cards
        if not c.covered and CARDS[c.card].type in prey and c.biome in card.lives
    ]


def attract_options(state: State, seat: int) -> list[object]:
    """Every attraction open to `seat` now, in a stable order (RW-034, RW-093)."""
    player = state.players[seat]
    out: list[object] = []
    reserved = reservation(state, seat)
    if reserved is not None:  # RW-168: the reserved card first, no other wildlife
        out += wildlife_options(player, -1, CARDS[reserved.card])
    for slot, cid in enumerate(state.display[0]):
        if cid and reserved is None:
            out += wildlife_options(player, slot, CARDS[cid])
    if not state.took_predation:
        for slot, cid in enumerate(state.display[1]):
            if cid:
                out += [AttractPredation(slot, uid) for uid in prey_options(player, CARDS[cid])]
    if not state.took_plant:
        for slot, cid in enumerate(state.display[2]):
            card = CARDS[cid] if cid else None
            if card is None or card.cost > player.stock[2]:
                continue
            if card.effect.kind == "predation":
                for uid in prey_options(player, card):
                    biome = next(c.biome for c in player.cards if c.uid == uid)
                    out.append(AttractPlant(slot, biome, uid))
            elif card.effect.kind == "switch_timing":  # RW-172, RW-176
                out += [AttractPlant(slot, c.biome, c.uid) for c in switch_targets(state, seat)]
            elif card.effect.kind == "relocate_tile":  # RW-180, RW-182
                biomes = {biome_of(player, t) for t in movable_tiles(state, seat)}
                out += [AttractPlant(slot, b) for b in card.lives if b in biomes]
            else:
                out += [AttractPlant(slot, biome) for biome in card.lives]
    return out
