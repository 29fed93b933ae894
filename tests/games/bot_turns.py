"""A bot's whole turn, for the tests that compare what two levels make of one turn."""

from __future__ import annotations

from typing import Any

from core.kernel import Bot, Decider, Rng


def rest_of_turn(
    game: Decider[Any, Any, Any, Any], state: Any, seat: int, bot: Bot
) -> tuple[Any, list[Any]]:
    """`state` after `bot` has played the rest of `seat`'s turn, and the moves it made
    (the bot's Rng seeded 7, so a test's turn is always the same)."""
    turn = game.turn(state)
    rng = Rng.seeded(7)
    moves: list[Any] = []
    while seat in game.to_move(state) and game.turn(state) == turn:
        moves.append(bot(game, state, seat, rng))
        _, state = game.apply(state, seat, moves[-1])
    return state, moves
