"""Ducks in Tow (アヒルを連れて): the rules engine. `GAME` is the engine."""

from .rules import GAME

__all__ = ["GAME"]
