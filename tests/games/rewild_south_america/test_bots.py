"""Rewild's levels: hard plans the turn further than medium (their strength against
greedy: bench/bench_bots.py)."""

from __future__ import annotations

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.data import CARDS
from core.kernel import bots_of
from tests.games.bot_turns import rest_of_turn


def test_hard_weighs_a_card_its_tile_and_what_they_attract_together() -> None:
    """Seed 0, the first turn: looking one move past the action card (its tile), medium
    places a shrubland and attracts nothing. Hard, three moves past it, plays a grassland
    whose tile makes room for a displayed animal (RW-101) and then puts a predation card
    on top of that animal (RW-108): two cards and more VP in the same turn."""
    bots = bots_of(GAME)
    state = GAME.initial(GAME.setup(2, 0, {}))
    seat = GAME.to_move(state)[0]
    medium = rest_of_turn(GAME, state, seat, bots["medium"])[0].players[seat]
    hard = rest_of_turn(GAME, state, seat, bots["hard"])[0].players[seat]
    assert medium.cards == []
    prey, predator = hard.cards
    assert CARDS[prey.card].deck == "wildlife" and prey.biome == "G" and prey.covered
    assert CARDS[predator.card].deck == "predation" and predator.on == prey.uid
    assert hard.score > medium.score
