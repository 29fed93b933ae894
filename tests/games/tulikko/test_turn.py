"""The turn: order, step 1 (slide), step 2A (place / discard), step 2B (tokens).
TUL-023..TUL-046. Bear map (seat 0), rows: S M R W S / R W S M R / M S W R M / W R M S W."""

from __future__ import annotations

import pytest

from core.games.tulikko import GAME, data
from core.games.tulikko.events import (
    Slid,
    StepDone,
    TileDiscarded,
    TilePlaced,
    TokenPlaced,
    TokenSkipped,
    TurnEnded,
    TurnStarted,
)
from core.games.tulikko.moves import (
    Discard,
    EndTurn,
    Move,
    MoveTo,
    Place,
    PlaceToken,
    SkipToken,
    Slide,
    UseFreePlacement,
    UseMoveTile,
)
from core.games.tulikko.state import State
from core.kernel import IllegalMove, clone

from ..conformance import build, play, refused
from .helpers import edge, events_of, kinds, move_universe, scenario, started


def cell(r: int, c: int) -> int:
    return data.cell_of(r, c)


def _finish_turn(state, seat):  # type: ignore[no-untyped-def]
    """Play the rest of `seat`'s turn with the first legal move each time."""
    while GAME.to_move(state) == [seat] and state.current == seat:
        before = state.turn
        state = play(GAME, state, seat, GAME.legal_moves(state, seat)[0])
        if state.turn != before:
            break
    return state


def test_turns_go_clockwise_from_the_first_player() -> None:
    """TUL-023 TUL-025: seats take turns in increasing order (mod P) from the first player;
    `turn` counts every pass."""
    state = started(3, first_player=1)
    seen = []
    for _ in range(6):
        seen.append(state.current)
        turn = GAME.turn(state)
        state = _finish_turn(state, state.current)
        assert GAME.turn(state) == turn + 1
    assert seen == [1, 2, 0, 1, 2, 0]
    assert state.round == 3


def _at(phase: str) -> State:
    """Seat 0 to move in `phase`, reached by play where the phase needs history."""
    if phase == "setup":
        return build(GAME, 2)
    if phase == "slide":
        return scenario(phase="slide")
    if phase == "place":
        return play(GAME, scenario(phase="slide"), 0, Slide("E"))
    if phase == "tokens":
        layout = {(0, 1): "GREEN", (1, 0): "GREEN"}
        state = scenario(phase="place", taken="owl-GREEN-1", exit_side="W", maps={0: layout})
        return play(GAME, state, 0, Place(1, 1))
    if phase == "move":
        return play(
            GAME, scenario(phase="slide", auroras={"aurora-ORANGE-3": 0}), 0, UseMoveTile(0, 0)
        )
    return scenario(phase="finish", auroras={"aurora-ORANGE-3": 0})


OTHER_STEPS = [
    # phase, the rule of the step at hand, what the message asks for, moves of other steps
    ("setup", "TUL-019", "starting neutral tile", [Slide("N"), Discard(), EndTurn()]),
    ("slide", "TUL-027", "(step 1)", [Place(0, 1), Discard(), PlaceToken(0, 1), EndTurn()]),
    ("place", "TUL-031", "(step 2A)", [Slide("E"), SkipToken(0, 1), MoveTo(3, 3), EndTurn()]),
    ("tokens", "TUL-037", "(step 2B)", [Slide("E"), Place(3, 3), UseMoveTile(0, 1), EndTurn()]),
    ("move", "TUL-099", "lifted tile", [Place(3, 3), PlaceToken(0, 1), UseMoveTile(0, 1)]),
    ("finish", "TUL-024", "end your turn", [Slide("E"), Place(3, 3), UseFreePlacement()]),
]


@pytest.mark.parametrize(
    ("phase", "rule", "asks", "moves"), OTHER_STEPS, ids=[f"{r}-{p}" for p, r, *_ in OTHER_STEPS]
)
def test_a_move_of_another_step_names_the_step_at_hand(
    phase: str, rule: str, asks: str, moves: list[Move]
) -> None:
    """TUL-024: eject, then place, then goals, in that order. A move of another step is
    refused as wrong-step citing the rule of the step at hand (TUL-019 setup, TUL-027
    slide, TUL-031 place, TUL-037 tokens, TUL-099 move-tile, TUL-024 turn done) and
    saying what to do now; every wrong-step in that phase is the same refusal."""
    state = _at(phase)
    assert state.phase == phase
    for move in moves:
        refusal = refused(GAME, state, 0, move, rule, "wrong-step")
        assert asks in refusal.message, refusal
    refusals = []
    for move in move_universe(state):
        try:
            GAME.decide(state, 0, move)
        except IllegalMove as exc:
            refusals += [(exc.rule_id, exc.message)] if exc.code == "wrong-step" else []
    assert {rule_id for rule_id, _ in refusals} == {rule} and len(set(refusals)) == 1


def test_reveal_top_of_stack_at_turn_start() -> None:
    """TUL-026: the turn starts by revealing the top tile, visible to everyone."""
    state = scenario(phase="finish", auroras={"aurora-ORANGE-3": 0})
    top = state.players[1].stack[-1]
    events = events_of(state, 0, EndTurn())
    assert events[-1] == TurnStarted(1, 1, top)
    after = play(GAME, state, 0, EndTurn())
    assert after.revealed == top and top not in after.players[1].stack
    assert GAME.view(after, 0).revealed == top == GAME.view(after, None).revealed
    assert GAME.reveals(events[-1])


def test_slide_from_any_side_and_never_keep_the_tile() -> None:
    """TUL-027: any of the 4 sides; nothing else; the revealed tile can't go on the map."""
    state = scenario(phase="slide")
    moves = GAME.legal_moves(state, 0)
    assert [m for m in moves if isinstance(m, Slide)] == [Slide(s) for s in data.SIDES]
    refused(GAME, state, 0, Slide("X"), "TUL-027")
    refused(GAME, state, 0, Place(0, 0), "TUL-027")  # slide first


def test_slide_pushes_one_axis_and_ejects_the_far_tile() -> None:
    """TUL-028 TUL-029 TUL-030: entry arm <- new, centre <- entry arm, far arm <- centre,
    far arm's tile is ejected and taken; it exits through the opposite side."""
    state = scenario(phase="slide")
    n, e, s, w, c = state.board
    revealed = state.revealed
    events = events_of(state, 0, Slide("S"))
    assert events == [Slid(0, "S", revealed, n, c, s)]
    after = play(GAME, state, 0, Slide("S"))
    assert after.board == [c, e, revealed, w, s]
    assert after.taken == n and after.exit_side == "N" and after.revealed == ""
    assert revealed in after.board  # the revealed tile stays in the board
    assert GAME.view(after, 0).placement_symbol == data.SIDE_SYMBOL["N"] == "SUN"


def test_place_on_own_map_on_a_matching_empty_space() -> None:
    """TUL-031 TUL-032: the tile goes on your map, on an empty space of the exit symbol."""
    state = scenario(phase="place", taken="owl-BLUE-1", exit_side="N")
    sun = [data.rc(x) for x in data.SYMBOL_CELLS["bear"]["SUN"]]
    places = [(m.row, m.col) for m in GAME.legal_moves(state, 0) if isinstance(m, Place)]
    free_sun = [rc for rc in sun if not state.players[0].cells[cell(*rc)]]
    assert places == free_sun
    refused(GAME, state, 0, Place(0, 1), "TUL-032", "wrong-symbol")  # a moon space
    after = play(GAME, state, 0, Place(*free_sun[0]))
    assert after.players[0].cells[cell(*free_sun[0])] == "owl-BLUE-1"
    assert "owl-BLUE-1" not in after.players[1].cells


def test_occupied_spaces_are_never_targets() -> None:
    """TUL-033: a space holds one tile; no stacking."""
    state = scenario(phase="place", taken="owl-BLUE-1", exit_side="N", maps={0: {(0, 0): "GREEN"}})
    assert Place(0, 0) not in GAME.legal_moves(state, 0)
    refused(GAME, state, 0, Place(0, 0), "TUL-033")


def test_discard_only_without_a_matching_empty_space() -> None:
    """TUL-034 TUL-035: discard when every matching space is full (no tokens then);
    while one is empty, the tile must be placed."""
    state = scenario(phase="place", taken="owl-BLUE-1", exit_side="N")
    assert Discard() not in GAME.legal_moves(state, 0)
    refused(GAME, state, 0, Discard(), "TUL-035")
    sun = {data.rc(x): "GREEN" for x in data.SYMBOL_CELLS["bear"]["SUN"]}
    full = scenario(phase="place", taken="owl-BLUE-1", exit_side="N", maps={0: sun})
    moves = GAME.legal_moves(full, 0)
    assert Discard() in moves and not [m for m in moves if isinstance(m, Place)]
    events = events_of(full, 0, Discard())
    assert events[0] == TileDiscarded(0, "owl-BLUE-1")
    assert "TokenPlaced" not in kinds(events) and "TokenSkipped" not in kinds(events)
    after = play(GAME, full, 0, Discard())
    assert after.players[0].discarded == ["owl-BLUE-1"] and after.taken == ""


def test_adjacency_is_orthogonal() -> None:
    """TUL-036 TUL-037: only edge-sharing neighbours get a token decision; diagonals don't."""
    layout = {(0, 0): "GREEN", (0, 2): "GREEN", (2, 0): "GREEN", (2, 2): "GREEN"}  # diagonals
    layout[(0, 1)] = "BLUE"  # orthogonal
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="W", maps={0: layout})
    assert data.MAPS["bear"][cell(1, 1)] == "SNOWFLAKE"
    after = play(GAME, state, 0, Place(1, 1))
    assert after.pending == [cell(0, 1)]
    refused(GAME, after, 0, PlaceToken(0, 0), "TUL-036")
    assert list(GAME.legal_moves(after, 0)) == [PlaceToken(0, 1), SkipToken(0, 1)]


def test_token_kinds_river_for_different_animal_for_same_colour() -> None:
    """TUL-038 TUL-039 TUL-040: different colours give a river token, same colour an animal
    token (whatever the backs: neutral or an animal); up to 4 tokens, mixed."""
    layout = {(0, 1): "GREEN", (1, 0): "GREEN", (1, 2): "ORANGE", (2, 1): "PURPLE"}
    state = scenario(phase="place", taken="bear-GREEN-1", exit_side="W", maps={0: layout})
    state.players[0].cells[cell(0, 1)] = "neutral-GREEN-1"  # a neutral back: still "same"
    after = play(GAME, state, 0, Place(1, 1))
    assert len(after.pending) == 4
    got = {}
    for n in list(after.pending):
        events = events_of(after, 0, PlaceToken(*data.rc(n)))
        got[data.rc(n)] = next(e.kind for e in events if isinstance(e, TokenPlaced))
        after = play(GAME, after, 0, PlaceToken(*data.rc(n)))
    assert got == {(0, 1): "animal", (1, 0): "animal", (1, 2): "river", (2, 1): "river"}
    assert (after.players[0].animals, after.players[0].rivers) == (10, 4)


def test_no_neighbour_no_token() -> None:
    """TUL-041: an isolated tile places no token; goals are checked at once."""
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="N")
    events = events_of(state, 0, Place(3, 3))
    assert isinstance(events[0], TilePlaced)
    assert StepDone(0) in events and "TokenPlaced" not in kinds(events)


def test_missing_token_kind_cannot_be_replaced_by_the_other() -> None:
    """TUL-042: no river token left: that edge gets nothing (no animal instead)."""
    layout = {(0, 1): "ORANGE", (1, 0): "GREEN"}
    state = scenario(
        phase="place",
        taken="owl-GREEN-1",
        exit_side="W",
        maps={0: layout},
        supply={0: (5, 0)},
    )
    events = events_of(state, 0, Place(1, 1))
    assert TokenSkipped(0, cell(1, 1), cell(0, 1), "none-left") in events
    after = play(GAME, state, 0, Place(1, 1))
    assert after.pending == [cell(1, 0)]
    state2 = clone(after)
    state2.pending = [cell(0, 1), cell(1, 0)]
    refused(GAME, state2, 0, PlaceToken(0, 1), "TUL-042")
    assert PlaceToken(0, 1) not in GAME.legal_moves(state2, 0)
    assert SkipToken(0, 1) in GAME.legal_moves(state2, 0)


def test_tokens_only_on_the_new_tiles_edges() -> None:
    """TUL-043 TUL-044: old edges never get a token; an edge holds one token at most."""
    layout = {(0, 1): "GREEN", (0, 2): "ORANGE", (1, 0): "GREEN"}
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="W", maps={0: layout})
    after = play(GAME, state, 0, Place(1, 1))
    refused(GAME, after, 0, PlaceToken(0, 2), "TUL-036")  # edge (0,1)|(0,2): old
    after = play(GAME, after, 0, PlaceToken(0, 1))
    assert after.players[0].edges[edge((0, 1), (1, 1))] == data.ANIMAL
    refused(GAME, after, 0, PlaceToken(0, 1), "TUL-046")  # already holds one


def test_skipping_is_edge_by_edge_and_final() -> None:
    """TUL-045 TUL-046: each edge may be left empty; that choice cannot be undone."""
    layout = {(0, 1): "GREEN", (1, 0): "ORANGE"}
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="W", maps={0: layout})
    after = play(GAME, state, 0, Place(1, 1))
    after = play(GAME, after, 0, SkipToken(0, 1))
    refused(GAME, after, 0, PlaceToken(0, 1), "TUL-046")
    assert GAME.legal_moves(after, 0) == [PlaceToken(1, 0), SkipToken(1, 0)]
    events = events_of(after, 0, PlaceToken(1, 0))
    assert TokenPlaced(0, cell(1, 1), cell(1, 0), "river") in events
    after = play(GAME, after, 0, PlaceToken(1, 0))
    assert after.players[0].edges[edge((0, 1), (1, 1))] == data.NO_TOKEN
    assert (after.players[0].animals, after.players[0].rivers) == (12, 5)


def test_turn_ends_by_itself_without_usable_aurora() -> None:
    """TUL-024 TUL-047: after step 3 the turn passes unless an aurora could still be used."""
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="N")
    events = events_of(state, 0, Place(3, 3))
    assert kinds(events)[-3:] == ["StepDone", "TurnEnded", "TurnStarted"]
    assert TurnEnded(0, triggers_end=False) in events
