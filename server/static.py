"""Static files with compression done once: the browser engine bundle.

The Pyodide bundle is ~14 MB (a 9.6 MB .wasm). Litestar's compression
middleware would gzip it again on every download (about a CPU-second each), so
`/pyodide/` is served here instead: each file is gzipped once (level 9) and kept
in memory keyed by its mtime and size, sent with `Content-Encoding: gzip` to
clients that accept it, and revalidated by ETag (304). Other static folders
(the PWA, the worker's JS modules) are small and go through the middleware.
"""

from __future__ import annotations

import gzip
import mimetypes
import threading
from pathlib import Path
from typing import Any

from litestar import Request, Response, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath

SKIP_COMPRESSION = "skip_compression"  # the CompressionConfig.exclude_opt_key
ALREADY_COMPRESSED = {".gz", ".br", ".png", ".jpg", ".jpeg", ".webp", ".woff2", ".zst"}
MIN_SIZE = 1024

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")


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
        data = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        with self._lock:
            self._items[key] = (etag, data)
        return data


def precompressed_files(prefix: str, folder: Path, name: str) -> Any:
    root = folder.resolve()
    cache = GzipCache()

    @get(
        f"{prefix}/{{file_path:path}}",
        name=name,
        include_in_schema=False,
        opt={SKIP_COMPRESSION: True},
        sync_to_thread=True,
    )
    def serve_file(request: Request[Any, Any, Any], file_path: FromPath[str]) -> Response[bytes]:
        target = (root / file_path.lstrip("/")).resolve()
        if not target.is_relative_to(root) or not target.is_file():
            raise NotFoundException(f"no file {file_path!r}")
        stat = target.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        headers = {"etag": etag, "cache-control": "no-cache", "vary": "accept-encoding"}
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

    return serve_file
