"""Step dispatch: the part of `decide` and `evolve` every title shares.

A title written on `StepRules` declares, instead of hand-writing them:

- `steps`: for each phase of its state, a `Step` — the moves that phase
  accepts, the rule that governs it and what a player must do now. A move of
  another step is refused as ``wrong-step`` citing the step's rule and saying
  what to do now (never the move's own rule: the player asked the wrong question).
- `handlers`: for each move type, the function that checks it and yields its
  events. Each event is folded into a private working copy *before* the handler
  resumes, so a handler that yields several events sees the state each one leaves.
- `folds`: for each event type, the function that folds it into a state in place.
- `automatic(state)`: the events the rules make by themselves in a state (skip a
  choice that does not exist, score, end the turn); run after every move until it
  yields nothing, so automatic steps live in one place, not in each handler.

The kernel does the rest in one order: game over (`GameInfo.end_rule`), not this
seat's turn (`GameInfo.turn_rule`), unknown move, wrong step, then the handler and
the automatic steps on one working copy. `evolve` copies once and folds.
Every table is checked when the class is created: a move or event type without a
handler or fold, or a step naming a move with no handler, is a TypeError at import.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeVar

import msgspec

from .contract import Decider
from .encoding import clone
from .errors import IllegalMove

S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E")
V = TypeVar("V")

# handler(game, working_state, seat, move) -> the move's events (a list or a generator)
Handler = Callable[[Any, Any, int, Any], Iterable[Any]]
# fold(state, event): apply one event to `state` in place
Fold = Callable[[Any, Any], None]

OVER = "over"


class Step(msgspec.Struct, frozen=True):
    """One phase of a turn: the moves it accepts, its rule, what to do now."""

    rule: str
    now: str
    moves: tuple[type, ...]


def union_members(tp: Any) -> tuple[type, ...]:
    """The classes of a tagged union (or the one class it is)."""
    args = typing.get_args(tp)
    return tuple(args) if args else (tp,)


class StepRules(Decider[S, M, E, V]):
    """A Decider whose `decide` and `evolve` are dispatched from declared tables."""

    steps: ClassVar[Mapping[str, Step]]
    handlers: ClassVar[Mapping[type, Handler]]
    folds: ClassVar[Mapping[type, Fold]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "steps" in cls.__dict__ or "handlers" in cls.__dict__ or "folds" in cls.__dict__:
            _check_tables(cls)

    # -- what a title may override -----------------------------------------------------

    def phase(self, state: S) -> str:
        """The state's current step; ``"over"`` once the game has ended."""
        return typing.cast(str, state.phase)  # type: ignore[attr-defined]

    def copy(self, state: S) -> S:
        """A deep copy to fold into; titles may give a faster hand-written one."""
        return clone(state)

    def automatic(self, state: S) -> Iterable[E]:
        """Events the rules make by themselves in `state` (none by default)."""
        return ()

    def turn_rule(self, move: M) -> str:
        """The rule cited when a seat moves out of turn (some moves have their own)."""
        return self.info.turn_rule

    # -- what the kernel does ----------------------------------------------------------

    def decide(self, state: S, seat: int, move: M) -> list[E]:
        work = self.copy(state)
        return self.play_in_place(work, seat, move)

    def apply(self, state: S, seat: int, move: M) -> tuple[list[E], S]:
        """decide and fold in one pass: the working copy decide folded into *is* the
        state after the move, so no event is folded twice."""
        work = self.copy(state)
        return self.play_in_place(work, seat, move), work

    def play_in_place(self, work: S, seat: int, move: M) -> list[E]:
        """Run the move on `work` itself (checks included): what `decide` does on its
        private copy, open to callers that own a copy already (a search's rollouts).
        On IllegalMove, `work` may hold a partial move: discard it."""
        phase = self.phase(work)
        if phase == OVER:
            raise IllegalMove("game-over", "the game is over", self.info.end_rule)
        if seat not in self.to_move(work):
            raise IllegalMove(
                "not-your-turn", f"it is not seat {seat}'s turn", self.turn_rule(move)
            )
        step = self.steps[phase]
        handler = self.handlers.get(type(move))
        if handler is None:
            raise IllegalMove("unknown-move", f"unknown move {move!r}", step.rule)
        if type(move) not in step.moves:
            raise IllegalMove("wrong-step", step.now, step.rule)
        events: list[E] = []
        for event in handler(self, work, seat, move):
            events.append(event)
            self.fold(work, event)
        self.settle(work, events)
        return events

    def settle(self, work: S, events: list[E]) -> None:
        """Run the automatic steps on `work`, appending their events, until none is due."""
        while True:
            before = len(events)
            for event in self.automatic(work):
                events.append(event)
                self.fold(work, event)
            if len(events) == before:
                return

    def evolve(self, state: S, event: E) -> S:
        work = self.copy(state)
        self.fold(work, event)
        return work

    def fold(self, state: S, event: E) -> None:
        """Apply one event to `state` in place (only ever on a private copy)."""
        self.folds[type(event)](state, event)


def _check_tables(cls: type[StepRules[Any, Any, Any, Any]]) -> None:
    """Fail at import, not mid-game, when a title's tables disagree with its types."""
    name = cls.__name__
    handlers = cls.__dict__.get("handlers", getattr(cls, "handlers", {}))
    folds = cls.__dict__.get("folds", getattr(cls, "folds", {}))
    steps = cls.__dict__.get("steps", getattr(cls, "steps", {}))
    if OVER in steps:
        raise TypeError(f"{name}.steps: {OVER!r} is the end, not a step")
    for phase, step in steps.items():
        for move in step.moves:
            if move not in handlers:
                raise TypeError(f"{name}: step {phase!r} accepts {move.__name__}, no handler")
    accepted = {move for step in steps.values() for move in step.moves}
    for move in handlers:
        if move not in accepted:
            raise TypeError(f"{name}: {move.__name__} has a handler but no step accepts it")
    move_type = getattr(cls, "move_type", None)
    if move_type is not None:
        for move in union_members(move_type):
            if move not in handlers:
                raise TypeError(f"{name}: move {move.__name__} has no handler")
    event_type = getattr(cls, "event_type", None)
    if event_type is not None:
        for event in union_members(event_type):
            if event not in folds:
                raise TypeError(f"{name}: event {event.__name__} has no fold")
