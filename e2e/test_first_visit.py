"""A first visit downloads each file once: the page's shell, then the service worker's
precache (which revalidates what the page already has: a 304, no body), then the engine
out of that precache. Measured at a counting proxy in front of the real server, so the
service worker's own requests are counted too."""

from __future__ import annotations

import http.client
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import PHONE_390, open_app, wait_sw

pytestmark = pytest.mark.cold_engine  # every byte of a first visit, the engine's cold boot too

HOP = {"connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "host"}


def counting_proxy(target: str) -> tuple[ThreadingHTTPServer, list[tuple[str, int, int]]]:
    """A proxy to `target` recording (path, status, body bytes) of every response."""
    host = urlsplit(target)
    seen: list[tuple[str, int, int]] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def forward(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length) if length else None
            conn = http.client.HTTPConnection(host.hostname, host.port, timeout=120)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
            conn.request(self.command, self.path, body=body, headers=headers)
            reply = conn.getresponse()
            data = reply.read()
            seen.append((self.path.split("?")[0], reply.status, len(data)))
            self.send_response(reply.status)
            for k, v in reply.getheaders():
                if k.lower() not in HOP and k.lower() != "content-length":
                    self.send_header(k, v)
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            conn.close()

        do_GET = do_POST = do_PUT = do_DELETE = forward

    proxy = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    return proxy, seen


def test_first_visit_downloads_each_file_once(server, new_context):
    proxy, seen = counting_proxy(server.url)
    try:
        url = f"http://127.0.0.1:{proxy.server_address[1]}"
        page = open_app(new_context(PHONE_390).new_page(), url)
        wait_sw(page)
        page.wait_for_timeout(500)
        # "/" is the shell's index.html by another name
        got = [("/index.html" if p == "/" else p, st, n) for p, st, n in seen]
        bodies = [(p, n) for p, st, n in got if st == 200 and not p.startswith("/api/")]
        count = Counter(p for p, _ in bodies)
        sent = sum(n for _, n in bodies)
        once = sum(dict(bodies).values())
        mb = f"{sent / 1e6:.3f} MB sent, {once / 1e6:.3f} MB once"
        print(f"first visit: {len(count)} files, {mb}")
        twice = {p: n for p, n in count.items() if n > 1}
        print(f"fetched twice: {twice}")
        # The engine and the app's code: once each, whatever the server's headers.
        big = {p for p in twice if p.startswith(("/pyodide/", "/engine/", "/assets/"))}
        assert big == set(), big
        # The few small unhashed shell files (index.html, icons) come once when the
        # server answers revalidation with 304; until then they cost a few kB.
        assert sent - once < 20_000, (sent - once, twice)
        bodies_paths = set(count)
        assert any(p.startswith("/pyodide/") for p in bodies_paths), (
            "the engine came through the proxy"
        )
        assert page.errors == []
    finally:
        proxy.shutdown()
