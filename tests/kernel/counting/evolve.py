"""Counting's folds: each applies one event to a state in place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import Added, Closed, Ended, Passed
from .state import State


def _added(state: State, event: Added) -> None:
    state.total += event.n
    state.added[event.seat] += event.n
    state.phase = "close"


def _closed(state: State, event: Closed) -> None:
    state.phase = "passing"


def _passed(state: State, event: Passed) -> None:
    state.current = event.to
    state.turn += 1
    state.phase = "add"


def _ended(state: State, event: Ended) -> None:
    state.reached = event.reached
    state.phase = "over"


FOLDS: dict[type, Callable[[State, Any], None]] = {
    Added: _added,
    Closed: _closed,
    Passed: _passed,
    Ended: _ended,
}
