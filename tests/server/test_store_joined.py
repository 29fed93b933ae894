"""A stream's move rows are joined into one every few hundred bytes and at the game's end.

Each write stores its entries as one `Chunk` row, and ~70 bytes of every row are the
library's own (issue #21: at rest on the server ≤ 64 bytes an entry). The cache joins
a record's rows since its last joined row into one `Chunks` row (store.py) once their
chunks hold the store's `join_bytes` (400 on SQLite, 1,600 on PostgreSQL), in one
transaction, after the write is stored: on a real SQLite file and a real PostgreSQL
database, the record reads back the same, from the same process and from another that
had read the rows before they were joined.
"""

from __future__ import annotations

import sqlite3
import zlib
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest

from core import games
from core.kernel import Timeline, new_record
from server.cache import RecordCache
from server.store import open_store, record_uuid

from .conftest import Table, ThreadServer, make_settings, postgres_database
from .test_store_compact import file_bytes, play, stream


def cache_on(backend: dict[str, Any]) -> RecordCache:
    store = open_store(backend["data_dir"], backend["database_url"])
    return RecordCache(store, max_bytes=2**26, serialize_writes=backend["database_url"] is None)


def stored_states(backend: dict[str, Any], record_id: str) -> list[tuple[str, Any]]:
    """(topic, decoded msgpack state) of a record's rows, in version order, as the
    database holds them."""
    uid = record_uuid(record_id)
    if backend["database_url"] is None:
        with sqlite3.connect(Path(backend["data_dir"]) / "kifu.sqlite3") as conn:
            query = "SELECT topic, state FROM stored_events WHERE originator_id = ?"
            found = list(conn.execute(query + " ORDER BY originator_version", (uid.hex,)))
    else:
        with psycopg.connect(backend["database_url"]) as conn:
            query = "SELECT topic, state FROM kifustore_events WHERE originator_id = %s"
            found = list(conn.execute(query + " ORDER BY originator_version", (uid,)))
    return [(topic, msgspec.msgpack.decode(state)) for topic, state in found]


def stored_rows(backend: dict[str, Any], record_id: str) -> list[tuple[str, int]]:
    """(topic, bytes of its chunk as stored: 0 for a row without) of a record's rows."""
    states = stored_states(backend, record_id)
    return [(topic, len(state.get("chunk", b""))) for topic, state in states]


def topics(backend: dict[str, Any], record_id: str) -> list[str]:
    return [topic for topic, _ in stored_rows(backend, record_id)]


def write_until_joined(cache: RecordCache, backend: dict[str, Any], live: Any) -> int:
    """Writes of one move each until the record's rows are joined: how many. The rows
    joined held fewer than the store's `join_bytes` of chunks before the last write, which a Ducks
    in Tow move's chunk (20-60 bytes) took past it."""
    joined = topics(backend, live.record_id).count("kifu:chunks")
    moves, before = 0, 0
    while topics(backend, live.record_id).count("kifu:chunks") == joined:
        before = sum(
            size for topic, size in stored_rows(backend, live.record_id) if topic == "kifu:chunk"
        )
        write_moves(cache, live, 1)
        moves += 1
    assert cache.store.join_bytes - 100 < before < cache.store.join_bytes, before
    return moves


def start(cache: RecordCache, record_id: str, game_id: str = "ducks-in-tow") -> Any:
    record = new_record(games.get(game_id), record_id=record_id, seats=2, seed=4)
    cache.store.save(stream(record))
    return cache.get(record_id)


def write_moves(cache: RecordCache, live: Any, moves: int) -> None:
    """`moves` writes of one move each, through the cache's one write path."""
    for _ in range(moves):

        def attempt() -> None:
            cache.append(live, play(live.tl, 1))
            cache.save(live)

        cache.write(live, attempt)


def same_record(a: Timeline[Any, Any, Any], b: Timeline[Any, Any, Any]) -> bool:
    return msgspec.msgpack.encode(a.record) == msgspec.msgpack.encode(b.record)


def test_rows_holding_join_bytes_become_one_row_that_reads_back_the_same(
    backend: dict[str, Any],
) -> None:
    cache = cache_on(backend)
    live = start(cache, "joined-1")
    moves = write_until_joined(cache, backend, live) + write_until_joined(cache, backend, live)
    write_moves(cache, live, 5)
    stored = stored_rows(backend, "joined-1")
    assert [topic for topic, _ in stored] == (
        ["server.store:GameStream.Created"] + ["kifu:chunks"] * 2 + ["kifu:chunk"] * 5
    )
    assert sum(size for _, size in stored[3:]) < cache.store.join_bytes
    # a joined row: its chunk raw-deflated msgpack, [[strings, schemas, devices], rows],
    # a row for every move it joined
    joined = [s for t, s in stored_states(backend, "joined-1") if t == "kifu:chunks"]
    rows = [msgspec.msgpack.decode(zlib.decompress(s["chunk"], -15))[1] for s in joined]
    assert sum(map(len, rows)) == moves
    again = cache_on(backend).get("joined-1")
    assert same_record(again.tl, live.tl)
    assert again.aggregate.version == live.aggregate.version == 1 + moves + 5
    # and it goes on from there, in this process and in one that read it anew
    write_moves(cache, live, 1)
    write_moves(cache, again, 1)  # the same cache's Live, refreshed
    reread = cache_on(backend).get("joined-1")
    assert same_record(reread.tl, again.tl) and reread.tl.seq == moves + 7


def test_a_finished_game_is_joined_rows_only(backend: dict[str, Any], client: Any) -> None:
    """Through the server (on SQLite a move is a quick write, joined after its group
    commit): the end joins whatever is left, however few rows."""
    table = Table(client)
    table.play_out()
    assert table.view(0)["outcome"] is not None
    stored = topics(backend, table.id)
    assert "kifu:chunk" not in stored and "kifu:chunks" in stored, stored


def test_a_process_that_read_rows_before_they_were_joined_reads_them_anew(
    backend: dict[str, Any],
) -> None:
    """Another process (its own cache) holds the record at a version inside the rows
    this one joins: its next write refreshes, finds the joined row, and loads again
    rather than reading entries twice."""
    here, there = cache_on(backend), cache_on(backend)
    live = start(here, "joined-2")
    write_moves(here, live, 3)
    theirs = there.get("joined-2")  # has read rows 2..4
    moves = 3 + write_until_joined(here, backend, live)  # joins rows 2.. on
    assert topics(backend, "joined-2")[1:] == ["kifu:chunks"]
    write_moves(there, theirs, 3)  # refreshes first: rows it read are gone
    assert theirs.tl.seq == moves + 3
    write_moves(here, live, 1)
    assert live.tl.seq == moves + 4
    assert same_record(cache_on(backend).get("joined-2").tl, live.tl)


def test_a_join_of_rows_another_writer_joined_first_changes_nothing(
    backend: dict[str, Any],
) -> None:
    """Two joins of the same rows: the one that finds them gone stores nothing."""
    cache = cache_on(backend)
    live = start(cache, "joined-3")
    for _ in range(5):  # stored without joining (save alone, as an upload would)
        cache.append(live, play(live.tl, 1))
        cache.save(live)
    uid = record_uuid("joined-3")
    stale = list(cache.store.events.get(uid))  # read before the other writer joins
    assert cache_on(backend).store.join_chunk_rows(uid) == 5
    assert cache.store.join_chunk_rows(uid, stale) == 0
    assert topics(backend, "joined-3") == ["server.store:GameStream.Created", "kifu:chunks"]
    assert same_record(cache_on(backend).get("joined-3").tl, live.tl)


def test_rows_of_other_kinds_between_joined_ones_keep_their_place(tmp_path: Path) -> None:
    """A seat claimed between two moves stays a row of its own; the stream still
    loads though the versions it reads now skip the joined rows."""
    backend = {"data_dir": str(tmp_path), "database_url": None}
    cache = cache_on(backend)
    live = start(cache, "joined-4")
    write_moves(cache, live, 3)

    def claim() -> None:
        live.aggregate.claim_seat(0, "hash", "Aki")
        cache.save(live)

    cache.write(live, claim)
    write_until_joined(cache, backend, live)
    assert topics(backend, "joined-4") == [
        "server.store:GameStream.Created",
        "server.store:GameStream.SeatClaimed",
        "kifu:chunks",
    ]
    again = cache_on(backend).get("joined-4")
    assert again.aggregate.seat_name(0) == "Aki" and same_record(again.tl, live.tl)


@pytest.mark.parametrize(("game_id", "bound"), [("ducks-in-tow", 32), ("tulikko", 70)])
def test_a_stored_move_takes_about_64_bytes_of_sqlite_file_or_less(
    tmp_path: Path, game_id: str, bound: int
) -> None:
    """600 moves (in as many games as that takes), one write each. A row a write took
    116 bytes of file a Ducks in Tow move (test_store_compact) and 116 a Tulikko one;
    joined and deflated, 20.5 and 61.4 measured (a bound a page over). A Tulikko game
    is ~50 moves, so its table row (~460 bytes: the genesis, the seats' hashes) is ~9
    of them."""
    backend = {"data_dir": str(tmp_path), "database_url": None}
    start(cache_on(backend), "empty", game_id)
    empty = file_bytes(tmp_path)
    cache = cache_on(backend)
    moves = 0
    while moves < 600:
        live = start(cache, f"game-{moves}", game_id)
        while moves < 600 and live.tl.to_move():
            write_moves(cache, live, 1)
            moves += 1
    per_move = (file_bytes(tmp_path) - empty) / moves
    print(f"{game_id}: {per_move:.1f} bytes of file a stored move")
    assert per_move < bound, f"{per_move:.0f} bytes a stored move"


@pytest.mark.postgres
def test_postgresql_joins_larger_rows_than_sqlite_a_stored_move_takes_under_40_bytes() -> None:
    """3,000 Tulikko moves (~60 games) one write each, the table's rows (heap, indexes,
    TOAST) measured once `VACUUM FULL` has packed them. Every row carries ~130 bytes
    of its own, so PostgreSQL joins larger rows than SQLite: joined at SQLite's 400
    bytes of chunks, 54.6 bytes a move measured; at its 1,600, 32.8. (As played, with
    the space dead rows leave between vacuums, bench_records measures: it varies with
    when the vacuums come, 55-71 for this test's games played 30 side by side.)"""
    with postgres_database() as url, psycopg.connect(url, autocommit=True) as conn:
        cache = cache_on({"data_dir": "", "database_url": url})
        start(cache, "empty", "tulikko")
        conn.execute("VACUUM FULL kifustore_events")
        empty = pg_table_bytes(url)
        moves, games_started = 0, 0
        while moves < 3000:
            live = start(cache, f"game-{games_started}", "tulikko")
            games_started += 1
            while moves < 3000 and live.tl.to_move():
                write_moves(cache, live, 1)
                moves += 1
        conn.execute("VACUUM FULL kifustore_events")
        per_move = (pg_table_bytes(url) - empty) / moves
    print(f"tulikko: {per_move:.1f} bytes of PostgreSQL table a stored move")
    assert per_move < 40, f"{per_move:.0f} bytes a stored move"


def pg_table_bytes(url: str) -> int:
    """The table's pages of rows: its heap, its indexes and its TOAST table's (not the
    free-space and visibility maps, ~32 KiB whatever the table holds)."""
    query = """
        SELECT sum(pg_relation_size(c.oid, 'main')) FROM pg_class c
        WHERE c.oid = 'kifustore_events'::regclass
           OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN (
                'kifustore_events'::regclass,
                (SELECT reltoastrelid FROM pg_class WHERE oid = 'kifustore_events'::regclass)))
           OR c.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = 'kifustore_events'::regclass)
    """
    with psycopg.connect(url) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


@pytest.mark.postgres
def test_postgresql_vacuums_the_rows_joins_leave_dead() -> None:
    """The library's table is made for rows never deleted (autovacuum at 10^8 dead
    rows); joining deletes them, so the store asks for a vacuum at a thousand."""
    with postgres_database() as url:
        open_store("", url)
        with psycopg.connect(url) as conn:
            row = conn.execute(
                "SELECT reloptions FROM pg_class WHERE relname = 'kifustore_events'"
            ).fetchone()
    assert row is not None and "autovacuum_vacuum_threshold=1000" in row[0], row


def test_two_servers_taking_turns_on_one_game_join_and_agree(backend: dict[str, Any]) -> None:
    """Two servers on one database (as two processes would be), each with its own
    cache, take turns writing the moves of one long game: each joins rows the other
    has read, each refreshes onto the other's joined rows, and a third server that
    loads the game from the store serves the very record both of them hold."""
    with (
        ThreadServer(make_settings(backend)) as one,
        ThreadServer(make_settings(backend)) as two,
        one.client() as a,
        two.client() as b,
    ):
        table = Table(a, 2, game="ducks-in-tow")
        for n in range(80):
            table.client = (a, b)[n % 2]  # this move through the other server
            moved = table.play_one()
            assert moved is not None and moved.status_code == 201, moved and moved.text
        assert "kifu:chunks" in topics(backend, table.id)
        records = []
        with ThreadServer(make_settings(backend)) as three, three.client() as c:
            for client in (a, b, c):
                response = client.get(f"/api/games/{table.id}/record", headers=table.auth(None))
                assert response.status_code == 200, response.text
                records.append(response.json())
        assert records[0]["seq"] == 80 and len(records[0]["entries"]) == 80
        assert records[1] == records[0] and records[2] == records[0]
