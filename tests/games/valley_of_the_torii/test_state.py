"""copy_state: equal to the kernel's clone and sharing no mutable object with its input."""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.valley_of_the_torii import GAME
from core.games.valley_of_the_torii.data import SEAL_IDS
from core.games.valley_of_the_torii.state import CHERRY, MOUNTAIN, State, copy_state
from core.kernel import Rng, clone


def _mid_game_states() -> list[State]:
    states = []
    for seats, options in ((3, {"rainbow": True}), (1, {}), (4, {"board_layout": "ALT3"})):
        state = GAME.initial(GAME.setup(seats, 5, options))
        rng = Rng.seeded(5, stream=2)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            _, state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
            states.append(state)
    return states


def _mutables(obj: Any, out: list[int]) -> None:
    if isinstance(obj, list):
        out.append(id(obj))
        for item in obj:
            _mutables(item, out)
    elif isinstance(obj, msgspec.Struct):
        out.append(id(obj))
        for field in obj.__struct_fields__:
            _mutables(getattr(obj, field), out)


def test_copy_state_equals_clone_and_shares_nothing() -> None:
    for state in _mid_game_states()[::7]:
        copied = copy_state(state)
        assert msgspec.json.encode(copied) == msgspec.json.encode(clone(state))
        mine: list[int] = []
        theirs: list[int] = []
        _mutables(state, mine)
        _mutables(copied, theirs)
        assert not set(mine) & set(theirs)


def test_seal_indices() -> None:
    assert SEAL_IDS[MOUNTAIN] == "mountain" and SEAL_IDS[CHERRY] == "cherry"
