"""The title kit's step dispatch (core/kernel/steps.py) and the contract's class checks.

A two-step counting game: each turn a seat adds 1 or 2 (step "add"), then says
"done" (step "close"); when the total reaches 5 the rules end the game by
themselves (an automatic step), and every other turn passes automatically too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from core.kernel import Decider, GameInfo, IllegalMove, Outcome, Setup
from core.kernel.steps import Step, StepRules


class Add(msgspec.Struct, tag="add"):
    n: int


class Done(msgspec.Struct, tag="done"):
    pass


class Added(msgspec.Struct, tag="added"):
    seat: int
    n: int


class Closed(msgspec.Struct, tag="closed"):
    seat: int


class Passed(msgspec.Struct, tag="passed"):
    to: int


class Ended(msgspec.Struct, tag="ended"):
    pass


Move = Add | Done
Event = Added | Closed | Passed | Ended


class State(msgspec.Struct):
    seats: int
    current: int = 0
    total: int = 0
    phase: str = "add"


OBSERVED: list[str] = []


def _added(s: State, e: Added) -> None:
    s.total += e.n
    s.phase = "close"


def _closed(s: State, e: Closed) -> None:
    s.phase = "passing"


def _passed(s: State, e: Passed) -> None:
    s.current = e.to
    s.phase = "add"


def _ended(s: State, e: Ended) -> None:
    s.phase = "over"


class Counting(StepRules[State, Move, Event, State]):
    info = GameInfo(
        id="counting",
        title_en="Counting",
        title_ja="かぞえる",
        min_players=2,
        max_players=2,
        rules_version="1",
        turn_rule="CNT-1",
        end_rule="CNT-9",
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = State

    def initial(self, setup: Setup) -> State:
        return State(seats=setup.seats)

    def _add(self, work: State, seat: int, move: Add) -> Iterator[Event]:
        if move.n not in (1, 2):
            raise IllegalMove("bad-n", "add 1 or 2", "CNT-2")
        yield Added(seat, move.n)

    def _done(self, work: State, seat: int, move: Done) -> Iterator[Event]:
        yield Closed(seat)
        # The handler resumes after Closed was folded into its working copy.
        OBSERVED.append(work.phase)

    def automatic(self, state: State) -> Iterator[Event]:
        if state.phase == "passing":
            yield Ended() if state.total >= 5 else Passed((state.current + 1) % state.seats)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [Add(1), Add(2)] if state.phase == "add" else [Done()]

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def turn(self, state: State) -> int:
        return state.total

    def view(self, state: State, seat: int | None) -> State:
        return state

    def outcome(self, state: State) -> Outcome | None:
        return None

    steps = {
        "add": Step("CNT-2", "add 1 or 2", (Add,)),
        "close": Step("CNT-3", "say done", (Done,)),
        "passing": Step("CNT-4", "wait", ()),
    }
    handlers = {Add: _add, Done: _done}
    folds = {Added: _added, Closed: _closed, Passed: _passed, Ended: _ended}


GAME = Counting()


def _play(state: State, seat: int, move: Any) -> State:
    _events, state = GAME.apply(state, seat, move)
    return state


def _refusal(state: State, seat: int, move: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        GAME.decide(state, seat, move)
    return caught.value


def test_automatic_steps_run_after_the_move_until_none_is_due() -> None:
    state = GAME.initial(Setup(game="counting", seats=2, seed=1))
    state = _play(state, 0, Add(2))
    events = GAME.decide(state, 0, Done())
    assert [type(e) for e in events] == [Closed, Passed]
    state = _play(state, 0, Done())
    assert (state.current, state.phase) == (1, "add")


def test_a_handler_sees_each_of_its_events_folded_before_it_resumes() -> None:
    state = _play(GAME.initial(Setup(game="counting", seats=2, seed=1)), 0, Add(2))
    OBSERVED.clear()
    GAME.decide(state, 0, Done())
    assert OBSERVED == ["passing"]


def test_the_game_ends_by_an_automatic_step_and_then_refuses_moves() -> None:
    state = GAME.initial(Setup(game="counting", seats=2, seed=1))
    for seat in (0, 1, 0):
        state = _play(state, seat, Add(2))
        state = _play(state, seat, Done())
    assert state.phase == "over"
    refusal = _refusal(state, 1, Add(1))
    assert (refusal.code, refusal.rule_id) == ("game-over", "CNT-9")


def test_refusals_in_the_kernels_order_each_citing_its_rule() -> None:
    state = GAME.initial(Setup(game="counting", seats=2, seed=1))
    refusal = _refusal(state, 1, Add(1))
    assert (refusal.code, refusal.rule_id) == ("not-your-turn", "CNT-1")
    refusal = _refusal(state, 0, Done())
    assert (refusal.code, refusal.rule_id, refusal.message) == ("wrong-step", "CNT-2", "add 1 or 2")
    refusal = _refusal(state, 0, Ended())
    assert (refusal.code, refusal.rule_id) == ("unknown-move", "CNT-2")
    refusal = _refusal(state, 0, Add(3))
    assert (refusal.code, refusal.rule_id) == ("bad-n", "CNT-2")


def test_decide_and_evolve_never_mutate_their_input() -> None:
    state = GAME.initial(Setup(game="counting", seats=2, seed=1))
    before = msgspec.json.encode(state)
    events = GAME.decide(state, 0, Add(1))
    GAME.evolve(state, events[0])
    assert msgspec.json.encode(state) == before


def test_a_move_without_a_handler_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match="Done has no handler"):

        class Broken(Counting):
            handlers = {Add: Counting._add}
            steps = {"add": Step("CNT-2", "add", (Add,))}


def test_an_event_without_a_fold_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match="Ended has no fold"):

        class Broken(Counting):
            folds = {Added: _added, Closed: _closed, Passed: _passed}


def test_a_step_naming_a_move_without_handler_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match="accepts Done, no handler"):

        class Broken(Counting):
            move_type = Add
            handlers = {Add: Counting._add}


def test_a_title_that_forgets_a_method_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match=r"does not implement .*outcome"):

        class Forgetful(Decider[Any, Any, Any, Any]):
            info = Counting.info
            state_type = move_type = event_type = view_type = State

            def initial(self, setup: Setup) -> Any: ...
            def decide(self, state: Any, seat: int, move: Any) -> list[Any]: ...
            def evolve(self, state: Any, event: Any) -> Any: ...
            def legal_moves(self, state: Any, seat: int) -> list[Any]: ...
            def to_move(self, state: Any) -> list[int]: ...
            def turn(self, state: Any) -> int: ...
            def view(self, state: Any, seat: int | None) -> Any: ...


def test_apply_returns_the_state_the_events_fold_to() -> None:
    """apply skips the second fold: its state must equal folding its events by evolve."""
    state = GAME.initial(Setup(game="counting", seats=2, seed=1))
    for seat, move in ((0, Add(2)), (0, Done()), (1, Add(1)), (1, Done())):
        events, after = GAME.apply(state, seat, move)
        folded = state
        for event in events:
            folded = GAME.evolve(folded, event)
        assert msgspec.json.encode(after) == msgspec.json.encode(folded)
        state = after


def test_play_in_place_changes_the_given_state_only() -> None:
    state = GAME.initial(Setup(game="counting", seats=2, seed=1))
    work = GAME.copy(state)
    events = GAME.play_in_place(work, 0, Add(2))
    assert events == [Added(0, 2)]
    assert (work.total, state.total) == (2, 0)
