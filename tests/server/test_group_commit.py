"""Group commit (server/group_commit.py): quick moves made on the event loop at the
same moment share one transaction, and none is answered before it is stored."""

from __future__ import annotations

import asyncio
import functools
import uuid
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import OperationalError

from server import schemas as s
from server.service import Service
from server.store import open_store, record_uuid
from tests.server.conftest import Table, ThreadServer, make_settings
from tests.server.test_concurrency import race

pytestmark = pytest.mark.timeout(180)
FIXTURE = {"deck_size": 40, "hand_size": 3}


class CountingPut:
    """Wraps the event store's put (every transaction Kifu makes goes through it): how
    many transactions, which records each held, and an optional failure to inject."""

    def __init__(self, events: Any) -> None:
        self.put = events.put
        self.batches: list[set[uuid.UUID]] = []
        self.refuse: set[uuid.UUID] = set()

    def __call__(self, events: list[Any], **kwargs: Any) -> Any:
        ids = {event.originator_id for event in events}
        self.batches.append(ids)
        if ids & self.refuse:
            raise OperationalError("disk I/O error (injected)")
        return self.put(events, **kwargs)


def first_move(table: Table, seat: int) -> dict[str, Any]:
    return table.view(seat)["legal_moves"][0]  # type: ignore[no-any-return]


def test_moves_of_many_games_at_once_share_transactions(tmp_path: Path) -> None:
    backend = {"data_dir": str(tmp_path / "data"), "database_url": None}
    with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
        tables = [Table(client, players=2, options=FIXTURE) for _ in range(16)]
        service: Service = srv.app.state["service"]
        counting = CountingPut(service.store.events)
        service.store.events.put = counting  # type: ignore[method-assign]
        clients = [srv.client() for _ in tables]
        moves = 0
        for _ in range(4):
            calls = []
            for table, http in zip(tables, clients, strict=True):
                seat = next(i for i in (0, 1) if table.view(i)["legal_moves"])
                body = {"move_id": uuid.uuid4().hex, "move": first_move(table, seat)}
                url = f"/api/games/{table.id}/moves"
                calls.append(functools.partial(http.post, url, json=body, headers=table.auth(seat)))
            statuses = [r.status_code for r in race(*calls)]
            assert statuses == [201] * len(tables)
            moves += len(tables)
        for http in clients:
            http.close()
        # one transaction a move before; at the same moment they share (measured: ~3-6 a round)
        assert len(counting.batches) < moves * 3 // 4, (len(counting.batches), moves)
        assert max(len(batch) for batch in counting.batches) > 1
        for table in tables:
            assert table.view(0)["seq"] == 4  # every acknowledged move is there


def quick_moves(service: Service, tables: list[tuple[str, list[str]]]) -> list[Any]:
    """One move on each game, all made on one event loop in one go (as run_quick makes
    them): the results, or the exception each raised."""

    def move(game_id: str, tokens: list[str]) -> Any:
        view = service.hosted.view(game_id, tokens[0], None)
        seat = 0 if view.legal_moves else 1
        view = service.hosted.view(game_id, tokens[seat], None)
        req = s.SubmitMove(move_id=uuid.uuid4().hex, move=view.legal_moves[0])
        return service.hosted.submit_move(game_id, tokens[seat], req)

    async def all_at_once() -> list[Any]:
        calls = [
            service.cache.quick(game_id, functools.partial(move, game_id, tokens))
            for game_id, tokens in tables
        ]
        return await asyncio.gather(*calls, return_exceptions=True)

    return asyncio.run(all_at_once())


def service_with_games(tmp_path: Path, games: int) -> tuple[Service, list[tuple[str, list[str]]]]:
    backend = {"data_dir": str(tmp_path / "data"), "database_url": None}
    settings = make_settings(backend)
    service = Service(open_store(settings.data_dir, None), settings, serialize_writes=True)
    tables = []
    for _ in range(games):
        created = service.hosted.create(
            s.CreateGame(game="high-card", players=2, options=FIXTURE), "test"
        )
        tokens = [
            service.hosted.claim_seat(created.game_id, s.ClaimSeat(code=i.code)).token
            for i in created.invites
        ]
        tables.append((created.game_id, tokens))
    return service, tables


def test_one_loop_turn_of_moves_is_one_transaction(tmp_path: Path) -> None:
    service, tables = service_with_games(tmp_path, 5)
    counting = CountingPut(service.store.events)
    service.store.events.put = counting  # type: ignore[method-assign]
    results = quick_moves(service, tables)
    assert [stored for _, stored in results] == [True] * 5
    assert counting.batches == [{record_uuid(game_id) for game_id, _ in tables}]
    reopened = Service(
        service.store,
        make_settings({"data_dir": str(tmp_path / "data"), "database_url": None}),
        serialize_writes=True,
    )
    for game_id, tokens in tables:
        assert reopened.hosted.view(game_id, tokens[0], None).seq == 1


def test_a_batch_that_cannot_be_stored_fails_only_its_refused_moves(tmp_path: Path) -> None:
    service, tables = service_with_games(tmp_path, 4)
    counting = CountingPut(service.store.events)
    service.store.events.put = counting  # type: ignore[method-assign]
    refused_id, refused_tokens = tables[1]
    counting.refuse = {record_uuid(refused_id)}
    results = quick_moves(service, tables)
    # the shared transaction failed; each move was tried alone; only the refused one failed
    assert len(counting.batches) == 1 + len(tables)
    assert isinstance(results[1], OperationalError)
    assert [r[1] for i, r in enumerate(results) if i != 1] == [True] * 3
    # the refused game holds nothing unsaved (rebuilt from the store) and plays on
    assert service.hosted.view(refused_id, refused_tokens[0], None).seq == 0
    counting.refuse = set()
    again = quick_moves(service, [tables[1]])
    assert again[0][1] is True
    assert service.hosted.view(refused_id, refused_tokens[0], None).seq == 1


def test_a_quick_write_that_fails_after_saving_keeps_nothing(tmp_path: Path) -> None:
    """The answer fails after the move was saved (here: building the response raises):
    the move is not stored, the game in memory does not hold it, and the same move
    made again is stored once."""
    service, tables = service_with_games(tmp_path, 1)
    game_id, tokens = tables[0]
    accepted = service.hosted._accepted
    calls = {"n": 0}

    def failing_once(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("the answer could not be made (injected)")
        return accepted(*args, **kwargs)

    service.hosted._accepted = failing_once  # type: ignore[method-assign]
    results = quick_moves(service, tables)
    assert isinstance(results[0], RuntimeError)
    assert service.hosted.view(game_id, tokens[0], None).seq == 0
    assert quick_moves(service, tables)[0][1] is True
    assert service.hosted.view(game_id, tokens[0], None).seq == 1
