"""Rewild through the shared harness: conservation, endings, agreement, leaks, recount."""

from __future__ import annotations

import pytest

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.bots import greedy
from core.kernel import random_bot
from core.kernel.bots import beats
from tests.games.conformance import Mode, bot_playouts, random_playouts, slow_games

from .spec import SPEC


@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_random_play_keeps_the_contract(mode: Mode) -> None:
    """Random games keep the harness contract: conservation, endings, agreement, leaks."""
    random_playouts(SPEC, mode)


@pytest.mark.slow
@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_many_random_games(mode: Mode) -> None:
    random_playouts(SPEC, mode, games=slow_games(SPEC), first_seed=10_000)


def test_greedy_plays_legal_games() -> None:
    bot_playouts(SPEC, Mode(2), {0: greedy})


def test_greedy_beats_random() -> None:
    assert beats(GAME, greedy, random_bot, games=4)
