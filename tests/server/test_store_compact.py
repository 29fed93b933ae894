"""The store holds each entry once, as a packed chunk; stores written before keep opening.

Through the server's own cache on a real SQLite file (issue #21): a hosted game's
moves are `Chunk` events whose rows hold the compact form and nothing derivable, and
a store that holds the JSON `EntryAppended`/`EntriesAppended` or the seq-carrying
`EntriesPacked` events of earlier servers (their rows written here as those servers
wrote them) loads to the same record, read through the library's upcasting, and goes
on in chunks after them.
"""

from __future__ import annotations

import base64
import sqlite3
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

import msgspec
from eventsourcing.utils import resolve_topic

from core import games
from core.kernel import Timeline, canonical, new_record
from server.cache import RecordCache
from server.store import DEFLATED, EPOCH, GameStream, RowCompressor, open_store, record_uuid


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


def old_rows(
    data_dir: Path, record: Any, rows: list[tuple[str, dict[str, Any]]], *, iso: bool = False
) -> None:
    """A record stored as earlier servers stored it: its `Created` (as today), then
    `rows` ({topic: state}) at versions 2.. as those servers' JSON rows (timestamps as
    integer microseconds, or with `iso` as the library's ISO text; bytes as base85
    text)."""
    open_store(str(data_dir), None).save(stream(record))
    now = EPOCH + timedelta(days=20_000)
    micros = (now - EPOCH) // timedelta(microseconds=1)
    stamp = (
        {"_type_": "datetime_iso", "_data_": now.isoformat()}
        if iso
        else {"_type_": "dt", "_data_": micros}
    )
    with sqlite3.connect(data_dir / "kifu.sqlite3") as conn:
        for version, (topic, fields) in enumerate(rows, 2):
            state = {
                key: base64.b85encode(value).decode() if isinstance(value, bytes) else value
                for key, value in fields.items()
            }
            conn.execute(
                "INSERT INTO stored_events (originator_id, originator_version, topic, state)"
                " VALUES (?, ?, ?, ?)",
                (
                    record_uuid(record.id).hex,
                    version,
                    topic,
                    msgspec.json.encode({"timestamp": stamp, **state}),
                ),
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
    entry = canonical(first[0]).decode()
    old_rows(
        tmp_path,
        record,
        [
            (
                "server.store:GameStream.EntryAppended",
                {"seq": 1, "entry": entry},
            ),
            (
                "server.store:GameStream.EntriesAppended",
                {"last_seq": 6, "entries": canonical(batch).decode()},
            ),
        ],
    )
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


def test_a_move_row_is_the_chunk_s_bytes_and_little_else(tmp_path: Path) -> None:
    """The row of a move spends its bytes on the move: the topic is `kifu:c` (not the
    library's 29-byte default), the state msgpack (the chunk's bytes as they are,
    where JSON held base85 text; the timestamp msgpack's own, exact to the
    microsecond, where JSON held `{"_type_": "dt", ...}`) deflated against the
    dictionary of what every such row repeats (`RowCompressor`), and no seqs (the
    chunk's position in the stream gives them)."""
    game = games.get("tulikko")
    store = open_store(str(tmp_path), None)
    cache = RecordCache(store, max_bytes=2**26, serialize_writes=True)
    store.save(stream(new_record(game, record_id="hosted-2", seats=2, seed=5)))
    live = cache.get("hosted-2")
    for _ in range(2):  # the first chunk also carries the tables; the second is a move
        cache.append(live, play(live.tl, 1))
        cache.save(live)
    topic, state = raw_rows(tmp_path)[-1]
    assert topic == "kifu:c" and state[:1] == DEFLATED
    plain = RowCompressor().decompress(state)
    data = msgspec.msgpack.decode(plain)
    assert set(data) == {"timestamp", "chunk"} and isinstance(data["chunk"], bytes)
    around = len(plain) - len(data["chunk"])  # the library's bytes around the chunk
    assert around < 35, plain  # JSON: ~55 and a quarter of the chunk (base85)
    assert len(state) < len(data["chunk"]) + 20, (state, plain)  # deflated: ~11
    again = open_store(str(tmp_path), None)
    *_, last = list(again.events.get(live.aggregate.id))
    assert last.timestamp == live.aggregate.modified_on  # exact to the microsecond


def test_rows_are_deflated_where_it_pays_and_plain_rows_still_read() -> None:
    """`RowCompressor`, the library's compressor for the store's rows: a state that
    deflates shorter is stored so (its first byte `DEFLATED`, which neither msgpack's
    map nor JSON starts with), one that does not as it is; plain states read as they
    are. The library's `ZlibCompressor` makes a move's row longer."""
    from eventsourcing.compressor import ZlibCompressor

    from core.kernel.packing import Tables
    from server.store import pack_chunk

    game = games.get("ducks-in-tow")
    timeline = Timeline(game, new_record(game, record_id="rows", seats=2, seed=3))
    first, second = play(timeline, 2)
    tables = Tables()
    pack_chunk(game, timeline.record.genesis, [first], tables=tables)
    chunk = pack_chunk(game, timeline.record.genesis, [second], after=first, tables=tables)
    stamp = EPOCH + timedelta(days=20_000, microseconds=7)
    row = msgspec.msgpack.encode({"timestamp": stamp, "chunk": chunk})  # a move's
    compressor = RowCompressor()
    deflated = compressor.compress(row)
    assert deflated[:1] == DEFLATED and len(deflated) < len(row) - 15, (row, deflated)
    assert compressor.decompress(deflated) == row
    assert len(ZlibCompressor().compress(row)) > len(row)
    noise = b"\x81\xa1x\xc4\x20" + bytes(range(200, 232))  # nothing to find in it
    assert compressor.compress(noise) == noise
    for plain in (row, noise, b'{"timestamp": {"_type_": "dt", "_data_": 1}}'):
        assert compressor.decompress(plain) == plain


def test_every_kind_stored_before_reads_as_one_of_two(tmp_path: Path) -> None:
    """Through the library's upcasting (each old kind its own class at class_version 2,
    whose `upcast_v1_v2` makes the stored state the reader's form), every kind of row
    a server stored reads as a `Chunk` (msgpack bytes) or as `EntriesAppended` (a JSON
    array): the old `kifu:chunk` with base85 text, `EntriesPacked` (both topics),
    joined `Chunks` (raw-deflated), `EntryAppended`."""
    import zlib

    from eventsourcing.persistence import StoredEvent

    store = open_store(str(tmp_path), None)
    chunk = msgspec.msgpack.encode([[[], [], []], []])
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = packer.compress(chunk) + packer.flush()
    stamp = {"_type_": "dt", "_data_": 1}
    text = base64.b85encode(chunk).decode()
    kinds = [
        ("kifu:chunk", {"chunk": text}),
        ("kifu:chunk", {"chunk": chunk}),
        ("kifu:packed", {"first_seq": 1, "last_seq": 2, "chunk": text}),
        (LONG_TOPIC, {"first_seq": 1, "last_seq": 2, "chunk": text}),
        ("kifu:chunks", {"chunk": deflated, "since": 2}),
        ("server.store:GameStream.EntryAppended", {"seq": 3, "entry": '{"x":1}'}),
        ("server.store:GameStream.EntriesAppended", {"last_seq": 4, "entries": '[{"x":1}]'}),
    ]
    for topic, fields in kinds:
        state = (
            msgspec.json.encode({"timestamp": stamp, **fields})
            if any(isinstance(v, str) for v in fields.values())
            else msgspec.msgpack.encode({"timestamp": EPOCH, **fields})
        )
        event: Any = store.mapper.to_domain_event(
            StoredEvent(originator_id=uuid.uuid4(), originator_version=5, topic=topic, state=state)
        )
        if isinstance(event, GameStream.Chunk):
            assert set(vars(event)) == {"originator_id", "originator_version", "timestamp", "chunk"}
            assert event.chunk == chunk, topic
        else:
            assert isinstance(event, GameStream.EntriesAppended), topic
            assert set(vars(event)) >= {"entries"} and event.entries.startswith("["), topic


def seq_carrying_store(
    tmp_path: Path, game_id: str, record_id: str, writes: list[int], topic: str = "kifu:packed"
) -> Any:
    """A store as the server wrote it before `Chunk`: each write an `EntriesPacked`
    row (the chunk beside its first and last seq, `topic`), JSON; the played Timeline."""
    from core.kernel.packing import Tables
    from server.store import pack_chunk

    game = games.get(game_id)
    record = new_record(game, record_id=record_id, seats=2, seed=len(record_id))
    timeline = Timeline(game, record)
    tables, after = Tables(), None
    stored = []
    for size in writes:
        entries = play(timeline, size)
        packed = pack_chunk(game, record.genesis, entries, after=after, tables=tables)
        fields = {"first_seq": entries[0].seq, "last_seq": entries[-1].seq, "chunk": packed}
        stored.append((topic, fields))
        after = entries[-1]
    old_rows(tmp_path, record, stored, iso=topic == LONG_TOPIC)
    return timeline


def test_rows_with_the_long_topic_and_iso_timestamps_still_open(tmp_path: Path) -> None:
    """A store an earlier server wrote (the library's topic and ISO timestamps) loads
    to the same record and goes on."""
    held = seq_carrying_store(tmp_path, "ducks-in-tow", "old-2", [2, 2, 2], LONG_TOPIC)
    assert [topic for topic, _ in raw_rows(tmp_path)][1:] == [LONG_TOPIC] * 3
    reopened = RecordCache(open_store(str(tmp_path), None), max_bytes=2**26, serialize_writes=True)
    old = reopened.get("old-2")
    assert old.tl.record.entries == held.record.entries
    reopened.append(old, play(old.tl, 1))
    reopened.save(old)
    assert [topic for topic, _ in raw_rows(tmp_path)][-1] == "kifu:c"


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
