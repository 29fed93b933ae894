"""The solo opponent board (TOR-138..158, TOR-180, TOR-182): run by the rules, not a bot.

After you place your tile, the opponent gets a tile for the same slot: the tile of
the recess linked to yours on the large wheel's solo side (TOR-145), or a bag draw
for a grey fan or an empty linked recess (TOR-147, TOR-148). Its scroll is settled
after your own placement (TOR-152 reading); it never has seals or the paintbrush
(TOR-143). Refills come after the opponent's tile (TOR-180).
"""

from __future__ import annotations

from collections.abc import Iterator

from . import data
from .events import Event, OpponentPlaced, ScrollTaken
from .state import State


def opponent_tile(state: State) -> tuple[str, int]:
    """(tile, linked recess or -1 for a bag draw) the opponent gets this turn; ("", -1)
    when the bag is empty too."""
    partner = data.SOLO_PARTNER.get(state.taken_recess, -1)
    if partner >= 0 and state.wheels[0][partner]:
        return state.wheels[0][partner], partner
    return (state.bag[-1] if state.bag else ""), -1


def opponent_places(state: State, slot: int) -> Iterator[Event]:
    """The opponent's tile for `slot`, then its scroll if that tile earns one."""
    tile, recess = opponent_tile(state)
    if not tile:
        return
    yield OpponentPlaced(data.SLOTS[slot].id, tile, recess)
    board = len(state.boards) - 1
    if (
        slot == data.SCROLL_SLOT
        and data.TILES[tile].landscape == data.TILES[state.centre].landscape
        and not state.scrolls[board]
        and state.stack
    ):
        yield ScrollTaken(board, state.stack[0])
