"""The greedy bot beats random (its solitaire clear rates: bench/bench_bots.py --solo);
the search levels plan the whole turn (their strength: bench/bench_bots.py)."""

from __future__ import annotations

import pytest

from core.games.whispering_woods import GAME, bots
from core.games.whispering_woods.forest import best_prefix, can_walk, path_length, vp_of
from core.games.whispering_woods.state import Placed
from core.kernel import Rng, bots_of
from core.kernel.bots import beats, random_bot
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


def _mission_promise_as_written(forest: list[Placed], t: Placed) -> float:
    """A mission's promise as first written: can_walk, else best_prefix, asked afresh."""
    at = (t.q, t.r)
    if can_walk(forest, at):
        return 0.7 * vp_of(t.tile)
    near = best_prefix(forest, at) / path_length(t.tile)
    return vp_of(t.tile) * (0.1 + 0.4 * near)


def test_evaluate_is_as_written_searching_each_mission_once() -> None:
    """evaluate searches each mission's path once and remembers the search by the
    forest tiles a route can reach (bots._best_prefix): over every state of seeded
    games (two seats and solitaire), each mission's remembered prefix is
    forest.best_prefix's, and evaluate is the very number it was with can_walk and
    best_prefix asked afresh."""
    bots._PREFIXES.clear()
    checked = 0
    for seats, seed in ((2, 0), (2, 1), (1, 2), (3, 3)):
        state = GAME.initial(GAME.setup(seats, seed, {}))
        rng = Rng.seeded(seed, 7)
        while GAME.to_move(state):
            for seat in range(state.seats):
                forest = state.players[seat].forest
                for t in forest:
                    if t.mission and t.animal:
                        prefix = bots._best_prefix(forest, t, path_length(t.tile))
                        assert prefix == best_prefix(forest, (t.q, t.r))
                        checked += 1
                as_written = bots.evaluate_with(state, seat, _mission_promise_as_written)
                assert bots.evaluate(state, seat) == as_written
            seat = GAME.to_move(state)[0]
            state = GAME.apply(state, seat, random_bot(GAME, state, seat, rng))[1]
    assert checked > 500, checked
