"""Resolving a card's effect into events (RW-106, RW-109, RW-141, RW-150), and its
timing as a switch plant may have changed it (RW-173). Rules, modules and the solo
opponent share these."""

from __future__ import annotations

from collections.abc import Iterator

from .data import CARDS, RESOURCES, gain_of
from .effects import effect_vp
from .events import Event, Gained, Scored
from .state import Expert, Placed, Player

FLIP = {"immediate": "end", "end": "immediate"}


def timing(expert: Expert | None, placed: Placed) -> str:
    """The card's effect timing now: printed, or as switch plants left it (RW-173).
    Each switch changes the timing it finds, so a second one on the same card flips
    it back (rules 2; under rules 1 any number of switches left it flipped once)."""
    printed = CARDS[placed.card].timing
    if expert is None or placed.uid not in expert.switched:
        return printed
    if expert.rules_version >= 2 and expert.switched.count(placed.uid) % 2 == 0:
        return printed
    return FLIP.get(printed, printed)


def resolve(seat: int, player: Player, cid: str) -> Iterator[Event]:
    """The card's effect once: resources gained (capped by the fold) or VP scored."""
    card = CARDS[cid]
    if card.effect.kind == "gain":
        for name, n in gain_of(card.effect).items():
            yield Gained(seat, RESOURCES.index(name), n)
    else:
        vp = effect_vp(player, card)
        if vp:
            yield Scored(seat, vp, cid)
