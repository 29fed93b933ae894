"""Crashes and several processes: the server as subprocesses, killed with SIGKILL.

- Several clients play several games; the server is killed mid-load and
  restarted. Every acknowledged move is in the record exactly once, and
  resubmitting the moves that were in flight (same move_id) adds no duplicate.
- Two server processes on one PostgreSQL database: a move made through one
  reaches a WebSocket subscribed on the other, and racing moves through both
  are decided by the database (one accepted, one 409).
"""

from __future__ import annotations

import contextlib
import functools
import json
import socket
import threading
import time
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.conftest import ProcessServer, Table, postgres_database
from tests.server.test_concurrency import race

pytestmark = pytest.mark.timeout(240)

GAMES = 4


class Player(threading.Thread):
    """Plays one game through HTTP until it ends or the server goes away."""

    def __init__(self, url: str, table: Table, prefix: str = "a") -> None:
        super().__init__(daemon=True)
        self.prefix = prefix
        self.error = ""
        self.url = url
        self.table = table
        self.acked: dict[str, int] = {}  # move_id -> seq acknowledged
        self.in_flight: dict[str, Any] | None = None
        self.seat_of_flight = 0
        self.finished = False

    def run(self) -> None:
        table = self.table
        with httpx.Client(base_url=self.url, timeout=10) as client:
            for n in range(1000):
                try:
                    mover, view = None, None
                    for seat in range(len(table.tokens)):
                        view = client.get(
                            f"/api/games/{table.id}/view", headers=table.auth(seat)
                        ).json()
                        if view["legal_moves"]:
                            mover = seat
                            break
                    if mover is None or view is None:
                        self.finished = True
                        return
                    body = {
                        "move_id": f"{self.prefix}-{table.id}-{n}",
                        "expected_seq": view["seq"],
                        "move": view["legal_moves"][0],
                    }
                    self.in_flight, self.seat_of_flight = body, mover
                    response = client.post(
                        f"/api/games/{table.id}/moves", json=body, headers=table.auth(mover)
                    )
                    if response.status_code != 201:
                        self.error = response.text
                        return
                    self.acked[body["move_id"]] = response.json()["seq"]
                    self.in_flight = None
                except (httpx.HTTPError, json.JSONDecodeError, KeyError):
                    return


def total_acked(players: list[Player]) -> int:
    return sum(len(p.acked) for p in players)


def test_kill_9_mid_load_loses_no_acknowledged_move(backend: dict[str, Any]) -> None:
    server = ProcessServer(backend).start()
    try:
        with server.client() as client:
            tables = [
                Table(client, players=2, options={"deck_size": 40, "hand_size": 3})
                for _ in range(GAMES)
            ]
        players = [Player(server.url, table) for table in tables]
        for player in players:
            player.start()
        deadline = time.monotonic() + 60
        while total_acked(players) < 150 and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()
        for player in players:
            player.join(timeout=20)
        acked_before = total_acked(players)
        assert acked_before >= 150

        restarted = ProcessServer(backend).start()
        try:
            with restarted.client() as client:
                for player in players:
                    table = player.table
                    table.client = client
                    record = client.get(
                        f"/api/games/{table.id}/record", headers=table.auth(0)
                    ).json()
                    ids = [e["move_id"] for e in record["entries"]]
                    assert len(ids) == len(set(ids))
                    for move_id, seq in player.acked.items():
                        assert ids[seq - 1] == move_id
                    assert record["seq"] - len(player.acked) in (0, 1)  # at most the in-flight one
                    if player.in_flight is not None:
                        again = client.post(
                            f"/api/games/{table.id}/moves",
                            json=player.in_flight,
                            headers=table.auth(player.seat_of_flight),
                        )
                        assert again.status_code in (200, 201), again.text
                        after = client.get(
                            f"/api/games/{table.id}/record", headers=table.auth(0)
                        ).json()
                        ids = [e["move_id"] for e in after["entries"]]
                        assert ids.count(player.in_flight["move_id"]) == 1
                        assert len(ids) == len(set(ids)) == len(player.acked) + 1
                # the games go on after the crash
                restarted_players = [Player(restarted.url, p.table, "b") for p in players]
                for player in restarted_players:
                    player.start()
                for player in restarted_players:
                    player.join(timeout=120)
                    assert player.finished, player.error
        finally:
            restarted.kill()
    finally:
        server.kill()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _redis_up() -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", 6379), timeout=1):
        return True
    return False


@pytest.mark.postgres
@pytest.mark.parametrize("channels", ["postgresql", "redis"])
def test_two_processes_share_games_and_live_updates(tmp_path: Any, channels: str) -> None:
    if channels == "redis" and not _redis_up():
        pytest.skip("Redis is not running")
    env = {"KIFU_CHANNELS_URL": "redis://127.0.0.1:6379/0"} if channels == "redis" else {}
    with postgres_database() as url:
        backend = {"data_dir": str(tmp_path / "data"), "database_url": url}
        with ProcessServer(backend, **env) as one, ProcessServer(backend, **env) as two:
            assert one.client().get("/health").json()["channels"] == channels
            with one.client() as c1, two.client() as c2:
                table = Table(c1)
                ws = f"ws://127.0.0.1:{two.port}/api/games/{table.id}/live?token={table.tokens[1]}"
                with connect(ws, open_timeout=10) as live:
                    hello = json.loads(live.recv(timeout=10))
                    assert hello["type"] == "hello" and hello["seq"] == 0
                    for seq in range(1, 6):
                        assert table.play_one() is not None  # through process one
                        pushed = json.loads(live.recv(timeout=10))
                        assert pushed["type"] == "entry" and pushed["seq"] == seq
                # the other process sees the game and decides races through the database
                for _ in range(5):
                    mover = next(s for s in (0, 1) if table.view(s)["legal_moves"])
                    view = table.view(mover)
                    url_moves = f"/api/games/{table.id}/moves"
                    calls = [
                        functools.partial(
                            client.post,
                            url_moves,
                            json={
                                "move_id": f"p{n}-{view['seq']}",
                                "expected_seq": view["seq"],
                                "move": move,
                            },
                            headers=table.auth(mover),
                        )
                        for n, (client, move) in enumerate(
                            ((c1, view["legal_moves"][0]), (c2, view["legal_moves"][-1]))
                        )
                    ]
                    statuses = sorted(r.status_code for r in race(*calls))
                    assert statuses == [201, 409]
                record = c2.get(f"/api/games/{table.id}/record", headers=table.auth(0)).json()
                ids = [e["move_id"] for e in record["entries"]]
                assert len(ids) == len(set(ids)) == record["seq"] == 10


@pytest.mark.postgres
def test_live_updates_survive_lost_database_connections(tmp_path: Any) -> None:
    """Every connection of the server is terminated by the database: moves and
    live updates carry on (pool pre-ping, LISTEN reconnect)."""
    import psycopg

    from tests.server.conftest import ThreadServer, make_settings

    with postgres_database() as url:
        backend = {"data_dir": str(tmp_path / "data"), "database_url": url}
        with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
            table = Table(client)
            ws = f"ws://127.0.0.1:{srv.port}/api/games/{table.id}/live?token={table.tokens[1]}"
            with connect(ws, open_timeout=10) as live:
                assert json.loads(live.recv(timeout=10))["type"] == "hello"
                assert table.play_one() is not None
                assert json.loads(live.recv(timeout=10))["seq"] == 1
                name = url.rsplit("/", 1)[1]
                with psycopg.connect(url, autocommit=True) as admin:
                    killed = admin.execute(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE datname = %s AND pid <> pg_backend_pid()",
                        (name,),
                    ).fetchone()
                assert killed is not None and killed[0] >= 2
                time.sleep(0.5)
                response = table.play_one()
                assert response is not None and response.status_code == 201, response
                messages = []
                deadline = time.monotonic() + 15
                while time.monotonic() < deadline:
                    message = json.loads(live.recv(timeout=15))
                    messages.append(message)
                    if message.get("seq") == 2:
                        break
                assert messages[-1]["type"] == "entry" and messages[-1]["seq"] == 2


@pytest.mark.postgres
def test_database_gone_gives_503_not_500(tmp_path: Any) -> None:
    import psycopg

    from tests.server.conftest import PG_ADMIN, ThreadServer, make_settings

    with postgres_database() as url:
        backend = {"data_dir": str(tmp_path / "data"), "database_url": url + "?connect_timeout=1"}
        with ThreadServer(make_settings(backend)) as srv, srv.client(timeout=90) as client:
            table = Table(client)
            assert client.get("/health").status_code == 200
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
            health = client.get("/health")
            assert health.status_code == 503 and health.json()["status"] == "unavailable"
            # once one request has found the database gone, the others are answered at
            # once instead of each waiting out the pool's retries (~12 s here)
            started = time.monotonic()
            response = client.get(f"/api/games/{table.id}/view", headers=table.auth(0))
            assert time.monotonic() - started < 3
            assert response.status_code == 503, response.text
            assert response.json()["code"] == "unavailable"
            assert response.headers["retry-after"] == "2"
            created = client.post("/api/games", json={"game": "high-card", "players": 2})
            assert created.status_code == 503, created.text
