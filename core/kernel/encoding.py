"""Canonical encoding, hashing and cloning of msgspec structs.

A state's hash is sha256 of its canonical JSON: struct fields in declaration
order, dict keys sorted. Floats are never used in game state, so the bytes are
the same on every runtime.
"""

from __future__ import annotations

import hashlib
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

_json = msgspec.json.Encoder(order="deterministic")
_msgpack = msgspec.msgpack.Encoder(order="deterministic")


def canonical(obj: Any) -> bytes:
    """The canonical JSON bytes of any msgspec-encodable object."""
    return _json.encode(obj)


def digest(obj: Any) -> str:
    """sha256 hex of the canonical encoding: the state hash, entry hash, events hash."""
    return hashlib.sha256(_json.encode(obj)).hexdigest()


def clone(obj: T) -> T:
    """A deep copy of a struct through msgpack: how `evolve` avoids mutating its input."""
    return msgspec.msgpack.decode(_msgpack.encode(obj), type=type(obj))
