"""Headers and deployment: security headers, caching, API docs, proxies, slow clients."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import PYTHON, REPO, Table, ThreadServer, free_port, make_settings
from tests.server.test_bad_input import static_dirs  # noqa: F401 (a fixture)


def sqlite(tmp_path: Path) -> dict[str, Any]:
    return {"data_dir": str(tmp_path / "data"), "database_url": None}


SECURITY = (
    "content-security-policy",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-opener-policy",
    "x-request-id",
)


def assert_stamped(headers: httpx.Headers | dict[str, str], what: str) -> None:
    for name in SECURITY:
        assert name in headers, f"{what}: no {name}"
    assert headers["x-content-type-options"] == "nosniff", what
    assert headers["x-frame-options"] == "DENY", what
    assert headers["referrer-policy"] == "no-referrer", what
    assert "frame-ancestors 'none'" in headers["content-security-policy"], what
    assert len(headers["x-request-id"]) == 16, what


def test_every_answer_carries_the_security_headers(
    tmp_path: Path,
    static_dirs: dict[str, Path],  # noqa: F811
) -> None:
    with ThreadServer(make_settings(sqlite(tmp_path), **static_dirs)) as srv, srv.client() as c:
        for path in ("/", "/index.html", "/sw.js", "/api/catalogue", "/engine/worker.js", "/nope"):
            headers = c.get(path).headers
            csp = headers["content-security-policy"]
            # the PWA runs Pyodide (WebAssembly) in a worker of its own origin, nothing else
            assert "'wasm-unsafe-eval'" in csp and "frame-ancestors 'none'" in csp, path
            assert "default-src 'self'" in csp and "'unsafe-eval'" not in csp
            assert "script-src 'self' 'wasm-unsafe-eval';" in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
            assert headers["referrer-policy"] == "no-referrer"


def test_hashed_assets_are_immutable_the_shell_is_revalidated(
    tmp_path: Path,
    static_dirs: dict[str, Path],  # noqa: F811
) -> None:
    with ThreadServer(make_settings(sqlite(tmp_path), **static_dirs)) as srv, srv.client() as c:
        asset = c.get("/assets/index-3f2a9c1d.js")
        assert asset.status_code == 200
        assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert asset.headers["content-type"].startswith("text/javascript")
        for path in ("/", "/index.html", "/sw.js", "/engine/worker.js", "/pyodide/core.whl"):
            response = c.get(path)
            assert response.status_code == 200, path
            assert response.headers["cache-control"] == "no-cache", path
            etag = response.headers["etag"]
            assert c.get(path, headers={"if-none-match": etag}).status_code == 304


def test_api_docs_pages_are_off_unless_asked_for(tmp_path: Path) -> None:
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as c:
        assert c.get("/api/schema/openapi.json").status_code == 200
        for page in ("/api/schema/swagger", "/api/schema/redoc"):
            assert c.get(page).status_code == 404
    with ThreadServer(make_settings(sqlite(tmp_path), api_docs=True)) as srv, srv.client() as c:
        assert c.get("/api/schema/swagger").status_code == 200


NEW_GAME = {"game": "high-card", "players": 2}


def statuses(client: httpx.Client, forwarded: list[str]) -> list[int]:
    return [
        client.post("/api/games", json=NEW_GAME, headers={"x-forwarded-for": hop}).status_code
        for hop in forwarded
    ]


def test_x_forwarded_for_is_believed_only_from_trusted_proxies(tmp_path: Path) -> None:
    hops = [f"203.0.113.{i}" for i in range(6)]
    settings = make_settings(sqlite(tmp_path), rate_limit_per_minute=3)
    with ThreadServer(settings) as srv, srv.client() as c:
        # an untrusted peer cannot pick its address: all six count against it
        assert statuses(c, hops).count(429) == 3
    settings = make_settings(
        sqlite(tmp_path), rate_limit_per_minute=3, trusted_proxies=["127.0.0.1/32"]
    )
    with ThreadServer(settings) as srv, srv.client() as c:
        assert statuses(c, hops) == [201] * 6  # six clients behind the proxy
        assert statuses(c, ["198.51.100.7"] * 5).count(429) == 2
        # a client's own forged hop left of the proxy's doesn't help it
        forged = [f"10.9.9.{i}, 198.51.100.8" for i in range(5)]
        assert statuses(c, forged).count(429) == 2


def answered_408_and_closed(sock: socket.socket) -> bool:
    """The server answered 408 (a problem) and closed the connection."""
    data = b""
    try:
        while chunk := sock.recv(4096):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        return False
    return data.startswith(b"HTTP/1.1 408 ") and b'"code":"request-timeout"' in data


def test_half_sent_requests_are_dropped(tmp_path: Path) -> None:
    """Headers that never end, a body that never comes: each answered 408 and closed
    once its deadline passes (slow_clients.py), and the server goes on serving."""
    settings = make_settings(sqlite(tmp_path), header_timeout=1.0, body_timeout=1.0)
    with ThreadServer(settings) as srv:
        sockets = []
        for i in range(150):
            sock = socket.create_connection(("127.0.0.1", srv.port))
            if i % 2:
                sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # headers never end
            else:  # a body that never comes
                sock.sendall(
                    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 1000\r\n\r\n{"
                )
            sockets.append(sock)
        time.sleep(2.5)
        closed = 0
        for sock in sockets:
            sock.settimeout(2)
            closed += answered_408_and_closed(sock)
            sock.close()
        assert closed == len(sockets)
        with srv.client() as c:  # and the server still serves
            assert c.get("/health").status_code == 200
            assert c.post("/api/games", json=NEW_GAME).status_code == 201


# The plain uvicorn line of server/README.md ("Several processes"), on one worker.
UVICORN = (
    "uvicorn --factory server.app:create_app_from_env --no-proxy-headers "
    "--http server.slow_clients:BoundedHttp --timeout-keep-alive 30"
)


def test_the_plain_uvicorn_line_drops_half_sent_requests(tmp_path: Path) -> None:
    """uvicorn run by hand (not `kifu serve`) keeps the header deadline when given
    the README's `--http server.slow_clients:BoundedHttp`."""
    assert UVICORN in (REPO / "server" / "README.md").read_text()
    port = free_port()
    env = {**os.environ, "KIFU_DATA_DIR": str(tmp_path), "KIFU_HEADER_TIMEOUT": "1"}
    env.pop("KIFU_DATABASE_URL", None)
    command = [PYTHON, "-m", *UVICORN.split(), "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(command, cwd=REPO, env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # headers never end
            sock.settimeout(5)
            start = time.monotonic()
            assert answered_408_and_closed(sock)
            assert time.monotonic() - start < 3
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_sqlite_refuses_several_workers_even_with_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    from server.main import serve

    monkeypatch.setenv("KIFU_CHANNELS_URL", "redis://127.0.0.1:6379/0")
    monkeypatch.delenv("KIFU_DATABASE_URL", raising=False)
    with pytest.raises(SystemExit, match="PostgreSQL"):
        serve(workers=2, data_dir=str(Path("/tmp") / "kifu-never"))


def test_limits_are_shared_by_processes_through_redis(tmp_path: Path) -> None:
    """With `limits_url` two processes count one client's writes together (each
    used to allow the full rate by itself)."""
    import random

    import redis

    url = "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url).ping()
    except redis.RedisError:
        pytest.skip("Redis is not running")
    who = {"x-forwarded-for": f"198.18.{random.randrange(256)}.{random.randrange(256)}"}
    options = {"rate_limit_per_minute": 4, "trusted_proxies": ["127.0.0.1"], "limits_url": url}
    with (
        ThreadServer(make_settings(sqlite(tmp_path / "a"), **options)) as one,
        ThreadServer(make_settings(sqlite(tmp_path / "b"), **options)) as two,
        one.client(headers={**who, "content-type": "application/json"}) as a,
        two.client(headers={**who, "content-type": "application/json"}) as b,
    ):
        if time.time() % 60 > 55:  # windows follow the clock's minutes: stay in one
            time.sleep(6)
        codes = [(a, b)[i % 2].post("/api/games", json=NEW_GAME).status_code for i in range(8)]
        assert codes.count(201) == 4 and codes.count(429) == 4, codes


# -- every answer stamped, router-level errors included (issue #39) -------------


def test_every_route_shape_and_error_carries_the_headers(tmp_path: Path) -> None:
    """Every route of the app (its path parameters filled in), with every method,
    and paths no route matches: whatever the status (200, 201, 4xx, a router-level
    404 or 405), the answer carries the security headers and a request id."""
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as c:
        table = Table(c)
        paths = ["/", f"/api/nope-{uuid.uuid4().hex}", f"/{uuid.uuid4().hex}/x", "/api/"]
        for route in srv.app.routes:
            path = route.path
            for param in route.path_parameters.values():
                path = path.replace("{" + param.full + "}", table.id)
            paths.append(path)
        statuses: set[int] = set()
        for path in paths:
            for method in ("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"):
                response = c.request(method, path, headers=table.auth(0), content=b"{}")
                statuses.add(response.status_code)
                assert_stamped(response.headers, f"{method} {path} -> {response.status_code}")
        assert {200, 400, 404, 405} <= statuses, statuses
        created = c.post("/api/games", json={"game": "high-card", "players": 2})
        assert created.status_code == 201
        assert_stamped(created.headers, "POST /api/games -> 201")
        nope = c.get("/api/nope")
        assert nope.status_code == 404 and nope.json()["code"] == "not-found"
        assert nope.json()["request_id"] == nope.headers["x-request-id"]
        put = c.put("/api/games", json={})
        assert put.status_code == 405 and put.json()["code"] == "method-not-allowed"
        assert_stamped(put.headers, "PUT /api/games")
