"""Expert module 2: the 7 expert plants (RW-166..RW-183, RW-GAP11): reserve plants keep
a displayed wildlife card for their owner, switch plants flip a card's effect timing,
relocate plants move one biome tile with all on it."""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import EMPTY, bonus_at
from ..board import coords, field
from ..data import BIOMES, CARDS, COLS, ROWS, STAR_VP
from ..moves import Relocate
from ..resolve import timing
from ..state import Placed, Player, Reservation, State
from .expert_cards import fixed_tiles

EXPERT_PLANT_KINDS = ("reserve", "switch_timing", "relocate_tile")


def is_expert_plant(cid: str) -> bool:
    return CARDS[cid].effect.kind in EXPERT_PLANT_KINDS


def switch_targets(state: State, seat: int) -> list[Placed]:
    """Cards a switch plant may join: visible, with an effect timing, not an expert
    plant (RW-172, RW-176; reading: the switch and relocate plants' own effects are
    not switched)."""
    return [
        c
        for c in state.players[seat].cards
        if not c.covered
        and timing(state.expert, c) in ("immediate", "end")
        and not is_expert_plant(c.card)
    ]


def _axial(f: int) -> tuple[int, int]:
    c, r = coords(f)
    return c, r - (c - (c & 1)) // 2


def _field(q: int, r: int) -> int:
    row = r + (q - (q & 1)) // 2
    return field(q, row) if 0 <= q < COLS and 0 <= row < ROWS else -1


def _destinations(player: Player, tile: int) -> Iterator[Relocate]:
    """Every rigid move of the tile (rotated, its extension with it) onto fields empty
    once it is lifted, inside the boundary (RW-180), not where it lies now."""
    t = player.tiles[tile]
    piece = [*t.fields, *([t.ext] if t.ext >= 0 else [])]
    q0, r0 = _axial(piece[0])
    rel = [(q - q0, r - r0) for q, r in map(_axial, piece)]
    n = len(t.fields)
    for times in range(6):
        turned = []
        for dq, dr in rel:
            for _ in range(times):
                dq, dr = -dr, dq + dr
            turned.append((dq, dr))
        for anchor in range(COLS * ROWS):
            qa, ra = _axial(anchor)
            new = [_field(qa + dq, ra + dr) for dq, dr in turned]
            if any(f < 0 or player.cover[f] not in (EMPTY, tile) for f in new):
                continue
            if sorted(new) != sorted(piece):
                yield Relocate(tile, tuple(new[:n]), new[n] if t.ext >= 0 else -1)


def relocations(player: Player, tile: int) -> list[Relocate]:
    """The tile's destinations, each once, in a stable order."""
    unique = {(m.fields, m.ext): m for m in _destinations(player, tile)}
    return [unique[key] for key in sorted(unique)]


def movable_tiles(state: State, seat: int) -> list[int]:
    """Tiles a relocate plant may move: not used by an expert meeple (RW-183), with
    somewhere to go."""
    player = state.players[seat]
    fixed = fixed_tiles(state, seat)
    return [i for i in range(len(player.tiles)) if i not in fixed and relocations(player, i)]


def relocation_vp(player: Player, tile: int, move: Relocate) -> int:
    """Stars at the destination score as for placing that tile (RW-180; a wetland
    2 VP a star, RW-066); reading: mineral and water bonuses give nothing."""
    at = bonus_at(player)
    fields = [*move.fields, *([move.ext] if move.ext >= 0 else [])]
    stars = sum(at[f][1] for f in fields if at[f][0] == "star")
    return stars * STAR_VP[player.tiles[tile].kind]


def biome_of(player: Player, tile: int) -> str:
    """The biome row a relocate plant joins: the moved tile's (wetland: G) (RW-182)."""
    kind = player.tiles[tile].kind
    return "G" if kind == "W" else kind


def reservation(state: State, seat: int) -> Reservation | None:
    """The seat's oldest reserved card: its next wildlife card must be this (RW-168)."""
    if state.expert is None:
        return None
    return next((r for r in state.expert.reserved if r.seat == seat), None)


def reserve_slots(state: State, seat: int, plant: int) -> list[int]:
    """Display slots of wildlife cards that can live in the reserve plant's biome."""
    biome = next(c.biome for c in state.players[seat].cards if c.uid == plant)
    b = BIOMES.index(biome)  # type: ignore[arg-type]
    return [s for s, cid in enumerate(state.display[0]) if cid and CARDS[cid].needs[b] > 0]


def window_choice(state: State, first: int) -> tuple[int, int, int] | None:
    """RW-167, RW-170: at a pre-turn refill that revealed wildlife, the next unused
    reserve plant (its owner's priority from the player about to move, in turn order)
    that has a card to reserve and has not let this window pass: (seat, plant, biome).
    The solo opponent never reserves (RW-217)."""
    expert = state.expert
    if expert is None or not expert.window:
        return None
    for k in range(len(state.players)):
        seat = (first + k) % len(state.players)
        if expert.solo and seat != 0:
            continue
        for c in state.players[seat].cards:
            if CARDS[c.card].effect.kind != "reserve" or c.uid in expert.used + expert.asked:
                continue
            if reserve_slots(state, seat, c.uid):
                return seat, c.uid, BIOMES.index(c.biome)  # type: ignore[arg-type]
    return None
