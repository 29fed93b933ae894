"""Whispering Woods (ウィスペリング・ウッズ): grow a forest of hex tiles and walk your
animals along coloured paths to complete missions; 2-4 players, or solitaire at six
levels. Rules: shared/rules/whispering-woods.md."""

from .rules import GAME

__all__ = ["GAME"]
