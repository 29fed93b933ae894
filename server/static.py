"""Static files: the PWA (`/`), the worker's modules (`/engine/`) and the browser
engine bundle (`/pyodide/`), all through one handler.

- **Compression once**: the Pyodide bundle is ~14 MB (a 9.6 MB .wasm); gzipping it
  on every download costs about a CPU-second. Each file is gzipped once (level 9)
  and kept, keyed by path, mtime and size, and sent with `Content-Encoding: gzip`
  to clients that accept it. A file's gzip made at build time beside it (`<name>.gz`,
  written by pyodide/build.py for the runtime's big files) is sent as it is, so a
  fresh server does not spend that second either; one older than its file is stale
  and not used.
- **Caching**: every file carries an ETag and answers `If-None-Match` with 304.
  Files whose name carries a content hash (`immutable`: the PWA's `assets/`,
  named by Vite after their bytes) are `Cache-Control: public, max-age=31536000,
  immutable`; everything else (`index.html`, `sw.js`, the manifest, the engine
  bundle, whose service worker checks revisions itself) is `no-cache`, i.e.
  revalidated on each use.
- **Odd paths** (a NUL byte, a name longer than the file system allows, `..`
  leaving the folder, a folder) are 404, never an error.
"""

from __future__ import annotations

import gzip
import mimetypes
import threading
from pathlib import Path
from typing import Any

from litestar import Request, Response, get
from litestar.exceptions import NotFoundException

SKIP_COMPRESSION = "skip_compression"  # the CompressionConfig.exclude_opt_key
ALREADY_COMPRESSED = {".gz", ".br", ".png", ".jpg", ".jpeg", ".webp", ".woff2", ".zst"}
MIN_SIZE = 1024
MAX_PATH = 1024  # characters; longer paths are no file of ours
MAX_NAME = 255  # bytes per path segment (NAME_MAX)
IMMUTABLE = "public, max-age=31536000, immutable"

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/manifest+json", ".webmanifest")


class GzipCache:
    def __init__(self) -> None:
        self._items: dict[str, tuple[str, bytes]] = {}
        self._lock = threading.Lock()

    def get(self, path: Path, etag: str) -> bytes:
        key = str(path)
        with self._lock:
            hit = self._items.get(key)
        if hit is not None and hit[0] == etag:
            return hit[1]
        prebuilt = path.with_name(path.name + ".gz")
        if prebuilt.is_file() and prebuilt.stat().st_mtime_ns >= path.stat().st_mtime_ns:
            data = prebuilt.read_bytes()
        else:
            data = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        with self._lock:
            self._items[key] = (etag, data)
        return data


def _plausible(file_path: str) -> bool:
    if "\x00" in file_path or len(file_path) > MAX_PATH:
        return False
    return all(len(part.encode()) <= MAX_NAME for part in file_path.split("/"))


def static_folder(
    prefix: str, folder: Path, name: str, *, index: bool = False, immutable: str = ""
) -> list[Any]:
    """Routes serving `folder` under `prefix` ("" for the root). `index`: `/` (and any
    folder) serves its index.html. `immutable`: the sub-folder whose files are
    content-hashed ("assets/")."""
    root = folder.resolve()
    cache = GzipCache()

    def find(file_path: str) -> Path:
        relative = file_path.lstrip("/")
        if not _plausible(relative):
            raise NotFoundException(f"no file {file_path[:100]!r}")
        try:
            target = (root / relative).resolve()
            if target.is_dir() and index:
                target = target / "index.html"
            if not target.is_relative_to(root) or not target.is_file():
                raise NotFoundException(f"no file {file_path[:100]!r}")
        except (OSError, ValueError):
            raise NotFoundException(f"no file {file_path[:100]!r}") from None
        return target

    def serve(request: Request[Any, Any, Any], file_path: str) -> Response[bytes]:
        target = find(file_path)
        stat = target.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        relative = target.relative_to(root).as_posix()
        cacheable = bool(immutable) and relative.startswith(immutable)
        headers = {
            "etag": etag,
            "cache-control": IMMUTABLE if cacheable else "no-cache",
            "vary": "accept-encoding",
        }
        if request.headers.get("if-none-match") == etag:
            return Response(b"", status_code=304, headers=headers)
        media_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        accepts_gzip = "gzip" in request.headers.get("accept-encoding", "").lower()
        if (
            accepts_gzip
            and stat.st_size >= MIN_SIZE
            and target.suffix.lower() not in ALREADY_COMPRESSED
        ):
            body = cache.get(target, etag)
            headers["content-encoding"] = "gzip"
        else:
            body = target.read_bytes()
        return Response(body, media_type=media_type, headers=headers)

    options: dict[str, Any] = {
        "include_in_schema": False,
        "opt": {SKIP_COMPRESSION: True},
        "sync_to_thread": True,
    }

    @get(f"{prefix}/{{file_path:path}}", name=name, **options)
    def serve_file(request: Request[Any, Any, Any], file_path: str) -> Response[bytes]:
        return serve(request, file_path)

    routes: list[Any] = [serve_file]
    if index:

        @get(prefix or "/", name=f"{name}-index", **options)
        def serve_index(request: Request[Any, Any, Any]) -> Response[bytes]:
            return serve(request, "index.html")

        routes.append(serve_index)
    return routes
