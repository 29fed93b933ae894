"""A world a seat cannot tell from the real game, for the search bots (Decider.determinize).

Hidden from every seat (view.py): every deck's order (wildlife, predation, plant), the
Rng and, in solo, the opponent's face-down pile above its bottom card (the harvest card,
RW-201). All are re-dealt from the bot's Rng (`core.kernel.search.unseen`: the order
depends only on which cards are there).
"""

from __future__ import annotations

from core.kernel import Rng
from core.kernel.search import unseen, world_rng

from .state import State, copy_state


def determinize(state: State, seat: int, rng: Rng) -> State:
    world = copy_state(state)
    world.decks = [unseen(deck, rng) for deck in world.decks]
    if world.expert is not None and world.expert.deck:
        pile = world.expert.deck
        pile[1:] = unseen(pile[1:], rng)
    world.rng = world_rng(rng)
    return world
