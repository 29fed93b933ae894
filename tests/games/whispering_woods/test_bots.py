"""The greedy bot beats random (its solitaire clear rates: bench/bench_bots.py --solo)."""

from __future__ import annotations

from core.games.whispering_woods import GAME
from core.kernel import bots_of
from core.kernel.bots import beats


def test_greedy_beats_random() -> None:
    """Greedy wins more 2-player games against random than it loses (kernel `beats`)."""
    bots = bots_of(GAME)
    assert beats(GAME, bots["greedy"], bots["random"], games=4)
