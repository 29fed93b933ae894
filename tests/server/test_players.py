"""A player across devices (issue #36, server/players.py): devices linked by one-time
codes, the library a second device lists and continues, tokens granted per device and
revoked with it; and what an attacker tries. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from core.kernel import encode_record
from server.players import normalize_code
from server.store import player_uuid
from tests.server.conftest import Table, ThreadServer, make_settings
from tests.server.test_api import builtins, extend, local_record, problem

pytestmark = pytest.mark.timeout(120)
CODE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_player(client: httpx.Client, name: str = "Phone") -> dict[str, Any]:
    response = client.post("/api/players", json={"device_name": name})
    assert response.status_code == 201, response.text
    return response.json()


def link_code(client: httpx.Client, device: dict[str, Any]) -> str:
    response = client.post(
        f"/api/players/{device['player_id']}/link-codes", headers=auth(device["device_token"])
    )
    assert response.status_code == 201, response.text
    code: str = response.json()["code"]
    return code


def link(client: httpx.Client, code: str, name: str = "Laptop") -> httpx.Response:
    return client.post("/api/link", json={"code": code, "device_name": name})


def second_device(client: httpx.Client, first: dict[str, Any]) -> dict[str, Any]:
    joined = link(client, link_code(client, first))
    assert joined.status_code == 201, joined.text
    body: dict[str, Any] = joined.json()
    return body


def games(client: httpx.Client, device: dict[str, Any]) -> httpx.Response:
    return client.get(
        f"/api/players/{device['player_id']}/games", headers=auth(device["device_token"])
    )


def keep(client: httpx.Client, device: dict[str, Any], **body: Any) -> httpx.Response:
    return client.put(
        f"/api/players/{device['player_id']}/games",
        json=body,
        headers=auth(device["device_token"]),
    )


def grant(client: httpx.Client, device: dict[str, Any], key: str) -> httpx.Response:
    return client.post(
        f"/api/players/{device['player_id']}/games/{key}/token",
        headers=auth(device["device_token"]),
    )


def upload(client: httpx.Client, moves: int = 3) -> tuple[str, str, Any]:
    record_id = f"rec-{uuid.uuid4().hex[:8]}"
    timeline = local_record(record_id, moves)
    stored = client.post("/api/records", content=encode_record(timeline.record))
    assert stored.status_code == 201, stored.text
    return record_id, stored.json()["owner_token"], timeline


def seat_move(client: httpx.Client, table: Table, token: str) -> httpx.Response:
    """A move by the seat `token` holds (the other seat moves first while it may)."""
    for _ in range(6):
        view = client.get(f"/api/games/{table.id}/view", headers=auth(token)).json()
        if view["legal_moves"]:
            return client.post(
                f"/api/games/{table.id}/moves",
                json={
                    "move_id": uuid.uuid4().hex,
                    "expected_seq": view["seq"],
                    "move": view["legal_moves"][0],
                },
                headers=auth(token),
            )
        other = table.view(1)
        table.seq = other["seq"]
        assert table.move(1, other["legal_moves"][0]).status_code == 201
    raise AssertionError("the seat never had a move")


def test_codes_normalize_as_crockford_reads_them() -> None:
    assert normalize_code("abcd-efgh") == "ABCDEFGH"
    assert normalize_code(" o0Ii Ll-9z ") == "0011119Z"


def test_a_second_device_joins_by_code(client: httpx.Client) -> None:
    first = new_player(client, "  Phone  ")
    assert first["player_id"].startswith("p-") and first["device_id"].startswith("d-")
    devices = client.get(
        f"/api/players/{first['player_id']}/devices", headers=auth(first["device_token"])
    ).json()["devices"]
    assert [(d["device_id"], d["name"], d["current"]) for d in devices] == [
        (first["device_id"], "Phone", True)
    ]

    response = client.post(
        f"/api/players/{first['player_id']}/link-codes", headers=auth(first["device_token"])
    )
    assert response.status_code == 201
    code, expires_at = response.json()["code"], response.json()["expires_at"]
    assert CODE.match(code), code
    assert abs(expires_at - (time.time() * 1000 + 600_000)) < 60_000
    typed = code.lower().replace("-", " ").replace("0", "o").replace("1", "i")
    joined = link(client, f"  {typed[:2]}-{typed[2:]} ", "Laptop")
    assert joined.status_code == 201, joined.text
    second = joined.json()
    assert second["player_id"] == first["player_id"]
    assert second["device_id"] != first["device_id"]
    assert second["device_token"] != first["device_token"]

    listed = client.get(
        f"/api/players/{first['player_id']}/devices", headers=auth(second["device_token"])
    ).json()["devices"]
    assert [(d["name"], d["current"]) for d in listed] == [("Phone", False), ("Laptop", True)]
    assert all(isinstance(d["added_at"], int) for d in listed)

    # a code works once
    used = problem(link(client, code), 404, "link-code-invalid")
    assert used["detail"] == "This code is wrong, used or expired."
    # L reads as 1 too, and a long name is cut to what a name shows
    code = link_code(client, first).replace("1", "L")
    third = link(client, code, "a" * 60)
    assert third.status_code == 201, third.text
    names = [
        d["name"]
        for d in client.get(
            f"/api/players/{first['player_id']}/devices", headers=auth(first["device_token"])
        ).json()["devices"]
    ]
    assert names[-1] == "a" * 32


def test_the_library_travels_to_the_second_device(
    server: ThreadServer, client: httpx.Client
) -> None:
    first = new_player(client)
    table = Table(client)
    hosted = keep(
        client,
        first,
        kind="hosted",
        game_id=table.id,
        token=table.tokens[0],
        meta={"title": "High card", "names": ["me", "you"]},
    )
    assert hosted.status_code == 200, hosted.text
    hosted_key = hosted.json()["key"]
    assert hosted_key == f"h:{table.id}:0"
    record_id, owner, timeline = upload(client)
    local = keep(client, first, kind="local", record_id=record_id, token=owner, meta={"t": 1})
    assert local.status_code == 200, local.text
    local_key = local.json()["key"]
    assert local_key == f"l:{record_id}"

    # the same key and meta again stores nothing; changed meta does
    store = server.app.state.service.store
    count = len(list(store.events.get(player_uuid(first["player_id"]))))
    again = keep(client, first, kind="local", record_id=record_id, token=owner, meta={"t": 1})
    assert again.json()["key"] == local_key
    assert len(list(store.events.get(player_uuid(first["player_id"])))) == count
    keep(client, first, kind="local", record_id=record_id, token=owner, meta={"t": 2})
    assert len(list(store.events.get(player_uuid(first["player_id"])))) == count + 1

    second = second_device(client, first)
    listed = games(client, second)
    assert listed.status_code == 200, listed.text
    rows = listed.json()["games"]
    assert [row["key"] for row in rows] == [hosted_key, local_key]
    assert rows[0] == {
        "key": hosted_key,
        "kind": "hosted",
        "game_id": table.id,
        "record_id": None,
        "seat": 0,
        "meta": {"title": "High card", "names": ["me", "you"]},
        "seq": 0,
        "tip_hash": table.view(0)["tip_hash"],
        "over": False,
        "forks": [],
    }
    assert rows[1]["record_id"] == record_id and rows[1]["game_id"] is None
    assert rows[1]["seat"] is None and rows[1]["meta"] == {"t": 2}
    assert rows[1]["seq"] == 3 and rows[1]["tip_hash"] == timeline.tip_hash

    # the second device's own token plays the seat, appends to and downloads the record
    seat_token = grant(client, second, hosted_key)
    assert seat_token.status_code == 201, seat_token.text
    mine = seat_token.json()["token"]
    assert mine not in (table.tokens[0], second["device_token"])
    summary = client.get(f"/api/games/{table.id}", headers=auth(mine)).json()
    assert summary["you"] == {"role": "seat", "seat": 0}
    moved = seat_move(client, table, mine)
    assert moved.status_code == 201, moved.text
    problem(client.get(f"/api/games/{table.id}/view", headers=auth("x" * 32)), 401, "unauthorized")
    with client.stream("GET", f"/api/games/{table.id}/record", headers=auth(mine)) as pulled:
        assert pulled.status_code == 200
    live = f"ws://127.0.0.1:{server.port}/api/games/{table.id}/live?token={mine}"
    with connect(live, open_timeout=10) as sock:
        hello = json.loads(sock.recv(timeout=10))
        assert hello["type"] == "hello" and hello["seat"] == 0
        assert hello["seq"] == moved.json()["seq"]

    record_token = grant(client, second, local_key).json()["token"]
    base = timeline.tip_hash
    extend(timeline, 1, "second")
    appended = client.post(
        f"/api/records/{record_id}/entries",
        json={"expected_tip": base, "entries": builtins(timeline.record.entries[3:])},
        headers=auth(record_token),
    )
    assert appended.status_code == 200, appended.text
    download = client.get(f"/api/records/{record_id}", headers=auth(record_token))
    assert download.status_code == 200 and download.json()["seq"] == 4
    compact = client.get(f"/api/records/{record_id}/record.kifu", headers=auth(record_token))
    assert compact.status_code == 200
    problem(grant(client, second, "l:nothing-here"), 404, "not-found")

    # the first device learns both moves without downloading anything
    rows = games(client, first).json()["games"]
    assert rows[0]["seq"] == moved.json()["seq"]
    assert rows[1]["seq"] == 4 and rows[1]["tip_hash"] == timeline.tip_hash

    # a game leaves the list, nothing else changes
    dropped = client.delete(
        f"/api/players/{first['player_id']}/games/{hosted_key}", headers=auth(first["device_token"])
    )
    assert dropped.status_code == 204
    assert [row["key"] for row in games(client, second).json()["games"]] == [local_key]
    assert client.get(f"/api/games/{table.id}", headers=auth(mine)).status_code == 200


def test_a_fork_made_on_another_device_shows_in_the_library(client: httpx.Client) -> None:
    first = new_player(client)
    record_id, owner, timeline = upload(client)
    key = keep(client, first, kind="local", record_id=record_id, token=owner).json()["key"]
    second = second_device(client, first)
    token = grant(client, second, key).json()["token"]

    base = timeline.tip_hash
    on_first = local_record(record_id, 3)
    extend(on_first, 2, "first", pick=0)
    on_second = local_record(record_id, 3)
    extend(on_second, 2, "second", pick=1)
    stored = client.post(
        f"/api/records/{record_id}/entries",
        json={"expected_tip": base, "entries": builtins(on_first.record.entries[3:])},
        headers=auth(owner),
    )
    assert stored.json()["status"] == "appended"
    forked = client.post(
        f"/api/records/{record_id}/entries",
        json={"expected_tip": base, "entries": builtins(on_second.record.entries[3:])},
        headers=auth(token),
    )
    assert forked.status_code == 201, forked.text
    fork = forked.json()["fork"]

    row = games(client, first).json()["games"][0]
    assert row["seq"] == 5 and row["tip_hash"] == on_first.tip_hash
    assert row["forks"] == [
        {
            "record_id": fork["record_id"],
            "seq": 5,
            "tip_hash": on_second.tip_hash,
            "parent_seq": 3,
        }
    ]
    # the granted token holds on the fork it made, and the owner token too
    for held in (token, owner):
        got = client.get(f"/api/records/{fork['record_id']}", headers=auth(held))
        assert got.status_code == 200 and got.json()["seq"] == 5

    # a token granted after the fork holds on it too; removing the device revokes both
    later = grant(client, second, key).json()["token"]
    assert client.get(f"/api/records/{fork['record_id']}", headers=auth(later)).status_code == 200
    removed = client.delete(
        f"/api/players/{first['player_id']}/devices/{second['device_id']}",
        headers=auth(first["device_token"]),
    )
    assert removed.status_code == 204
    for held in (token, later):
        for rid in (record_id, fork["record_id"]):
            problem(client.get(f"/api/records/{rid}", headers=auth(held)), 401, "unauthorized")
    assert client.get(f"/api/records/{fork['record_id']}", headers=auth(owner)).status_code == 200


def test_a_removed_device_keeps_nothing(server: ThreadServer, client: httpx.Client) -> None:
    first = new_player(client)
    table = Table(client, players=2)
    key = keep(client, first, kind="hosted", game_id=table.id, token=table.tokens[0]).json()["key"]
    second = second_device(client, first)
    granted = grant(client, second, key).json()["token"]
    # the second device registers a seat and a record of its own
    own_table = Table(client)
    own_key = keep(
        client, second, kind="hosted", game_id=own_table.id, token=own_table.tokens[1]
    ).json()["key"]
    assert own_key == f"h:{own_table.id}:1"
    record_id, owner, _ = upload(client)
    assert keep(client, second, kind="local", record_id=record_id, token=owner).status_code == 200
    problem(
        client.delete(
            f"/api/players/{first['player_id']}/devices/d-unknown",
            headers=auth(first["device_token"]),
        ),
        404,
        "not-found",
    )

    removed = client.delete(
        f"/api/players/{first['player_id']}/devices/{second['device_id']}",
        headers=auth(first["device_token"]),
    )
    assert removed.status_code == 204
    pid = first["player_id"]
    for method, path in (
        ("GET", f"/api/players/{pid}/games"),
        ("GET", f"/api/players/{pid}/devices"),
        ("POST", f"/api/players/{pid}/link-codes"),
        ("POST", f"/api/players/{pid}/games/{key}/token"),
        ("DELETE", f"/api/players/{pid}/devices/{first['device_id']}"),
    ):
        response = client.request(method, path, headers=auth(second["device_token"]))
        problem(response, 401, "unauthorized")
    problem(
        keep(client, second, kind="hosted", game_id=table.id, token=table.tokens[0]),
        401,
        "unauthorized",
    )
    # the granted token and the tokens it registered are refused by their games
    problem(client.get(f"/api/games/{table.id}/view", headers=auth(granted)), 401, "unauthorized")
    live = f"ws://127.0.0.1:{server.port}/api/games/{table.id}/live?token={granted}"
    with connect(live, open_timeout=10) as sock, pytest.raises(ConnectionClosed):
        sock.recv(timeout=10)
    assert sock.close_code == 4401
    problem(
        client.get(f"/api/games/{own_table.id}", headers=auth(own_table.tokens[1])),
        401,
        "unauthorized",
    )
    problem(client.get(f"/api/records/{record_id}", headers=auth(owner)), 401, "unauthorized")
    # what the first device holds still works; the list shows it alone
    assert client.get(f"/api/games/{table.id}", headers=auth(table.tokens[0])).status_code == 200
    devices = client.get(f"/api/players/{pid}/devices", headers=auth(first["device_token"])).json()[
        "devices"
    ]
    assert [d["device_id"] for d in devices] == [first["device_id"]]
    # removing it again is harmless; a device may remove itself
    again = client.delete(
        f"/api/players/{pid}/devices/{second['device_id']}", headers=auth(first["device_token"])
    )
    assert again.status_code == 204
    itself = client.delete(
        f"/api/players/{pid}/devices/{first['device_id']}", headers=auth(first["device_token"])
    )
    assert itself.status_code == 204
    problem(games(client, first), 401, "unauthorized")


def test_a_socket_open_when_its_device_is_removed_gets_nothing_more(
    server: ThreadServer, client: httpx.Client
) -> None:
    """A live socket the device held open before it was removed: the next entry of the
    table closes it (4401) instead of reaching it."""
    first = new_player(client)
    table = Table(client, players=2)
    key = keep(client, first, kind="hosted", game_id=table.id, token=table.tokens[0]).json()["key"]
    second = second_device(client, first)
    granted = grant(client, second, key).json()["token"]
    live = f"ws://127.0.0.1:{server.port}/api/games/{table.id}/live?token={granted}"
    with connect(live, open_timeout=10) as sock:
        assert json.loads(sock.recv(timeout=10))["type"] == "hello"
        removed = client.delete(
            f"/api/players/{first['player_id']}/devices/{second['device_id']}",
            headers=auth(first["device_token"]),
        )
        assert removed.status_code == 204
        assert seat_move(client, table, table.tokens[0]).status_code == 201  # a new entry
        got = []
        with pytest.raises(ConnectionClosed):
            while True:
                got.append(json.loads(sock.recv(timeout=10)))
        assert [m for m in got if m.get("type") == "entry"] == [], got
    assert sock.close_code == 4401


def test_another_player_sees_and_takes_nothing(client: httpx.Client) -> None:
    alice = new_player(client)
    table = Table(client)
    key = keep(client, alice, kind="hosted", game_id=table.id, token=table.tokens[0]).json()["key"]
    record_id, owner, _ = upload(client)
    keep(client, alice, kind="local", record_id=record_id, token=owner)
    bob = new_player(client)
    pid = alice["player_id"]

    problem(client.get(f"/api/players/{pid}/games"), 401, "unauthorized")
    problem(
        client.get(f"/api/players/{pid}/games", headers={"Authorization": "Basic abc"}),
        401,
        "unauthorized",
    )
    problem(
        client.get(f"/api/players/{pid}/games", headers=auth(bob["device_token"])),
        401,
        "unauthorized",
    )
    problem(
        client.post(f"/api/players/{pid}/games/{key}/token", headers=auth(bob["device_token"])),
        401,
        "unauthorized",
    )
    problem(
        client.get("/api/players/p-0000000000000000/games", headers=auth(bob["device_token"])),
        404,
        "unknown-player",
    )
    assert games(client, bob).json() == {"games": []}
    problem(grant(client, bob, key), 404, "not-found")
    # Alice's games without their tokens: refused
    for token in (table.spectator, table.tokens[1] + "x", bob["device_token"], owner):
        problem(keep(client, bob, kind="hosted", game_id=table.id, token=token), 403, "not-yours")
    problem(
        keep(client, bob, kind="local", record_id=record_id, token=table.tokens[0]),
        403,
        "not-yours",
    )
    problem(
        keep(client, bob, kind="local", record_id=table.id, token=table.tokens[0]),
        404,
        "not-found",
    )
    problem(
        keep(client, bob, kind="hosted", game_id="g-missing", token=table.tokens[0]),
        404,
        "not-found",
    )
    assert games(client, bob).json() == {"games": []}


def test_link_codes_are_wrong_used_or_expired(backend: dict[str, Any]) -> None:
    settings = make_settings(backend, link_code_seconds=0.5)
    with ThreadServer(settings) as srv, srv.client() as client:
        first = new_player(client)
        code = link_code(client, first)
        time.sleep(0.7)
        problem(link(client, code), 404, "link-code-invalid")
        for wrong in ("ZZZZ-ZZZZ", "U000-0000", "ABC", ""):
            problem(link(client, wrong), 404, "link-code-invalid")
        devices = client.get(
            f"/api/players/{first['player_id']}/devices", headers=auth(first["device_token"])
        ).json()["devices"]
        assert len(devices) == 1


def test_guessing_codes_is_stopped(server: ThreadServer, client: httpx.Client) -> None:
    first = new_player(client)
    codes = [link_code(client, first) for _ in range(5)]
    problem(
        client.post(
            f"/api/players/{first['player_id']}/link-codes", headers=auth(first["device_token"])
        ),
        429,
        "too-many",
    )
    for _ in range(9):
        problem(link(client, "7777-7777"), 404, "link-code-invalid")
    assert link(client, codes[0]).status_code == 201  # a code that works is no failure
    problem(link(client, "7777-7777"), 404, "link-code-invalid")
    refused = problem(link(client, codes[1]), 429, "too-many")
    assert refused["status"] == 429
    assert int(client.post("/api/link", json={"code": codes[1]}).headers["retry-after"]) > 0
    # a code used up frees room for another
    assert link_code(client, first)


def test_a_code_used_twice_at_once_joins_one_device(server: ThreadServer) -> None:
    with server.client() as client:
        first = new_player(client)
        codes = [link_code(client, first) for _ in range(3)]
    barrier = threading.Barrier(2)

    def use(code: str) -> int:
        with server.client() as own:
            barrier.wait()
            return link(own, code).status_code

    with ThreadPoolExecutor(2) as pool:
        for code in codes:
            statuses = sorted(pool.map(use, [code, code]))
            assert statuses == [201, 404], statuses
    with server.client() as client:
        devices = client.get(
            f"/api/players/{first['player_id']}/devices", headers=auth(first["device_token"])
        ).json()["devices"]
    assert len(devices) == 4


def test_bad_bodies_are_refused_never_a_5xx(backend: dict[str, Any]) -> None:
    settings = make_settings(backend, library_max=1, players_per_hour=40)
    with ThreadServer(settings) as srv, srv.client() as client:
        first = new_player(client)
        pid = first["player_id"]
        table = Table(client)
        huge = "x" * 100_000
        bodies: list[tuple[str, str, Any]] = [
            ("POST", "/api/players", []),
            ("POST", "/api/players", {"device_name": 5}),
            ("POST", "/api/players", {"device_name": "x" * 61}),
            ("POST", "/api/players", {"device_name": "a\nb"}),
            ("POST", "/api/players", {"device_name": "x", "extra": 1}),
            ("POST", "/api/link", {}),
            ("POST", "/api/link", {"code": 123}),
            ("POST", "/api/link", {"code": huge}),
            ("POST", "/api/link", {"code": None, "device_name": huge}),
            ("PUT", f"/api/players/{pid}/games", {}),
            ("PUT", f"/api/players/{pid}/games", {"kind": "other", "token": "x"}),
            ("PUT", f"/api/players/{pid}/games", {"kind": "hosted", "token": "x"}),
            ("PUT", f"/api/players/{pid}/games", {"kind": "local", "token": "x", "meta": []}),
            ("PUT", f"/api/players/{pid}/games", {"kind": "hosted", "game_id": huge, "token": "x"}),
            ("PUT", f"/api/players/{pid}/games", {"kind": "hosted", "game_id": "g", "token": huge}),
            ("PUT", f"/api/players/{pid}/games", {"kind": "hosted", "game_id": 5, "token": "x"}),
            ("PUT", f"/api/players/{pid}/games", "not an object"),
        ]
        for method, path, body in bodies:
            response = client.request(method, path, json=body, headers=auth(first["device_token"]))
            assert 400 <= response.status_code < 500, (path, body, response.text)
            assert response.headers["content-type"].startswith("application/problem+json")
        raw = client.post("/api/link", content=b"{not json")
        assert raw.status_code == 400
        for path in ("/api/players/%00/games", f"/api/players/{pid}/games/%FF%FE/token"):
            assert client.post(path, headers=auth(first["device_token"])).status_code < 500

        too_big = {"title": "x" * 4100}
        problem(
            keep(
                client, first, kind="hosted", game_id=table.id, token=table.tokens[0], meta=too_big
            ),
            413,
            "meta-too-large",
        )
        assert (
            keep(client, first, kind="hosted", game_id=table.id, token=table.tokens[0]).status_code
            == 200
        )
        problem(
            keep(client, first, kind="hosted", game_id=table.id, token=table.tokens[1]),
            429,
            "library-full",
        )
        # new players are counted per address
        for _ in range(39):
            client.post("/api/players", json={"device_name": "x"})
        problem(client.post("/api/players", json={"device_name": "x"}), 429, "quota-exceeded")


def test_two_processes_agree(backend: dict[str, Any]) -> None:
    """Two servers on one store (two processes of one deployment, each with its own
    caches): a code used on both at once joins one device; a device removed on one is
    refused by a game the other had in memory, its next move included."""
    with (
        ThreadServer(make_settings(backend)) as one,
        ThreadServer(make_settings(backend)) as other,
        one.client() as a,
        other.client() as b,
    ):
        first = new_player(a)
        table = Table(a)
        key = keep(a, first, kind="hosted", game_id=table.id, token=table.tokens[0]).json()["key"]
        record_id, owner, timeline = upload(a)
        local_key = keep(a, first, kind="local", record_id=record_id, token=owner).json()["key"]
        barrier = threading.Barrier(2)

        def use(pair: tuple[ThreadServer, str]) -> int:
            srv, code = pair
            with srv.client() as own:
                barrier.wait()
                return link(own, code).status_code

        with ThreadPoolExecutor(2) as pool:
            for _ in range(3):
                code = link_code(a, first)
                statuses = sorted(pool.map(use, [(one, code), (other, code)]))
                assert statuses == [201, 404], statuses
        second = second_device(b, first)
        seat_token = grant(b, second, key).json()["token"]
        record_token = grant(b, second, local_key).json()["token"]
        assert b.get(f"/api/games/{table.id}/view", headers=auth(seat_token)).status_code == 200
        assert b.get(f"/api/records/{record_id}", headers=auth(record_token)).status_code == 200

        removed = a.delete(
            f"/api/players/{first['player_id']}/devices/{second['device_id']}",
            headers=auth(first["device_token"]),
        )
        assert removed.status_code == 204
        problem(games(b, second), 401, "unauthorized")
        # the other server's copy of the game is a version behind: the move finds out
        view = a.get(f"/api/games/{table.id}/view", headers=auth(table.tokens[0])).json()
        if not view["legal_moves"]:
            other_seat = table.view(1)
            table.seq = other_seat["seq"]
            assert table.move(1, other_seat["legal_moves"][0]).status_code == 201
            view = a.get(f"/api/games/{table.id}/view", headers=auth(table.tokens[0])).json()
        moved = b.post(
            f"/api/games/{table.id}/moves",
            json={
                "move_id": uuid.uuid4().hex,
                "expected_seq": view["seq"],
                "move": view["legal_moves"][0],
            },
            headers=auth(seat_token),
        )
        problem(moved, 401, "unauthorized")
        base = timeline.tip_hash
        extend(timeline, 1, "late")
        appended = b.post(
            f"/api/records/{record_id}/entries",
            json={"expected_tip": base, "entries": builtins(timeline.record.entries[3:])},
            headers=auth(record_token),
        )
        problem(appended, 401, "unauthorized")
        assert (
            a.get(f"/api/games/{table.id}", headers=auth(table.tokens[0])).json()["seq"]
            == (view["seq"])
        )
