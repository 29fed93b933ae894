"""Live-update fan-out across server processes.

Litestar's psycopg channels backend opens a new PostgreSQL connection for every
NOTIFY, which costs a backend process fork per move, and LISTENs on one
PostgreSQL channel per game: each first subscriber of a game (and each last one
leaving) stops the listener, waits for its 0.1 s poll to end, LISTENs and
restarts it, so every new WebSocket stalled the process's live updates ~0.1 s.
`PgChannels` keeps one publishing connection (reopened if it breaks) and
LISTENs on a single PostgreSQL channel, `kifu`, once: a notification names its
game channel in its payload, and subscribing is only a set in memory.
Notifications carry only `{"seq": n}`: each subscriber reads the entry itself
and redacts it for its own seat.
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
PG_CHANNEL = "kifu"


class PgChannels(PsycoPgChannelsBackend):
    """Also survives a lost listening connection (database restart, terminated
    backend): it reconnects, LISTENs again, and wakes every subscriber with a
    `{"seq": null}` note so each catches up on what it may have missed."""

    def __init__(self, pg_dsn: str) -> None:
        super().__init__(pg_dsn)
        self._publisher: AsyncConnection[Any] | None = None
        self._publish_lock: asyncio.Lock | None = None

    async def on_startup(self) -> None:
        self._exit_stack = contextlib.AsyncExitStack()
        self._event_queue = asyncio.Queue()
        self._listener_lock = asyncio.Lock()
        self._shutting_down = False
        self._listener_conn = await AsyncConnection.connect(self._pg_dsn, autocommit=True)
        await self._exit_stack.enter_async_context(self._listener_conn)
        await self._listener_conn.execute(SQL("LISTEN {0}").format(Identifier(PG_CHANNEL)))
        self._start_listener()

    async def subscribe(self, channels: Iterable[str]) -> None:
        self._subscribed_channels.update(channels)

    async def unsubscribe(self, channels: Iterable[str]) -> None:
        self._subscribed_channels.difference_update(channels)

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
        async with self._publish_lock:
            for attempt in range(2):
                try:
                    if self._publisher is None or self._publisher.closed:
                        self._publisher = await AsyncConnection.connect(
                            self._pg_dsn, autocommit=True
                        )
                    for channel in channels:
                        payload = channel + " " + data.decode("utf-8")
                        await self._publisher.execute(
                            SQL("NOTIFY {0}, {1}").format(Identifier(PG_CHANNEL), payload)
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
                    channel, _, data = notify.payload.partition(" ")
                    if channel in self._subscribed_channels:
                        self._event_queue.put_nowait((channel, data.encode("utf-8")))
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
            await conn.execute(SQL("LISTEN {0}").format(Identifier(PG_CHANNEL)))
        except Exception:
            return  # the loop retries
        self._listener_conn = conn
        for channel in list(self._subscribed_channels):
            self._event_queue.put_nowait((channel, b'{"seq": null}'))
