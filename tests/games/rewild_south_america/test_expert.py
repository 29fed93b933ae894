"""The four expert modules (RW-164..RW-199) and the printed card totals (RW-018)."""

from __future__ import annotations

from collections import Counter
from itertools import product

import msgspec
import pytest

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.actions import placements, tile_cost
from core.games.rewild_south_america.data import (
    CARDS,
    DECKS,
    EXPERT_CARDS,
    EXPERT_PLANTS,
    PRINTED_TOTAL,
    deck_cards,
)
from core.games.rewild_south_america.modules.expert_board import retrigger_options
from core.games.rewild_south_america.modules.expert_cards import pending
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    Decline,
    EndTurn,
    Flip,
    Harvest,
    PlaceMeeple,
    PlayAction,
    Relocate,
    Retrigger,
)
from core.games.rewild_south_america.scoring import CardPoints, outcome
from core.games.rewild_south_america.state import Meeple, State, copy_state
from core.kernel import SetupError
from tests.games.conformance import play, refused

from .helpers import f, fresh, give, ready, show, tile

MODULES = ("long_game", "expert_plants", "expert_board", "expert_cards")


def test_rw_018_printed_totals_count_the_decks() -> None:
    """RW-018, RW-GAP15: the number printed on an animal card is the count of its type
    in the wildlife and predation decks (checked on import); no rule reads it."""
    animals = Counter(
        CARDS[c].type for deck in ("wildlife", "predation") for c in deck_cards(deck, False, False)
    )
    assert dict(animals) == PRINTED_TOTAL
    import inspect

    from core.games.rewild_south_america import actions, attract, effects, rules, scoring, solo

    for module in (rules, actions, attract, effects, scoring, solo):
        assert "PRINTED_TOTAL" not in inspect.getsource(module)


def test_rw_164_modules_are_independent_options() -> None:
    """RW-164: four independent module options, any combination with 1-4 players."""
    specs = {o.name: o for o in GAME.info.options}
    assert all(specs[m].group == "module" and specs[m].kind == "bool" for m in MODULES)
    assert specs["challenge"].group == "mode"
    for seats, flags in product(range(1, 5), product((False, True), repeat=4)):
        setup = GAME.setup(seats, 3, dict(zip(MODULES, flags, strict=True)))
        state = GAME.initial(setup)
        on = [bool(state.expert and getattr(state.expert, m)) for m in MODULES]
        assert on == list(flags)
    with pytest.raises(SetupError):
        GAME.setup(3, 1, {"challenge": True})


def test_rw_165_nine_animals_end_the_long_game() -> None:
    """RW-165: with module 1 the 8th visible animal does not trigger the end; the 9th
    does. Without it the 8th does (RW-153)."""
    for options, needed in (({}, 8), ({"long_game": True}, 9)):
        state = fresh(2, 1, **options)
        tile(state, 0, "R", [(6, 4)])
        for i, cid in enumerate(["W01", "W02", "W04", "W05", "W08", "W10", "W11", "W14"]):
            if i < needed - 1:
                give(state, 0, cid, "S")
        show(state, "W06", 0)  # blue morpho: 1 rainforest hex
        out = play(GAME, ready(state), 0, AttractWildlife(0, "R", (f(6, 4),)))
        assert out.final_round == 2
        fewer = fresh(2, 1, **options)
        tile(fewer, 0, "R", [(6, 4)])
        for cid in ["W01", "W02", "W04", "W05", "W08", "W10", "W11", "W14"][: needed - 2]:
            give(fewer, 0, cid, "S")
        show(fewer, "W06", 0)
        assert play(GAME, ready(fewer), 0, AttractWildlife(0, "R", (f(6, 4),))).final_round == 0


# -- module 2 ------------------------------------------------------------------------


def test_rw_166_expert_plants_join_the_plant_deck() -> None:
    """RW-166, RW-025: with module 2 the 7 EX plants are shuffled into the plant deck;
    without it they stay in the box."""
    with_ = fresh(2, 4, expert_plants=True)
    plants = Counter(with_.decks[2] + with_.display[2])
    assert sum(plants.values()) == 35 and all(plants[c.id] == 1 for c in EXPERT_PLANTS)
    base = fresh(2, 4)
    assert not {c.id for c in EXPERT_PLANTS} & set(base.decks[2] + base.display[2])


def switch_state(card: str, biome: str, minerals: int = 4) -> tuple[State, int]:
    state = fresh(2, 1, expert_plants=True)
    uid = give(state, 0, card, biome)
    show(state, "X04", 0)  # Guaraná
    return ready(state, stock=(minerals, 0, 2)), uid


def test_rw_ex36_rw_172_173_175_switch_to_immediate() -> None:
    """RW-EX36, RW-172, RW-173, RW-175: the Guaraná beside Dinoponera makes its effect
    immediate: +8 VP now (4 minerals x 2) and nothing at game end."""
    state, dino = switch_state("W01", "R")
    out = play(GAME, state, 0, AttractPlant(0, "R", dino))
    assert out.players[0].score == 8 and out.players[0].cards[-1].biome == "R"
    out.phase = "over"
    result = outcome(out)
    assert result is not None and not [p for p in result.end_points if p.card == "W01"]


def test_rw_ex36_rw_174_switch_to_end_game() -> None:
    """RW-EX36, RW-174: beside the rock cavy (immediate, already scored) nothing scores
    now, and at game end it scores 2 VP per shrubland symbol again."""
    state, cavy = switch_state("W10", "S")
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    out = play(GAME, ready(state), 0, AttractPlant(0, "S", cavy))
    assert out.players[0].score == 0
    out.phase = "over"
    result = outcome(out)
    assert result is not None and CardPoints(0, "W10", 2) in result.end_points


def test_rw_ex22_rw_176_no_target_without_a_timing() -> None:
    """RW-EX22, RW-176: a reserve plant (no effect timing) and a predated card are no
    targets of a switch plant; refused citing RW-176."""
    state, _ = switch_state("W01", "R")
    reserve = give(state, 0, "X01", "S")
    agouti = give(state, 0, "W11", "G")
    give(state, 0, "P02", "G", on=agouti)
    state = ready(state)
    targets = [m.prey for m in GAME.legal_moves(state, 0) if isinstance(m, AttractPlant)]
    assert reserve not in targets and agouti not in targets
    refused(GAME, state, 0, AttractPlant(0, "S", reserve), "RW-176")
    refused(GAME, state, 0, AttractPlant(0, "G", agouti), "RW-176")


def test_rw_178_predation_switched_scores_again_at_the_end() -> None:
    """RW-178: a predation card switched to end-game scores its printed VP again."""
    state, agouti = switch_state("W11", "G")
    ocelot = give(state, 0, "P01", "G", on=agouti)
    out = play(GAME, ready(state), 0, AttractPlant(0, "G", ocelot))
    out.phase = "over"
    result = outcome(out)
    assert result is not None and CardPoints(0, "P01", 6) in result.end_points


def test_rw_179_resources_switched_come_at_the_end() -> None:
    """RW-179: the termite's 2 minerals, switched to the end, arrive at game end, before
    Dinoponera counts minerals (the RW-158 reading)."""
    state, termite = switch_state("W05", "S", minerals=3)
    give(state, 0, "W01", "R")
    out = play(GAME, ready(state), 0, AttractPlant(0, "S", termite))
    assert out.players[0].stock[0] == 3
    out.phase = "over"
    result = outcome(out)
    assert result is not None and CardPoints(0, "W01", 10) in result.end_points


def two_switches(card: str, biome: str, rules: str = "") -> tuple[State, State, int]:
    """Guaraná on `card` in one turn, Yerba mate on the same card in the next, all by
    play: seat 1 harvests between, seat 0 plays Rainforest 1's bottom for the seeds.
    The states after the first and after the second switch."""
    state = fresh(2, 1, rules, expert_plants=True)
    uid = give(state, 0, card, biome)
    if biome == "S":
        tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    show(state, "X04", 0)  # Guaraná
    show(state, "X05", 1)  # Yerba mate
    first = play(GAME, ready(state, stock=(4, 0, 2)), 0, AttractPlant(0, biome, uid))
    later = play(GAME, play(GAME, first, 0, EndTurn()), 1, Harvest())
    later = play(GAME, later, 0, PlayAction("R1", "bottom"))  # 3 seeds
    second = AttractPlant(later.display[2].index("X05"), biome, uid)
    assert second in GAME.legal_moves(later, 0)  # a switched card is still a target
    return first, play(GAME, later, 0, second), uid


def end_vp(state: State, card: str) -> list[int]:
    over = copy_state(state)
    over.phase = "over"
    result = outcome(over)
    assert result is not None
    return [p.vp for p in result.end_points if p.card == card]


def test_rw_173_174_a_second_switch_turns_an_end_effect_back() -> None:
    """RW-173, RW-175, RW-174: Dinoponera (end: 2 VP a mineral) switched to immediate
    scores 8 at once; a second switch plant on it changes its effect type again, from
    immediate to end-game ("即時からゲーム終了時に、またはその逆"): nothing now, and it
    scores at game end. (Before rules 2 it scored 8 again at once, never at the end.)"""
    first, second, _ = two_switches("W01", "R")
    assert first.players[0].score == 8 and end_vp(first, "W01") == []
    assert second.players[0].score == 8 and end_vp(second, "W01") == [8]


def test_rw_173_175_a_second_switch_turns_an_immediate_effect_back() -> None:
    """RW-173, RW-174, RW-175: the rock cavy (immediate: 2 VP a shrubland symbol)
    switched to end-game scores nothing now and would score at the end; a second
    switch makes it immediate again, so it resolves at once (2 VP) and not at the end.
    (Before rules 2 the second switch did nothing and it still scored at the end.)"""
    first, second, _ = two_switches("W10", "S")
    assert first.players[0].score == 0 and end_vp(first, "W10") == [2]
    assert second.players[0].score == 2 and end_vp(second, "W10") == []


def test_rw_173_a_record_of_rules_1_keeps_its_second_switch() -> None:
    """RW-173 as rules 1 played it, for the records made then: the second switch left
    the card switched, so Dinoponera scored again at once and the cavy at the end."""
    _, second, dino = two_switches("W01", "R", rules="1")
    assert second.expert is not None and second.expert.switched == [dino, dino]
    assert second.players[0].score == 16 and end_vp(second, "W01") == []
    _, second, _ = two_switches("W10", "S", rules="1")
    assert second.players[0].score == 0 and end_vp(second, "W10") == [2]


def ex37_state() -> tuple[State, int, int, int]:
    state = fresh(2, 1, expert_plants=True)
    rain = tile(state, 0, "R", [(2, 3)], tree=True)
    guan = give(state, 0, "W33", "R")
    state.players[0].tiles[rain].canopy = guan
    morpho = give(state, 0, "W06", "R", [(2, 3)])
    show(state, "X06", 0)  # Jacaranda
    return ready(state, stock=(0, 0, 1)), rain, guan, morpho


def test_rw_ex37_rw_180_182_relocate_plant() -> None:
    """RW-EX37, RW-180, RW-182: the rainforest tile moves with its tree, the guan on top
    and the marker below to (6,0), scoring 3 VP (1 star); the Jacaranda joins the
    rainforest row; RW-181: (2,3) is an empty field a later tile may cover."""
    state, rain, guan, morpho = ex37_state()
    state = play(GAME, state, 0, AttractPlant(0, "R"))
    assert state.phase == "relocate" and state.players[0].cards[-1].card == "X06"
    assert state.players[0].cards[-1].biome == "R"
    out = play(GAME, state, 0, Relocate(rain, (f(6, 0),)))
    player = out.players[0]
    assert out.phase == "attract" and player.score == 3
    assert player.cover[f(2, 3)] == -1 and player.cover[f(6, 0)] == rain
    assert player.tiles[rain].tree and player.tiles[rain].canopy == guan
    assert player.occ[f(6, 0)] == morpho and player.occ[f(2, 3)] == -1
    player.stock = [3, 2, 0]
    assert (f(2, 3),) in placements(player, "R")


def test_rw_181_uncovered_bonuses_score_again() -> None:
    """RW-181: a star field a relocation uncovers scores again for the next tile there."""
    state = fresh(2, 1, expert_plants=True)
    rain = tile(state, 0, "R", [(6, 0)])
    show(state, "X07", 0)
    state = play(GAME, ready(state, stock=(0, 0, 1)), 0, AttractPlant(0, "R"))
    out = play(GAME, state, 0, Relocate(rain, (f(2, 3),)))
    assert out.players[0].score == 0
    assert tile_cost(out.players[0], "R", (f(6, 0),))[2] == 3


def test_rw_180_extension_moves_with_its_shrubland() -> None:
    """RW-180: an extended shrubland moves as one rigid piece, its extension with it."""
    state = fresh(2, 1, expert_plants=True)
    shrub = tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)], ext=(0, 2))
    show(state, "X06", 0)
    state = play(GAME, ready(state, stock=(0, 0, 1)), 0, AttractPlant(0, "S"))
    moves = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Relocate)]
    assert moves and all(m.tile == shrub and m.ext >= 0 for m in moves)
    out = play(GAME, state, 0, moves[-1])
    piece = out.players[0].tiles[shrub]
    assert sorted(f for f, t in enumerate(out.players[0].cover) if t == shrub) == sorted(
        [*piece.fields, piece.ext]
    )


def test_rw_183_meeple_tiles_cannot_move() -> None:
    """RW-183: a tile an expert meeple's configuration uses cannot be relocated (with
    modules 2 and 4); with no other tile the relocate plant cannot be taken."""
    state = fresh(2, 1, expert_plants=True, expert_cards=True)
    rain = tile(state, 0, "R", [(2, 3)])
    show(state, "X06", 0)
    state = ready(state, stock=(0, 0, 1))
    assert AttractPlant(0, "R") in GAME.legal_moves(state, 0)
    assert state.expert is not None
    state.expert.meeples.append(Meeple(0, 99, f(2, 3), [rain]))
    assert not [
        m for m in GAME.legal_moves(state, 0) if isinstance(m, AttractPlant) and m.slot == 0
    ]
    refused(GAME, state, 0, AttractPlant(0, "R"), "RW-182")


# -- module 3 ------------------------------------------------------------------------


def test_rw_184_expert_side_board() -> None:
    """RW-184, RW-GAP03: the expert side has 32 fields (three beyond its boundary) and
    its own bonuses: (3,0) is a 2-star field there, a 1-water field on the base side."""
    expert = fresh(2, 1, expert_board=True)
    player = expert.players[0]
    player.stock = [3, 2, 0]
    spots = placements(player, "R")
    assert len(spots) == 32 and (f(0, 4),) not in spots and (f(6, 0),) not in spots
    assert tile_cost(player, "R", (f(3, 0),)) == (3, 2, 6)
    assert tile_cost(fresh().players[0], "R", (f(3, 0),)) == (3, 1, 0)


def ex38_state() -> tuple[State, int]:
    state = fresh(2, 1, expert_board=True)
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    tile(state, 0, "S", [(2, 0), (2, 1), (3, 0)], ext=(3, 1))
    cavy = give(state, 0, "W10", "S", [(0, 0), (0, 1)])
    give(state, 0, "W05", "S", [(1, 0), (2, 0)])  # termite
    give(state, 0, "W39", "S", [(2, 1), (3, 0)])  # burrowing owl
    state.players[0].played = ["S1:top"]
    state.players[0].hand.remove("S1")
    show(state, "L04", 0)  # Mandacaru cactus
    show(state, "W16", 0)  # armadillo, for a later attraction
    return ready(state, stock=(0, 0, 1)), cavy


def test_rw_ex38_rw_185_186_187_retrigger() -> None:
    """RW-EX38, RW-185, RW-186: completing the shrubland on the expert side gives no 6 VP
    but a player marker and a re-trigger: the rock cavy again, 2 x 5 = 10 VP."""
    state, cavy = ex38_state()
    state = play(GAME, state, 0, AttractPlant(0, "S"))
    assert state.phase == "retrigger" and state.players[0].score == 0
    assert state.players[0].completed[0]
    assert Retrigger(cavy) in GAME.legal_moves(state, 0)
    out = play(GAME, state, 0, Retrigger(cavy))
    assert out.players[0].score == 10 and out.phase == "attract"


def test_rw_187_declined_retrigger_is_lost() -> None:
    """RW-187, RW-186: declining loses the chance; the biome stays complete and a later
    card in it re-triggers nothing."""
    state, _ = ex38_state()
    state = play(GAME, state, 0, AttractPlant(0, "S"), Decline())
    assert state.players[0].score == 0 and state.players[0].completed[0]
    tile(state, 0, "S", [(4, 0), (4, 1), (5, 0)])
    out = play(GAME, state, 0, AttractWildlife(0, "S", (f(4, 0), f(4, 1))))
    assert out.phase == "attract" and out.players[0].score == 2 * 1  # armadillo: 1 insect


def test_rw_187_no_retriggerable_card() -> None:
    """RW-187: a completed biome with only end-game effects offers no re-trigger."""
    state = fresh(2, 1, expert_board=True)
    give(state, 0, "W01", "S")  # insect, end
    give(state, 0, "W28", "S")  # large herbivore, end
    give(state, 0, "W36", "S")  # predator, end
    show(state, "L04", 0)
    out = play(GAME, ready(state, stock=(0, 0, 1)), 0, AttractPlant(0, "S"))
    assert out.players[0].completed[0] and out.phase == "attract" and out.players[0].score == 0


def retrigger_state() -> tuple[State, dict[str, int]]:
    state = fresh(2, 1, expert_board=True)
    uids = {cid: give(state, 0, cid, "S") for cid in ("L15", "W05", "W16", "W10")}
    uids["P05"] = give(state, 0, "P05", "S", on=uids["W16"])
    state.players[0].completed[0] = True
    return ready(state), uids


def test_rw_188_190_any_immediate_card_but_no_predated_one() -> None:
    """RW-188: a plant, a wildlife and a predation card with immediate effects can be
    re-triggered; RW-190: the predated armadillo cannot."""
    state, uids = retrigger_state()
    options = retrigger_options(state, 0, 0)
    assert Retrigger(uids["L15"]) in options and Retrigger(uids["W05"]) in options
    assert Retrigger(uids["P05"], uids["W10"]) in options
    assert all(m.uid != uids["W16"] for m in options)


def test_rw_189_predation_stack_moves() -> None:
    """RW-189: the jaguarundi moves with the armadillo beneath it onto the rock cavy and
    scores its 4 VP again."""
    state, uids = retrigger_state()
    assert state.expert is not None
    state.expert.back, state.expert.biome, state.phase = "attract", 0, "retrigger"
    out = play(GAME, state, 0, Retrigger(uids["P05"], uids["W10"]))
    cards = {c.uid: c for c in out.players[0].cards}
    assert cards[uids["W16"]].on == uids["W10"] and cards[uids["W10"]].covered
    assert cards[uids["P05"]].on == uids["W16"] and out.players[0].score == 4


def test_rw_177_switched_to_immediate_can_be_retriggered() -> None:
    """RW-177: with modules 2 and 3, Dinoponera switched to immediate is re-triggerable."""
    state = fresh(2, 1, expert_plants=True, expert_board=True)
    dino = give(state, 0, "W01", "S")
    assert Retrigger(dino) not in retrigger_options(state, 0, 0)
    assert state.expert is not None
    state.expert.switched.append(dino)
    assert Retrigger(dino) in retrigger_options(state, 0, 0)


# -- module 4 ------------------------------------------------------------------------


def test_rw_191_192_expert_cards_replace_their_twins() -> None:
    """RW-191: one copy of each of 10 wildlife and 8 predation twins is swapped for its
    expert card; RW-192: an expert card is its twin but for the placement reward."""
    state = fresh(2, 1, expert_cards=True)
    for d, name in ((0, "wildlife"), (1, "predation")):
        cards = Counter(state.decks[d] + state.display[d])
        assert sum(cards.values()) == sum(c.copies for c in DECKS[name])
        for card in EXPERT_CARDS:
            if card.deck == name:
                assert cards[card.id] == 1 and cards[card.twin] == CARDS[card.twin].copies - 1
    for card in EXPERT_CARDS:
        twin = msgspec.structs.asdict(CARDS[card.twin])
        mine = msgspec.structs.asdict(card)
        differ = {k for k in twin if twin[k] != mine[k]}
        assert differ <= {"id", "copies", "twin", "config", "reward"}


def ex23_state() -> tuple[State, int, int]:
    state = fresh(2, 1, expert_cards=True)
    for cells in ([(0, 0), (0, 1)], [(0, 2), (0, 3)], [(2, 1), (2, 2)]):
        tile(state, 0, "G", cells)
    tile(state, 0, "R", [(1, 1)])
    tile(state, 0, "R", [(1, 2)])
    capybara = give(state, 0, "XW01", "G", [(0, 0), (0, 1)])
    deer = give(state, 0, "W20", "G", [(2, 1), (2, 2)])
    jaguar = give(state, 0, "XP01", "G", on=deer)
    return ready(state, "play", (0, 3, 0)), capybara, jaguar


def test_rw_ex23_rw_193_194_197_jaguar_and_capybara() -> None:
    """RW-EX23, RW-193, RW-194, RW-197: flipping the grasslands completes both
    configurations; the capybara chooses (0,1) or (0,2), the jaguar then (0,2) or (2,2),
    on different centres: 12 VP. Before the flips nothing matched."""
    state, capybara, jaguar = ex23_state()
    assert pending(state, 0) == []
    state = play(GAME, state, 0, PlayAction("G2", "bottom"), Flip(0), Flip(1))
    assert state.phase == "meeple"
    assert sorted(m.field for m in GAME.legal_moves(state, 0)) == [f(0, 1), f(0, 2)]
    state = play(GAME, state, 0, PlaceMeeple(capybara, f(0, 1)), Flip(2))
    assert state.phase == "meeple"
    assert [m.field for m in GAME.legal_moves(state, 0)] == [f(0, 2), f(2, 2)]
    out = play(GAME, state, 0, PlaceMeeple(jaguar, f(2, 2)))
    assert out.players[0].score == 12 and out.phase == "upgrade"
    assert out.expert is not None and [(m.uid, m.field) for m in out.expert.meeples] == [
        (capybara, f(0, 1)),
        (jaguar, f(2, 2)),
    ]


def test_rw_197_taken_centre_is_skipped() -> None:
    """RW-197: once the capybara stands on (0,2) the jaguar's only centre is (2,2), so its
    meeple goes there at once; both configurations share tiles."""
    state, capybara, jaguar = ex23_state()
    state = play(GAME, state, 0, PlayAction("G2", "bottom"), Flip(0), Flip(1))
    out = play(GAME, state, 0, PlaceMeeple(capybara, f(0, 2)), Flip(2))
    assert out.phase == "upgrade" and out.players[0].score == 12
    assert out.expert is not None and out.expert.meeples[-1].field == f(2, 2)
    refused(GAME, state, 0, PlaceMeeple(jaguar, f(0, 2)), "RW-193")


def rhea_state(covered: bool) -> tuple[State, int]:
    state = fresh(2, 1, expert_cards=True)
    rhea = give(state, 0, "XW07", "G")  # greater rhea: three grassland hexes in a line
    if covered:
        give(state, 0, "P04", "G", on=rhea)
    tile(state, 0, "G", [(0, 0), (0, 1)])
    tile(state, 0, "G", [(0, 2), (0, 3)])
    return ready(state), rhea


def test_rw_195_predated_before_never_gets_its_meeple() -> None:
    """RW-195: a predated expert card never gets its meeple, though it matches."""
    state, rhea = rhea_state(covered=False)
    assert [uid for uid, _ in pending(state, 0)] == [rhea]
    state, _ = rhea_state(covered=True)
    assert pending(state, 0) == []


def test_rw_196_199_meeple_stays() -> None:
    """RW-196: predating the card after its meeple was placed changes nothing; RW-199:
    flipping a configuration's grassland to wetland afterwards leaves the meeple."""
    state, rhea = rhea_state(covered=False)
    assert state.expert is not None
    state.expert.meeples.append(Meeple(0, rhea, f(0, 1), [0, 1]))
    show(state, "P04", 0)
    state = play(GAME, state, 0, AttractPredation(0, rhea))
    assert state.expert is not None and len(state.expert.meeples) == 1
    state.phase, state.mode, state.made = "upgrade", "", 0
    state.players[0].stock = [0, 2, 0]
    out = play(GAME, state, 0, Flip(0))
    assert out.expert is not None and len(out.expert.meeples) == 1
    assert out.players[0].score == state.players[0].score


def test_rw_198_tall_tree_still_rainforest() -> None:
    """RW-198: the lowland tapir's configuration (rainforest, wetland, rainforest) matches
    rainforest tiles that carry tall trees."""
    state = fresh(2, 1, expert_cards=True)
    tapir = give(state, 0, "XW04", "G")
    tile(state, 0, "R", [(0, 1)], tree=True)
    tile(state, 0, "W", [(1, 1), (1, 2)])
    tile(state, 0, "R", [(1, 0)], tree=True)
    assert [uid for uid, _ in pending(ready(state), 0)] == [tapir]
