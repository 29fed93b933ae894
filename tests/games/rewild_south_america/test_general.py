"""General concepts, card kinds, symbols and the smaller effect rules."""

from __future__ import annotations

import pytest

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.data import ACTION_CARDS, PLANTS, PREDATION, WILDLIFE
from core.games.rewild_south_america.effects import count_symbol
from core.games.rewild_south_america.events import Completed, Scored
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    EndTurn,
    Harvest,
    PlayAction,
)
from core.kernel import SetupError
from tests.games.conformance import build, play, refused

from .helpers import f, fresh, give, ready, show, tile


def test_rw_001_two_to_four_players() -> None:
    """RW-001: 2-4 players compete (solo mode follows with the next issue)."""
    for seats in (2, 3, 4):
        assert len(build(GAME, seats).players) == seats
    with pytest.raises(SetupError):
        GAME.setup(5, 1, {})


def test_rw_002_rw_006_most_vp_wins_and_vp_are_unbounded() -> None:
    """RW-002, RW-006, RW-003: VP on the track, no upper limit; most VP wins."""
    state = fresh()
    state.players[1].score = 130
    state.players[0].score = 99
    result = GAME.outcome(ready(state, "over"))
    assert result is not None and result.scores == [99, 130] and result.winners == [1]
    assert [len(p.stock) for p in state.players] == [3, 3]  # mineral, water, seed


def test_rw_008_rw_080_five_symbols_wetland_is_not_grassland() -> None:
    """RW-008, RW-080, RW-091: five symbols; a wetland tile is no grassland symbol;
    a tree keeps its rainforest symbol."""
    state = fresh()
    tile(state, 0, "G", [(0, 0), (0, 1)])
    tile(state, 0, "W", [(2, 0), (2, 1)])
    tile(state, 0, "R", [(4, 0)], tree=True)
    tile(state, 0, "S", [(0, 2), (0, 3), (1, 2)])
    player = state.players[0]
    assert [count_symbol(player, s) for s in "SGWRT"] == [1, 1, 1, 1, 1]


def test_rw_009_to_rw_015_card_kinds() -> None:
    """RW-009, RW-010, RW-011, RW-012, RW-013, RW-014, RW-015: card kinds and timings."""
    animal_types = {"insect", "small_herbivore", "medium_herbivore", "large_herbivore"}
    animal_types |= {"predator", "apex_predator"}
    for card in WILDLIFE:
        assert card.type in animal_types and card.effect.kind != "predation"
        assert card.timing in ("immediate", "end")  # RW-013
    for card in PREDATION:
        assert card.type in {"predator", "apex_predator"}
        assert card.effect.kind == "predation" and card.timing == "immediate"  # RW-014
    for card in PLANTS:
        assert card.type == "plant" and card.cost >= 1  # RW-015
    # RW-011: plants never count as animals for the end trigger (RW-156)
    state = fresh()
    for card in ("W10", "W11", "W14", "W16", "W17", "W20", "W23"):
        give(state, 0, card, "S")
    cavy = state.players[0].cards[0].uid
    give(state, 0, "P05", "S", on=cavy)  # jaguarundi covers the cavy: still 7 visible
    show(state, "L04", 0)
    state = play(GAME, ready(state, stock=(4, 4, 1)), 0, AttractPlant(0, "S"))
    assert state.final_round == 0  # RW-156: 7 visible animals + a plant


def test_rw_012_end_effects_wait_for_the_end() -> None:
    """RW-012, RW-159: an end-game effect scores nothing when attracted."""
    state = fresh()
    tile(state, 0, "G", [(0, 0), (0, 1)])
    tile(state, 0, "G", [(1, 1), (1, 2)])
    show(state, "W28", 0)
    out = play(GAME, ready(state), 0, AttractWildlife(0, "G", (f(0, 1), f(1, 1), f(1, 2))))
    assert out.players[0].score == 0 and out.players[0].cards[-1].card == "W28"


def test_rw_027_rw_028_start_player_and_turn_order() -> None:
    """RW-027: the start player comes from the seed; RW-028, RW-157: seats move in a
    fixed order and a round begins with the start player."""
    starts = {build(GAME, 4, seed).start for seed in range(12)}
    assert len(starts) > 1
    state = build(GAME, 3, 3)
    assert state.current == state.start
    other = (state.start + 1) % 3
    refused(GAME, state, other, Harvest(), "RW-028")
    state = play(GAME, state, state.start, Harvest())
    assert state.current == other and state.round == 1
    state = play(GAME, state, other, Harvest())
    state = play(GAME, state, (other + 1) % 3, Harvest())
    assert state.current == state.start and state.round == 2


def test_rw_036_rw_050_the_player_cards() -> None:
    """RW-036, RW-050: 6 action cards whose top halves place tiles, and a harvest card."""
    assert len(ACTION_CARDS) == 6
    assert [c.top.action for c in ACTION_CARDS] == ["place_" + c.id[0] for c in ACTION_CARDS]
    assert all(not c.bottom.action.startswith("place") for c in ACTION_CARDS)
    hands = {tuple(sorted(p.hand)) for p in build(GAME, 4).players}
    assert len(hands) == 1


def test_rw_038_one_of_the_two_actions() -> None:
    """RW-038: the bottom action of Shrubland 1 places no tile."""
    state = play(GAME, ready(fresh(), "play"), 0, PlayAction("S1", "bottom"))
    assert state.phase == "attract" and not state.players[0].tiles


def test_rw_041_only_upright_symbols_count() -> None:
    """RW-041, RW-060: a played card counts the symbol of its upright half only; hand
    cards count nothing."""
    state = fresh()
    player = state.players[0]
    assert count_symbol(player, "S") == 0
    player.hand.remove("S1")
    player.played.append("S1:bottom")  # no symbol
    player.hand.remove("S2")
    player.played.append("S2:top")  # shrubland symbol
    assert count_symbol(player, "S") == 1


def test_rw_084_rw_085_branch_meeple_marks_the_hex() -> None:
    """RW-084, RW-085, RW-017: a tall-tree animal's meeple marks its hex like a marker;
    a tree later lifts it (+4 VP, RW-017)."""
    state = fresh()
    tile(state, 0, "R", [(3, 3)])
    show(state, "W24", 0)
    state = play(GAME, ready(state), 0, AttractWildlife(0, "R", (f(3, 3),)))
    card = state.players[0].cards[-1]
    assert card.meeple == f(3, 3) and state.players[0].occ[f(3, 3)] == card.uid


def test_rw_098_rw_100_several_copies_and_five_wildlife() -> None:
    """RW-098, RW-100: five wildlife cards in one turn, two copies of one card."""
    state = fresh()
    for c in range(5):
        tile(state, 0, "R", [(c, 0)])
    for slot, card in enumerate(("W07", "W09", "W06", "W02")):
        show(state, card, slot)
    state.decks[0].remove("W02")  # the second copy
    state.decks[0].insert(0, state.display[0][4])
    state.display[0][4] = "W02"
    state = ready(state)
    moves = [AttractWildlife(s, "R", (f(s, 0),)) for s in range(5)]
    state = play(GAME, state, 0, *moves)
    assert [c.card for c in state.players[0].cards].count("W02") == 2
    assert state.display[0] == [""] * 5


def test_rw_113_rw_118_prey_keeps_its_markers_and_is_no_plant_target() -> None:
    """RW-113: the prey's markers stay; RW-118: a predated insect is no target of the
    carnivorous plant."""
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    ant = give(state, 0, "W05", "S", [(0, 0), (0, 1)])
    show(state, "P06", 0)
    show(state, "L22", 0)
    state = play(GAME, ready(state, stock=(4, 4, 2)), 0, AttractPredation(0, ant))
    assert state.players[0].occ[f(0, 0)] == ant
    refused(GAME, state, 0, AttractPlant(0, "S", ant), "RW-123")


def test_rw_139_rw_141_rw_142_immediate_effects() -> None:
    """RW-139 per resource (hyacinth macaw, 2 per seed), RW-141 gain (termite, 2
    minerals, capped), RW-142 per covered field (greater rhea, 1 each)."""
    state = fresh()
    tile(state, 0, "G", [(0, 0), (0, 1)])
    tile(state, 0, "G", [(2, 0), (2, 1)])
    tile(state, 0, "S", [(4, 0), (4, 1), (5, 0)])
    for slot, card in enumerate(("W22", "W05", "W32")):
        show(state, card, slot)
    state = ready(state, stock=(9, 4, 3))
    out = play(GAME, state, 0, AttractWildlife(0, "G", (f(0, 0), f(0, 1))))
    assert out.players[0].score == 6
    out = play(GAME, state, 0, AttractWildlife(1, "G", (f(2, 0), f(2, 1))))
    assert out.players[0].stock[0] == 10
    tile(state, 0, "S", [(4, 2), (4, 3), (5, 2)])
    state = ready(state)
    out = play(GAME, state, 0, AttractWildlife(2, "S", (f(4, 0), f(4, 1), f(4, 2), f(5, 0))))
    assert out.players[0].score == 10  # 2 + 2 + 3 + 3 covered fields


def test_rw_145_symbol_plants_count() -> None:
    """RW-145, RW-132: the Mandacaru cactus' shrubland symbol counts for the rock cavy."""
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    give(state, 0, "L04", "S")
    show(state, "W10", 0)
    out = play(GAME, ready(state), 0, AttractWildlife(0, "S", (f(0, 0), f(0, 1))))
    assert out.players[0].score == 2 * 2  # tile + cactus


def test_rw_147_plant_hex_needs_no_adjacency() -> None:
    """RW-147: only the plant hex is exempt; board hexes stay connected."""
    state = fresh()
    tile(state, 0, "G", [(0, 0), (0, 1)])
    tile(state, 0, "G", [(4, 0), (4, 1)])
    give(state, 0, "L10", "G")  # golden grass: one grassland hex
    show(state, "W28", 0)  # Chacoan peccary: 3 grassland hexes
    state = ready(state)
    out = play(GAME, state, 0, AttractWildlife(0, "G", (f(0, 0), f(0, 1)), 1))
    assert out.players[0].plant_hexes[1] == 0
    refused(GAME, state, 0, AttractWildlife(0, "G", (f(0, 0), f(4, 0)), 1), "RW-103")


def test_rw_232_immediate_effect_before_completion() -> None:
    """RW-232, RW-099: the card's own effect resolves, then completion, in one move."""
    state = fresh()
    give(state, 0, "W05", "S")
    give(state, 0, "W39", "S")
    give(state, 0, "L04", "S")
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    show(state, "W10", 0)
    state = ready(state)
    events = GAME.decide(state, 0, AttractWildlife(0, "S", (f(0, 0), f(0, 1))))
    kinds = [type(e) for e in events if isinstance(e, Scored | Completed)]
    assert kinds == [Scored, Completed, Scored]
    assert [e.vp for e in events if isinstance(e, Scored)] == [4, 6]


def test_rw_019_everything_but_the_decks_is_public() -> None:
    """RW-019: the display and every score are shown to every seat; no deck order."""
    state = build(GAME, 3, 4)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view.display == state.display and view.deck_sizes == [50, 23, 25]
        assert not hasattr(view, "decks") and not hasattr(view, "rng")


def test_rw_096_attracting_is_optional() -> None:
    """RW-096: ending the turn without attracting passes it."""
    state = play(GAME, ready(fresh(), "attract"), 0, EndTurn())
    assert state.current == 1 and state.phase == "play" and not state.players[0].cards
