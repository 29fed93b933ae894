"""Counting's events."""

from __future__ import annotations

import msgspec


class Added(msgspec.Struct, tag="added"):
    seat: int
    n: int


class Closed(msgspec.Struct, tag="closed"):
    seat: int


class Passed(msgspec.Struct, tag="passed"):
    to: int


class Ended(msgspec.Struct, tag="ended"):
    reached: int


Event = Added | Closed | Passed | Ended
