"""Bad input gets a 4xx with a problem body, never a 5xx (API.md, "Conventions").

Each case here was a 500 or a silent acceptance once: deeply nested JSON, an
uploaded genesis whose seat count the engine refuses, a NUL byte or an overlong
name in a static path, a record of an unknown format, bodies that are not JSON,
and a 429 without the `Retry-After` API.md promises.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from core.kernel import encode_record, new_record
from tests.kernel.fixture_game import GAME
from tests.server.conftest import ThreadServer, make_settings


def problem(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code and body["status"] == status and body["detail"], body
    return body


@pytest.fixture
def static_dirs(tmp_path: Path) -> dict[str, Path]:
    web = tmp_path / "web"
    (web / "assets").mkdir(parents=True)
    (web / "index.html").write_text("<!doctype html><title>PWA</title>")
    (web / "sw.js").write_text("self.addEventListener('fetch', () => {});\n")
    (web / "assets" / "index-3f2a9c1d.js").write_text("console.log(1);\n")
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "worker.js").write_text("export const x = 1;\n")
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "core.whl").write_bytes(b"wheel")
    return {"web_dist": web, "web_engine": engine, "pyodide_dist": bundle}


@pytest.fixture
def srv(tmp_path: Path, static_dirs: dict[str, Path]) -> Iterator[ThreadServer]:
    backend = {"data_dir": str(tmp_path / "data"), "database_url": None}
    with ThreadServer(make_settings(backend, **static_dirs)) as server:
        yield server


@pytest.fixture
def http(srv: ThreadServer) -> Iterator[httpx.Client]:
    with srv.client(headers={}) as client:  # no default content-type
        yield client


DEEP = b"[" * 100_000 + b"]" * 100_000
DEEP_OBJECT = b'{"game": ' + b'{"a":' * 50_000 + b"1" + b"}" * 50_000 + b"}"


@pytest.mark.parametrize(
    "path",
    [
        "/api/games",
        "/api/games/g-1/moves",
        "/api/records",
        "/api/records/r/entries",
        "/api/reports",
    ],
)
@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT], ids=["array", "object"])
def test_deeply_nested_json_is_a_400(http: httpx.Client, path: str, body: bytes) -> None:
    headers = {"content-type": "application/json", "authorization": "Bearer " + "t" * 20}
    problem(http.post(path, content=body, headers=headers), 400, "bad-request")
    assert http.get("/health").status_code == 200


def genesis_with(seats: Any) -> bytes:
    record = new_record(GAME, record_id="seats-odd", seats=2, seed=3)
    data = json.loads(encode_record(record))
    data["genesis"]["seats"] = seats
    return json.dumps(data).encode()


@pytest.mark.parametrize("seats", [-1, 0, 10**6, 2**63 - 1, 2**64])
def test_an_uploaded_genesis_the_engine_refuses_is_a_4xx(http: httpx.Client, seats: int) -> None:
    response = http.post(
        "/api/records", content=genesis_with(seats), headers={"content-type": "application/json"}
    )
    assert 400 <= response.status_code < 500, response.text
    body = response.json()
    assert body["code"] in ("record-invalid", "bad-record"), body
    if body["code"] == "record-invalid":
        assert body["divergence"]["seq"] == 0  # the genesis


def test_a_record_of_an_unknown_format_is_refused(http: httpx.Client) -> None:
    record = new_record(GAME, record_id="fmt-99", seats=2, seed=3)
    data = json.loads(encode_record(record))
    data["format"] = 99
    response = http.post("/api/records", json=data)
    assert "format" in problem(response, 400, "bad-record")["detail"]
    data["format"] = 1
    assert http.post("/api/records", json=data).status_code == 201


@pytest.mark.parametrize("prefix", ["/", "/engine/", "/pyodide/", "/assets/"])
@pytest.mark.parametrize("name", ["%00", "a%00b.js", "x" * 256, "y" * 5000 + ".js"])
def test_odd_static_paths_are_404(http: httpx.Client, prefix: str, name: str) -> None:
    problem(http.get(prefix + name), 404, "not-found")


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain", b'{"game": "high-card", "players": 2}'),
        ("application/x-www-form-urlencoded", b"game=high-card&players=2"),
        ("multipart/form-data; boundary=x", b"--x--"),
        (None, b'{"game": "high-card", "players": 2}'),
    ],
)
def test_write_bodies_must_be_json(
    http: httpx.Client, content_type: str | None, body: bytes
) -> None:
    headers = {"content-type": content_type} if content_type else {}
    request = http.build_request("POST", "/api/games", content=body, headers=headers)
    assert request.headers.get("content-type") == content_type
    problem(http.send(request), 415, "unsupported-media-type")
    json_body = b'{"game": "high-card", "players": 2}'
    typed = {"content-type": "application/json; charset=utf-8"}
    assert http.post("/api/games", content=json_body, headers=typed).status_code == 201


def test_a_write_without_a_body_needs_no_type(http: httpx.Client) -> None:
    created = http.post("/api/games", json={"game": "high-card", "players": 2}).json()
    share = http.post(f"/api/games/{created['game_id']}/share")
    problem(share, 401, "unauthorized")  # reached the handler: no 415


def test_429_says_when_to_retry(tmp_path: Path) -> None:
    backend = {"data_dir": str(tmp_path / "data"), "database_url": None}
    with ThreadServer(make_settings(backend, rate_limit_per_minute=3)) as srv, srv.client() as c:
        statuses = [
            c.post("/api/games", json={"game": "high-card", "players": 2}) for _ in range(5)
        ]
        limited = [r for r in statuses if r.status_code == 429]
        assert limited, [r.status_code for r in statuses]
        problem(limited[0], 429, "rate-limited")
        retry = int(limited[0].headers["retry-after"])
        assert 1 <= retry <= 60
