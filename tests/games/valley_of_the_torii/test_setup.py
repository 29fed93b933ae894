"""Setup (TOR-003..019, TOR-EX01), options and their checks, GameInfo."""

from __future__ import annotations

import pytest

from core.games import get
from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.rules import OPTIONS
from core.kernel import Rng, SetupError

from .helpers import check_invariants, new_state


def test_game_info_offers_solo_and_every_mode_as_an_option() -> None:
    """TOR-003: 1 (solo) to 4 artists; options grouped for a new-game form."""
    info = get("valley-of-the-torii").info
    assert (info.min_players, info.max_players, info.solo) == (1, 4, True)
    assert info.title_ja == "鳥居の谷"
    groups = {o.name: o.group for o in OPTIONS}
    assert groups["board_layout"] == "variant" and groups["custom_paper"] == "variant"
    assert groups["rainbow"] == "promo" and groups["difficulty"] == "mode"
    assert all(o.label_en and o.label_ja and o.rule_id.startswith("TOR-") for o in OPTIONS)


@pytest.mark.parametrize("seats", [0, 5, 6])
def test_other_player_counts_are_rejected(seats: int) -> None:
    """TOR-003: setup with any other number of artists is rejected."""
    with pytest.raises(SetupError, match="1-4 players"):
        GAME.setup(seats, 1, {})


def test_setup_example_for_three_artists() -> None:
    """TOR-EX01 TOR-004 TOR-005 TOR-010 TOR-011 TOR-013 TOR-015 TOR-016 TOR-017:
    wheels filled (12 + 8) plus the centre tile, bag 108 - 21 = 87, paintbrush unowned
    in the centre, 5 seals in the supply, one board each, 5 objectives (one per
    landscape) in play and 11 in the box."""
    state = new_state(3, seed=4)
    assert state.brush_owner == -1 and not state.brush_on_board
    assert state.seal_holder == [-1] * 5
    assert len(state.boards) == 3 and all(not any(b) for b in state.boards)
    assert [data.OBJECTIVE_BY_ID[o].landscape for o in state.objectives] == list(data.LANDSCAPE_IDS)
    assert len(state.boxed_objectives) == 11
    assert all(state.wheels[0]) and len(state.wheels[0]) == 12
    assert all(state.wheels[1]) and len(state.wheels[1]) == 8
    assert state.centre and len(state.bag) == 87
    check_invariants(state)


def test_scroll_stacks_by_player_count() -> None:
    """TOR-006 TOR-007 TOR-008 TOR-009: 5/4/4/3, 5/4/3 (a 4 in the box), 5/3 (both 4s
    in the box), highest value on top."""
    four, three, two = new_state(4), new_state(3), new_state(2)
    assert [data.SCROLLS[s] for s in four.stack] == [5, 4, 4, 3] and four.boxed_scrolls == []
    assert [data.SCROLLS[s] for s in three.stack] == [5, 4, 3]
    assert [data.SCROLLS[s] for s in three.boxed_scrolls] == [4]
    assert [data.SCROLLS[s] for s in two.stack] == [5, 3]
    assert [data.SCROLLS[s] for s in two.boxed_scrolls] == [4, 4]


def test_objectives_random_per_landscape_or_all_of_one_letter() -> None:
    """TOR-011 TOR-012 TOR-013: one random card per landscape; `A` (first game) gives
    the five A cards; the unused cards (the spare included) go to the box."""
    letters = set()
    for seed in range(30):
        state = new_state(2, seed)
        letters |= {data.OBJECTIVE_BY_ID[o].letter for o in state.objectives}
        assert "OBJ_SPARE" in state.boxed_objectives
    assert letters == {"A", "B", "C"}
    first = new_state(2, 1, objectives="A")
    assert first.objectives == [f"OBJ_{x.upper()}_A" for x in data.LANDSCAPE_IDS]


def test_bag_and_wheel_fill_order() -> None:
    """TOR-014 TOR-015 TOR-016: the bag holds the 108 landscape tiles (no paper tile),
    shuffled; tiles are drawn one at a time into L0..L11, then S0..S7, then the centre."""
    state = new_state(2, 9, objectives="A", start_player=0)
    bag = [t.id for t in data.LANDSCAPE_TILES]
    Rng.seeded(9).shuffle(bag)  # the seeded shuffle of setup (nothing else drew before)
    assert state.wheels[0] == [bag.pop() for _ in range(12)]
    assert state.wheels[1] == [bag.pop() for _ in range(8)]
    assert state.centre == bag.pop() and state.bag == bag


def test_start_player_option_and_random_default() -> None:
    """TOR-018 TOR-019 TOR-GAP16: the start player is a setup input (default: at
    random), keeps the start token and opens every round."""
    assert new_state(4, 1, start_player=2).start == 2
    assert new_state(4, 1, start_player=2).current == 2
    starts = {GAME.initial(GAME.setup(4, seed, {})).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    with pytest.raises(SetupError, match="start_player"):
        GAME.setup(2, 1, {"start_player": 3})


def test_option_checks_between_options() -> None:
    """TOR-128 TOR-153: checks between options give a clear SetupError."""
    with pytest.raises(SetupError, match="only used with board_layout=CUSTOM"):
        GAME.setup(2, 1, {"custom_paper": 5})
    with pytest.raises(SetupError, match="solo mode only"):
        GAME.setup(3, 1, {"difficulty": "hard"})
    with pytest.raises(SetupError, match="not easy"):
        GAME.setup(1, 1, {"difficulty": "impossible"})
