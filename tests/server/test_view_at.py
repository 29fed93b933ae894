"""`GET /api/games/{id}/view?at=N`: scrubbing a running game shows each reader
exactly what it saw at N, never more (the leak checks of test_security)."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import msgspec
import pytest

from core.kernel import Record, TakeBack, Timeline, entry_hash, genesis_hash
from tests.kernel.fixture_game import GAME
from tests.server.conftest import Table, ThreadServer
from tests.server.test_api import problem
from tests.server.test_security import check_message

pytestmark = pytest.mark.timeout(120)

READERS: list[int | None] = [0, 1, 2, None]


def scrub(client: httpx.Client, table: Table, reader: int | None, at: int) -> str:
    response = client.get(f"/api/games/{table.id}/view?at={at}", headers=table.auth(reader))
    assert response.status_code == 200, response.text
    return response.text


def test_view_at_every_seq_is_what_the_reader_saw_then(server: ThreadServer) -> None:
    rng = random.Random(11)
    seen: list[tuple[int | None, int, str]] = []
    with server.client() as client:
        table = Table(client, players=3, options={"deck_size": 12, "hand_size": 2})
        for step in range(200):
            views = {seat: table.view(seat) for seat in (0, 1, 2)}
            mover = next((s for s in (0, 1, 2) if views[s]["legal_moves"]), None)
            if mover is None:
                break
            seq = views[mover]["seq"]
            # Every seq is scrubbed while the game runs: the current one (each seq is
            # current once), the one before, a random earlier one, and at one point
            # the whole history at once.
            ats = range(seq + 1) if step == 12 else {seq, max(0, seq - 1), rng.randint(0, seq)}
            for reader in READERS:
                seen.extend((reader, at, scrub(client, table, reader, at)) for at in ats)
            response = table.move(mover, rng.choice(views[mover]["legal_moves"]), expected_seq=seq)
            assert response.status_code == 201, response.text
            if rng.random() < 0.2 and not response.json()["outcome"]:  # undone entries too
                undo = client.post(
                    f"/api/games/{table.id}/takebacks",
                    json={"move_id": f"u-{step}", "expected_seq": table.seq},
                    headers=table.auth(mover),
                )
                assert undo.status_code in (201, 422), undo.text
        else:
            pytest.fail("the game did not end")
        final = client.post(f"/api/games/{table.id}/share", headers=table.auth(0)).json()
        shared = client.get(final["path"]).json()
    record = msgspec.convert(shared["record"], Record[GAME.move_type, GAME.event_type])  # type: ignore[name-defined]
    truth: Timeline[Any, Any, Any] = Timeline(GAME, record)
    assert any(isinstance(e, TakeBack) for e in record.entries)  # undone entries scrubbed too
    seed = record.genesis.seed
    assert isinstance(seed, int)
    assert {at for _, at, _ in seen} == set(range(truth.seq))  # every seq before the end
    for reader, at, text in seen:
        check_message(text, reader, seed, truth)  # no seed, no other hand, no deck
        data = json.loads(text)
        state = truth.state_at(at)
        assert data["seq"] == at and data["seat"] == reader
        assert data["view"] == msgspec.to_builtins(GAME.view(state, reader))
        assert data["to_move"] == GAME.to_move(state) and data["legal_moves"] == []
        tip = entry_hash(record.entries[at - 1]) if at else genesis_hash(record.genesis)
        assert data["tip_hash"] == tip


def test_view_at_out_of_range_is_a_4xx(client: httpx.Client) -> None:
    table, other = Table(client), Table(client)
    table.play_one()
    url = f"/api/games/{table.id}/view"
    for at in ("-1", "2", "99999", "x", "1.5", ""):
        problem(client.get(f"{url}?at={at}", headers=table.auth(0)), 400, "bad-request")
    problem(client.get(f"{url}?at=0"), 401, "unauthorized")
    problem(client.get(f"{url}?at=0", headers=other.auth(0)), 401, "unauthorized")
    at_one = client.get(f"{url}?at=1", headers=table.auth(1)).json()
    now = table.view(1)
    assert at_one["view"] == now["view"] and at_one["seq"] == 1
    assert now["legal_moves"] == [] and at_one["legal_moves"] == []
    mover = client.get(f"{url}?at=1", headers=table.auth(0)).json()
    assert mover["legal_moves"] == [] and table.view(0)["legal_moves"]  # history is read-only
