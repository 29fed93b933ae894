"""Run the server: `serve(...)`, what `kifu serve` calls.

One process: `serve()` (uvicorn, SQLite under `data_dir` unless a database URL
is given). Several processes: `serve(workers=4, database_url="postgresql://...")`,
or the equivalent uvicorn line

    KIFU_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/kifu \
    uvicorn --factory server.app:create_app_from_env --workers 4 --port 8000

Workers share nothing but the database: each keeps its own cache of live games
and live updates cross processes through PostgreSQL LISTEN/NOTIFY (or Redis with
KIFU_CHANNELS_URL=redis://...). With SQLite `serve` refuses workers > 1: SQLite
has one writer, each process would queue its own writes behind a lock of its
own and wait (on the event loop) for the others' commits.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import uvicorn

from .settings import Settings
from .slow_clients import bounded_http

KEEP_ALIVE_SECONDS = 30  # phones on flaky networks reuse their connection between moves
WS_MAX_BYTES = 64 * 1024  # a live socket only takes pings from clients (uvicorn: 16 MiB)


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How uvicorn runs Kifu (serve() and the tests): requests are bounded in size and
    time before the app sees them (slow_clients.py), and uvicorn's own X-Forwarded-For
    handling is off (it would believe any local peer): the app decides whom to believe
    (`trusted_proxies`)."""
    return {
        "http": bounded_http(settings),
        "proxy_headers": False,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "ws_max_size": WS_MAX_BYTES,
        "log_level": "warning",
        "access_log": False,  # the app logs each request as JSON (server/logs.py)
    }


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    data_dir: str = "data",
    database_url: str | None = None,
    workers: int = 1,
) -> None:
    os.environ["KIFU_DATA_DIR"] = data_dir
    if database_url:
        os.environ["KIFU_DATABASE_URL"] = database_url
    database_url = os.environ.get("KIFU_DATABASE_URL") or None
    if workers > 1 and not (database_url or "").startswith(("postgresql://", "postgres://")):
        raise SystemExit(
            "several workers need PostgreSQL (--database-url postgresql://...): with SQLite "
            "each process would queue its own writers and block on the others' for seconds"
        )
    settings = Settings.from_env()
    # Worker threads doing CPU work (verifying an upload) hand the GIL back to the
    # event loop every millisecond, not every 5: moves on other games wait less.
    sys.setswitchinterval(0.001)
    if workers > 1:
        uvicorn.run(
            "server.app:create_app_from_env",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            **uvicorn_options(settings),
        )
        return
    from .app import create_app

    uvicorn.run(create_app(settings), host=host, port=port, **uvicorn_options(settings))
