"""The kernel's own refusals (a seat that is not to move, a finished game) cite the
game's rule, so a player sees the same rule ID as when the engine itself refuses."""

from __future__ import annotations

import pytest

import core.games
from core.kernel import IllegalMove, Rng, Timeline, new_record, play_bots, random_bot


@pytest.mark.parametrize(
    ("game_id", "turn_rule", "end_rule"),
    [("tulikko", "TUL-023", "TUL-104"), ("ducks-in-tow", "DIT-131", "DIT-139")],
)
def test_timeline_cites_the_turn_and_end_rules(game_id: str, turn_rule: str, end_rule: str) -> None:
    """TUL-023, DIT-131 (turn order) and TUL-104, DIT-139 (the end) via the Timeline."""
    game = core.games.get(game_id)
    timeline = Timeline(game, new_record(game, record_id="r", seats=2, seed=5))
    rng = Rng.seeded(9)
    while len(timeline.to_move()) != 1:  # Tulikko's start tiles are placed together
        seat = timeline.to_move()[0]
        timeline.play(seat, random_bot(game, timeline.state, seat, rng), move_id=f"m{timeline.seq}")
    waiting = 1 - timeline.to_move()[0]
    move = game.legal_moves(timeline.state, timeline.to_move()[0])[0]
    with pytest.raises(IllegalMove) as turn:
        timeline.play(waiting, move, move_id="early")
    assert (turn.value.code, turn.value.rule_id) == ("not-your-turn", turn_rule)
    play_bots(timeline, {0: random_bot, 1: random_bot}, rng)
    assert game.outcome(timeline.state) is not None
    with pytest.raises(IllegalMove) as over:
        timeline.play(0, move, move_id="late")
    assert (over.value.code, over.value.rule_id) == ("game-over", end_rule)
