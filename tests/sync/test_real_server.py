"""core/sync.py against the real server (server.app under uvicorn, SQLite, in a thread).

The same flows as test_sync.py's contract tests, over HTTP: a hosted seat's offline
queue with a lost reply, two devices of one seat racing (409, rebase, 422 surfaced
with its reason and the move built on it), the finished game's full record; a local
record's upload, appends, a fork keeping both lines and its download. Every reply
they get is checked to be exactly the core.wire struct core.sync decodes it as.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from core import games, wire
from core.kernel import Timeline, new_record, tip_hash
from core.kernel.compact import MEDIA_TYPE, is_compact
from core.sync import (
    HostedState,
    HttpRequest,
    LocalState,
    Pending,
    downloaded,
    hosted_next,
    hosted_pull,
    hosted_pulled,
    hosted_queue,
    hosted_reply,
    local_next,
    local_reply,
)
from tests.kernel.fixture_game import GAME
from tests.server.conftest import Table, ThreadServer, make_settings

games.register(GAME)


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    backend = {"data_dir": str(tmp_path_factory.mktemp("data")), "database_url": None}
    with ThreadServer(make_settings(backend)) as server, server.client() as client:
        yield client


def send(
    http: httpx.Client, request: HttpRequest, token: str | None, *, json_only: bool = False
) -> tuple[int, bytes]:
    """`request` as the page sends it: with its Accept (`json_only`: as an old client)."""
    headers = {"Authorization": f"Bearer {token}"} if token and request.auth != "none" else {}
    headers["Accept"] = "application/json" if json_only else request.accept
    if request.method == "GET":
        response = http.get(request.path, headers=headers)
        if response.headers["content-type"] == MEDIA_TYPE:
            assert request.accept == MEDIA_TYPE and not json_only
            return response.status_code, response.content
    else:
        # the bytes the page sends: core.sync's JSON text (exact seeds)
        headers["Content-Type"] = "application/json"
        response = http.post(request.path, content=request.body_json, headers=headers)
    exactly(response.content, wire_type(request, response.status_code))
    return response.status_code, response.content


def wire_type(request: HttpRequest, status: int) -> type:
    """The core.wire struct of the server's reply to one of core.sync's requests."""
    if status >= 400:
        return wire.Problem
    if request.method == "GET":
        hosted = request.path.startswith("/api/games/")
        return wire.RecordResponse if hosted else wire.RecordDownload
    if request.path == "/api/records":
        return wire.RecordStored
    return wire.AppendResult if request.path.endswith("/entries") else wire.MoveAccepted


def exactly(body: bytes, kind: type) -> None:
    """`body` is `kind` to the field: it lacks none of the struct's, adds none of its own."""
    assert msgspec.to_builtins(msgspec.json.decode(body, type=kind)) == msgspec.json.decode(body)


def sync_hosted(
    http: httpx.Client, state: HostedState, record: Any, token: str, *, json_only: bool = False
) -> tuple[HostedState, Any, list[str]]:
    steps = []
    for _ in range(50):
        request = hosted_next(state, record)
        if request is None:
            break
        status, body = send(http, request, token, json_only=json_only)
        if request.method == "GET":
            assert is_compact(body) != json_only
            state, record, step = hosted_pulled(state, record, body)
        else:
            assert request.move_id is not None
            state, record, step = hosted_reply(state, record, request.move_id, status, body)
        steps.append(step.event)
    return state, record, steps


@pytest.mark.parametrize("json_only", [False, True], ids=["compact", "old-json-client"])
def test_hosted_queue_lost_reply_and_racing_devices(http: httpx.Client, json_only: bool) -> None:
    """Pulls in the compact form (what core.sync asks for), and as an old JSON client."""
    table = Table(http, players=2, options={"hand_size": 2})
    token = table.tokens[0]

    def sync(state: HostedState, record: Any) -> tuple[HostedState, Any, list[str]]:
        return sync_hosted(http, state, record, token, json_only=json_only)

    phone, phone_record, steps = sync(HostedState(game_id=table.id, seat=0), None)
    tablet, tablet_record, _ = sync(HostedState(game_id=table.id, seat=0), None)
    assert steps == ["pulled"] and phone_record.genesis.seed is None
    plays = table.view(0)["legal_moves"]
    # the tablet plays; its reply is lost, so it sends again: a duplicate
    tablet = hosted_queue(tablet, Pending(move_id="t1", seat=0, based_on=0, move=plays[-1]))
    request = hosted_next(tablet, tablet_record)
    assert request is not None
    send(http, request, token)
    tablet, tablet_record, steps = sync(tablet, tablet_record)
    assert steps == ["duplicate"] and len(tablet_record.entries) == 1
    # the phone, offline, played the other card and passed: rebased, then rejected
    phone = hosted_queue(phone, Pending(move_id="p1", seat=0, based_on=0, move=plays[0]))
    phone = hosted_queue(phone, Pending(move_id="p2", seat=0, based_on=1, move={"type": "pass"}))
    phone, phone_record, steps = sync(phone, phone_record)
    assert steps == ["rebased", "rejected"]
    first, second = phone.rejected
    assert first.pending.move_id == "p1" and first.code == "wrong-step" and first.rule_id
    assert first.message
    assert (second.pending.move_id, second.code, second.after) == ("p2", "after-rejected", "p1")
    assert tip_hash(phone_record) == tip_hash(tablet_record)
    # the game goes on and ends; a pull from scratch brings the full record, seed included
    table.seq = len(phone_record.entries)
    table.play_out()
    phone = hosted_queue(phone, Pending(move_id="p3", seat=0, based_on=1, move={"type": "pass"}))
    phone, phone_record, steps = sync(phone, phone_record)
    assert steps == ["rebased", "rejected", "pulled"], steps
    assert phone_record.genesis.seed is not None and not phone.refetch
    assert phone.rejected[-1].code == "game-over"
    Timeline(games.get("high-card"), phone_record, check="verify")


def local_timeline(seed: int, moves: int) -> Timeline[Any, Any, Any]:
    game = games.get("high-card")
    record = new_record(game, record_id=f"sync-real-{seed}", seats=2, seed=seed)
    timeline: Timeline[Any, Any, Any] = Timeline(game, record)
    play(timeline, moves, "a")
    return timeline


def play(timeline: Timeline[Any, Any, Any], moves: int, prefix: str) -> None:
    for _ in range(moves):
        seat = timeline.to_move()[0]
        timeline.play(seat, timeline.legal_moves(seat)[-1], move_id=f"{prefix}{timeline.seq}")


def sync_local(http: httpx.Client, state: LocalState, record: Any) -> tuple[LocalState, list[str]]:
    steps = []
    for _ in range(10):
        request = local_next(state, record)
        if request is None:
            break
        status, body = send(http, request, state.owner_token)
        state, step = local_reply(state, record, status, body)
        steps.append(step.event)
    return state, steps


def test_local_record_upload_append_and_fork(http: httpx.Client, tmp_path: Path) -> None:
    phone = local_timeline(21, 2)
    phone_state, steps = sync_local(http, LocalState(record_id=phone.record.id), phone.record)
    assert steps == ["uploaded"] and phone_state.acked_seq == 2
    play(phone, 2, "b")
    phone_state, steps = sync_local(http, phone_state, phone.record)
    assert steps == ["appended"] and phone_state.acked_seq == 4
    # a second device holds the record at move 4 and continues it differently
    copy = msgspec.structs.replace(phone.record, entries=list(phone.record.entries))
    tablet: Timeline[Any, Any, Any] = Timeline(phone.game, copy)
    tablet_state = LocalState(
        record_id=phone.record.id,
        server_id=phone_state.server_id,
        owner_token=phone_state.owner_token,
        acked_seq=4,
        acked_tip=phone_state.acked_tip,
    )
    seat = tablet.to_move()[0]
    tablet.play(seat, tablet.legal_moves(seat)[0], move_id="tablet-5")
    tablet_state, steps = sync_local(http, tablet_state, tablet.record)
    assert steps == ["appended"]
    play(phone, 2, "c")
    phone_state, steps = sync_local(http, phone_state, phone.record)
    assert steps == ["forked"], steps
    (other,) = phone_state.lines
    assert other.record_id == phone.record.id and other.parent_seq == 4
    assert phone_state.server_id != phone.record.id and phone_state.acked_seq == phone.seq
    # the other line downloads as a record of its own
    status, body = send(
        http,
        HttpRequest(method="GET", path=f"/api/records/{other.record_id}"),
        phone_state.owner_token,
    )
    assert status == 200
    assert tip_hash(downloaded(body)) == tablet.tip_hash
    # and this line goes on appending to its fork
    play(phone, 1, "d")
    phone_state, steps = sync_local(http, phone_state, phone.record)
    assert steps == ["appended"] and phone_state.acked_seq == phone.seq


def test_a_compact_local_record_uploads_compact_then_appends_json(http: httpx.Client) -> None:
    """The PWA keeps compact bytes (record_kifu): the worker door's local.next uploads
    them as application/vnd.kifu.record; the appends after it stay JSON."""
    import base64
    import json

    from core import browser
    from core.kernel import encode_compact

    phone = local_timeline(31, 3)

    def door(state: LocalState, call: str, **extra: Any) -> Any:
        kifu = base64.b64encode(encode_compact(phone.game, phone.record)).decode()
        args = {"state": msgspec.to_builtins(state), "record_kifu": kifu, **extra}
        reply = json.loads(browser.handle(json.dumps({"op": "sync", "call": call, "args": args})))
        assert reply["ok"], reply
        return reply["result"]

    def run(state: LocalState) -> tuple[LocalState, list[tuple[str, str]]]:
        sent = []
        while (request := door(state, "local.next")["request"]) is not None:
            headers = {"Authorization": f"Bearer {state.owner_token}"} if state.owner_token else {}
            if request["body_kifu"] is not None:
                assert request["body_json"] is None
                body = base64.b64decode(request["body_kifu"])
                headers["Content-Type"] = "application/vnd.kifu.record"
                sent.append(("compact", request["path"]))
            else:
                body = request["body_json"].encode()
                headers["Content-Type"] = "application/json"
                sent.append(("json", request["path"]))
            response = http.post(request["path"], content=body, headers=headers)
            out = door(state, "local.reply", status=response.status_code, body=response.text)
            state = msgspec.convert(out["state"], LocalState)
        return state, sent

    state, sent = run(LocalState(record_id=phone.record.id))
    assert sent == [("compact", "/api/records")] and state.acked_seq == 3
    assert state.acked_tip == phone.tip_hash
    play(phone, 2, "k")
    state, sent = run(state)
    assert sent == [("json", f"/api/records/{state.server_id}/entries")]
    assert state.acked_seq == 5 and state.acked_tip == phone.tip_hash


def test_the_worker_door_pulls_a_hosted_copy_compact(http: httpx.Client) -> None:
    """What web/engine/sync.js does: hosted.pull names the compact Accept, the reply's
    bytes go back through the door as body_kifu (base64 in its JSON) and extend the
    copy; a changed byte is refused there too."""
    import base64
    import json

    from core import browser

    table = Table(http, players=2, options={"hand_size": 3})
    table.play_one()

    def door(call: str, **args: Any) -> Any:
        reply = json.loads(browser.handle(json.dumps({"op": "sync", "call": call, "args": args})))
        return reply

    state = {"game_id": table.id, "seat": 1}
    copy = None
    for _ in range(2):
        request = door("hosted.pull", state=state, record_json=copy)["result"]["request"]
        assert request["accept"] == MEDIA_TYPE
        response = http.get(request["path"], headers={**table.auth(1), "Accept": MEDIA_TYPE})
        assert response.headers["content-type"] == MEDIA_TYPE
        kifu = base64.b64encode(response.content).decode()
        out = door("hosted.pulled", state=state, record_json=copy, status=200, body_kifu=kifu)
        assert out["ok"], out
        state, copy = out["result"]["state"], out["result"]["record_json"]
        table.play_one()
    assert copy is not None and len(json.loads(copy)["entries"]) == 2
    response = http.get(
        f"/api/games/{table.id}/record?since=2", headers={**table.auth(1), "Accept": MEDIA_TYPE}
    )
    changed = bytearray(response.content)
    changed[-3] ^= 1  # in the last entry's row
    kifu = base64.b64encode(bytes(changed)).decode()
    out = door("hosted.pulled", state=state, record_json=copy, status=200, body_kifu=kifu)
    assert not out["ok"] and out["error"]["kind"] == "RecordError", out


def test_a_copy_behind_the_end_pulls_compact_then_the_full_record(http: httpx.Client) -> None:
    """The other seat ends the game: this seat's compact pull after its copy brings the
    last entries (unredacted, seed in the pull), then the full record replaces it."""
    table = Table(http, players=2, options={"deck_size": 4, "hand_size": 1})
    table.play_one()
    token = table.tokens[1]
    state, record, steps = sync_hosted(http, HostedState(game_id=table.id, seat=1), None, token)
    assert steps == ["pulled"] and len(record.entries) == 1
    table.play_out()
    for since in (1, 0):
        request = hosted_pull(state, record)
        assert request.path.endswith(f"since={since}") and request.accept == MEDIA_TYPE
        status, body = send(http, request, token)
        assert status == 200 and is_compact(body)
        state, record, _ = hosted_pulled(state, record, body)
    assert not state.refetch and record.genesis.seed is not None
    Timeline(games.get("high-card"), record, check="verify")
