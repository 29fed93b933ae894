"""Fixtures: real servers (uvicorn in a thread or in a subprocess) on real databases.

`backend` runs a test on SQLite (a temp file) and on PostgreSQL (a database of
its own, created and dropped here; the cluster is started if it is down).
Ports are free ports picked per server, so tests run in parallel under xdist.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

import core.games
from tests.kernel.fixture_game import GAME

core.games.register(GAME)

from server.app import create_app  # noqa: E402
from server.main import uvicorn_options  # noqa: E402
from server.settings import Settings  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
JSON_TYPE = {"content-type": "application/json"}  # what the PWA sends with every body


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# -- PostgreSQL -----------------------------------------------------------------


def _pg_up() -> bool:
    import psycopg

    try:
        with psycopg.connect(PG_ADMIN, connect_timeout=2):
            return True
    except psycopg.OperationalError:
        return False


_pg_lock = threading.Lock()


def ensure_postgres() -> None:
    """Start the local cluster if it is not answering (CI may have it stopped)."""
    with _pg_lock:
        if _pg_up():
            return
        versions = sorted(os.listdir("/etc/postgresql")) if os.path.isdir("/etc/postgresql") else []
        if not versions or not shutil.which("pg_ctlcluster"):
            pytest.skip("PostgreSQL is not running and cannot be started here")
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1], "main", "start"],
            check=False,
            capture_output=True,
            timeout=60,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if _pg_up():
                return
            time.sleep(0.5)
        pytest.fail("PostgreSQL did not start")


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh database; its URL. Dropped afterwards."""
    import psycopg

    ensure_postgres()
    name = f"kifu_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, Any]]:
    """{"data_dir", "database_url"} of a fresh store."""
    if request.param == "sqlite":
        yield {"data_dir": str(tmp_path / "data"), "database_url": None}
    else:
        with postgres_database() as url:
            yield {"data_dir": str(tmp_path / "data"), "database_url": url}


# -- servers ---------------------------------------------------------------------


class ThreadServer:
    """uvicorn serving create_app(settings) in a background thread."""

    def __init__(self, settings: Settings) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, lifespan="on", **uvicorn_options(settings)
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def client(self, **kwargs: Any) -> httpx.Client:
        kwargs.setdefault("timeout", 20)
        kwargs.setdefault("headers", JSON_TYPE)
        return httpx.Client(base_url=self.url, **kwargs)


def make_settings(backend: dict[str, Any], **overrides: Any) -> Settings:
    settings = Settings(
        data_dir=backend["data_dir"],
        database_url=backend["database_url"],
        rate_limit_per_minute=0,
        access_log=False,
        log_level="WARNING",
    )
    for key, value in overrides.items():
        setattr(settings, key, value)
    return settings


@pytest.fixture
def server(backend: dict[str, Any]) -> Iterator[ThreadServer]:
    with ThreadServer(make_settings(backend)) as srv:
        yield srv


@pytest.fixture
def client(server: ThreadServer) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


SERVE_SCRIPT = """
import sys
sys.path.insert(0, {repo!r})
import core.games
from tests.kernel.fixture_game import GAME
core.games.register(GAME)
from server.main import serve
serve(host="127.0.0.1", port={port}, data_dir={data_dir!r}, database_url={database_url!r})
"""


class ProcessServer:
    """The server as a subprocess (`serve()`), killable with SIGKILL."""

    def __init__(self, backend: dict[str, Any], port: int | None = None, **env: str) -> None:
        self.backend = backend
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "KIFU_RATE_LIMIT": "0", "KIFU_ACCESS_LOG": "0", **env}
        self.env.pop("KIFU_DATABASE_URL", None)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ProcessServer:
        script = SERVE_SCRIPT.format(
            repo=str(REPO),
            port=self.port,
            data_dir=self.backend["data_dir"],
            database_url=self.backend["database_url"],
        )
        self.proc = subprocess.Popen(
            [PYTHON, "-c", script],
            cwd=str(REPO),
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def __enter__(self) -> ProcessServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()

    def client(self, **kwargs: Any) -> httpx.Client:
        kwargs.setdefault("headers", JSON_TYPE)
        return httpx.Client(base_url=self.url, timeout=20, **kwargs)


# -- helpers ---------------------------------------------------------------------


class Table:
    """A hosted game with every seat claimed: its id and tokens."""

    def __init__(self, client: httpx.Client, players: int = 2, **create: Any) -> None:
        self.client = client
        body = {"game": "high-card", "players": players, **create}
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        created = response.json()
        self.id: str = created["game_id"]
        self.created = created
        self.spectator: str = created["spectator_token"]
        self.tokens: list[str] = []
        for invite in created["invites"]:
            claimed = client.post(f"/api/games/{self.id}/seats", json={"code": invite["code"]})
            assert claimed.status_code == 201, claimed.text
            self.tokens.append(claimed.json()["token"])
        self.seq = 0
        self._n = 0

    def auth(self, seat: int | None) -> dict[str, str]:
        token = self.spectator if seat is None else self.tokens[seat]
        return {"Authorization": f"Bearer {token}"}

    def view(self, seat: int | None) -> dict[str, Any]:
        response = self.client.get(f"/api/games/{self.id}/view", headers=self.auth(seat))
        assert response.status_code == 200, response.text
        return response.json()

    def move(
        self, by: int, move: dict[str, Any], *, move_id: str | None = None, **extra: Any
    ) -> httpx.Response:
        self._n += 1
        body = {
            "move_id": move_id or f"{self.id}-{self._n}-{uuid.uuid4().hex[:6]}",
            "expected_seq": extra.pop("expected_seq", self.seq),
            "move": move,
            **extra,
        }
        response = self.client.post(f"/api/games/{self.id}/moves", json=body, headers=self.auth(by))
        if response.status_code == 201:
            self.seq = response.json()["seq"]
        return response

    def play_one(self) -> httpx.Response | None:
        """The first legal move of the seat to move; None once the game is over."""
        for seat in range(len(self.tokens)):
            view = self.view(seat)
            if view["legal_moves"]:
                self.seq = view["seq"]
                return self.move(seat, view["legal_moves"][0])
        return None

    def play_out(self, limit: int = 500) -> None:
        for _ in range(limit):
            response = self.play_one()
            if response is None:
                return
            assert response.status_code == 201, response.text
        raise AssertionError("the game did not end")
