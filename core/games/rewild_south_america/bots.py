"""Rewild's bots: `greedy` plays the move whose foreseen state is best for it, looking one
move further inside a multi-step decision (an action card, then its tile).

The search levels (rules.py `bots`) judge their worlds by `search_evaluate`: the same
terms, board coverage and attracted animals weighted 4 instead of 1 and 2. Greedy
playing by it beat greedy by `evaluate` 37-23 over 60 seeded games (and 36-24 with
coverage alone at 3, 11-49 with coverage at 0): covering the board early pays more
than the points a move shows now."""

from __future__ import annotations

from core.kernel.bots import one_ply

from .data import CARDS
from .scoring import end_points
from .state import State


def evaluate(state: State, seat: int) -> float:
    """Own VP now and from end-game effects, a little for resources, animals and
    board coverage, minus the best opponent's VP."""
    return _lead(state, seat, animals=2.0, covered=1.0)


def search_evaluate(state: State, seat: int) -> float:
    """`evaluate` with board coverage and animals weighted 4 (the search levels')."""
    return _lead(state, seat, animals=4.0, covered=4.0)


def _lead(state: State, seat: int, *, animals: float, covered: float) -> float:
    def worth(s: int) -> float:
        p = state.players[s]
        vp = p.score + sum(pt.vp for pt in end_points(p, s))
        shown = sum(1 for c in p.cards if not c.covered and CARDS[c.card].deck != "plant")
        fields = sum(1 for t in p.cover if t >= 0)
        return vp + 0.2 * sum(p.stock) + animals * shown + covered * fields

    others = [worth(s) for s in range(state.seats) if s != seat]
    return worth(seat) - (max(others) if others else 0.0)


greedy = one_ply(evaluate, lookahead=1)
