"""Counting's bots: `greedy` adds as much as it can (the kernel's one-ply search)."""

from __future__ import annotations

from core.kernel.bots import one_ply

from .scoring import outcome
from .state import State


def evaluate(state: State, seat: int) -> float:
    """What `seat` has added, plus the bonus once it reached the target."""
    result = outcome(state)
    return float(result.scores[seat] if result else state.added[seat])


greedy = one_ply(evaluate)
