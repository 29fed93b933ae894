"""Counting's engine on the kernel's step dispatch (core/kernel/steps.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from core.kernel import Bot, GameInfo, OptionSpec, Outcome, Setup, Step, StepRules, ensure

from .data import ADDS, TARGET
from .events import Added, Closed, Ended, Event, Passed
from .evolve import FOLDS
from .moves import Add, Done, Move
from .scoring import outcome
from .state import State, copy_state
from .view import View, make_view, redact_event

RULES_VERSION = "1"

OPTIONS = [
    OptionSpec(
        name="target",
        kind="int",
        default=TARGET,
        minimum=3,
        maximum=40,
        label_en="Total that ends the game",
        label_ja="終了する合計",
        rule_id="CNT-5",
    )
]


class Counting(StepRules[State, Move, Event, View]):
    info = GameInfo(
        id="counting",
        title_en="Counting (fixture)",
        title_ja="かぞえる（テスト用）",
        min_players=2,
        max_players=3,
        rules_version=RULES_VERSION,
        turn_rule="CNT-1",
        end_rule="CNT-9",
        options=OPTIONS,
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    def initial(self, setup: Setup) -> State:
        return State(setup.seats, int(setup.options["target"]), [0] * setup.seats)

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [Add(n) for n in ADDS] if state.phase == "add" else [Done()]

    def automatic(self, state: State) -> Iterator[Event]:
        if state.phase == "passing":
            if state.total >= state.target:
                yield Ended(state.current)
            else:
                yield Passed((state.current + 1) % state.seats)

    def copy(self, state: State) -> State:
        return copy_state(state)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def bots(self) -> Mapping[str, Bot]:
        from .bots import greedy

        return {"greedy": greedy}

    def _on_add(self, work: State, seat: int, move: Add) -> Iterator[Event]:
        ensure(move.n in ADDS, "bad-n", "add 1 or 2", "CNT-2")
        yield Added(seat, move.n)

    def _on_done(self, work: State, seat: int, move: Done) -> Iterator[Event]:
        yield Closed(seat)

    steps = {
        "add": Step("CNT-2", "add 1 or 2", (Add,)),
        "close": Step("CNT-3", "say done", (Done,)),
        "passing": Step("CNT-4", "wait", ()),
    }
    handlers = {Add: _on_add, Done: _on_done}
    folds = FOLDS


GAME = Counting()
