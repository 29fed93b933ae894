"""Tulikko state structs. Everything a game needs, nothing derived, no floats.

Cells are indices `row * 5 + col` (data.cell_of); a map's `cells` hold tile ids
("" = empty), its `edges` hold one token code per inner edge (data.EDGES:
0 none, 1 river, 2 animal). Hidden: each `stack` (order unknown to every
player, TUL-009), the board's centre slot (TUL-018), the `boxed` neutral tiles
and the unused landscape cards (TUL-013, TUL-020), and the Rng.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.kernel import Rng

Phase = Literal["setup", "slide", "place", "tokens", "move", "finish", "over"]


class PlayerState(msgspec.Struct, kw_only=True):
    animal: str  # the map (TUL-GAP17): bear | wolf | owl | reindeer
    stack: list[str]  # personal stack, top = last element (hidden order, TUL-009)
    cells: list[str]  # 20 spaces, tile id or ""
    edges: list[int]  # 31 inner edges, token code
    animals: int  # animal tokens in the personal supply (TUL-006/007)
    rivers: int  # river tokens in the personal supply
    start_tile: str  # the neutral tile to place during setup ("" once placed, TUL-019)
    discarded: list[str]  # tiles this player discarded (TUL-034)
    turns: int = 0  # turns played (TUL-025)


class State(msgspec.Struct, kw_only=True, omit_defaults=True):
    rng: Rng
    seats: int
    first_player: int
    current: int  # the seat whose turn it is (or the first player during setup)
    turn: int  # +1 whenever a turn starts (the take-back scope)
    round: int  # 1..12 (0 during setup)
    phase: Phase
    board: list[str]  # slots N, E, S, W, CENTRE (data.SLOT_INDEX / data.CENTRE)
    revealed: str  # the current player's revealed tile, before it is slid in
    taken: str  # the ejected tile waiting for step 2A
    exit_side: str  # the side `taken` left the board through (TUL-030)
    free_placement: bool  # the free-placement aurora is in effect (TUL-096)
    token_cell: int  # the tile whose edges are being decided (-1: none)
    pending: list[int]  # neighbour cells still to decide (TUL-045)
    lifted: str  # tile picked up by the move-tile aurora (TUL-098)
    lifted_from: int  # where it came from (-1: none)
    resume: str  # the phase a move-tile aurora returns to
    # Cards and aurora tiles as flat lists (cheap to clone); static data lives in data.py.
    landscape: list[str]  # the 3 landscape card ids: river, colour, shape (TUL-049)
    landscape_tokens: list[list[int]]  # [card][seat] animal tokens on the seat's space
    landscape_achieved: list[list[bool]]  # [card][seat] (TUL-056)
    symbol_holder: list[int]  # per data.SYMBOLS: the seat that claimed it, -1 (TUL-078)
    symbol_tokens: list[int]  # tokens on each symbol card
    aurora_holder: list[int]  # per data.AURORA_TILES: holding seat or -1 (TUL-084)
    aurora_active: list[bool]  # active side up (TUL-087)
    players: list[PlayerState]
    boxed: list[str]  # neutral tiles returned to the box unseen (TUL-020)
    unused_cards: list[str]  # landscape cards returned to the box (TUL-013)
    end_triggered: bool  # TUL-103
    end_reason: str
    # The rules the game is played under (rules.RULES_VERSION when it began). Version
    # "1", the default, is left out of the encoding, so states of games begun under
    # rules 1 hash exactly as they did then (the state hash is of the encoding).
    rules_version: str = "1"


def to_move(state: State) -> list[int]:
    """The seats to move: every seat still to place its start tile during setup
    (TUL-019, simultaneous), then the current player; none once the game is over."""
    if state.phase == "over":
        return []
    if state.phase == "setup":
        return [s for s in range(state.seats) if state.players[s].start_tile]
    return [state.current]


def copy_state(state: State) -> State:
    """A deep copy of `state`, 4x faster than the kernel's msgpack `clone`.

    The kernel copies a state for every move and event (`Tulikko.copy`): the engine's
    hot path. It is equal to `clone(state)` and shares no mutable object with its
    input; tests/games/tulikko/test_state.py checks both (so a field added
    here without being copied fails the tests, not a game)."""
    return msgspec.structs.replace(
        state,
        rng=Rng(state.rng.state, state.rng.inc),
        board=state.board[:],
        pending=state.pending[:],
        landscape=state.landscape[:],
        landscape_tokens=[row[:] for row in state.landscape_tokens],
        landscape_achieved=[row[:] for row in state.landscape_achieved],
        symbol_holder=state.symbol_holder[:],
        symbol_tokens=state.symbol_tokens[:],
        aurora_holder=state.aurora_holder[:],
        aurora_active=state.aurora_active[:],
        players=[
            msgspec.structs.replace(
                p, stack=p.stack[:], cells=p.cells[:], edges=p.edges[:], discarded=p.discarded[:]
            )
            for p in state.players
        ],
        boxed=state.boxed[:],
        unused_cards=state.unused_cards[:],
    )
