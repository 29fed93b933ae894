"""The store holds each entry once, as a packed chunk; stores written before keep opening.

Through the server's own cache on a real SQLite file (issue #21): a hosted game's
moves are `Chunk` events whose rows hold the compact form and nothing derivable, and
a store that holds the JSON `EntryAppended`/`EntriesAppended` or the seq-carrying
`EntriesPacked` events of earlier servers loads to the same record, and goes on in
chunks after them.
"""

from __future__ import annotations

import base64
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import msgspec
from eventsourcing.utils import resolve_topic

from core import games
from core.kernel import Timeline, canonical, new_record
from server.cache import RecordCache
from server.store import EPOCH, GameStream, open_store


def stream(record: Any) -> GameStream:
    return GameStream(
        record_id=record.id,
        kind="hosted",
        game=record.genesis.game,
        genesis=canonical(record.genesis).decode(),
        invite_hashes=["", ""],
        spectator_hash="",
        owner_hash="",
        names=[],
        fork_of="",
        fork_seq=0,
        shares_prefix=False,
    )


def play(timeline: Timeline[Any, Any, Any], moves: int) -> list[Any]:
    made = []
    for n in range(moves):
        seat = timeline.to_move()[0]
        move = timeline.legal_moves(seat)[n % len(timeline.legal_moves(seat))]
        made.append(timeline.play(seat, move, move_id=f"{timeline.seq:016x}", at=1000 * n))
    return made


def raw_rows(data_dir: Path) -> list[tuple[str, bytes]]:
    """(topic, stored state) of every row, in order."""
    with sqlite3.connect(data_dir / "kifu.sqlite3") as conn:
        query = "SELECT topic, state FROM stored_events ORDER BY originator_version"
        return list(conn.execute(query))


def as_json_rows(data_dir: Path, *, iso: bool = False, topics: tuple[str, str] = ("", "")) -> None:
    """Rewrite every row's state to the JSON earlier servers wrote (their timestamps as
    integer microseconds, or with `iso` as the library's ISO text) and, with `topics`,
    one topic to another."""
    with sqlite3.connect(data_dir / "kifu.sqlite3") as conn:
        query = "SELECT originator_id, originator_version, state FROM stored_events"
        for originator, version, state in conn.execute(query).fetchall():
            if state[:1] == b"{":  # JSON already: its timestamp as integer microseconds
                data = msgspec.json.decode(state)
                micros = data["timestamp"]["_data_"]
            else:
                data = msgspec.msgpack.decode(state)
                micros = (data["timestamp"] - EPOCH) // timedelta(microseconds=1)
            data["timestamp"] = {"_type_": "dt", "_data_": micros}
            if iso:
                text = (EPOCH + timedelta(microseconds=micros)).isoformat()
                data["timestamp"] = {"_type_": "datetime_iso", "_data_": text}
            conn.execute(
                "UPDATE stored_events SET state = ?, topic = replace(topic, ?, ?)"
                " WHERE originator_id = ? AND originator_version = ?",
                (msgspec.json.encode(data), *topics, originator, version),
            )


def rows(data_dir: Path) -> list[tuple[str, int]]:
    """(event class name, bytes of its stored state) of every row, in order."""
    return [(resolve_topic(topic).__name__, len(state)) for topic, state in raw_rows(data_dir)]


def test_moves_are_stored_once_each_as_packed_chunks(tmp_path: Path) -> None:
    game = games.get("tulikko")
    store = open_store(str(tmp_path), None)
    cache = RecordCache(store, max_bytes=2**26, serialize_writes=True)
    record = new_record(game, record_id="hosted-1", seats=2, seed=4)
    store.save(stream(record))
    live = cache.get("hosted-1")
    for _ in range(30):
        entries = play(live.tl, 1)
        cache.append(live, entries)
        cache.save(live)
    stored = rows(tmp_path)
    assert [topic for topic, _ in stored] == ["Created"] + ["Chunk"] * 30
    json_sizes = [len(canonical(e)) for e in live.tl.record.entries]
    packed_sizes = [size for _, size in stored[1:]]
    # the row's state is the library's JSON around the chunk: far below the entry's JSON
    assert sum(packed_sizes) < sum(json_sizes) / 2, (packed_sizes, json_sizes)
    again = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    loaded = again.get("hosted-1").tl.record
    assert msgspec.msgpack.encode(loaded) == msgspec.msgpack.encode(live.tl.record)


def test_a_store_of_json_entry_events_loads_and_goes_on_packed(tmp_path: Path) -> None:
    game = games.get("ducks-in-tow")
    record = new_record(game, record_id="old-1", seats=2, seed=6)
    timeline = Timeline(game, record)
    first, batch = play(timeline, 1), play(timeline, 5)
    agg = stream(record)
    agg.append_entry(seq=1, entry=canonical(first[0]).decode())  # as earlier servers did
    agg.append_entries(last_seq=6, entries=canonical(batch).decode())
    open_store(str(tmp_path), None).save(agg)
    as_json_rows(tmp_path)
    cache = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    live = cache.get("old-1")
    assert live.tl.record.entries == timeline.record.entries
    cache.append(live, play(live.tl, 3))
    cache.save(live)
    topics = [topic for topic, _ in rows(tmp_path)]
    assert topics == ["Created", "EntryAppended", "EntriesAppended", "Chunk"]
    reopened = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    assert reopened.get("old-1").tl.record.entries == live.tl.record.entries


LONG_TOPIC = "server.store:GameStream.EntriesPacked"  # the library's, as earlier servers wrote


def test_a_move_row_is_msgpack_around_the_chunk_s_bytes(tmp_path: Path) -> None:
    """The row of a move spends its bytes on the move: the topic is `kifu:chunk` (not
    the library's 37-byte default), the state msgpack (the chunk's bytes as they are,
    where JSON held base85 text; the timestamp msgpack's own, exact to the
    microsecond, where JSON held `{"_type_": "dt", ...}`), and no seqs (the chunk's
    position in the stream gives them)."""
    game = games.get("tulikko")
    store = open_store(str(tmp_path), None)
    cache = RecordCache(store, max_bytes=2**26, serialize_writes=True)
    store.save(stream(new_record(game, record_id="hosted-2", seats=2, seed=5)))
    live = cache.get("hosted-2")
    for _ in range(2):  # the first chunk also carries the tables; the second is a move
        cache.append(live, play(live.tl, 1))
        cache.save(live)
    topic, state = raw_rows(tmp_path)[-1]
    assert topic == "kifu:chunk"
    data = msgspec.msgpack.decode(state)
    assert set(data) == {"timestamp", "chunk"} and isinstance(data["chunk"], bytes)
    around = len(state) - len(data["chunk"])  # the library's bytes around the chunk
    assert around < 35, state  # JSON: ~55 and a quarter of the chunk (base85)
    again = open_store(str(tmp_path), None)
    *_, last = list(again.events.get(live.aggregate.id))
    assert last.timestamp == live.aggregate.modified_on  # exact to the microsecond


def seq_carrying_store(tmp_path: Path, game_id: str, record_id: str, writes: list[int]) -> Any:
    """A store as the server wrote it before `Chunk`: each write an `EntriesPacked`
    event (the chunk beside its first and last seq, topic `kifu:packed`); the played
    Timeline."""
    from core.kernel.packing import Tables
    from server.store import pack_chunk

    game = games.get(game_id)
    record = new_record(game, record_id=record_id, seats=2, seed=len(record_id))
    timeline = Timeline(game, record)
    agg, tables, after = stream(record), Tables(), None
    for size in writes:
        entries = play(timeline, size)
        packed = pack_chunk(game, record.genesis, entries, after=after, tables=tables)
        chunk = base64.b85encode(packed).decode()  # as text: those servers' rows were JSON
        agg.append_packed(first_seq=entries[0].seq, last_seq=entries[-1].seq, chunk=chunk)
        after = entries[-1]
    open_store(str(tmp_path), None).save(agg)
    as_json_rows(tmp_path)
    return timeline


def test_rows_with_the_long_topic_and_iso_timestamps_still_open(tmp_path: Path) -> None:
    """A store an earlier server wrote (the library's topic and ISO timestamps, made
    here by rewriting rows back to that form) loads to the same record and goes on."""
    held = seq_carrying_store(tmp_path, "ducks-in-tow", "old-2", [2, 2, 2]).record.entries
    as_json_rows(tmp_path, iso=True, topics=("kifu:packed", LONG_TOPIC))
    assert [topic for topic, _ in raw_rows(tmp_path)][1:] == [LONG_TOPIC] * 3
    reopened = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    old = reopened.get("old-2")
    assert old.tl.record.entries == held
    reopened.append(old, play(old.tl, 1))
    reopened.save(old)
    assert [topic for topic, _ in raw_rows(tmp_path)][-1] == "kifu:chunk"


def test_a_store_of_seq_carrying_chunks_loads_and_goes_on(tmp_path: Path) -> None:
    """Rows the server wrote before `Chunk` (`EntriesPacked`, with first_seq and
    last_seq beside the chunk, under the `kifu:packed` topic) load to the same record,
    and the moves after them are chunks that continue their tables."""
    timeline = seq_carrying_store(tmp_path, "whispering-woods", "old-3", [1, 4, 1])
    assert [topic for topic, _ in raw_rows(tmp_path)][1:] == ["kifu:packed"] * 3
    cache = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    live = cache.get("old-3")
    assert live.tl.record.entries == timeline.record.entries
    cache.append(live, play(live.tl, 2))
    cache.save(live)
    assert [name for name, _ in rows(tmp_path)] == ["Created"] + ["EntriesPacked"] * 3 + ["Chunk"]
    reopened = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    assert reopened.get("old-3").tl.record.entries == live.tl.record.entries


def stored_moves(data_dir: Path, record_id: str, moves: int) -> Timeline[Any, Any, Any]:
    """`moves` moves of a Ducks in Tow game, one write each, as a hosted game stores
    them; the game as played."""
    cache = RecordCache(open_store(str(data_dir), None), max_bytes=2**26, serialize_writes=True)
    record = new_record(games.get("ducks-in-tow"), record_id=record_id, seats=2, seed=4)
    cache.store.save(stream(record))
    live = cache.get(record_id)
    for _ in range(moves):
        cache.append(live, play(live.tl, 1))
        cache.save(live)
    return live.tl


def file_bytes(data_dir: Path) -> int:
    path = data_dir / "kifu.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def test_a_new_sqlite_file_keeps_each_row_once_without_a_rowid(tmp_path: Path) -> None:
    """No notification log on SQLite either: one b-tree keyed by (originator id,
    version), where the log's rowid table kept each row's id and version again in its
    key index. A stored move takes under 140 bytes of file (116 measured; 164 with
    JSON rows, 205 with the log too)."""
    stored_moves(tmp_path, "lean", 0)
    empty = file_bytes(tmp_path)
    stored_moves(tmp_path, "lean-2", 600)
    per_move = (file_bytes(tmp_path) - empty) / 600
    with sqlite3.connect(tmp_path / "kifu.sqlite3") as conn:
        tables = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'"))
        indexes = conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()
    assert "WITHOUT ROWID" in tables["stored_events"] and indexes == []
    assert per_move < 140, f"{per_move:.0f} bytes a stored move"


def test_a_file_with_the_notification_log_table_loads_and_goes_on(tmp_path: Path) -> None:
    """A file an earlier server made (the application recorder's rowid table) keeps
    its table: the same columns, so its games load and go on in it."""
    with sqlite3.connect(tmp_path / "kifu.sqlite3") as conn:  # as that recorder made it
        conn.execute(
            "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, "
            "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))"
        )
    held = stored_moves(tmp_path, "old-file", 5).record.entries
    reopened = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    old = reopened.get("old-file")
    assert old.tl.record.entries == held
    reopened.append(old, play(old.tl, 1))
    reopened.save(old)
    again = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    assert again.get("old-file").tl.record.entries == old.tl.record.entries
    with sqlite3.connect(tmp_path / "kifu.sqlite3") as conn:
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'stored_events'")
        assert "WITHOUT ROWID" not in sql.fetchone()[0]
