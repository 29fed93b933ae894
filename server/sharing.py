"""Share links: a finished game's full record (seed included) under a public id."""

from __future__ import annotations

import secrets
from typing import Any

from eventsourcing.application import AggregateNotFoundError

from core.kernel import encode_compact

from . import schemas as s
from .auth import authorize
from .cache import Live, RecordCache
from .problems import ApiError
from .store import ShareLink, share_uuid


class Sharing:
    def __init__(self, cache: RecordCache) -> None:
        self.cache = cache

    def share(self, record_id: str, token: str | None, *, hosted: bool) -> s.ShareCreated:
        live = self.cache.get(record_id)

        def attempt() -> s.ShareCreated:
            agg = live.aggregate
            if hosted != (agg.kind == "hosted"):
                raise ApiError(
                    404, "not-found", f"no {'game' if hosted else 'record'} {record_id!r}"
                )
            if authorize(agg, token).role == "spectator":
                raise ApiError(403, "forbidden", "spectators cannot share a game")
            if not live.over():
                raise ApiError(
                    409, "game-not-over", "only finished games can be shared; this one is not over"
                )
            if not agg.share_id:
                share_id = secrets.token_urlsafe(16)
                agg.share(share_id=share_id)
                self.cache.save(live, ShareLink(share_id=share_id, record_id=record_id))
            return s.ShareCreated(share_id=agg.share_id, path=f"/api/shared/{agg.share_id}")

        return self.cache.write(live, attempt)

    def _finished(self, share_id: str) -> Live:
        """The shared game's Live, refreshed (call under its lock)."""
        try:
            link: Any = self.cache.store.repository.get(share_uuid(share_id))
        except (AggregateNotFoundError, ValueError):
            raise ApiError(404, "not-found", f"no shared game {share_id!r}") from None
        assert isinstance(link, ShareLink)
        live = self.cache.get(link.record_id)
        with live.lock:
            self.cache.refresh(live)
            if not live.over():  # cannot happen: only finished games get a share id
                raise ApiError(404, "not-found", f"no shared game {share_id!r}")
        return live

    def shared_compact(self, share_id: str) -> bytes:
        """The shared (finished, so never changing) record in the compact form."""
        live = self._finished(share_id)
        with live.lock:
            return encode_compact(live.engine, live.tl.record)

    def shared(self, share_id: str) -> s.SharedRecord:
        live = self._finished(share_id)
        with live.lock:
            return s.SharedRecord(
                share_id=share_id,
                record=live.tl.record,
                outcome=live.engine.outcome(live.tl.state),
                rules_version=live.tl.record.genesis.rules_version,
                view=live.engine.view(live.tl.state, None),
            )
