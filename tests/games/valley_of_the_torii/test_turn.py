"""A turn and the wheels (TOR-020..037, TOR-176, TOR-EX02..05)."""

from __future__ import annotations

from core.games.valley_of_the_torii import GAME
from core.games.valley_of_the_torii.board import available
from core.games.valley_of_the_torii.events import Refilled, Took, TurnPassed
from core.games.valley_of_the_torii.moves import Paint, Place, Take
from core.kernel import clone

from .helpers import (
    LARGE,
    SMALL,
    at_phase,
    check_invariants,
    empty_wheel,
    kinds,
    new_state,
    play,
    rejects,
    scenario,
    shrink_bag,
)


def test_complete_wheel_offers_the_two_arrow_tiles() -> None:
    """TOR-EX02 TOR-029 TOR-025 TOR-024: a full small wheel: only S0 and S7."""
    state = new_state(3)
    assert available(state.wheels[SMALL]) == [0, 7]
    assert available(state.wheels[LARGE]) == [0, 11]
    assert state.wheels[LARGE] and len(state.wheels[LARGE]) == 12


def test_taking_an_arrow_tile_opens_its_neighbour() -> None:
    """TOR-EX03 TOR-026 TOR-027 TOR-028 TOR-030: after L0 is taken, L11 (arrow and next
    to L0 on the closed ring) and L1 (next to the empty L0) are available."""
    state = play(new_state(3), 0, Take("large", 0))
    assert state.wheels[LARGE][0] == ""
    assert available(state.wheels[LARGE]) == [1, 11]


def test_choose_one_available_tile_of_either_wheel() -> None:
    """TOR-020 TOR-031 TOR-025: the first artist may take any available tile of either
    wheel, and only those; a non-available tile is refused."""
    state = new_state(3)
    takes = {(m.wheel, m.recess) for m in GAME.legal_moves(state, 0) if isinstance(m, Take)}
    assert takes == {("large", 0), ("large", 11), ("small", 0), ("small", 7)}
    refusal = rejects(state, 0, Take("large", 5))
    assert (refusal.code, refusal.rule_id) == ("not-available", "TOR-025")


def test_take_is_mandatory_and_placed_in_the_same_turn() -> None:
    """TOR-021 TOR-022 TOR-023: after taking, the only moves are placements of that
    tile on one's own board; then play passes clockwise."""
    state = play(new_state(3), 0, Take("small", 0))
    assert state.phase == "place" and state.holding
    assert {type(m) for m in GAME.legal_moves(state, 0)} == {Place}
    refusal = rejects(state, 0, Take("small", 7))
    assert (refusal.code, refusal.rule_id) == ("wrong-step", "TOR-021")
    tile = state.holding
    events = GAME.decide(state, 0, Place("r1c0"))
    assert kinds(events) == ["Placed", "TurnEnded"]
    state = play(state, 0, Place("r1c0"))
    assert state.boards[0][0] == tile and state.current == 1


def test_rounds_go_clockwise_from_the_start_token() -> None:
    """TOR-001 TOR-019 TOR-023: each round every artist plays once, from the start
    player; out of turn is refused."""
    state = new_state(3, start_player=1)
    order = []
    for _ in range(6):
        seat = state.current
        order.append(seat)
        state = play(state, seat, GAME.legal_moves(state, seat)[0])
        state = play(state, seat, GAME.legal_moves(state, seat)[0])
    assert order == [1, 2, 0, 1, 2, 0]
    assert state.round == 3 and state.turns == [2, 2, 2]
    refusal = rejects(state, 2, Take("large", 0))
    assert (refusal.code, refusal.rule_id) == ("not-your-turn", "TOR-001")


def test_paintbrush_hole_gives_four_available_tiles() -> None:
    """TOR-EX04 TOR-098: after the paintbrush takes L5 of a complete wheel, the next
    artist sees L0, L11 (arrow) and L4, L6 (both sides of the empty L5)."""
    state = scenario(3)
    state.brush_owner, state.brush_on_board = 0, True
    state = play(state, 0, Paint("large", 5))
    assert available(state.wheels[LARGE]) == [0, 4, 6, 11]


def test_refill_when_the_last_tile_is_taken() -> None:
    """TOR-EX05 TOR-033 TOR-034 TOR-035 TOR-036: the small wheel's last tile S3 is
    taken: 8 tiles are drawn into S0..S7 (bag 60 -> 52); the large wheel (5 tiles) is
    not refilled; the next artist may take S0, S7 or an available large tile."""
    state = scenario(3)
    empty_wheel(state, SMALL, keep=(3,))
    empty_wheel(state, LARGE, keep=(0, 2, 4, 6, 8))
    shrink_bag(state, 60, boards=(2, 1))
    events = GAME.decide(state, 0, Take("small", 3))
    assert kinds(events) == ["Took", "Refilled"]
    refill = events[1]
    assert isinstance(refill, Refilled) and refill.wheel == SMALL and len(refill.tiles) == 8
    assert refill.tiles == [state.bag[-1 - i] for i in range(8)]  # drawn one at a time
    after = play(state, 0, Take("small", 3))
    assert after.wheels[SMALL] == refill.tiles and len(after.bag) == 52
    assert sum(1 for t in after.wheels[LARGE] if t) == 5
    after = play(after, 0, Place("r1c0"))
    nxt = {(m.wheel, m.recess) for m in GAME.legal_moves(after, 1) if isinstance(m, Take)}
    assert ("small", 0) in nxt and ("small", 7) in nxt and ("small", 3) not in nxt
    assert {r for w, r in nxt if w == "large"} == set(available(after.wheels[LARGE]))


def test_centre_tile_is_never_around_the_wheel() -> None:
    """TOR-032: the centre tile is never available, taken or refilled."""
    state = new_state(2)
    centre = state.centre
    for move in GAME.legal_moves(state, 0):
        assert isinstance(move, Take) and state.wheels[LARGE if move.wheel == "large" else 1]
    refusal = rejects(state, 0, Take("large", 12))
    assert refusal.rule_id == "TOR-024"
    state = play(play(state, 0, Take("large", 0)), 0, Place("r1c0"))
    assert state.centre == centre


def test_short_bag_refills_what_it_can() -> None:
    """TOR-037: a refill with too few tiles fills as many recesses as it can, in
    refill order (from the arrow, clockwise)."""
    state = scenario(4)
    empty_wheel(state, SMALL, keep=(3,))
    shrink_bag(state, 6, boards=(3, 2, 1, 0), keep_open=1)
    drawn = state.bag[::-1]
    after = play(state, 0, Take("small", 3))
    assert after.wheels[SMALL] == [*drawn, "", ""] and after.bag == []
    check_invariants(after)


def test_no_tile_anywhere_passes_the_turn() -> None:
    """TOR-037: both wheels empty, the bag empty, no reserved tile, no village seal:
    the artist takes no tile and the turn passes by itself. (With 108 tiles this is
    out of reach of the 92 slots of four boards, so this fixture alone drops the
    surplus tiles: the rule concerns only the wheels and the bag.)"""
    state = scenario(2)
    state.bag = []
    state.wheels = [[""] * 12, [""] * 8]
    state = at_phase(state, 1, "place")
    state.holding = "T001"
    events = GAME.decide(state, 1, Place("r1c0"))
    assert kinds(events) == [
        "Placed",
        "TurnEnded",
        "TurnPassed",
        "TurnEnded",
        "TurnPassed",
        "TurnEnded",
        "GameEnded",
    ]
    assert isinstance(events[2], TurnPassed) and events[2].reason == "no-tile"
    assert events[2].seat == 0 and events[4].seat == 1
    # README reading: a whole round without a tile can never change, so the game ends.
    assert events[-1].reason == "stalled"


def test_took_event_names_the_tile_and_recess() -> None:
    """TOR-028: taking empties the recess; the event names what was taken."""
    state = new_state(2)
    tile = state.wheels[SMALL][7]
    (took,) = GAME.decide(state, 0, Take("small", 7))
    assert took == Took(0, SMALL, 7, tile, False)
    assert clone(state).wheels[SMALL][7] == tile
