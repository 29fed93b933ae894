"""Expert module 1: the game ends at 9 visible animals instead of 8 (RW-165)."""

from __future__ import annotations

from ..data import END_ANIMALS, END_ANIMALS_LONG
from ..state import Expert


def end_animals(expert: Expert | None) -> int:
    """RW-153, RW-165 (reading: visible animals, as for the base trigger)."""
    return END_ANIMALS_LONG if expert is not None and expert.long_game else END_ANIMALS
