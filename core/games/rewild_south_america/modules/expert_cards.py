"""Expert module 4: expert cards whose biome-tile configuration earns a meeple and VP
(RW-191..RW-199, RW-GAP12, RW-GAP13)."""

from __future__ import annotations

from ..board import coords, field
from ..data import CARDS, COLS, ROWS, Card
from ..state import Player, State

ROTATIONS = 6


def _rotate(dq: int, dr: int, times: int) -> tuple[int, int]:
    for _ in range(times):
        dq, dr = -dr, dq + dr  # 60 degrees in axial coordinates (RW-GAP13)
    return dq, dr


def _to_axial(f: int) -> tuple[int, int]:
    c, r = coords(f)
    return c, r - (c - (c & 1)) // 2


def _from_axial(q: int, r: int) -> int:
    row = r + (q - (q & 1)) // 2
    return field(q, row) if 0 <= q < COLS and 0 <= row < ROWS else -1


def terrain(player: Player, f: int) -> str:
    """The terrain a configuration sees on a field: its tile's kind (an extension is
    shrubland, a tree keeps rainforest, RW-198), "" if no tile covers it."""
    t = player.cover[f]
    return player.tiles[t].kind if t >= 0 else ""


def centres(player: Player, card: Card, taken: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """(centre, tiles) of every match of the card's configuration in any rotation
    (RW-193; reflections are not rotations, RW-GAP13), centres not already holding a
    meeple (RW-197); plant hexes never match (they are not on the board)."""
    out = []
    for centre in range(COLS * ROWS):
        if centre in taken or not terrain(player, centre):
            continue
        q, r = _to_axial(centre)
        for times in range(ROTATIONS):
            fields = []
            for dq, dr, want in card.config:
                a, b = _rotate(dq, dr, times)
                f = _from_axial(q + a, r + b)
                if f < 0 or terrain(player, f) != want:
                    break
                fields.append(f)
            else:
                tiles = tuple(sorted({player.cover[f] for f in fields}))
                out.append((centre, tiles))
                break
    return out


def pending(state: State, seat: int) -> list[tuple[int, list[tuple[int, tuple[int, ...]]]]]:
    """Visible expert cards of the seat without a meeple whose configuration matches
    now (RW-194; a predated card never gets one, RW-195), with their centres."""
    expert = state.expert
    if expert is None or not expert.expert_cards:
        return []
    player = state.players[seat]
    placed = {m.uid for m in expert.meeples}
    taken = [m.field for m in expert.meeples if m.seat == seat]
    out = []
    for c in player.cards:
        if c.covered or c.uid in placed or not CARDS[c.card].config:
            continue
        found = centres(player, CARDS[c.card], taken)
        if found:
            out.append((c.uid, found))
    return out


def fixed_tiles(state: State, seat: int) -> list[int]:
    """Tiles used by the seat's expert meeples: they cannot be moved (RW-183)."""
    expert = state.expert
    if expert is None:
        return []
    return sorted({t for m in expert.meeples if m.seat == seat for t in m.tiles})
