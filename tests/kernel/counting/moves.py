"""Counting's moves."""

from __future__ import annotations

import msgspec


class Add(msgspec.Struct, tag="add"):
    n: int


class Done(msgspec.Struct, tag="done"):
    pass


Move = Add | Done
