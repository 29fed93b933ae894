"""Requests bounded at the HTTP layer (issue #39): header bytes and fields, the URL,
the body and the time they take are capped before the app runs (431/414/413/408,
each a problem with the security headers, server/slow_clients.py), and a flood of
1 MB header blocks leaves other clients' requests as fast as before.
"""

from __future__ import annotations

import contextlib
import json
import socket
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ProcessServer, ThreadServer, make_settings
from tests.server.test_deployment import assert_stamped, sqlite

pytestmark = pytest.mark.timeout(120)


class Raw:
    """One answer to bytes sent on a fresh connection, parsed."""

    def __init__(self, data: bytes) -> None:
        head, _, self.body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1]) if lines[0].startswith("HTTP/1.1 ") else 0
        self.headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in lines[1:])
        }

    def problem(self) -> dict[str, Any]:
        assert self.headers["content-type"] == "application/problem+json"
        body: dict[str, Any] = json.loads(self.body)
        assert body["status"] == self.status and body["detail"] and body["title"]
        assert body["request_id"] == self.headers["x-request-id"]
        return body


def exchange(port: int, *parts: bytes, pause: float = 0.0, timeout: float = 10) -> Raw:
    """Send `parts` (with `pause` between them), read to the end of the connection."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.settimeout(timeout)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for part in parts:
                sock.sendall(part)
                time.sleep(pause)
        data = b""
        with contextlib.suppress(ConnectionResetError, TimeoutError):
            while chunk := sock.recv(65536):
                data += chunk
    return Raw(data)


def get(headers: bytes = b"", path: bytes = b"/health") -> bytes:
    return b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n"


ONE_MB_HEADER = b"X-Pad: " + b"a" * (1 << 20) + b"\r\n"
ONE_MB_OF_HEADERS = b"X-Pad: aaaaaaaaaaaaaaaaaaaaaaa\r\n" * ((1 << 20) // 32)


def test_oversized_requests_are_refused_at_the_http_layer(tmp_path: Path) -> None:
    """Each cap answers its status with a problem and the security headers, and the
    server keeps serving; requests just under the caps pass."""
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv:
        port = srv.port
        cases = [
            (get(ONE_MB_HEADER), 431, "headers-too-large"),
            (get(ONE_MB_OF_HEADERS), 431, "headers-too-large"),
            (get(b"".join(b"X-%d: %s\r\n" % (i, b"b" * 1000) for i in range(60))), 431, None),
            (get(b"X-a: b\r\n" * 101), 431, "headers-too-large"),
            (get(path=b"/api/games/" + b"g" * 20_000), 414, "url-too-long"),
            (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n", 400, "bad-request"),
        ]
        for request, status, code in cases:
            answer = exchange(port, request)
            assert answer.status == status, (request[:60], answer.status, answer.body[:200])
            assert answer.problem()["code"] == (code or "headers-too-large")
            assert_stamped(answer.headers, f"{status}")
            assert answer.headers["connection"] == "close"
        # a body declared larger than max_body_bytes: 413 at once, nothing sent
        start = time.monotonic()
        big = (
            b"POST /api/records HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % (3 << 20)
        )
        answer = exchange(port, big)
        assert answer.status == 413 and answer.problem()["code"] == "body-too-large"
        assert time.monotonic() - start < 5  # not the body deadline
        # a chunked body that grows past it: 413 once it does
        chunk = b"%x\r\n%s\r\n" % (1 << 16, b"[" * (1 << 16))
        chunked = big.replace(b"Content-Length: 3145728", b"Transfer-Encoding: chunked")
        answer = exchange(port, chunked, *[chunk] * 40)
        assert answer.status == 413 and answer.problem()["code"] == "body-too-large"
        assert_stamped(answer.headers, "413")
        # just under the caps: served
        fine = b"".join(b"X-%d: %s\r\n" % (i, b"b" * 250) for i in range(97))
        assert exchange(port, get(fine + b"Connection: close\r\n")).status == 200
        with srv.client() as c:
            assert c.get("/health").status_code == 200
            assert c.post("/api/games", json={"game": "high-card", "players": 2}).status_code == 201


def test_a_flood_of_one_megabyte_header_blocks_leaves_others_alone(tmp_path: Path) -> None:
    """Two attackers send 1 MB header blocks back to back (one big header, or many
    small ones) while another client calls /health: every block gets a 431, and
    /health stays fast (median under 50 ms, or 5 x idle on a loaded machine; the
    parser used to take 120 ms to 8 s a block, and the process 170-640 MB)."""
    with ProcessServer(sqlite(tmp_path)) as srv, srv.client() as c:

        def health_ms() -> float:
            start = time.perf_counter()
            assert c.get("/health").status_code == 200
            return (time.perf_counter() - start) * 1000

        idle = statistics.median(health_ms() for _ in range(20))
        stop = threading.Event()
        answers: list[int] = []

        def attack(block: bytes) -> None:
            while not stop.is_set():
                answers.append(exchange(srv.port, get(block), timeout=30).status)

        attackers = [
            threading.Thread(target=attack, args=(block,))
            for block in (ONE_MB_HEADER, ONE_MB_OF_HEADERS)
        ]
        for thread in attackers:
            thread.start()
        try:
            time.sleep(0.2)
            during = [health_ms() for _ in range(30)]
        finally:
            stop.set()
            for thread in attackers:
                thread.join(timeout=60)
        assert answers and set(answers) == {431}, answers
        assert statistics.median(during) < max(50.0, 5 * idle), (idle, sorted(during))
        rss = Path(f"/proc/{srv.proc.pid}/status").read_text()  # type: ignore[union-attr]
        kb = int(next(line for line in rss.splitlines() if line.startswith("VmRSS")).split()[1])
        assert kb < 150 * 1024, kb


def test_slow_requests_get_a_408(tmp_path: Path) -> None:
    """Headers or a body that do not arrive in time: 408 and the connection closes;
    a connection that sent nothing is closed without an answer."""
    settings = make_settings(sqlite(tmp_path), header_timeout=0.5, body_timeout=0.5)
    with ThreadServer(settings) as srv:
        answer = exchange(srv.port, b"GET /health HTTP/1.1\r\nHost: x\r\n")
        assert answer.status == 408 and answer.problem()["code"] == "request-timeout"
        assert_stamped(answer.headers, "408 headers")
        body = (
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n{"
        )
        answer = exchange(srv.port, body)
        assert answer.status == 408 and answer.problem()["code"] == "request-timeout"
        assert exchange(srv.port).status == 0  # nothing sent: closed, no answer
        with srv.client() as c:
            assert c.get("/health").status_code == 200
