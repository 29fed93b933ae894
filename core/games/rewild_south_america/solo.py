"""The solo opponent (RW-200..RW-230): run by the rules, not a bot. Its whole turn is
automatic events: draw a card from its pile, perform an action by the solo rules,
attract plant, wildlife and predation cards by its preferences. Tie-breaks the text
leaves open follow RW-GAP17; the effect tiers are RW-GAP16 (PROVISIONAL)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import EMPTY, placements, tree_tiles
from .attract import empty_trees, free_hexes
from .board import NEIGHBOURS, coords
from .data import (
    ACTIONS,
    BIOMES,
    CARDS,
    GAIN_AMOUNT,
    HARVEST,
    RESOURCES,
    TIERS,
    WETLAND_EFFECTS,
    Card,
    base_id,
    gain_of,
)
from .events import ActionPlayed, Event, Flipped, Gained, Paid, RemovedCard, SoloDrew, TurnEnded
from .moves import AttractPlant, AttractPredation, AttractWildlife, PlantTree
from .resolve import timing
from .state import Placed, Player, State

OPPONENT = 1  # players[1] in a solo game (RW-200)
ROW_OF = {"wildlife": 0, "predation": 1, "plant": 2}


def is_opponent(state: State, seat: int) -> bool:
    return state.expert is not None and state.expert.solo and seat == OPPONENT


# -- its player card (RW-205..RW-207) ------------------------------------------------


def turn(rules: Any, state: State) -> Iterator[Event]:
    """The opponent's turn: draw until an action is performed or the harvest card
    comes (RW-205, RW-206, RW-207), then attract (RW-216)."""
    assert state.expert is not None
    while True:
        card, way = state.expert.deck[-1].split(":")
        up = way == "up"
        yield SoloDrew(card, up)
        if card == HARVEST:
            yield from rules.harvest_events(state, OPPONENT)  # RW-207, incl. its pile
            yield TurnEnded(OPPONENT)  # RW-049
            return
        first, second = ("top", "bottom") if up else ("bottom", "top")  # RW-205
        for half in (first, second):
            if can_do(state, card, half):
                yield ActionPlayed(OPPONENT, card, half, "attract")
                yield from act(rules, state, card, half)
                yield from attract(rules, state)
                yield TurnEnded(OPPONENT)
                return
        yield ActionPlayed(OPPONENT, card, first, "play")  # RW-206: laid as drawn


def extensions(player: Player) -> list[tuple[int, int]]:
    """RW-212, RW-GAP17(c): unextended shrublands in order of their first field, each
    taking its adjacent empty field with the smallest (col,row)."""
    order = sorted(
        (min(t.fields), i) for i, t in enumerate(player.tiles) if t.kind == "S" and t.ext < 0
    )
    taken: list[int] = []
    out = []
    for _, i in order:
        around = sorted(
            g
            for f in player.tiles[i].fields
            for g in NEIGHBOURS[f]
            if player.cover[g] == EMPTY and g not in taken
        )
        if around:
            taken.append(around[0])
            out.append((i, around[0]))
    return out


def _lift_tiles(player: Player) -> list[int]:
    """Rainforest tiles without a tree holding a visible animal's ground meeple."""
    out = []
    for i in tree_tiles(player):
        uid = player.occ[player.tiles[i].fields[0]]
        if any(c.uid == uid and c.meeple >= 0 and not c.covered for c in player.cards):
            out.append(i)
    return out


def _tree_wildlife(state: State) -> int:
    return sum(1 for cid in state.display[0] if cid and CARDS[cid].tree)


def wetland_effect(state: State, cid: str) -> bool:
    """RW-213, RW-GAP17(j): a wildlife card with a wetland effect, an expert card as
    its twin (RW-192); rules 1 compared the ids, so an expert card never counted."""
    assert state.expert is not None
    old = state.expert.rules_version < 2
    return (cid if old else base_id(cid)) in WETLAND_EFFECTS


def can_do(state: State, card: str, half: str) -> bool:
    """RW-205, RW-206: an action the opponent can perform; upgrades only under their
    solo conditions (RW-212..RW-215)."""
    player = state.players[OPPONENT]
    action = ACTIONS[card].top if half == "top" else ACTIONS[card].bottom
    match action.action:
        case "gain":
            return True
        case "extend":
            return len(extensions(player)) >= 2  # RW-212
        case "upgrade" if card == "G2":  # RW-213, RW-215: only wetland flips
            wet = any(wetland_effect(state, c.card) and not c.covered for c in player.cards)
            grass = any(t.kind == "G" for t in player.tiles)
            return wet and grass and player.stock[1] >= 1
        case "upgrade":  # RW-214, RW-215: only tall trees
            return bool(tree_tiles(player)) and bool(_lift_tiles(player) or _tree_wildlife(state))
    return bool(placements(player, action.action[-1]))


def placement(player: Player, kind: str) -> tuple[int, ...]:
    """RW-208, RW-209, RW-GAP17(a): leftmost column, topmost row in it, most fields
    in it, then the smallest fields."""

    def key(fields: tuple[int, ...]) -> tuple[Any, ...]:
        cells = sorted(coords(f) for f in fields)
        col = cells[0][0]
        in_col = [r for c, r in cells if c == col]
        return (col, in_col[0], -len(in_col), cells)

    return min(placements(player, kind), key=key)


def act(rules: Any, state: State, card: str, half: str) -> Iterator[Event]:
    """Perform the action (RW-210..RW-215)."""
    player = state.players[OPPONENT]
    action = ACTIONS[card].top if half == "top" else ACTIONS[card].bottom
    if action.action.startswith("place"):
        kind = action.action[-1]
        yield from rules.place_events(state, OPPONENT, kind, placement(player, kind))
    elif action.action == "gain":
        yield Gained(OPPONENT, RESOURCES.index(action.gain), GAIN_AMOUNT)
        row = ROW_OF[action.remove]
        for _ in range(2):  # RW-211: two cards instead of one
            slots = [s for s, cid in enumerate(state.display[row]) if cid]
            if slots:
                yield RemovedCard(row, slots[-1], state.display[row][slots[-1]])
    elif action.action == "extend":
        for tile, f in extensions(player):
            yield from rules.extend_events(state, OPPONENT, tile, f)
    elif card == "G2":
        for _, i in sorted((min(t.fields), i) for i, t in enumerate(player.tiles) if t.kind == "G"):
            if player.stock[1] < 1:
                break
            yield Paid(OPPONENT, 0, 1, 0)  # RW-GAP17(d)
            yield Flipped(OPPONENT, i)
        yield from rules.meeple_events(state, OPPONENT, -1, "attract")
    else:
        for i in _lift_tiles(player):  # RW-GAP17(e)
            if player.stock[1] >= 1:
                yield from rules.tree_events(state, OPPONENT, PlantTree(i))
        for _ in range(_tree_wildlife(state)):
            spare = tree_tiles(player)
            if spare:
                yield from rules.tree_events(state, OPPONENT, PlantTree(spare[0]))


# -- attracting (RW-216..RW-227) ---------------------------------------------------


def _prey(state: State, card: Card, types: tuple[str, ...]) -> list[Placed]:
    """Suitable prey: visible wildlife cards with an immediate effect of a listed type
    in a biome the card can live in (RW-224, RW-227), uppermost biome first, then
    leftmost (RW-226, RW-GAP17(g))."""
    player = state.players[OPPONENT]
    found = [
        c
        for c in player.cards
        if not c.covered
        and CARDS[c.card].deck == "wildlife"
        and timing(state.expert, c) == "immediate"
        and CARDS[c.card].type in types
        and c.biome in card.lives
    ]
    return sorted(found, key=lambda c: BIOMES.index(c.biome))  # type: ignore[arg-type]


def plant_choice(state: State) -> AttractPlant | None:
    """RW-217..RW-219, RW-227, RW-GAP17(f)."""
    player = state.players[OPPONENT]
    counts = [
        sum(1 for c in player.cards if c.biome == b and CARDS[c.card].deck == "plant")
        for b in BIOMES
    ]
    low = min(counts)
    balancing = sum(counts) > 0 and low < max(counts)
    options = []
    for slot, cid in enumerate(state.display[2]):
        card = CARDS[cid] if cid else None
        if card is None or card.cost > player.stock[2]:
            continue
        if card.effect.kind == "predation":
            prey = _prey(state, card, card.effect.what)
            if prey:
                options.append((False, AttractPlant(slot, prey[0].biome, prey[0].uid)))
            continue
        low_biomes = [b for b in card.lives if counts[BIOMES.index(b)] == low]  # type: ignore[arg-type]
        helps = balancing and bool(low_biomes)
        biome = low_biomes[0] if helps else card.lives[0]
        options.append((helps, AttractPlant(slot, biome)))
    helping = [move for helps, move in options if helps]
    if helping:
        return helping[0]
    return options[0][1] if options else None


def _effect_number(card: Card) -> int:
    if card.effect.kind == "gain":
        return sum(gain_of(card.effect).values())
    return card.effect.x


def wildlife_choice(state: State) -> AttractWildlife | None:
    """RW-220..RW-223, RW-GAP17(b): the most preferred placeable card, in its
    uppermost biome; markers need not be adjacent."""
    player = state.players[OPPONENT]
    best: tuple[tuple[int, int, int], AttractWildlife] | None = None
    for slot, cid in enumerate(state.display[0]):
        if not cid:
            continue
        card = CARDS[cid]
        move = _wildlife_move(player, slot, card)
        if move is None:
            continue
        key = (TIERS[card.effect.kind], -_effect_number(card), slot)
        if best is None or key < best[0]:
            best = (key, move)
    return None if best is None else best[1]


def _wildlife_move(player: Player, slot: int, card: Card) -> AttractWildlife | None:
    for b, biome in enumerate(BIOMES):
        need = card.needs[b]
        if not need:
            continue
        if card.tree and biome == "R" and empty_trees(player):
            return AttractWildlife(slot, "R", (), 0, empty_trees(player)[0])
        free = free_hexes(player, biome)
        if card.tree and biome == "R":  # ground of a tile without a tree first
            free.sort(key=lambda f: player.tiles[player.cover[f]].tree)
        if len(free) + player.plant_hexes[b] < need:
            continue
        fields = tuple(sorted(free[:need]))
        return AttractWildlife(slot, biome, fields, need - len(fields))
    return None


def predation_choice(state: State) -> AttractPredation | None:
    """RW-224..RW-226: the most VP, then the leftmost; the first suitable prey."""
    best: tuple[tuple[int, int], AttractPredation] | None = None
    for slot, cid in enumerate(state.display[1]):
        if not cid:
            continue
        card = CARDS[cid]
        prey = _prey(state, card, card.effect.what)
        if prey and (best is None or (-card.effect.x, slot) < best[0]):
            best = ((-card.effect.x, slot), AttractPredation(slot, prey[0].uid))
    return None if best is None else best[1]


def attract(rules: Any, state: State) -> Iterator[Event]:
    """Plant, then wildlife, then predation (RW-216)."""
    plant = plant_choice(state)
    if plant is not None:
        yield from rules.plant_events(state, OPPONENT, plant)
    while (move := wildlife_choice(state)) is not None:
        yield from rules.wildlife_events(state, OPPONENT, move)
    predation = predation_choice(state)
    if predation is not None:
        yield from rules.predation_events(state, OPPONENT, predation)
