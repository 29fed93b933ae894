"""Final scoring: penalty points, the winner and the tie-break trail (TUL-106..112)."""

from __future__ import annotations

from core.kernel import Outcome
from core.kernel.score import RunningScore, ScorePart, seat_score

from . import goals
from .state import State


class TulikkoOutcome(Outcome, kw_only=True):
    """`scores` are penalty points (lower is better, TUL-107/108) with the full trail."""

    animals_left: list[int]
    rivers_left: list[int]
    placed_all: list[int]  # seats that placed every token (TUL-106)
    largest_zone: list[int]  # tie-break value of every seat (TUL-111)
    tied: list[int]  # seats tied for the win before the zone tie-break (TUL-110)
    tie_break_used: bool
    end_reason: str  # all-tokens-placed (TUL-103) | stacks-empty (TUL-105)


def outcome(state: State) -> TulikkoOutcome | None:
    """None until the game is over; then `final_scores`."""
    return final_scores(state) if state.phase == "over" else None


def final_scores(state: State) -> TulikkoOutcome:
    """Lowest penalty wins; ties go to the largest one-colour zone; then shared (TUL-106..112).

    A seat that placed everything has 0 points, the lowest possible, so "the only
    player who placed everything wins" is the same rule. Ranks below the winners
    use the same order (penalty, then zone), which the rulebook leaves open.
    """
    seats = range(state.seats)
    animals = [p.animals for p in state.players]
    rivers = [p.rivers for p in state.players]
    penalty = [2 * animals[s] + rivers[s] for s in seats]
    zones = [goals.largest_zone(p.cells) for p in state.players]
    best = min(penalty)
    tied = [s for s in seats if penalty[s] == best]
    top_zone = max(zones[s] for s in tied)
    winners = [s for s in tied if zones[s] == top_zone]
    ranks = [
        1 + sum((penalty[o], -zones[o]) < (penalty[s], -zones[s]) for o in seats) for s in seats
    ]
    return TulikkoOutcome(
        scores=penalty,
        ranks=ranks,
        winners=winners,
        animals_left=animals,
        rivers_left=rivers,
        placed_all=[s for s in seats if animals[s] == 0 and rivers[s] == 0],
        largest_zone=zones,
        tied=tied,
        tie_break_used=len(tied) > 1,
        end_reason=state.end_reason,
    )


def running(state: State) -> RunningScore:
    """The penalty so far: the tokens each player still holds, as the end counts them
    (TUL-106: 2 points an animal token, 1 a river token; lowest wins)."""
    return RunningScore(
        seats=[
            seat_score(
                [
                    ScorePart(key="animals_left", points=2 * p.animals),
                    ScorePart(key="rivers_left", points=p.rivers),
                ]
            )
            for p in state.players
        ]
    )
