"""Server settings: constructor arguments, or `KIFU_*` environment variables.

| setting | env | default |
|---|---|---|
| data_dir | KIFU_DATA_DIR | `data` (the SQLite file is `<data_dir>/kifu.sqlite3`) |
| database_url | KIFU_DATABASE_URL | none: SQLite; `postgresql://user:pw@host:port/db` |
| channels_url | KIFU_CHANNELS_URL | none: LISTEN/NOTIFY on PostgreSQL, else memory; or redis:// |
| web_dist | KIFU_WEB_DIST | `<repo>/web/dist` served at `/` |
| pyodide_dist | KIFU_PYODIDE_DIST | `<repo>/pyodide/dist` served at `/pyodide/` |
| web_engine | KIFU_WEB_ENGINE | `<repo>/web/engine` served at `/engine/` |
| max_body_bytes | KIFU_MAX_BODY_BYTES | 2 MiB |
| rate_limit_per_minute | KIFU_RATE_LIMIT | 600 writes per client address per minute (0: off) |
| cors_origins | KIFU_CORS_ORIGINS | none (comma-separated; the PWA is same-origin) |
| log_level | KIFU_LOG_LEVEL | INFO |
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Settings:
    data_dir: str = "data"
    database_url: str | None = None
    channels_url: str | None = None
    web_dist: Path = field(default_factory=lambda: REPO / "web" / "dist")
    pyodide_dist: Path = field(default_factory=lambda: REPO / "pyodide" / "dist")
    web_engine: Path = field(default_factory=lambda: REPO / "web" / "engine")
    max_body_bytes: int = 2 * 1024 * 1024
    rate_limit_per_minute: int = 600
    cors_origins: list[str] = field(default_factory=list)
    log_level: str = "INFO"
    access_log: bool = True

    @property
    def is_postgres(self) -> bool:
        return bool(self.database_url) and self.database_url.startswith(  # type: ignore[union-attr]
            ("postgresql://", "postgres://")
        )

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        settings = cls()
        settings.data_dir = env.get("KIFU_DATA_DIR", settings.data_dir)
        settings.database_url = env.get("KIFU_DATABASE_URL") or None
        settings.channels_url = env.get("KIFU_CHANNELS_URL") or None
        for name, var in (
            ("web_dist", "KIFU_WEB_DIST"),
            ("pyodide_dist", "KIFU_PYODIDE_DIST"),
            ("web_engine", "KIFU_WEB_ENGINE"),
        ):
            if env.get(var):
                setattr(settings, name, Path(env[var]))
        if env.get("KIFU_MAX_BODY_BYTES"):
            settings.max_body_bytes = int(env["KIFU_MAX_BODY_BYTES"])
        if env.get("KIFU_RATE_LIMIT"):
            settings.rate_limit_per_minute = int(env["KIFU_RATE_LIMIT"])
        if env.get("KIFU_CORS_ORIGINS"):
            settings.cors_origins = [o.strip() for o in env["KIFU_CORS_ORIGINS"].split(",") if o]
        settings.log_level = env.get("KIFU_LOG_LEVEL", settings.log_level)
        if env.get("KIFU_ACCESS_LOG"):
            settings.access_log = env["KIFU_ACCESS_LOG"] not in ("0", "false", "no")
        for key, value in overrides.items():
            if value is not None:
                setattr(settings, key, value)
        return settings
