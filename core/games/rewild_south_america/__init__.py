"""Rewild: South America (リワイルド：サウスアメリカ), 2-4 players: rewild a hex board
with biome tiles and attract wildlife, predation and plant cards."""

from __future__ import annotations

from .rules import GAME

__all__ = ["GAME"]
