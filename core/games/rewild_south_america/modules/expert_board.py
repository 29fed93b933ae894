"""Expert module 3: the expert side of the player board; completing a biome re-triggers
one immediate effect in it instead of scoring 6 VP (RW-184..RW-190, RW-GAP03)."""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import EMPTY, OUTSIDE, OUTSIDE_FIELDS
from ..attract import prey_options
from ..data import BIOMES, CARDS, COLS, ROWS
from ..events import Event, Retriggered, Scored
from ..moves import Retrigger
from ..resolve import resolve, timing
from ..state import State

NOT_RETRIGGERED = ("switch_timing", "relocate_tile")  # reading: expert plants' own effects


def board_cover(expert_side: bool) -> list[int]:
    """An empty board: the expert side's fields beyond its boundary are never empty
    (RW-184, RW-GAP03)."""
    cover = [EMPTY] * (COLS * ROWS)
    if expert_side:
        for f in OUTSIDE_FIELDS:
            cover[f] = OUTSIDE
    return cover


def retrigger_options(state: State, seat: int, biome: int) -> list[Retrigger]:
    """Every re-trigger of the completed biome: a visible card whose effect is immediate
    now (RW-177, RW-188, RW-190); a predation card or the carnivorous plant needs
    another suitable prey in the same biome (RW-189)."""
    player = state.players[seat]
    out = []
    for c in player.cards:
        card = CARDS[c.card]
        if c.biome != BIOMES[biome] or c.covered or timing(state.expert, c) != "immediate":
            continue
        if card.effect.kind == "predation":
            for uid in prey_options(player, card):
                prey = next(p for p in player.cards if p.uid == uid)
                if uid != c.uid and prey.biome == c.biome:
                    out.append(Retrigger(c.uid, uid))
        elif card.effect.kind not in NOT_RETRIGGERED:
            out.append(Retrigger(c.uid))
    return out


def retrigger_events(state: State, seat: int, move: Retrigger) -> Iterator[Event]:
    """The effect once more (RW-185): a predation stack moves onto the new prey and
    scores its VP again (RW-189); any other effect resolves again."""
    player = state.players[seat]
    cid = next(c.card for c in player.cards if c.uid == move.uid)
    card = CARDS[cid]
    yield Retriggered(seat, move.uid, move.prey)
    if card.effect.kind == "predation":
        yield Scored(seat, card.effect.x, cid)
    else:
        yield from resolve(seat, player, cid)
