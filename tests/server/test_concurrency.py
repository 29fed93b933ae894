"""Racing writers: conflicting moves for one seat, diverging uploads of one record."""

from __future__ import annotations

import functools
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import msgspec
import pytest

from core.kernel import Record, encode_record, verify
from tests.kernel.fixture_game import GAME
from tests.server.conftest import Table, ThreadServer
from tests.server.test_api import builtins, extend, local_record

pytestmark = pytest.mark.timeout(180)


def race(*calls: Any) -> list[Any]:
    """Run the calls at the same moment (a barrier) and return their results."""
    barrier = threading.Barrier(len(calls))

    def go(call: Any) -> Any:
        barrier.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(go, calls))


def full_record(client: httpx.Client, table: Table) -> Record[Any, Any]:
    share = client.post(f"/api/games/{table.id}/share", headers=table.auth(0)).json()
    data = client.get(share["path"]).json()["record"]
    return msgspec.convert(data, Record[GAME.move_type, GAME.event_type])  # type: ignore[name-defined]


def test_conflicting_moves_for_one_seat(server: ThreadServer) -> None:
    with server.client() as one, server.client() as two:
        table = Table(one, players=2, options={"deck_size": 10, "hand_size": 3})
        races = 0
        for step in range(200):
            view = None
            mover = None
            for seat in (0, 1):
                view = table.view(seat)
                if view["legal_moves"]:
                    mover = seat
                    break
            if mover is None:
                break
            assert view is not None
            legal = view["legal_moves"]
            seq = view["seq"]
            first, second = legal[0], legal[-1]
            url = f"/api/games/{table.id}/moves"
            requests = [
                (client, {"move_id": f"race-{step}-{n}", "expected_seq": seq, "move": move})
                for n, (client, move) in enumerate(((one, first), (two, second)))
            ]
            auth = table.auth(mover)
            results = race(
                *[
                    functools.partial(client.post, url, json=body, headers=auth)
                    for client, body in requests
                ]
            )
            statuses = sorted(r.status_code for r in results)
            assert statuses == [201, 409], [r.text for r in results]
            loser = next(r for r in results if r.status_code == 409).json()
            assert loser["code"] == "seq-conflict" and loser["seq"] == seq + 1
            races += 1
        assert races > 10
        record = full_record(one, table)
        assert verify(GAME, record) is None
        ids = [e.move_id for e in record.entries]
        assert len(ids) == len(set(ids)) == races


def test_same_move_id_raced_is_stored_once(server: ThreadServer) -> None:
    with server.client() as one, server.client() as two:
        table = Table(one)
        card = table.view(0)["legal_moves"][0]
        body = {"move_id": "only-once", "expected_seq": 0, "move": card}
        url = f"/api/games/{table.id}/moves"
        results = race(
            lambda: one.post(url, json=body, headers=table.auth(0)),
            lambda: two.post(url, json=body, headers=table.auth(0)),
        )
        assert sorted(r.status_code for r in results) == [200, 201]
        assert results[0].json()["entry"] == results[1].json()["entry"]
        record = one.get(f"/api/games/{table.id}/record", headers=table.auth(0)).json()
        assert [e["move_id"] for e in record["entries"]] == ["only-once"]


def test_diverging_uploads_make_one_record_and_one_fork(server: ThreadServer) -> None:
    with server.client() as one, server.client() as two:
        base = local_record("shared-prefix", 4)
        stored = one.post("/api/records", content=encode_record(base.record)).json()
        owner = {"Authorization": f"Bearer {stored['owner_token']}"}
        device_a = local_record("shared-prefix", 4)
        extend(device_a, 3, "a", pick=0)
        device_b = local_record("shared-prefix", 4)
        extend(device_b, 3, "b", pick=1)
        url = "/api/records/shared-prefix/entries"
        results = race(
            lambda: one.post(
                url,
                json={
                    "expected_tip": base.tip_hash,
                    "entries": builtins(device_a.record.entries[4:]),
                },
                headers=owner,
            ),
            lambda: two.post(
                url,
                json={
                    "expected_tip": base.tip_hash,
                    "entries": builtins(device_b.record.entries[4:]),
                },
                headers=owner,
            ),
        )
        statuses = sorted(r.json()["status"] for r in results)
        assert statuses == ["appended", "forked"], [r.text for r in results]
        winner = next(r.json() for r in results if r.json()["status"] == "appended")
        fork = next(r.json() for r in results if r.json()["status"] == "forked")["fork"]
        original = one.get("/api/records/shared-prefix", headers=owner).json()
        copy = one.get(f"/api/records/{fork['record_id']}", headers=owner).json()
        assert original["seq"] == copy["seq"] == 7 and winner["seq"] == 7
        tips = {original["tip_hash"], copy["tip_hash"]}
        assert tips == {device_a.tip_hash, device_b.tip_hash}  # nothing lost
        assert original["forks"] == [{"record_id": fork["record_id"], "parent_seq": 4}]
        for data in (original["record"], copy["record"]):
            record = msgspec.convert(data, Record[GAME.move_type, GAME.event_type])  # type: ignore[name-defined]
            assert verify(GAME, record) is None
