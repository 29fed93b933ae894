"""The greedy bot: one ply through `legal_moves` and `decide`, nothing else.

Each legal move is scored by the events `decide` returns for it: tokens placed
(animal 2, river 1: the penalty they avoid), goals achieved, aurora tiles
taken; a placement also counts the tokens it makes possible next (the
PlaceToken moves of the resulting state), a slide the best such placement.
Ties are broken with the bot's own Rng.

`medium` and `hard` are the kernel's ISMCTS (core.kernel.search) on 100 and 600
iterations a move: random playouts of 8 moves, each world scored by `evaluate`.
"""

from __future__ import annotations

from typing import Any

from core.kernel import Rng
from core.kernel.search import search_bot

from . import goals
from .events import (
    AuroraTaken,
    LandscapeAchieved,
    SymbolClaimed,
    TileDiscarded,
    TokenPlaced,
    TokenSkipped,
)
from .moves import PlaceToken, Slide, UseMoveTile
from .state import State


def _event_score(events: list[Any]) -> int:
    score = 0
    for event in events:
        if isinstance(event, TokenPlaced):
            score += 4 if event.kind == "animal" else 2
        elif isinstance(event, (LandscapeAchieved, SymbolClaimed)):
            score += 4 * event.tokens + 1
        elif isinstance(event, AuroraTaken):
            score += 3
        elif isinstance(event, TokenSkipped) and event.reason == "choice":
            score -= 3
        elif isinstance(event, TileDiscarded):
            score -= 2
    return score


def _after(game: Any, state: Any, seat: int, move: Any) -> tuple[list[Any], Any]:
    events = game.decide(state, seat, move)
    for event in events:
        state = game.evolve(state, event)
    return events, state


def _token_potential(game: Any, state: Any, seat: int) -> int:
    if seat not in game.to_move(state):
        return 0
    return 2 * sum(isinstance(m, PlaceToken) for m in game.legal_moves(state, seat))


def _score(game: Any, state: Any, seat: int, move: Any) -> int:
    events, after = _after(game, state, seat, move)
    score = _event_score(events) + _token_potential(game, after, seat)
    if isinstance(move, Slide) and seat in game.to_move(after):
        best = 0
        for follow in game.legal_moves(after, seat):
            if type(follow).__name__ == "Place":
                f_events, f_after = _after(game, after, seat, follow)
                best = max(best, _event_score(f_events) + _token_potential(game, f_after, seat))
        score += best
    if isinstance(move, UseMoveTile):
        score -= 1  # keep the aurora unless it pays off
    return score


def greedy(game: Any, state: Any, seat: int, rng: Rng) -> Any:
    """The legal move with the best one-ply score (random among equals)."""
    moves = game.legal_moves(state, seat)
    scored = [(_score(game, state, seat, move), i) for i, move in enumerate(moves)]
    top = max(score for score, _ in scored)
    return moves[rng.choice([i for score, i in scored if score == top])]


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat` (higher is better), for the search bots' cut-off
    playouts: the penalty points it would score now, negated (TUL-107/108), and a
    little for its largest one-colour zone (the tie-break, TUL-111)."""
    player = state.players[seat]
    return -(2 * player.animals + player.rivers) + 0.01 * goals.largest_zone(player.cells)


medium = search_bot(100, evaluate=evaluate, rollout_depth=8, scale=2.0)
hard = search_bot(600, evaluate=evaluate, rollout_depth=8, scale=2.0)
