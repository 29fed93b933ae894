"""Bot seats of hosted games: the server plays them, stores them, sends them live."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import httpx
import msgspec
import pytest

from core.kernel import Record, encode_compact, verify
from core.kernel.compact import counted_id
from server.store import open_store, record_uuid
from tests.kernel.fixture_game import GAME
from tests.server.conftest import ThreadServer, make_settings
from tests.server.test_api import problem
from tests.server.test_security import Listener, ws_url

pytestmark = pytest.mark.timeout(120)

# No draws (the deal empties the deck): every turn is "play a card, then pass",
# nothing is revealed, so casual take-backs are never refused for a reveal.
NO_DRAWS = {"deck_size": 4, "hand_size": 2}


class BotTable:
    """A hosted game with bot seats; every person's seat claimed."""

    def __init__(self, client: httpx.Client, players: int, bots: dict[int, str], **create: Any):
        self.client = client
        body = {"game": "high-card", "players": players, "bots": bots, **create}
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        self.created = response.json()
        self.id: str = self.created["game_id"]
        self.tokens: dict[int, str] = {}
        for invite in self.created["invites"]:
            claimed = client.post(f"/api/games/{self.id}/seats", json={"code": invite["code"]})
            assert claimed.status_code == 201, claimed.text
            self.tokens[claimed.json()["seat"]] = claimed.json()["token"]

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def get(self, path: str, seat: int) -> dict[str, Any]:
        response = self.client.get(f"/api/games/{self.id}{path}", headers=self.auth(seat))
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def post(self, path: str, seat: int, body: dict[str, Any]) -> httpx.Response:
        return self.client.post(f"/api/games/{self.id}{path}", json=body, headers=self.auth(seat))

    def move(self, seat: int, move: dict[str, Any], n: int) -> dict[str, Any]:
        seq = self.get("/view", seat)["seq"]
        body = {"move_id": f"m-{n}", "expected_seq": seq, "move": move}
        response = self.post("/moves", seat, body)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def full_record(self, seat: int) -> Record[Any, Any]:
        shared = self.client.get(self.post("/share", seat, {}).json()["path"]).json()
        return msgspec.convert(shared["record"], Record[GAME.move_type, GAME.event_type])  # type: ignore[name-defined]


def server_made(move_id: str) -> bool:
    """An id the server made for a bot: 16 hex digits (the person's here are "m-<n>")."""
    return counted_id(move_id) is not None


def is_bot_entry(entry: dict[str, Any]) -> bool:
    return server_made(str(entry["move_id"]))


def test_bots_play_until_a_person_is_to_move_and_to_the_end(client: httpx.Client) -> None:
    table = BotTable(client, 3, {"0": "random", "2": "random"}, names=["", "Aki"])
    assert [i["seat"] for i in table.created["invites"]] == [1]  # bot seats get no invite
    summary = table.get("", 1)
    assert [(s["seat"], s["bot"], s["claimed"]) for s in summary["seats"]] == [
        (0, "random", False),
        (1, None, True),
        (2, "random", False),
    ]
    # Seat 0 (a bot) starts: its play and its draw/pass were made at creation.
    assert summary["seq"] == 2 and summary["to_move"] == [1]
    entries = table.get("/record", 1)["entries"]
    assert [(e["seat"], is_bot_entry(e)) for e in entries] == [(0, True), (0, True)]

    # The person plays the whole game through the API; the bots answer each time.
    n = 0
    while not (view := table.get("/view", 1))["over"]:
        assert view["to_move"] == [1] and view["legal_moves"]
        n += 1
        accepted = table.move(1, view["legal_moves"][0], n)
        assert accepted["seq"] >= accepted["entry"]["seq"]
        assert n < 100
    record = table.full_record(1)
    assert verify(GAME, record) is None  # bot entries are ordinary, verifiable entries
    seats = {e.seat for e in record.entries if server_made(e.move_id)}
    assert seats == {0, 2}
    assert all(e.seat == 1 for e in record.entries if not server_made(e.move_id))
    # the bots' ids count up, so the compact record stores each after the first as nil
    bot_ids = [int(e.move_id, 16) for e in record.entries if server_made(e.move_id)]
    assert all(b == (a + 1) % 2**64 for a, b in itertools.pairwise(bot_ids)), bot_ids
    rows = msgspec.msgpack.decode(encode_compact(GAME, record))[6][1]
    stored = [row[1] for row, e in zip(rows, record.entries, strict=True) if server_made(e.move_id)]
    assert stored[0] == bot_ids[0].to_bytes(8, "big") and set(stored[1:]) == {None}
    assert table.get("", 1)["outcome"] is not None


def test_bad_bot_tables_change_nothing(client: httpx.Client) -> None:
    def create(bots: Any, players: int = 2) -> httpx.Response:
        return client.post(
            "/api/games", json={"game": "high-card", "players": players, "bots": bots}
        )

    body = problem(create({"1": "greedy"}), 422, "unknown-bot")
    assert "'greedy'" in body["detail"] and "random" in body["detail"]
    problem(create({"2": "random"}), 400, "bad-request")
    problem(create({"-1": "random"}), 400, "bad-request")
    problem(create({"x": "random"}), 400, "bad-request")
    problem(create(["random"]), 400, "bad-request")
    problem(create({"0": "random", "1": "random"}), 422, "bad-setup")
    problem(create({"0": "random"}, players=1), 422, "bad-setup")


def test_bot_seats_cannot_be_claimed_or_played_for(client: httpx.Client) -> None:
    created = client.post(
        "/api/games", json={"game": "high-card", "players": 2, "bots": {"0": "random"}}
    ).json()
    gid = created["game_id"]
    assert [i["seat"] for i in created["invites"]] == [1]
    for code in ("", " "):
        assert client.post(f"/api/games/{gid}/seats", json={"code": code}).status_code in (400, 404)
    problem(client.post(f"/api/games/{gid}/seats", json={"code": "bot"}), 404, "not-found")
    code = created["invites"][0]["code"]
    token = client.post(f"/api/games/{gid}/seats", json={"code": code}).json()["token"]
    problem(client.post(f"/api/games/{gid}/seats", json={"code": code}), 409, "seat-taken")
    auth = {"Authorization": f"Bearer {token}"}
    move = {"move_id": "x", "move": {"type": "pass"}, "seat": 0}
    problem(client.post(f"/api/games/{gid}/moves", json=move, headers=auth), 403, "forbidden")
    summary = client.get(f"/api/games/{gid}", headers=auth).json()
    assert summary["seats"][0] == {"seat": 0, "claimed": False, "name": "", "bot": "random"}


def test_undo_against_a_bot_gives_the_person_their_turn_back(client: httpx.Client) -> None:
    table = BotTable(client, 2, {"1": "random"}, options=NO_DRAWS)
    view = table.get("/view", 0)
    card = view["legal_moves"][0]
    table.move(0, card, 1)  # seq 1: play a card
    accepted = table.move(0, {"type": "pass"}, 2)  # seq 2: pass; the bot plays 3 and passes 4
    assert accepted["seq"] == 4
    assert table.get("/view", 0)["to_move"] == [0]
    # The kernel's own undo target (seq 3) has the bot to move: it would only move
    # again. The server goes back past the bot's replies to the person's last step.
    undo = table.post("/takebacks", 0, {"move_id": "u-1", "expected_seq": 4, "to_seq": None})
    assert undo.status_code == 201, undo.text
    assert undo.json()["entry"]["to_seq"] == 1 and undo.json()["seq"] == 5
    after = table.get("/view", 0)
    assert after["to_move"] == [0] and after["legal_moves"] == [{"type": "pass"}]
    assert after["view"]["hand_sizes"] == [1, 2]
    # Again: back to the start, the card in hand again; still the person's turn.
    undo = table.post("/takebacks", 0, {"move_id": "u-2", "expected_seq": 5, "to_seq": None})
    assert undo.status_code == 201 and undo.json()["entry"]["to_seq"] == 0
    assert table.get("/view", 0)["legal_moves"] == view["legal_moves"]
    # An explicit target where the bot is to move: the bot moves right away.
    table.move(0, card, 3)
    table.move(0, {"type": "pass"}, 4)  # seq 8, 9 (bot play), 10 (bot pass)
    back = table.post("/takebacks", 0, {"move_id": "u-3", "expected_seq": 10, "to_seq": 8})
    assert back.status_code == 201 and back.json()["seq"] == 13  # take-back, bot play, pass
    assert table.get("/view", 0)["to_move"] == [0]


def test_nothing_of_the_persons_to_undo_is_refused(client: httpx.Client) -> None:
    table = BotTable(client, 2, {"0": "random"}, options=NO_DRAWS)
    assert table.get("/view", 1)["seq"] == 2  # the bot's play and pass
    undo = table.post("/takebacks", 1, {"move_id": "u", "expected_seq": 2})
    problem(undo, 422, "takeback-nothing")
    assert table.get("/view", 1)["seq"] == 2


def test_live_updates_carry_the_bots_moves(server: ThreadServer) -> None:
    with server.client() as client:
        table = BotTable(client, 2, {"1": "random"}, options=NO_DRAWS)
        listener = Listener(ws_url(server, table.id, table.tokens[0]))
        try:
            deadline = time.monotonic() + 10
            while not listener.messages and time.monotonic() < deadline:
                time.sleep(0.01)  # moves after the hello, so they come as live entries
            n = 0
            while not (view := table.get("/view", 0))["over"]:
                n += 1
                table.move(0, view["legal_moves"][0], n)
            assert listener.done.wait(30)
        finally:
            listener.close()
        final = table.get("/view", 0)["seq"]
    messages = [json.loads(m) for m in listener.messages]
    assert messages[0]["type"] == "hello" and messages[0]["seq"] == 0
    entries = [m for m in messages if m["type"] == "entry"]
    assert [m["seq"] for m in entries] == list(range(1, final + 1))
    bot_moves = [m for m in entries if m["entry"]["seat"] == 1]
    assert bot_moves and all(is_bot_entry(m["entry"]) for m in bot_moves)


def test_tables_stored_before_bots_existed_still_load(backend: dict[str, Any]) -> None:
    """No BotsSeated event: an aggregate without `bots` has no bot seats."""
    with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
        table = BotTable(client, 2, {})
        table.move(0, table.get("/view", 0)["legal_moves"][0], 1)
    store = open_store(backend["data_dir"], backend["database_url"])
    try:
        agg: Any = store.repository.get(record_uuid(table.id))
        del agg.bots, agg.bot_seed  # as an aggregate made before bots existed
        assert agg.bot_seats() == {}
    finally:
        store.close()
    with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
        table.client = client
        summary = table.get("", 0)
        assert [s["bot"] for s in summary["seats"]] == [None, None] and summary["seq"] == 1
        table.move(0, {"type": "pass"}, 2)
        assert table.get("/view", 1)["to_move"] == [1]  # nobody played for seat 1
