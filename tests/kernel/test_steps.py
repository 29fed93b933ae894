"""The title kit's step dispatch (core/kernel/steps.py) and the contract's class checks.

On the Counting game (tests/kernel/counting/): each turn a seat adds 1 or 2 (step
"add"), then says "done" (step "close"); when the total reaches 5 the rules end the
game by themselves (an automatic step), and every other turn passes automatically too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from core.kernel import Decider, IllegalMove, Setup
from core.kernel.steps import Step

from .counting.events import Closed, Ended, Event, Passed
from .counting.evolve import FOLDS
from .counting.moves import Add, Done
from .counting.rules import Counting
from .counting.state import State


class Observing(Counting):
    """Counting whose Done handler records the phase it sees after yielding Closed."""

    def _on_done(self, work: State, seat: int, move: Done) -> Iterator[Event]:
        yield Closed(seat)
        # The handler resumes after Closed was folded into its working copy.
        OBSERVED.append(work.phase)

    handlers = {**Counting.handlers, Done: _on_done}


OBSERVED: list[str] = []
GAME = Observing()


def _play(state: State, seat: int, move: Any) -> State:
    _events, state = GAME.apply(state, seat, move)
    return state


def _refusal(state: State, seat: int, move: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        GAME.decide(state, seat, move)
    return caught.value


def test_automatic_steps_run_after_the_move_until_none_is_due() -> None:
    state = GAME.initial(GAME.setup(2, 1, {}))
    state = _play(state, 0, Add(2))
    events = GAME.decide(state, 0, Done())
    assert [type(e) for e in events] == [Closed, Passed]
    state = _play(state, 0, Done())
    assert (state.current, state.phase) == (1, "add")


def test_a_handler_sees_each_of_its_events_folded_before_it_resumes() -> None:
    state = _play(GAME.initial(GAME.setup(2, 1, {})), 0, Add(2))
    OBSERVED.clear()
    GAME.decide(state, 0, Done())
    assert OBSERVED == ["passing"]


def test_the_game_ends_by_an_automatic_step_and_then_refuses_moves() -> None:
    state = GAME.initial(GAME.setup(2, 1, {}))
    for seat in (0, 1, 0):
        state = _play(state, seat, Add(2))
        state = _play(state, seat, Done())
    assert state.phase == "over"
    refusal = _refusal(state, 1, Add(1))
    assert (refusal.code, refusal.rule_id) == ("game-over", "CNT-9")


def test_refusals_in_the_kernels_order_each_citing_its_rule() -> None:
    state = GAME.initial(GAME.setup(2, 1, {}))
    refusal = _refusal(state, 1, Add(1))
    assert (refusal.code, refusal.rule_id) == ("not-your-turn", "CNT-1")
    refusal = _refusal(state, 0, Done())
    assert (refusal.code, refusal.rule_id, refusal.message) == ("wrong-step", "CNT-2", "add 1 or 2")
    refusal = _refusal(state, 0, Ended(0))
    assert (refusal.code, refusal.rule_id) == ("unknown-move", "CNT-2")
    refusal = _refusal(state, 0, Add(3))
    assert (refusal.code, refusal.rule_id) == ("bad-n", "CNT-2")


def test_decide_and_evolve_never_mutate_their_input() -> None:
    state = GAME.initial(GAME.setup(2, 1, {}))
    before = msgspec.json.encode(state)
    events = GAME.decide(state, 0, Add(1))
    GAME.evolve(state, events[0])
    assert msgspec.json.encode(state) == before


def test_a_move_without_a_handler_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match="Done has no handler"):

        class Broken(Counting):
            handlers = {Add: Counting._on_add}
            steps = {"add": Step("CNT-2", "add", (Add,))}


def test_an_event_without_a_fold_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match="Ended has no fold"):

        class Broken(Counting):
            folds = {e: f for e, f in FOLDS.items() if e is not Ended}


def test_a_step_naming_a_move_without_handler_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match="accepts Done, no handler"):

        class Broken(Counting):
            move_type = Add
            handlers = {Add: Counting._on_add}


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


def test_a_title_whose_solo_flag_contradicts_min_players_fails_at_class_creation() -> None:
    with pytest.raises(TypeError, match="solo must say whether min_players is 1"):

        class OnePlayer(Counting):
            info = msgspec.structs.replace(Counting.info, min_players=1)

    with pytest.raises(TypeError, match="solo must say whether min_players is 1"):

        class NotSolo(Counting):
            info = msgspec.structs.replace(Counting.info, solo=True)
