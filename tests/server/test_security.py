"""Hidden information never leaks, over HTTP and WebSocket, in whole random games.

Each game is played by random legal moves from three seats while every seat and
a spectator hold a live WebSocket. Every HTTP response and every WebSocket
message is kept; at the end the shared (full) record is replayed to know the
truth, and each message is checked against what its reader may see: its own
hand only, other seats' draws redacted, no deck order, no seed before the end.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
from typing import Any

import httpx
import msgspec
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from core.kernel import Record, Timeline
from tests.kernel.fixture_game import GAME
from tests.server.conftest import Table, ThreadServer

pytestmark = pytest.mark.timeout(180)


class Listener:
    """A WebSocket reader in a thread, keeping every message."""

    def __init__(self, url: str) -> None:
        self.messages: list[str] = []
        self.stack = contextlib.ExitStack()
        self.socket = self.stack.enter_context(connect(url, open_timeout=10))
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            for message in self.socket:
                assert isinstance(message, str)
                self.messages.append(message)
                data = json.loads(message)
                if data.get("outcome") is not None:
                    self.done.set()
        except Exception:
            pass
        finally:
            self.done.set()

    def close(self) -> None:
        self.stack.close()
        self.thread.join(timeout=5)


def ws_url(server: ThreadServer, game_id: str, token: str, since: int = 0) -> str:
    return f"ws://127.0.0.1:{server.port}/api/games/{game_id}/live?token={token}&since={since}"


def walk(node: Any) -> Any:
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def check_message(text: str, seat: int | None, seed: int, truth: Timeline[Any, Any, Any]) -> None:
    assert str(seed) not in text, "the seed leaked before the game ended"
    data = json.loads(text)
    for node in walk(data):
        if not isinstance(node, dict):
            continue
        assert "deck" not in node and "hands" not in node and "rng" not in node
        if node.get("type") == "drew" and node.get("seat") != seat:
            assert node["card"] is None, f"seat {seat} saw another seat's draw"
        if "seed" in node and "seed_hash" in node:
            assert node["seed"] is None
        if "hand_sizes" in node and seat is None:  # a spectator's view
            assert node["hand"] is None
    # views with a seq: the hand shown is exactly that seat's hand then
    seq = data.get("seq")
    view = data.get("view")
    if isinstance(view, dict) and isinstance(seq, int) and seat is not None:
        state = truth.state_at(seq)
        assert view["hand"] == sorted(state.hands[seat])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_never_leak(server: ThreadServer, seed: int) -> None:
    rng = random.Random(seed)
    with server.client() as client:
        table = Table(client, players=3, options={"deck_size": 16, "hand_size": 2})
        seats: list[int | None] = [0, 1, 2, None]
        listeners = {
            seat: Listener(ws_url(server, table.id, table.auth(seat)["Authorization"][7:]))
            for seat in seats
        }
        seen: list[tuple[int | None, str]] = []
        try:
            for _ in range(300):
                views = {seat: table.view(seat) for seat in seats}
                for seat, view in views.items():
                    seen.append((seat, json.dumps(view)))
                mover = next((s for s in (0, 1, 2) if views[s]["legal_moves"]), None)
                if mover is None:
                    break
                move = rng.choice(views[mover]["legal_moves"])
                response = table.move(mover, move, expected_seq=views[mover]["seq"])
                assert response.status_code == 201, response.text
                if response.json()["outcome"] is None:
                    seen.append((mover, response.text))
                if rng.random() < 0.3:
                    peek = rng.choice(seats)
                    since = max(0, table.seq - 3)
                    record = client.get(
                        f"/api/games/{table.id}/record?since={since}", headers=table.auth(peek)
                    )
                    if not record.json()["over"]:
                        seen.append((peek, record.text))
                    summary = client.get(f"/api/games/{table.id}", headers=table.auth(peek))
                    seen.append((peek, summary.text))
                if rng.random() < 0.2:  # an illegal move, a conflict: their problems leak nothing
                    other = rng.choice([s for s in (0, 1, 2) if s != mover])
                    bad = table.move(other, {"type": "pass"}, expected_seq=table.seq - 1)
                    assert bad.status_code == 409
                    seen.append((other, bad.text))
            else:
                pytest.fail("the game did not end")
            for listener in listeners.values():
                assert listener.done.wait(30)
        finally:
            for listener in listeners.values():
                listener.close()
        final = client.post(f"/api/games/{table.id}/share", headers=table.auth(0)).json()
        shared = client.get(final["path"]).json()
    record = msgspec.convert(shared["record"], Record[GAME.move_type, GAME.event_type])  # type: ignore[name-defined]
    truth: Timeline[Any, Any, Any] = Timeline(GAME, record)
    seed_value = record.genesis.seed
    assert isinstance(seed_value, int)
    over_seq = truth.seq
    for seat, text in seen:
        data = json.loads(text)
        if data.get("over") or data.get("outcome"):
            continue
        check_message(text, seat, seed_value, truth)
    for seat, listener in listeners.items():
        msgs = [json.loads(m) for m in listener.messages]
        assert msgs[0]["type"] == "hello"
        entries = [m for m in msgs if m["type"] == "entry"]
        # every entry exactly once, in order, to every subscriber
        assert [m["seq"] for m in entries] == list(range(msgs[0]["seq"] + 1, over_seq + 1))
        for text, message in zip(listener.messages, msgs, strict=True):
            if message.get("outcome") is None:
                check_message(text, seat, seed_value, truth)


def test_seat_tokens_are_confined(server: ThreadServer) -> None:
    with server.client() as client:
        table, other = Table(client), Table(client)
        card = table.view(0)["legal_moves"][0]
        # seat 1's token cannot move for seat 0, even naming seat 0
        assert table.move(1, card, seat=0).status_code == 403
        assert table.move(1, card).json()["code"] == "not-your-turn"
        # another game's token is unknown here, even with the same seat number
        response = client.post(
            f"/api/games/{table.id}/moves",
            json={"move_id": "x", "expected_seq": 0, "move": card},
            headers=other.auth(0),
        )
        assert response.status_code == 401
        # invite codes are not tokens
        invite = table.created["invites"][0]["code"]
        response = client.get(
            f"/api/games/{table.id}/view", headers={"Authorization": f"Bearer {invite}"}
        )
        assert response.status_code == 401
        # the live socket refuses bad tokens
        with connect(ws_url(server, table.id, "nope")) as socket:
            with pytest.raises(ConnectionClosed):
                socket.recv(timeout=5)
            assert socket.close_code == 4401
        with connect(ws_url(server, "g-missing", table.tokens[0])) as socket:
            with pytest.raises(ConnectionClosed):
                socket.recv(timeout=5)
            assert socket.close_code == 4404


def test_live_socket_resumes_and_pongs(server: ThreadServer) -> None:
    with server.client() as client:
        table = Table(client)
        for _ in range(3):
            assert table.play_one() is not None
        url = ws_url(server, table.id, table.tokens[1], since=1)
        with connect(url) as socket:
            hello = json.loads(socket.recv(timeout=5))
            assert hello["type"] == "hello" and hello["seq"] == 3
            assert [e["seq"] for e in hello["entries"]] == [2, 3]
            socket.send(json.dumps({"type": "ping"}))
            assert json.loads(socket.recv(timeout=5)) == {"type": "pong"}
            assert table.play_one() is not None
            pushed = json.loads(socket.recv(timeout=5))
            assert pushed["type"] == "entry" and pushed["seq"] == 4
            assert pushed["view"]["hand"] == table.view(1)["view"]["hand"]
        _ = httpx
