"""The rainbow promo tile (TOR-159..179, TOR-EX24, TOR-EX35, TOR-EX37)."""

from __future__ import annotations

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.board import seal_offer
from core.games.valley_of_the_torii.moves import (
    DrawVillage,
    Pick,
    Place,
    RainbowPick,
    RainbowPut,
    RainbowSkip,
    Take,
)
from core.games.valley_of_the_torii.rules import _setup_draw
from core.games.valley_of_the_torii.scoring import sheet
from core.kernel import Rng

from .helpers import (
    LARGE,
    at_phase,
    check_invariants,
    empty_wheel,
    fill,
    give_seal,
    holding,
    kinds,
    new_state,
    play,
    put,
    rejects,
    scenario,
    set_centre,
    set_recess,
)


def _rainbow_at_l0(seats: int = 3):  # type: ignore[no-untyped-def]
    state = scenario(seats, rainbow=True)
    set_recess(state, LARGE, 0, data.RAINBOW)
    return state


def test_rainbow_setup() -> None:
    """TOR-159 TOR-160 TOR-161 TOR-GAP14: with the promo the rainbow tile is in the bag;
    it never ends up on a wheel or in the centre at setup."""
    for seed in range(60):
        state = new_state(3, seed, rainbow=True)
        assert data.RAINBOW in state.bag and len(state.bag) == 88
        assert data.RAINBOW not in state.wheels[0] + state.wheels[1] + [state.centre]


def test_rainbow_drawn_at_setup_is_replaced_and_returned() -> None:
    """TOR-EX35 TOR-161: the rainbow is the 3rd draw: L2 gets the next tile instead, the
    rainbow goes back into the bag; 21 landscape tiles out, 88 in the bag."""
    bag = [t.id for t in data.LANDSCAPE_TILES] + [data.RAINBOW]
    bag.remove("T050")
    bag[-3:] = [data.RAINBOW, "T049", "T048"]  # draws: T048, T049, rainbow, ...
    bag.insert(-3, "T050")  # the tile after the rainbow
    rng = Rng.seeded(1)
    drawn = [_setup_draw(bag, rng) for _ in range(21)]
    assert drawn[:3] == ["T048", "T049", "T050"]
    assert data.RAINBOW in bag and data.RAINBOW not in drawn and len(bag) == 88


def test_taking_and_placing_starts_the_swaps_in_turn_order() -> None:
    """TOR-EX24 TOR-162 TOR-163 TOR-166 TOR-167 TOR-170 TOR-171 TOR-172 TOR-165: A takes
    the rainbow from L0 into r1c1; A swaps r1c0 (T095) with L7 (T074); B, then C may
    swap; then B plays; A scores 2 VP for the rainbow."""
    state = _rainbow_at_l0()
    put(state, 0, "r1c0", "T095")
    set_recess(state, LARGE, 7, "T074")
    fill(state, 1, ["r1c0"])
    state = play(state, 0, Take("large", 0))
    events = GAME.decide(state, 0, Place("r1c1"))
    assert kinds(events) == ["Placed", "RainbowStarted"]
    state = play(state, 0, Place("r1c1"))
    assert state.phase == "rainbow" and GAME.to_move(state) == [0]
    state = play(state, 0, RainbowPick("large", 7))
    state = play(state, 0, RainbowPut("r1c0"))
    assert state.boards[0][0] == "T074" and state.wheels[LARGE][7] == "T095"
    assert state.wheels[LARGE][0] == "" and GAME.to_move(state) == [1]
    state = play(state, 1, RainbowSkip())
    assert GAME.to_move(state) == [2]
    assert GAME.legal_moves(state, 2) == [RainbowSkip()]  # C's board is empty
    state = play(state, 2, RainbowSkip())
    assert state.phase == "choose" and state.current == 1
    assert sheet(state, 0).rainbow == 2
    check_invariants(state)


def test_swaps_are_optional_and_any_wheel_tile() -> None:
    """TOR-168 TOR-169: any tile around either wheel (not the centre), or none."""
    state = _rainbow_at_l0()
    fill(state, 0, ["r1c0"])
    state = play(play(state, 0, Take("large", 0)), 0, Place("r1c1"))
    picks = {(m.wheel, m.recess) for m in GAME.legal_moves(state, 0) if isinstance(m, RainbowPick)}
    assert len(picks) == 11 + 8 and RainbowSkip() in GAME.legal_moves(state, 0)
    assert rejects(state, 0, RainbowPick("large", 0)).code == "empty-recess"
    assert rejects(state, 0, RainbowPick("large", 12)).rule_id == "TOR-024"


def test_rainbow_is_no_landscape() -> None:
    """TOR-164: no group, no objective, no scroll, a ≠ line with it never all different."""
    state = scenario(2, rainbow=True, objectives="A")
    set_centre(state, "T080")
    fill(state, 0, ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r2c4"])
    put(state, 0, "r2c1", "T030")
    put(state, 0, "r2c2", "T015")
    put(state, 0, "r2c3", data.RAINBOW)
    board = state.boards[0]
    assert seal_offer(board, [], data.SLOT_INDEX["r2c3"], claimed=[False, False],
                      holders=[-1] * 5) == (0, [])  # fmt: skip
    column = sheet(state, 0)
    assert column.rainbow == 2
    state.boards[0][data.SLOT_INDEX["r2c3"]] = ""
    assert sheet(state, 0).total == column.total - 2
    state.boards[0][data.SLOT_INDEX["r2c3"]] = data.RAINBOW


def test_swapped_in_tile_has_placement_effects_but_no_end() -> None:
    """TOR-173: a tile swapped onto a board earns a scroll and the paintbrush like a
    placement, never triggers the end, and the swapped-out tile costs nothing."""
    state = _rainbow_at_l0()
    set_centre(state, "T080")
    fill(state, 0, ["r1c3", "r1c4", "r1c5", "r2c3", "r2c4"])
    put(state, 0, "r3c4", "T095")
    set_recess(state, LARGE, 4, "T074")
    set_recess(state, LARGE, 5, "T008")
    state = play(play(state, 0, Take("large", 0)), 0, Place("r1c0"))
    state = play(play(state, 0, RainbowPick("large", 4)), 0, RainbowPut("r3c4"))
    assert state.scrolls[0] == "SCROLL_5"
    assert not state.end_triggered


def test_rainbow_itself_may_go_back_to_the_wheel() -> None:
    """TOR-174: the placer may swap the rainbow tile itself away; its 2 VP leave."""
    state = _rainbow_at_l0(2)
    state = play(play(state, 0, Take("large", 0)), 0, Place("r1c0"))
    state = play(play(state, 0, RainbowPick("large", 3)), 0, RainbowPut("r1c0"))
    assert state.wheels[LARGE][3] == data.RAINBOW and sheet(state, 0).rainbow == 0


def test_rainbow_effect_however_it_was_obtained() -> None:
    """TOR-178: drawn with the village seal and placed: the effect resolves."""
    state = scenario(2, rainbow=True)
    give_seal(state, 0, "village")
    state.bag.remove(data.RAINBOW)
    state.bag.append(data.RAINBOW)  # the next draw
    state = play(state, 0, DrawVillage())
    state = play(state, 0, Pick(data.RAINBOW))
    state = play(state, 0, Place("r1c0"))
    assert state.phase == "rainbow"


def test_rainbow_on_the_last_turn_then_the_game_ends() -> None:
    """TOR-EX37 TOR-179: A (start), B, C; B triggered earlier this round; C places the
    rainbow on C's last turn: C, A, B may swap in that order, then the game ends."""
    state = _rainbow_at_l0()
    for seat in range(3):
        fill(state, seat, ["r1c2"])
    state.end_triggered = True
    state = at_phase(state, 2)
    state = play(play(state, 2, Take("large", 0)), 2, Place("r1c0"))
    order = []
    while state.phase in ("rainbow", "rainbow_put"):
        seat = GAME.to_move(state)[0]
        order.append(seat)
        state = play(state, seat, RainbowSkip())
    assert order == [2, 0, 1] and state.phase == "over"
    assert sheet(state, 2).rainbow == 2


def test_rainbow_tile_can_be_placed_like_any_tile() -> None:
    """TOR-163 TOR-105: the rainbow placed normally in the top row triggers the end."""
    state = scenario(3, rainbow=True)
    fill(state, 0, ["r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r3c0", "r3c1", "r4c0", "r4c1"])
    state = holding(state, 0, data.RAINBOW)
    state = play(state, 0, Place("r5c0"))
    while state.phase == "rainbow":
        state = play(state, GAME.to_move(state)[0], RainbowSkip())
    assert state.end_triggered


def test_rainbow_drawn_by_a_refill_goes_on_the_wheel() -> None:
    """TOR-162: a refill that draws the rainbow tile puts it in its recess like any tile."""
    state = scenario(3, rainbow=True)
    empty_wheel(state, 1, keep=(2,))
    state.bag.remove(data.RAINBOW)
    state.bag.append(data.RAINBOW)  # the next draw: S0
    state = play(state, 0, Take("small", 2))
    assert state.wheels[1][0] == data.RAINBOW
    check_invariants(state)
