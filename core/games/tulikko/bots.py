"""The greedy bot: one ply through `legal_moves` and `decide`, nothing else.

Each legal move is scored by the events `decide` returns for it: tokens placed
(animal 2, river 1: the penalty they avoid), goals achieved, aurora tiles
taken; a placement also counts the tokens it makes possible next (the
PlaceToken moves of the resulting state), a slide the best such placement.
Ties are broken with the bot's own Rng.

It never looks at a tile its seat has not seen (`_foreseen`, as the kernel's `foresee`):
a move's events are folded up to the first that reveals one (the next seat's stack tile
when the turn ends), and a slide, which reveals the tile hidden in the centre, is
folded with that tile left blank, so the placements after it are scored on what the
seat sees: the tile it takes and the side it left by.

`medium` and `hard` are the kernel's ISMCTS (core.kernel.search) on 50 and 600
iterations a move: random playouts of 8 moves, each world scored by `evaluate`. Medium
had 100: a bot answer (two or three searches) took 1.3-5 s in the PWA (Pyodide), and 50
plays as well against greedy (31-7-2 over 40 seeded two-seat games, against 29-9-2 at
100; 28-12 at 25; issue 38 item 12).
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.kernel import Rng
from core.kernel.search import search_bot

from . import goals
from .data import CENTRE
from .events import (
    AuroraTaken,
    LandscapeAchieved,
    Slid,
    SymbolClaimed,
    TileDiscarded,
    TokenPlaced,
    TokenSkipped,
)
from .moves import PlaceToken, Slide, UseMoveTile
from .state import State, copy_state

UNSEEN = ""
"""The tile a slide uncovers, as greedy foresees it: not seen yet (TUL-018)."""


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


def _foreseen(game: Any, state: Any, seat: int, move: Any) -> tuple[list[Any], Any]:
    """The events of `move` and the state they lead to, as far as `seat` can foresee them:
    up to the first event that reveals a tile (TUL-026: the next turn's stack tile), but
    a slide (or re-slide) goes in, with the tile it uncovers from the centre unseen
    (TUL-018, TUL-028): blank in the centre before it and on the arm it moves to."""
    seen = []
    for event in game.decide(state, seat, move):
        if isinstance(event, Slid):
            state = copy_state(state)
            state.board[CENTRE] = UNSEEN
            event = msgspec.structs.replace(event, uncovered=UNSEEN, centre=None)
        elif game.reveals(event):
            break
        seen.append(event)
        state = game.evolve(state, event)
    return seen, state


def _token_potential(game: Any, state: Any, seat: int) -> int:
    if seat not in game.to_move(state):
        return 0
    return 2 * sum(isinstance(m, PlaceToken) for m in game.legal_moves(state, seat))


def _score(game: Any, state: Any, seat: int, move: Any) -> int:
    events, after = _foreseen(game, state, seat, move)
    score = _event_score(events) + _token_potential(game, after, seat)
    if isinstance(move, Slide) and seat in game.to_move(after):
        best = 0
        for follow in game.legal_moves(after, seat):
            if type(follow).__name__ == "Place":
                f_events, f_after = _foreseen(game, after, seat, follow)
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


medium = search_bot(50, evaluate=evaluate, rollout_depth=8, scale=2.0)
hard = search_bot(600, evaluate=evaluate, rollout_depth=8, scale=2.0)
