"""Verification: re-run `decide` on every stored move and report the first divergence."""

from __future__ import annotations

from typing import Any

import msgspec

from .contract import Decider
from .errors import RecordError
from .record import Record
from .timeline import Mismatch, Timeline


class Divergence(msgspec.Struct, kw_only=True):
    """The first entry that does not reproduce, with what was stored and what came out."""

    seq: int
    message: str
    expected_hash: str = ""
    actual_hash: str = ""
    expected_events: Any = None
    actual_events: Any = None


def verify(game: Decider[Any, Any, Any, Any], record: Record[Any, Any]) -> Divergence | None:
    """None when every entry re-decides to the same events and state hashes."""
    try:
        Timeline(game, record, check="verify")
    except Mismatch as exc:
        return Divergence(
            seq=exc.seq or 0,
            message=exc.message,
            expected_hash=exc.expected_hash,
            actual_hash=exc.actual_hash,
            expected_events=exc.expected_events,
            actual_events=exc.actual_events,
        )
    except RecordError as exc:
        return Divergence(seq=exc.seq or 0, message=exc.message)
    return None
