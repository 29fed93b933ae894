"""Bug reports that reproduce exactly: the record, the engine version, the error.

A report is made on the device where something went wrong and re-run anywhere
(`kifu repro`, the server). Both sides describe failures with `describe`, so
"does it reproduce" is a comparison of two strings the same code produced.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

from .. import __version__
from .contract import Decider
from .errors import IllegalMove, KifuError
from .record import Record
from .timeline import Timeline
from .verify import verify

M = TypeVar("M")
E = TypeVar("E")

REPORT_FORMAT = 1


class Attempt(msgspec.Struct, Generic[M], kw_only=True):
    """The move that failed, made by `seat` after the record's last entry."""

    seat: int
    move: M


class BugReport(msgspec.Struct, Generic[M, E], kw_only=True):
    game: str
    engine_version: str
    record: Record[M, E]
    error: str
    attempt: Attempt[M] | None = None
    note: str = ""
    created_at: int = 0
    format: int = REPORT_FORMAT


class Reproduction(msgspec.Struct, kw_only=True):
    reproduced: bool
    reported: str
    observed: str
    engine_version: str


def describe(exc: BaseException) -> str:
    """One line naming a failure; the same text on every runtime."""
    if isinstance(exc, IllegalMove):
        return f"IllegalMove {exc.code} [{exc.rule_id}]: {exc.message}"
    if isinstance(exc, KifuError):
        return f"{type(exc).__name__}: {exc}"
    return f"crash {type(exc).__name__}: {exc}"


def observe(game: Decider[Any, Any, Any, Any], record: Record[Any, Any], attempt: Any) -> str:
    """What happens now when the record is verified and the attempt replayed."""
    divergence = verify(game, record)
    if divergence is not None:
        return f"divergence at seq {divergence.seq}: {divergence.message}"
    if attempt is None:
        return "ok"
    try:
        Timeline(game, record).play(attempt.seat, attempt.move, move_id="repro-attempt")
    except Exception as exc:  # a report exists to capture crashes too
        return describe(exc)
    return "ok"


def report_type(game: Decider[Any, Any, Any, Any]) -> Any:
    return BugReport[game.move_type, game.event_type]  # type: ignore[name-defined]


def make_report(
    game: Decider[Any, Any, Any, Any],
    record: Record[Any, Any],
    *,
    attempt: Attempt[Any] | None = None,
    note: str = "",
    created_at: int = 0,
) -> BugReport[Any, Any]:
    """A report whose `error` is what this engine observes for the record and attempt."""
    return BugReport(
        game=game.info.id,
        engine_version=__version__,
        record=record,
        error=observe(game, record, attempt),
        attempt=attempt,
        note=note,
        created_at=created_at,
    )


def reproduce(game: Decider[Any, Any, Any, Any], report: BugReport[Any, Any]) -> Reproduction:
    observed = observe(game, report.record, report.attempt)
    return Reproduction(
        reproduced=observed == report.error,
        reported=report.error,
        observed=observed,
        engine_version=__version__,
    )
