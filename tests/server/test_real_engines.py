"""The real titles through the server: random legal moves, every response checked
against the server's own truth (its in-memory Timeline): each view is exactly
`game.view(state, seat)`, each entry's events exactly `game.redact(event, seat)`,
and the seed never appears before the end. Generic, so it holds for any engine."""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest

import core.games
from tests.server.conftest import Table, ThreadServer

pytestmark = pytest.mark.timeout(240)

TITLES = ["tulikko", "ducks-in-tow"]


def available(game_id: str) -> bool:
    try:
        core.games.get(game_id)
    except Exception:
        return False
    return True


def plain(obj: Any) -> Any:
    return json.loads(msgspec.json.encode(obj))


@pytest.mark.parametrize("title", TITLES)
def test_real_engine_games_leak_nothing(server: ThreadServer, title: str) -> None:
    if not available(title):
        pytest.skip(f"{title} is not available")
    game = core.games.get(title)
    rng = random.Random(title)
    players = max(game.info.min_players, 2)
    with server.client() as client:
        table = Table(client, players=players, game=title)
        service = server.app.state.service
        seats: list[int | None] = [*range(players), None]
        moves = 0
        for _ in range(60):
            truth = service.cache.get(table.id).tl
            views = {}
            for seat in seats:
                response = client.get(f"/api/games/{table.id}/view", headers=table.auth(seat))
                assert response.status_code == 200, response.text
                views[seat] = response.json()
                seed = truth.record.genesis.seed
                if views[seat]["outcome"] is None:
                    assert str(seed) not in response.text
                    state = truth.state_at(views[seat]["seq"])
                    assert views[seat]["view"] == plain(game.view(state, seat))
            movers = [s for s in range(players) if views[s]["legal_moves"]]
            if not movers:
                break
            mover = movers[0]
            move = rng.choice(views[mover]["legal_moves"])
            response = table.move(mover, move, expected_seq=views[mover]["seq"])
            assert response.status_code == 201, response.text
            moves += 1
            peek = rng.choice(seats)
            record = client.get(f"/api/games/{table.id}/record", headers=table.auth(peek))
            data = record.json()
            if not data["over"]:
                assert data["genesis"]["seed"] is None
                assert str(truth.record.genesis.seed) not in record.text
                for sent, true in zip(data["entries"], truth.record.entries, strict=False):
                    if sent["kind"] == "entry":
                        expected = [game.redact(e, peek) for e in true.events]
                        assert sent["events"] == plain(expected)
        assert moves > 5
