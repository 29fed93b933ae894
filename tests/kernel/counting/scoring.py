"""Counting's final scoring (CNT-6)."""

from __future__ import annotations

from core.kernel import Outcome

from .data import BONUS
from .state import State


class CountingOutcome(Outcome, kw_only=True):
    reached: int  # the seat that reached the target (its bonus is in its score)


def outcome(state: State) -> CountingOutcome | None:
    if state.phase != "over":
        return None
    scores = [n + (BONUS if seat == state.reached else 0) for seat, n in enumerate(state.added)]
    ranks = [1 + sum(other > score for other in scores) for score in scores]
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return CountingOutcome(scores=scores, ranks=ranks, winners=winners, reached=state.reached)
