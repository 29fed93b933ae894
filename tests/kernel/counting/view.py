"""What a seat may see of Counting: everything (nothing is hidden)."""

from __future__ import annotations

import msgspec

from .events import Event
from .moves import Move
from .state import State


class View(msgspec.Struct):
    target: int
    added: list[int]
    current: int
    total: int
    phase: str


def make_view(state: State, seat: int | None) -> View:
    return View(state.target, list(state.added), state.current, state.total, state.phase)


def redact_event(event: Event, seat: int | None) -> Event:
    return event


def redact_move(move: Move, seat: int | None) -> Move:
    return move
