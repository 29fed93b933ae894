"""The solo opponent (RW-200..RW-230): its pile, its actions, its choices, its score."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from core.games.rewild_south_america import GAME, solo
from core.games.rewild_south_america.actions import placements
from core.games.rewild_south_america.data import CARDS, TIERS, WILDLIFE
from core.games.rewild_south_america.events import (
    ActionPlayed,
    Attracted,
    Completed,
    Event,
    Flipped,
    Gained,
    Harvested,
    RemovedCard,
    Scored,
    SoloDeckBuilt,
    SoloDrew,
    TilePlaced,
    TreePlanted,
)
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    EndTurn,
    Harvest,
)
from core.games.rewild_south_america.scoring import outcome
from core.games.rewild_south_america.state import State, copy_state

from .helpers import f, fresh, give, ready, show, tile

OPP = solo.OPPONENT


def run(state: State, steps: Callable[[State], Iterator[Event]]) -> tuple[list[Event], State]:
    """Fold the events of an opponent's step into a copy, as the kernel does."""
    work = copy_state(state)
    events = []
    for event in steps(work):
        events.append(event)
        GAME.fold(work, event)
    return events, work


def opponent_to_act(state: State, pile: list[str], stock: tuple[int, int, int]) -> State:
    """The opponent about to draw `pile` (top = last) with this stock."""
    assert state.expert is not None
    named = [entry.split(":")[0] for entry in pile]
    rest = [e.split(":")[0] + ":up" for e in state.expert.deck[1:] if e.split(":")[0] not in named]
    state.expert.deck = ["H:up", *rest, *pile]
    state.current = OPP
    state.players[OPP].stock = list(stock)
    state.phase = "play"
    return state


def test_rw_200_201_202_solo_setup() -> None:
    """RW-200: a 2-player setup with the opponent as the second board, the human starts;
    RW-201: its pile of 6 action cards, 2 of them turned, on its harvest card; RW-202:
    the opponent's board is the base side even with expert module 3."""
    state = fresh(1, 7, expert_board=True)
    assert state.seats == 1 and len(state.players) == 2 and state.start == state.current == 0
    opp = state.players[OPP]
    assert opp.stock == [4, 4, 1] and sorted(opp.hand) == sorted(state.players[0].hand)
    assert state.expert is not None
    pile = state.expert.deck
    assert pile[0] == "H:up" and sorted(e[:2] for e in pile[1:]) == [
        "G1",
        "G2",
        "R1",
        "R2",
        "S1",
        "S2",
    ]
    assert sum(e.endswith(":down") for e in pile) == 2
    assert -2 in state.players[0].cover and -2 not in opp.cover  # RW-202
    other = fresh(1, 8)
    assert other.expert is not None and other.expert.deck != pile  # shuffled by the seed


def test_rw_203_tiers_of_the_solo_overview_cards() -> None:
    """RW-203, RW-GAP16: the overview cards hold the tiers; every wildlife effect has one
    and the tiers are 1-3 (data, no engine state)."""
    assert {card.effect.kind for card in WILDLIFE} <= set(TIERS)
    assert set(TIERS.values()) == {1, 2, 3}
    assert TIERS["per_type"] == 1 and TIERS["per_symbol"] == 2 and TIERS["gain"] == 3


def test_rw_204_the_opponent_moves_by_itself() -> None:
    """RW-204: after the human's turn the opponent plays a card and attracts without a
    seat ever being asked; then it is the human's turn again."""
    state = ready(fresh(1, 3), "attract")
    assert GAME.to_move(state) == [0]
    events, after = GAME.apply(state, 0, EndTurn())
    assert any(isinstance(e, SoloDrew) for e in events)
    assert any(isinstance(e, ActionPlayed | Harvested) and e.seat == OPP for e in events)
    assert after.current == 0 and after.phase == "play" and after.round == 2
    assert GAME.to_move(after) == [0]


def test_rw_ex39_rw_205_206_212_card_draw() -> None:
    """RW-EX39, RW-205, RW-206, RW-212, RW-211: Shrubland 2 fails (no affordable tile,
    only one extension) and lies as drawn; Grassland 1 upside down performs its bottom
    half as its top: 3 water and the two rightmost predation cards leave the game."""
    state = fresh(1, 2)
    tile(state, OPP, "S", [(5, 3), (5, 4), (6, 4)])
    state = opponent_to_act(state, ["G1:down", "S2:up"], (0, 0, 0))
    assert not placements(state.players[OPP], "S") and len(solo.extensions(state.players[OPP])) == 1
    shown = list(state.display[1])
    events, after = run(state, lambda w: solo.turn(GAME, w))
    played = [e for e in events if isinstance(e, ActionPlayed)]
    assert [(e.card, e.half) for e in played] == [("S2", "top"), ("G1", "bottom")]
    assert after.players[OPP].played[:2] == ["S2:top", "G1:bottom"]
    removed = [e.card for e in events if isinstance(e, RemovedCard)]
    assert removed == [shown[2], shown[1]]  # RW-211: two, the rightmost first
    assert after.players[OPP].stock[1] == 3


def test_rw_ex25_bottom_when_the_top_is_unaffordable() -> None:
    """RW-EX25, RW-205: an upright Rainforest 1 it cannot pay for performs its bottom
    action (3 seeds, the rightmost wildlife cards removed)."""
    state = opponent_to_act(fresh(1, 4), ["R1:up"], (0, 0, 0))
    events, after = run(state, lambda w: solo.turn(GAME, w))
    played = [e for e in events if isinstance(e, ActionPlayed)]
    assert [(e.card, e.half) for e in played] == [("R1", "bottom")]
    assert Gained(OPP, 2, 3) in events
    assert sum(isinstance(e, RemovedCard) and e.row == 0 for e in events) == 2
    assert after.players[OPP].played == ["R1:bottom"]


def test_rw_207_harvest_rebuilds_the_pile() -> None:
    """RW-207: the harvest card: all cards back, seeds and 1 water, no attracting, and
    the pile is built again as at setup."""
    state = fresh(1, 5)
    tile(state, OPP, "R", [(3, 3)])
    assert state.expert is not None
    state.players[OPP].hand = ["H"]
    state.players[OPP].played = ["S1:top", "S2:top", "G1:top", "G2:top", "R1:top", "R2:top"]
    state.expert.deck = ["H:up"]
    state.current, state.phase = OPP, "play"
    events, after = run(state, lambda w: solo.turn(GAME, w))
    kinds = [type(e) for e in events]
    assert Harvested in kinds and SoloDeckBuilt in kinds and Attracted not in kinds
    assert after.players[OPP].stock[1:] == [5, 4]  # 1 water; 3 seeds for the rainforest
    assert after.expert is not None and len(after.expert.deck) == 7
    assert sum(e.endswith(":down") for e in after.expert.deck) == 2
    assert after.players[OPP].played == [] and len(after.players[OPP].hand) == 7


def test_rw_ex24_rw_208_209_210_tile_placement() -> None:
    """RW-EX24, RW-208, RW-209, RW-210: columns 0 and 1 cannot take a shrubland, so the
    tile goes to the topmost placement of column 2, paying reduced costs (nothing)."""
    state = fresh(1, 1)
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)])
    tile(state, OPP, "R", [(0, 2)])
    tile(state, OPP, "G", [(1, 1), (1, 2)])
    tile(state, OPP, "G", [(0, 3), (1, 3)])
    state = opponent_to_act(state, ["S1:up"], (4, 4, 0))
    opp = state.players[OPP]
    assert solo.placement(opp, "S") == (f(2, 0), f(2, 1), f(3, 0))
    events, after = run(state, lambda w: solo.turn(GAME, w))
    placed = next(e for e in events if isinstance(e, TilePlaced))
    assert placed.fields == (f(2, 0), f(2, 1), f(3, 0))
    assert after.players[OPP].stock[:2] == [4, 4]


def test_rw_209_next_best_when_the_left_column_is_unaffordable() -> None:
    """RW-209: with 0 minerals and 1 water a rainforest tile is affordable only on a
    reducing field; it goes to the leftmost, then topmost, such field."""
    state = fresh(1, 1)
    opp = state.players[OPP]
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)])
    tile(state, OPP, "G", [(2, 0), (2, 1)])
    tile(state, OPP, "G", [(3, 1), (3, 2)])
    opp.stock = [3, 0, 0]
    options = placements(opp, "R")
    assert (f(0, 2),) not in options  # column 0 has room but the tile is unaffordable there
    chosen = solo.placement(opp, "R")
    assert chosen == (f(2, 2),) and chosen == min(options, key=lambda o: (o[0] // 5, o[0] % 5))


def test_rw_213_215_grassland_upgrade_only_with_a_wetland_effect() -> None:
    """RW-213, RW-215: Grassland 2's upgrade needs a wetland-effect card and water; then
    it only flips grasslands, in field order, while water lasts."""
    state = fresh(1, 1)
    tile(state, OPP, "G", [(0, 0), (0, 1)])
    tile(state, OPP, "G", [(2, 0), (2, 1)])
    tile(state, OPP, "G", [(4, 0), (4, 1)])
    tile(state, OPP, "R", [(6, 1)])
    state.players[OPP].stock = [0, 2, 0]
    assert not solo.can_do(state, "G2", "bottom")
    give(state, OPP, "W03", "G", [(0, 0)])  # the apple snail: per wetland symbol
    assert solo.can_do(state, "G2", "bottom")
    events, after = run(state, lambda w: solo.act(GAME, w, "G2", "bottom"))
    assert [e.tile for e in events if isinstance(e, Flipped)] == [0, 1]
    assert not any(isinstance(e, TreePlanted) for e in events)
    assert after.players[OPP].stock[1] == 0


def capybara_and_grassland_2(rules: str = "") -> list[Event]:
    """Solo with module 4: the opponent holds the expert capybara (its twin W21 has a
    wetland effect) on its grassland, 4 minerals and 2 water, Grassland 2 turned on top
    of its pile; the human harvests, and the opponent's turn is played out."""
    state = fresh(1, 6, rules, expert_cards=True)
    tile(state, OPP, "G", [(0, 0), (0, 1)])
    give(state, OPP, "XW01", "G", [(0, 0), (0, 1)])
    state = opponent_to_act(state, ["G2:down"], (4, 2, 0))
    state.current = 0  # the human's turn first: the opponent's follows by play
    events, _ = GAME.apply(ready(state, "play"), 0, Harvest())
    assert SoloDrew("G2", False) in events
    return [e for e in events if getattr(e, "seat", OPP) == OPP]


def test_rw_192_213_an_expert_card_has_its_twins_wetland_effect() -> None:
    """RW-213, RW-192: the expert capybara works like the capybara (only its placement
    reward differs), so the opponent holds a wetland-effect card: its turned Grassland 2
    flips its grassland (RW-215) instead of placing a tile (RW-205)."""
    events = capybara_and_grassland_2()
    played = [(e.card, e.half) for e in events if isinstance(e, ActionPlayed)]
    assert played == [("G2", "bottom")]
    assert [e.tile for e in events if isinstance(e, Flipped)] == [0]
    assert not any(isinstance(e, TilePlaced) for e in events)


def test_rw_192_213_every_wetland_effect_card_counts_expert_or_not() -> None:
    """RW-213, RW-192: the opponent's wetland-effect cards are those whose effect counts
    wetland symbols or markers (RW-GAP17(j)), expert cards as their twins: asked by what
    the card is, never by the id it carries."""
    state = fresh(1, 6, expert_cards=True)
    for cid, card in CARDS.items():
        e = card.effect
        wet = e.kind == "per_wetland_marker" or (e.kind == "per_symbol" and e.what == ("W",))
        assert solo.wetland_effect(state, cid) == (wet and card.deck == "wildlife"), cid


def test_rw_213_rules_1_did_not_see_the_expert_capybara() -> None:
    """RW-213 as rules 1 played it, for the records made then: the ids were compared,
    the expert capybara did not count, and Grassland 2 placed a grassland instead."""
    events = capybara_and_grassland_2(rules="1")
    played = [(e.card, e.half) for e in events if isinstance(e, ActionPlayed)]
    assert played == [("G2", "top")]
    assert any(isinstance(e, TilePlaced) for e in events)
    assert not any(isinstance(e, Flipped) for e in events)


def test_rw_214_215_rainforest_upgrade_only_for_a_tree_animal() -> None:
    """RW-214, RW-215: Rainforest 2's upgrade needs an animal that can move up or a
    displayed tall-tree card, and water; then it only plants trees."""
    state = fresh(1, 1)
    tile(state, OPP, "R", [(0, 0)])
    tile(state, OPP, "R", [(2, 0)])
    tile(state, OPP, "G", [(4, 0), (4, 1)])
    state.players[OPP].stock = [0, 3, 0]
    for slot, cid in enumerate(state.display[0]):
        if CARDS[cid].tree:
            show(
                state,
                next(c.id for c in WILDLIFE if not c.tree and c.id not in state.display[0]),
                slot,
            )
    assert not solo.can_do(state, "R2", "bottom")
    uid = give(state, OPP, "W12", "R", [(2, 0)], meeple=True)  # marmoset, tree symbol
    assert solo.can_do(state, "R2", "bottom")
    events, after = run(state, lambda w: solo.act(GAME, w, "R2", "bottom"))
    trees = [e for e in events if isinstance(e, TreePlanted)]
    assert [(e.tile, e.lifted) for e in trees] == [(1, uid)]
    assert not any(isinstance(e, Flipped) for e in events)
    assert after.players[OPP].score == 4


def test_rw_212_extensions_left_to_right() -> None:
    """RW-212: with two shrublands it extends both, each onto its first free field."""
    state = fresh(1, 1)
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)])
    tile(state, OPP, "S", [(4, 0), (4, 1), (5, 0)])
    assert solo.extensions(state.players[OPP]) == [(0, f(0, 2)), (1, f(3, 0))]
    assert solo.can_do(state, "S2", "bottom")


def ex40_state() -> State:
    state = fresh(1, 2)
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)], ext=(0, 2))
    tile(state, OPP, "G", [(3, 0), (3, 1)])
    give(state, OPP, "W20", "G", [(3, 0)])
    for slot, cid in enumerate(["W05", "W02", "W23", "W10", "W04"]):
        show(state, cid, slot)
    state.players[OPP].stock = [0, 0, 0]
    state.current = OPP
    return ready(state, "attract", (0, 0, 0))


def test_rw_ex40_rw_220_222_223_wildlife_choice() -> None:
    """RW-EX40, RW-220, RW-221, RW-222, RW-223: mosquito (tier 1, X 2, left of the ant)
    into grassland, the leafcutter ant into shrubland, no room for the collared peccary,
    the rock cavy (tier 2) into the last 2 shrubland hexes (not adjacent: allowed), no
    termite."""
    state = ex40_state()
    events, after = run(state, lambda w: solo.attract(GAME, w))
    took = [(e.card, e.biome) for e in events if isinstance(e, Attracted) and e.row == 0]
    assert took == [("W02", "G"), ("W04", "S"), ("W10", "S")]
    assert after.display[0][0] == "W05" and after.display[0][2] == "W23"


def test_rw_221_tier_two_before_tier_three() -> None:
    """RW-221: between a tier-2 and a tier-3 card that both fit, the tier-2 one."""
    state = fresh(1, 2)
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)], ext=(0, 2))
    for slot, cid in enumerate(["W05", "W06", "W07", "W09", "W10"]):
        show(state, cid, slot)  # termite (tier 3), three rainforest-only cards, rock cavy
    move = solo.wildlife_choice(ready(state))
    assert move is not None and move.slot == 4


def test_rw_ex41_rw_224_225_226_predation_choice() -> None:
    """RW-EX41, RW-224, RW-225, RW-226: the maned wolf has no suitable prey (the agouti's
    effect is end-game), the ocelot (6) beats the jaguarundi (4) and covers the
    marmoset, whose meeple stays."""
    state = fresh(1, 2)
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)])
    tile(state, OPP, "G", [(2, 0), (2, 1)])
    tile(state, OPP, "R", [(4, 0)])
    give(state, OPP, "W10", "S", [(0, 0), (0, 1)])
    give(state, OPP, "W11", "G", [(2, 0), (2, 1)])
    marmoset = give(state, OPP, "W12", "R", [(4, 0)], meeple=True)
    for slot, cid in enumerate(["P02", "P01", "P05"]):
        show(state, cid, slot)
    state = ready(state)
    assert solo.predation_choice(state) == AttractPredation(1, marmoset)
    events, after = run(state, lambda w: solo.attract(GAME, w))
    assert Scored(OPP, 6, "P01") in events
    opp = after.players[OPP]
    assert opp.occ[f(4, 0)] == marmoset and next(c for c in opp.cards if c.uid == marmoset).covered


def test_rw_226_uppermost_biome_then_leftmost() -> None:
    """RW-226: the jaguarundi (all biomes, small herbivores) covers the oldest suitable
    prey of the uppermost biome."""
    state = fresh(1, 2)
    tile(state, OPP, "G", [(2, 0), (2, 1)])
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)], ext=(0, 2))
    give(state, OPP, "W14", "G", [(2, 0), (2, 1)])  # guinea pig (immediate)
    first = give(state, OPP, "W10", "S", [(0, 0), (0, 1)])
    give(state, OPP, "W16", "S", [(1, 0), (0, 2)])  # armadillo (immediate)
    show(state, "P05", 0)
    for slot in (1, 2):
        state.decks[1].insert(0, state.display[1][slot])
        state.display[1][slot] = ""
    assert solo.predation_choice(ready(state)) == AttractPredation(0, first)


def test_rw_227_carnivorous_plant() -> None:
    """RW-227: the sundew counts as affordable only with a visible insect wildlife card
    with an immediate effect, and covers the first such insect of the uppermost biome."""
    state = fresh(1, 2)
    tile(state, OPP, "G", [(2, 0), (2, 1)])
    tile(state, OPP, "R", [(4, 0)])
    give(state, OPP, "W01", "R", [(4, 0)])  # Dinoponera: end-game effect
    show(state, "L22", 0)
    for slot in (1, 2):
        state.decks[2].insert(0, state.display[2][slot])
        state.display[2][slot] = ""
    state.players[OPP].stock = [0, 0, 5]
    assert solo.plant_choice(ready(state)) is None
    leaf = give(state, OPP, "W04", "G", [(2, 0), (2, 1)])  # leafcutter ant: immediate
    assert solo.plant_choice(ready(state)) == AttractPlant(0, "G", leaf)


def ex42_state() -> State:
    state = fresh(1, 2)
    give(state, OPP, "L11", "S")
    for slot, cid in enumerate(["L13", "L04", "L17"]):
        show(state, cid, slot)
    return ready(state, "attract")


def test_rw_ex42_rw_216_217_218_219_plant_choice() -> None:
    """RW-EX42, RW-218, RW-219: the Ananas is unaffordable, the cactus would not balance,
    so the passion flower goes to the grassland row (topmost lowest), +1 water +1 seed;
    RW-216: the plant comes before wildlife and predation."""
    state = ex42_state()
    state.players[OPP].stock = [0, 0, 2]
    assert solo.plant_choice(state) == AttractPlant(2, "G")
    events, after = run(state, lambda w: solo.attract(GAME, w))
    rows = [e.row for e in events if isinstance(e, Attracted)]
    assert rows[0] == 2 and rows == sorted(rows, key=[2, 0, 1].index)
    assert after.players[OPP].stock == [0, 1, 2]


def test_rw_218_219_no_plant_yet_takes_the_leftmost() -> None:
    """RW-218: without a plant the opponent takes the leftmost affordable one; RW-219:
    into the topmost biome it allows."""
    state = fresh(1, 2)
    for slot, cid in enumerate(["L13", "L16", "L17"]):
        show(state, cid, slot)
    state.players[OPP].stock = [0, 0, 2]
    assert solo.plant_choice(ready(state)) == AttractPlant(1, "S")


def test_rw_217_expert_plants_without_their_effect() -> None:
    """RW-217: with module 2 the opponent takes an expert plant like any plant but never
    uses its effect (no timing switched)."""
    state = fresh(1, 2, expert_plants=True)
    tile(state, OPP, "R", [(4, 0)])
    give(state, OPP, "W01", "R", [(4, 0)])
    show(state, "X04", 0)
    state.players[OPP].stock = [4, 0, 2]
    state = ready(state)
    assert solo.plant_choice(state) == AttractPlant(0, "S")
    events, after = run(state, lambda w: solo.attract(GAME, w))
    assert any(isinstance(e, Attracted) and e.card == "X04" for e in events)
    assert after.expert is not None and after.expert.switched == []
    assert after.players[OPP].score == 0


def test_rw_ex26_the_opponent_completes_a_biome() -> None:
    """RW-EX26, RW-204, RW-202: a plant completing its shrubland row scores 6 VP, even
    with expert module 3 on (the opponent plays the base side)."""
    state = fresh(1, 2, expert_board=True)
    tile(state, OPP, "S", [(0, 0), (0, 1), (1, 0)], ext=(0, 2))
    give(state, OPP, "W05", "S", [(0, 0), (0, 1)])  # termite
    give(state, OPP, "W10", "S", [(1, 0), (0, 2)])  # rock cavy
    give(state, OPP, "P05", "S", on=state.players[OPP].cards[-1].uid)  # jaguarundi on it
    show(state, "L04", 0)
    state.players[OPP].stock = [0, 0, 1]
    events, after = run(ready(state), lambda w: solo.attract(GAME, w))
    assert Completed(OPP, 0) in events and Scored(OPP, 6, "complete-S") in events
    assert after.players[OPP].completed[0] and after.phase == "attract"


def over(state: State, human: int, opponent: int) -> State:
    state.players[0].score, state.players[OPP].score = human, opponent
    state.phase = "over"
    return state


@pytest.mark.parametrize(
    ("options", "theirs"), [({}, 71), ({"challenge": True}, 94), ({"long_game": True}, 94)]
)
def test_rw_ex33_rw_228_229_230_solo_result(options: dict[str, bool], theirs: int) -> None:
    """RW-EX33, RW-228: the opponent's 47 VP x1.5 rounded up is 71, a tie with the human's
    71, and RW-229 the tie goes to the opponent; RW-230: x2 (94) with the challenge or any
    expert module."""
    result = outcome(over(fresh(1, 1, **options), 71, 47))
    assert result is not None and result.opponent == theirs
    assert result.scores == [71] and result.won is False and result.winners == [0]
    better = outcome(over(fresh(1, 1, **options), theirs + 1, 47))
    assert better is not None and better.won is True


def test_rw_230_challenge_is_for_solo_only() -> None:
    """RW-230: the challenge option doubles the solo opponent; a 2-player table has none."""
    from core.kernel import SetupError

    with pytest.raises(SetupError):
        GAME.setup(2, 1, {"challenge": True})
    assert GAME.setup(1, 1, {"challenge": True}).options["challenge"] is True


def test_rw_220_markers_need_not_be_adjacent() -> None:
    """RW-220: the opponent marks any free hexes of the biome; a player could not."""
    state = fresh(1, 2)
    tile(state, OPP, "G", [(0, 0), (0, 1)])
    tile(state, OPP, "G", [(4, 0), (4, 1)])
    give(state, OPP, "W20", "G", [(0, 0)])
    give(state, OPP, "W17", "G", [(4, 1)])
    for slot in range(5):
        show(state, ["W14", "W05", "W06", "W39", "W36"][slot], slot)
    move = solo.wildlife_choice(ready(state))
    assert move == AttractWildlife(3, "G", (f(0, 1), f(4, 0)))


def test_solo_game_plays_to_the_end_with_the_greedy_bot() -> None:
    """The 'done when': a whole solo game, the title's bot against the opponent."""
    from core.games.rewild_south_america.bots import greedy
    from core.kernel import Rng

    state = GAME.initial(GAME.setup(1, 11, {}))
    rng = Rng.seeded(11, stream=2)
    moves = 0
    while GAME.outcome(state) is None:
        _, state = GAME.apply(state, 0, greedy(GAME, state, 0, rng))
        moves += 1
    result = GAME.outcome(state)
    assert result is not None and result.opponent is not None and moves < 2000
    assert state.players[OPP].score > 0 and state.round > 3
