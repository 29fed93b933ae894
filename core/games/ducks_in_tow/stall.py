"""DIT-151: the one end not in the rulebook — a true stall, and the exact test used.

Cards cycle (the discard pile becomes the next deck, DIT-130) and so does food; ducks
do not all: a duck adopted onto a card never moves again, and a duck in a tow leaves
it only by a Drop Off or an Adopt of its owner (DIT-048). Every other duck (duck bag,
tiles, in front of a player, a shaken duck) is *shared*: anyone may end up feeding it.

A player is *loose* when they can Adopt (an empty space of a colour they can get into
their tow, and a second duck): their tow's ducks may then be released, so they count
as shared too; this repeats until no new player is loose. The game is stalled when

1. no player can complete a location card outside the tableaux (hands, display, deck,
   discard pile): each colour it needs must be in the player's tow or shared, with room
   in the tow for the missing ones (a loose player can make room); and
2. no loose player can claim a formation still on the table (a claim follows a Drop Off
   or an Adopt, DIT-101): it must fit (DIT-105..111) on cells that hold a duck or are
   empty spaces of a colour the player could adopt, none already used.

Every step over-estimates what could still happen, so the test never ends a game in
which a card or a claim is still possible. It reads public information only: which
cards lie outside the tableaux is public as a whole (every card of the tiles in play
that no tableau shows), and the test never asks which pile or hand holds one.

It is checked when a turn passes: the player whose turn it is may finish it (an Adopt
may still lengthen a row), and no card or claim can follow either way.
"""

from __future__ import annotations

from .data import CARD_BY_ID, COLOURS, FORMATION_BY_ID, NCOL, TOW_SLOTS
from .scoring import has_duck
from .state import Player, State

# The colour rows each location card needs (DIT-070).
_NEEDS = {card: tuple(COLOURS.index(c) for c in data.ducks) for card, data in CARD_BY_ID.items()}


def shared_ducks(state: State) -> list[int]:
    """Ducks per colour in no tow and on no card: bag, tiles, in front, shaken."""
    free = [0] * NCOL
    for colour in state.duck_bag:
        free[colour] += 1
    if state.shaken >= 0:
        free[state.shaken] += 1
    for group in [t.ducks for t in state.tiles] + [p.front for p in state.players]:
        for c in range(NCOL):
            free[c] += group[c]
    return free


def _spaces(player: Player) -> list[bool]:
    """Colours with an empty duck space in the player's tableau (DIT-096, DIT-097)."""
    return [any(not has_duck(slot, c) for slot in player.tableau) for c in range(NCOL)]


def _keepable(spaces: list[bool], tow: list[int], pool: list[int]) -> list[bool]:
    """Colours the player could keep in an Adopt: a space for it, the duck in the tow
    or fed from the pool into a free slot, and a second duck to release (DIT-094)."""
    held, room, loose = sum(tow), TOW_SLOTS - sum(tow), sum(pool)
    out = []
    for c in range(NCOL):
        if not spaces[c]:
            out.append(False)
        elif tow[c]:
            out.append(held >= 2 or (room >= 1 and loose >= 1))
        else:
            out.append(pool[c] >= 1 and room >= 1 and (held >= 1 or (room >= 2 and loose >= 2)))
    return out


def _completable(card: str, tow: list[int], pool: list[int], loose: bool) -> bool:
    """Could the player gather this card's ducks in their tow (DIT-070, DIT-073)?"""
    colours = _NEEDS[card]
    if loose:  # their own tow is in the pool and they can make room
        return all(pool[c] for c in colours)
    missing = [c for c in colours if not tow[c]]
    return all(pool[c] for c in missing) and sum(tow) + len(missing) <= TOW_SLOTS


def _fits(player: Player, formation: str, fillable: list[bool]) -> bool:
    """Could the formation be placed if every empty space of a fillable colour held a duck?"""
    tableau = player.tableau
    f = FORMATION_BY_ID[formation]
    for column in range(len(tableau) - f.width + 1):
        for row in range(NCOL - f.height + 1):
            cells = [(tableau[column + dc], row + dr) for dc, dr in f.cells]
            if all((has_duck(s, r) or fillable[r]) and not s.used[r] for s, r in cells):
                return True
    return False


def stalled(state: State) -> bool:
    """True when no seat can complete another card nor claim a formation (DIT-151)."""
    players = state.players
    shared = shared_ducks(state)
    outside = [state.deck, state.display, state.discards, *(p.hand for p in players)]
    # the common case first: someone can gather a card without anybody adopting
    for p in players:
        if any(_completable(card, p.tow, shared, False) for cards in outside for card in cards):
            return False
    spaces = [_spaces(p) for p in players]
    loose = [False] * len(players)
    pool = shared
    changed = True
    while changed:
        changed = False
        for i, p in enumerate(players):
            if not loose[i] and any(_keepable(spaces[i], p.tow, pool)):
                loose[i] = changed = True
        pool = shared[:]
        for i, p in enumerate(players):
            if loose[i]:
                pool = [a + b for a, b in zip(pool, p.tow, strict=True)]
    for i, p in enumerate(players):
        tow = [0] * NCOL if loose[i] else p.tow
        if any(_completable(card, tow, pool, loose[i]) for cards in outside for card in cards):
            return False
    for i, p in enumerate(players):
        if loose[i]:
            fillable = _keepable(spaces[i], [0] * NCOL, pool)
            if any(_fits(p, f, fillable) for f in state.formations):
                return False
    return True
