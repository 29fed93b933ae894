"""Server settings: constructor arguments, or `KIFU_*` environment variables.
Per-hour quotas count per client address (see guard.py, quotas.py).

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
| limits_url | KIFU_LIMITS_URL | none: rate limit and quotas per process; redis:// to share them |
| trusted_proxies | KIFU_TRUSTED_PROXIES | none (addresses/networks whose X-Forwarded-For counts) |
| max_header_bytes | KIFU_MAX_HEADER_BYTES | 32 KiB: a request's line and headers (431 over it) |
| max_headers | KIFU_MAX_HEADERS | 100 header fields a request (431 over it) |
| max_url_bytes | KIFU_MAX_URL_BYTES | 8 KiB: a request's target, path and query (414 over it) |
| header_timeout | KIFU_HEADER_TIMEOUT | 10 s for a request's headers to arrive |
| body_timeout | KIFU_BODY_TIMEOUT | 30 s for a request's body, once its headers are in |
| cache_bytes | KIFU_CACHE_BYTES | 128 MiB of records in memory (estimated, see service cache) |
| max_entries | KIFU_MAX_ENTRIES | 20,000 entries per record (hosted or uploaded) |
| games_per_hour | KIFU_GAMES_PER_HOUR | 200 new hosted games per address |
| records_per_hour | KIFU_RECORDS_PER_HOUR | 100 new records (uploads, forks) per address |
| upload_bytes_per_hour | KIFU_UPLOAD_BYTES_PER_HOUR | 64 MiB of records/appends per address |
| reports_per_hour | KIFU_REPORTS_PER_HOUR | 20 bug reports per address |
| max_report_bytes | KIFU_MAX_REPORT_BYTES | 512 KiB per bug report |
| forks_per_record | KIFU_FORKS_PER_RECORD | 50 forks of one record |
| heavy_queue | KIFU_HEAVY_QUEUE | 32 uploads and bug reports under way per process (503 past it) |
| reviews_per_hour | KIFU_REVIEWS_PER_HOUR | 30 shared reviews sent to be checked per address |
| review_queue | KIFU_REVIEW_QUEUE | 4 shared reviews checked at once per process (503 past it) |
| max_review_bytes | KIFU_MAX_REVIEW_BYTES | 1 MiB per shared review (413 over it) |
| sockets_per_address | KIFU_SOCKETS_PER_ADDRESS | 64 live sockets per address (per process) |
| takeback_ask_seconds | KIFU_TAKEBACK_ASK_SECONDS | 120 s for others to agree to a take-back |
| push_hosts | KIFU_PUSH_HOSTS | the browsers' push services (push.py; `http://host`: plain http) |
| push_subject | KIFU_PUSH_SUBJECT | `mailto:admin@kifu.invalid`: the VAPID contact (push.py) |
| push_per_seat | KIFU_PUSH_PER_SEAT | 8 devices subscribed per seat |
| sockets_per_token | KIFU_SOCKETS_PER_TOKEN | 8 live sockets per token (per process) |
| players_per_hour | KIFU_PLAYERS_PER_HOUR | 100 new players per address (players.py) |
| link_code_seconds | KIFU_LINK_CODE_SECONDS | 600 s a link code stays valid |
| library_max | KIFU_LIBRARY_MAX | 2,000 games in one player's library |
| api_docs | KIFU_API_DOCS | off: Swagger/ReDoc pages (CDN scripts); the JSON schema is served |
| cors_origins | KIFU_CORS_ORIGINS | none (comma-separated; the PWA is same-origin) |
| log_level | KIFU_LOG_LEVEL | INFO |
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_PUSH_HOSTS = (  # where browsers' push services live (push.py)
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "notify.windows.com",
    "push.apple.com",
)
LISTS = (
    ("cors_origins", "KIFU_CORS_ORIGINS"),
    ("trusted_proxies", "KIFU_TRUSTED_PROXIES"),
    ("push_hosts", "KIFU_PUSH_HOSTS"),
)
NUMBERS = (
    ("max_header_bytes", "KIFU_MAX_HEADER_BYTES"),
    ("max_headers", "KIFU_MAX_HEADERS"),
    ("max_url_bytes", "KIFU_MAX_URL_BYTES"),
    ("header_timeout", "KIFU_HEADER_TIMEOUT"),
    ("body_timeout", "KIFU_BODY_TIMEOUT"),
    ("cache_bytes", "KIFU_CACHE_BYTES"),
    ("max_entries", "KIFU_MAX_ENTRIES"),
    ("games_per_hour", "KIFU_GAMES_PER_HOUR"),
    ("records_per_hour", "KIFU_RECORDS_PER_HOUR"),
    ("upload_bytes_per_hour", "KIFU_UPLOAD_BYTES_PER_HOUR"),
    ("reports_per_hour", "KIFU_REPORTS_PER_HOUR"),
    ("max_report_bytes", "KIFU_MAX_REPORT_BYTES"),
    ("forks_per_record", "KIFU_FORKS_PER_RECORD"),
    ("heavy_queue", "KIFU_HEAVY_QUEUE"),
    ("reviews_per_hour", "KIFU_REVIEWS_PER_HOUR"),
    ("review_queue", "KIFU_REVIEW_QUEUE"),
    ("max_review_bytes", "KIFU_MAX_REVIEW_BYTES"),
    ("sockets_per_address", "KIFU_SOCKETS_PER_ADDRESS"),
    ("sockets_per_token", "KIFU_SOCKETS_PER_TOKEN"),
    ("takeback_ask_seconds", "KIFU_TAKEBACK_ASK_SECONDS"),
    ("push_per_seat", "KIFU_PUSH_PER_SEAT"),
    ("players_per_hour", "KIFU_PLAYERS_PER_HOUR"),
    ("link_code_seconds", "KIFU_LINK_CODE_SECONDS"),
    ("library_max", "KIFU_LIBRARY_MAX"),
)


@dataclass
class Settings:
    data_dir: str = "data"
    database_url: str | None = None
    channels_url: str | None = None
    web_dist: Path = field(default_factory=lambda: REPO / "web" / "dist")
    pyodide_dist: Path = field(default_factory=lambda: REPO / "pyodide" / "dist")
    web_engine: Path = field(default_factory=lambda: REPO / "web" / "engine")
    max_body_bytes: int = 2 * 1024 * 1024
    max_header_bytes: int = 32 * 1024
    max_headers: int = 100
    max_url_bytes: int = 8 * 1024
    rate_limit_per_minute: int = 600
    cors_origins: list[str] = field(default_factory=list)
    trusted_proxies: list[str] = field(default_factory=list)
    limits_url: str | None = None
    header_timeout: float = 10.0
    body_timeout: float = 30.0
    cache_bytes: int = 128 * 1024 * 1024
    max_entries: int = 20_000
    games_per_hour: int = 200
    records_per_hour: int = 100
    upload_bytes_per_hour: int = 64 * 1024 * 1024
    reports_per_hour: int = 20
    max_report_bytes: int = 512 * 1024
    forks_per_record: int = 50
    heavy_queue: int = 32
    reviews_per_hour: int = 30
    review_queue: int = 4
    max_review_bytes: int = 1024 * 1024
    sockets_per_address: int = 64
    sockets_per_token: int = 8
    takeback_ask_seconds: float = 120.0
    push_hosts: list[str] = field(default_factory=lambda: list(DEFAULT_PUSH_HOSTS))
    push_subject: str = "mailto:admin@kifu.invalid"
    push_per_seat: int = 8
    players_per_hour: int = 100
    link_code_seconds: float = 600.0
    library_max: int = 2000
    api_docs: bool = False
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
        settings.limits_url = env.get("KIFU_LIMITS_URL") or None
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
        for name, var in LISTS:
            if env.get(var):
                setattr(settings, name, [o.strip() for o in env[var].split(",") if o.strip()])
        for name, var in NUMBERS:
            if env.get(var):
                kind = type(getattr(settings, name))
                setattr(settings, name, kind(env[var]))
        if env.get("KIFU_API_DOCS"):
            settings.api_docs = env["KIFU_API_DOCS"] not in ("0", "false", "no")
        settings.log_level = env.get("KIFU_LOG_LEVEL", settings.log_level)
        settings.push_subject = env.get("KIFU_PUSH_SUBJECT", settings.push_subject)
        if env.get("KIFU_ACCESS_LOG"):
            settings.access_log = env["KIFU_ACCESS_LOG"] not in ("0", "false", "no")
        for key, value in overrides.items():
            if value is not None:
                setattr(settings, key, value)
        return settings
