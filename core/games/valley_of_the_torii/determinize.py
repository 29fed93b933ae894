"""A world a seat cannot tell from the real game, for the search bots (Decider.determinize).

Hidden from `seat` (view.py): the bag's order, the tiles another artist drew
with a village or cherry seal and has not chosen from yet (their drawer sees them), and
the Rng. Each is re-dealt from the bot's Rng (`core.kernel.search.unseen`: the order
depends only on which pieces they are).
"""

from __future__ import annotations

from core.kernel import Rng
from core.kernel.search import unseen, world_rng

from .state import State, copy_state, movers


def determinize(state: State, seat: int, rng: Rng) -> State:
    world = copy_state(state)
    drawer = movers(state)[0] if state.phase in ("village", "cherry_pick") else None
    if seat == drawer:
        world.bag = unseen(world.bag, rng)
    else:
        pool = unseen([*world.bag, *world.drawn], rng)
        world.drawn, world.bag = pool[: len(world.drawn)], pool[len(world.drawn) :]
    world.rng = world_rng(rng)
    return world
