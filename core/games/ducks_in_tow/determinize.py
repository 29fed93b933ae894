"""A world a seat cannot tell from the real game, for the search bots (Decider.determinize).

Hidden from `seat` (view.py): the deck, the face-down discard pile (DIT-091) and the
other players' hands (DIT-050) — their sizes are public, so the cards are dealt back
into piles of the same sizes —, the duck bag's order and the Rng of future draws. Each
is re-dealt from the bot's Rng (`core.kernel.search.unseen`: the order depends only on
which pieces they are).
"""

from __future__ import annotations

from core.kernel import Rng
from core.kernel.search import unseen, world_rng

from .state import State, copy_state


def determinize(state: State, seat: int, rng: Rng) -> State:
    world = copy_state(state)
    others = [player for other, player in enumerate(world.players) if other != seat]
    piles = [world.deck, world.discards, *(player.hand for player in others)]
    pool = unseen([card for pile in piles for card in pile], rng)
    for pile in piles:
        pile[:] = [pool.pop() for _ in pile]
    world.duck_bag = unseen(world.duck_bag, rng)
    world.rng = world_rng(rng)
    return world
