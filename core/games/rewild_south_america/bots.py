"""Rewild's bots: `greedy` plays the move whose foreseen state is best for it, looking one
move further inside a multi-step decision (an action card, then its tile).

`medium` and `hard` judge states by `growth_evaluate`: the same terms, board coverage
and visible animals weighted 4 instead of 1 and 2 (covering the board early pays more
than the points a move shows now). Medium looks one move further, as greedy does; hard
looks three, so an action card, its tile and the first cards it lets the seat attract
are weighed together (every combination: ~30 ms a move on average, 0.6 s at most, in
CPython). A turn is the seat's own (nothing is revealed until it ends, RW-032), so
planning it pays better than searching the others' replies (the ISMCTS levels these
replaced were barely ahead of greedy). Their strength: the README's Bots section
(bench/bench_bots.py)."""

from __future__ import annotations

from core.kernel.bots import one_ply

from .data import CARDS
from .scoring import end_points
from .state import State


def evaluate(state: State, seat: int) -> float:
    """Own VP now and from end-game effects, a little for resources, animals and
    board coverage, minus the best opponent's VP."""
    return _lead(state, seat, animals=2.0, covered=1.0)


def growth_evaluate(state: State, seat: int) -> float:
    """`evaluate` with board coverage and animals weighted 4 (medium's and hard's)."""
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
medium = one_ply(growth_evaluate, lookahead=1)
hard = one_ply(growth_evaluate, lookahead=3)
