"""Take-back policies (casual, friendly, strict): history is never deleted."""

from __future__ import annotations

from typing import Any

import pytest

from core.kernel import IllegalMove, Timeline, digest, new_record, verify

from .fixture_game import GAME, Draw, Pass


def table(policy: str, seed: int = 4) -> Timeline[Any, Any, Any]:
    return Timeline(
        GAME,
        new_record(GAME, record_id="t", seats=2, seed=seed, takeback=policy),  # type: ignore[arg-type]
    )


def play_first(timeline: Timeline[Any, Any, Any], seat: int, move_id: str) -> None:
    timeline.play(seat, GAME.legal_moves(timeline.state, seat)[0], move_id=move_id)


def test_casual_undoes_anyones_moves_back_to_the_start() -> None:
    timeline = table("casual")
    play_first(timeline, 0, "a")
    timeline.play(0, Pass(), move_id="b")
    play_first(timeline, 1, "c")
    start = digest(timeline.state_at(0))
    timeline.take_back(1, 0, move_id="undo")
    assert digest(timeline.state) == start
    assert timeline.seq == 4  # the undone moves are still in the record
    assert verify(GAME, timeline.record) is None


def test_another_persons_move_is_never_taken_back_for_them() -> None:
    """At a hosted table (the other seats are `people` at other devices) no policy
    lets a seat take back another person's move, its own moves included when theirs
    came after; at a local table (no `people`) casual undoes anyone's."""
    for policy in ("casual", "friendly"):
        timeline = table(policy)
        play_first(timeline, 0, "a")
        refusal = timeline.takeback_refusal(1, 0, people=[0])
        assert refusal is not None and refusal.code == "takeback-others-move"
        assert refusal.rule_id == f"table:takeback={policy}"
        assert timeline.takeback_refusal(0, 0, people=[1]) is None  # its own move
        with pytest.raises(IllegalMove) as info:
            timeline.take_back(1, 0, move_id="undo", people=[0])
        assert info.value.code == "takeback-others-move"
        assert timeline.seq == 1  # nothing was written
    timeline = table("casual")
    play_first(timeline, 0, "a")
    timeline.play(0, Pass(), move_id="b")
    play_first(timeline, 1, "c")
    refusal = timeline.takeback_refusal(0, 0, people=[1])  # would undo seat 1's move too
    assert refusal is not None and refusal.code == "takeback-others-move"
    assert timeline.takeback_refusal(1, 2, people=[0]) is None  # seat 1's own last move
    assert timeline.takeback_refusal(0, 0) is None  # one device: casual undoes anyone's


def test_no_policy_undoes_past_a_revealed_card() -> None:
    for policy in ("casual", "friendly"):
        timeline = table(policy)
        play_first(timeline, 0, "a")
        timeline.play(0, Draw(), move_id="b")  # reveals a card to seat 0
        with pytest.raises(IllegalMove) as info:
            timeline.take_back(0, 1, move_id="undo")
        assert info.value.code == "takeback-revealed"
        assert info.value.rule_id == f"table:takeback={policy}"


def test_friendly_only_your_own_moves_in_the_current_turn() -> None:
    timeline = table("friendly")
    play_first(timeline, 0, "a")
    assert timeline.takeback_refusal(0, 0) is None
    assert timeline.takeback_refusal(1, 0).code == "takeback-not-yours"  # type: ignore[union-attr]
    timeline.play(0, Pass(), move_id="b")  # the turn passes to seat 1
    play_first(timeline, 1, "c")
    refusal = timeline.takeback_refusal(0, 0)
    assert refusal is not None and refusal.code == "takeback-not-yours"
    # seat 1 may undo its own move of this turn, not seat 0's of the last one.
    assert timeline.takeback_refusal(1, 2) is None
    timeline.take_back(1, 2, move_id="undo")
    assert timeline.line == [0, 1, 2]


def test_friendly_stops_at_the_turn_boundary_even_for_your_own_moves() -> None:
    timeline = Timeline(
        GAME, new_record(GAME, record_id="solo", seats=1, seed=4, takeback="friendly")
    )
    play_first(timeline, 0, "a")
    timeline.play(0, Pass(), move_id="b")  # solo: the next turn is seat 0's again
    play_first(timeline, 0, "c")
    refusal = timeline.takeback_refusal(0, 0)
    assert refusal is not None and refusal.code == "takeback-past-turn"
    assert timeline.takeback_refusal(0, 2) is None


def test_strict_forbids_every_take_back() -> None:
    timeline = table("strict")
    play_first(timeline, 0, "a")
    before = (timeline.seq, digest(timeline.state))
    with pytest.raises(IllegalMove) as info:
        timeline.take_back(0, 0, move_id="undo")
    assert info.value.code == "takeback-strict"
    assert (timeline.seq, digest(timeline.state)) == before


def test_nothing_to_undo_and_targets_outside_the_line() -> None:
    timeline = table("casual")
    assert timeline.takeback_refusal(0, 0).code == "takeback-nothing"  # type: ignore[union-attr]
    play_first(timeline, 0, "a")
    timeline.play(0, Pass(), move_id="b")
    timeline.take_back(0, 0, move_id="u")
    refusal = timeline.takeback_refusal(1, 2)  # seq 2 was undone
    assert refusal is not None and refusal.code == "takeback-target"
    assert refusal.rule_id == "table:takeback=casual"  # named like every take-back refusal
    assert timeline.undo_target() is None


def test_undo_then_replay_draws_the_same_card() -> None:
    """The PRNG state is part of the state: undoing cannot re-roll what a draw shows."""
    timeline = table("casual", seed=12)
    play_first(timeline, 0, "a")
    timeline.play(0, Pass(), move_id="b")
    play_first(timeline, 1, "c")
    timeline.play(1, Pass(), move_id="d")  # turn 2: the fixture reshuffles every 5 turns
    first = timeline.state.deck[:]
    timeline.take_back(0, 0, move_id="undo")
    play_first(timeline, 0, "a2")
    timeline.play(0, Pass(), move_id="b2")
    play_first(timeline, 1, "c2")
    timeline.play(1, Pass(), move_id="d2")
    assert timeline.state.deck == first


def test_take_back_is_idempotent_by_move_id() -> None:
    timeline = table("casual")
    play_first(timeline, 0, "a")
    undo = timeline.take_back(0, 0, move_id="u")
    assert timeline.take_back(0, 0, move_id="u") is undo
    with pytest.raises(IllegalMove, match="another entry"):
        timeline.take_back(0, 0, move_id="a")


def test_take_back_without_a_target_undoes_the_last_move() -> None:
    timeline = table("casual")
    assert timeline.takeback_refusal(0).code == "takeback-nothing"  # type: ignore[union-attr]
    assert table("strict").takeback_refusal(0).code == "takeback-strict"  # type: ignore[union-attr]
    play_first(timeline, 0, "a")
    undo = timeline.take_back(0, move_id="u")
    assert undo.to_seq == 0 and timeline.line == [0]
    assert timeline.take_back(0, move_id="u") is undo  # idempotent without a target too
    with pytest.raises(IllegalMove) as info:
        timeline.take_back(0, move_id="v")
    assert info.value.code == "takeback-nothing"


def test_undo_at_a_table_with_bots_goes_back_past_their_replies() -> None:
    """Stopping where a bot is to move would only let it move again."""
    timeline = Timeline(
        GAME,
        new_record(GAME, record_id="b", seats=2, seed=4, options={"deck_size": 4, "hand_size": 2}),
    )  # no draws: the deal empties the deck, so nothing is revealed
    play_first(timeline, 0, "a")  # seq 1
    timeline.play(0, Pass(), move_id="b")  # seq 2: seat 1 (the bot) to move
    play_first(timeline, 1, "c")  # seq 3
    timeline.play(1, Pass(), move_id="d")  # seq 4: seat 0 to move
    assert timeline.undo_target() == 3  # the bot would be to move there
    assert timeline.undo_target(bots=[1]) == 1
    assert timeline.takeback_refusal(0, bots=[1]) is None
    undo = timeline.take_back(0, move_id="u", bots=[1])
    assert undo.to_seq == 1 and timeline.to_move() == [0]
    assert timeline.take_back(0, move_id="v", bots=[1]).to_seq == 0
    refusal = timeline.takeback_refusal(0, bots=[1])
    assert refusal is not None and refusal.code == "takeback-nothing"


def test_nothing_to_undo_when_only_bots_have_moved() -> None:
    timeline = Timeline(
        GAME,
        new_record(GAME, record_id="b", seats=2, seed=4, options={"deck_size": 4, "hand_size": 2}),
    )
    play_first(timeline, 0, "a")
    timeline.play(0, Pass(), move_id="b")  # the bot (seat 0) has moved; seat 1 is to move
    assert timeline.undo_target(bots=[0]) is None
    refusal = timeline.takeback_refusal(1, bots=[0])
    assert refusal is not None and refusal.code == "takeback-nothing"
