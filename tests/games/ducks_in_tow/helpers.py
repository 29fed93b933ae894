"""Shared helpers for the Ducks in Tow tests: build positions, play moves, expect rejections."""

from __future__ import annotations

from typing import Any

import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow.data import COLOURS, MAPS, NCOL
from core.games.ducks_in_tow.evolve import new_slot
from core.games.ducks_in_tow.state import State
from core.kernel import IllegalMove, clone


def new(seats: int = 2, seed: int = 1) -> State:
    return GAME.initial(GAME.setup(seats, seed, {}))


def cc(**counts: int) -> list[int]:
    """Colour counts in row order: cc(Y=1, B=2) -> [1, 0, 2, 0]."""
    assert set(counts) <= set(COLOURS)
    return [counts.get(c, 0) for c in COLOURS]


def play(state: State, move: Any, seat: int | None = None) -> tuple[list[Any], State]:
    seat = state.current if seat is None else seat
    before = clone(state)
    events, after = GAME.apply(state, seat, move)
    assert state == before, "decide/evolve mutated their input"
    return events, after


def illegal(state: State, move: Any, rule: str, seat: int | None = None) -> IllegalMove:
    seat = state.current if seat is None else seat
    with pytest.raises(IllegalMove) as info:
        GAME.decide(state, seat, move)
    assert info.value.rule_id == rule, f"{info.value} cites {info.value.rule_id}, not {rule}"
    return info.value


def tiles_with(state: State, role: str) -> list[int]:
    return [i for i, t in enumerate(state.tiles) if t.role == role]


def free_tile(state: State, role: str) -> int:
    pawns = [p.pawn for p in state.players]
    tiles = tiles_with(state, role)
    return next((i for i in tiles if i not in pawns), tiles[0])


def location_tile(state: State, symbol: str) -> int:
    return next(i for i, t in enumerate(state.tiles) if t.location == symbol)


def neighbours(state: State, tile: int) -> list[int]:
    return sorted(MAPS[state.seats][tile].neighbours)


def set_tableau(state: State, seat: int, cards: list[str]) -> None:
    state.players[seat].tableau = [new_slot(card) for card in cards]


def total_ducks(state: State) -> list[int]:
    """Every physical duck by colour: bag, tiles, tows, fronts, shaken, adopted."""
    out = [state.duck_bag.count(c) for c in range(NCOL)]
    groups = [t.ducks for t in state.tiles]
    for p in state.players:
        groups.append(p.tow)
        groups.append(p.front)
        groups += [s.adopted for s in p.tableau]
    for g in groups:
        out[0] += g[0]
        out[1] += g[1]
        out[2] += g[2]
        out[3] += g[3]
    if state.shaken >= 0:
        out[state.shaken] += 1
    return out


def total_food(state: State) -> list[int]:
    return [state.food_bag[c] + sum(p.food[c] for p in state.players) for c in range(NCOL)]


def finish_turn(state: State) -> State:
    """EndTurn, then the first legal upkeep choice (FinishFood at once) until the turn passes."""
    from core.games.ducks_in_tow import moves as mv

    seat = state.current
    turn = state.turn
    if state.phase == "actions":
        _, state = GAME.apply(state, seat, mv.EndTurn())
    while state.turn == turn and state.phase != "over":
        legal = GAME.legal_moves(state, seat)
        move = mv.FinishFood() if mv.FinishFood() in legal else legal[0]
        _, state = GAME.apply(state, seat, move)
    return state
