"""The greedy bot beats random (its solitaire clear rates: bench/bench_bots.py --solo);
the search levels plan the whole turn (their strength: bench/bench_bots.py)."""

from __future__ import annotations

import pytest

from core.games.whispering_woods import GAME
from core.kernel import Rng, bots_of
from core.kernel.bots import beats
from tests.games.bot_turns import rest_of_turn


def test_greedy_beats_random() -> None:
    """Greedy wins more 2-player games against random than it loses (kernel `beats`)."""
    bots = bots_of(GAME)
    assert beats(GAME, bots["greedy"], bots["random"], games=4)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_search_levels_plan_the_turn_and_complete_a_mission_greedy_misses(level: str) -> None:
    """Seed 2, greedy against greedy to the 22nd decision (turn 11, step 2): two forest
    tiles taken together open a walk, one alone does not. Greedy picks its first tile
    by what it promises alone and completes nothing this turn; medium and hard plan the
    turn (two tiles, then the walks: WW-044, WW-052) and complete a mission tile."""
    bots = bots_of(GAME)
    state = GAME.initial(GAME.setup(2, 2, {}))
    rng = Rng.seeded(2, stream=101)
    for _ in range(21):
        seat = GAME.to_move(state)[0]
        _, state = GAME.apply(state, seat, bots["greedy"](GAME, state, seat, rng))
    seat = GAME.to_move(state)[0]
    assert (state.phase, state.turn) == ("take", 11)
    done = len(state.players[seat].completed)
    assert len(rest_of_turn(GAME, state, seat, bots["greedy"])[0].players[seat].completed) == done
    assert len(rest_of_turn(GAME, state, seat, bots[level])[0].players[seat].completed) > done
