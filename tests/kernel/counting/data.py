"""Counting's component data: the additions a seat may make and the bonus."""

from __future__ import annotations

ADDS = (1, 2)  # CNT-2: add 1 or 2
TARGET = 5  # CNT-5: the default total that ends the game
BONUS = 3  # CNT-6: for the seat whose addition reached the target


def _validate() -> None:
    """Raise on inconsistent data, so replacing it cannot silently break the rules."""
    if sorted(set(ADDS)) != list(ADDS) or ADDS[0] < 1:
        raise ValueError("ADDS must be increasing positive numbers")
    if max(ADDS) >= TARGET or BONUS < 0:
        raise ValueError("TARGET must exceed one addition; BONUS must be >= 0")


_validate()
