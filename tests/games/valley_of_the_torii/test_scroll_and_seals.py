"""Scroll slot and tokens (TOR-054..059), ≠ lines and seals (TOR-060..069, TOR-175),
the seal effects (TOR-070..089), TOR-EX10..13, EX18..21, EX28..31, EX40."""

from __future__ import annotations

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.board import available, seal_offer
from core.games.valley_of_the_torii.events import (
    CherryDrawn,
    ScrollTaken,
    SealGained,
    VillageDrawn,
    WheelsEmptied,
)
from core.games.valley_of_the_torii.moves import (
    CherryReplace,
    DrawVillage,
    Pick,
    Place,
    Reserve,
    SkipCherry,
    SkipReserve,
    SwapWheel,
    Take,
    TakeReserved,
    UseCherry,
)
from core.games.valley_of_the_torii.scoring import sheet
from core.kernel import Rng

from .helpers import (
    LARGE,
    SEAL,
    SMALL,
    at_phase,
    check_invariants,
    empty_wheel,
    fill,
    give_seal,
    holding,
    kinds,
    lift,
    play,
    put,
    rejects,
    scenario,
    set_centre,
    set_recess,
    shrink_bag,
)

BELOW_SCROLL = ["r1c3", "r1c4", "r1c5", "r2c3", "r2c4"]
BELOW_ROW2 = ["r1c1", "r1c2", "r1c3", "r1c4"]


def _scroll_ready(seats: int, centre: str, seat: int, tile: str):  # type: ignore[no-untyped-def]
    state = scenario(seats)
    set_centre(state, centre)
    fill(state, seat, BELOW_SCROLL)
    return holding(state, seat, tile)


# -- scroll ------------------------------------------------------------------------------


def test_alexia_takes_the_highest_scroll() -> None:
    """TOR-EX10 TOR-054 TOR-055 TOR-006: centre water, stack [5, 4, 3]: water T074 in the
    scroll slot r3c4 takes the 5 at once (stack [4, 3]); with the 5 gone, the 4."""
    state = _scroll_ready(3, "T080", 0, "T074")
    events = GAME.decide(state, 0, Place("r3c4"))
    assert events[1] == ScrollTaken(0, "SCROLL_5")
    after = play(state, 0, Place("r3c4"))
    assert after.scrolls[0] == "SCROLL_5" and after.stack == ["SCROLL_4a", "SCROLL_3"]
    state.stack.remove("SCROLL_5")
    state.scrolls[1] = "SCROLL_5"
    after = play(state, 0, Place("r3c4"))
    assert after.scrolls[0] == "SCROLL_4a" and after.stack == ["SCROLL_3"]


def test_other_landscape_in_scroll_slot_gives_nothing() -> None:
    """TOR-EX11 TOR-057: village T095 in the scroll slot: no scroll, stack unchanged;
    a later water tile elsewhere earns nothing either."""
    state = _scroll_ready(3, "T080", 0, "T095")
    after = play(state, 0, Place("r3c4"))
    assert after.scrolls[0] == "" and after.stack == ["SCROLL_5", "SCROLL_4a", "SCROLL_3"]
    after = holding(at_phase(after, 0), 0, "T074")
    after = play(after, 0, Place("r1c0"))
    assert after.scrolls[0] == ""


def test_two_players_take_5_then_3() -> None:
    """TOR-EX30 TOR-009 TOR-058: centre mountain, [5, 3]: B takes the 5, A the 3; the
    stack is then empty (nothing more to take) and both 4s stay in the box."""
    state = _scroll_ready(2, "T060", 1, "T052")
    fill(state, 0, BELOW_SCROLL)
    state = play(state, 1, Place("r3c4"))
    assert state.scrolls[1] == "SCROLL_5" and state.stack == ["SCROLL_3"]
    state = play(holding(at_phase(state, 0), 0, "T053"), 0, Place("r3c4"))
    assert state.scrolls[0] == "SCROLL_3" and state.stack == []
    assert sorted(state.boxed_scrolls) == ["SCROLL_4a", "SCROLL_4b"]


def test_empty_stack_gives_nothing() -> None:
    """TOR-058: with no scroll left, the scroll landscape in the scroll slot gives
    nothing. (Unreachable in play: the stacks hold one token per artist; this fixture
    alone puts the last token back in the box.)"""
    state = _scroll_ready(2, "T080", 0, "T074")
    state.boxed_scrolls += state.stack
    state.stack = []
    events = GAME.decide(state, 0, Place("r3c4"))
    assert "ScrollTaken" not in kinds(events)


def test_at_most_one_scroll_per_artist() -> None:
    """TOR-059: an artist holding a scroll never takes another."""
    state = _scroll_ready(3, "T080", 0, "T074")
    state.stack.remove("SCROLL_5")
    state.scrolls[0] = "SCROLL_5"
    events = GAME.decide(state, 0, Place("r3c4"))
    assert "ScrollTaken" not in kinds(events)


def test_scroll_counts_its_value() -> None:
    """TOR-056 TOR-108: a scroll scores 5, 4 or 3 at the end."""
    state = scenario(3)
    for scroll, value in (("SCROLL_5", 5), ("SCROLL_4a", 4), ("SCROLL_3", 3)):
        state.scrolls[0] = scroll
        assert sheet(state, 0).scroll == value


# -- ≠ lines -------------------------------------------------------------------------------


def _valerie(third: str):  # type: ignore[no-untyped-def]
    state = scenario(3)
    fill(state, 0, BELOW_ROW2)
    put(state, 0, "r2c1", "T030")
    put(state, 0, "r2c2", "T015")
    return holding(state, 0, third)


def test_valerie_chooses_a_matching_seal() -> None:
    """TOR-EX12 TOR-060 TOR-061 TOR-062: cherry and bamboo on row 2, a village tile
    completes the line: she at once takes the cherry, bamboo or village seal (not water
    or mountain); 4 seals remain."""
    state = _valerie("T095")
    offered = {m.seal for m in GAME.legal_moves(state, 0) if m.slot == "r2c3"}
    assert offered == {"cherry", "bamboo", "village"}
    assert rejects(state, 0, Place("r2c3", seal="water")).rule_id == "TOR-061"
    assert rejects(state, 0, Place("r2c3")).code == "choose-seal"
    events = GAME.decide(state, 0, Place("r2c3", seal="village"))
    assert events[1] == SealGained(0, "village", 0)
    after = play(state, 0, Place("r2c3", seal="village"))
    assert sum(h == -1 for h in after.seal_holder) == 4 and after.lines[0] == [True, False]


def test_line_with_a_repeat_gives_nothing() -> None:
    """TOR-EX13 TOR-063: bamboo T016 completes the line with a second bamboo: no seal,
    all 5 stay in the centre."""
    state = _valerie("T016")
    assert rejects(state, 0, Place("r2c3", seal="bamboo")).rule_id == "TOR-060"
    after = play(state, 0, Place("r2c3"))
    assert after.seal_holder == [-1] * 5 and after.lines[0] == [False, False]


def test_no_matching_seal_in_the_centre_gives_nothing() -> None:
    """TOR-EX29 TOR-064: water + mountain + village on row 2 while those three seals are
    held elsewhere: nothing; the water seal returning later reopens nothing; row 4
    can still give a seal."""
    state = scenario(3)
    fill(state, 0, BELOW_ROW2)
    put(state, 0, "r2c1", "T074")
    put(state, 0, "r2c2", "T052")
    for seal in ("water", "mountain"):
        give_seal(state, 1, seal)
    give_seal(state, 2, "village")
    state = play(holding(state, 0, "T095"), 0, Place("r2c3"))
    assert state.seal_holder[SEAL["water"]] == 1 and state.lines[0] == [False, False]
    assert state.seal_holder.count(0) == 0
    state = play(state, 1, SwapWheel("large", 0, 1))  # B uses the water seal
    assert state.seal_holder[SEAL["water"]] == -1
    assert state.seal_holder.count(0) == 0  # A still gains nothing from row 2
    assert not state.lines[0][1]  # row 4 is still open to A


def test_each_line_once_two_seals_at_most_each_used_once() -> None:
    """TOR-065 TOR-066 TOR-067 TOR-068: a line that gave a seal gives no other; a used
    seal goes back to the centre and can be gained again by anyone."""
    state = _valerie("T095")
    state = play(state, 0, Place("r2c3", seal="bamboo"))
    assert state.lines[0] == [True, False]
    row2 = data.SLOT_INDEX["r2c1"]  # re-completed later (a rainbow swap): no second seal
    again = seal_offer(state.boards[0], [], row2, claimed=state.lines[0], holders=[-1] * 5)
    assert again == (0, [])
    state = at_phase(state, 0)
    state.lines[0] = [True, True]
    state.seal_holder[SEAL["water"]] = 0
    state = play(state, 0, SwapWheel("small", 1, 2))
    assert state.seal_holder[SEAL["water"]] == -1  # used once, back in the centre
    assert rejects(state, 0, SwapWheel("small", 1, 2)).code == "no-water-seal"
    other = _valerie("T095")
    other.current = 1
    fill(other, 1, BELOW_ROW2)
    put(other, 1, "r2c1", "T023")
    put(other, 1, "r2c2", "T001")
    other = holding(other, 1, "T088")
    assert {m.seal for m in GAME.legal_moves(other, 1) if m.slot == "r2c3"} == {  # type: ignore[union-attr]
        "cherry",
        "bamboo",
        "village",
    }


def test_seals_are_optional() -> None:
    """TOR-069: holding seals never forces their use: the plain choices stay listed."""
    state = scenario(3)
    for seal in ("water", "village"):
        give_seal(state, 0, seal)
    moves = GAME.legal_moves(state, 0)
    assert Take("large", 0) in moves and DrawVillage() in moves
    assert any(isinstance(m, SwapWheel) for m in moves)


# -- seal effects ----------------------------------------------------------------------


def test_water_seal_swaps_two_tiles_of_one_wheel() -> None:
    """TOR-EX28 TOR-070: village T095 in L0, mountain T045 in L5: the swap puts T045 in
    L0 (now available) and T095 in L5; the seal goes back to the centre."""
    state = scenario(3)
    set_recess(state, LARGE, 0, "T095")
    set_recess(state, LARGE, 5, "T045")
    give_seal(state, 0, "water")
    state = play(state, 0, SwapWheel("large", 0, 5))
    assert state.wheels[LARGE][0] == "T045" and state.wheels[LARGE][5] == "T095"
    assert state.seal_holder[SEAL["water"]] == -1 and state.phase == "choose"
    assert Take("large", 0) in GAME.legal_moves(state, 0)
    assert Take("large", 11) in GAME.legal_moves(state, 0)
    give_seal(state, 0, "water")
    set_recess(state, SMALL, 2, "")
    assert rejects(state, 0, SwapWheel("small", 1, 2)).code == "empty-recess"
    assert rejects(state, 0, SwapWheel("small", 3, 1)).code == "swap-order"


def test_bamboo_top_row_does_not_trigger_the_end() -> None:
    """TOR-EX18 TOR-072 TOR-104: r4c0 filled, r4c1 empty: the bamboo seal places in r5c0,
    the seal returns, the end is not triggered; a later normal top-row placement is."""
    state = scenario(3)
    fill(state, 0, ["r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r3c0", "r3c1", "r4c0"])
    give_seal(state, 0, "bamboo")
    state = play(holding(state, 0, "T060"), 0, Place("r5c0", True))
    assert not state.end_triggered and state.seal_holder[SEAL["bamboo"]] == -1
    state = at_phase(state, 0)
    fill(state, 0, ["r3c2", "r4c1", "r4c2"])
    state = play(holding(state, 0, "T061"), 0, Place("r5c1"))
    assert state.end_triggered


def test_mountain_seal_reserves_after_a_refill() -> None:
    """TOR-EX19 TOR-073 TOR-074 TOR-075 TOR-076: C holds the mountain seal; B takes the
    small wheel's last tile S4: refill into S0..S7 (bag 40 -> 32); before B places, C
    may reserve S0 or S7; after S0, S7 and S1 are available; on C's turn C places the
    reserved tile instead of a wheel tile, and the seal returns."""
    state = scenario(3)
    empty_wheel(state, SMALL, keep=(4,))
    shrink_bag(state, 40, boards=(0, 1, 2), keep_open=1)
    give_seal(state, 2, "mountain")
    state = play(at_phase(state, 1), 1, Take("small", 4))
    assert len(state.bag) == 32 and all(state.wheels[SMALL])
    assert state.phase == "reserve" and GAME.to_move(state) == [2]
    assert GAME.legal_moves(state, 2) == [Reserve(0), Reserve(7), SkipReserve()]
    assert rejects(state, 2, Reserve(3)).rule_id == "TOR-073"
    reserved = state.wheels[SMALL][0]
    state = play(state, 2, Reserve(0))
    assert state.reserved[2] == reserved and available(state.wheels[SMALL]) == [1, 7]
    assert state.phase == "place" and GAME.to_move(state) == [1]
    state = play(state, 1, Place("r1c0"))
    wheels = [list(w) for w in state.wheels]
    assert TakeReserved() in GAME.legal_moves(state, 2)
    state = play(state, 2, TakeReserved())
    state = play(state, 2, Place("r1c0"))
    assert state.boards[2][0] == reserved and state.wheels == wheels
    assert state.seal_holder[SEAL["mountain"]] == -1 and state.reserved[2] == ""
    check_invariants(state)


def test_reserved_tile_is_lost_at_game_end() -> None:
    """TOR-077 TOR-117: a tile still on the mountain seal at the end is never placed nor
    scored: four torii colours on the board and the fifth reserved score as four."""
    state = scenario(2)
    for slot, tile in zip(
        ["r1c0", "r1c1", "r1c2", "r1c3"], ["T045", "T067", "T001", "T006"], strict=True
    ):
        put(state, 0, slot, tile)
    give_seal(state, 0, "mountain")
    lift(state, "T007")
    state.reserved[0] = "T007"  # purple, on the seal
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.sheets[0].torii == data.TORII_SET_VP[4]
    assert outcome.sheets[0].torii_count == 4 and "T007" not in state.boards[0]


def test_village_seal_draws_three_keeps_one() -> None:
    """TOR-EX20 TOR-078 TOR-079 TOR-080 TOR-176: bag 60: draw 3 (57), place 1, return 2
    (59); wheels unchanged; seal back; with a bag of 2: both drawn, 1 back (bag 1)."""
    state = scenario(3)
    shrink_bag(state, 60, boards=(1, 2), keep_open=0)
    give_seal(state, 0, "village")
    wheels = [list(w) for w in state.wheels]
    events = GAME.decide(state, 0, DrawVillage())
    assert isinstance(events[0], VillageDrawn) and events[0].count == 3
    state = play(state, 0, DrawVillage())
    assert len(state.bag) == 57 and len(state.drawn) == 3 and state.phase == "village"
    assert state.seal_holder[SEAL["village"]] == -1
    assert GAME.legal_moves(state, 0) == [Pick(t) for t in state.drawn]
    assert rejects(state, 0, Pick("T001" if "T001" not in state.drawn else "T002")).rule_id == (
        "TOR-079"
    )
    kept = state.drawn[1]
    state = play(state, 0, Pick(kept))
    assert len(state.bag) == 59 and state.holding == kept and state.wheels == wheels
    state = play(state, 0, Place("r1c0"))
    assert state.boards[0][0] == kept
    short = scenario(4)
    shrink_bag(short, 2, boards=(1, 2, 3, 0), keep_open=1)
    give_seal(short, 0, "village")
    short = play(short, 0, DrawVillage())
    assert len(short.drawn) == 2 and short.bag == []
    short = play(short, 0, Pick(short.drawn[0]))
    assert len(short.bag) == 1


def test_several_seals_in_one_turn() -> None:
    """TOR-EX40 TOR-175: water then bamboo in one turn: both return, the bamboo
    placement in r5c0 is legal and does not trigger the end."""
    state = scenario(3)
    fill(state, 0, ["r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r3c0", "r3c1", "r4c0"])
    give_seal(state, 0, "water")
    give_seal(state, 0, "bamboo")
    state = play(state, 0, SwapWheel("large", 2, 7))
    state = play(state, 0, Take("large", 0))
    state = play(state, 0, Place("r5c0", True))
    assert state.seal_holder[SEAL["water"]] == -1 and state.seal_holder[SEAL["bamboo"]] == -1
    assert not state.end_triggered


def _cherry_end(scroll_tile: str, scroll: str, wheel: int = 3):  # type: ignore[no-untyped-def]
    """A (seat 0 of 4) holds the cherry seal and `scroll` earned with `scroll_tile` in
    r3c4; the centre is water; `wheel` tiles around the wheels, 40 in the bag; the game
    has just ended (phase cherry)."""
    state = scenario(4)
    set_centre(state, "T080")
    fill(state, 0, BELOW_SCROLL)
    put(state, 0, "r3c4", scroll_tile)
    state.stack.remove(scroll)
    state.scrolls[0] = scroll
    give_seal(state, 0, "cherry")
    empty_wheel(state, SMALL)
    empty_wheel(state, LARGE, keep=tuple(range(wheel)))
    shrink_bag(state, 40, boards=(1, 2, 3), keep_open=0)
    return at_phase(state, 0, "cherry")


def _draw_with(state, tile: str):  # type: ignore[no-untyped-def]
    """Use the cherry seal on a copy whose Rng makes `tile` one of the 4 drawn."""
    for seed in range(500):
        state.rng = Rng.seeded(seed)
        after = play(state, 0, UseCherry())
        if tile in after.drawn:
            return after
    raise AssertionError("no seed draws the tile")


def test_cherry_seal_replaces_a_board_tile_at_game_end() -> None:
    """TOR-EX21 TOR-081 TOR-082 TOR-083 TOR-084 TOR-085 TOR-089: 9 wheel tiles back to
    the bag (49), 4 drawn (45), mountain T045 replaces T074 in r3c4, the 3 others and
    T074 back to the bag (49); A keeps the 5; T045's mountain and red torii count."""
    state = _cherry_end("T074", "SCROLL_5", wheel=9)
    assert sum(1 for t in state.wheels[LARGE] if t) == 9 and len(state.bag) == 40
    assert GAME.legal_moves(state, 0) == [UseCherry(), SkipCherry()]
    events = GAME.decide(state, 0, UseCherry())
    assert isinstance(events[0], WheelsEmptied) and len(events[0].tiles) == 9
    assert isinstance(events[1], CherryDrawn) and events[1].count == 4
    state = _draw_with(state, "T045")
    assert len(state.bag) == 45 and all(not t for w in state.wheels for t in w)
    before = sheet(state, 0)
    state = play(state, 0, CherryReplace("T045", "r3c4"))
    assert len(state.bag) == 49 and "T074" in state.bag
    assert state.boards[0][data.SLOT_INDEX["r3c4"]] == "T045"
    assert state.scrolls[0] == "SCROLL_5" and state.phase == "over"
    after = sheet(state, 0)
    assert after.torii_count == before.torii_count + 1
    assert state.seal_holder[SEAL["cherry"]] == 0  # TOR-087: never back in the centre
    check_invariants(state)


def test_cherry_replacement_never_gives_a_second_scroll() -> None:
    """TOR-EX31 TOR-059 TOR-089: A holds the 4 (T074 in r3c4), stack [3]: replacing T074
    with water T075 leaves A with the 4 only and the stack [3]."""
    state = _cherry_end("T074", "SCROLL_4a")
    for seat, scroll in ((1, "SCROLL_5"), (2, "SCROLL_4b")):
        state.stack.remove(scroll)
        state.scrolls[seat] = scroll
    state = _draw_with(state, "T075")
    state = play(state, 0, CherryReplace("T075", "r3c4"))
    assert state.scrolls[0] == "SCROLL_4a" and state.stack == ["SCROLL_3"]


def test_cherry_replacement_can_earn_scroll_and_paintbrush() -> None:
    """TOR-088: a scroll-landscape tile put in the scroll slot earns a scroll (none held,
    one left); a paintbrush tile takes the paintbrush unless on another's board."""
    state = _cherry_end("T060", "SCROLL_5")
    state.stack.insert(0, "SCROLL_5")
    state.scrolls[0] = ""
    drawn = _draw_with(state, "T076")
    drawn = play(drawn, 0, CherryReplace("T076", "r3c4"))
    assert drawn.scrolls[0] == "SCROLL_5"
    brush = _draw_with(state, "T008")
    after = play(brush, 0, CherryReplace("T008", "r1c3"))
    assert after.brush_owner == 0
    brush.brush_owner, brush.brush_on_board = 1, True
    after = play(brush, 0, CherryReplace("T008", "r1c3"))
    assert after.brush_owner == 1


def test_cherry_seal_is_optional_and_only_at_the_end() -> None:
    """TOR-085 TOR-086 TOR-087 TOR-106: declining ends the game with the boards as
    they are; during play the cherry seal gives no move."""
    state = _cherry_end("T074", "SCROLL_5")
    assert kinds(GAME.decide(state, 0, SkipCherry())) == ["CherrySkipped", "GameEnded"]
    during = at_phase(scenario(3), 0)
    give_seal(during, 0, "cherry")
    assert {type(m) for m in GAME.legal_moves(during, 0)} == {Take}
    assert rejects(during, 0, UseCherry()).code == "wrong-step"
