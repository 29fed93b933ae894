"""Valley of the Torii (鳥居の谷): the engine instance."""

from .rules import GAME

__all__ = ["GAME"]
