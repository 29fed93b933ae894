"""Ducks in Tow's levels plan the turn (their strength against greedy:
bench/bench_bots.py)."""

from __future__ import annotations

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow.moves import DropOff
from core.kernel import Rng, bots_of
from tests.games.bot_turns import rest_of_turn


def test_hard_chains_moves_a_feed_and_a_drop_off_that_greedy_misses() -> None:
    """Seed 0, greedy against greedy to the second turn (the second seat's first). Greedy
    takes the action that looks best alone each time and completes no card. Hard weighs
    its actions together (DIT-052): two moves, the feed its card needs, then a Drop Off
    at the card's location (DIT-071, DIT-073) — a card more in its tableau."""
    bots = bots_of(GAME)
    state = GAME.initial(GAME.setup(2, 0, {}))
    rng = Rng.seeded(0, stream=101)
    while GAME.turn(state) == 0:
        seat = GAME.to_move(state)[0]
        _, state = GAME.apply(state, seat, bots["greedy"](GAME, state, seat, rng))
    seat = GAME.to_move(state)[0]
    tableau = len(state.players[seat].tableau)
    after_greedy, greedy_moves = rest_of_turn(GAME, state, seat, bots["greedy"])
    after_hard, hard_moves = rest_of_turn(GAME, state, seat, bots["hard"])
    assert not any(isinstance(m, DropOff) for m in greedy_moves)
    assert len(after_greedy.players[seat].tableau) == tableau
    assert any(isinstance(m, DropOff) for m in hard_moves)
    assert len(after_hard.players[seat].tableau) == tableau + 1
