"""The worked examples TUL-EX01..EX11 of shared/rules/tulikko.md, with their exact numbers.

Positions and colours the rulebook's pictures lost come from the spec's fixtures
(TUL-GAP16); every count the rulebook states is asserted as stated.
"""

from __future__ import annotations

from core.games.tulikko import GAME, data, goals
from core.games.tulikko.events import (
    AuroraTaken,
    GameEnded,
    LandscapeAchieved,
    SymbolClaimed,
    TokenPlaced,
    TurnEnded,
    TurnStarted,
)
from core.games.tulikko.moves import (
    Discard,
    EndTurn,
    MoveTo,
    Place,
    PlaceToken,
    Slide,
    UseMoveTile,
    UseReslide,
)
from core.kernel import clone

from ..conformance import play, refused
from .helpers import edge, events_of, kinds, scenario, set_map

N, E, S, W, C = 0, 1, 2, 3, data.CENTRE


def cell(r: int, c: int) -> int:
    return data.cell_of(r, c)


def test_ex01_flora_places_one_animal_and_two_river_tokens() -> None:
    """TUL-EX01: a green tile next to green, orange and blue: 1 animal + 2 river tokens."""
    state = scenario(
        phase="slide",
        maps={0: {(1, 1): "GREEN", (0, 2): "ORANGE", (2, 2): "BLUE"}},
        supply={0: (12, 6)},
    )
    state.board[N] = "neutral-GREEN-3"  # the green tile that will leave through N
    assert data.SIDE_SYMBOL["N"] == "SUN" and data.MAPS["bear"][cell(1, 2)] == "SUN"
    state = play(GAME, state, 0, Slide("S"))  # inserted through S, so it exits through N
    assert state.taken == "neutral-GREEN-3" and state.exit_side == "N"
    state = play(GAME, state, 0, Place(1, 2))
    assert sorted(state.pending) == sorted([cell(0, 2), cell(2, 2), cell(1, 1)])
    placed = []
    for r, c in [(0, 2), (2, 2), (1, 1)]:
        events = events_of(state, 0, PlaceToken(r, c))
        placed += [e for e in events if isinstance(e, TokenPlaced)]
        state = play(GAME, state, 0, PlaceToken(r, c))
    assert sorted(e.kind for e in placed) == ["animal", "river", "river"]
    edges = state.players[0].edges
    assert edges[edge((1, 1), (1, 2))] == data.ANIMAL
    assert edges[edge((0, 2), (1, 2))] == data.RIVER
    assert edges[edge((1, 2), (2, 2))] == data.RIVER
    assert (state.players[0].animals, state.players[0].rivers) == (11, 4)


def test_ex02_shape_card_counts_rotations_but_not_the_mirror() -> None:
    """TUL-EX02: the L of SHAPE-06 counts in 4 rotations anywhere, never mirrored."""
    rotations = [
        {(0, 0), (1, 0), (2, 0), (2, 1)},
        {(0, 0), (0, 1), (0, 2), (1, 0)},
        {(0, 0), (0, 1), (1, 1), (2, 1)},
        {(0, 2), (1, 0), (1, 1), (1, 2)},
    ]
    at_origin = {
        frozenset(data.rc(c) for c in p)
        for p in data.COMPILED["SHAPE-06"].placements
        if min(data.rc(c)[0] for c in p) == 0 and min(data.rc(c)[1] for c in p) == 0
    }
    assert at_origin == {frozenset(r) for r in rotations}  # exactly 4 arrangements
    for shape in rotations:
        for dr, dc in [(0, 0), (1, 2)]:  # translated anywhere inside the map
            colours = [""] * data.CELLS
            for i, (r, c) in enumerate(sorted(shape)):
                colours[cell(r + dr, c + dc)] = data.COLOURS[i]
            assert goals.tile_pattern_met("SHAPE-06", colours)
    mirror = [""] * data.CELLS
    for r, c in [(0, 1), (1, 1), (2, 1), (2, 0)]:
        mirror[cell(r, c)] = "GREEN"
    assert not goals.tile_pattern_met("SHAPE-06", mirror)
    # And through the engine: the fourth tile of a rotated L achieves the card.
    state = scenario(
        phase="place",
        taken="neutral-BLUE-1",
        exit_side="S",  # rain_cloud; bear (1,0) is a rain_cloud space
        maps={0: {(0, 0): "GREEN", (0, 1): "ORANGE", (0, 2): "PURPLE"}},
        supply={0: (12, 0)},  # no river token: the edge to (0,0) is skipped by itself
    )
    state.landscape[2] = "SHAPE-06"
    events = events_of(state, 0, Place(1, 0))
    assert LandscapeAchieved(0, "SHAPE-06", 2) in events


def test_ex03_natasha_achieves_river_and_colour_cards_at_once() -> None:
    """TUL-EX03: 1 animal + 1 river token; RIVER-01 met (2 tokens), COLOUR-01 already held."""
    state = scenario(
        seat=1,
        phase="place",
        taken="wolf-GREEN-3",
        exit_side="S",
        maps={
            1: {
                (0, 1): "GREEN",
                (1, 0): "ORANGE",
                (1, 1): "BLUE",
                (0, 2): "PURPLE",
                (1, 2): "ORANGE",
            }
        },
        supply={1: (6, 3)},
    )
    state.landscape = ["RIVER-01", "COLOUR-01", "SHAPE-01"]
    state.landscape_tokens = [[2, 0], [0, 2], [0, 0]]  # Flora on RIVER-01, Natasha on COLOUR-01
    state.landscape_achieved = [[True, False], [False, True], [False, False]]
    natasha = state.players[1]
    natasha.edges[edge((0, 1), (1, 1))] = data.RIVER
    natasha.edges[edge((0, 2), (1, 2))] = data.RIVER
    assert natasha.edges[edge((1, 0), (1, 1))] == data.NO_TOKEN
    assert data.MAPS["wolf"][cell(0, 0)] == "RAIN_CLOUD" == data.SIDE_SYMBOL["S"]
    state = play(GAME, state, 1, Place(0, 0))
    assert sorted(state.pending) == [cell(0, 1), cell(1, 0)]  # exactly 2 adjacent tiles
    state = play(GAME, state, 1, PlaceToken(0, 1))  # green next to green: animal
    events = events_of(state, 1, PlaceToken(1, 0))  # green next to orange: river
    assert TokenPlaced(1, cell(0, 0), cell(1, 0), "river") in events
    achieved = [e for e in events if isinstance(e, LandscapeAchieved)]
    assert achieved == [LandscapeAchieved(1, "RIVER-01", 2)]  # none for COLOUR-01
    assert goals.landscape_met("COLOUR-01", *_map(play(GAME, state, 1, PlaceToken(1, 0)), 1))
    state = play(GAME, state, 1, PlaceToken(1, 0))
    assert state.landscape_tokens[0] == [2, 2]  # 2 Flora + 2 Natasha
    assert state.landscape_tokens[1] == [0, 2]
    assert (state.players[1].animals, state.players[1].rivers) == (3, 2)


def _map(state, seat):  # type: ignore[no-untyped-def]
    return state.players[seat].cells, state.players[seat].edges


def test_ex04_symbol_card_goes_to_the_first_only() -> None:
    """TUL-EX04: Flora covers her 5th rain cloud first and places 2 tokens; Natasha later
    covers all of hers and gets nothing."""
    bear_rain = [(0, 2), (1, 0), (1, 4), (2, 3)]
    colours = ["GREEN", "ORANGE", "BLUE", "PURPLE"]
    state = scenario(
        phase="place",
        taken="neutral-GREEN-1",
        exit_side="S",
        maps={0: dict(zip(bear_rain, colours, strict=True))},
    )
    assert data.SYMBOL_CELLS["bear"]["RAIN_CLOUD"] == tuple(
        cell(r, c) for r, c in sorted([*bear_rain, (3, 1)])
    )
    events = events_of(state, 0, Place(3, 1))
    assert SymbolClaimed(0, "RAIN_CLOUD", 2) in events
    state = play(GAME, state, 0, Place(3, 1))
    assert state.symbol_holder[data.SYMBOLS.index("RAIN_CLOUD")] == 0
    assert state.players[0].animals == 10
    # Natasha, on a later turn, covers all 5 rain clouds of her wolf map.
    wolf_rain = [data.rc(c) for c in data.SYMBOL_CELLS["wolf"]["RAIN_CLOUD"]]
    later = scenario(seat=1, phase="place", taken="neutral-GREEN-2", exit_side="S")
    later = clone(later)
    later.symbol_holder = list(state.symbol_holder)
    later.symbol_tokens = list(state.symbol_tokens)
    later = set_map(later, 1, dict(zip(wolf_rain[:4], colours, strict=True)))
    events = events_of(later, 1, Place(*wolf_rain[4]))
    assert not [e for e in events if isinstance(e, SymbolClaimed)]
    after = play(GAME, later, 1, Place(*wolf_rain[4]))
    assert goals.symbol_covered("wolf", "RAIN_CLOUD", after.players[1].cells)
    assert after.symbol_holder[data.SYMBOLS.index("RAIN_CLOUD")] == 0


def test_ex05_orange_four_skips_the_three_holder() -> None:
    """TUL-EX05: Flora (orange "3") places her 4th orange: nothing. Natasha's 4th: she
    takes the orange "4", active, and can use it later."""
    three = data.AURORA_INDEX["aurora-ORANGE-3"]
    four = data.AURORA_INDEX["aurora-ORANGE-4"]
    orange3 = {(0, 0): "ORANGE", (0, 1): "ORANGE", (0, 2): "ORANGE"}
    state = scenario(
        phase="place",
        taken="owl-ORANGE-1",
        exit_side="S",  # bear (3,1) is rain_cloud, not next to (0,x)
        maps={0: orange3, 1: {(3, 3): "ORANGE", (3, 4): "ORANGE", (2, 4): "ORANGE"}},
        auroras={"aurora-ORANGE-3": 0},
    )
    events = events_of(state, 0, Place(3, 1))
    assert not [e for e in events if isinstance(e, AuroraTaken)]
    state = play(GAME, state, 0, Place(3, 1))
    assert state.aurora_holder[four] == -1  # stays available
    # Natasha's turn: her 4th orange tile, on wolf (0,0) = rain_cloud.
    state = clone(state)
    state.current, state.phase, state.taken, state.exit_side = 1, "place", "owl-ORANGE-2", "S"
    events = events_of(state, 1, Place(0, 0))
    assert AuroraTaken(1, "aurora-ORANGE-4") in events
    state = play(GAME, state, 1, Place(0, 0))
    assert state.aurora_holder[three] == 0 and state.aurora_holder[four] == 1
    assert state.aurora_active[four]
    # "may use it later": on a later turn the move-tile aurora is offered.
    later = clone(state)
    later.current, later.phase = 1, "slide"
    assert UseMoveTile(0, 0) in GAME.legal_moves(later, 1)


def _end_state(supplies: dict[int, tuple[int, int]]) -> object:
    """Round 12, the last seat (1) in its finish step with every stack empty."""
    state = scenario(seat=1, phase="finish", supply=supplies, auroras={"aurora-ORANGE-3": 1})
    state.round = 12
    for player in state.players:
        player.stack = []
    return state


def test_ex06_lowest_penalty_wins_after_twelve_turns() -> None:
    """TUL-EX06: Flora 2 animals + 1 river = 5 points; Natasha 1 + 2 = 4 points; Natasha wins."""
    state = _end_state({0: (2, 1), 1: (1, 2)})
    events = events_of(state, 1, EndTurn())
    assert events[-1] == GameEnded("stacks-empty")
    state = play(GAME, state, 1, EndTurn())
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == [2 * 2 + 1 * 1, 1 * 2 + 2 * 1] == [5, 4]
    assert outcome.winners == [1] and outcome.ranks == [2, 1]
    assert not outcome.tie_break_used and outcome.end_reason == "stacks-empty"


def test_ex07_end_trigger_finishes_the_round_then_zone_tie_break() -> None:
    """TUL-EX07: Flora (first player) places her last token: Natasha still plays; she also
    places her last; both placed everything; Flora's 5-zone beats Natasha's 4-zone."""
    state = scenario(
        phase="slide",
        maps={
            0: {(0, 0): "GREEN", (0, 1): "GREEN", (0, 2): "GREEN", (1, 2): "GREEN", (2, 3): "BLUE"},
            1: {(0, 0): "ORANGE", (1, 0): "ORANGE", (2, 0): "ORANGE", (3, 1): "PURPLE"},
        },
        supply={0: (0, 1), 1: (0, 1)},
    )
    state.landscape = ["RIVER-07", "COLOUR-12", "SHAPE-01"]  # none of them is met here
    state.board[W] = "owl-GREEN-1"
    assert data.MAPS["bear"][cell(2, 2)] == data.SIDE_SYMBOL["W"]
    state = play(GAME, state, 0, Slide("E"))  # the green tile leaves through W (snowflake)
    state = play(GAME, state, 0, Place(2, 2))
    assert state.pending == [cell(2, 3)]  # the green neighbour needs an animal: none left
    events = events_of(state, 0, PlaceToken(2, 3))
    assert TurnEnded(0, triggers_end=True) in events
    assert isinstance(events[-1], TurnStarted) and events[-1].seat == 1  # the round goes on
    state = play(GAME, state, 0, PlaceToken(2, 3))
    assert state.end_triggered and GAME.to_move(state) == [1]
    state = clone(state)
    state.board[E] = "owl-ORANGE-3"
    assert data.MAPS["wolf"][cell(3, 0)] == data.SIDE_SYMBOL["E"]
    state = play(GAME, state, 1, Slide("W"))  # the orange tile leaves through E (moon)
    state = play(GAME, state, 1, Place(3, 0))
    state = play(GAME, state, 1, PlaceToken(3, 1))
    # Her 4th orange tile won the orange "3" (move tile): she may still use it, so she ends
    # her turn herself.
    assert (
        state.phase == "finish" and state.aurora_holder[data.AURORA_INDEX["aurora-ORANGE-3"]] == 1
    )
    state = play(GAME, state, 1, EndTurn())
    assert GAME.to_move(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.placed_all == [0, 1] and outcome.scores == [0, 0]
    assert outcome.largest_zone == [5, 4]
    assert outcome.tied == [0, 1] and outcome.tie_break_used
    assert outcome.winners == [0] and outcome.ranks == [1, 2]
    assert outcome.end_reason == "all-tokens-placed"


def test_ex08_move_tile_returns_two_rivers_then_places_two_animals_and_a_river() -> None:
    """TUL-EX08: supply 5/1 -> 5/3 after lifting -> 3/2 after re-placing; aurora inactive;
    earlier goals stay achieved."""
    state = scenario(
        seat=1,
        phase="slide",
        maps={
            1: {
                (0, 0): "BLUE",
                (0, 1): "GREEN",
                (1, 0): "ORANGE",
                (2, 1): "BLUE",
                (2, 3): "BLUE",
                (1, 2): "GREEN",
            }
        },
        supply={1: (5, 1)},
        auroras={"aurora-ORANGE-4": 1},
    )
    natasha = state.players[1]
    natasha.edges[edge((0, 0), (0, 1))] = data.RIVER
    natasha.edges[edge((0, 0), (1, 0))] = data.RIVER
    state.landscape_achieved[2][1] = True  # a goal achieved earlier
    state.landscape_tokens[2][1] = 2
    state = play(GAME, state, 1, UseMoveTile(0, 0))
    assert (state.players[1].animals, state.players[1].rivers) == (5, 3)  # briefly
    assert state.players[1].edges.count(data.RIVER) == 0
    assert not state.aurora_active[data.AURORA_INDEX["aurora-ORANGE-4"]]
    state = play(GAME, state, 1, MoveTo(2, 2))
    assert sorted(state.pending) == sorted([cell(2, 1), cell(2, 3), cell(1, 2)])
    for r, c in [(2, 1), (2, 3), (1, 2)]:
        state = play(GAME, state, 1, PlaceToken(r, c))
    edges = state.players[1].edges
    assert edges[edge((2, 1), (2, 2))] == edges[edge((2, 2), (2, 3))] == data.ANIMAL
    assert edges[edge((1, 2), (2, 2))] == data.RIVER
    assert (state.players[1].animals, state.players[1].rivers) == (3, 2)
    assert state.landscape_achieved[2][1] and state.landscape_tokens[2][1] == 2
    assert state.phase == "slide"  # back to where the turn was


def _numbered_board(state):  # type: ignore[no-untyped-def]
    tiles = ["neutral-GREEN-1", "neutral-ORANGE-1", "neutral-BLUE-1", "neutral-PURPLE-1"]
    tiles += ["neutral-GREEN-2", "bear-BLUE-1"]  # #1..#6
    state.board = [tiles[0], tiles[3], tiles[2], tiles[4], tiles[1]]  # N=#1 E=#4 S=#3 W=#5 C=#2
    state.revealed = tiles[5]
    return tiles


def test_ex09_reslide_gives_back_the_revealed_or_the_hidden_tile() -> None:
    """TUL-EX09: after #6 in through N (taking #3), re-sliding #3 through S gives #6 (sun);
    through N gives the hidden #2 (rain_cloud)."""
    state = scenario(phase="slide", auroras={"aurora-BLUE-3": 0})
    t = _numbered_board(state)
    state = play(GAME, state, 0, Slide("N"))
    assert state.board == [t[5], t[3], t[1], t[4], t[0]]  # N=#6 S=#2 C=#1
    assert state.taken == t[2]
    back = play(GAME, state, 0, UseReslide("S"))
    assert back.board[S] == t[2] and back.board[C] == t[1] and back.board[N] == t[0]
    assert back.taken == t[5] and data.SIDE_SYMBOL[back.exit_side] == "SUN"
    hidden = play(GAME, state, 0, UseReslide("N"))
    assert hidden.board[N] == t[2] and hidden.board[C] == t[5] and hidden.board[S] == t[0]
    assert hidden.taken == t[1] and data.SIDE_SYMBOL[hidden.exit_side] == "RAIN_CLOUD"
    assert GAME.matching_empty(hidden, 0)  # placement follows the new exit side
    for cell_index in GAME.matching_empty(hidden, 0):
        assert data.MAPS["bear"][cell_index] == "RAIN_CLOUD"


def test_ex10_basic_slide_moves_one_axis() -> None:
    """TUL-EX10: #6 in through W: W=#6, centre=#5, E=#2, #4 ejected through E (moon)."""
    state = scenario(phase="slide")
    t = _numbered_board(state)
    state = play(GAME, state, 0, Slide("W"))
    assert state.board[W] == t[5] and state.board[C] == t[4] and state.board[E] == t[1]
    assert state.board[N] == t[0] and state.board[S] == t[2]  # unchanged
    assert state.taken == t[3] and data.SIDE_SYMBOL[state.exit_side] == "MOON"
    moves = GAME.legal_moves(state, 0)
    places = [m for m in moves if isinstance(m, Place)]
    assert places and all(data.MAPS["bear"][data.cell_of(m.row, m.col)] == "MOON" for m in places)
    assert GAME.view(state, 1).centre is None  # #5 is hidden now


def test_ex11_discard_when_every_moon_space_is_covered() -> None:
    """TUL-EX11: all moon spaces covered and the tile exits E: discard, no tokens, step 3 runs."""
    moons = [data.rc(c) for c in data.SYMBOL_CELLS["bear"]["MOON"]]
    layout = {rc: "GREEN" if i % 2 else "BLUE" for i, rc in enumerate(moons)}
    layout.update({(0, 0): "ORANGE", (0, 4): "PURPLE", (3, 0): "ORANGE", (3, 4): "PURPLE"})
    state = scenario(phase="place", taken="neutral-ORANGE-2", exit_side="E", maps={0: layout})
    state.landscape[2] = "SHAPE-01"  # four corners: met, never checked before
    moves = GAME.legal_moves(state, 0)
    assert Discard() in moves and not [m for m in moves if isinstance(m, Place)]
    refused(GAME, state, 0, Place(1, 2), "TUL-032")  # a sun space
    events = events_of(state, 0, Discard())
    assert kinds(events)[:2] == ["TileDiscarded", "LandscapeAchieved"]
    assert "TokenPlaced" not in kinds(events) and "StepDone" in kinds(events)
    state = play(GAME, state, 0, Discard())
    assert state.players[0].discarded == ["neutral-ORANGE-2"]
    assert state.players[0].edges.count(data.NO_TOKEN) == len(data.EDGES)
