"""Live sockets an anonymous client can hold open: readers that never read, and
how many sockets one address may have.

Loopback only; every loop is bounded in moves and in seconds.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import core.games
import server.live
from tests.kernel.fixture_game import HighCard
from tests.server.conftest import Table, ThreadServer, make_settings
from tests.server.test_resources import latency_status, sqlite

pytestmark = pytest.mark.timeout(120)


class WideView(msgspec.Struct):
    hand: list[int] | None
    hand_sizes: list[int]
    deck_size: int
    scores: list[int]
    current: int
    phase: str
    padding: str


class WideHighCard(HighCard):
    """High Card whose views weigh 48 KiB: a socket's buffers fill after a few dozen
    entries rather than thousands, so a test of slow readers stays short."""

    info = msgspec.structs.replace(HighCard.info, id="high-card-wide")
    view_type = WideView

    def view(self, state: Any, seat: int | None) -> WideView:  # type: ignore[override]
        base = super().view(state, seat)
        return WideView(**msgspec.structs.asdict(base), padding="x" * 48 * 1024)


@pytest.fixture
def wide_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered for one test only: the whole suite runs in shared processes, and
    tests elsewhere walk every registered game."""
    monkeypatch.setitem(core.games._LOADED, "high-card-wide", WideHighCard())


def silent_socket(port: int, path: str, source: str = "127.0.0.1") -> socket.socket:
    """A WebSocket opened by hand over a socket with a 1 KiB receive buffer that,
    after the handshake, is never read: a reader that stalls forever."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.bind((source, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return sock


def open_sockets(srv: ThreadServer) -> int:
    counts: dict[tuple[str, str], int] = srv.app.state.sockets.open
    return sum(n for (kind, _), n in counts.items() if kind == "address")


@pytest.mark.usefixtures("wide_game")
def test_readers_that_never_read_are_dropped_and_the_server_stays_responsive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """20 spectators that never read while moves are made: each is closed once a
    message waits longer than the send timeout, /health answers fast throughout, and
    a spectator that reads gets every entry."""
    monkeypatch.setattr(server.live, "SEND_TIMEOUT", 0.5)
    settings = make_settings(sqlite(tmp_path), sockets_per_token=30, sockets_per_address=30)
    with ThreadServer(settings) as srv, srv.client() as client:
        table = Table(client, 2, game="high-card-wide")
        path = f"/api/games/{table.id}/live?token={table.spectator}"
        silent = [silent_socket(srv.port, path) for _ in range(20)]
        with connect(f"ws://127.0.0.1:{srv.port}{path}", open_timeout=10) as reader:
            assert json.loads(reader.recv(timeout=10))["type"] == "hello"
            deadline = time.monotonic() + 60
            health: list[float] = []
            rounds = 0
            while open_sockets(srv) > 1 and rounds < 400 and time.monotonic() < deadline:
                assert latency_status(client, table) is None
                rounds += 1  # a move and its take-back: two entries
                assert [m["seq"] for m in drain(reader, 2)] == [2 * rounds - 1, 2 * rounds]
                start = time.perf_counter()
                assert client.get("/health").status_code == 200
                health.append(time.perf_counter() - start)
            assert open_sockets(srv) == 1, f"{open_sockets(srv) - 1} silent sockets open"
            assert rounds < 200, rounds  # each was dropped once its buffers were full
            assert max(health) < 0.5, max(health)
            # the reader is still served after the others were dropped
            assert latency_status(client, table) is None
            assert [m["seq"] for m in drain(reader, 2)] == [2 * rounds + 1, 2 * rounds + 2]
        for sock in silent:
            sock.close()


def drain(reader: ClientConnection, count: int) -> Iterator[dict[str, Any]]:
    for _ in range(count):
        yield json.loads(reader.recv(timeout=10))


def test_an_address_gets_at_most_sockets_per_address_live_sockets(tmp_path: Path) -> None:
    """Three sockets with three different tokens fill an address's cap of 3: a fourth,
    with a token of its own, is closed with 4429; another address is still let in,
    and a closed socket frees its place."""
    settings = make_settings(sqlite(tmp_path), sockets_per_address=3, sockets_per_token=8)
    with ThreadServer(settings) as srv, srv.client() as client:
        table, other = Table(client, 2), Table(client, 2)
        base = f"ws://127.0.0.1:{srv.port}/api/games"

        def url(game: Table, token: str) -> str:
            return f"{base}/{game.id}/live?token={token}"

        urls = [
            url(table, table.spectator),
            url(table, table.tokens[0]),
            url(table, table.tokens[1]),
        ]
        with contextlib.ExitStack() as stack:
            kept = [stack.enter_context(connect(u, open_timeout=10)) for u in urls]
            for sock in kept:
                assert json.loads(sock.recv(timeout=10))["type"] == "hello"
            with connect(url(other, other.spectator), open_timeout=10) as extra:
                with pytest.raises(ConnectionClosed):
                    extra.recv(timeout=10)
                assert extra.close_code == 4429
            elsewhere = socket.create_connection(
                ("127.0.0.1", srv.port), source_address=("127.0.0.2", 0)
            )
            with connect(url(other, other.spectator), sock=elsewhere, open_timeout=10) as sock:
                assert json.loads(sock.recv(timeout=10))["type"] == "hello"
            kept[0].close()
            deadline = time.monotonic() + 10
            while open_sockets(srv) > 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            with connect(url(other, other.spectator), open_timeout=10) as again:
                assert json.loads(again.recv(timeout=10))["type"] == "hello"


def test_a_client_message_larger_than_the_socket_takes_closes_it(tmp_path: Path) -> None:
    """A live socket only takes pings: a 1 MiB message (uvicorn alone would take 16 MiB
    and the handler decode it) closes the socket with 1009 'message too big', and the
    next socket is served."""
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as client:
        table = Table(client, 2)
        url = f"ws://127.0.0.1:{srv.port}/api/games/{table.id}/live?token={table.spectator}"
        with connect(url, open_timeout=10, max_size=None) as sock:
            assert json.loads(sock.recv(timeout=10))["type"] == "hello"
            sock.send(json.dumps({"type": "ping", "padding": "x" * 1024 * 1024}))
            with pytest.raises(ConnectionClosed):
                sock.recv(timeout=10)
            assert sock.close_code == 1009
        with connect(url, open_timeout=10) as sock:
            assert json.loads(sock.recv(timeout=10))["type"] == "hello"
            sock.send(json.dumps({"type": "ping"}))
            assert json.loads(sock.recv(timeout=10)) == {"type": "pong"}
