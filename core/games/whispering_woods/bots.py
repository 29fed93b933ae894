"""The greedy bot: `evaluate` a position for a seat, pick the legal move whose foreseen
result evaluates best (core.kernel.bots.one_ply).

`evaluate` counts the points banked (completed VP, combos, penalties) plus what the
forest promises: each animal's mission tile is worth part of its VP, most when a route
for it is open now, else in proportion to how much of its path can already be walked
(forest.best_prefix). In solitaire it adds the level missions achieved. Ties are broken
with the bot's own Rng.

`medium` and `hard` are the kernel's ISMCTS (core.kernel.search) on 100 and 200 iterations a
move over the greedy bot's four best moves (`candidates`), each world scored by
`evaluate` right after the tree.
"""

from __future__ import annotations

from core.kernel import Bot
from core.kernel.bots import one_ply
from core.kernel.search import search_bot

from . import scoring
from .data import REFRESH_PENALTY, level
from .forest import best_prefix, can_walk, path_length, vp_of
from .state import State


def evaluate(state: State, seat: int) -> float:
    player = state.players[seat]
    per_flip = REFRESH_PENALTY if state.solo is None else level(state.solo.level).penalty
    banked = scoring.mission_vp(player) + scoring.combo_vp(player)
    banked -= per_flip * scoring.flips(player)
    promise = 0.0
    for t in player.forest:
        if t.mission and t.animal:
            at = (t.q, t.r)
            if can_walk(player.forest, at):
                promise += 0.7 * vp_of(t.tile)
            else:
                near = best_prefix(player.forest, at) / path_length(t.tile)
                promise += vp_of(t.tile) * (0.1 + 0.4 * near)
    promise += 0.5 * len(player.supply)  # animals left keep option B open
    if state.solo is not None:
        promise += 10.0 * len(state.solo.achieved)
        if state.solo.cleared:
            promise += 1_000.0
    return banked + promise


greedy = one_ply(evaluate)


def _search(iterations: int) -> Bot:
    """ISMCTS with `iterations` a move over the greedy bot's best moves, each world
    scored by `evaluate` right after the tree (its playouts are too slow to help)."""
    return search_bot(iterations, evaluate=evaluate, rollout_depth=0, scale=3.0, candidates=4)


medium = _search(100)
hard = _search(200)
