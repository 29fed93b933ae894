"""The game registry: `core.games.get("tulikko")` returns the title's engine.

Engines are imported on first use, so listing games or opening one record does
not load all five. Tests and tools may `register` extra engines (the kernel's
fixture game) under their own ids.
"""

from __future__ import annotations

import importlib
from typing import Any

import msgspec

from ..kernel.bots import bots_of
from ..kernel.codec import Format, decode_record, record_game
from ..kernel.contract import Decider, GameInfo
from ..kernel.errors import UnknownGame

_MODULES: dict[str, str] = {
    "tulikko": "core.games.tulikko",
    "ducks-in-tow": "core.games.ducks_in_tow",
    "valley-of-the-torii": "core.games.valley_of_the_torii",
    "whispering-woods": "core.games.whispering_woods",
    "rewild-south-america": "core.games.rewild_south_america",
}
_LOADED: dict[str, Decider[Any, Any, Any, Any]] = {}


def register(game: Decider[Any, Any, Any, Any]) -> None:
    """Make an engine available under `game.info.id` (for tests and plug-ins)."""
    _LOADED[game.info.id] = game


def ids() -> list[str]:
    """Every registered game id, built-in titles first."""
    return list(_MODULES) + [game_id for game_id in _LOADED if game_id not in _MODULES]


def titles() -> list[str]:
    """The built-in titles' ids (not the games tests and plug-ins register)."""
    return list(_MODULES)


def get(game_id: str) -> Decider[Any, Any, Any, Any]:
    """The engine for `game_id`; UnknownGame (listing the known ids) otherwise."""
    if game_id not in _LOADED:
        if game_id not in _MODULES:
            raise UnknownGame(f"unknown game {game_id!r} (known: {', '.join(ids()) or 'none'})")
        module = importlib.import_module(_MODULES[game_id])
        _LOADED[game_id] = module.GAME
    return _LOADED[game_id]


def catalogue() -> list[GameInfo]:
    """Metadata of every game, for game lists and new-game forms."""
    return [get(game_id).info for game_id in ids()]


def listed(game: Decider[Any, Any, Any, Any]) -> dict[str, Any]:
    """A game as game lists and new-game forms show it (the browser's catalogue and
    the server's): its GameInfo fields plus `bots`, the names `bots_of` offers."""
    return {**msgspec.structs.asdict(game.info), "bots": list(bots_of(game))}


def load_record(data: bytes, fmt: Format = "json") -> tuple[Decider[Any, Any, Any, Any], Any]:
    """Decode a record of any registered game: (its engine, the typed record)."""
    game = get(record_game(data, fmt))
    return game, decode_record(data, game, fmt)
