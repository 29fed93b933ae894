"""A world a seat cannot tell from the real game, for the search bots (Decider.determinize).

Hidden from every seat (view.py): each stack's order, its owner's too (TUL-009), the
centre tile among the neutral tiles returned to the box (TUL-018/020), the landscape
cards returned to the box (TUL-013) and the Rng. Each is re-dealt from the bot's Rng
(`core.kernel.search.unseen`: the order depends only on which pieces they are).
"""

from __future__ import annotations

from core.kernel import Rng
from core.kernel.search import unseen, world_rng

from .data import CENTRE
from .state import State, copy_state


def determinize(state: State, seat: int, rng: Rng) -> State:
    world = copy_state(state)
    for player in world.players:
        player.stack = unseen(player.stack, rng)
    pool = unseen([world.board[CENTRE], *world.boxed], rng)
    world.board[CENTRE], world.boxed = pool[0], sorted(pool[1:])
    world.unused_cards = sorted(world.unused_cards)
    world.rng = world_rng(rng)
    return world
