"""The folds: one function per event type, applying it to a state in place.

`evolve` never validates: every event is complete enough to apply without rules
(events.py), so a stored record replays through these alone. The kernel only
ever folds into a private copy of the state (core.kernel.steps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from . import data
from .data import (
    ANIMAL,
    CELL_EDGES,
    EDGE_INDEX,
    FREE_PLACEMENT,
    NEIGHBOURS,
    NO_TOKEN,
    OPPOSITE,
    RIVER,
    SLOT_INDEX,
    SYMBOLS,
)
from .events import (
    AuroraTaken,
    AuroraUsed,
    GameEnded,
    LandscapeAchieved,
    Slid,
    StartTilePlaced,
    StepDone,
    SymbolClaimed,
    TileDiscarded,
    TileLifted,
    TilePlaced,
    TokenPlaced,
    TokenSkipped,
    TurnEnded,
    TurnStarted,
)
from .state import Phase, State


def _edge(a: int, b: int) -> int:
    return EDGE_INDEX[(min(a, b), max(a, b))]


def token_placed(state: State, event: TokenPlaced) -> None:
    player = state.players[event.seat]
    if event.kind == "animal":
        player.edges[_edge(event.a, event.b)] = ANIMAL
        player.animals -= 1
    else:
        player.edges[_edge(event.a, event.b)] = RIVER
        player.rivers -= 1
    state.pending.remove(event.b)


def token_skipped(state: State, event: TokenSkipped) -> None:
    state.pending.remove(event.b)


def tile_placed(state: State, event: TilePlaced) -> None:
    player = state.players[event.seat]
    player.cells[event.cell] = event.tile
    if event.moved:
        state.lifted, state.lifted_from = "", -1
    else:
        state.taken, state.exit_side, state.free_placement = "", "", False
    state.phase = "tokens"
    state.token_cell = event.cell
    state.pending = [n for n in NEIGHBOURS[event.cell] if player.cells[n]]


def slid(state: State, event: Slid) -> None:
    board = state.board
    arm, opp = SLOT_INDEX[event.side], SLOT_INDEX[OPPOSITE[event.side]]
    board[opp], board[data.CENTRE], board[arm] = (
        board[data.CENTRE],
        board[arm],
        event.inserted,
    )
    state.revealed = ""
    state.taken = event.ejected
    state.exit_side = OPPOSITE[event.side]
    state.phase = "place"


def tile_discarded(state: State, event: TileDiscarded) -> None:
    state.players[event.seat].discarded.append(event.tile)
    state.taken, state.exit_side, state.free_placement = "", "", False
    state.phase, state.token_cell, state.pending = "tokens", -1, []


def step_done(state: State, event: StepDone) -> None:
    state.phase = cast(Phase, state.resume or "finish")
    state.resume, state.token_cell, state.pending = "", -1, []


def landscape_achieved(state: State, event: LandscapeAchieved) -> None:
    i = state.landscape.index(event.card)
    state.landscape_tokens[i][event.seat] += event.tokens
    state.landscape_achieved[i][event.seat] = True
    state.players[event.seat].animals -= event.tokens


def symbol_claimed(state: State, event: SymbolClaimed) -> None:
    i = SYMBOLS.index(event.symbol)
    state.symbol_holder[i], state.symbol_tokens[i] = event.seat, event.tokens
    state.players[event.seat].animals -= event.tokens


def aurora_taken(state: State, event: AuroraTaken) -> None:
    state.aurora_holder[data.AURORA_INDEX[event.aurora]] = event.seat


def aurora_used(state: State, event: AuroraUsed) -> None:
    state.aurora_active[data.AURORA_INDEX[event.aurora]] = False
    if event.effect == FREE_PLACEMENT:
        state.free_placement = True


def tile_lifted(state: State, event: TileLifted) -> None:
    player = state.players[event.seat]
    for e in CELL_EDGES[event.cell]:  # TUL-098/101
        if player.edges[e] == ANIMAL:
            player.animals += 1
        elif player.edges[e] == RIVER:
            player.rivers += 1
        player.edges[e] = NO_TOKEN
    player.cells[event.cell] = ""
    state.lifted, state.lifted_from = event.tile, event.cell
    state.resume, state.phase = state.phase, "move"


def turn_started(state: State, event: TurnStarted) -> None:
    player = state.players[event.seat]
    state.revealed = player.stack.pop()
    state.current, state.round, state.phase = event.seat, event.round, "slide"
    state.turn += 1


def turn_ended(state: State, event: TurnEnded) -> None:
    state.players[event.seat].turns += 1
    if event.triggers_end:
        state.end_triggered = True


def start_tile_placed(state: State, event: StartTilePlaced) -> None:
    player = state.players[event.seat]
    player.cells[event.cell] = event.tile
    player.start_tile = ""


def game_ended(state: State, event: GameEnded) -> None:
    state.phase = "over"
    state.end_reason = event.reason


FOLDS: dict[type, Callable[[State, Any], None]] = {
    TokenPlaced: token_placed,
    TokenSkipped: token_skipped,
    TilePlaced: tile_placed,
    Slid: slid,
    TileDiscarded: tile_discarded,
    StepDone: step_done,
    LandscapeAchieved: landscape_achieved,
    SymbolClaimed: symbol_claimed,
    AuroraTaken: aurora_taken,
    AuroraUsed: aurora_used,
    TileLifted: tile_lifted,
    TurnStarted: turn_started,
    TurnEnded: turn_ended,
    StartTilePlaced: start_tile_placed,
    GameEnded: game_ended,
}
