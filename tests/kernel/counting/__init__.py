"""Counting: the smallest title in the kit's shape (tests only, never shipped).

Each turn a seat adds 1 or 2 to a shared total (step "add"), then says "done"
(step "close"); the rules pass the turn by themselves, and end the game when the
total reaches the target. Each seat scores what it added, plus a bonus for the
seat whose addition reached the target. It exists to prove the kernel's step
dispatch, the conformance harness and the shape test on a title small enough to
read in one sitting: a new title can copy its layout (core/games/README.md).
"""

from __future__ import annotations

from .rules import GAME

__all__ = ["GAME"]
