"""Solo mode against the opponent board (TOR-138..158, TOR-180, TOR-182, TOR-EX23,
TOR-EX34). The opponent is the rules' own (solo.py), not a bot."""

from __future__ import annotations

import pytest

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.board import available
from core.games.valley_of_the_torii.events import OpponentPlaced, ScrollTaken
from core.games.valley_of_the_torii.moves import Place, Take
from core.games.valley_of_the_torii.scoring import sheet, solo_won

from .helpers import (
    LARGE,
    check_invariants,
    empty_wheel,
    fill,
    holding,
    kinds,
    new_state,
    park,
    play,
    put,
    rejects,
    scenario,
    set_centre,
    set_recess,
)


def test_solo_setup() -> None:
    """TOR-138 TOR-139 TOR-140 TOR-141 TOR-142 TOR-143: two boards (you, opponent); the
    large wheel filled plus its centre; no small wheel; one letter for all five cards;
    scrolls 5/3; no seal or paintbrush in play."""
    state = new_state(1, objectives="C")
    assert len(state.boards) == 2 and state.seats == 1 and state.solo
    assert all(state.wheels[LARGE]) and state.wheels[1] == [] and state.centre
    assert len(state.bag) == 108 - 13
    assert state.objectives == [f"OBJ_{x.upper()}_C" for x in data.LANDSCAPE_IDS]
    assert state.stack == ["SCROLL_5", "SCROLL_3"]
    letters = {new_state(1, seed, objectives="random").objectives[0][-1] for seed in range(12)}
    assert letters == {"A", "B", "C"}
    for seed in range(5):
        s = new_state(1, seed, objectives="random")
        assert len({o[-1] for o in s.objectives}) == 1
    assert rejects(state, 0, Take("small", 0)).rule_id == "TOR-140"


def test_linked_recess_feeds_the_opponent_same_slot() -> None:
    """TOR-EX23 TOR-144 TOR-145 TOR-146: take L0 (linked to L6), place in r1c2: L6's tile
    goes to the opponent's r1c2; then L11, L1, L5, L7 are available."""
    state = new_state(1, difficulty="medium")
    linked = state.wheels[LARGE][6]
    assert Take("large", 0) in GAME.legal_moves(state, 0)
    state = play(play(state, 0, Take("large", 0)), 0, Place("r1c2"))
    assert state.boards[1][data.SLOT_INDEX["r1c2"]] == linked
    assert available(state.wheels[LARGE]) == [1, 5, 7, 11]
    assert [bool(t) for t in state.boards[0]] == [bool(t) for t in state.boards[1]]


def test_solo_score_comparison_with_the_bonus() -> None:
    """TOR-EX23 TOR-152 TOR-153 TOR-155 TOR-157: you 95, opponent board 45 + 50 = 95:
    no win (a tie is not a win); 96 wins."""
    assert data.DIFFICULTIES["medium"][1] == 50
    assert not solo_won(95, 45 + 50) and solo_won(96, 45 + 50)


@pytest.mark.parametrize(("level", "bonus"), [("easy", 30), ("medium", 50), ("hard", 70)])
def test_difficulty_bonus_is_added_to_the_opponent(level: str, bonus: int) -> None:
    """TOR-153 TOR-154 TOR-155 TOR-156: the opponent's sheet adds the level's bonus."""
    state = new_state(1, difficulty=level)
    assert state.bonus == bonus
    assert sheet(state, 1).bonus == bonus and sheet(state, 0).bonus == 0


def test_grey_fan_draws_from_the_bag() -> None:
    """TOR-147: L1 shows a grey fan: the opponent's tile is a bag draw."""
    state = new_state(1)
    state = play(state, 0, Take("large", 0))  # opens L1
    drawn = state.bag[-1]
    events = GAME.decide(state, 0, Place("r1c0"))
    assert events[1] == OpponentPlaced("r1c0", state.wheels[LARGE][6], 6)
    state = play(state, 0, Place("r1c0"))
    state = play(state, 0, Take("large", 1))
    drawn = state.bag[-1]
    events = GAME.decide(state, 0, Place("r1c1"))
    assert events[1] == OpponentPlaced("r1c1", drawn, -1)


def test_empty_linked_recess_counts_as_a_fan() -> None:
    """TOR-148: the linked recess is already empty: a bag draw instead."""
    state = scenario(1)
    set_recess(state, LARGE, 6, "")
    state = play(state, 0, Take("large", 0))
    drawn = state.bag[-1]
    events = GAME.decide(state, 0, Place("r1c0"))
    assert events[1] == OpponentPlaced("r1c0", drawn, -1)


def test_refill_comes_after_the_opponent_tile() -> None:
    """TOR-EX34 TOR-180 TOR-149: L5 and L11 left (linked): you take L5 into r2c3, the
    opponent gets L11's tile, then the empty wheel is refilled (12 drawn); with L5 alone,
    the opponent's tile is drawn first, then the refill. (The example's bag of 60 leaves
    one tile too many for two boards, so this fixture starts from 61 and 62: the same
    draws, 12 and 1 + 12.)"""
    state = scenario(1)
    empty_wheel(state, LARGE, keep=(5, 11))
    fill(state, 0, ["r1c3", "r1c4"])
    fill(state, 1, ["r1c3", "r1c4"])
    park(state, 61, skip=("r2c3",))
    partner = state.wheels[LARGE][11]
    state = play(state, 0, Take("large", 5))
    events = GAME.decide(state, 0, Place("r2c3"))
    assert kinds(events)[:3] == ["Placed", "OpponentPlaced", "Refilled"]
    after = play(state, 0, Place("r2c3"))
    assert after.boards[1][data.SLOT_INDEX["r2c3"]] == partner
    assert len(after.bag) == 61 - 12 and all(after.wheels[LARGE])
    check_invariants(after)
    alone = scenario(1)
    empty_wheel(alone, LARGE, keep=(5,))
    fill(alone, 0, ["r1c3", "r1c4"])
    fill(alone, 1, ["r1c3", "r1c4"])
    park(alone, 62, skip=("r2c3",))
    alone = play(alone, 0, Take("large", 5))
    first = alone.bag[-1]
    events = GAME.decide(alone, 0, Place("r2c3"))
    assert events[1] == OpponentPlaced("r2c3", first, -1)
    assert len(play(alone, 0, Place("r2c3")).bag) == 62 - 1 - 12


def test_top_row_ends_the_solo_game_after_the_opponent_tile() -> None:
    """TOR-150 TOR-151 TOR-182: your top-row placement ends the game at once, the
    opponent's last tile placed first (no refill, no round)."""
    state = scenario(1)
    under = ["r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r3c0", "r3c1", "r4c0", "r4c1"]
    fill(state, 0, under)
    fill(state, 1, under)
    state = play(state, 0, Take("large", 0))
    events = GAME.decide(state, 0, Place("r5c0"))
    assert kinds(events) == ["Placed", "OpponentPlaced", "GameEnded"]
    state = play(state, 0, Place("r5c0"))
    assert state.phase == "over" and state.boards[1][data.SLOT_INDEX["r5c0"]]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.won == (
        outcome.sheets[0].total > outcome.sheets[1].total
    )


def test_solo_on_alt1_ends_on_its_single_end_slot() -> None:
    """TOR-182: alternative boards in solo: both boards share the layout; ALT1's r5c1."""
    state = scenario(1, board_layout="ALT1")
    under = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3", "r4c1", "r4c2"]
    fill(state, 0, under)
    fill(state, 1, under)
    state = play(state, 0, Take("large", 0))
    assert rejects(state, 0, Place("r5c0")).rule_id == "TOR-124"
    state = play(state, 0, Place("r5c1"))
    assert state.phase == "over"


def test_no_seal_or_paintbrush_in_solo() -> None:
    """TOR-143: completing a ≠ line or placing a paintbrush tile gives nothing."""
    state = scenario(1)
    fill(state, 0, ["r1c1", "r1c2", "r1c3", "r1c4"])
    fill(state, 1, ["r1c1", "r1c2", "r1c3", "r1c4"])
    put(state, 0, "r2c1", "T030")
    put(state, 0, "r2c2", "T015")
    state = holding(state, 0, "T095")
    state.taken_recess = 1
    assert {m.seal for m in GAME.legal_moves(state, 0)} == {""}  # type: ignore[union-attr]
    assert rejects(state, 0, Place("r2c3", seal="village")).rule_id == "TOR-143"
    state = play(state, 0, Place("r2c3"))
    assert state.seal_holder == [-1] * 5
    state = play(holding(state, 0, "T008"), 0, Place("r1c0"))
    assert state.brush_owner == -1


def test_opponent_takes_a_scroll_after_your_placement() -> None:
    """TOR-152: the opponent's matching tile in its scroll slot takes the highest
    remaining scroll, after yours in the same turn."""
    state = scenario(1)
    set_centre(state, "T080")
    below = ["r1c3", "r1c4", "r1c5", "r2c3", "r2c4"]
    fill(state, 0, below)
    fill(state, 1, below)
    set_recess(state, LARGE, 0, "T074")
    set_recess(state, LARGE, 6, "T075")
    state = play(state, 0, Take("large", 0))
    events = GAME.decide(state, 0, Place("r3c4"))
    assert [e for e in events if isinstance(e, ScrollTaken)] == [
        ScrollTaken(0, "SCROLL_5"),
        ScrollTaken(1, "SCROLL_3"),
    ]


def test_rainbow_in_solo_is_an_option() -> None:
    """TOR-158 (README: the brief asks for the promo in solo too, the spec's named
    alternative reading): off by default; with the option the rainbow tile is in the
    bag and only you resolve its swap; on the opponent's board it just scores 2 VP."""
    assert data.RAINBOW not in new_state(1).bag
    state = scenario(1, rainbow=True)
    set_recess(state, LARGE, 0, data.RAINBOW)
    state = play(play(state, 0, Take("large", 0)), 0, Place("r1c0"))
    assert state.phase == "rainbow" and state.rainbow_queue == [0]
    other = scenario(1, rainbow=True)
    set_recess(other, LARGE, 6, data.RAINBOW)
    other = play(play(other, 0, Take("large", 0)), 0, Place("r1c0"))
    assert other.phase == "choose" and other.boards[1][0] == data.RAINBOW
    assert sheet(other, 1).rainbow == 2
