"""Run the server: `serve(...)`, what `kifu serve` calls.

One process: `serve()` (uvicorn, SQLite under `data_dir` unless a database URL
is given). Several processes: `serve(workers=4, database_url="postgresql://...")`,
or the equivalent uvicorn line

    KIFU_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/kifu \
    uvicorn --factory server.app:create_app_from_env --workers 4 --port 8000

Workers share nothing but the database: each keeps its own cache of live games
and live updates cross processes through PostgreSQL LISTEN/NOTIFY (or Redis with
KIFU_CHANNELS_URL=redis://...). With SQLite, several workers would each only
see their own WebSocket subscribers, so `serve` refuses workers > 1 unless
PostgreSQL or Redis carries the live updates.
"""

from __future__ import annotations

import os

import uvicorn

KEEP_ALIVE_SECONDS = 30  # phones on flaky networks reuse their connection between moves


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
    channels = os.environ.get("KIFU_CHANNELS_URL", "")
    if workers > 1 and not (
        (database_url or "").startswith(("postgresql://", "postgres://"))
        or channels.startswith(("redis://", "rediss://", "postgresql://"))
    ):
        raise SystemExit(
            "several workers need PostgreSQL (--database-url postgresql://...) or "
            "KIFU_CHANNELS_URL=redis://... so live updates reach every process"
        )
    if workers > 1:
        uvicorn.run(
            "server.app:create_app_from_env",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level="warning",
            access_log=False,
            timeout_keep_alive=KEEP_ALIVE_SECONDS,
        )
        return
    from .app import create_app
    from .settings import Settings

    app = create_app(Settings.from_env())
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,  # the app logs each request as JSON (server/logs.py)
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
    )
