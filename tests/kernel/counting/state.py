"""Counting's state."""

from __future__ import annotations

from typing import Literal

import msgspec

Phase = Literal["add", "close", "passing", "over"]


class State(msgspec.Struct):
    seats: int
    target: int
    added: list[int]  # what each seat added
    current: int = 0
    total: int = 0
    reached: int = -1  # the seat whose addition reached the target
    turn: int = 0  # turns passed
    phase: Phase = "add"


def copy_state(state: State) -> State:
    """A deep copy, by hand (faster than the kernel's `clone`, tested equal to it)."""
    return State(
        state.seats,
        state.target,
        list(state.added),
        state.current,
        state.total,
        state.reached,
        state.turn,
        state.phase,
    )
