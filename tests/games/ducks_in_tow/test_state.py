"""State plumbing: copy_state == kernel clone with nothing shared; decide and evolve
never mutate their input."""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow.state import State, copy_state
from core.kernel import Rng, clone, digest

from .helpers import new


def _mutables(obj: Any, out: list[int]) -> list[int]:
    """ids of every mutable container (lists, structs not frozen) reachable from obj."""
    if isinstance(obj, msgspec.Struct) and not obj.__struct_config__.frozen:
        out.append(id(obj))
        for name in obj.__struct_fields__:
            _mutables(getattr(obj, name), out)
    elif isinstance(obj, list):
        out.append(id(obj))
        for item in obj:
            _mutables(item, out)
    return out


def _states(seats: int, seed: int, limit: int = 400) -> list[State]:
    """States of a seeded random game, every step (claims, adoptions, discards included)."""
    state = new(seats, seed)
    rng = Rng.seeded(seed, stream=4)
    states = [state]
    while GAME.outcome(state) is None and len(states) < limit:
        seat = GAME.to_move(state)[0]
        _, state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        states.append(state)
    return states


def test_copy_state_equals_clone_and_shares_nothing() -> None:
    """The engine's fast copy is a true deep copy: a field added to a struct without
    being copied in copy_state fails here."""
    for seats in (2, 4):
        for state in _states(seats, 30 + seats)[::7]:
            copied = copy_state(state)
            assert copied == clone(state) and digest(copied) == digest(state)
            shared = set(_mutables(state, [])) & set(_mutables(copied, []))
            assert not shared, "copy_state shares a mutable object with its input"


def test_decide_and_evolve_never_mutate_their_input() -> None:
    """Every step of a game leaves the state it started from untouched."""
    state = new(3, 8)
    rng = Rng.seeded(8, stream=2)
    for _ in range(300):
        seat = GAME.to_move(state)[0]
        before = digest(state)
        events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        assert digest(state) == before
        for event in events:
            after = GAME.evolve(state, event)
            assert digest(state) == before
            state, before = after, digest(after)
