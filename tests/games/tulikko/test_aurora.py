"""Aurora tiles: taking them (TUL-079..084), using them (TUL-085..087) and the four
effects (TUL-088..102). Effect per colour is PROVISIONAL (TUL-GAP14): green = free
placement, orange = move tile, blue = re-slide, purple = landscape wildcard."""

from __future__ import annotations

from core.games.tulikko import GAME, data
from core.games.tulikko.events import (
    AuroraTaken,
    AuroraUsed,
    LandscapeAchieved,
    TileLifted,
)
from core.games.tulikko.moves import (
    Discard,
    EndTurn,
    MoveTo,
    Place,
    PlaceToken,
    Slide,
    UseFreePlacement,
    UseMoveTile,
    UseReslide,
    UseWildcard,
)
from core.kernel import clone

from ..conformance import assert_legal_moves_agree, play, refused
from .helpers import SPEC, edge, events_of, kinds, scenario, set_map


def cell(r: int, c: int) -> int:
    return data.cell_of(r, c)


def idx(aurora_id: str) -> int:
    return data.AURORA_INDEX[aurora_id]


def test_two_aurora_tiles_per_colour_one_effect_each() -> None:
    """TUL-079 TUL-088: 8 tiles, "3" and "4" per colour, same effect; 4 colours, 4 effects."""
    assert [(a.colour, a.threshold) for a in data.AURORA_TILES] == [
        (c, n) for c in data.COLOURS for n in (3, 4)
    ]
    effects = {a.colour: a.effect for a in data.AURORA_TILES}
    assert sorted(effects.values()) == sorted(data.EFFECTS)
    for a in data.AURORA_TILES:
        assert a.effect == effects[a.colour]


def test_first_to_three_of_a_colour_takes_the_three() -> None:
    """TUL-080 TUL-084: 3 tiles of one colour on the map (start tile included) take the "3",
    active side up, kept for the game."""
    layout = {(0, 0): "BLUE", (3, 4): "BLUE"}
    state = scenario(phase="place", taken="owl-BLUE-1", exit_side="N", maps={0: layout})
    state.players[0].cells[cell(0, 0)] = "neutral-BLUE-1"  # the start tile
    events = events_of(state, 0, Place(2, 1))
    assert AuroraTaken(0, "aurora-BLUE-3") in events
    after = play(GAME, state, 0, Place(2, 1))
    view = GAME.view(after, 1)
    three = view.auroras[idx("aurora-BLUE-3")]
    assert three.holder == 0 and three.active


def test_four_goes_to_another_player_and_never_before_the_three() -> None:
    """TUL-081 TUL-082 TUL-083: the "4" is for a player not holding the "3", at 4 tiles,
    and only once the "3" is gone."""
    four_blue = {(0, 0): "BLUE", (3, 4): "BLUE", (3, 0): "BLUE"}
    # Nobody holds the blue "3": reaching 4 takes the "3", not the "4".
    state = scenario(phase="place", taken="owl-BLUE-1", exit_side="N", maps={0: four_blue})
    events = events_of(state, 0, Place(2, 1))
    assert [e for e in events if isinstance(e, AuroraTaken)] == [AuroraTaken(0, "aurora-BLUE-3")]
    # The "3" holder reaching 4 takes nothing.
    held = scenario(
        phase="place",
        taken="owl-BLUE-1",
        exit_side="N",
        maps={0: four_blue},
        auroras={"aurora-BLUE-3": 0},
    )
    assert not [e for e in events_of(held, 0, Place(2, 1)) if isinstance(e, AuroraTaken)]
    # Another player reaching 4 takes the "4".
    other = scenario(
        phase="place",
        taken="owl-BLUE-1",
        exit_side="N",
        maps={0: four_blue},
        auroras={"aurora-BLUE-3": 1},
    )
    assert AuroraTaken(0, "aurora-BLUE-4") in events_of(other, 0, Place(2, 1))


def test_the_four_waits_for_the_next_other_player() -> None:
    """TUL-083: the "3" holder reaching 4 leaves the "4" available; the next other player
    to place a 4th tile of that colour takes it."""
    four_blue = {(0, 0): "BLUE", (3, 4): "BLUE", (3, 0): "BLUE", (1, 3): "BLUE"}
    three_blue = {(0, 0): "BLUE", (3, 4): "BLUE", (3, 0): "BLUE"}
    state = scenario(
        seats=3,
        seat=2,
        phase="place",
        taken="wolf-BLUE-1",
        exit_side="N",
        maps={0: four_blue, 2: three_blue},
        auroras={"aurora-BLUE-3": 0},
    )
    sun = next(m for m in GAME.legal_moves(state, 2) if isinstance(m, Place))
    events = events_of(state, 2, sun)
    assert [e for e in events if isinstance(e, AuroraTaken)] == [AuroraTaken(2, "aurora-BLUE-4")]


def _holding(aurora_id: str, phase: str = "slide", **kw):  # type: ignore[no-untyped-def]
    return scenario(phase=phase, auroras={aurora_id: 0}, **kw)


def test_aurora_only_in_your_own_turn_any_step() -> None:
    """TUL-085: usable in your slide, place and finish steps; never in another's turn."""
    for phase, extra in [("slide", {}), ("place", {"taken": "owl-GREEN-1", "exit_side": "N"})]:
        state = _holding("aurora-ORANGE-3", phase, maps={0: {(0, 0): "GREEN"}}, **extra)
        assert UseMoveTile(0, 0) in GAME.legal_moves(state, 0)
    state = _holding("aurora-ORANGE-3", "finish", maps={0: {(0, 0): "GREEN"}})
    assert GAME.legal_moves(state, 0) == [EndTurn(), UseMoveTile(0, 0)]
    theirs = clone(state)
    theirs.aurora_holder[idx("aurora-ORANGE-3")] = 1
    refused(GAME, theirs, 1, UseMoveTile(0, 0), "TUL-085")
    assert GAME.legal_moves(theirs, 1) == []


def test_aurora_taken_at_step_three_usable_the_same_turn() -> None:
    """TUL-085: a move-tile aurora won in step 3 keeps the turn open (EndTurn to finish)."""
    layout = {(0, 0): "ORANGE", (3, 4): "ORANGE"}
    state = scenario(phase="place", taken="owl-ORANGE-1", exit_side="N", maps={0: layout})
    after = play(GAME, state, 0, Place(2, 1))
    assert after.phase == "finish" and after.current == 0
    assert UseMoveTile(2, 1) in GAME.legal_moves(after, 0)


def test_once_per_game_then_inactive() -> None:
    """TUL-086 TUL-087: each tile is used once, then lies inactive side up."""
    state = _holding("aurora-PURPLE-3")
    card = state.landscape[0]
    after = play(GAME, state, 0, UseWildcard(card))
    assert not after.aurora_active[idx("aurora-PURPLE-3")]
    assert GAME.view(after, None).auroras[idx("aurora-PURPLE-3")].active is False
    refused(GAME, after, 0, UseWildcard(state.landscape[1]), "TUL-086", "aurora-spent")
    assert not [m for m in GAME.legal_moves(after, 0) if isinstance(m, UseWildcard)]
    refused(GAME, scenario(phase="slide"), 0, UseWildcard(card), "TUL-084")


def test_landscape_wildcard_achieves_without_the_condition() -> None:
    """TUL-089 TUL-091: 2 tokens on the chosen card; it counts as achieved, so meeting it
    later gives nothing."""
    state = _holding("aurora-PURPLE-3")
    state.landscape = ["RIVER-07", "COLOUR-01", "SHAPE-01"]
    events = events_of(state, 0, UseWildcard("SHAPE-01"))
    assert events[:2] == [
        AuroraUsed(0, "aurora-PURPLE-3", data.LANDSCAPE_WILDCARD),
        LandscapeAchieved(0, "SHAPE-01", 2, wildcard=True),
    ]
    after = play(GAME, state, 0, UseWildcard("SHAPE-01"))
    assert after.landscape_achieved[2][0] and after.landscape_tokens[2][0] == 2
    # Later the four corners are really met: nothing more.
    later = clone(after)
    corners = {(0, 0): "GREEN", (0, 4): "ORANGE", (3, 0): "BLUE"}
    later = set_map(later, 0, corners)
    later.phase, later.taken, later.exit_side, later.revealed = "place", "owl-GREEN-1", "W", ""
    events = events_of(later, 0, Place(3, 4))
    assert not [e for e in events if isinstance(e, LandscapeAchieved)]


def test_wildcard_targets_cards_without_your_tokens_and_places_what_is_left() -> None:
    """TUL-090: not a card with your tokens on it; with 1 animal token left, place 1."""
    state = _holding("aurora-PURPLE-3", supply={0: (1, 6)})
    state.landscape_tokens[0][0] = 2
    state.landscape_achieved[0][0] = True
    refused(GAME, state, 0, UseWildcard(state.landscape[0]), "TUL-090")
    refused(GAME, state, 0, UseWildcard("SHAPE-99"), "TUL-049")
    offered = [m.card for m in GAME.legal_moves(state, 0) if isinstance(m, UseWildcard)]
    assert offered == state.landscape[1:]
    events = events_of(state, 0, UseWildcard(state.landscape[1]))
    assert LandscapeAchieved(0, state.landscape[1], 1, wildcard=True) in events


def test_wildcard_never_targets_an_achieved_card_even_one_achieved_without_tokens() -> None:
    """TUL-090 TUL-055: one definition of achieved: a card achieved with 0 tokens left
    (TUL-055) is achieved for the wildcard too, even once tokens came back (move tile)."""
    state = _holding("aurora-PURPLE-4", supply={0: (3, 6)})
    state.landscape_achieved[1][0] = True  # achieved earlier with 0 tokens left
    assert state.landscape_tokens[1][0] == 0
    offered = [m.card for m in GAME.legal_moves(state, 0) if isinstance(m, UseWildcard)]
    assert offered == [state.landscape[0], state.landscape[2]]
    refused(GAME, state, 0, UseWildcard(state.landscape[1]), "TUL-090", "card-achieved")


def test_no_wildcard_without_animal_tokens() -> None:
    """TUL-090: with 0 animal tokens left the wildcard is not offered and is refused."""
    state = _holding("aurora-PURPLE-3", "place", taken="owl-GREEN-1", exit_side="N")
    state.players[0].animals = 0
    assert not [m for m in GAME.legal_moves(state, 0) if isinstance(m, UseWildcard)]
    refused(GAME, state, 0, UseWildcard(state.landscape[0]), "TUL-090", "no-token")


def test_an_unusable_wildcard_does_not_hold_the_turn_open() -> None:
    """TUL-090 TUL-085: with no animal token left the held wildcard cannot be used, so the
    turn ends by itself after step 3 instead of waiting for End turn."""
    state = _holding(
        "aurora-PURPLE-3", "place", taken="owl-GREEN-1", exit_side="N", supply={0: (0, 3)}
    )
    after = play(GAME, state, 0, Place(3, 3))  # a sun space with no neighbour: no token to decide
    assert after.current == 1 and after.phase == "slide"


def test_reslide_after_taking_before_placing() -> None:
    """TUL-092 TUL-093 TUL-095: the taken tile goes back in from any side; the newly
    ejected tile is the one to place, by its own exit side; only in step 2A."""
    state = _holding("aurora-BLUE-3")
    assert not [m for m in GAME.legal_moves(state, 0) if isinstance(m, UseReslide)]
    refused(GAME, state, 0, UseReslide("N"), "TUL-027")  # slide first (step 1)
    taken = play(GAME, state, 0, Slide("N"))
    first = taken.taken
    assert [m for m in GAME.legal_moves(taken, 0) if isinstance(m, UseReslide)] == [
        UseReslide(s) for s in data.SIDES
    ]
    expected_out = taken.board[data.SLOT_INDEX["W"]]
    after = play(GAME, taken, 0, UseReslide("E"))
    assert after.taken == expected_out and after.exit_side == "W"
    assert first in after.board
    places = [m for m in GAME.legal_moves(after, 0) if isinstance(m, Place)]
    assert all(data.MAPS["bear"][cell(m.row, m.col)] == "SNOWFLAKE" for m in places)
    refused(GAME, after, 0, UseReslide("E"), "TUL-086")


def test_no_reslide_once_the_tile_is_placed() -> None:
    """TUL-095: after step 2A (placing the taken tile) the re-slide is refused (the
    move-tile aurora keeps the turn open after step 3)."""
    state = scenario(phase="slide", auroras={"aurora-BLUE-3": 0, "aurora-ORANGE-3": 0})
    taken = play(GAME, state, 0, Slide("N"))  # exits S: a rain cloud space
    place = next(m for m in GAME.legal_moves(taken, 0) if isinstance(m, Place))
    placed = play(GAME, taken, 0, place)
    assert placed.current == 0 and placed.phase == "finish"
    assert not [m for m in GAME.legal_moves(placed, 0) if isinstance(m, UseReslide)]
    refused(GAME, placed, 0, UseReslide("E"), "TUL-024", "wrong-step")


def test_reslide_can_return_the_revealed_or_the_hidden_tile() -> None:
    """TUL-094: re-sliding through the exit side returns the revealed tile; through the
    entry side returns the tile that was hidden in the centre."""
    state = _holding("aurora-BLUE-4")
    revealed, hidden = state.revealed, state.board[data.CENTRE]
    taken = play(GAME, state, 0, Slide("W"))  # exits E
    assert play(GAME, taken, 0, UseReslide("E")).taken == revealed
    assert play(GAME, taken, 0, UseReslide("W")).taken == hidden


def test_free_placement_ignores_the_symbol() -> None:
    """TUL-096: any empty space, whatever its symbol."""
    state = _holding("aurora-GREEN-3", "place", taken="owl-BLUE-1", exit_side="N")
    refused(GAME, state, 0, Place(0, 1), "TUL-032")
    after = play(GAME, state, 0, UseFreePlacement())
    assert after.free_placement
    places = [m for m in GAME.legal_moves(after, 0) if isinstance(m, Place)]
    assert len(places) == sum(1 for t in after.players[0].cells if not t)
    placed = play(GAME, after, 0, Place(0, 1))  # a moon space
    assert placed.players[0].cells[cell(0, 1)] == "owl-BLUE-1" and not placed.free_placement
    refused(GAME, after, 0, UseFreePlacement(), "TUL-086")
    too_early = scenario(phase="slide", auroras={"aurora-GREEN-3": 0})
    refused(GAME, too_early, 0, UseFreePlacement(), "TUL-027")  # slide first


def test_free_placement_saves_a_tile_from_discard() -> None:
    """TUL-097: with every matching space full, the tile can still be placed; tokens as usual."""
    sun = {data.rc(c): "GREEN" for c in data.SYMBOL_CELLS["bear"]["SUN"]}
    state = _holding("aurora-GREEN-4", "place", taken="owl-GREEN-1", exit_side="N", maps={0: sun})
    moves = GAME.legal_moves(state, 0)
    assert Discard() in moves and UseFreePlacement() in moves
    after = play(GAME, state, 0, UseFreePlacement())
    assert Discard() not in GAME.legal_moves(after, 0)
    refused(GAME, after, 0, Discard(), "TUL-097")
    placed = play(GAME, after, 0, Place(0, 1))  # next to the green sun at (0,0) and (0,... )
    assert cell(0, 0) in placed.pending
    placed = play(GAME, placed, 0, PlaceToken(0, 0))
    assert placed.players[0].edges[edge((0, 0), (0, 1))] == data.ANIMAL


def test_free_placement_never_lists_the_discard_it_refuses() -> None:
    """TUL-097: while free placement is in effect Discard is refused, so it is never listed,
    even on a full map (a fixture: a map holds at most 13 tiles in play)."""
    full = {data.rc(c): data.COLOURS[c % 4] for c in range(data.CELLS)}
    state = _holding("aurora-GREEN-3", "place", taken="owl-GREEN-1", exit_side="N", maps={0: full})
    state.free_placement, state.aurora_active[idx("aurora-GREEN-3")] = True, False
    assert Discard() not in GAME.legal_moves(state, 0)
    assert_legal_moves_agree(SPEC, state, 2)


def test_move_tile_returns_its_tokens_and_re_places_them() -> None:
    """TUL-098 TUL-099 TUL-100 TUL-101: all tokens on the tile's edges return; only those;
    it moves to any other empty space; tokens follow the normal rules, skipping allowed."""
    layout = {(1, 1): "GREEN", (1, 2): "GREEN", (1, 0): "BLUE", (2, 2): "ORANGE", (3, 3): "BLUE"}
    state = _holding("aurora-ORANGE-3", maps={0: layout}, supply={0: (9, 4)})
    me = state.players[0]
    me.edges[edge((1, 1), (1, 2))] = data.ANIMAL
    me.edges[edge((1, 0), (1, 1))] = data.RIVER
    me.edges[edge((1, 2), (2, 2))] = data.RIVER  # not an edge of the moved tile
    state.landscape_tokens[0][0] = 2  # tokens on cards stay
    events = events_of(state, 0, UseMoveTile(1, 1))
    assert TileLifted(0, me.cells[cell(1, 1)], cell(1, 1), animals=1, rivers=1) in events
    lifted = play(GAME, state, 0, UseMoveTile(1, 1))
    assert (lifted.players[0].animals, lifted.players[0].rivers) == (10, 5)
    assert lifted.players[0].edges[edge((1, 2), (2, 2))] == data.RIVER
    assert lifted.landscape_tokens[0][0] == 2
    assert lifted.phase == "move" and not lifted.players[0].cells[cell(1, 1)]
    refused(GAME, lifted, 0, MoveTo(1, 1), "TUL-099")  # must move
    refused(GAME, lifted, 0, MoveTo(1, 2), "TUL-099")  # occupied
    targets = [m for m in GAME.legal_moves(lifted, 0) if isinstance(m, MoveTo)]
    assert len(targets) == data.CELLS - 5  # any empty space, symbol ignored
    moved = play(GAME, lifted, 0, MoveTo(2, 3))  # next to orange (2,2) and blue (3,3)
    assert sorted(moved.pending) == sorted([cell(2, 2), cell(3, 3)])
    moved = play(GAME, moved, 0, GAME.legal_moves(moved, 0)[1])  # skip the first edge
    moved = play(GAME, moved, 0, GAME.legal_moves(moved, 0)[0])  # token on the second
    assert moved.players[0].edges.count(data.RIVER) == 2
    assert moved.phase == "slide"  # the turn goes on where it was
    empty_spot = scenario(phase="slide", auroras={"aurora-ORANGE-3": 0})
    refused(GAME, empty_spot, 0, UseMoveTile(3, 3), "TUL-098")


def test_moving_keeps_achieved_goals() -> None:
    """TUL-102: goals stay achieved when a move breaks their condition."""
    corners = {(0, 0): "GREEN", (0, 4): "ORANGE", (3, 0): "BLUE", (3, 4): "GREEN"}
    state = _holding("aurora-ORANGE-3", maps={0: corners})
    state.landscape = ["RIVER-07", "COLOUR-01", "SHAPE-01"]
    state.landscape_achieved[2][0], state.landscape_tokens[2][0] = True, 2
    state.players[0].animals = 10
    after = play(GAME, play(GAME, state, 0, UseMoveTile(0, 0)), 0, MoveTo(1, 2))
    assert "LandscapeAchieved" not in kinds(events_of(state, 0, UseMoveTile(0, 0)))
    assert after.landscape_achieved[2][0] and after.landscape_tokens[2][0] == 2
    assert after.players[0].animals == 10
