"""The greedy bot: one ply through `legal_moves` and `decide`, judged by `evaluate`.

`evaluate` is the seat's score sheet now (scoring.sheet) plus, while the seat holds
a tile to place, the best sheet that tile can still make, and a little for seals
and a reserved tile (options kept for later turns). Ties go to the bot's own Rng.
"""

from __future__ import annotations

from typing import Any

from core.kernel import Rng

from .board import placements
from .scoring import sheet
from .state import State


def _placed_best(state: State, seat: int) -> int:
    """The best total this seat's held tile can reach in one placement."""
    board = state.boards[seat]
    best = sheet(state, seat).total
    for slot, _ in placements(board, state.paper, True):
        board[slot] = state.holding
        best = max(best, sheet(state, seat).total)
        board[slot] = ""
    return best


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat` (higher is better)."""
    if seat >= len(state.boards):
        return 0.0
    if state.phase == "place" and state.current == seat and state.holding:
        value = float(_placed_best(state, seat))
    else:
        value = float(sheet(state, seat).total)
    value += 1.5 * sum(1 for holder in state.seal_holder if holder == seat)
    if seat < len(state.reserved) and state.reserved[seat]:
        value += 1.0
    return value


def greedy(game: Any, state: State, seat: int, rng: Rng) -> Any:
    """The legal move whose resulting state `evaluate`s best (random among equals)."""
    moves = game.legal_moves(state, seat)
    best, picks = float("-inf"), []
    for i, move in enumerate(moves):
        after = state
        for event in game.decide(state, seat, move):
            after = game.evolve(after, event)
        score = evaluate(after, seat)
        if score > best:
            best, picks = score, [i]
        elif score == best:
            picks.append(i)
    return moves[rng.choice(picks)]
