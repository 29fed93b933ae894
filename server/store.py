"""Persistence through the `eventsourcing` library.

Each game record (hosted game, uploaded local record, fork) is one event-sourced
aggregate, `GameStream`, whose id is ``uuid5(record id)``. Its events are
`Created` (the genesis with its seed, the table's secrets as sha256 hashes),
`Chunk` (the entries of one write, as a chunk of the compact record form,
core/kernel/compact.py: each entry stored once, only what cannot be derived, ~30-55
bytes an entry where the JSON was ~600; a write's many entries, an upload say, are one
event; their seqs follow from the chunks before), `SeatClaimed`, `Forked` and `Shared`,
and `BotsSeated` (a hosted game's bot seats and the bots' own seed, right after
`Created`; a record without it has no bots, as every record stored before bots
existed). Stores written before hold `EntryAppended` (one entry, canonical JSON),
`EntriesAppended` (a JSON array) or `EntriesPacked` (a chunk beside its first and last
seq) events, which are read as they are; the chunks that follow them continue from
their last entry. On disk a `Chunk` row is ~70 bytes of the library's own
(originator id, version, topic, timestamp) around the chunk: short since its topic
is (`kifu:chunk`), its state is msgpack (`RowTranscoder`: the chunk's bytes and
msgpack's timestamp; rows stored as JSON, with integer-microsecond timestamps from
`DatetimeAsMicros` or the library's ISO text, still read) and the seqs are gone; a
stored Ducks in Tow move takes 116 bytes of a SQLite file; bench/bench_records.py
measures every title.

**Joined rows.** Those ~70 bytes a row were most of a move's. So once a record's
`Chunk` rows since its last joined one hold `join_bytes` of chunks (cache.py), and when
its game ends, the cache (`join_if_due`, after the write is stored) replaces them
with one `Chunks` row at the last one's version (`join_chunk_rows`: the chunks'
table additions and rows concatenated, which unpack to the same entries and tables,
raw-deflated). One transaction deletes the rows and inserts the joined one, so a
crash leaves either form, and a writer that finds the rows already gone changes
nothing. Rows of other kinds between them stay, so the versions a load reads have
gaps (the loader allows them). A process that had read rows since joined finds a
`Chunks` row starting at or before its version and loads the record anew. A stored
move: Ducks in Tow 116 -> 20.5 bytes of SQLite file, Tulikko 116 -> 61.4; PostgreSQL,
whose rows carry more of their own, joins larger ones (`join_bytes`).

Appending uses the library's optimistic concurrency: two writers that both saw
version *n* both try to write version *n + 1*, the database's unique key lets one
in and the other gets `IntegrityError` (mapped to a 409 or a retry).

The aggregate holds the table around a record, not its entries: the entries go
from the events straight into the server's kernel `Timeline` (cache.py), so
nothing holds them twice. No snapshots: a snapshot of a record is all its
entries again, so snapshots every N events grew quadratically and saved nothing
(loading reads the same bytes either way).

A fork made since `shares_prefix` stores only its own entries: the first
`fork_seq` are its parent's (which never change: records are append-only).

Share ids and bug reports are small aggregates of their own (`ShareLink`,
`StoredReport`); a share id's aggregate id is ``uuid5(share id)``, which makes it
an index the library keeps consistent.

The backing store is SQLite (a file under the data directory, nothing to start)
or PostgreSQL when a ``postgresql://`` URL is configured. The events go through
eventsourcing's *aggregate* recorder, as nothing here reads the application
recorder's gapless notification log: on PostgreSQL that log takes `LOCK TABLE ...
IN EXCLUSIVE MODE` on every write, which would make writes to different games (in
every process) wait on each other; on SQLite it is a rowid table whose key index
holds every row's originator id and version a second time (~40 bytes a row), where
the aggregate recorder's table is `WITHOUT ROWID` (a file made before keeps its
table: the columns are the same). The tables are
created once, under an advisory lock, so processes starting together do not
race on `CREATE TYPE`/`CREATE TABLE`.
"""

from __future__ import annotations

import base64
import os
import urllib.parse
import zlib
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid5

import msgspec
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import JSONTranscoder, Transcoding
from eventsourcing.sqlite import SQLiteAggregateRecorder
from eventsourcing.utils import register_topic

from core.kernel import Decider, Genesis
from core.kernel.compact import join_chunks, pack_entries, unpack_entries
from core.kernel.packing import Tables
from core.kernel.record import AnyEntry

NAMESPACE = UUID("6b1d7c1e-2f43-4d5e-9a0b-6b6966752d31")
SCHEMA_LOCK = 0x6B696675  # pg_advisory_lock key: "kifu"


def record_uuid(record_id: str) -> UUID:
    return uuid5(NAMESPACE, f"record:{record_id}")


def share_uuid(share_id: str) -> UUID:
    return uuid5(NAMESPACE, f"share:{share_id}")


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class DatetimeAsMicros(Transcoding):
    """Event timestamps as microseconds since the epoch (UTC): `{"_type_": "dt",
    "_data_": 1796192554610498}` where the library writes 72 bytes of ISO text on
    every row. Other time zones keep the ISO text; rows written with the library's
    `datetime_iso` still read (its transcoding stays registered for reading)."""

    type = datetime
    name = "dt"

    def encode(self, obj: datetime) -> int | str:
        if obj.tzinfo is UTC:
            return (obj - EPOCH) // timedelta(microseconds=1)
        return obj.isoformat()

    def decode(self, data: int | str) -> datetime:
        if isinstance(data, int):
            return EPOCH + timedelta(microseconds=data)
        return datetime.fromisoformat(data)


MSGPACK_INTS = range(-(2**63), 2**64)


def _plain(value: Any) -> bool:
    """Whether msgpack gives `value` back as it was: the plain values, bytes and UTC
    datetimes (msgspec would turn a UUID or a Decimal into text)."""
    if value is None or isinstance(value, str | bool | float | bytes):
        return True
    if isinstance(value, int):
        return value in MSGPACK_INTS
    if isinstance(value, datetime):
        return value.tzinfo is UTC
    if isinstance(value, list | tuple):
        return all(_plain(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


class RowTranscoder(JSONTranscoder):
    """Event states as msgpack where the library writes JSON: a chunk's bytes as they
    are (base85 text in JSON, a quarter more) and the timestamp as msgpack's own
    (`{"_type_": "dt", "_data_": ...}` took 41 bytes), ~35 bytes off a move's row.
    A state holding anything msgpack would not give back as it was stays JSON, and
    JSON rows read as before: JSON states start with "{", msgpack maps never do."""

    def encode(self, obj: Any) -> bytes:
        if _plain(obj):
            return msgspec.msgpack.encode(obj)
        return super().encode(obj)

    def decode(self, data: bytes) -> Any:
        if data[:1] == b"{":
            return super().decode(data)
        return msgspec.msgpack.decode(data)


class GameStream(Aggregate):
    """One game record: its genesis, its entries in order, and the table around it."""

    @staticmethod
    def create_id(record_id: str, **_: Any) -> UUID:
        return record_uuid(record_id)

    @event("Created")
    def __init__(
        self,
        *,
        record_id: str,
        kind: str,
        game: str,
        genesis: str,
        invite_hashes: list[str],
        spectator_hash: str,
        owner_hash: str,
        names: list[str],
        fork_of: str,
        fork_seq: int,
        shares_prefix: bool = False,
    ) -> None:
        self.record_id = record_id
        self.kind = kind  # "hosted" | "local"
        self.game = game
        self.genesis = genesis  # canonical JSON of the kernel Genesis, seed included
        self.invite_hashes = invite_hashes
        self.seat_hashes: list[str] = ["" for _ in invite_hashes]
        self.spectator_hash = spectator_hash
        self.owner_hash = owner_hash
        self.names = names
        self.fork_of = fork_of
        self.fork_seq = fork_seq
        self.shares_prefix = shares_prefix  # entries 1..fork_seq are the parent's
        self.forks: list[list[Any]] = []  # [fork record id, parent seq, its first entry's hash]
        self.share_id = ""
        self.bots: list[str] = []  # per seat: the bot's name, "" for a person
        self.bot_seed = 0  # the bots' own randomness; never sent to anyone

    def bot_seats(self) -> dict[int, str]:
        """{seat: bot name} (a snapshot taken before bots existed has no `bots`)."""
        return {seat: name for seat, name in enumerate(self.__dict__.get("bots", [])) if name}

    def seat_name(self, seat: int) -> str:
        """The name seat `seat`'s player chose ("" for none yet)."""
        return self.names[seat] if seat < len(self.names) else ""

    @event("BotsSeated")
    def seat_bots(self, bots: list[str], bot_seed: int) -> None:
        self.bots = bots
        self.bot_seed = bot_seed

    # The entries live in the events only (cache.py folds them into its Timeline); the
    # aggregate keeps nothing of them. The first three are read, never written.

    @event("EntryAppended")
    def append_entry(self, seq: int, entry: str) -> None:
        """One entry as canonical JSON."""

    @event("EntriesAppended")
    def append_entries(self, last_seq: int, entries: str) -> None:
        """Several entries as a JSON array."""

    @event("EntriesPacked")
    def append_packed(self, first_seq: int, last_seq: int, chunk: str) -> None:
        """A chunk as `append_chunk` writes it, with its (derivable) first and last seq."""

    @event("Chunk")
    def append_chunk(self, chunk: bytes | str) -> None:
        """The entries of one write, whatever their number (an upload, a move and the
        bots' replies), as a compact chunk (msgpack bytes; rows stored as JSON hold it
        as base85 text) continuing the tables and seqs of the chunks before."""

    @event("Chunks")
    def append_chunks(self, chunk: bytes, since: int) -> None:
        """Chunk rows `since`..this event's version, joined into one chunk
        (`KifuStore.join_chunk_rows`), deflated (`chunk_bytes` inflates it); never
        triggered, only written in their place."""

    @event("SeatClaimed")
    def claim_seat(self, seat: int, token_hash: str, name: str) -> None:
        self.seat_hashes[seat] = token_hash
        if name:
            while len(self.names) <= seat:
                self.names.append("")
            self.names[seat] = name

    @event("Forked")
    def add_fork(self, fork_id: str, parent_seq: int, first_hash: str = "") -> None:
        self.forks.append([fork_id, parent_seq, first_hash])

    @event("Shared")
    def share(self, share_id: str) -> None:
        self.share_id = share_id


def pack_chunk(
    game: Decider[Any, Any, Any, Any],
    genesis: Genesis,
    entries: list[AnyEntry],
    *,
    after: AnyEntry | None = None,
    tables: Tables | None = None,
) -> bytes:
    """`Chunk.chunk` for entries that follow `after`, continuing `tables` (the
    record's chunks so far; none for a new record)."""
    chunk = pack_entries(game, genesis, entries, tables or Tables(), after=after)
    return msgspec.msgpack.encode(chunk)


def unpack_chunk(
    game: Decider[Any, Any, Any, Any],
    genesis: Genesis,
    stored: Any,
    tables: Tables,
    *,
    after: AnyEntry | None,
) -> list[AnyEntry]:
    """The entries of a `Chunk`, `Chunks` or `EntriesPacked` event's chunk (the
    reverse of `pack_chunk`)."""
    raw = chunk_bytes(stored)
    return unpack_entries(game, genesis, msgspec.msgpack.decode(raw), tables, after=after)


# The topic of the event every write stores, short (the library's default,
# "server.store:GameStream.Chunk", is 29 bytes on every row); registered so a process
# that reads before it writes resolves it. The rows of `EntriesPacked`, written before
# `Chunk`, hold `kifu:packed` (or, before that, the library's long topic, which still
# resolves by module and name).
CHUNK_TOPIC = "kifu:chunk"
GameStream.Chunk.TOPIC = CHUNK_TOPIC  # type: ignore[attr-defined]
register_topic(CHUNK_TOPIC, GameStream.Chunk)  # type: ignore[attr-defined]
JOINED_TOPIC = "kifu:chunks"
GameStream.Chunks.TOPIC = JOINED_TOPIC  # type: ignore[attr-defined]
register_topic(JOINED_TOPIC, GameStream.Chunks)  # type: ignore[attr-defined]
GameStream.EntriesPacked.TOPIC = "kifu:packed"  # type: ignore[attr-defined]
register_topic("kifu:packed", GameStream.EntriesPacked)  # type: ignore[attr-defined]

CHUNK_EVENTS = (GameStream.Chunk, GameStream.Chunks, GameStream.EntriesPacked)  # type: ignore[attr-defined]
"""The events whose `chunk` holds entries in the compact form."""
ENTRY_EVENTS = (
    *CHUNK_EVENTS,
    GameStream.EntryAppended,  # type: ignore[attr-defined]
    GameStream.EntriesAppended,  # type: ignore[attr-defined]
)


class ShareLink(Aggregate):
    """share id -> record id, created once per finished game."""

    @staticmethod
    def create_id(share_id: str, **_: Any) -> UUID:
        return share_uuid(share_id)

    @event("Created")
    def __init__(self, share_id: str, record_id: str) -> None:
        self.share_id = share_id
        self.record_id = record_id


class StoredReport(Aggregate):
    """A bug report bundle and what re-running it on this server gave."""

    @event("Created")
    def __init__(
        self,
        *,
        game: str,
        bundle: str,
        reproduced: bool,
        reported: str,
        observed: str,
        engine_version: str,
    ) -> None:
        self.game = game
        self.bundle = bundle
        self.reproduced = reproduced
        self.reported = reported
        self.observed = observed
        self.engine_version = engine_version


class KifuStore(Application):  # type: ignore[type-arg]
    """The eventsourcing application: table `kifustore_events`."""

    name = "KifuStore"
    is_snapshotting_enabled = False

    @property
    def join_bytes(self) -> int:
        """A record's Chunk rows are joined into one once their chunks hold this many
        bytes (and at the game's end). bench_records, 150 games played side by side,
        staggered as a busy server's start and end, Tulikko (bytes an entry as played):
        SQLite took the least file at 400 (63; 87 at 800, 76 at 1,600), where a row
        over ~1,000 bytes spills into an overflow page of its own; PostgreSQL at 1,600
        (60 at 400, 46 at 800, 44 at 1,600), where every row carries ~130 bytes of its
        own (tuple header, the library's columns, its index entries)."""
        return 400 if isinstance(self.recorder, SQLiteAggregateRecorder) else 1600

    def construct_recorder(self) -> Any:
        """The aggregate recorder (nothing here reads the application recorder's
        notification log): on PostgreSQL no global lock per write; on SQLite a new
        file's events are one b-tree keyed by (originator id, version), `WITHOUT
        ROWID`, where the log's rowid table kept every row's id and version again in
        its key index. The columns are the same, so a file made before keeps its table
        and goes on in it."""
        return self.factory.aggregate_recorder()

    def construct_transcoder(self) -> RowTranscoder:
        transcoder = RowTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        transcoder.register(DatetimeAsMicros())  # writes "dt"; "datetime_iso" still reads

    def save_events(self, events: list[Any]) -> None:
        """Store collected events in one transaction: what `save` does for Kifu (no
        snapshots, no followers), without its runtime-Protocol check of every object
        (~20 us a move)."""
        if events:
            self.events.put(events)

    def join_chunk_rows(
        self,
        originator_id: UUID,
        read: Iterable[Any] | None = None,
        *,
        last: bool = False,
        after: int = 0,
    ) -> int:
        """Replace the stream's `Chunk` rows since its last joined one (with `last`,
        that one too: a finished game's rows end in one) with one `Chunks` row
        (`join_chunks`), at the last one's version; the number of rows it replaced (0
        when there are not two to join, or another writer joined them since they were
        `read`: by default, now, the rows past version `after`, which must not be past
        the last joined row). One transaction deletes and inserts, so a crash leaves
        either form; rows between them of other kinds stay where they are (none holds
        entries)."""
        tail: list[Any] = []
        events = self.events.get(originator_id, gt=after) if read is None else read
        for stored in reversed(list(events)):
            if isinstance(stored, GameStream.Chunk):  # type: ignore[attr-defined]
                tail.append(stored)
            elif last and tail and isinstance(stored, GameStream.Chunks):  # type: ignore[attr-defined]
                tail.append(stored)
                break
            elif isinstance(stored, ENTRY_EVENTS):
                break  # entries before it stay as they are
        if len(tail) < 2:
            return 0
        tail.reverse()
        chunks = [msgspec.msgpack.decode(chunk_bytes(event)) for event in tail]
        joined = GameStream.Chunks(  # type: ignore[attr-defined]
            originator_id=originator_id,
            originator_version=tail[-1].originator_version,
            timestamp=tail[-1].timestamp,
            chunk=deflate(msgspec.msgpack.encode(join_chunks(chunks))),
            since=getattr(tail[0], "since", tail[0].originator_version),
        )
        versions = [event.originator_version for event in tail]
        try:
            _replace_rows(self.recorder, versions, self.mapper.to_stored_event(joined))
        except _RowsGone:
            return 0
        return len(versions)


class _RowsGone(Exception):
    """Rows to be joined were no longer all there: another writer joined them."""


def _replace_rows(recorder: Any, versions: list[int], stored: Any) -> None:
    """Delete a stream's rows at `versions` and insert `stored`, in one transaction
    (rolled back, raising _RowsGone, unless every one of those rows was deleted)."""
    marks = ",".join("?" * len(versions))
    if isinstance(recorder, SQLiteAggregateRecorder):
        table = recorder.events_table_name
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.execute(
                f"DELETE FROM {table} WHERE originator_id=? AND originator_version IN ({marks})",
                [stored.originator_id.hex, *versions],
            )
            cursor.execute("SELECT changes()")
            if cursor.fetchone()[0] != len(versions):
                raise _RowsGone
            cursor.execute(
                recorder.insert_events_statement,
                (stored.originator_id.hex, stored.originator_version, stored.topic, stored.state),
            )
        return
    from psycopg.sql import SQL, Identifier

    names = {
        "schema": Identifier(recorder.datastore.schema),
        "table": Identifier(recorder.events_table_name),
    }
    with recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute(
            SQL(
                "DELETE FROM {schema}.{table} WHERE originator_id = %s "
                "AND originator_version = ANY(%s)"
            ).format(**names),
            (stored.originator_id, versions),
        )
        if cursor.rowcount != len(versions):
            raise _RowsGone
        cursor.execute(
            SQL(
                "INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
                "VALUES (%s, %s, %s, %s)"
            ).format(**names),
            (stored.originator_id, stored.originator_version, stored.topic, stored.state),
        )


def deflate(data: bytes) -> bytes:
    """Raw deflate (no zlib header): a joined row's chunk, ~40% smaller; one move's
    chunk is too short for it to pay."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def chunk_bytes(event: Any) -> bytes:
    """The msgpack bytes of an entry event's chunk: a joined row's inflated, a row
    stored as JSON holds base85 text."""
    if isinstance(event, GameStream.Chunks):  # type: ignore[attr-defined]
        return zlib.decompress(event.chunk, -15)
    chunk = event.chunk
    return base64.b85decode(chunk) if isinstance(chunk, str) else chunk


def persistence_env(data_dir: str, database_url: str | None) -> dict[str, str]:
    """The eventsourcing environment for a SQLite file or a PostgreSQL URL."""
    if database_url and database_url.startswith(("postgresql://", "postgres://")):
        url = urllib.parse.urlsplit(database_url)
        query = dict(urllib.parse.parse_qsl(url.query))
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": urllib.parse.unquote(url.path.lstrip("/")) or "postgres",
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": urllib.parse.unquote(url.username or "postgres"),
            "POSTGRES_PASSWORD": urllib.parse.unquote(url.password or ""),
            "POSTGRES_POOL_SIZE": query.get("pool_size", "10"),
            "POSTGRES_MAX_OVERFLOW": query.get("max_overflow", "10"),
            # also how long a request waits for a pooled connection (per attempt;
            # eventsourcing retries 10 times) before the database counts as down
            "POSTGRES_CONNECT_TIMEOUT": query.get("connect_timeout", "2"),
            "POSTGRES_LOCK_TIMEOUT": "5",
            "POSTGRES_PRE_PING": "n",
        }
        return env
    if database_url and database_url.startswith("sqlite:///"):
        path = database_url.removeprefix("sqlite:///")
    elif database_url:
        raise ValueError(f"unsupported database URL {database_url!r} (postgresql:// or sqlite:///)")
    else:
        os.makedirs(data_dir, exist_ok=True)
        path = os.path.join(data_dir, "kifu.sqlite3")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": path,
        "SQLITE_LOCK_TIMEOUT": "10",
    }


def postgres_dsn(database_url: str) -> str:
    """The URL as psycopg takes it (for LISTEN/NOTIFY)."""
    url = urllib.parse.urlsplit(database_url)
    return urllib.parse.urlunsplit(("postgresql", url.netloc, url.path, "", ""))


def open_store(data_dir: str, database_url: str | None) -> KifuStore:
    env = persistence_env(data_dir, database_url)
    if env["PERSISTENCE_MODULE"] != "eventsourcing.postgres":
        return KifuStore(env=env)
    import psycopg

    assert database_url is not None
    with psycopg.connect(postgres_dsn(database_url), autocommit=True, connect_timeout=10) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
        try:
            store = KifuStore(env=env)  # creates the tables if they are not there
            # the library sets autovacuum off in all but name (a threshold of 10^8 dead
            # rows) for tables only ever appended to; joined rows leave dead ones
            conn.execute(
                "ALTER TABLE kifustore_events SET (autovacuum_vacuum_threshold = 1000,"
                " autovacuum_vacuum_scale_factor = 0.05)"
            )
            return store
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
