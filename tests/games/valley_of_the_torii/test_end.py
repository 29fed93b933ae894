"""End of the game (TOR-100..106, TOR-041, TOR-EX14, TOR-EX15)."""

from __future__ import annotations

from core.games.valley_of_the_torii import GAME
from core.games.valley_of_the_torii.moves import Place, SkipCherry, Take

from .helpers import fill, holding, kinds, play, rejects, scenario

UNDER_R5C0 = ["r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r3c0", "r3c1", "r4c0", "r4c1"]


def _table(turns: int):  # type: ignore[no-untyped-def]
    """4 artists A (start token), B, C, D; each ready to reach r5c0; `turns` played."""
    state = scenario(4, start_player=0)
    for seat in range(4):
        fill(state, seat, UNDER_R5C0)
    state.turns = [turns] * 4
    state.round = turns + 1
    return state


def test_last_artist_of_the_round_ends_the_game_at_once() -> None:
    """TOR-EX14 TOR-100 TOR-102 TOR-101: D (right of the start player) places normally in
    the top row on D's 14th turn: the game ends, everyone has played 14 turns."""
    state = _table(13)
    for seat in range(3):
        state.turns[seat] = 14
    state = holding(state, 3, "T060")
    events = GAME.decide(state, 3, Place("r5c0"))
    assert kinds(events) == ["Placed", "EndTriggered", "TurnEnded", "GameEnded"]
    state = play(state, 3, Place("r5c0"))
    assert state.phase == "over" and state.turns == [14] * 4
    assert rejects(state, 0, Take("large", 0)).rule_id == "TOR-101"
    assert GAME.to_move(state) == [] and GAME.outcome(state) is not None


def test_the_round_is_completed_after_the_trigger() -> None:
    """TOR-EX15 TOR-101 TOR-103 TOR-105: B triggers on B's 14th turn: C and D play their
    14th turns (C's top-row placement changes nothing), then the end; A plays no 15th."""
    state = _table(13)
    state.turns[0] = 14
    state = play(holding(state, 1, "T060"), 1, Place("r5c0"))
    assert state.end_triggered and state.current == 2
    state = play(play(state, 2, Take("large", 0)), 2, Place("r5c0"))
    assert state.phase == "choose" and state.current == 3
    state = play(play(state, 3, Take("large", 11)), 3, Place("r1c5"))
    assert state.phase == "over" and state.turns == [14] * 4


def test_end_never_depends_on_the_bag() -> None:
    """TOR-041: the game ends with tiles still in the bag."""
    state = _table(13)
    state = play(holding(state, 3, "T060"), 3, Place("r5c0"))
    assert state.phase == "over" and len(state.bag) > 0


def test_cherry_seal_resolves_after_the_last_turn_then_scoring() -> None:
    """TOR-106 TOR-081: the cherry holder acts once the round is complete, before the
    outcome exists."""
    state = _table(13)
    state.seal_holder[1] = 2  # C holds the cherry seal
    state.lines[2][0] = True
    state = play(holding(state, 3, "T060"), 3, Place("r5c0"))
    assert state.phase == "cherry" and GAME.to_move(state) == [2]
    assert GAME.outcome(state) is None
    assert GAME.outcome(play(state, 2, SkipCherry())) is not None
