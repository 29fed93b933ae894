"""Every endpoint and its error paths, over HTTP, on SQLite and PostgreSQL."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from core.kernel import (
    Attempt,
    Timeline,
    decode_compact,
    encode_compact,
    encode_record,
    entry_hash,
    genesis_hash,
    make_report,
    new_record,
)
from core.kernel.compact import MEDIA_TYPE
from tests.kernel.fixture_game import GAME, Draw, Pass, Play
from tests.server.conftest import Table, ThreadServer, make_settings

pytestmark = pytest.mark.timeout(120)


def problem(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["status"] == status
    assert body["code"] == code, body
    assert body["title"] and body["detail"] and body["type"].endswith(code)
    return body


# -- meta ------------------------------------------------------------------------


def test_health_catalogue_openapi_and_placeholder(client: httpx.Client) -> None:
    health = client.get("/health").json()
    assert health["status"] == "ok"
    games = client.get("/api/catalogue").json()["games"]
    assert "high-card" in [g["id"] for g in games]
    schema = client.get("/api/schema/openapi.json").json()
    assert "/api/games/{game_id}/moves" in schema["paths"]
    home = client.get("/")
    assert home.status_code == 200 and "Kifu" in home.text
    problem(client.get("/no/such/path"), 404, "not-found")
    problem(client.delete("/api/games"), 405, "method-not-allowed")


# -- hosted games ------------------------------------------------------------------


def test_create_game_errors(client: httpx.Client) -> None:
    problem(client.post("/api/games", json={"game": "chess", "players": 2}), 422, "unknown-game")
    problem(
        client.post("/api/games", json={"game": "high-card", "players": 99}), 400, "bad-request"
    )
    problem(client.post("/api/games", json={"game": "high-card", "players": 9}), 422, "bad-setup")
    body = {"game": "high-card", "players": 2, "options": {"deck_size": 2}}
    problem(client.post("/api/games", json=body), 422, "bad-setup")
    body = {"game": "high-card", "players": 2, "options": {"colour": "red"}}
    problem(client.post("/api/games", json=body), 422, "bad-setup")
    body = {"game": "high-card", "players": 2, "takeback": "sometimes"}
    problem(client.post("/api/games", json=body), 400, "bad-request")
    problem(client.post("/api/games", json={"players": 2}), 400, "bad-request")
    bad = client.post(
        "/api/games",
        content=b'{"game": "high-card", "pla',
        headers={"content-type": "application/json"},
    )
    problem(bad, 400, "bad-request")
    problem(client.post("/api/games", json=[1, 2]), 400, "bad-request")


def test_claim_seats(client: httpx.Client) -> None:
    created = client.post(
        "/api/games", json={"game": "high-card", "players": 2, "names": ["Aki"]}
    ).json()
    gid = created["game_id"]
    code = created["invites"][1]["code"]
    claimed = client.post(f"/api/games/{gid}/seats", json={"code": code, "name": "Ben"})
    assert claimed.status_code == 201
    assert claimed.json()["seat"] == 1
    token = claimed.json()["token"]
    problem(client.post(f"/api/games/{gid}/seats", json={"code": code}), 409, "seat-taken")
    problem(client.post(f"/api/games/{gid}/seats", json={"code": "nope"}), 404, "not-found")
    problem(client.post("/api/games/g-none/seats", json={"code": code}), 404, "not-found")
    problem(client.post(f"/api/games/{gid}/seats", json={}), 400, "bad-request")
    summary = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
    assert summary["seats"] == [
        {"seat": 0, "claimed": False, "name": "Aki", "bot": None},
        {"seat": 1, "claimed": True, "name": "Ben", "bot": None},
    ]
    assert summary["you"] == {"role": "seat", "seat": 1}
    assert summary["seq"] == 0 and not summary["over"] and summary["to_move"] == [0]
    # every view names the table, so the other seats see the name the guest chose
    watcher = {"Authorization": f"Bearer {created['spectator_token']}"}
    for auth in (watcher, {"Authorization": f"Bearer {token}"}):
        assert client.get(f"/api/games/{gid}/view", headers=auth).json()["names"] == ["Aki", "Ben"]


def test_reads_need_a_token_of_this_game(client: httpx.Client) -> None:
    table, other = Table(client), Table(client)
    for path in ("", "/view", "/record"):
        url = f"/api/games/{table.id}{path}"
        problem(client.get(url), 401, "unauthorized")
        problem(client.get(url, headers={"Authorization": "Bearer nope"}), 401, "unauthorized")
        problem(client.get(url, headers={"Authorization": "Basic abc"}), 401, "unauthorized")
        problem(client.get(url, headers=other.auth(0)), 401, "unauthorized")
        problem(client.get(f"/api/games/g-missing{path}", headers=table.auth(0)), 404, "not-found")
    summary = client.get(f"/api/games/{table.id}", headers=table.auth(None)).json()
    assert summary["you"] == {"role": "spectator", "seat": None}
    problem(
        client.post(f"/api/games/{table.id}/seats", json={"code": table.spectator}),
        404,
        "not-found",
    )
    spectator = table.view(None)
    assert spectator["seat"] is None and spectator["view"]["hand"] is None
    assert spectator["legal_moves"] == []
    seat0 = table.view(0)
    assert len(seat0["view"]["hand"]) == 2 and seat0["legal_moves"]
    assert table.view(1)["legal_moves"] == []
    problem(
        client.get(f"/api/games/{table.id}/record?since=-1", headers=table.auth(0)),
        400,
        "bad-request",
    )
    problem(
        client.get(f"/api/games/{table.id}/record?since=x", headers=table.auth(0)),
        400,
        "bad-request",
    )


def test_moves_idempotency_conflicts_and_illegal_moves(client: httpx.Client) -> None:
    table = Table(client)
    card = table.view(0)["legal_moves"][0]
    first = table.move(0, card, move_id="m-1")
    assert first.status_code == 201, first.text
    body = first.json()
    assert body["seq"] == 1 and body["entry"]["move"] == card and not body["duplicate"]
    assert body["entry"]["move_id"] == "m-1" and body["view"]["phase"] == "draw"
    again = table.move(0, card, move_id="m-1", expected_seq=0)
    assert again.status_code == 200 and again.json()["duplicate"]
    assert again.json()["entry"] == body["entry"]
    problem(table.move(0, {"type": "pass"}, move_id="m-1"), 422, "move-id-reused")
    conflict = problem(table.move(0, {"type": "pass"}, expected_seq=0), 409, "seq-conflict")
    assert conflict["seq"] == 1 and [e["seq"] for e in conflict["entries"]] == [1]
    problem(table.move(0, {"type": "pass"}, expected_seq=7), 409, "seq-conflict")
    illegal = problem(table.move(0, {"type": "play", "card": 1}), 422, "wrong-step")
    assert illegal["rule_id"] == "HC-2" and illegal["detail"]
    problem(table.move(1, {"type": "pass"}), 422, "not-your-turn")
    problem(table.move(0, {"type": "fly"}), 422, "bad-move")
    problem(table.move(0, {"card": 3}), 422, "bad-move")
    problem(table.move(0, {"type": "pass"}, seat=1), 403, "forbidden")
    spectator = client.post(
        f"/api/games/{table.id}/moves",
        json={"move_id": "s", "expected_seq": 1, "move": {"type": "pass"}},
        headers=table.auth(None),
    )
    problem(spectator, 403, "forbidden")
    other = Table(client)
    foreign = client.post(
        f"/api/games/{table.id}/moves",
        json={"move_id": "f", "expected_seq": 1, "move": {"type": "pass"}},
        headers=other.auth(0),
    )
    problem(foreign, 401, "unauthorized")
    no_seq = table.move(0, {"type": "pass"}, expected_seq=None)
    assert no_seq.status_code == 201 and no_seq.json()["seq"] == 2
    problem(
        client.post(f"/api/games/{table.id}/moves", json={"move": {}}, headers=table.auth(0)),
        400,
        "bad-request",
    )
    long_id = table.move(1, {"type": "pass"}, move_id="x" * 101)
    problem(long_id, 400, "bad-request")


def test_only_short_moves_run_on_the_event_loop(server: ThreadServer) -> None:
    """SQLite, a record in memory, no bot seats: quick; anything else: a worker thread."""
    service = server.app.state.service
    sqlite = server.app.state.database_kind == "sqlite"
    with server.client() as client:
        table = Table(client)  # claiming the seats loaded it
        assert service.is_quick(table.id) is sqlite
        assert table.play_one() is not None and table.seq == 1
        assert not service.is_quick("g-unknown")
        bots = client.post(
            "/api/games", json={"game": "high-card", "players": 2, "bots": {"1": "random"}}
        ).json()
        watch = {"Authorization": f"Bearer {bots['spectator_token']}"}
        assert client.get(f"/api/games/{bots['game_id']}", headers=watch).status_code == 200
        assert not service.is_quick(bots["game_id"])


def test_takebacks_follow_the_policy(client: httpx.Client) -> None:
    casual = Table(client)
    card = casual.view(0)["legal_moves"][0]
    assert casual.move(0, card).status_code == 201
    url = f"/api/games/{casual.id}/takebacks"
    nothing_to_do = Table(client)
    refused = client.post(
        f"/api/games/{nothing_to_do.id}/takebacks",
        json={"move_id": "t0", "expected_seq": 0},
        headers=nothing_to_do.auth(0),
    )
    problem(refused, 422, "takeback-nothing")
    conflict = client.post(url, json={"move_id": "t1", "expected_seq": 0}, headers=casual.auth(0))
    problem(conflict, 409, "seq-conflict")
    # seat 0's move is seat 0's: seat 1 (another person) may not take it back
    theirs = client.post(url, json={"move_id": "t0", "expected_seq": 1}, headers=casual.auth(1))
    assert problem(theirs, 422, "takeback-others-move")["rule_id"] == "table:takeback=casual"
    taken = client.post(url, json={"move_id": "t1", "expected_seq": 1}, headers=casual.auth(0))
    assert taken.status_code == 201, taken.text
    entry = taken.json()["entry"]
    assert entry["kind"] == "takeback" and entry["to_seq"] == 0
    assert taken.json()["view"]["phase"] == "play"
    again = client.post(url, json={"move_id": "t1", "expected_seq": 1}, headers=casual.auth(0))
    assert again.status_code == 200 and again.json()["duplicate"]
    reused = client.post(url, json={"move_id": "t1", "to_seq": 1}, headers=casual.auth(0))
    problem(reused, 422, "move-id-reused")
    # seat 1's id is not seat 0's: ids are each seat's own (the PWA's count up, so a
    # seat's next one can be guessed; taking it first must not block that seat)
    assert casual.move(0, card, expected_seq=2).status_code == 201
    assert casual.move(0, {"type": "pass"}).status_code == 201  # seat 1's turn
    other = casual.move(1, casual.view(1)["legal_moves"][0], move_id="t1")
    assert other.status_code == 201 and not other.json()["duplicate"], other.text
    assert other.json()["entry"]["seat"] == 1 and other.json()["seq"] == 5
    problem(
        client.post(url, json={"move_id": "t2", "to_seq": 7}, headers=casual.auth(1)),
        422,
        "takeback-target",
    )
    problem(client.post(url, json={"move_id": "t3"}, headers=casual.auth(None)), 403, "forbidden")
    # a draw revealed a card: it cannot be taken back
    assert casual.move(1, {"type": "draw"}).status_code == 201
    revealed = client.post(url, json={"move_id": "t4"}, headers=casual.auth(1))
    assert problem(revealed, 422, "takeback-revealed")["rule_id"] == "table:takeback=casual"

    strict = Table(client, takeback="strict")
    card = strict.view(0)["legal_moves"][0]
    assert strict.move(0, card).status_code == 201
    refused = client.post(
        f"/api/games/{strict.id}/takebacks", json={"move_id": "t"}, headers=strict.auth(0)
    )
    assert problem(refused, 422, "takeback-strict")["rule_id"] == "table:takeback=strict"

    friendly = Table(client, takeback="friendly")
    card = friendly.view(0)["legal_moves"][0]
    assert friendly.move(0, card).status_code == 201
    refused = client.post(
        f"/api/games/{friendly.id}/takebacks", json={"move_id": "t"}, headers=friendly.auth(1)
    )
    problem(refused, 422, "takeback-others-move")  # hosted: another person's, whatever the policy
    allowed = client.post(
        f"/api/games/{friendly.id}/takebacks", json={"move_id": "t"}, headers=friendly.auth(0)
    )
    assert allowed.status_code == 201


def test_record_is_redacted_until_the_game_ends_then_shared(client: httpx.Client) -> None:
    table = Table(client, players=2, options={"deck_size": 6, "hand_size": 1})
    problem(
        client.post(f"/api/games/{table.id}/share", headers=table.auth(0)), 409, "game-not-over"
    )
    for _ in range(3):
        assert table.play_one() is not None
    for seat in (0, 1, None):
        record = client.get(f"/api/games/{table.id}/record", headers=table.auth(seat)).json()
        assert record["genesis"]["seed"] is None and not record["over"]
        for entry in record["entries"]:
            for event in entry.get("events", []):
                if event["type"] == "drew" and event["seat"] != seat:
                    assert event["card"] is None
        since = client.get(f"/api/games/{table.id}/record?since=2", headers=table.auth(seat)).json()
        assert [e["seq"] for e in since["entries"]] == [3] and since["since"] == 2
    table.play_out()
    record = client.get(f"/api/games/{table.id}/record", headers=table.auth(None)).json()
    assert record["over"] and isinstance(record["genesis"]["seed"], int)
    assert all(
        event.get("card") is not None
        for entry in record["entries"]
        for event in entry["events"]
        if event["type"] == "drew"
    )
    problem(client.post(f"/api/games/{table.id}/share", headers=table.auth(None)), 403, "forbidden")
    problem(client.post(f"/api/games/{table.id}/share"), 401, "unauthorized")
    shared = client.post(f"/api/games/{table.id}/share", headers=table.auth(1))
    assert shared.status_code == 201
    share_id = shared.json()["share_id"]
    assert (
        client.post(f"/api/games/{table.id}/share", headers=table.auth(0)).json()["share_id"]
        == share_id
    )
    public = client.get(shared.json()["path"])
    assert public.status_code == 200
    full = public.json()
    assert full["record"]["genesis"]["seed"] == record["genesis"]["seed"]
    assert full["outcome"]["winners"]
    assert (
        client.get(f"/api/games/{table.id}", headers=table.auth(0)).json()["share_id"] == share_id
    )
    problem(client.get("/api/shared/nope"), 404, "not-found")
    problem(table.move(0, {"type": "pass"}, expected_seq=None), 422, "game-over")


# -- local records -------------------------------------------------------------------


def local_record(record_id: str, moves: int, seed: int = 7) -> Timeline[Any, Any, Any]:
    timeline: Timeline[Any, Any, Any] = Timeline(
        GAME, new_record(GAME, record_id=record_id, seats=2, seed=seed)
    )
    extend(timeline, moves, "a")
    return timeline


def extend(timeline: Timeline[Any, Any, Any], moves: int, device: str, pick: int = 0) -> None:
    for _ in range(moves):
        seats = timeline.to_move()
        if not seats:
            return
        legal = timeline.legal_moves(seats[0])
        move = legal[min(pick, len(legal) - 1)]
        timeline.play(seats[0], move, move_id=f"{device}-{timeline.seq + 1}", device_id=device)


def builtins(entries: list[Any]) -> list[Any]:
    return [msgspec.to_builtins(e) for e in entries]


def test_local_record_upload_append_fork_download(client: httpx.Client) -> None:
    timeline = local_record("rec-1", 3)
    upload = client.post("/api/records", content=encode_record(timeline.record))
    assert upload.status_code == 201, upload.text
    stored = upload.json()
    owner = {"Authorization": f"Bearer {stored['owner_token']}"}
    assert stored["seq"] == 3 and stored["tip_hash"] == timeline.tip_hash
    problem(
        client.post("/api/records", content=encode_record(timeline.record)), 409, "record-exists"
    )

    # device B downloads, both extend the same prefix differently
    problem(client.get("/api/records/rec-1"), 401, "unauthorized")
    download = client.get("/api/records/rec-1", headers=owner).json()
    assert download["seq"] == 3 and download["record"]["genesis"]["seed"] == 7
    base = timeline.tip_hash
    device_a = local_record("rec-1", 3)
    extend(device_a, 2, "a", pick=0)
    device_b = local_record("rec-1", 3)
    extend(device_b, 2, "b", pick=1)
    appended = client.post(
        "/api/records/rec-1/entries",
        json={"expected_tip": base, "entries": builtins(device_a.record.entries[3:])},
        headers=owner,
    )
    assert appended.status_code == 200, appended.text
    assert appended.json()["status"] == "appended" and appended.json()["seq"] == 5
    retry = client.post(
        "/api/records/rec-1/entries",
        json={"expected_tip": base, "entries": builtins(device_a.record.entries[3:])},
        headers=owner,
    )
    assert retry.json()["status"] == "already-stored"
    forked = client.post(
        "/api/records/rec-1/entries",
        json={"expected_tip": base, "entries": builtins(device_b.record.entries[3:])},
        headers=owner,
    )
    assert forked.status_code == 201, forked.text
    result = forked.json()
    assert result["status"] == "forked" and result["seq"] == 5
    fork = result["fork"]
    assert fork["parent_seq"] == 3 and fork["seq"] == 5 and fork["tip_hash"] == device_b.tip_hash
    # retrying the forked upload does not make a second fork
    again = client.post(
        "/api/records/rec-1/entries",
        json={"expected_tip": base, "entries": builtins(device_b.record.entries[3:])},
        headers=owner,
    ).json()
    assert again["status"] == "forked" and again["fork"]["record_id"] == fork["record_id"]
    original = client.get("/api/records/rec-1", headers=owner).json()
    assert original["forks"] == [{"record_id": fork["record_id"], "parent_seq": 3}]
    assert [e["move_id"] for e in original["record"]["entries"]][3:] == ["a-4", "a-5"]
    copy = client.get(f"/api/records/{fork['record_id']}", headers=owner).json()
    assert copy["fork_of"] == {"record_id": "rec-1", "parent_seq": 3}
    assert [e["move_id"] for e in copy["record"]["entries"]][3:] == ["b-4", "b-5"]
    assert copy["record"]["entries"][:3] == original["record"]["entries"][:3]

    # errors
    problem(
        client.post(
            "/api/records/rec-1/entries",
            json={"expected_tip": "0" * 64, "entries": []},
            headers=owner,
        ),
        404,
        "unknown-base",
    )
    problem(
        client.post(
            "/api/records/rec-1/entries",
            json={"expected_tip": device_a.tip_hash, "entries": [{"kind": "nope"}]},
            headers=owner,
        ),
        400,
        "bad-record",
    )
    tampered = builtins(local_record("rec-1", 6).record.entries[5:])
    tampered[0]["state_hash"] = "0" * 64
    invalid = client.post(
        "/api/records/rec-1/entries",
        json={"expected_tip": device_a.tip_hash, "entries": tampered},
        headers=owner,
    )
    assert problem(invalid, 422, "record-invalid")["divergence"]["seq"] == 6
    assert client.get("/api/records/rec-1", headers=owner).json()["seq"] == 5
    problem(
        client.post(
            "/api/records/rec-1/entries",
            json={"expected_tip": base, "entries": []},
            headers={"Authorization": "Bearer someone-else"},
        ),
        401,
        "unauthorized",
    )
    problem(client.get("/api/records/missing", headers=owner), 404, "not-found")
    problem(client.post("/api/games/rec-1/seats", json={"code": "x"}), 404, "not-found")
    problem(client.post("/api/records/missing/share", headers=owner), 404, "not-found")
    problem(
        client.post("/api/records/rec-1/entries", json={"expected_tip": base}, headers=owner),
        400,
        "bad-request",
    )
    gap = builtins(device_a.record.entries[3:])
    gap[1]["seq"] = 9
    problem(
        client.post(
            "/api/records/rec-1/entries",
            json={"expected_tip": base, "entries": gap},
            headers=owner,
        ),
        400,
        "bad-record",
    )
    empty = client.post(
        "/api/records/rec-1/entries", json={"expected_tip": base, "entries": []}, headers=owner
    )
    assert empty.json()["status"] == "already-stored"


def test_local_record_upload_errors_and_client_token(client: httpx.Client) -> None:
    problem(client.post("/api/records", content=b"{not json"), 400, "bad-request")
    problem(client.post("/api/records", json={"id": "x"}), 400, "bad-request")
    timeline = local_record("rec-2", 4)
    data = json.loads(encode_record(timeline.record))
    data["genesis"]["game"] = "chess"
    problem(client.post("/api/records", json=data), 422, "unknown-game")
    data = json.loads(encode_record(timeline.record))
    data["entries"][2]["events"][0]["card"] = 99
    invalid = problem(client.post("/api/records", json=data), 422, "record-invalid")
    assert invalid["divergence"]["seq"] == 3
    data = json.loads(encode_record(timeline.record))
    data["genesis"]["seed"] = None
    assert (
        problem(client.post("/api/records", json=data), 422, "record-invalid")["divergence"]["seq"]
        == 0
    )
    data = json.loads(encode_record(timeline.record))
    data["entries"][0]["move"] = {"type": "fly"}
    problem(client.post("/api/records", json=data), 400, "bad-record")
    data = json.loads(encode_record(timeline.record))
    data["id"] = "bad id!"
    problem(client.post("/api/records", json=data), 400, "bad-request")

    # an owner-chosen token makes re-uploads idempotent and lets them extend
    token = {"Authorization": "Bearer my-device-secret-0123456789"}
    short = local_record("rec-3", 2)
    first = client.post("/api/records", content=encode_record(short.record), headers=token)
    assert first.status_code == 201 and first.json()["owner_token"] == "my-device-secret-0123456789"
    same = client.post("/api/records", content=encode_record(short.record), headers=token)
    assert same.status_code == 200 and same.json()["status"] == "already-stored"
    longer = local_record("rec-3", 4)
    more = client.post("/api/records", content=encode_record(longer.record), headers=token)
    assert (
        more.status_code == 200 and more.json()["status"] == "appended" and more.json()["seq"] == 4
    )


def test_local_record_share(client: httpx.Client) -> None:
    timeline = local_record("rec-4", 2)
    stored = client.post("/api/records", content=encode_record(timeline.record)).json()
    owner = {"Authorization": f"Bearer {stored['owner_token']}"}
    problem(client.post("/api/records/rec-4/share", headers=owner), 409, "game-not-over")
    tip = timeline.tip_hash
    extend(timeline, 500, "a")
    assert GAME.outcome(timeline.state) is not None
    appended = client.post(
        "/api/records/rec-4/entries",
        json={"expected_tip": tip, "entries": builtins(timeline.record.entries[2:])},
        headers=owner,
    )
    assert appended.status_code == 200, appended.text
    problem(client.post("/api/records/rec-4/share"), 401, "unauthorized")
    shared = client.post("/api/records/rec-4/share", headers=owner)
    assert shared.status_code == 201
    public = client.get(f"/api/shared/{shared.json()['share_id']}").json()
    assert public["record"]["id"] == "rec-4" and public["record"]["genesis"]["seed"] == 7
    assert len(public["record"]["entries"]) == timeline.seq
    # the final position as a spectator sees it, for a board drawn before the engine
    assert public["view"] == msgspec.to_builtins(GAME.view(timeline.state, None))
    # a hosted game's token does not open a local record, and vice versa
    table = Table(client)
    problem(client.get(f"/api/records/{table.id}", headers=table.auth(0)), 404, "not-found")
    problem(client.get("/api/games/rec-4/view", headers=owner), 404, "not-found")


def test_records_travel_in_the_compact_form_too(client: httpx.Client) -> None:
    """Upload, download and a shared replay as `application/vnd.kifu.record` (#21)."""
    timeline = local_record("rec-5", 2)
    extend(timeline, 500, "c")
    packed = encode_compact(GAME, timeline.record)
    kifu = {"content-type": MEDIA_TYPE}
    stored = client.post("/api/records", content=packed, headers=kifu)
    assert stored.status_code == 201, stored.text
    owner = {"Authorization": f"Bearer {stored.json()['owner_token']}"}
    as_json = client.get("/api/records/rec-5", headers=owner).json()["record"]
    assert as_json == msgspec.to_builtins(timeline.record)
    download = client.get("/api/records/rec-5/record.kifu", headers=owner)
    assert download.headers["content-type"] == MEDIA_TYPE
    assert decode_compact(download.content, GAME) == timeline.record
    assert len(download.content) * 5 < len(encode_record(timeline.record))
    share_id = client.post("/api/records/rec-5/share", headers=owner).json()["share_id"]
    public = client.get(f"/api/shared/{share_id}/record.kifu")
    assert decode_compact(public.content, GAME) == timeline.record
    problem(client.get("/api/records/rec-5/record.kifu"), 401, "unauthorized")
    # a changed byte is a bad record, and the type is taken nowhere else
    body = msgspec.msgpack.decode(packed)
    body[6][1][2][3] += 1
    tampered = msgspec.structs.replace(timeline.record, id="rec-6")
    body[2] = tampered.id
    bad = client.post("/api/records", content=msgspec.msgpack.encode(body), headers=kifu)
    assert "do not chain" in problem(bad, 400, "bad-record")["detail"]
    problem(
        client.post("/api/records", content=b"\x93\x01\x02\x03", headers=kifu), 400, "bad-record"
    )
    problem(
        client.post("/api/records", content=encode_record(timeline.record), headers=kifu),
        400,
        "bad-record",
    )
    elsewhere = client.post("/api/reports", content=packed, headers=kifu)
    problem(elsewhere, 415, "unsupported-media-type")


# -- bug reports ------------------------------------------------------------------------


def test_bug_reports(client: httpx.Client) -> None:
    timeline = local_record("rep-1", 1)
    report = make_report(GAME, timeline.record, attempt=Attempt(seat=0, move=Play(99)))
    assert "wrong-step" in report.error
    stored = client.post("/api/reports", content=msgspec.json.encode(report))
    assert stored.status_code == 201, stored.text
    body = stored.json()
    assert body["reproduced"] and body["observed"] == report.error
    fetched = client.get(f"/api/reports/{body['report_id']}").json()
    assert fetched == body
    stale = msgspec.structs.replace(report, error="crash ValueError: gone")
    result = client.post("/api/reports", content=msgspec.json.encode(stale)).json()
    assert not result["reproduced"] and result["reported"] == "crash ValueError: gone"
    problem(client.post("/api/reports", content=b"[]"), 400, "bad-request")
    problem(client.post("/api/reports", content=b"{}"), 400, "bad-request")
    data = json.loads(msgspec.json.encode(report))
    data["game"] = "chess"
    problem(client.post("/api/reports", json=data), 422, "unknown-game")
    data = json.loads(msgspec.json.encode(report))
    data["attempt"] = {"seat": 0, "move": {"type": "fly"}}
    problem(client.post("/api/reports", json=data), 400, "bad-report")
    problem(client.get("/api/reports/not-a-uuid"), 404, "not-found")
    problem(client.get("/api/reports/00000000-0000-0000-0000-000000000000"), 404, "not-found")
    _ = (Draw, Pass, entry_hash, genesis_hash)


# -- limits, compression, static files ------------------------------------------------


def test_a_gzip_made_at_build_time_is_sent_as_is_unless_older_than_its_file(
    tmp_path: Path,
) -> None:
    """make bundle writes the runtime's big files gzipped beside them (pyodide/build.py):
    a fresh server sends those bytes instead of spending a CPU-second on each first
    download; a gzip older than its file (the file was replaced) is not used."""
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    wasm = bundle / "runtime.wasm"
    wasm.write_bytes(b"wasm module " * 5000)
    prebuilt = gzip.compress(wasm.read_bytes(), compresslevel=1, mtime=0)
    assert prebuilt != gzip.compress(wasm.read_bytes(), compresslevel=9, mtime=0)
    (bundle / "runtime.wasm.gz").write_bytes(prebuilt)
    settings = make_settings(
        {"data_dir": str(tmp_path / "data"), "database_url": None}, pyodide_dist=bundle
    )

    def raw_body() -> bytes:
        with httpx.Client(base_url=srv.url) as plain:
            request = plain.build_request(
                "GET", "/pyodide/runtime.wasm", headers={"Accept-Encoding": "gzip"}
            )
            response = plain.send(request, stream=True)
            assert response.headers["content-encoding"] == "gzip"
            return b"".join(response.iter_raw())

    with ThreadServer(settings) as srv:
        assert raw_body() == prebuilt
    os.utime(bundle / "runtime.wasm.gz", ns=(1, 1))  # the file is newer than its gzip
    with ThreadServer(settings) as srv:
        body = raw_body()
        assert body != prebuilt and gzip.decompress(body) == wasm.read_bytes()


def test_limits_rate_compression_static(backend: dict[str, Any], tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>PWA</title>")
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "core.whl").write_bytes(b"python wheel " * 5000)
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "worker.js").write_text("export const x = 1;\n" * 100)
    settings = make_settings(
        backend,
        web_dist=web,
        pyodide_dist=bundle,
        web_engine=engine,
        max_body_bytes=4096,
        rate_limit_per_minute=5,
    )
    with ThreadServer(settings) as srv, srv.client() as client:
        assert "PWA" in client.get("/").text
        assert "PWA" in client.get("/index.html").text
        raw = httpx.get(srv.url + "/pyodide/core.whl", headers={"Accept-Encoding": "gzip"})
        assert raw.status_code == 200 and raw.headers.get("content-encoding") == "gzip"
        assert raw.content == b"python wheel " * 5000  # httpx decodes it
        stream = httpx.Client(base_url=srv.url).build_request(
            "GET", "/pyodide/core.whl", headers={"Accept-Encoding": "gzip"}
        )
        with httpx.Client() as plain:
            response = plain.send(stream, stream=True)
            compressed = b"".join(response.iter_raw())
            assert len(compressed) < 5000 and gzip.decompress(compressed).startswith(b"python")
        etag = raw.headers["etag"]
        again = httpx.get(srv.url + "/pyodide/core.whl", headers={"If-None-Match": etag})
        assert again.status_code == 304
        problem(client.get("/pyodide/%2e%2e/%2e%2e/etc/passwd"), 404, "not-found")
        plain = httpx.get(srv.url + "/pyodide/core.whl", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and len(plain.content) == 13 * 5000
        assert client.get("/engine/worker.js").text.startswith("export")
        assert client.get("/health").status_code == 200
        big = client.post("/api/records", content=b"[" + b"1," * 5000 + b"1]")
        problem(big, 413, "body-too-large")
        statuses = [
            client.post("/api/games", json={"game": "high-card", "players": 2}).status_code
            for _ in range(8)
        ]
        assert statuses.count(201) <= 5 and 429 in statuses
        limited = client.post("/api/games", json={"game": "high-card", "players": 2})
        problem(limited, 429, "rate-limited")
        assert client.get("/api/catalogue").status_code == 200  # reads are not limited


@pytest.mark.parametrize("policy", ["casual", "friendly", "strict"])
def test_a_seats_view_says_whether_its_undo_would_be_taken(
    client: httpx.Client, policy: str
) -> None:
    """Through a whole game of two people and a bot: each seat's view says whether the
    server would take its undo now, and why not (the client shows that, it does not
    guess the policy); an undo tried every other step gets exactly that answer."""
    table = Table(
        client, 3, takeback=policy, bots={"2": "random"}, options={"deck_size": 40, "hand_size": 3}
    )
    url = f"/api/games/{table.id}/takebacks"
    answers: dict[str, int] = {}
    last = 0  # the person who moved last: it tries its own undo, then the other one
    for step in range(300):
        views = {seat: table.view(seat) for seat in (0, 1)}
        assert table.view(None)["undo"] is None  # a spectator has no undo
        if step % 2 == 0 and not views[0]["over"]:
            seat = last if step // 2 % 2 else 1 - last
            undo = views[seat]["undo"]
            tried = client.post(
                url,
                json={"move_id": f"u{step}", "expected_seq": views[seat]["seq"]},
                headers=table.auth(seat),
            )
            if undo["allowed"]:
                assert tried.status_code == 201, tried.text
                answers["taken"] = answers.get("taken", 0) + 1
            else:
                problem(tried, 422, undo["code"])
                assert tried.json()["rule_id"] == undo["rule_id"] == f"table:takeback={policy}"
                answers[undo["code"]] = answers.get(undo["code"], 0) + 1
            continue
        mover = next((seat for seat in (0, 1) if views[seat]["legal_moves"]), None)
        if mover is None:
            break
        legal = views[mover]["legal_moves"]  # a pass over a draw: draws cannot be undone
        table.seq = views[mover]["seq"]
        move = next((m for m in legal if m["type"] == "pass"), legal[0])
        assert table.move(mover, move).status_code == 201
        last = mover
    assert table.view(0)["over"], "the game did not end"
    if policy == "strict":
        assert set(answers) == {"takeback-strict"}, answers
    else:
        assert answers.get("taken") and answers.get("takeback-others-move"), answers
