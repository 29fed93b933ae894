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
import logging
from collections.abc import Iterable
from typing import Any

from litestar.channels.backends.psycopg import PsycoPgChannelsBackend
from psycopg import AsyncConnection
from psycopg.sql import SQL, Identifier

log = logging.getLogger("kifu.server")
LISTEN_POLL = 0.1  # seconds per notifies() pass, then the stop flag is checked


class PgChannels(PsycoPgChannelsBackend):
    """Also survives a lost listening connection (database restart, terminated
    backend): it reconnects, LISTENs again, and wakes every subscriber with a
    `{"seq": null}` note so each catches up on what it may have missed."""

    def __init__(self, pg_dsn: str) -> None:
        super().__init__(pg_dsn)
        self._publisher: AsyncConnection[Any] | None = None
        self._publish_lock: asyncio.Lock | None = None

    async def on_shutdown(self) -> None:
        self._stop_listening = True
        with contextlib.suppress(Exception):
            await self._listener_conn.close()
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

    async def _listen(self) -> None:
        delay = 0.1
        while not self._stop_listening:
            try:
                async for notify in self._listener_conn.notifies(timeout=LISTEN_POLL):
                    self._event_queue.put_nowait((notify.channel, notify.payload.encode("utf-8")))
                delay = 0.1
            except asyncio.CancelledError:
                raise
            except Exception:
                if self._stop_listening:
                    return
                log.warning("channels: lost the LISTEN connection; reconnecting")
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                await self._relisten()

    async def _relisten(self) -> None:
        with contextlib.suppress(Exception):
            await self._listener_conn.close()
        try:
            conn = await AsyncConnection.connect(self._pg_dsn, autocommit=True)
            for channel in self._subscribed_channels:
                await conn.execute(SQL("LISTEN {channel}").format(channel=Identifier(channel)))
        except Exception:
            return  # the loop retries
        self._listener_conn = conn
        for channel in self._subscribed_channels:
            self._event_queue.put_nowait((channel, b'{"seq": null}'))
