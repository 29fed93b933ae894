"""Step 3: landscape cards (shape, river, colour) and symbol cards. TUL-047..TUL-078."""

from __future__ import annotations

import itertools

from core.games.tulikko import GAME, data, goals
from core.games.tulikko.events import AuroraTaken, LandscapeAchieved, SymbolClaimed
from core.games.tulikko.moves import Place
from core.kernel import clone

from ..conformance import play
from .helpers import edge, events_of, scenario


def cell(r: int, c: int) -> int:
    return data.cell_of(r, c)


def colours(layout: dict[tuple[int, int], str]) -> list[str]:
    out = [""] * data.CELLS
    for (r, c), colour in layout.items():
        out[cell(r, c)] = colour
    return out


def rivers(*pairs: tuple[tuple[int, int], tuple[int, int]]) -> list[int]:
    edges = [data.NO_TOKEN] * len(data.EDGES)
    for a, b in pairs:
        edges[edge(a, b)] = data.RIVER
    return edges


def _placing(layout, card_ids, target=(3, 3), **kw):  # type: ignore[no-untyped-def]
    """Seat 0 (bear) about to place a tile on `target` (a sun space, exit N)."""
    state = scenario(phase="place", taken="owl-PURPLE-1", exit_side="N", maps={0: layout}, **kw)
    state.landscape = list(card_ids)
    return state


def test_only_the_active_players_goals_are_checked() -> None:
    """TUL-047: another player's map meeting a card gains nothing on my turn."""
    corners = {(0, 0): "GREEN", (0, 4): "GREEN", (3, 0): "GREEN", (3, 4): "GREEN"}
    state = scenario(
        phase="place", taken="owl-PURPLE-1", exit_side="N", maps={1: corners}, supply={0: (12, 0)}
    )
    state.landscape = ["RIVER-07", "COLOUR-01", "SHAPE-01"]
    events = events_of(state, 0, Place(3, 3))
    assert not [e for e in events if isinstance(e, LandscapeAchieved)]


def test_several_goals_in_one_turn_all_apply() -> None:
    """TUL-048: a landscape card, a symbol card and an aurora tile in the same step 3."""
    sun = [data.rc(c) for c in data.SYMBOL_CELLS["bear"]["SUN"]]  # (0,0) (0,4) (1,2) (2,1) (3,3)
    layout = {rc: "GREEN" for rc in sun if rc != (3, 3)}
    layout.update({(3, 0): "PURPLE", (3, 1): "PURPLE", (3, 2): "ORANGE", (3, 4): "BLUE"})
    state = _placing(layout, ["RIVER-07", "COLOUR-01", "SHAPE-07"], supply={0: (12, 0)})
    state.taken = "owl-GREEN-1"
    events = events_of(state, 0, Place(3, 3))  # completes row 3 and the 5th sun, 5th green
    assert LandscapeAchieved(0, "SHAPE-07", 2) in events
    assert SymbolClaimed(0, "SUN", 2) in events
    assert AuroraTaken(0, "aurora-GREEN-3") in events
    after = play(GAME, state, 0, Place(3, 3))
    assert after.players[0].animals == 12 - 2 - 2


def test_landscape_cards_are_arrangements_on_your_map() -> None:
    """TUL-050 TUL-053: a card is met when its arrangement exists anywhere; extra tiles
    and tokens around it never spoil it (subset match)."""
    square = {(1, 1): "GREEN", (1, 2): "GREEN", (2, 1): "ORANGE", (2, 2): "BLUE"}
    assert goals.tile_pattern_met("COLOUR-01", colours(square))
    crowded = {**square, (0, 1): "GREEN", (1, 0): "PURPLE", (3, 2): "BLUE", (1, 3): "GREEN"}
    assert goals.tile_pattern_met("COLOUR-01", colours(crowded))
    assert not goals.tile_pattern_met("COLOUR-01", colours({(1, 1): "GREEN"}))


def test_rotations_count_reflections_do_not() -> None:
    """TUL-051 TUL-052 TUL-073 TUL-074: COLOUR-01 (G G / O B) in all 4 rotations, not mirrored."""
    pattern = {(0, 0): "GREEN", (0, 1): "GREEN", (1, 0): "ORANGE", (1, 1): "BLUE"}
    for _ in range(4):
        assert goals.tile_pattern_met("COLOUR-01", colours(pattern))
        pattern = {(c, 1 - r): colour for (r, c), colour in pattern.items()}  # rotate 90°
    mirror = {(0, 0): "GREEN", (0, 1): "GREEN", (1, 0): "BLUE", (1, 1): "ORANGE"}
    assert not goals.tile_pattern_met("COLOUR-01", colours(mirror))
    for _ in range(4):  # no rotation of the mirror matches either
        assert not goals.tile_pattern_met("COLOUR-01", colours(mirror))
        mirror = {(c, 1 - r): colour for (r, c), colour in mirror.items()}


def test_achieving_places_two_tokens_on_your_space() -> None:
    """TUL-054 TUL-057: 2 animal tokens go on your space; other players' spaces unchanged."""
    corners = {(0, 0): "GREEN", (0, 4): "ORANGE", (3, 0): "BLUE"}
    state = _placing(corners, ["RIVER-07", "COLOUR-01", "SHAPE-01"], supply={0: (12, 0)})
    state.landscape_tokens[2][1] = 2  # Natasha achieved it before
    state.landscape_achieved[2][1] = True
    state = clone(state)
    state.taken, state.exit_side = "owl-GREEN-1", "W"  # (3,4) is a snowflake space
    events = events_of(state, 0, Place(3, 4))
    assert LandscapeAchieved(0, "SHAPE-01", 2) in events
    after = play(GAME, state, 0, Place(3, 4))
    assert after.landscape_tokens[2] == [2, 2] and after.landscape_achieved[2] == [True, True]
    assert after.players[0].animals == 10


def test_only_one_token_left_places_one_and_none_left_still_achieves() -> None:
    """TUL-055: min(2, left) tokens; with 0 left the card is still achieved (spec proposal)."""
    corners = {(0, 0): "GREEN", (0, 4): "ORANGE", (3, 0): "BLUE"}
    for left, placed in [(1, 1), (0, 0)]:
        state = _placing(corners, ["RIVER-07", "COLOUR-01", "SHAPE-01"], supply={0: (left, 0)})
        state.taken, state.exit_side = "owl-GREEN-1", "W"
        events = events_of(state, 0, Place(3, 4))
        assert LandscapeAchieved(0, "SHAPE-01", placed) in events
        after = play(GAME, state, 0, Place(3, 4))
        assert after.landscape_achieved[2][0] and after.players[0].animals == 0


def test_each_card_once_per_player() -> None:
    """TUL-056 TUL-058: meeting an achieved card again gives nothing more."""
    corners = {(0, 0): "GREEN", (0, 4): "ORANGE", (3, 0): "BLUE", (3, 4): "GREEN"}
    state = _placing(corners, ["RIVER-07", "COLOUR-01", "SHAPE-01"], supply={0: (12, 0)})
    state.landscape_achieved[2][0] = True
    state.landscape_tokens[2][0] = 2
    events = events_of(state, 0, Place(3, 3))
    assert not [e for e in events if isinstance(e, LandscapeAchieved)]
    assert play(GAME, state, 0, Place(3, 3)).landscape_tokens[2][0] == 2


def test_shape_cards_ignore_colours_and_rotate() -> None:
    """TUL-059 TUL-061: the plus (SHAPE-08) in any colours; the L (SHAPE-06) rotated."""
    plus = {(1, 2): "GREEN", (2, 1): "BLUE", (2, 2): "GREEN", (2, 3): "PURPLE", (3, 2): "ORANGE"}
    assert goals.tile_pattern_met("SHAPE-08", colours(plus))
    plus.pop((3, 2))
    assert not goals.tile_pattern_met("SHAPE-08", colours(plus))
    ell = {(1, 1): "GREEN", (1, 2): "GREEN", (1, 3): "GREEN", (2, 1): "GREEN"}
    assert goals.tile_pattern_met("SHAPE-06", colours(ell))


def test_some_shapes_fit_one_orientation_only() -> None:
    """TUL-060: the full row (SHAPE-07) fits horizontally only: no 5-long column exists."""
    row = {(2, c): "GREEN" for c in range(5)}
    assert goals.tile_pattern_met("SHAPE-07", colours(row))
    column = {(r, 2): "GREEN" for r in range(4)}
    assert not goals.tile_pattern_met("SHAPE-07", colours(column))
    cell_sets = {frozenset(p) for p in data.COMPILED["SHAPE-07"].placements}
    assert len(cell_sets) == 4  # one per row


def test_four_corners() -> None:
    """TUL-062: a tile on each of the 4 corners."""
    corners = {(0, 0): "GREEN", (0, 4): "GREEN", (3, 0): "GREEN", (3, 4): "GREEN"}
    assert goals.tile_pattern_met("SHAPE-01", colours(corners))
    corners.pop((3, 4))
    corners[(3, 3)] = "GREEN"
    assert not goals.tile_pattern_met("SHAPE-01", colours(corners))


def test_four_colour_square() -> None:
    """TUL-063: one 2x2 square with all 4 colours."""
    square = {(2, 3): "GREEN", (2, 4): "ORANGE", (3, 3): "BLUE", (3, 4): "PURPLE"}
    assert goals.tile_pattern_met("SHAPE-02", colours(square))
    square[(3, 4)] = "GREEN"
    assert not goals.tile_pattern_met("SHAPE-02", colours(square))


def test_neq_shape_needs_different_colours_across_each_sign() -> None:
    """TUL-064: SHAPE-04 (T with the middle different from its 3 neighbours), rotated."""
    tee = {(0, 1): "GREEN", (1, 1): "BLUE", (2, 1): "GREEN", (1, 0): "GREEN"}  # T pointing left
    assert goals.tile_pattern_met("SHAPE-04", colours(tee))
    tee[(1, 1)] = "GREEN"
    assert not goals.tile_pattern_met("SHAPE-04", colours(tee))
    zig = {(0, 0): "GREEN", (1, 0): "BLUE", (1, 1): "GREEN", (2, 1): "BLUE"}
    assert goals.tile_pattern_met("SHAPE-05", colours(zig))  # only signed pairs must differ


def test_four_colour_line_rows_and_columns() -> None:
    """TUL-065 TUL-066: 4 consecutive tiles in a line, all different; columns count too."""
    row = {(1, 1): "GREEN", (1, 2): "ORANGE", (1, 3): "BLUE", (1, 4): "PURPLE"}
    assert goals.tile_pattern_met("SHAPE-03", colours(row))
    column = {(0, 4): "GREEN", (1, 4): "ORANGE", (2, 4): "BLUE", (3, 4): "PURPLE"}
    assert goals.tile_pattern_met("SHAPE-03", colours(column))
    column[(3, 4)] = "GREEN"
    assert not goals.tile_pattern_met("SHAPE-03", colours(column))


def test_river_patterns_rotate() -> None:
    """TUL-067 TUL-069: RIVER-03 (3 sides of one space) in any rotation."""
    card = data.LANDSCAPE["RIVER-03"]
    assert isinstance(card, data.RiverCard)
    # Around space (1,2): top, left, bottom sides = edges to (0,2), (1,1), (2,2).
    u_open_right = rivers(((0, 2), (1, 2)), ((1, 1), (1, 2)), ((1, 2), (2, 2)))
    assert goals.river_met(card, u_open_right)
    u_open_top = rivers(((1, 1), (1, 2)), ((1, 2), (2, 2)), ((1, 2), (1, 3)))
    assert goals.river_met(card, u_open_top)
    assert not goals.river_met(card, rivers(((1, 1), (1, 2)), ((1, 2), (2, 2))))


def test_river_geometry_edges_and_vertices() -> None:
    """TUL-068: tokens lie on grid segments; consecutive = sharing a vertex; animal tokens
    are not river and do not break a river."""
    assert data.edge_segment(edge((0, 0), (0, 1))) == ((0, 1), (1, 1))  # vertical segment
    assert data.edge_segment(edge((0, 0), (1, 0))) == ((1, 0), (1, 1))  # horizontal segment
    a, b = edge((0, 0), (0, 1)), edge((0, 0), (1, 0))  # meet at vertex (1,1)
    assert b in data.EDGE_TOUCHING[a]
    assert edge((2, 2), (2, 3)) not in data.EDGE_TOUCHING[a]
    straight = data.LANDSCAPE["RIVER-01"]
    assert isinstance(straight, data.RiverCard)
    edges = rivers(((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 2), (1, 2)))
    assert goals.river_met(straight, edges)
    edges[edge((0, 1), (1, 1))] = data.ANIMAL
    assert not goals.river_met(straight, edges)  # an animal token is no river
    assert data.EDGE_SIDES[edge((0, 0), (0, 1))] == frozenset({"TOP"})
    assert data.EDGE_SIDES[edge((3, 0), (3, 1))] == frozenset({"BOTTOM"})
    assert data.EDGE_SIDES[edge((0, 0), (1, 0))] == frozenset({"LEFT"})
    assert data.EDGE_SIDES[edge((0, 4), (1, 4))] == frozenset({"RIGHT"})


def test_adjacent_sides_need_a_chain_of_four() -> None:
    """TUL-070: a chain of >= 4 consecutive river tokens from one side to an adjacent side."""
    card = data.LANDSCAPE["RIVER-06"]
    assert isinstance(card, data.RiverCard)
    # From TOP down the line between columns 0|1, then along row line 2 to the LEFT side.
    chain = rivers(
        ((0, 0), (0, 1)),  # vertical (0,1)-(1,1): touches TOP
        ((1, 0), (1, 1)),  # vertical (1,1)-(2,1)
        ((1, 0), (2, 0)),  # horizontal (2,0)-(2,1): touches LEFT
    )
    assert not goals.river_met(card, chain)  # only 3 tokens
    longer = rivers(
        ((0, 1), (0, 2)),  # (0,2)-(1,2) TOP
        ((1, 1), (1, 2)),  # (1,2)-(2,2)
        ((1, 1), (2, 1)),  # (2,1)-(2,2)
        ((1, 0), (2, 0)),  # (2,0)-(2,1) LEFT
    )
    assert goals.river_met(card, longer)


def test_opposite_sides_need_a_chain_of_four() -> None:
    """TUL-071: TOP to BOTTOM takes 4 vertical tokens (a left-right river needs 5)."""
    card = data.LANDSCAPE["RIVER-07"]
    assert isinstance(card, data.RiverCard)
    column = rivers(*[((r, 1), (r, 2)) for r in range(4)])
    assert goals.river_met(card, column)
    assert not goals.river_met(card, rivers(*[((r, 1), (r, 2)) for r in range(3)]))
    adjacent_only = rivers(((0, 1), (0, 2)), ((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 0), (2, 0)))
    assert not goals.river_met(card, adjacent_only)


def test_six_rivers_in_one_group() -> None:
    """TUL-072: all 6 river tokens connected, any shape, branches allowed."""
    card = data.LANDSCAPE["RIVER-08"]
    assert isinstance(card, data.RiverCard)
    six = rivers(
        ((0, 0), (0, 1)),
        ((1, 0), (1, 1)),
        ((1, 0), (2, 0)),
        ((1, 1), (2, 1)),
        ((2, 1), (2, 2)),
        ((2, 0), (2, 1)),
    )
    assert goals.largest_river_group(goals.river_edges(six)) == 6
    assert goals.river_met(card, six)
    six[edge((2, 1), (2, 2))] = data.NO_TOKEN
    six[edge((3, 3), (3, 4))] = data.RIVER  # far away: two groups
    assert not goals.river_met(card, six)


def test_symbol_card_to_the_first_who_covers_all_five() -> None:
    """TUL-076 TUL-077 TUL-078: first to cover all 5 (the start tile counts) places
    min(2, left); later players never get it."""
    rain = [data.rc(c) for c in data.SYMBOL_CELLS["bear"]["RAIN_CLOUD"]]
    layout = dict(zip(rain[:4], data.COLOURS, strict=True))
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="S", maps={0: layout})
    state.players[0].cells[cell(*rain[0])] = "neutral-GREEN-1"  # the start tile counts
    state.players[0].animals = 1
    events = events_of(state, 0, Place(*rain[4]))
    assert SymbolClaimed(0, "RAIN_CLOUD", 1) in events
    after = play(GAME, state, 0, Place(*rain[4]))
    view = GAME.view(after, None)
    assert view.symbols[0].claimed_by == 0 and view.symbols[0].tokens == 1
    assert after.players[0].animals == 0


def along(*vertices: tuple[int, int]) -> list[int]:
    """Edge tokens with a river on each grid segment of the path through `vertices`."""
    edges = [data.NO_TOKEN] * len(data.EDGES)
    for a, b in itertools.pairwise(vertices):
        edges[data.SEGMENT_EDGE[(min(a, b), max(a, b))]] = data.RIVER
    return edges


def test_tokens_meeting_at_one_vertex_are_no_river_between_sides() -> None:
    """TUL-070: four river tokens meeting at one vertex do not connect TOP and LEFT: the
    river from one side to the other is only 2 tokens long (a simple path is needed)."""
    card = data.LANDSCAPE["RIVER-06"]
    assert isinstance(card, data.RiverCard)
    star = along((0, 1), (1, 1), (1, 0))  # TOP to LEFT through vertex (1,1): 2 tokens
    star[data.SEGMENT_EDGE[((1, 1), (2, 1))]] = data.RIVER
    star[data.SEGMENT_EDGE[((1, 1), (1, 2))]] = data.RIVER
    assert len(goals.river_edges(star)) == 4
    assert not goals.river_met(card, star)
    # A real river of 4 tokens through 5 distinct vertices connects them.
    assert goals.river_met(card, along((0, 2), (1, 2), (2, 2), (2, 1), (2, 0)))


def test_opposite_sides_need_one_simple_river_of_four() -> None:
    """TUL-071: tested as TUL-070: one path of >= 4 tokens through distinct vertices from
    TOP to BOTTOM (or LEFT to RIGHT); a winding path counts, one token short does not."""
    card = data.LANDSCAPE["RIVER-07"]
    assert isinstance(card, data.RiverCard)
    winding = [(0, 3), (1, 3), (1, 2), (2, 2), (3, 2), (4, 2)]
    assert goals.river_met(card, along(*winding))
    assert not goals.river_met(card, along(*winding[:-1]))  # ends on row line 3
    assert not goals.river_met(card, along((1, 0), (1, 1), (1, 2), (1, 3), (1, 4)))  # LEFT only


def test_animal_tokens_do_not_break_a_river() -> None:
    """TUL-068: an animal token on an edge at the vertex where two river tokens meet
    leaves the river connected."""
    card = data.LANDSCAPE["RIVER-06"]
    assert isinstance(card, data.RiverCard)
    river = along((0, 2), (1, 2), (2, 2), (2, 1), (2, 0))
    crossing = [data.SEGMENT_EDGE[((2, 2), (2, 3))], data.SEGMENT_EDGE[((1, 2), (1, 3))]]
    for e in crossing:
        river[e] = data.ANIMAL
    assert goals.river_met(card, river)


def test_mirrored_chiral_river_is_refused_rotations_count() -> None:
    """TUL-051 TUL-052 TUL-067: the L river (RIVER-02) counts rotated, not mirrored."""
    card = data.LANDSCAPE["RIVER-02"]
    assert isinstance(card, data.RiverCard)
    assert goals.river_met(card, along((1, 1), (2, 1), (3, 1), (3, 2)))  # as printed
    assert goals.river_met(card, along((1, 3), (1, 2), (1, 1), (2, 1)))  # rotated 90°
    assert not goals.river_met(card, along((1, 2), (2, 2), (3, 2), (3, 1)))  # mirrored


def test_mirrored_neq_card_is_refused_rotations_count() -> None:
    """TUL-051 TUL-052 TUL-064: the zigzag with ≠ signs (SHAPE-05) counts rotated, not
    mirrored, even with every sign respected."""
    printed = colours({(0, 0): "GREEN", (1, 0): "ORANGE", (1, 1): "GREEN", (2, 1): "ORANGE"})
    rotated = colours({(0, 2): "GREEN", (0, 1): "ORANGE", (1, 1): "GREEN", (1, 0): "ORANGE"})
    mirrored = colours({(0, 1): "GREEN", (1, 1): "ORANGE", (1, 0): "GREEN", (2, 0): "ORANGE"})
    assert goals.tile_pattern_met("SHAPE-05", printed)
    assert goals.tile_pattern_met("SHAPE-05", rotated)
    assert not goals.tile_pattern_met("SHAPE-05", mirrored)
