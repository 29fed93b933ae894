"""A world a seat cannot tell from the real game, for the search bots (Decider.determinize).

Hidden from every seat (view.py): the bag's order (tiles are drawn from its end and it
is reshuffled when refilled) and the Rng. Both are re-dealt from the bot's Rng
(`core.kernel.search.unseen`: the order depends only on which tiles are in the bag).
"""

from __future__ import annotations

from core.kernel import Rng
from core.kernel.search import unseen, world_rng

from .state import State, copy_state


def determinize(state: State, seat: int, rng: Rng) -> State:
    world = copy_state(state)
    world.bag = unseen(world.bag, rng)
    world.rng = world_rng(rng)
    return world
