"""Take-back policies, a table option chosen at creation.

- ``casual``: undo any moves, as long as none of them revealed something hidden
  (a draw, a flip): undoing past a reveal would let a player choose again
  knowing it.
- ``friendly``: undo only your own moves of the current turn (and, as above,
  not past a reveal).
- ``strict``: no take-backs.

Whatever the policy, a move of another person at another device (a hosted table's
other seats: `people`) is never taken back without them: the server refuses it. At a
local table every seat shares the device, so its policy alone decides.

Nothing is deleted either way: a take-back is an entry, and the PRNG state is
part of the game state, so replaying the same move after an undo draws the
same cards.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .contract import Decider, TakeBackPolicy
from .errors import IllegalMove
from .record import Entry


def takeback_refusal(
    game: Decider[Any, Any, Any, Any],
    *,
    policy: TakeBackPolicy,
    seat: int,
    undone: Sequence[Entry[Any, Any]],
    turn_then: int,
    turn_now: int,
    game_over: bool,
    people: Collection[int] = (),
) -> IllegalMove | None:
    """Why `seat` may not undo `undone` (the moves after the target), or None.
    `people`: the seats of other people, whose moves are theirs to take back."""
    rule = f"table:takeback={policy}"
    if policy == "strict":
        return IllegalMove("takeback-strict", "this table does not allow take-backs", rule)
    if not undone:
        return IllegalMove("takeback-nothing", "there is no move to take back", rule)
    if game_over:
        return IllegalMove("takeback-game-over", "the game is over", rule)
    for entry in undone:
        if any(game.reveals(event) for event in entry.events):
            return IllegalMove(
                "takeback-revealed",
                f"move {entry.seq} revealed hidden information and cannot be taken back",
                rule,
            )
    others = sorted({entry.seat for entry in undone if entry.seat in people and entry.seat != seat})
    if others:
        return IllegalMove(
            "takeback-others-move",
            f"seat {others[0]}'s move is theirs: only they can take it back",
            rule,
        )
    if policy == "friendly":
        if any(entry.seat != seat for entry in undone):
            return IllegalMove(
                "takeback-not-yours", "friendly take-back undoes only your own moves", rule
            )
        if turn_then != turn_now:
            return IllegalMove(
                "takeback-past-turn", "friendly take-back stays within the current turn", rule
            )
    return None
