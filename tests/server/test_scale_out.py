"""Beyond one machine: PostgreSQL writes that do not wait on each other, processes
that start together, WebSockets that subscribe without stalling the listener."""

from __future__ import annotations

import json
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest
from websockets.sync.client import connect

from tests.server.conftest import (
    ProcessServer,
    Table,
    ThreadServer,
    make_settings,
    postgres_database,
)

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(180)]


@pytest.fixture
def pg(tmp_path: Path) -> Any:
    with postgres_database() as url:
        yield {"data_dir": str(tmp_path / "data"), "database_url": url}


def test_writes_to_different_games_do_not_wait_on_each_other(pg: dict[str, Any]) -> None:
    """A write in flight on one game (its transaction open) does not hold up a move
    on another: no table lock per write (eventsourcing's application recorder took
    LOCK TABLE ... IN EXCLUSIVE MODE on every insert)."""
    with ThreadServer(make_settings(pg)) as srv, srv.client() as client:
        table = Table(client, 2)
        with psycopg.connect(pg["database_url"]) as conn:  # a transaction left open
            conn.execute(
                "INSERT INTO kifustore_events (originator_id, originator_version, topic, state)"
                " VALUES (%s, 1, 'x', 'y')",
                (uuid.uuid4(),),
            )
            start = time.perf_counter()
            view = table.view(0)
            table.seq = view["seq"]
            moved = table.move(0, view["legal_moves"][0])
            took = time.perf_counter() - start
            conn.rollback()
        assert moved.status_code == 201, moved.text
        # a table lock would hold the move until the rollback above, i.e. past the
        # client's timeout; the bound is wide so that a busy machine does not trip it
        assert took < 10.0, f"the move waited {took:.1f} s for another game's write"


def test_processes_started_together_both_serve(pg: dict[str, Any]) -> None:
    """The schema is created once, under a lock: four processes starting at the same
    moment on an empty database all come up (one used to crash on pg_type)."""
    for _ in range(2):
        with postgres_database() as url:
            backend = {**pg, "database_url": url}
            servers = [ProcessServer(backend) for _ in range(4)]
            errors: list[BaseException] = []

            def start(server: ProcessServer, errors: list[BaseException] = errors) -> None:
                try:
                    server.start()
                except BaseException as exc:
                    errors.append(exc)

            threads = [threading.Thread(target=start, args=(s,)) for s in servers]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            try:
                assert not errors, errors
                for server in servers:
                    with server.client() as client:
                        assert (
                            client.post(
                                "/api/games", json={"game": "high-card", "players": 2}
                            ).status_code
                            == 201
                        )
            finally:
                for server in servers:
                    server.kill()


def listening(database_url: str) -> list[tuple[int, str]]:
    """The server's connections to this test's database whose last statement was a
    LISTEN: (backend pid, statement)."""
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT pid, query FROM pg_stat_activity"
            " WHERE datname = current_database() AND query ILIKE 'LISTEN%'"
        ).fetchall()
    return sorted((int(pid), str(query)) for pid, query in rows)


def test_new_live_sockets_do_not_stall_the_listener(pg: dict[str, Any]) -> None:
    """30 sockets on 30 games, opened one after another: each subscribes without a new
    LISTEN (Litestar's own backend LISTENed per game channel, stopping and restarting
    the listener each time: ~0.1 s per socket with all live updates of the process
    stalled meanwhile). Checked on PostgreSQL's side, not by the clock: one connection
    LISTENs on the one channel, before and after, and every socket stays live."""
    with ThreadServer(make_settings(pg)) as srv, srv.client() as client:
        before = listening(pg["database_url"])
        assert [query for _pid, query in before] == ['LISTEN "kifu"'], before
        tables = [Table(client, 2) for _ in range(30)]
        sockets = []
        for table in tables:
            url = f"ws://127.0.0.1:{srv.port}/api/games/{table.id}/live?token={table.tokens[1]}"
            sock = connect(url, open_timeout=10)
            assert json.loads(sock.recv(timeout=10))["type"] == "hello"
            sockets.append(sock)
        try:
            assert listening(pg["database_url"]) == before
            for table, sock in [(tables[0], sockets[0]), (tables[-1], sockets[-1])]:
                view = table.view(0)
                table.seq = view["seq"]
                assert table.move(0, view["legal_moves"][0]).status_code == 201
                assert json.loads(sock.recv(timeout=10))["seq"] == 1  # still live
        finally:
            for sock in sockets:
                sock.close()
