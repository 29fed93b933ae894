"""Ducks in Tow (アヒルを連れて): the rules engine. `GAME` is the Decider."""

from .rules import GAME, DucksInTow

__all__ = ["GAME", "DucksInTow"]
