"""Rewild's bots: `greedy` plays the move whose foreseen state is best for it, looking one
move further inside a multi-step decision (an action card, then its tile)."""

from __future__ import annotations

from core.kernel.bots import one_ply

from .data import CARDS
from .scoring import end_points
from .state import State


def evaluate(state: State, seat: int) -> float:
    """Own VP now and from end-game effects, a little for resources, animals and
    board coverage, minus the best opponent's VP."""

    def worth(s: int) -> float:
        p = state.players[s]
        vp = p.score + sum(pt.vp for pt in end_points(p, s))
        animals = sum(1 for c in p.cards if not c.covered and CARDS[c.card].deck != "plant")
        covered = sum(1 for t in p.cover if t >= 0)
        return vp + 0.2 * sum(p.stock) + 2.0 * animals + 1.0 * covered

    others = [worth(s) for s in range(state.seats) if s != seat]
    return worth(seat) - (max(others) if others else 0.0)


greedy = one_ply(evaluate, lookahead=1)
