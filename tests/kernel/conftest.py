"""Kernel tests run on the fixture game, registered here for the whole package."""

from __future__ import annotations

from typing import Any

import pytest

from core import games
from core.kernel import Entry, Rng, Timeline, new_record, play_bots, random_bot

from .fixture_game import GAME

games.register(GAME)


def finished_timeline(seed: int = 7, seats: int = 3, **kwargs: Any) -> Timeline[Any, Any, Any]:
    """A whole fixture game played by random bots."""
    timeline = Timeline(
        GAME, new_record(GAME, record_id=f"r{seed}", seats=seats, seed=seed, **kwargs)
    )
    play_bots(timeline, dict.fromkeys(range(seats), random_bot), Rng.seeded(seed, stream=3))
    return timeline


@pytest.fixture
def timeline() -> Timeline[Any, Any, Any]:
    return Timeline(GAME, new_record(GAME, record_id="t", seats=2, seed=11))


def seen_whole(entry: Entry[Any, Any], seats: int) -> tuple[bool, bool]:
    """Whether every other seat and a spectator see the entry's move as it is, and
    whether every seat and a spectator see its events (the fixture game's own
    redaction): its open parts."""
    viewers = [*range(seats), None]
    move = all(GAME.redact_move(entry.move, v) == entry.move for v in viewers if v != entry.seat)
    events = all([GAME.redact(e, v) for e in entry.events] == entry.events for v in viewers)
    return move, events
