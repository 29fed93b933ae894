"""Verification: re-run `decide` on every stored move and report the first divergence.

A record made under earlier rules (its genesis names the rules version it was
played under) is first replayed from its stored events, every state hash checked:
that must hold whatever changed since, and failing it is a real divergence. Then
its moves are re-decided under today's rules, and a difference there is reported
as what it is, a rules change since the record was made (kind "rules-changed",
naming both versions), not as a divergence.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from .contract import Decider
from .errors import RecordError
from .record import Record
from .timeline import Check, Mismatch, Timeline


class Divergence(msgspec.Struct, kw_only=True):
    """The first entry that does not reproduce, with what was stored and what came out.

    `kind` "rules-changed": the record replays as it was played (under its rules
    `recorded_rules`), but today's rules (`engine_rules`) decide a move differently.
    """

    seq: int
    message: str
    expected_hash: str = ""
    actual_hash: str = ""
    expected_events: Any = None
    actual_events: Any = None
    kind: Literal["divergence", "rules-changed"] = "divergence"
    recorded_rules: str = ""
    engine_rules: str = ""


def verify(game: Decider[Any, Any, Any, Any], record: Record[Any, Any]) -> Divergence | None:
    """None when every entry re-decides to the same events and state hashes."""
    recorded, current = record.genesis.rules_version, game.info.rules_version
    rules = {"recorded_rules": recorded, "engine_rules": current}
    if recorded != current:
        replayed = _first_divergence(game, record, "hashes")
        if replayed is not None:
            message = f"under its rules {recorded}: {replayed.message}"
            return msgspec.structs.replace(replayed, message=message, **rules)
    divergence = _first_divergence(game, record, "verify")
    if divergence is None:
        return None
    if recorded != current:
        message = (
            f"the rules changed since this record was made ({game.info.id} rules {recorded}"
            f" -> {current}); it replays as played, but under the current rules"
            f" seq {divergence.seq}: {divergence.message}"
        )
        return msgspec.structs.replace(divergence, kind="rules-changed", message=message, **rules)
    return msgspec.structs.replace(divergence, **rules)


def _first_divergence(
    game: Decider[Any, Any, Any, Any], record: Record[Any, Any], check: Check
) -> Divergence | None:
    try:
        Timeline(game, record, check=check)
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
