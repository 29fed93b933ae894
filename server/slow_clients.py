"""Closing connections that send a request too slowly (slowloris).

uvicorn waits for a request's headers and body as long as the client likes, so
a few hundred half-sent requests hold a few hundred connections (and their
buffers) open forever. `timed_http(header_timeout, body_timeout)` is uvicorn's
httptools protocol with two deadlines: the headers must be complete within
`header_timeout` seconds of the connection opening (or of the next request's
first byte on a kept-alive connection), and the body within `body_timeout`
seconds after them. A request that misses one is dropped. Keep-alive idling
between requests stays uvicorn's `timeout_keep_alive`; WebSockets are not
affected once upgraded.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .settings import Settings


class TimedHttp(HttpToolsProtocol):
    """Deadlines from the `KIFU_*` settings (worker processes import this class);
    `timed_http` makes one with other deadlines."""

    header_timeout = Settings.from_env().header_timeout
    body_timeout = Settings.from_env().body_timeout
    _deadline: asyncio.TimerHandle | None = None

    def _start(self, seconds: float) -> None:
        self._stop()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _stop(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        self.transport.close()

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._start(self.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:
            self._start(self.header_timeout)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._start(self.body_timeout)

    def on_message_complete(self) -> None:
        self._stop()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._stop()
        super().handle_websocket_upgrade()


def timed_http(header_timeout: float, body_timeout: float) -> type[TimedHttp]:
    if (header_timeout, body_timeout) == (TimedHttp.header_timeout, TimedHttp.body_timeout):
        return TimedHttp  # importable by name: several worker processes need that
    return type(
        "TimedHttp",
        (TimedHttp,),
        {"header_timeout": header_timeout, "body_timeout": body_timeout},
    )
