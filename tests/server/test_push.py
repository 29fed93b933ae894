"""Web Push from a hosted table (issue #40), delivered through a real RFC 8030 service
(tests/server/push_receiver.py: it checks the VAPID JWT and decrypts the payload as a
browser would): the right seat hears of its turn once, in its language; nothing
hidden is ever in a payload, for any title; a gone subscription is dropped; a muted
device or a stranger gets nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from core import games
from tests.server.conftest import Table, ThreadServer, make_settings
from tests.server.push_receiver import PushService
from tests.server.test_api import problem

TITLES = games.titles()


@pytest.fixture
def service() -> Iterator[PushService]:
    with PushService() as push_service:
        yield push_service


@pytest.fixture
def server(backend: dict[str, Any]) -> Iterator[ThreadServer]:
    settings = make_settings(backend, push_hosts=["http://127.0.0.1"])
    with ThreadServer(settings) as srv:
        yield srv


def subscribe(table: Table, seat: int, body: dict[str, Any]) -> httpx.Response:
    return table.client.post(f"/api/games/{table.id}/push", json=body, headers=table.auth(seat))


def delivered(server: ThreadServer) -> None:
    server.app.state.service.pusher.drain()


def pass_turn(table: Table, seat: int) -> None:
    """High card: `seat` plays a card, then passes: the other seat's turn."""
    for kind in ("play", "pass"):
        legal = table.view(seat)["legal_moves"]
        assert table.move(seat, next(m for m in legal if m["type"] == kind)).status_code == 201


def test_a_seat_hears_of_its_turn_once_in_its_language(
    server: ThreadServer, service: PushService
) -> None:
    with server.client() as client:
        key = client.get("/api/push/key").json()["public_key"]
        table = Table(client, options={"deck_size": 40})
        zero, one = service.subscribe("zero"), service.subscribe("one")
        assert subscribe(table, 0, zero.json("en")).status_code == 204
        assert subscribe(table, 1, one.json("ja")).status_code == 204
        legal = table.view(0)["legal_moves"]
        assert table.move(0, next(m for m in legal if m["type"] == "play")).status_code == 201
        delivered(server)
        assert service.received == [], "seat 0 is still to move: nobody's turn began"
        table.move(0, {"type": "pass"})
        delivered(server)
        title_ja = games.get("high-card").info.title_ja
        assert service.of("one") == [
            {
                "kind": "turn",
                "game_id": table.id,
                "seat": 1,
                "title": title_ja,
                "text": f"{title_ja}：プレイヤー1さんがターンを終えました。あなたのターンです。",
            }
        ]
        assert service.of("zero") == [], "the mover hears nothing of its own move"
        (push,) = service.received
        assert push.key == key, "signed with the key the browser subscribed to"
        assert push.ttl > 0 and push.claims["sub"].startswith("mailto:")
        pass_turn(table, 1)
        delivered(server)
        title = games.get("high-card").info.title_en
        assert [p["text"] for p in service.of("zero")] == [
            f"Your turn in {title}: Player 2 has moved."
        ]
        assert len(service.of("one")) == 1
        assert service.refused == []


def test_a_gone_subscription_is_dropped_and_a_muted_one_hears_nothing(
    server: ThreadServer, service: PushService
) -> None:
    with server.client() as client:
        table = Table(client, options={"deck_size": 40})
        gone, muted, kept = (
            service.subscribe("gone", status=410),
            service.subscribe("muted"),
            service.subscribe("kept"),
        )
        for sub in (gone, muted, kept):
            assert subscribe(table, 1, sub.json()).status_code == 204
        unsubscribe = client.post(
            f"/api/games/{table.id}/push/unsubscribe",
            json={"endpoint": muted.endpoint},
            headers=table.auth(1),
        )
        assert unsubscribe.status_code == 204
        pass_turn(table, 0)
        delivered(server)
        assert [r.name for r in service.received] == ["kept"]
        hosted = server.app.state.service.hosted
        stored = hosted.cache.get(table.id).aggregate.push_subscriptions()
        assert set(stored) == {kept.endpoint}, "410: the push service forgot it, so do we"
        gone.status = 201  # were it back, it still gets nothing: it is no longer kept
        pass_turn(table, 1)
        pass_turn(table, 0)
        delivered(server)
        assert [r.name for r in service.received] == ["kept", "kept"]


def test_who_may_subscribe_and_where(server: ThreadServer, service: PushService) -> None:
    with server.client() as client:
        table = Table(client)
        sub = service.subscribe("s").json()
        problem(subscribe(table, None, sub), 403, "forbidden")  # a spectator has no turn
        problem(
            client.post(
                f"/api/games/{table.id}/push", json=sub, headers={"Authorization": "Bearer x"}
            ),
            401,
            "unauthorized",
        )
        elsewhere = {**sub, "endpoint": "https://example.com/push/1"}
        problem(subscribe(table, 0, elsewhere), 422, "push-endpoint")  # not a push service
        problem(subscribe(table, 0, {**sub, "endpoint": "http://10.0.0.1/x"}), 422, "push-endpoint")
        bad_keys = {**sub, "keys": {"p256dh": "short", "auth": "x"}}
        assert subscribe(table, 0, bad_keys).status_code == 400
        hosted = server.app.state.service.hosted
        hosted.push_per_seat, saved = 2, hosted.push_per_seat
        try:
            for name in ("a", "b"):
                assert subscribe(table, 0, service.subscribe(name).json()).status_code == 204
            problem(subscribe(table, 0, service.subscribe("c").json()), 409, "push-full")
            assert subscribe(table, 0, service.subscriptions["a"].json("ja")).status_code == 204
        finally:
            hosted.push_per_seat = saved


@pytest.mark.parametrize("game_id", TITLES)
def test_no_payload_of_any_title_holds_more_than_whose_turn_it_is(
    server: ThreadServer, service: PushService, game_id: str
) -> None:
    """Both seats subscribed, 40 moves (or the end): every payload is exactly what the
    spec of a notification allows — the kind, the game, the seat, the title and the
    words naming the player who moved — recomputed here from public facts only, so
    no card, tile or view can be in it."""
    info = games.get(game_id).info
    with server.client() as client:
        table = Table(client, game=game_id)
        for seat in (0, 1):
            assert (
                subscribe(
                    table, seat, service.subscribe(f"s{seat}").json("en" if seat else "ja")
                ).status_code
                == 204
            )
        begun = {0: 0, 1: 0}  # turns that began for each seat, from the views alone
        for _ in range(40):
            before = table.view(0)["to_move"]
            mover = next((s for s in (0, 1) if table.view(s)["legal_moves"]), None)
            response = table.play_one()
            if response is None:
                break
            after = table.view(0)["to_move"]
            for seat in (0, 1):
                begun[seat] += seat != mover and seat not in before and seat in after
        delivered(server)
        assert service.received, "turns passed between the seats"
        for push in service.received:
            payload = push.payload
            seat = payload["seat"]
            assert push.name == f"s{seat}"
            title = info.title_en if seat else info.title_ja
            other = 1 - seat
            expected = {
                "turn": (
                    f"Your turn in {title}: Player {other + 1} has moved."
                    if seat
                    else f"{title}：プレイヤー{other + 1}さんがターンを終えました。"
                    "あなたのターンです。"
                ),
                "over": f"{title} is over." if seat else f"{title}が終わりました。",
            }
            assert set(payload) == {"kind", "game_id", "seat", "title", "text"}
            assert payload["game_id"] == table.id and payload["title"] == title
            assert payload["text"] == expected[payload["kind"]]
        for seat in (0, 1):  # each turn that began announced, once (a simultaneous
            # step, where a seat was to move already, begins none)
            turns = [p for p in service.of(f"s{seat}") if p["kind"] == "turn"]
            assert len(turns) == begun[seat], (seat, len(turns), begun)


def test_the_key_is_made_once_and_kept(backend: dict[str, Any]) -> None:
    keys = []
    for _ in range(2):
        with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
            keys.append(client.get("/api/push/key").json()["public_key"])
    assert keys[0] == keys[1] and len(keys[0]) == 87  # a P-256 point, base64url


def test_a_removed_device_hears_nothing_more(server: ThreadServer, service: PushService) -> None:
    """A seat's second device (players.py) subscribed with its own token; once it is
    removed from the player, its subscription gets no push, the first device's does."""
    with server.client() as client:
        table = Table(client, options={"deck_size": 40})
        device = client.post("/api/players", json={"device_name": "Phone"}).json()
        pid, bearer = device["player_id"], {"Authorization": f"Bearer {device['device_token']}"}
        kept = client.put(
            f"/api/players/{pid}/games",
            json={"kind": "hosted", "game_id": table.id, "token": table.tokens[1], "meta": {}},
            headers=bearer,
        )
        code = client.post(f"/api/players/{pid}/link-codes", headers=bearer).json()["code"]
        second = client.post("/api/link", json={"code": code, "device_name": "Tablet"}).json()
        granted = client.post(
            f"/api/players/{pid}/games/{kept.json()['key']}/token",
            headers={"Authorization": f"Bearer {second['device_token']}"},
        ).json()["token"]
        first_sub, second_sub = service.subscribe("first"), service.subscribe("second")
        assert subscribe(table, 1, first_sub.json()).status_code == 204
        answer = client.post(
            f"/api/games/{table.id}/push",
            json=second_sub.json(),
            headers={"Authorization": f"Bearer {granted}"},
        )
        assert answer.status_code == 204
        pass_turn(table, 0)
        delivered(server)
        assert sorted(r.name for r in service.received) == ["first", "second"]
        removed = client.delete(f"/api/players/{pid}/devices/{second['device_id']}", headers=bearer)
        assert removed.status_code == 204
        pass_turn(table, 1)
        pass_turn(table, 0)
        delivered(server)
        assert sorted(r.name for r in service.received) == ["first", "first", "second"]
