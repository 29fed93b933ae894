"""Structured logs: one JSON object per line on stderr.

`configure_logging` installs the formatter on the `kifu` logger; `RequestLog` is
the outermost ASGI layer (app.py puts it around Litestar's router, so router-level
404/405 answers pass through it too): it gives each HTTP request an id (echoed as
`X-Request-ID`), adds the headers every answer carries (guard.SECURITY_HEADERS),
and logs method, path, status and duration when it ends. Extra fields go in
`extra={"fields": {...}}`.
"""

from __future__ import annotations

import json
import logging
import secrets
import sys
import time
from typing import Any

from litestar.types import ASGIApp, Message, Receive, Scope, Send


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            data.update(fields)
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)


def configure_logging(level: str = "INFO") -> None:
    logger = logging.getLogger("kifu")
    if not any(isinstance(h.formatter, JsonFormatter) for h in logger.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        logger.addHandler(handler)
    logger.setLevel(level.upper())
    logger.propagate = False


access = logging.getLogger("kifu.access")


class RequestLog:
    """ASGI middleware: request id, `headers` on every answer, one access-log line
    per HTTP request (`enabled`)."""

    def __init__(
        self, app: ASGIApp, enabled: bool = True, headers: list[tuple[bytes, bytes]] | None = None
    ) -> None:
        self.app = app
        self.enabled = enabled
        self.headers = headers or []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # type: ignore[comparison-overlap]
            await self.app(scope, receive, send)
            return
        request_id = secrets.token_hex(8)
        scope.setdefault("state", {})["request_id"] = request_id  # type: ignore[typeddict-item]
        start = time.perf_counter()
        status = 0

        async def send_wrapper(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [  # type: ignore[typeddict-unknown-key]
                    *message.get("headers", []),
                    *self.headers,
                    (b"x-request-id", request_id.encode()),
                ]
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            if self.enabled and access.isEnabledFor(logging.INFO):
                access.info(
                    "request",
                    extra={
                        "fields": {
                            "request_id": request_id,
                            "method": scope.get("method"),
                            "path": scope.get("path"),
                            "status": status,
                            "ms": round((time.perf_counter() - start) * 1000, 2),
                        }
                    },
                )
