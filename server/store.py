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
existed); a clocked table's `Clocked` (its time per move, likewise right after
`Created`), `Reminded` and `Abandoned` (server/clock.py).

**Stored events are never changed.** No row is updated or deleted: a record only ever
gains rows (and checkpoints, below). What earlier servers stored is read through the
library's upcasting, into the two forms a reader knows, `Chunk` (msgpack bytes of a
compact chunk) and `EntriesAppended` (a JSON array of entries): `kifu:chunk` rows (a
chunk, base85 text in the JSON rows of that time), `EntriesPacked` (a chunk beside
its first and last seq, `kifu:packed` or the library's long topic), `Chunks` (the rows
a server before issue #35 joined into one and deleted, raw-deflated) and
`EntryAppended` (one entry as JSON) are each a class of their own at `class_version` 2
whose `upcast_v1_v2` turns the stored state into its reader's form. Today's `Chunk`
has the topic `kifu:c`, so its rows are version 1 of it and carry no `class_version`
(the library writes that key into every row of a class past version 1: 15 bytes a
move). The one thing upcasting cannot mend is the versions joined rows left out: a
load folds the rows allowing gaps (`cache._fold`); rows stored since have none.

**Rows are small** (`RowTranscoder`, `RowCompressor`): an event's state is msgpack (a
chunk's bytes as they are, msgpack's timestamp), raw-deflated against a preset
dictionary of what stored states repeat (`ROW_DICTIONARY`: a move row's keys, the
timestamp's header, an empty table addition; a checkpoint's keys), kept where that is
shorter. A Ducks in Tow move's state: 58.1 bytes of msgpack, 41.3 stored (Tulikko 78.8,
63.0); the library's `ZlibCompressor` makes it longer (67.8: a header and checksum
around bytes with nothing to find in them). A stored move is ~110 bytes of SQLite
file (the library's row: the id as 32 hex digits, the version, the topic) and ~200
of PostgreSQL tables. Rows stored plain (JSON or msgpack) still read: a deflated state
starts with a byte neither form starts with.

**Checkpoints** (`Checkpoint`, the library's snapshots, in a table of their own):
loading a record reads its chain of checkpoints and the rows after the latest. A
checkpoint is a `Snapshot` of the aggregate (the table: all the aggregate holds) and,
as one chunk, the entries stored in the rows since the checkpoint before it (`since`):
their chunks joined (`join_chunks`: the same entries and tables), deflated by the
compressor (a Ducks in Tow checkpoint: 1,578 bytes of msgpack, 608 stored). The cache
(`RecordCache.checkpoint_if_due`) inserts one after a write is stored, once the
record's rows since the last hold `KifuStore.checkpoint_bytes` of chunks (SQLite
1,000: its row stays in a b-tree page; PostgreSQL 1,600), in 8 rows or more
(`CHECKPOINT_ROWS`; an upload, one row however long, waits for a row per 100 bytes of
it, `CHECKPOINT_ROW_BYTES`). So a load reads ~1 row per ~36 Ducks in Tow moves, as
the joined rows of the server before issue #35 let it, and each entry is in the
checkpoints once more: storage grows with the record, not its square (snapshots of
the whole record every N rows did). Every checkpoint follows one stored before it
(the latest its writer found), so the chain from the latest back is always there; of
two that processes took not knowing of each other, a load follows the later's and the
other is never read. None is ever replaced: at one version, the second insert fails
and counts as done. Why not the library's own snapshotting (`snapshotting_intervals`):
its snapshot is the aggregate alone, which holds no entries (they would be read from
every row all the same), and it takes one every N versions from `save`, before the
write is known to be stored; a checkpoint holds the entries since the last one, and is
taken after the write, off the request's path.

Appending uses the library's optimistic concurrency: two writers that both saw
version *n* both try to write version *n + 1*, the database's unique key lets one
in and the other gets `IntegrityError` (mapped to a 409 or a retry).

The aggregate holds the table around a record, not its entries: the entries go
from the events straight into the server's kernel `Timeline` (cache.py), so
nothing holds them twice.

A fork made since `shares_prefix` stores only its own entries: the first
`fork_seq` are its parent's (which never change: records are append-only).

Share ids, shared reviews and bug reports are small aggregates of their own
(`ShareLink`, `SharedReview`, `StoredReport`); a share id's aggregate id is
``uuid5(share id)`` (its review's ``uuid5("review:" + share id)``), which makes it
an index the library keeps consistent.

A player across devices (players.py) is a `Player` aggregate (``uuid5("player:" +
id)``: its devices, unused link codes, library and the game tokens tied to each
device) and each link code a `LinkCode` (``uuid5("link:" + the code's hash)``, so a
code is looked up by itself; its `Used` event the second and last, which the unique
key admits once). A token granted to a device for a record is a `Granted` event on
that record's `GameStream`, a removed device's tokens a `Revoked` one: the table
holds them, so authorizing a token reads nothing more.

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
import copy
import logging
import os
import urllib.parse
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid5

import msgspec
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, Snapshot, event
from eventsourcing.persistence import (
    Compressor,
    EventStore,
    IntegrityError,
    JSONTranscoder,
    Transcoding,
)
from eventsourcing.sqlite import SQLiteAggregateRecorder
from eventsourcing.utils import register_topic

from core.kernel import Decider, Genesis
from core.kernel.compact import join_chunks, pack_entries, unpack_entries
from core.kernel.packing import Tables
from core.kernel.record import AnyEntry

from .breaker import Breaker, guard_connections

log = logging.getLogger(__name__)
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
        self.bot_seed: int | bytes = 0  # the bots' own randomness; never sent to anyone

    def bot_seats(self) -> dict[int, str]:
        """{seat: bot name} (a snapshot taken before bots existed has no `bots`)."""
        return {seat: name for seat, name in enumerate(self.__dict__.get("bots", [])) if name}

    def seat_name(self, seat: int) -> str:
        """The name seat `seat`'s player chose ("" for none yet)."""
        return self.names[seat] if seat < len(self.names) else ""

    @event("BotsSeated")
    def seat_bots(self, bots: list[str], bot_seed: int | bytes) -> None:
        self.bots = bots
        self.bot_seed = bot_seed

    def bots_seed(self) -> int:
        """The bots' seed. Stored as its 16 bytes since it has 128 bits: a row is
        msgpack, whose ints stop at 2**64 - 1, and a state that msgpack cannot hold is
        stored as JSON, where a checkpoint's chunk (bytes) cannot go. Tables seated
        before kept a 64-bit int; a table without bots has 0."""
        seed = self.__dict__.get("bot_seed", 0)
        return int.from_bytes(seed, "big") if isinstance(seed, bytes) else int(seed)

    # The entries live in the events only (cache.py folds them into its Timeline); the
    # aggregate keeps nothing of them, so their events change nothing but its version.

    class Chunk(Aggregate.Event):
        """The entries of one write, whatever their number (an upload, a move and the
        bots' replies), as a compact chunk (msgpack bytes) continuing the tables and
        seqs of the chunks before."""

        TOPIC = "kifu:c"
        chunk: bytes

    def append_chunk(self, chunk: bytes) -> None:
        self.trigger_event(self.Chunk, chunk=chunk)

    class EntriesAppended(Aggregate.Event):
        """Entries as a JSON array, as the first servers stored them (read, never
        written)."""

        last_seq: int
        entries: str

    # Kinds earlier servers stored, read as one of the two above by upcasting: their
    # rows carry no class_version (version 1); `upcast_v1_v2` makes the state the
    # reader's form. Never written.

    class ChunkV1(Chunk):
        """`kifu:chunk`: a chunk, base85 text in the JSON rows of its first servers."""

        TOPIC = "kifu:chunk"
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["chunk"] = _chunk_bytes(state["chunk"])

    class Chunks(Chunk):
        """`kifu:chunks`: Chunk rows a server before issue #35 replaced with one
        (their chunks joined, raw-deflated; `since`, the first one's version)."""

        TOPIC = "kifu:chunks"
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["chunk"] = zlib.decompress(state["chunk"], -15)
            del state["since"]

    class EntriesPacked(Chunk):
        """`kifu:packed` (or the library's long topic): a chunk beside its first and
        last seq, which follow from the chunks before."""

        TOPIC = "kifu:packed"
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["chunk"] = _chunk_bytes(state["chunk"])
            del state["first_seq"], state["last_seq"]

    class EntryAppended(EntriesAppended):
        """One entry as canonical JSON, with its seq."""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["last_seq"] = state.pop("seq")
            state["entries"] = f"[{state.pop('entry')}]"

    @event("SeatClaimed")
    def claim_seat(self, seat: int, token_hash: str, name: str, at: int = 0) -> None:
        """`at` (ms): when, for the table's clock (0 in a claim stored before clocks)."""
        self.seat_hashes[seat] = token_hash
        self.last_claim_at = max(at, self.__dict__.get("last_claim_at", 0))
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

    # A take-back of other people's moves waits for their consent: one ask at a time,
    # kept on the table (not in the record: only the take-back it makes is an entry).

    @event("TakebackAsked")
    def ask_takeback(
        self,
        *,
        ask_id: str,
        seat: int,
        to_seq: int,
        needs: list[int],
        tip_hash: str,
        expires_at: int,
        move_id: str,
        device_id: str = "",
    ) -> None:
        self.takeback_ask: dict[str, Any] | None = {
            "ask_id": ask_id,
            "seat": seat,
            "to_seq": to_seq,
            "needs": needs,
            "agreed": [],
            "tip_hash": tip_hash,  # the ask lapses once the game moves on
            "expires_at": expires_at,
            "move_id": move_id,
            "device_id": device_id,
        }

    @event("TakebackAnswered")
    def answer_takeback(self, *, ask_id: str, seat: int, accept: bool) -> None:
        ask = self.open_ask()
        if ask is None or ask["ask_id"] != ask_id:
            return
        if accept:
            ask["agreed"].append(seat)
        else:
            self.takeback_ask = None

    # Web Push subscriptions (push.py), each with the seat that made it: endpoint ->
    # {seat, p256dh, auth, lang, token_hash}. Dropped when the seat unsubscribes (mutes
    # the table), the push service says the subscription is gone, or the token that made
    # it is revoked (its device removed from its player; `token_hash` is "" in a
    # subscription stored before players).

    @event("PushSubscribed")
    def subscribe_push(
        self, *, seat: int, endpoint: str, p256dh: str, auth: str, lang: str, token_hash: str = ""
    ) -> None:
        subscriptions = self.push_subscriptions()
        subscriptions[endpoint] = {
            "seat": seat,
            "p256dh": p256dh,
            "auth": auth,
            "lang": lang,
            "token_hash": token_hash,
        }
        self.push = subscriptions

    @event("PushDropped")
    def drop_push(self, *, endpoint: str) -> None:
        self.push_subscriptions().pop(endpoint, None)

    # Tokens a player's device holds for this record beside its seat and owner tokens
    # (players.py): `grants` {token hash: [role, seat, player id, device id]}, and the
    # hashes revoked since (a removed device's grants, and the seat or owner tokens it
    # registered): a revoked hash is refused whatever it was. A record stored before
    # players has neither.

    @event("Granted")
    def grant(
        self, *, token_hash: str, role: str, seat: int | None, player_id: str, device_id: str
    ) -> None:
        grants = self.token_grants()
        grants[token_hash] = [role, seat, player_id, device_id]
        self.grants = grants

    @event("Revoked")
    def revoke(self, *, token_hashes: list[str]) -> None:
        revoked = self.revoked_hashes()
        grants = self.token_grants()
        for digest in token_hashes:
            revoked[digest] = True
            grants.pop(digest, None)
        self.revoked = revoked
        self.grants = grants
        subscriptions = self.push_subscriptions()
        for endpoint, subscribed in list(subscriptions.items()):
            if subscribed.get("token_hash") in revoked:
                del subscriptions[endpoint]

    def token_grants(self) -> dict[str, list[Any]]:
        """{token hash: [role, seat, player id, device id]} granted to players' devices."""
        grants: dict[str, list[Any]] = self.__dict__.setdefault("grants", {})
        return grants

    def revoked_hashes(self) -> dict[str, bool]:
        """The token hashes this record refuses (their device was removed)."""
        revoked: dict[str, bool] = self.__dict__.setdefault("revoked", {})
        return revoked

    def push_subscriptions(self) -> dict[str, dict[str, Any]]:
        """The table's push subscriptions (a table stored before them has none)."""
        subscriptions: dict[str, dict[str, Any]] = self.__dict__.setdefault("push", {})
        return subscriptions

    # The table's clock (clock.py): a reminder once per turn and seat, and the end of
    # a table whose seat ran out of time (its record kept as it is). A table stored
    # before clocks has neither, nor a clock.

    @event("Clocked")
    def set_clock(self, *, move_seconds: int, on_timeout: str) -> None:
        """A hosted table's time per move, in the save that creates it (like
        `BotsSeated`): the library's `Created` takes every argument it names, so a
        setting of its own keeps every other kind of record's genesis row as it was."""
        self.clock = {"move_seconds": move_seconds, "on_timeout": on_timeout}

    @event("Reminded")
    def remind(self, *, seat: int, seq: int) -> None:
        reminded = self.reminded_seats(seq)
        reminded.append(seat)
        self.reminded = {"seq": seq, "seats": reminded}

    @event("Abandoned")
    def abandon(self, *, seat: int, at: int) -> None:
        self.abandoned = {"seat": seat, "at": at}

    def table_clock(self) -> dict[str, Any] | None:
        """{"move_seconds", "on_timeout"}, or None for a table without a clock."""
        clock: dict[str, Any] | None = self.__dict__.get("clock")
        return clock

    def reminded_seats(self, seq: int) -> list[int]:
        """The seats reminded of their move in the turn after entry `seq`."""
        reminded = self.__dict__.get("reminded") or {}
        return list(reminded.get("seats", [])) if reminded.get("seq") == seq else []

    def abandoned_by(self) -> dict[str, Any] | None:
        """{"seat", "at"} once the table ended because that seat ran out of time."""
        abandoned: dict[str, Any] | None = self.__dict__.get("abandoned")
        return abandoned

    def open_ask(self) -> dict[str, Any] | None:
        """The take-back ask on the table, if any (whether it lapsed is the caller's
        to judge: it knows the time and the record's tip)."""
        ask: dict[str, Any] | None = self.__dict__.get("takeback_ask")
        return ask


def _chunk_bytes(chunk: bytes | str) -> bytes:
    """A stored chunk's msgpack bytes (JSON rows held them as base85 text)."""
    return base64.b85decode(chunk) if isinstance(chunk, str) else chunk


ENTRY_EVENTS = (GameStream.Chunk, GameStream.EntriesAppended)
"""The events that hold entries, as every stored kind reads."""

# Topics resolve without a write first: the short ones are registered (the library's
# long topics, "server.store:GameStream.EntryAppended" say, resolve by name).
for _cls in (GameStream.Chunk, GameStream.ChunkV1, GameStream.Chunks, GameStream.EntriesPacked):
    register_topic(_cls.TOPIC, _cls)


@dataclass(frozen=True)
class Checkpoint(Snapshot):
    """A record at a version: the aggregate's state (the library's `Snapshot`: the
    table, which is all the aggregate holds) and, as one compact chunk (msgpack bytes),
    the entries its rows stored since the checkpoint before (`since`, its version; 0
    for the first): the stored chunks of those rows, joined (`join_chunks`: the same
    entries and tables)."""

    TOPIC = "kifu:checkpoint"
    since: int
    chunk: bytes

    @classmethod
    def of(cls, aggregate: GameStream, since: int, chunk: bytes) -> Checkpoint:
        """A checkpoint of `aggregate` (its saved state: nothing pending). Its state is
        a copy, so the aggregate may change meanwhile."""
        taken = Snapshot.take(aggregate)
        return cls(
            originator_id=taken.originator_id,
            originator_version=taken.originator_version,
            timestamp=taken.timestamp,
            topic=taken.topic,
            state=copy.deepcopy(taken.state),
            since=since,
            chunk=chunk,
        )


register_topic(Checkpoint.TOPIC, Checkpoint)


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


def unpack_chunks(
    game: Decider[Any, Any, Any, Any],
    genesis: Genesis,
    chunks: list[bytes],
    tables: Tables,
    *,
    after: AnyEntry | None,
) -> list[AnyEntry]:
    """The entries of consecutive chunks (`Chunk.chunk`, `Checkpoint.chunk`): the
    reverse of `pack_chunk`, joined first, so many rows unpack as one."""
    decoded = [msgspec.msgpack.decode(chunk) for chunk in chunks]
    joined = decoded[0] if len(decoded) == 1 else join_chunks(decoded)
    return unpack_entries(game, genesis, joined, tables, after=after)


def join_stored(chunks: list[bytes]) -> bytes:
    """Consecutive chunks as one (a checkpoint's)."""
    if len(chunks) == 1:
        return chunks[0]
    return msgspec.msgpack.encode(join_chunks([msgspec.msgpack.decode(c) for c in chunks]))


class ShareLink(Aggregate):
    """share id -> record id, created once per finished game."""

    @staticmethod
    def create_id(share_id: str, **_: Any) -> UUID:
        return share_uuid(share_id)

    @event("Created")
    def __init__(self, share_id: str, record_id: str) -> None:
        self.share_id = share_id
        self.record_id = record_id


def review_uuid(share_id: str) -> UUID:
    return uuid5(NAMESPACE, f"review:{share_id}")


class SharedReview(Aggregate):
    """A shared game's review (issue #41), stored once the server made the same review
    of the record from the same seed; never changed, never a second one (its id is
    ``uuid5("review:" + share id)``: the unique key admits one)."""

    @staticmethod
    def create_id(share_id: str, **_: Any) -> UUID:
        return review_uuid(share_id)

    @event("Created")
    def __init__(self, share_id: str, seed: int, review: bytes) -> None:
        self.share_id = share_id
        self.seed = seed
        self.review = review  # the canonical JSON (core.kernel.review.encode_review)


def player_uuid(player_id: str) -> UUID:
    return uuid5(NAMESPACE, f"player:{player_id}")


def link_code_uuid(code_hash: str) -> UUID:
    return uuid5(NAMESPACE, f"link:{code_hash}")


class Player(Aggregate):
    """A player across devices (players.py): its devices (each with its token's hash),
    its link codes not yet used (hash -> expiry), its library (the games it holds,
    by key, in the order added) and, per device, the game tokens tied to it (hash ->
    record id), which removing the device revokes on those records."""

    @staticmethod
    def create_id(player_id: str, **_: Any) -> UUID:
        return player_uuid(player_id)

    @event("Created")
    def __init__(self, *, player_id: str, created_at: int) -> None:
        self.player_id = player_id
        self.created_at = created_at
        self.devices: dict[str, dict[str, Any]] = {}
        self.codes: dict[str, int] = {}
        self.games: dict[str, dict[str, Any]] = {}
        self.ties: dict[str, dict[str, str]] = {}

    @event("DeviceAdded")
    def add_device(
        self, *, device_id: str, name: str, token_hash: str, added_at: int, code_hash: str = ""
    ) -> None:
        self.devices[device_id] = {
            "name": name,
            "token_hash": token_hash,
            "added_at": added_at,
            "removed": False,
        }
        self.codes.pop(code_hash, None)

    @event("DeviceRemoved")
    def remove_device(self, *, device_id: str) -> None:
        self.devices[device_id]["removed"] = True

    @event("CodeIssued")
    def issue_code(self, *, code_hash: str, expires_at: int) -> None:
        self.codes[code_hash] = expires_at

    @event("GameKept")
    def keep_game(
        self, *, key: str, kind: str, record_id: str, seat: int | None, meta: str
    ) -> None:
        self.games[key] = {"kind": kind, "record_id": record_id, "seat": seat, "meta": meta}

    @event("GameDropped")
    def drop_game(self, *, key: str) -> None:
        self.games.pop(key, None)

    @event("TokenTied")
    def tie_token(self, *, device_id: str, record_id: str, token_hash: str) -> None:
        self.ties.setdefault(device_id, {})[token_hash] = record_id


class LinkCode(Aggregate):
    """A one-time link code, by the hash of its normalized form (its id is
    ``uuid5("link:" + hash)``, so a code is looked up directly). `Used` is its second
    and last event: of two devices using it at once, the unique key lets one in."""

    @staticmethod
    def create_id(code_hash: str, **_: Any) -> UUID:
        return link_code_uuid(code_hash)

    @event("Created")
    def __init__(self, *, code_hash: str, player_id: str, expires_at: int) -> None:
        self.code_hash = code_hash
        self.player_id = player_id
        self.expires_at = expires_at
        self.used_by = ""

    @event("Used")
    def use(self, *, device_id: str) -> None:
        self.used_by = device_id


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


# Stored rows are read with these bytes: never change them. A new dictionary takes a
# new first byte beside DEFLATED (which names this one), so both keep reading.
ROW_DICTIONARY = (
    b"\x85\xa9timestamp\xd7\xff\xa5topic\xb7server.store:GameStream\xa5state\xde\x00\x12"
    b"\xab_created_on\xd7\xff\xac_modified_on\xd7\xff\xa9record_id\xb2g-\xa4kind\xa6hosted"
    b'\xa4game\xa7genesis\xda\x01{"game":"","engine_version":"0.1.0/","seats":2,"options":{},'
    b'"seed_hash":"","seed":,"takeback":"casual","created_at":,"parent":null}'
    b"\xadinvite_hashes\x92\xd9@\xabseat_hashes\x92\xd9@\xaespectator_hash\xd9@\xaaowner_hash"
    b"\xa0\xa5names\x90\xa7fork_of\xa0\xa8fork_seq\x00\xadshares_prefix\xc2\xa5forks\x90"
    b"\xa8share_id\xa0\xa4bots\x90\xa8bot_seed\x00\xa5since\xa5chunk\xc5"
    b"\x82\xa9timestamp\xd7\xff\xa5chunk\xc4\x92\x93\x90\x90\x90\x91"
)
"""What stored states repeat, as msgpack: a checkpoint's keys and the values that vary
little (the aggregate's, the genesis JSON's), then, last (the nearest, the cheapest to
refer to), what every move's row repeats: a map of `timestamp` (the header of msgpack's
64-bit timestamp) and `chunk` (bytes: an array of the tables, none new, and the rows).
States deflated against it start with `DEFLATED`; it never changes (another dictionary
would be another first byte)."""
DEFLATED = b"\x01"


class RowCompressor(Compressor):
    """The library's compressor (`COMPRESSOR_TOPIC`) for Kifu's rows: raw deflate
    against `ROW_DICTIONARY`, kept only where it is shorter. A stored state starts with
    `DEFLATED`, or is plain: msgpack (a map) or JSON ("{"), as every row stored before."""

    def compress(self, data: bytes) -> bytes:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, ROW_DICTIONARY)
        packed = DEFLATED + packer.compress(data) + packer.flush()
        return packed if len(packed) < len(data) else data

    def decompress(self, data: bytes) -> bytes:
        if data[:1] != DEFLATED:
            return data
        unpacker = zlib.decompressobj(-15, ROW_DICTIONARY)
        return unpacker.decompress(memoryview(data)[1:]) + unpacker.flush()


CHECKPOINT_ROWS = 8
"""The fewest rows since the last checkpoint a new one spares a load."""
CHECKPOINT_ROW_BYTES = 100
"""And at most this many bytes of chunks a row it spares: an upload, one row however
long, waits for as many rows after it as its bytes / 100 (a checkpoint of it and a
few rows would store it twice to spare a load a few rows)."""


class KifuStore(Application):  # type: ignore[type-arg]
    """The eventsourcing application: events in `kifustore_events`, checkpoints (the
    library's snapshot store) in `kifustore_checkpoints` (SQLite: `stored_events`,
    `stored_checkpoints`)."""

    name = "KifuStore"
    env = {"COMPRESSOR_TOPIC": "server.store:RowCompressor"}
    is_snapshotting_enabled = True  # a snapshot store; nothing is snapshotted by `save`

    @property
    def checkpoint_bytes(self) -> int:
        """A checkpoint is due once the record's rows since the last one hold this many
        bytes of chunks. SQLite: its row stays under the ~1,000 bytes SQLite keeps in a
        page (a longer row spills into an overflow page of its own, 4 KiB): ~200 bytes
        of table and 1,000 of chunks deflated, under 950 in every title (Tulikko 790,
        Ducks in Tow 608; test_store_checkpoints). PostgreSQL, whose rows carry ~130
        bytes of their own, where rows were joined (before issue #35): under its 2 KiB
        TOAST threshold, and a load a few rows fewer than at 2,400 (bench_store, 300
        entries 5.5-5.8 ms against 6.0-6.1)."""
        return 1000 if isinstance(self.recorder, SQLiteAggregateRecorder) else 1600

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
        snapshotting intervals, no followers), without its runtime-Protocol check of every object
        (~20 us a move)."""
        if events:
            self.events.put(events)

    def construct_snapshot_store(self) -> EventStore[UUID]:
        """The library's snapshot store, in a table of its own (`kifustore_checkpoints`;
        SQLite: `stored_checkpoints`): the first servers' snapshot table holds
        snapshots of another kind (aggregates that held their entries), left unread."""
        recorder = self.factory.aggregate_recorder(purpose="checkpoints")
        return self.factory.event_store(mapper=self.mapper, recorder=recorder)

    def checkpoints(self, originator_id: UUID) -> list[Checkpoint]:
        """The chain of checkpoints that ends at the record's latest, first to last:
        each one's `since` the version of the one before (0 the first's). Every
        checkpoint follows one stored before it, so the chain is there; of two that
        processes took not knowing of each other, one is left out of it."""
        assert self.snapshots is not None
        stored: list[Any] = list(self.snapshots.get(originator_id))
        if not stored:
            return []
        earlier = {c.originator_version: c for c in stored}
        chain = [stored[-1]]
        while chain[-1].since:
            if chain[-1].since not in earlier:  # cannot be: then read the rows alone
                log.error("checkpoint %s of %s follows none", chain[-1].since, originator_id)
                return []
            chain.append(earlier[chain[-1].since])
        chain.reverse()
        return chain

    def latest_checkpoint(self, originator_id: UUID) -> Checkpoint | None:
        """The record's latest checkpoint (None without one): the one a new one
        follows."""
        assert self.snapshots is not None
        for latest in self.snapshots.get(originator_id, desc=True, limit=1):
            assert isinstance(latest, Checkpoint)
            return latest
        return None

    def put_checkpoint(self, checkpoint: Checkpoint) -> bool:
        """Store a checkpoint; False if one is stored at its version already (another
        process took it: the same entries)."""
        assert self.snapshots is not None
        try:
            self.snapshots.put([checkpoint])
        except IntegrityError:
            return False
        return True


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
    from eventsourcing.postgres import PostgresFactory

    assert database_url is not None
    with psycopg.connect(postgres_dsn(database_url), autocommit=True, connect_timeout=10) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
        try:
            store = KifuStore(env=env)  # creates the tables if they are not there
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
    assert isinstance(store.factory, PostgresFactory)
    guard_connections(store.factory.datastore, Breaker())
    return store
