"""The no-peeking check for any bot of any title.

A bot may read only what its seat sees. Caught as a cheater would be: the same
position with every hidden piece re-dealt (by `redeal`, written in the title's
test from its rules, never the title's own `determinize`) must leave the seat's
view unchanged and the bot's choice, for the same bot seed, unchanged too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.kernel import Bot, Decider, Rng, canonical

Redeal = Callable[[Any, int, Rng], Any]


def choices_under_redeal(
    game: Decider[Any, Any, Any, Any],
    bot: Bot,
    state: Any,
    seat: int,
    redeal: Redeal,
    *,
    worlds: int = 4,
    bot_seed: int = 12345,
) -> set[bytes]:
    """The bot's choices (canonical bytes) in `state` and in `worlds` re-deals of it;
    a bot that never peeks gives one. Each re-deal is checked to look the same to
    `seat` (else the test's redeal is wrong, not the bot)."""
    view = canonical(game.view(state, seat))
    choices = {canonical(bot(game, state, seat, Rng.seeded(bot_seed, 9)))}
    for world_seed in range(worlds):
        world = redeal(state, seat, Rng.seeded(world_seed, 17))
        assert canonical(game.view(world, seat)) == view, "the re-deal changed the seat's view"
        choices.add(canonical(bot(game, world, seat, Rng.seeded(bot_seed, 9))))
    return choices
