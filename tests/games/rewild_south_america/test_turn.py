"""Turn structure, player cards, harvest, display refill and the end."""

from __future__ import annotations

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.data import ACTIONS, HARVEST
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractWildlife,
    EndTurn,
    Harvest,
    PlayAction,
)
from core.games.rewild_south_america.state import State
from tests.games.conformance import build, play, refused

from .helpers import f, fresh, give, ready, show, tile


def test_rw_231_rw_024_rw_026_setup() -> None:
    """RW-024, RW-026, RW-029, RW-231, RW-022, RW-007: same setup for 2, 3 and 4 players."""
    for seats in (2, 3, 4):
        state = build(GAME, seats, 5)
        assert [len(row) for row in state.display] == [5, 3, 3]
        assert all(all(row) for row in state.display)
        for player in state.players:
            assert player.stock == [4, 4, 1] and player.score == 0
            assert sorted(player.hand) == sorted([*ACTIONS, HARVEST]) and not player.tiles
        assert [len(d) for d in state.decks] == [50, 23, 25]  # RW-025: base decks only


def test_rw_037_rw_040_played_cards_stay_out_until_harvest() -> None:
    """RW-037, RW-039, RW-040, RW-042: a played card lies in front, upright half noted,
    and cannot be played again until the harvest returns it."""
    state = play(GAME, ready(fresh(), "play"), 0, PlayAction("R1", "bottom"), EndTurn())
    assert state.players[0].played == ["R1:bottom"]
    state = play(GAME, state, 1, Harvest())
    refused(GAME, state, 0, PlayAction("R1", "top"), "RW-040")
    state = play(GAME, state, 0, Harvest())
    assert sorted(state.players[0].hand) == sorted([*ACTIONS, HARVEST])
    assert state.players[0].played == []


def test_rw_ex27_harvest_and_cap() -> None:
    """RW-EX27, RW-043, RW-044, RW-045, RW-004, RW-005, RW-049."""
    state = fresh()
    tile(state, 0, "R", [(0, 0)], tree=True)
    tile(state, 0, "R", [(0, 2)])
    tile(state, 0, "G", [(2, 0), (2, 1)])
    tile(state, 0, "W", [(2, 3), (2, 4)])
    tile(state, 0, "W", [(4, 3), (4, 4)])
    tile(state, 0, "S", [(6, 0), (6, 1), (5, 0)], ext=(5, 1))
    tile(state, 0, "S", [(6, 3), (6, 4), (5, 3)])
    player = state.players[0]
    for card in ("S1", "G1", "R1", "S2"):
        player.hand.remove(card)
        player.played.append(f"{card}:top")
    state = ready(state, "play", (5, 9, 3))
    state = play(GAME, state, 0, Harvest())
    player = state.players[0]
    assert player.stock == [5, 10, 10]
    assert sorted(player.hand) == sorted([*ACTIONS, HARVEST]) and player.played == []
    assert state.current == 1 and state.phase == "play"  # RW-049: no attracting


def test_rw_ex28_forced_harvest() -> None:
    """RW-EX28, RW-046, RW-047, RW-048: only the harvest is playable."""
    state = fresh()
    player = state.players[0]
    player.hand = ["G2", "R2", HARVEST]
    player.played = ["S1:top", "S2:top", "G1:top", "R1:top"]
    state = ready(state, "play", (0, 0, 2))
    assert GAME.legal_moves(state, 0) == [Harvest()]
    refused(GAME, state, 0, PlayAction("G2", "top"), "RW-047")
    state = play(GAME, state, 0, Harvest())
    assert state.players[0].stock == [0, 1, 2]


def test_rw_035_attract_only_after_an_action() -> None:
    """RW-035, RW-093: attracting comes after playing an action card."""
    state = ready(fresh(), "play")
    refused(GAME, state, 0, AttractPlant(0, "S"), "RW-037")
    refused(GAME, state, 0, EndTurn(), "RW-037")


def wildlife_row(state: State, cards: list[str]) -> None:
    for slot, card in enumerate(cards):
        show(state, card, slot)


def test_rw_ex29_refill_order() -> None:
    """RW-EX29, RW-030, RW-031: A B C D E, B and D attracted, X over Y -> Y X A C E."""
    state = fresh()
    a, b, c, d, e, x, y = "W01", "W02", "W03", "W04", "W05", "W06", "W07"
    wildlife_row(state, [a, b, c, d, e])
    tile(state, 0, "G", [(0, 0), (0, 1)])
    tile(state, 0, "G", [(3, 0), (3, 1)])
    give(state, 0, b, "G", [(0, 0)])
    give(state, 0, d, "G", [(3, 0), (3, 1)])
    deck = state.decks[0]
    deck.remove(x)
    deck.remove(y)
    deck += [y, x]  # X on top
    state = ready(state, "attract")
    assert state.display[0] == [a, "", c, "", e]  # RW-032: empty until the turn ends
    state = play(GAME, state, 0, EndTurn())
    assert state.display[0] == [y, x, a, c, e]


def test_rw_ex30_removal_action() -> None:
    """RW-EX30, RW-052, RW-033, RW-059, RW-032, RW-005."""
    state = fresh()
    p, q, r = "L13", "L04", "L10"
    for slot, card in enumerate((p, q, r)):
        show(state, card, slot)
    state = ready(state, "play", (9, 4, 1))
    state = play(GAME, state, 0, PlayAction("S1", "bottom"))
    assert state.players[0].stock == [10, 4, 1] and state.removed == [r]
    assert state.display[2] == [p, q, ""]
    assert AttractPlant(1, "S") in GAME.legal_moves(state, 0)  # Q can still be taken
    top = state.decks[2][-1]
    state = play(GAME, state, 0, EndTurn())
    assert state.display[2] == [top, p, q]


def test_rw_055_rw_057_other_gains_remove_their_rows() -> None:
    """RW-055 (3 water, rightmost predation card), RW-057 (3 seeds, rightmost wildlife)."""
    state = ready(fresh(), "play")
    rightmost = state.display[1][2]
    out = play(GAME, state, 0, PlayAction("G1", "bottom"))
    assert out.players[0].stock == [4, 7, 1] and out.removed == [rightmost]
    rightmost = state.display[0][4]
    out = play(GAME, state, 0, PlayAction("R1", "bottom"))
    assert out.players[0].stock == [4, 4, 4] and out.removed == [rightmost]


def _harvest_round(state: State) -> State:
    for _ in range(state.seats):
        state = play(GAME, state, state.current, Harvest())
    return state


def end_board(state: State, seat: int) -> State:
    """Seat `seat` holds 7 visible animals and a free rainforest hex; the orchid
    bee (1 rainforest hex) is displayed."""
    for card in ("W10", "W11", "W14", "W16", "W17", "W20", "W23"):
        give(state, seat, card, "S")
    tile(state, seat, "R", [(3, 3)])
    show(state, "W07", 0)
    return state


def test_rw_ex31_end_timing() -> None:
    """RW-EX31, RW-153, RW-157, RW-233: B's 8th animal in round 6 -> round 7 is last."""
    state = end_board(fresh(3), 1)
    state.round, state.current = 6, 1
    state = ready(state, "play")
    state = play(GAME, state, 1, PlayAction("R1", "top"), *[])
    state = play(GAME, state, 1, GAME.legal_moves(state, 1)[0])  # place a rainforest
    moves = [m for m in GAME.legal_moves(state, 1) if isinstance(m, AttractWildlife)]
    state = play(GAME, state, 1, moves[0])
    assert state.final_round == 7
    state = play(GAME, state, 1, EndTurn())
    state = play(GAME, state, 2, Harvest())  # C finishes round 6
    assert state.round == 7 and state.current == 0
    state = play(GAME, state, 0, Harvest())
    state = play(GAME, state, 1, Harvest())
    assert state.phase != "over"
    state = play(GAME, state, 2, Harvest())
    assert state.phase == "over"


def test_rw_233_a_second_trigger_changes_nothing() -> None:
    """RW-233: a trigger in the final round does not extend it."""
    state = end_board(fresh(3), 0)
    state.round, state.final_round = 7, 7
    state = ready(state, "play")
    state = play(GAME, state, 0, PlayAction("R1", "top"))
    state = play(GAME, state, 0, GAME.legal_moves(state, 0)[0])
    moves = [m for m in GAME.legal_moves(state, 0) if isinstance(m, AttractWildlife)]
    state = play(GAME, state, 0, moves[0], EndTurn())
    assert state.final_round == 7
    state = play(GAME, state, 1, Harvest())
    state = play(GAME, state, 2, Harvest())
    assert state.phase == "over"


def test_rw_155_last_wildlife_card_triggers_the_end() -> None:
    """RW-155, RW-EX31: the refill that reveals the last wildlife card ends the round
    after next... here: the refill after C's round-6 turn makes round 7 the last."""
    state = fresh(3)
    state.round, state.current = 6, 2
    tile(state, 2, "R", [(3, 3)])
    show(state, "W07", 0)
    deck = state.decks[0]
    while len(deck) > 1:
        state.removed.append(deck.pop())
    state = ready(state, "attract")
    state = play(GAME, state, 2, AttractWildlife(0, "R", (f(3, 3),)))
    state = play(GAME, state, 2, EndTurn())
    assert state.decks[0] == [] and state.final_round == 7
    state = _harvest_round(state)
    assert state.phase == "over"


def test_rw_154_a_full_board_triggers_the_end() -> None:
    """RW-154: the tile that fills the last empty field triggers the end; RW-020 (read
    with RW-GAP05's engine default): the supply is unlimited, so a 35th rainforest tile
    is there although the provisional count is 20."""
    state = fresh()
    player = state.players[0]
    for c in range(7):
        for r in range(5):
            if (c, r) != (6, 4):
                tile(state, 0, "R", [(c, r)])
    player.hand.remove("R1")
    player.played.append("R1:top")
    state = ready(state, "place", (4, 4, 1))
    state = play(GAME, state, 0, GAME.legal_moves(state, 0)[0])
    assert state.final_round == state.round + 1
    assert len(state.players[0].tiles) == 35


def test_rw_021_every_base_field_is_inside_the_boundary() -> None:
    """RW-021, RW-063: on the base side (RW-GAP01) a rainforest fits on all 35 fields."""
    from core.games.rewild_south_america.moves import PlaceTile

    state = fresh()
    state.players[0].hand.remove("R1")
    state.players[0].played.append("R1:top")
    state = ready(state, "place", (10, 10, 0))
    assert len([m for m in GAME.legal_moves(state, 0) if isinstance(m, PlaceTile)]) == 35
