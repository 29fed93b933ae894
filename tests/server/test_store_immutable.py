"""Stored events are immutable, and stores written before keep opening (issue #35).

No row of the store is ever updated or deleted: through a real server, on SQLite and
PostgreSQL, every row a request finds is still there, byte for byte, once it is
answered (a server before issue #35 deleted a game's move rows to join them into one).
A store that server wrote (`fixtures/old_store.sqlite3`, made by
`fixtures/make_old_store.py` with that code: joined `Chunks` rows and the gaps they
leave, `Chunk` rows, `EntriesPacked`, `EntryAppended`, `EntriesAppended`, JSON rows)
serves the very records it served, and goes on under today's code.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psycopg

from core import games
from core.kernel import Timeline, decode_record, encode_record, new_record
from server.store import record_uuid

from .conftest import Table, ThreadServer, make_settings
from .test_store_compact import play

FIXTURES = Path(__file__).parent / "fixtures"
Rows = dict[tuple[str, str, int], tuple[str, bytes]]


def all_rows(backend: dict[str, Any]) -> Rows:
    """Every row of every table of the store (events, checkpoints, whatever else):
    {(table, originator id, version): (topic, stored state)}."""
    rows: Rows = {}
    if backend["database_url"] is None:
        path = Path(backend["data_dir"]) / "kifu.sqlite3"
        with contextlib.closing(sqlite3.connect(path)) as conn:
            tables = [
                name
                for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            ]
            for table in tables:
                query = f"SELECT originator_id, originator_version, topic, state FROM {table}"
                for originator, version, topic, state in conn.execute(query):
                    rows[table, str(originator), version] = (topic, bytes(state))
        return rows
    with psycopg.connect(backend["database_url"]) as conn:
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT tablename FROM pg_tables WHERE tablename LIKE 'kifustore_%'"
            )
        ]
        for table in tables:
            query = f"SELECT originator_id, originator_version, topic, state FROM {table}"
            for originator, version, topic, state in conn.execute(query):
                rows[table, str(originator), version] = (topic, bytes(state))
    return rows


def unchanged(before: Rows, after: Rows) -> list[Any]:
    """The rows of `before` that `after` lacks or holds otherwise."""
    return [key for key, row in before.items() if after.get(key) != row]


@contextlib.contextmanager
def watched(server: ThreadServer, backend: dict[str, Any]) -> Iterator[httpx.Client]:
    """A client of `server` that, around every request that writes, reads every row of
    the store before it and checks they are all still there, unchanged, once it is
    answered."""
    seen: dict[str, Any] = {"writes": 0}

    def before(request: httpx.Request) -> None:
        if request.method != "GET":
            seen["rows"] = all_rows(backend)

    def after(response: httpx.Response) -> None:
        if response.request.method == "GET":
            return
        response.read()
        rows = all_rows(backend)
        changed = unchanged(seen["rows"], rows)
        assert not changed, f"{response.request.url.path} changed or deleted rows: {changed}"
        seen["writes"] += 1

    hooks = {"request": [before], "response": [after]}
    with server.client(event_hooks=hooks) as client:
        yield client
    assert seen["writes"] > 0


def test_no_stored_row_is_ever_changed_or_deleted(backend: dict[str, Any]) -> None:
    """Hosted games (a long one, its take-back, one with a bot seat, one played to its
    end and shared), an upload, entries appended to it and a fork: after each write,
    every row stored before it is there as it was (fails on the server before issue
    #35, which deleted a game's rows to join them, and at every game's end)."""
    with ThreadServer(make_settings(backend)) as srv, watched(srv, backend) as client:
        long = Table(client, 2, game="ducks-in-tow")
        for _ in range(100):
            moved = long.play_one()
            assert moved is not None and moved.status_code == 201, moved and moved.text
        undone = [  # the seat whose move was the last takes it back
            client.post(
                f"/api/games/{long.id}/takebacks",
                json={"move_id": "undo-1"},
                headers=long.auth(seat),
            ).status_code
            for seat in (0, 1)
        ]
        assert 201 in undone, undone
        for _ in range(20):
            moved = long.play_one()
            assert moved is not None and moved.status_code == 201, moved and moved.text

        bots = Table(client, 2, bots={"1": "random"})
        bots.play_out()
        finished = Table(client, 2)
        finished.play_out()
        assert finished.view(0)["outcome"] is not None
        shared = client.post(f"/api/games/{finished.id}/share", headers=finished.auth(0))
        assert shared.status_code == 201, shared.text

        timeline = local_record("immutable-1", 30)
        upload = client.post("/api/records", content=encode_record(timeline.record))
        assert upload.status_code == 201, upload.text
        owner = {"Authorization": f"Bearer {upload.json()['owner_token']}"}
        base = timeline.tip_hash
        play(timeline, 10)
        appended = client.post(
            "/api/records/immutable-1/entries",
            json={"expected_tip": base, "entries": entries_json(timeline.record.entries[30:])},
            headers=owner,
        )
        assert appended.status_code == 200, appended.text
        branch = local_record("immutable-1", 30)
        branch.play(branch.to_move()[0], branch.legal_moves(branch.to_move()[0])[-1], move_id="b")
        forked = client.post(
            "/api/records/immutable-1/entries",
            json={"expected_tip": base, "entries": entries_json(branch.record.entries[30:])},
            headers=owner,
        )
        assert forked.status_code == 201, forked.text
    tables = {table for table, _, _ in all_rows(backend)}
    checkpoints = [key for key in all_rows(backend) if "checkpoints" in key[0]]
    assert checkpoints, f"no checkpoint was stored ({sorted(tables)}): the test covers none"


def local_record(record_id: str, entries: int) -> Any:
    game = games.get("ducks-in-tow")
    timeline = Timeline(game, new_record(game, record_id=record_id, seats=2, seed=9))
    play(timeline, entries)
    return timeline


def entries_json(entries: list[Any]) -> list[Any]:
    return [msgspec.to_builtins(entry) for entry in entries]


# -- a store written before ------------------------------------------------------


def digest(data: Any) -> str:
    """As fixtures/make_old_store.py hashes what the server answered."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def same_answer(got: dict[str, Any], expected: dict[str, Any]) -> bool:
    """Whether an answer serves the record the old server's did: its entries, byte for
    byte as JSON (`digest`), its seq and tip hash. (The rest of an answer is the API's,
    which grows: a view has carried `undo` since.)"""
    entries = got["record"]["entries"] if "record" in got else got.get("entries")
    return (
        got.get("seq") == expected["seq"]
        and got.get("tip_hash") == expected["tip_hash"]
        and (entries is None) == (expected["entries_sha256"] is None)
        and (entries is None or digest(entries) == expected["entries_sha256"])
    )


def answer(client: httpx.Client, path: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.get(path, headers=headers)
    assert response.status_code == 200, f"{path}: {response.text}"
    return response.json()


def first_move(client: httpx.Client, game_id: str, tokens: dict[str, str], n: int) -> bool:
    """The seat to move plays its first legal move; False once none can."""
    for token in tokens.values():
        auth = {"Authorization": f"Bearer {token}"}
        view = answer(client, f"/api/games/{game_id}/view", token)
        if view["outcome"] is None and view["legal_moves"]:
            body = {
                "move_id": f"new-{n}",
                "expected_seq": view["seq"],
                "move": view["legal_moves"][0],
            }
            moved = client.post(f"/api/games/{game_id}/moves", json=body, headers=auth)
            assert moved.status_code == 201, moved.text
            return True
    return False


def test_a_store_written_before_opens_serves_the_same_and_goes_on(tmp_path: Path) -> None:
    """The store a server before issue #35 wrote (every kind of row it held) serves
    every record as it did (each seat's record and view, the owner's local records,
    the shared game: the same entries, seq and tip), takes new moves and entries
    after its old rows (checkpoints too, on a game whose rows were joined; none on one
    with JSON entries, which no chunk can hold), never touching an old row, and a
    server started anew serves the old entries followed by the new."""
    made = json.loads((FIXTURES / "old_store.json").read_text())
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    shutil.copy(FIXTURES / "old_store.sqlite3", data_dir / "kifu.sqlite3")
    backend = {"data_dir": str(data_dir), "database_url": None}
    old_rows = all_rows(backend)
    served = made["served"]
    moved: dict[str, int] = {}
    with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
        for key, expected in served.items():
            game_id, *rest = key.split("/")
            if game_id == "local":
                got = answer(client, f"/api/records/{rest[0]}", made["local"][rest[0]])
            elif game_id == "shared":
                got = answer(client, f"/api/shared/{rest[0]}")
            else:
                seat, what = rest
                got = answer(client, f"/api/games/{game_id}/{what}", made["hosted"][game_id][seat])
            assert same_answer(got, expected), f"{key}: not what the old server served"

        for game_id, tokens in made["hosted"].items():
            n = 0
            while n < 40 and first_move(client, game_id, tokens, n):
                n += 1
            moved[game_id] = n
        owner = made["local"]["local-1"]
        download = answer(client, "/api/records/local-1", owner)
        game = games.get(download["record"]["genesis"]["game"])
        record = decode_record(json.dumps(download["record"]).encode(), game)
        timeline = Timeline(game, record)
        tip = timeline.tip_hash
        play(timeline, 3)
        appended = client.post(
            "/api/records/local-1/entries",
            json={"expected_tip": tip, "entries": entries_json(timeline.record.entries[-3:])},
            headers={"Authorization": f"Bearer {owner}"},
        )
        assert appended.status_code == 200, appended.text
    assert moved["gaps-1"] == moved["legacy-1"] == moved["legacy-2"] == 40, moved

    rows = all_rows(backend)
    assert not unchanged(old_rows, rows), "old rows changed"
    new_topics = {topic for key, (topic, _) in rows.items() if key not in old_rows}
    assert new_topics == {"kifu:c", "kifu:checkpoint"}, new_topics
    checkpointed = {originator for table, originator, _ in rows if table == "stored_checkpoints"}
    assert record_uuid("gaps-1").hex in checkpointed  # its joined rows, then 40 moves
    assert record_uuid("legacy-1").hex not in checkpointed  # JSON entries: no checkpoint

    with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
        for key, expected in served.items():
            game_id, *rest = key.split("/")
            if game_id in ("local", "shared") or rest[1] != "record":
                continue
            got = answer(client, f"/api/games/{game_id}/record", made["hosted"][game_id][rest[0]])
            assert got["seq"] == expected["seq"] + moved[game_id], key
            assert digest(got["entries"][: expected["seq"]]) == expected["entries_sha256"], key
        got = answer(client, "/api/records/local-1", owner)
        old = served["local/local-1"]
        assert got["seq"] == old["seq"] + 3
        assert digest(got["record"]["entries"][: old["seq"]]) == old["entries_sha256"]
        for share_id in made["shared"]:
            shared = answer(client, f"/api/shared/{share_id}")
            shared.pop("view")  # the API's since (the final board for a fresh device)
            assert shared.pop("review") is None  # an old share opens, with no review
            assert digest(shared) == served[f"shared/{share_id}"]["sha256"]


def test_the_fixture_holds_every_kind_a_store_held_before() -> None:
    """What the test above opens: joined rows (with gaps), unjoined `Chunk` rows, JSON
    `kifu:chunk` rows, `EntriesPacked` (both topics), `EntryAppended`,
    `EntriesAppended`, bots, a share, a fork."""
    topics = {
        topic
        for record in json.loads((FIXTURES / "old_store.json").read_text())["topics"].values()
        for topic in record
    }
    assert topics >= {
        "kifu:chunks",
        "kifu:chunk",
        "kifu:packed",
        "server.store:GameStream.EntriesPacked",
        "server.store:GameStream.EntryAppended",
        "server.store:GameStream.EntriesAppended",
        "server.store:GameStream.BotsSeated",
        "server.store:GameStream.SeatClaimed",
        "server.store:GameStream.Shared",
        "server.store:GameStream.Forked",
    }, topics
    with contextlib.closing(sqlite3.connect(FIXTURES / "old_store.sqlite3")) as conn:
        states = conn.execute("SELECT topic, state FROM stored_events").fetchall()
    json_chunks = [s for t, s in states if t == "kifu:chunk" and bytes(s[:1]) == b"{"]
    assert json_chunks, "no kifu:chunk row stored as JSON"
