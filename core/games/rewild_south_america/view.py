"""What a seat may see of Rewild: everything on the table; of the three decks only
their sizes (RW-019); never the Rng."""

from __future__ import annotations

import msgspec

from core.kernel.score import RunningScore

from .events import Event
from .moves import Move
from .scoring import running
from .state import Expert, Player, State, copy_expert


class View(msgspec.Struct):
    seat: int | None
    deck_sizes: list[int]
    display: list[list[str]]
    players: list[Player]
    removed: list[str]
    start: int
    current: int
    round: int
    final_round: int
    took_plant: bool
    took_predation: bool
    mode: str
    made: int
    phase: str
    expert: Expert | None = None  # modules and the solo opponent; its pile face down
    pile: int = 0  # solo: cards left in the opponent's pile (their order is hidden)
    score: RunningScore | None = None  # the score so far and its parts (core.kernel.score)


def make_view(state: State, seat: int | None) -> View:
    return View(
        seat,
        [len(d) for d in state.decks],
        [list(d) for d in state.display],
        [msgspec.convert(msgspec.to_builtins(p), Player) for p in state.players],
        list(state.removed),
        state.start,
        state.current,
        state.round,
        state.final_round,
        state.took_plant,
        state.took_predation,
        state.mode,
        state.made,
        state.phase,
        _public(state.expert),
        len(state.expert.deck) if state.expert is not None else 0,
        score=running(state),
    )


def _public(expert: Expert | None) -> Expert | None:
    if expert is None:
        return None
    out = copy_expert(expert)
    out.deck = []
    return out


def redact_event(event: Event, seat: int | None) -> Event:
    """No event carries hidden data: a refill names only cards now face up."""
    return event


def redact_move(move: Move, seat: int | None) -> Move:
    return move
