"""Bounded requests at the HTTP layer: size and time caps enforced before the app runs.

uvicorn's httptools protocol takes a request of any size at any pace: one GET with
20 MB of headers was parsed (a Python callback per header, the whole block held in
memory) and handed to the app, stalling every other client for seconds, and a few
hundred half-sent requests held their connections forever (slowloris).
`BoundedHttp` is that protocol with caps, each checked as the bytes arrive, before
the app is called:

| what | setting (default) | over it |
|---|---|---|
| header block: request line and headers, in bytes | `max_header_bytes` (32 KiB) | 431 |
| header fields | `max_headers` (100) | 431 |
| request target (path and query) | `max_url_bytes` (8 KiB) | 414 |
| body (`Content-Length`, or as chunks arrive) | `max_body_bytes` (2 MiB) | 413 |
| headers complete, from the first byte | `header_timeout` (10 s) | 408 |
| body complete, from the headers | `body_timeout` (30 s) | 408 |

The header block is fed to the parser at most `max_header_bytes` at a time, so no
more than that is ever parsed or held for one request's headers, whatever the
client sends. A refusal is a problem+json answer (API.md) with the security
headers and a request id, like the app's own, then the connection closes: the
rest of what the client sends is read and dropped for up to `LINGER_SECONDS` /
`LINGER_BYTES` first, so a client still sending reads the answer rather than a
reset. A request that sent nothing before its deadline is closed without an
answer (a browser's idle preconnection). Keep-alive idling between requests stays
uvicorn's `timeout_keep_alive`; WebSockets are not affected once upgraded (their
messages have their own cap, `main.WS_MAX_BYTES`).
"""

from __future__ import annotations

import asyncio
import http
import logging
import secrets
from typing import Any

import httptools
import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .guard import SECURITY_HEADERS
from .problems import ApiError
from .settings import Settings

log = logging.getLogger("kifu.server")

LINGER_SECONDS = 2.0  # after a refusal, how long the rest of a request is read and dropped
LINGER_BYTES = 8 * 1024 * 1024  # ... and how much of it
_ENV = Settings.from_env()  # the caps a worker process, importing the class by name, gets


class BoundedHttp(HttpToolsProtocol):
    """Caps from the `KIFU_*` settings (worker processes import this class by name);
    `bounded_http(settings)` makes one with other caps."""

    header_timeout = _ENV.header_timeout
    body_timeout = _ENV.body_timeout
    max_header_bytes = _ENV.max_header_bytes
    max_headers = _ENV.max_headers
    max_url_bytes = _ENV.max_url_bytes
    max_body_bytes = _ENV.max_body_bytes

    _deadline: asyncio.TimerHandle | None = None
    _room: int | None = 0  # header bytes the current request may still send; None: in its body
    _fields = 0  # header fields of the current request
    _length = b""  # its Content-Length
    _body = 0  # body bytes of the current request so far
    _begun = False  # a byte of the current request has arrived
    _refused = False  # answered and closing: the rest is dropped
    _drained = 0
    _upgraded = False

    # -- deadlines -------------------------------------------------------------

    def _start(self, seconds: float) -> None:
        self._stop()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _stop(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self._room is None:
            self._refuse_body(408, "request-timeout", "the request body did not arrive in time")
        elif self._begun:
            self._refuse(408, "request-timeout", "the request headers did not arrive in time")
        else:
            self.transport.close()

    # -- refusals --------------------------------------------------------------

    def _answerable(self) -> bool:
        """No earlier response on this connection is still to be written."""
        return self.cycle is None or self.cycle.response_complete

    def _refuse(self, status: int, code: str, detail: str) -> None:
        """Answer `status` (a problem, with the security headers and a request id) if
        nothing else is being answered on this connection, and close it."""
        if self._refused:
            return
        self._refused = True
        self._stop()
        if self.transport.is_closing():
            return
        if not self._answerable():  # a pipelined request behind one still running
            self.transport.close()
            return
        request_id = secrets.token_hex(8)
        problem = ApiError(status, code, detail).problem()
        problem.request_id = request_id
        body = msgspec.json.encode(problem)
        head = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}\r\n".encode()]
        for name, value in [*self.server_state.default_headers, *SECURITY_HEADERS]:
            head.append(name + b": " + value + b"\r\n")
        head += [
            b"content-type: application/problem+json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"x-request-id: " + request_id.encode() + b"\r\n",
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + body)
        log.info(
            "request refused",
            extra={
                "fields": {
                    "request_id": request_id,
                    "status": status,
                    "code": code,
                    "client": self.client[0] if self.client else None,
                }
            },
        )
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def _refuse_body(self, status: int, code: str, detail: str) -> None:
        """A refusal while the app has the request: the app's own answer, if it has
        not started one, is dropped (uvicorn drops what a disconnected cycle sends)."""
        cycle = self.cycle
        if cycle is None or cycle.response_started or self.pipeline:  # (or queued behind one)
            self._refused = True
            self._stop()
            self.transport.close()
            return
        cycle.disconnected = True
        cycle.message_event.set()
        cycle.response_complete = True  # so _answerable: this answer is the response
        self._refuse(status, code, detail)

    # -- the stream ------------------------------------------------------------

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._room = self.max_header_bytes
        self._start(self.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            self._drained += len(data)
            if self._drained > LINGER_BYTES:
                self.transport.close()
            return
        # A header block is fed in pieces of at most what it may still take, so the
        # parser never sees (nor buffers) more than `max_header_bytes` of it; a body
        # in pieces of the same size, so a request pipelined behind it is counted
        # from at most one piece in.
        step = self.max_header_bytes
        while data:
            room = self._room
            if room is not None and room <= 0:
                self._refuse(431, "headers-too-large", self._too_large_detail())
                return
            size = step if room is None else room
            if len(data) <= size:
                piece, data = data, b""
            else:
                piece, data = data[:size], data[size:]
            if room is not None:
                self._room = room - len(piece)
            self._feed(piece)
            if self._refused or self._upgraded or self.transport.is_closing():
                return

    def _feed(self, data: bytes) -> None:
        """uvicorn's `data_received`, answering what cannot be parsed with a problem."""
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:  # malformed, or a callback below refused
            if not self._refused:
                self._refuse(400, "bad-request", "the request is not valid HTTP/1.1")
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()

    def _too_large_detail(self) -> str:
        return f"the request headers are larger than {self.max_header_bytes} bytes"

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._begun = True
        self._fields = 0
        self._length = b""
        self._body = 0
        if self._deadline is None:
            self._start(self.header_timeout)

    def on_url(self, url: bytes) -> None:
        self.url += url
        if len(self.url) > self.max_url_bytes:
            self._refuse(414, "url-too-long", f"the URL is longer than {self.max_url_bytes} bytes")
            raise ValueError("refused")  # stops the parser

    def on_header(self, name: bytes, value: bytes) -> None:
        # uvicorn 0.55's, inline (this runs for every header of every request), and
        # the count and the Content-Length
        self._fields += 1
        if self._fields > self.max_headers:
            self._refuse(
                431, "headers-too-large", f"the request has more than {self.max_headers} headers"
            )
            raise ValueError("refused")
        name = name.lower()
        value = value.rstrip(b" \t")
        if name == b"content-length":
            self._length = value
        elif name == b"expect" and value.lower() == b"100-continue":
            self.expect_100_continue = True
        self.headers.append((name, value))

    def on_headers_complete(self) -> None:
        self._room = None
        if self._length.isdigit() and int(self._length) > self.max_body_bytes:
            self._refuse(413, "body-too-large", self._body_detail())
            raise ValueError("refused")  # the app never sees it, nor the body
        super().on_headers_complete()
        self._start(self.body_timeout)

    def _body_detail(self) -> str:
        return f"the request body is larger than this server accepts ({self.max_body_bytes} bytes)"

    def on_body(self, body: bytes) -> None:
        self._body += len(body)
        if self._body > self.max_body_bytes:  # chunked: no Content-Length to check first
            self._refuse_body(413, "body-too-large", self._body_detail())
            raise ValueError("refused")
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._stop()
        self._room = self.max_header_bytes
        self._begun = False
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._stop()
        self._upgraded = True
        super().handle_websocket_upgrade()


TimedHttp = BoundedHttp  # its name before the size caps (`--http server.slow_clients:TimedHttp`)

CAPS = (
    "header_timeout",
    "body_timeout",
    "max_header_bytes",
    "max_headers",
    "max_url_bytes",
    "max_body_bytes",
)


def bounded_http(settings: Settings) -> type[BoundedHttp]:
    caps = {name: getattr(settings, name) for name in CAPS}
    if all(getattr(BoundedHttp, name) == value for name, value in caps.items()):
        return BoundedHttp  # importable by name: several worker processes need that
    return type("BoundedHttp", (BoundedHttp,), caps)
