"""Live-update fan-out across server processes.

Litestar's psycopg channels backend opens a new PostgreSQL connection for every
NOTIFY, which costs a backend process fork per move. `PgChannels` keeps one
publishing connection (reopened if it breaks) next to the backend's listening
connection. Notifications carry only `{"seq": n}`: each subscriber reads the
entry itself and redacts it for its own seat.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from typing import Any

from litestar.channels.backends.psycopg import PsycoPgChannelsBackend
from psycopg import AsyncConnection
from psycopg.sql import SQL, Identifier


class PgChannels(PsycoPgChannelsBackend):
    def __init__(self, pg_dsn: str) -> None:
        super().__init__(pg_dsn)
        self._publisher: AsyncConnection[Any] | None = None
        self._publish_lock: asyncio.Lock | None = None

    async def on_shutdown(self) -> None:
        if self._publisher is not None:
            with contextlib.suppress(Exception):
                await self._publisher.close()
            self._publisher = None
        await super().on_shutdown()

    async def publish(self, data: bytes, channels: Iterable[str]) -> None:
        if self._publish_lock is None:
            self._publish_lock = asyncio.Lock()
        payload = data.decode("utf-8")
        async with self._publish_lock:
            for attempt in range(2):
                try:
                    if self._publisher is None or self._publisher.closed:
                        self._publisher = await AsyncConnection.connect(
                            self._pg_dsn, autocommit=True
                        )
                    for channel in channels:
                        await self._publisher.execute(
                            SQL("NOTIFY {channel}, {data}").format(
                                channel=Identifier(channel), data=payload
                            )
                        )
                    return
                except Exception:
                    if self._publisher is not None:
                        with contextlib.suppress(Exception):
                            await self._publisher.close()
                    self._publisher = None
                    if attempt:
                        raise
