"""Final scoring (RW-158..RW-163): in-game VP plus every visible card's end-game
effect, ranked by VP, then completed biomes, then rainforest tiles + tall trees."""

from __future__ import annotations

import msgspec

from core.kernel import Outcome

from .data import CARDS
from .effects import effect_vp
from .state import Player, State


class CardPoints(msgspec.Struct):
    seat: int
    card: str
    vp: int


class RewildOutcome(Outcome, kw_only=True):
    end_points: list[CardPoints]  # every end-game effect's VP (RW-158)
    completed: list[int]  # tie-break 1 (RW-161)
    rainforest: list[int]  # tie-break 2: rainforest tiles + tall trees (RW-162)


def end_points(player: Player, seat: int) -> list[CardPoints]:
    """The end-game effects of visible cards (RW-114, RW-158, RW-159)."""
    return [
        CardPoints(seat, c.card, effect_vp(player, CARDS[c.card]))
        for c in player.cards
        if not c.covered and CARDS[c.card].timing == "end"
    ]


def outcome(state: State) -> RewildOutcome | None:
    if state.phase != "over":
        return None
    trail = [p for seat, player in enumerate(state.players) for p in end_points(player, seat)]
    scores = [player.score for player in state.players]
    for p in trail:
        scores[p.seat] += p.vp
    completed = [sum(player.completed) for player in state.players]
    rainforest = [sum((t.kind == "R") + t.tree for t in player.tiles) for player in state.players]
    keys = list(zip(scores, completed, rainforest, strict=True))
    ranks = [1 + sum(other > key for other in keys) for key in keys]  # RW-160..RW-163
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return RewildOutcome(
        scores=scores,
        ranks=ranks,
        winners=winners,
        end_points=trail,
        completed=completed,
        rainforest=rainforest,
    )
