"""Greedy bot: one-ply lookahead on deterministic moves, fixed priors on chance moves.

It reads only what its seat may see (its own hand, the public board) and never
looks at the result of a draw before choosing: moves whose events reveal chance
(Shake the Bag, deck draws, dispersal) are scored by priors, not by simulation.
"""

from __future__ import annotations

from typing import Any

from core.kernel import Decider, Rng

from . import moves as mv
from .data import CARD_BY_ID, MAPS, NCOL, TOW_SLOTS
from .scoring import score
from .state import State


def _distance(state: State, start: int, goal_tiles: list[int]) -> int:
    if not goal_tiles:
        return 9
    hexes = MAPS[state.seats]
    seen = {start}
    frontier = [start]
    dist = 0
    while frontier:
        if any(t in goal_tiles for t in frontier):
            return dist
        nxt = []
        for t in frontier:
            for u in hexes[t].neighbours:
                if u not in seen:
                    seen.add(u)
                    nxt.append(u)
        frontier = sorted(nxt)
        dist += 1
    return 9


def evaluate(state: State, seat: int) -> int:
    """Own-seat value of a position (integers only; larger is better)."""
    p = state.players[seat]
    value = 100 * score(p) + 30 * len(p.tableau)
    want = [0] * NCOL
    best_target = -1
    for card in p.hand:
        need = [int(c in CARD_BY_ID[card].ducks) for c in "YOBG"]
        have = sum(min(p.tow[c], need[c]) for c in range(NCOL))
        value += 12 * have
        for c in range(NCOL):
            want[c] += need[c]
        if have == sum(need):
            tiles = [
                i for i, t in enumerate(state.tiles) if t.location == CARD_BY_ID[card].location
            ]
            best_target = max(best_target, 20 - 5 * _distance(state, p.pawn, tiles))
    value += max(best_target, 0)
    value += 2 * sum(min(p.food[c], want[c]) for c in range(NCOL)) + sum(p.food)
    useless = sum(max(0, p.tow[c] - want[c]) for c in range(NCOL))
    value -= 6 * useless
    if sum(p.tow) < TOW_SLOTS:
        here = state.tiles[p.pawn].ducks
        value += sum(min(here[c], p.food[c], want[c]) for c in range(NCOL))
    return value


_CHANCE_PRIOR = {mv.ShakeBag: -8, mv.TakeDeck: 6, mv.GiftCards: 5}


def greedy_bot(game: Decider[Any, Any, Any, Any], state: State, seat: int, rng: Rng) -> Any:
    moves = game.legal_moves(state, seat)
    base = evaluate(state, seat)
    best: list[Any] = []
    best_value = -(10**9)
    for move in moves:
        if isinstance(move, mv.ClaimFormation | mv.DropOff):
            value = 10**6  # points now: always take them
        elif type(move) in _CHANCE_PRIOR or isinstance(move, mv.Disperse | mv.FinishFood):
            value = base + _CHANCE_PRIOR.get(type(move), 0)
        elif isinstance(move, mv.EndTurn):
            value = base - 1 if state.actions_left else base + 1
        else:
            after = state
            for event in game.decide(state, seat, move):
                after = game.evolve(after, event)
            value = evaluate(after, seat)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.below(len(best))]
