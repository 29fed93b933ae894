"""Property tests over seeded random games (tests/games/conformance.py), every mode.

After every move: conservation of every component (tiles, starting tiles, animals,
combo cards). Every few moves: every listed move accepted, views leak-checked; now
and then the exhaustive legal_moves/decide agreement over a move universe. At the
end: replay == verify == the same hash, and the final scores recomputed from the
spec by the test (helpers.spec_score), not by the engine.
A few games per mode by default; WW_GAMES (default 1000) per mode in the slow run.
"""

from __future__ import annotations

import os
from typing import Any

import msgspec
import pytest

from core.games.whispering_woods import GAME
from core.games.whispering_woods.events import MarketRefilled, MarketRefreshed, RoundClosed
from core.games.whispering_woods.state import State
from core.kernel import Timeline

from ..conformance import random_games
from .helpers import (
    assert_legal_moves_agree,
    check_invariants,
    leak_check,
    spec_score,
    spec_winners,
)

MODES: list[tuple[int, int]] = [(2, 0), (3, 0), (4, 0)] + [(1, lv) for lv in range(1, 7)]
DEFAULT_GAMES = {2: 3, 3: 3, 4: 3, 1: 5}
SLOW_GAMES = int(os.environ.get("WW_GAMES", "1000"))  # per player count and level
AGREE_EVERY = 41


class _Invariant:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: State) -> None:
        check_invariants(state)
        self.calls += 1
        if self.calls % AGREE_EVERY == 0 and state.phase != "over":
            assert_legal_moves_agree(state)


def _check_finished(timelines: list[Timeline[Any, Any, Any]], seats: int) -> None:
    for timeline in timelines:
        state = timeline.state
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert outcome.scores == [spec_score(state, s) for s in range(seats)]
        if seats > 1:
            assert sorted(outcome.winners) == spec_winners(state)
            turns = [p.turns for p in state.players]
            assert len(set(turns)) == 1, "WW-084: every player took the same number of turns"
        else:
            s = state.solo
            assert s is not None
            assert len(s.track) + len(s.extra) <= 12 + len(s.achieved)
        _check_events(timeline, seats)


def _check_events(timeline: Timeline[Any, Any, Any], seats: int) -> None:
    """Redacted events name no tile that is still hidden in the bag afterwards, except
    tiles that were face up before going back (a refresh's returned market)."""
    for entry in timeline.record.entries:
        for event in entry.events:
            for viewer in [None, *range(seats)]:
                seen = GAME.redact(event, viewer)
                msgspec.json.encode(seen)
                if isinstance(event, (MarketRefilled, MarketRefreshed, RoundClosed)):
                    assert GAME.reveals(event)


def _play(seats: int, level: int, seeds: range) -> None:
    timelines = random_games(
        GAME,
        seats=seats,
        seeds=seeds,
        options={"level": level},
        max_entries=3_000,
        invariant=_Invariant(),
        leak_check=leak_check,
        full_check_every=7,
    )
    assert len(timelines) == len(seeds)
    _check_finished(timelines, seats)


@pytest.mark.parametrize(("seats", "level"), MODES)
def test_random_games_keep_the_contract(seats: int, level: int) -> None:
    """WW-001 WW-084 WW-092 WW-118 WW-050: seeded random games of every mode end,
    conserve every component, never show the bag, replay == verify, and their scores
    and winners match the spec recomputed by the test (WW-093..099)."""
    n = DEFAULT_GAMES[seats]
    _play(seats, level, range(seats * 1_000 + level * 100, seats * 1_000 + level * 100 + n))


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "level"), MODES)
def test_many_random_games_keep_the_contract(seats: int, level: int) -> None:
    """The same as above over WW_GAMES seeded games per player count and level."""
    base = 1_000_000 + seats * 100_000 + level * 10_000
    _play(seats, level, range(base, base + SLOW_GAMES))
