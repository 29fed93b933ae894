"""The greedy bot: the kernel's one-ply search (core.kernel.bots.one_ply) judged by `evaluate`.

`evaluate` is the seat's score sheet now (scoring.sheet) plus, while the seat holds
a tile to place, the best sheet that tile can still make, and a little for seals
and a reserved tile (options kept for later turns). Ties go to the bot's own Rng.

`medium` and `hard` are the kernel's ISMCTS (core.kernel.search) on 50 and 500
iterations a move: random playouts of 6 moves, each world scored by `evaluate`. Medium
had 100: it took up to 0.75 s a turn in the PWA (Pyodide), and 50 plays as well against
greedy (35-5 over 40 seeded two-seat games, against 36-4 at 100; issue 38 item 12).
"""

from __future__ import annotations

import msgspec

from core.kernel.bots import one_ply
from core.kernel.search import search_bot

from .board import placements
from .scoring import sheet
from .state import State


def _placed_best(state: State, seat: int) -> int:
    """The best total this seat's held tile can reach in one placement (on copies)."""
    best = sheet(state, seat).total
    for slot, _ in placements(state.boards[seat], state.paper, True):
        board = state.boards[seat][:]
        board[slot] = state.holding
        boards = [*state.boards[:seat], board, *state.boards[seat + 1 :]]
        best = max(best, sheet(msgspec.structs.replace(state, boards=boards), seat).total)
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


greedy = one_ply(evaluate)
"""The legal move whose foreseen state (core.kernel.bots.foresee: never past a draw)
`evaluate` scores best, random among equals."""

medium = search_bot(50, evaluate=evaluate, rollout_depth=6, scale=3.0)
hard = search_bot(500, evaluate=evaluate, rollout_depth=6, scale=3.0)
