"""Bug reports: stored with what re-running them on this server's engine gives."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.application import AggregateNotFoundError

from . import schemas as s
from .cache import RecordCache, engine
from .heavy import Heavy, Reproduced, Steps, job, reproduced
from .local import shape
from .problems import ApiError
from .quotas import Quotas
from .store import StoredReport


class _Header(msgspec.Struct):
    game: str


def bad_report(detail: str) -> ApiError:
    return ApiError(400, "bad-report", detail)


class Reports:
    def __init__(self, cache: RecordCache, quotas: Quotas, heavy: Heavy) -> None:
        self.cache = cache
        self.quotas = quotas
        self.heavy = heavy

    def upload(self, body: bytes, client: str) -> Steps[s.ReportStored]:
        """Steps (heavy.py, driven by calls.run_heavy): the re-run is a job for the child."""
        self.quotas.report(client, len(body))
        shape(body, s.ReportUpload)
        try:
            game_id = msgspec.json.decode(body, type=_Header).game
        except msgspec.DecodeError as exc:
            raise bad_report(f"not a Kifu bug report: {exc}") from None
        game = engine(game_id)
        # decoded and re-run in the child: here only the body waits for it
        try:
            answer: Reproduced = yield job(reproduced, game, body, self.quotas.max_entries)
        except Exception as exc:  # reproduce exists to run broken things
            raise bad_report(f"the report could not be re-run: {exc}") from None
        if answer.bad is not None:
            raise bad_report(answer.bad)
        self.quotas.check_length(answer.entries)
        result = answer.reproduction
        assert result is not None
        stored = StoredReport(
            game=game_id,
            bundle=body.decode(),
            reproduced=result.reproduced,
            reported=result.reported,
            observed=result.observed,
            engine_version=result.engine_version,
        )
        self.cache.put(stored)
        return self._answer(stored)

    def get(self, report_id: str) -> s.ReportStored:
        try:
            stored: Any = self.cache.store.repository.get(UUID(report_id))
        except (ValueError, AggregateNotFoundError):
            raise ApiError(404, "not-found", f"no bug report {report_id!r}") from None
        if not isinstance(stored, StoredReport):
            raise ApiError(404, "not-found", f"no bug report {report_id!r}")
        return self._answer(stored)

    def _answer(self, stored: StoredReport) -> s.ReportStored:
        return s.ReportStored(
            report_id=str(stored.id),
            game=stored.game,
            reproduced=stored.reproduced,
            reported=stored.reported,
            observed=stored.observed,
            engine_version=stored.engine_version,
        )
