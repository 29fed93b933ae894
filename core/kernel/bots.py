"""Bots play through the same door as people: `legal_moves` then `decide`.

A bot's randomness comes from its own Rng, never the game's, so a bot can
not change what the game deals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .contract import Bot, Decider
from .rng import Rng
from .timeline import Timeline


def random_bot(game: Decider[Any, Any, Any, Any], state: Any, seat: int, rng: Rng) -> Any:
    """Any legal move, uniformly."""
    return rng.choice(game.legal_moves(state, seat))


def bots_of(game: Decider[Any, Any, Any, Any]) -> dict[str, Bot]:
    """Every bot a game offers: 'random' plus the game's own."""
    return {"random": random_bot, **game.bots()}


def play_bots(
    timeline: Timeline[Any, Any, Any],
    bots: Mapping[int, Bot],
    rng: Rng,
    *,
    max_entries: int = 100_000,
    move_id: Callable[[int], str] = lambda seq: f"bot-{seq}",
    at: int = 0,
) -> int:
    """Let the bots move for their seats until no bot seat is to move.

    Returns the number of moves made. Stops at `max_entries` (a guard against
    an engine that never ends, which the property tests treat as a failure).
    """
    made = 0
    while timeline.seq < max_entries:
        seats = [seat for seat in timeline.to_move() if seat in bots]
        if not seats:
            break
        seat = seats[0]
        move = bots[seat](timeline.game, timeline.state, seat, rng)
        timeline.play(seat, move, move_id=move_id(timeline.seq + 1), at=at)
        made += 1
    return made
