"""Property tests on the kit's harness (tests/games/conformance.py, SPEC in helpers.py).

Every mode (2, 3, 4 players x {standard, beginner, random maps, first player 1}) runs
through `random_playouts`: every game ends, replay == verify == every stored hash,
conservation of tokens and tiles after every move (TUL-004/TUL-007), the checks of
`check_state` every 9th state (views and legal moves unchanged when what a seat cannot
see is re-dealt: stacks, the centre, the box, TUL-009/TUL-018/TUL-020), the
legal_moves/decide agreement over the move universe every 97th state, take-backs, and
the final scores recounted from the maps and cards (TUL-107/TUL-108). The slow run plays
KIFU_GAMES (default 250) games per mode: 1,000 per player count.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from core.games.tulikko import GAME, data
from core.games.tulikko.state import State
from core.kernel import IllegalMove, Rng, Timeline, bots_of, new_record, play_bots, random_bot
from core.kernel.bots import beats
from core.kernel.record import Entry

from ..conformance import Mode, bot_playouts, random_playouts, slow_games
from .helpers import SPEC, hidden_tiles, leak_check


def _ended_within_the_rules(timelines: list[Timeline[Any, Any, Any]]) -> None:
    """TUL-025 TUL-105: at most 12 rounds, every seat played the same number of turns."""
    for timeline in timelines:
        state: State = timeline.state
        assert state.round <= data.STACK_SIZE
        assert len({p.turns for p in state.players}) == 1


@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_random_play_keeps_the_contract(mode: Mode) -> None:
    """TUL-004 TUL-007 TUL-009 TUL-018 TUL-020 TUL-025 TUL-105 TUL-107 TUL-108: see the
    module docstring."""
    _ended_within_the_rules(random_playouts(SPEC, mode))


@pytest.mark.slow
@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_many_random_games(mode: Mode) -> None:
    """TUL-004 TUL-007 TUL-009 TUL-018 TUL-025 TUL-105: as above, KIFU_GAMES per mode."""
    _ended_within_the_rules(random_playouts(SPEC, mode, games=slow_games(SPEC), first_seed=10_000))


def test_greedy_plays_legal_games() -> None:
    """The greedy bot plays listed moves only and never touches the state it is shown."""
    greedy = bots_of(GAME)["greedy"]
    _ended_within_the_rules(bot_playouts(SPEC, Mode(3), {0: greedy, 2: greedy}))


@pytest.mark.parametrize("seats", [2, 4])
def test_greedy_beats_random(seats: int) -> None:
    """The greedy bot wins more games than the random bot."""
    assert beats(GAME, bots_of(GAME)["greedy"], random_bot, games=6, seats=seats)


def test_reveals_marks_stack_reveals_and_slides() -> None:
    """TUL-026 TUL-018: revealing a stack top or pushing the centre tile out reveals."""
    timeline = random_playouts(SPEC, Mode(2), games=1)[0]
    kinds_revealing = {
        type(e).__name__
        for entry in timeline.record.entries
        if isinstance(entry, Entry)
        for e in entry.events
        if GAME.reveals(e)
    }
    assert kinds_revealing == {"TurnStarted", "Slid"}


def test_views_hide_stack_order_and_centre_in_a_fresh_game() -> None:
    """TUL-009 TUL-018 TUL-020: no view (any seat, spectator) shows a hidden tile."""
    state = GAME.initial(GAME.setup(4, 77, {}))
    hidden = hidden_tiles(state)
    assert len(hidden) == 1 + (12 - 5 - 4) + 4 * 12
    for seat in [None, 0, 1, 2, 3]:
        view = GAME.view(state, seat)
        leak_check(state, seat, view)
        assert view.centre is None
        assert [m.stack_size for m in view.maps] == [12, 12, 12, 12]


def test_illegal_input_raises_only_illegal_move() -> None:
    """TUL-104 TUL-023: a move after the end is refused citing the end; bad seats and
    moves out of turn are refused citing the turn order."""
    timeline = random_playouts(SPEC, Mode(3), games=1)[0]
    over = timeline.state
    with pytest.raises(IllegalMove) as exc:
        GAME.decide(over, 0, msgspec.convert({"type": "end-turn"}, GAME.move_type))
    assert exc.value.rule_id == "TUL-104"
    start = GAME.initial(GAME.setup(3, 11, {}))
    for seat in (-1, 3, 99, 1):
        move = msgspec.convert({"type": "place", "row": 0, "col": 0}, GAME.move_type)
        start = GAME.apply(start, 1, move)[1] if seat == 1 else start
        with pytest.raises(IllegalMove) as refused:
            GAME.decide(start, seat, move)
        assert (refused.value.code, refused.value.rule_id) == ("not-your-turn", "TUL-023")


def test_greedy_games_reach_end_trigger_one_and_finish_the_round() -> None:
    """TUL-103 TUL-104 TUL-106: greedy play empties supplies; the round is completed, every
    seat has played the same number of turns and a player who placed everything wins."""
    greedy = bots_of(GAME)["greedy"]
    triggered = 0
    for seed in range(8):
        record = new_record(GAME, record_id=f"greedy-{seed}", seats=3, seed=seed)
        timeline = Timeline(GAME, record)
        play_bots(timeline, dict.fromkeys(range(3), greedy), Rng.seeded(seed, stream=5))
        state = timeline.state
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert len({p.turns for p in state.players}) == 1
        if outcome.end_reason == "all-tokens-placed":
            triggered += 1
            assert outcome.placed_all and set(outcome.winners) <= set(outcome.placed_all)
            assert state.players[state.first_player].turns == state.round
    assert triggered
