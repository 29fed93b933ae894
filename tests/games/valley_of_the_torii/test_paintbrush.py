"""The paintbrush (TOR-090..099, TOR-177, TOR-EX16, TOR-EX17, TOR-EX36)."""

from __future__ import annotations

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.board import available
from core.games.valley_of_the_torii.moves import Paint, Place, Take
from core.games.valley_of_the_torii.scoring import sheet

from .helpers import (
    LARGE,
    at_phase,
    fill,
    holding,
    kinds,
    play,
    put,
    rejects,
    scenario,
    set_recess,
)


def _turn(state, seat: int, take, slot: str):  # type: ignore[no-untyped-def]
    return play(play(at_phase(state, seat), seat, take), seat, Place(slot))


def test_brush_tile_takes_the_paintbrush_then_others_get_nothing() -> None:
    """TOR-EX16 TOR-090 TOR-091 TOR-092 TOR-093 TOR-094: A places T008: the paintbrush
    goes onto A's board; B placing T009 gets nothing; on A's next turn A uses it on L5
    of a complete wheel: it returns to the centre, A no longer owns it, L4 and L6 open."""
    state = scenario(3)
    state = play(holding(state, 0, "T008"), 0, Place("r1c0"))
    assert (state.brush_owner, state.brush_on_board) == (0, True)
    state = play(holding(state, 1, "T009"), 1, Place("r1c0"))
    assert state.brush_owner == 0
    state = at_phase(state, 0)
    assert Paint("large", 5) in GAME.legal_moves(state, 0)
    assert rejects(state, 1, Paint("large", 5)).rule_id == "TOR-001"
    state = play(state, 0, Paint("large", 5))
    assert state.brush_owner == -1 and not state.brush_on_board
    assert available(state.wheels[LARGE]) == [0, 4, 6, 11]
    assert sheet(play(state, 0, Place("r1c1")), 0).paintbrush == 0


def test_unused_paintbrush_leaves_the_board_but_stays_owned() -> None:
    """TOR-EX17 TOR-095 TOR-096 TOR-097 TOR-099: A does not use it on the next turn: it
    leaves A's board, A still owns it (2 VP); C later places T010 and takes it."""
    state = play(holding(scenario(3), 0, "T008"), 0, Place("r1c0"))
    state = _turn(state, 1, Take("small", 0), "r1c0")
    state = _turn(state, 2, Take("small", 7), "r1c0")
    events = GAME.decide(state, 0, Take("large", 0))
    state = play(state, 0, Take("large", 0))
    events = GAME.decide(state, 0, Place("r1c1"))
    assert kinds(events) == ["Placed", "BrushLeftBoard", "TurnEnded"]
    state = play(state, 0, Place("r1c1"))
    assert (state.brush_owner, state.brush_on_board) == (0, False)
    assert sheet(state, 0).paintbrush == 2
    assert not any(isinstance(m, Paint) for m in GAME.legal_moves(state, 1))
    state = play(holding(state, 2, "T010"), 2, Place("r1c1"))
    assert (state.brush_owner, state.brush_on_board) == (2, True)
    assert sheet(state, 0).paintbrush == 0 and sheet(state, 2).paintbrush == 2


def test_paintbrush_taken_with_the_paintbrush_stays_for_the_next_turn() -> None:
    """TOR-EX36 TOR-090 TOR-094 TOR-095: A uses it to take T009 from L6 and places it:
    the paintbrush goes to the centre and back onto A's board for A's next turn; taking
    T010 normally instead keeps it on A's board for the following turn."""
    state = play(holding(scenario(3), 0, "T008"), 0, Place("r1c0"))
    state = at_phase(state, 0)
    set_recess(state, LARGE, 6, "T009")
    used = play(play(state, 0, Paint("large", 6)), 0, Place("r1c1"))
    assert (used.brush_owner, used.brush_on_board) == (0, True)
    set_recess(state, LARGE, 0, "T010")
    kept = play(state, 0, Take("large", 0))
    events = GAME.decide(kept, 0, Place("r1c1"))
    assert "BrushLeftBoard" not in kinds(events) and "BrushTaken" in kinds(events)
    kept = play(kept, 0, Place("r1c1"))
    assert (kept.brush_owner, kept.brush_on_board) == (0, True)


def test_paintbrush_in_the_centre_scores_for_nobody() -> None:
    """TOR-099 TOR-109: the owner scores 2 VP, on or off the board; in the centre, nobody."""
    state = scenario(2)
    assert [sheet(state, s).paintbrush for s in (0, 1)] == [0, 0]
    state.brush_owner = 1
    assert [sheet(state, s).paintbrush for s in (0, 1)] == [0, 2]


def test_paintbrush_may_take_the_rainbow_tile() -> None:
    """TOR-177: with the promo, the paintbrush takes the rainbow tile from any recess."""
    state = scenario(3, rainbow=True)
    set_recess(state, LARGE, 5, data.RAINBOW)
    state.brush_owner, state.brush_on_board = 0, True
    assert Paint("large", 5) in GAME.legal_moves(state, 0)
    state = play(state, 0, Paint("large", 5))
    assert state.holding == data.RAINBOW


def test_placement_effects_resolve_in_order() -> None:
    """TOR-022: a paintbrush tile completing a ≠ line: the paintbrush, then the seal,
    then the end of the turn."""
    state = scenario(3)
    fill(state, 0, ["r1c1", "r1c2", "r1c3", "r1c4"])
    put(state, 0, "r2c1", "T030")
    put(state, 0, "r2c2", "T052")
    state = holding(state, 0, "T008")
    events = GAME.decide(state, 0, Place("r2c3", seal="bamboo"))
    assert kinds(events) == ["Placed", "BrushTaken", "SealGained", "TurnEnded"]
