"""Tulikko (トゥリッコ): slide forest tiles through the central board, build your
wilderness map, be the first to place all 18 tokens. Rules: shared/rules/tulikko.md."""

from .rules import GAME

__all__ = ["GAME"]
