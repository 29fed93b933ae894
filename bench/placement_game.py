"""Placement: the 5×5 game of the boardgame.io side-by-side (bench only, never shipped).

Two players alternately place a stone on an empty cell until the board is full
(25 moves, then a draw). bench_bgio.py serves the same game as a boardgame.io
game, so both servers run rules that cost next to nothing and the figures
measure the servers. Registered through KIFU_EXTRA_GAMES=bench.placement_game.
"""

from __future__ import annotations

import msgspec

from core.kernel import Decider, GameInfo, Outcome, Setup, clone, ensure

CELLS = 25


class Place(msgspec.Struct, tag="place"):
    cell: int


class Placed(msgspec.Struct, tag="placed"):
    seat: int
    cell: int


class State(msgspec.Struct):
    cells: list[int]  # -1 empty, else the seat
    current: int


class View(msgspec.Struct):
    cells: list[int]
    current: int


class Placement(Decider[State, Place, Placed, View]):
    info = GameInfo(
        id="placement",
        title_en="Placement (benchmark)",
        title_ja="配置（ベンチマーク用）",
        min_players=2,
        max_players=2,
        rules_version="1",
        turn_rule="PL-1",
        end_rule="PL-2",
    )
    state_type = State
    move_type = Place
    event_type = Placed
    view_type = View

    def initial(self, setup: Setup) -> State:
        return State([-1] * CELLS, 0)

    def to_move(self, state: State) -> list[int]:
        return [] if -1 not in state.cells else [state.current]

    def turn(self, state: State) -> int:
        return CELLS - state.cells.count(-1)

    def legal_moves(self, state: State, seat: int) -> list[Place]:
        if seat not in self.to_move(state):
            return []
        return [Place(cell) for cell, owner in enumerate(state.cells) if owner == -1]

    def decide(self, state: State, seat: int, move: Place) -> list[Placed]:
        ensure(seat in self.to_move(state), "not-your-turn", "wait for your turn", "PL-1")
        ensure(0 <= move.cell < CELLS, "off-board", "that cell is not on the board", "PL-1")
        ensure(state.cells[move.cell] == -1, "occupied", "that cell is taken", "PL-1")
        return [Placed(seat, move.cell)]

    def evolve(self, state: State, event: Placed) -> State:
        state = clone(state)
        state.cells[event.cell] = event.seat
        state.current = 1 - event.seat
        return state

    def view(self, state: State, seat: int | None) -> View:
        return View(list(state.cells), state.current)

    def outcome(self, state: State) -> Outcome | None:
        if -1 in state.cells:
            return None
        return Outcome(scores=[0, 0], ranks=[1, 1], winners=[0, 1])

    def seat_count(self, state: State) -> int:
        return 2


GAME = Placement()
