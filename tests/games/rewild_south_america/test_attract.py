"""Attracting wildlife, predation and plant cards; biome completion."""

from __future__ import annotations

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.effects import count_symbol
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    EndTurn,
)
from core.games.rewild_south_america.state import State
from tests.games.conformance import play, refused

from .helpers import f, fresh, give, ready, show, tile


def wildlife(state: State, slot: int = 0) -> list[AttractWildlife]:
    return [
        m for m in GAME.legal_moves(state, 0) if isinstance(m, AttractWildlife) and m.slot == slot
    ]


def ex06_board() -> State:
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)], ext=(0, 2))
    give(state, 0, "W10", "S", [(0, 0), (1, 0)])  # rock cavy
    tile(state, 0, "S", [(4, 0), (4, 1), (5, 0)], ext=(5, 1))
    give(state, 0, "W28", "S", [(4, 0), (4, 1), (5, 0)])  # Chacoan peccary
    tile(state, 0, "R", [(2, 2)])
    tile(state, 0, "G", [(2, 4), (3, 4)])
    give(state, 0, "W14", "G", [(2, 4), (3, 4)])  # Brazilian guinea pig
    show(state, "W01", 0)  # Dinoponera
    return ready(state)


def test_rw_ex06_dinoponera_two_choices() -> None:
    """RW-EX06, RW-101, RW-102, RW-103, RW-105: exactly two legal placements."""
    state = ex06_board()
    assert wildlife(state) == [
        AttractWildlife(0, "S", (f(0, 1), f(0, 2))),
        AttractWildlife(0, "R", (f(2, 2),)),
    ]
    refused(GAME, state, 0, AttractWildlife(0, "S", (f(0, 2), f(5, 1))), "RW-103")
    refused(GAME, state, 0, AttractWildlife(0, "G", (f(2, 4), f(3, 4))), "RW-102")
    out = play(GAME, state, 0, AttractWildlife(0, "S", (f(0, 1), f(0, 2))))
    uid = out.players[0].cards[-1].uid
    assert out.players[0].occ[f(0, 1)] == out.players[0].occ[f(0, 2)] == uid  # RW-105
    assert out.players[0].cards[-1].biome == "S"


def test_rw_ex01_toucan_needs_two_grassland_hexes() -> None:
    """RW-EX01, RW-016: one free grassland hex is not enough; shrubland is not shown."""
    state = fresh()
    tile(state, 0, "G", [(0, 0), (0, 1)])
    give(state, 0, "W21", "G", [(0, 0)])
    tile(state, 0, "S", [(3, 1), (3, 2), (4, 2)])
    show(state, "W18", 0)
    state = ready(state)
    assert wildlife(state) == []
    refused(GAME, state, 0, AttractWildlife(0, "G", (f(0, 1),)), "RW-101")
    refused(GAME, state, 0, AttractWildlife(0, "S", (f(3, 1), f(3, 2))), "RW-016")


def test_rw_ex04_giant_anteater_four_three_or_one() -> None:
    """RW-EX04: 4 shrubland, 3 grassland/wetland or 1 rainforest hexes."""
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)], ext=(0, 2))
    tile(state, 0, "G", [(3, 0), (3, 1)])
    tile(state, 0, "W", [(3, 2), (3, 3)])
    tile(state, 0, "R", [(6, 4)])
    show(state, "W27", 0)
    state = ready(state)
    sizes = {(m.biome, len(m.fields)) for m in wildlife(state)}
    assert sizes == {("S", 4), ("G", 3), ("R", 1)}
    out = play(GAME, state, 0, AttractWildlife(0, "G", (f(3, 0), f(3, 1), f(3, 2))))
    assert sum(1 for uid in out.players[0].occ if uid >= 0) == 3  # RW-079 mixed G/W


def test_rw_ex05_biomes_cannot_be_mixed() -> None:
    """RW-EX05, RW-104, RW-079: shrubland + grassland no; grassland + wetland yes."""
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    give(state, 0, "W10", "S", [(0, 0), (1, 0)])
    tile(state, 0, "G", [(0, 2), (0, 3)])
    give(state, 0, "W21", "G", [(0, 3)])
    show(state, "W14", 0)  # guinea pig: S2 or G2
    state = ready(state)
    assert wildlife(state) == []
    refused(GAME, state, 0, AttractWildlife(0, "S", (f(0, 1), f(0, 2))), "RW-104")
    state2 = fresh()
    tile(state2, 0, "G", [(0, 0), (0, 1)])
    tile(state2, 0, "W", [(0, 2), (0, 3)])
    give(state2, 0, "W21", "G", [(0, 0)])
    give(state2, 0, "W30", "G", [(0, 3)])
    show(state2, "W14", 0)
    state2 = ready(state2)
    assert AttractWildlife(0, "G", (f(0, 1), f(0, 2))) in wildlife(state2)


def ex07_board() -> tuple[State, dict[str, int]]:
    state = fresh()
    uids = {
        "cavy": give(state, 0, "W10", "S"),
        "agouti": give(state, 0, "W11", "G"),
        "peccary": give(state, 0, "W28", "G"),
        "dino": give(state, 0, "W01", "R"),
    }
    show(state, "P01", 0)  # ocelot
    return ready(state), uids


def test_rw_ex07_ocelot_only_on_the_agouti() -> None:
    """RW-EX07, RW-108, RW-109, RW-110, RW-136: right type, right biome, 6 VP."""
    state, uids = ex07_board()
    listed = [
        m for m in GAME.legal_moves(state, 0) if isinstance(m, AttractPredation) and m.slot == 0
    ]
    assert listed == [AttractPredation(0, uids["agouti"])]
    refused(GAME, state, 0, AttractPredation(0, uids["cavy"]), "RW-108")
    refused(GAME, state, 0, AttractPredation(0, uids["dino"]), "RW-108")
    out = play(GAME, state, 0, AttractPredation(0, uids["agouti"]))
    player = out.players[0]
    assert player.score == 6 and player.cards[-1].biome == "G"
    assert player.cards[-1].on == uids["agouti"]
    assert [c.covered for c in player.cards[:4]] == [False, True, False, False]
    assert sum(1 for u in player.occ if u >= 0) == 0  # RW-110: no markers


def test_rw_ex02_maned_wolf_grassland_only() -> None:
    """RW-EX02: a small herbivore in the shrubland row is no prey for the maned wolf."""
    state = fresh()
    cavy = give(state, 0, "W10", "S")
    agouti = give(state, 0, "W11", "G")
    show(state, "P02", 0)
    state = ready(state)
    refused(GAME, state, 0, AttractPredation(0, cavy), "RW-108")
    assert AttractPredation(0, agouti) in GAME.legal_moves(state, 0)


def test_rw_107_one_predation_card_per_turn() -> None:
    """RW-107, RW-034: a second predation card in the same turn is refused."""
    state = fresh()
    a = give(state, 0, "W11", "G")
    b = give(state, 0, "W14", "G")
    show(state, "P01", 0)
    show(state, "P02", 1)
    state = play(GAME, ready(state), 0, AttractPredation(0, a))
    refused(GAME, state, 0, AttractPredation(1, b), "RW-107")


def test_rw_ex34_predation_on_predation_and_scavenger() -> None:
    """RW-EX34, RW-111, RW-112, RW-117, RW-137: jaguar on the ocelot, 8 VP; the
    agouti is never prey again; the caracara scores 2 predated x 3."""
    state = fresh()
    agouti = give(state, 0, "W11", "G")
    ocelot = give(state, 0, "P01", "G", on=agouti)
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    show(state, "P03", 0)
    show(state, "W34", 0)
    state = ready(state)
    refused(GAME, state, 0, AttractPredation(0, agouti), "RW-112")
    state = play(GAME, state, 0, AttractPredation(0, ocelot))
    assert state.players[0].score == 8
    visible = [c for c in state.players[0].cards if not c.covered]
    assert len(visible) == 1  # the jaguar replaces the ocelot: count unchanged
    state = play(GAME, state, 0, AttractWildlife(0, "S", (f(0, 0), f(0, 1), f(1, 0))))
    assert state.players[0].score == 8 + 6


def test_rw_ex08_water_lily_grassland_only() -> None:
    """RW-EX08, RW-121, RW-122: pay 1 seed, only the grassland row."""
    state = fresh()
    show(state, "L01", 0)
    state = ready(state, stock=(4, 4, 1))
    refused(GAME, state, 0, AttractPlant(0, "S"), "RW-122")
    out = play(GAME, state, 0, AttractPlant(0, "G"))
    assert out.players[0].stock == [4, 4, 0] and out.players[0].cards[-1].biome == "G"
    poor = ready(state, stock=(4, 4, 0))
    refused(GAME, poor, 0, AttractPlant(0, "G"), "RW-121")


def test_rw_122_a_plant_without_prey_has_one_encoding() -> None:
    """RW-122: a plant needs no prey, so its move names none (prey -1, as listed):
    -2 or a huge number is not a second way to write the same action."""
    state = fresh()
    show(state, "L01", 0)
    state = ready(state, stock=(4, 4, 1))
    assert AttractPlant(0, "G") in GAME.legal_moves(state, 0)
    for prey in (-2, -(1 << 31), -(1 << 63), 5):
        refused(GAME, state, 0, AttractPlant(0, "G", prey), "RW-122", "no-prey")


def test_rw_ex09_completion() -> None:
    """RW-EX09, RW-023, RW-124, RW-125, RW-126, RW-119, RW-127."""
    state = fresh()
    give(state, 0, "W02", "G")  # mosquito
    agouti = give(state, 0, "W11", "G")
    give(state, 0, "P01", "G", on=agouti)
    show(state, "L01", 0)
    state = ready(state, stock=(4, 4, 1))
    state = play(GAME, state, 0, AttractPlant(0, "G"))
    player = state.players[0]
    assert player.score == 6 and player.completed == [False, True, False]
    assert state.phase == "attract" and EndTurn() in GAME.legal_moves(state, 0)


def test_rw_120_one_plant_per_turn() -> None:
    """RW-120: a second plant in a turn is refused."""
    state = fresh()
    show(state, "L01", 0)
    show(state, "L04", 1)
    state = play(GAME, ready(state, stock=(4, 4, 5)), 0, AttractPlant(0, "G"))
    refused(GAME, state, 0, AttractPlant(1, "S"), "RW-120")


def test_rw_ex03_any_order() -> None:
    """RW-EX03, RW-096, RW-097, RW-099: predation, wildlife, plant, wildlife."""
    state = fresh()
    tile(state, 0, "R", [(0, 0)])
    tile(state, 0, "R", [(2, 0)])
    agouti = give(state, 0, "W11", "G")
    show(state, "P01", 0)
    show(state, "W07", 0)
    show(state, "W09", 1)
    show(state, "L04", 0)
    state = ready(state, stock=(4, 4, 1))
    state = play(
        GAME,
        state,
        0,
        AttractPredation(0, agouti),
        AttractWildlife(0, "R", (f(0, 0),)),
        AttractPlant(0, "S"),
        AttractWildlife(1, "R", (f(2, 0),)),
    )
    assert len(state.players[0].cards) == 5


def test_rw_ex16_tree_animal_directly_on_an_empty_tree() -> None:
    """RW-EX16, RW-090, RW-082, RW-083: the howler goes on the tree, +4 VP; a card
    without the tree symbol cannot use it."""
    state = fresh()
    t = tile(state, 0, "R", [(3, 3)], tree=True)
    give(state, 0, "W11", "R", [(3, 3)])
    show(state, "W24", 0)
    show(state, "W07", 1)
    state = ready(state)
    assert wildlife(state) == [AttractWildlife(0, "R", (), 0, t)]
    assert wildlife(state, 1) == []
    refused(GAME, state, 0, AttractWildlife(1, "R", (), 0, t), "RW-083")
    out = play(GAME, state, 0, AttractWildlife(0, "R", (), 0, t))
    assert out.players[0].score == 4 and out.players[0].tiles[t].canopy >= 0


def test_rw_ex18_hex_plant() -> None:
    """RW-EX18, RW-146, RW-148, RW-149: a tall-tree animal on the plant's hex; the
    plant hex shows no rainforest symbol."""
    state = fresh()
    give(state, 0, "L12", "R")  # tank bromeliad: one rainforest hex
    show(state, "W24", 0)
    state = ready(state)
    assert wildlife(state) == [AttractWildlife(0, "R", (), 1)]
    out = play(GAME, state, 0, AttractWildlife(0, "R", (), 1))
    player = out.players[0]
    assert player.plant_hexes == [0, 0, 0] and player.cards[-1].meeple == -1
    assert count_symbol(player, "R") == 0


def test_rw_ex21_carnivorous_plant() -> None:
    """RW-EX21, RW-123, RW-152: on a visible insect, 5 VP; without one, refused."""
    state = fresh()
    show(state, "L22", 0)
    state = ready(state, stock=(4, 4, 2))
    refused(GAME, state, 0, AttractPlant(0, "S"), "RW-123")
    state = fresh()
    insect = give(state, 0, "W05", "S")
    show(state, "L22", 0)
    state = ready(state, stock=(4, 4, 2))
    out = play(GAME, state, 0, AttractPlant(0, "S", insect))
    assert out.players[0].score == 5 and out.players[0].stock[2] == 0
    assert out.players[0].cards[0].covered


def test_rw_ex20_ananas() -> None:
    """RW-EX20, RW-150: +5 VP."""
    state = fresh()
    show(state, "L13", 0)
    out = play(GAME, ready(state, stock=(4, 4, 3)), 0, AttractPlant(0, "S"))
    assert out.players[0].score == 5


def test_rw_150_resource_plant_respects_the_cap() -> None:
    """RW-150, RW-005: the Açaí palm's 3 water stop at 10."""
    state = fresh()
    show(state, "L14", 0)
    out = play(GAME, ready(state, stock=(4, 9, 2)), 0, AttractPlant(0, "R"))
    assert out.players[0].stock == [4, 10, 0]


def test_rw_106_immediate_effects_at_once() -> None:
    """RW-106, RW-128, RW-131: the firefly counts insects including itself."""
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    give(state, 0, "W05", "G")
    show(state, "W08", 0)
    out = play(GAME, ready(state), 0, AttractWildlife(0, "S", (f(0, 0), f(0, 1))))
    assert out.players[0].score == 2 * 2


def test_rw_092_rw_094_biome_rows() -> None:
    """RW-092: a card goes into the chosen biome row; RW-094: it stays there, in the
    order of attraction."""
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    tile(state, 0, "R", [(3, 3)])
    show(state, "W01", 0)
    show(state, "W07", 1)
    state = ready(state)
    refused(GAME, state, 0, AttractWildlife(0, "X", (f(3, 3),)), "RW-092")
    state = play(
        GAME,
        state,
        0,
        AttractWildlife(0, "S", (f(0, 0), f(0, 1))),
        AttractWildlife(1, "R", (f(3, 3),)),
    )
    assert [(c.card, c.biome) for c in state.players[0].cards] == [("W01", "S"), ("W07", "R")]
    state = play(GAME, state, 0, EndTurn())
    assert [(c.card, c.biome) for c in state.players[0].cards] == [("W01", "S"), ("W07", "R")]


def test_rw_095_requirements_at_that_moment() -> None:
    """RW-095: a card that cannot be placed becomes attractable once the tile placed
    this turn gives it room."""
    from core.games.rewild_south_america.moves import PlaceTile, PlayAction

    state = fresh()
    show(state, "W07", 0)
    state = ready(state, "play")
    state = play(GAME, state, 0, PlayAction("R1", "top"))
    assert not any(isinstance(m, AttractWildlife) for m in GAME.legal_moves(state, 0))
    state = play(GAME, state, 0, PlaceTile((f(1, 1),)))
    assert AttractWildlife(0, "R", (f(1, 1),)) in GAME.legal_moves(state, 0)
