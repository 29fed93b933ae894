"""The greedy bot: legal games, better than random; solitaire clear rates (printed)."""

from __future__ import annotations

import os

import pytest

from core.games.whispering_woods import GAME
from core.kernel import Rng, Timeline, bots_of, new_record, play_bots
from core.kernel.bots import beats


def _game(seats: int, seed: int, bots: dict, level: int = 0):  # type: ignore[no-untyped-def,type-arg]
    record = new_record(
        GAME, record_id=f"b-{seed}", seats=seats, seed=seed, options={"level": level}
    )
    timeline = Timeline(GAME, record)
    play_bots(timeline, bots, Rng.seeded(seed, stream=3), max_entries=3_000)
    outcome = GAME.outcome(timeline.state)
    assert outcome is not None
    return outcome


def test_greedy_beats_random() -> None:
    """Greedy wins more 2-player games against random than it loses (kernel `beats`)."""
    bots = bots_of(GAME)
    assert beats(GAME, bots["greedy"], bots["random"], games=4)


@pytest.mark.slow
@pytest.mark.parametrize("level", range(1, 7))
def test_greedy_solitaire_clear_rate(level: int) -> None:
    """How often greedy clears each level (WW_SOLO_GAMES games, default 200); printed."""
    n = int(os.environ.get("WW_SOLO_GAMES", "200"))
    greedy = bots_of(GAME)["greedy"]
    cleared = 0
    scores = []
    for seed in range(n):
        outcome = _game(1, 50_000 + seed, {0: greedy}, level)
        cleared += bool(outcome.won)
        scores.append(outcome.scores[0])
    print(f"level {level}: greedy cleared {cleared}/{n}, mean score {sum(scores) / n:.1f}")
