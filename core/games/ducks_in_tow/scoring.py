"""Tableau geometry: connected rows (DIT-141..143), formation placement (DIT-105..111),
final scores and tie-breaks (DIT-144..149)."""

from __future__ import annotations

from core.kernel import Outcome
from core.kernel.score import RunningScore, ScorePart, seat_score

from .data import FORMATION_BY_ID, NCOL
from .state import Player, Slot, State


class DitOutcome(Outcome, kw_only=True):
    """Outcome with the scoring trail: every point on the end screen is explained."""

    rows: list[list[int]]  # per seat: longest connected run of each colour (Y, O, B, G)
    row_points: list[int]
    formation_points: list[int]
    formations: list[list[str]]  # claimed formation ids per seat
    tiebreak: list[list[int]]  # per seat: [longest row, next-longest row] (DIT-147, DIT-148)
    cards: list[int]  # tableau sizes
    end_reason: str


def has_duck(slot: Slot, row: int) -> bool:
    """A printed duck symbol or an adopted duck (DIT-100, DIT-107)."""
    return slot.printed[row] or slot.adopted[row]


def longest_runs(tableau: list[Slot]) -> list[int]:
    """Longest unbroken horizontal run per colour row (DIT-141, DIT-142, DIT-114)."""
    runs = []
    for row in range(NCOL):
        best = current = 0
        for slot in tableau:
            current = current + 1 if has_duck(slot, row) else 0
            best = max(best, current)
        runs.append(best)
    return runs


def formation_points(player: Player) -> int:
    return sum(FORMATION_BY_ID[claim.formation].points for claim in player.claims)


def score(player: Player) -> int:
    """DIT-145: the 4 longest runs plus claimed formation points."""
    return sum(longest_runs(player.tableau)) + formation_points(player)


def placement_problem(player: Player, formation: str, column: int, row: int) -> tuple[str, str]:
    """("", "") if the formation fits at (column, row), else (rule id, reason)."""
    f = FORMATION_BY_ID[formation]
    width = len(player.tableau)
    if not (column >= 0 and column + f.width <= width and row >= 0 and row + f.height <= NCOL):
        return "DIT-111", "the formation card would stick out of the grey zone"
    for dc, dr in f.cells:
        slot = player.tableau[column + dc]
        if not has_duck(slot, row + dr):
            return "DIT-105", "the pattern does not match ducks of your tableau"
        if slot.used[row + dr]:
            return "DIT-110", "a duck of the pattern is already used by another formation"
    return "", ""


def placements(player: Player, formation: str) -> list[tuple[int, int]]:
    """Every anchor (column, row) where the formation can be claimed, in a stable order."""
    f = FORMATION_BY_ID[formation]
    out = []
    for column in range(len(player.tableau) - f.width + 1):
        for row in range(NCOL - f.height + 1):
            if not placement_problem(player, formation, column, row)[0]:
                out.append((column, row))
    return out


def rank_key(player: Player) -> tuple[int, int, int]:
    runs = sorted(longest_runs(player.tableau), reverse=True)
    return (score(player), runs[0], runs[1])


def final_outcome(players: list[Player], end_reason: str) -> DitOutcome:
    """Scores, ranks (1 = winner, ties share), tie-break trail (DIT-146..149)."""
    keys = [rank_key(p) for p in players]
    ranks = [1 + sum(other > key for other in keys) for key in keys]
    return DitOutcome(
        scores=[key[0] for key in keys],
        ranks=ranks,
        winners=[seat for seat, rank in enumerate(ranks) if rank == 1],
        rows=[longest_runs(p.tableau) for p in players],
        row_points=[sum(longest_runs(p.tableau)) for p in players],
        formation_points=[formation_points(p) for p in players],
        formations=[[c.formation for c in p.claims] for p in players],
        tiebreak=[[key[1], key[2]] for key in keys],
        cards=[len(p.tableau) for p in players],
        end_reason=end_reason,
    )


def outcome(state: State) -> DitOutcome | None:
    """The final result once the game is over (DIT-139), else None."""
    if state.phase != "over":
        return None
    return final_outcome(state.players, state.end_reason)


def running(state: State) -> RunningScore:
    """Each tableau's points so far: the longest run of every colour row and the
    claimed formation cards (DIT-141..145), all face up."""
    return RunningScore(
        seats=[
            seat_score(
                [
                    ScorePart(key="row_points", points=sum(longest_runs(p.tableau))),
                    ScorePart(key="formation_points", points=formation_points(p)),
                ]
            )
            for p in state.players
        ]
    )
