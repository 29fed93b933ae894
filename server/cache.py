"""Records in memory, bounded in bytes, and the one way to write them.

Every record lives in two forms. In the database it is one `GameStream`
aggregate (store.py). In memory, while it is in use, it is a `Live`: the
aggregate (the table: seats, tokens' hashes, forks) plus a kernel `Timeline`
holding its entries and current state, so validating a move runs `decide` once
and never replays the record.

- **Bounded in bytes.** Each Live is charged `MEMORY_PER_BYTE` times the bytes of
  its stored entries (decoded structs plus the Timeline's state snapshots,
  measured on real records); the least recently used are dropped once the total
  passes `max_bytes`. A count of records would let a few large ones fill memory.
- **Fresh enough.** Reads first fetch the events past the Live's version (one
  indexed query), so several processes stay consistent; writes skip that unless
  the request suggests the cache is behind, and optimistic concurrency catches
  the rest.
- **`write(live, attempt)`**, the one retry loop: `attempt` runs under the
  record's lock and ends by saving; when another writer stored first the save
  raises `IntegrityError`, the Live is rebuilt from the database and `attempt`
  runs again on the new state (a move whose `expected_seq` is now stale then
  becomes a 409).
- Writes on SQLite are queued by one lock per process (SQLite has one writer and
  its deferred `BEGIN` would make writers collide and back off).
- **Quick writes commit together** (`quick`, group_commit.py): a move made on the
  event loop queues its events and awaits one transaction shared with the other
  records' moves of the moment, instead of holding the loop for its own fsync.
- **Checkpoints** (`checkpoint_if_due`, store.py): after a write is stored, once the
  record's rows since its last checkpoint hold the store's `checkpoint_bytes` of
  chunks, one more is inserted, holding their entries: a load reads the checkpoints
  and the rows after the latest. Nothing stored is ever changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import msgspec
from eventsourcing.persistence import IntegrityError

import core.games
from core.kernel import Decider, Genesis, Record, Timeline, UnknownGame
from core.kernel.packing import Tables
from core.kernel.record import AnyEntry
from core.sync import entry_type

from .group_commit import GroupCommit
from .problems import ApiError
from .store import (
    CHECKPOINT_ROW_BYTES,
    CHECKPOINT_ROWS,
    ENTRY_EVENTS,
    Checkpoint,
    GameStream,
    KifuStore,
    join_stored,
    pack_chunk,
    record_uuid,
    unpack_chunks,
)

T = TypeVar("T")
log = logging.getLogger(__name__)
MAX_RETRIES = 5
MEMORY_PER_BYTE = 4  # bytes of memory per byte of the entries' JSON (see test_resources)
MESSAGES_KEPT = 256  # live-update messages memoized per record


def engine(game_id: str) -> Decider[Any, Any, Any, Any]:
    try:
        return core.games.get(game_id)
    except UnknownGame as exc:
        raise ApiError(422, "unknown-game", str(exc)) from None
    except ImportError as exc:  # an engine package that is not there (yet)
        raise ApiError(422, "unknown-game", f"game {game_id!r} is not available: {exc}") from None


def record_entries(
    agg: GameStream,
    game: Decider[Any, Any, Any, Any],
    genesis: Genesis,
    entries: list[AnyEntry],
    *,
    after: AnyEntry | None = None,
    tables: Tables | None = None,
    chunk: bytes | None = None,
) -> int:
    """Append entries (which follow `after`) to an aggregate as one packed chunk
    (`chunk` if it was packed already, off this process), continuing `tables` (the
    record's, as stored so far; a new record's: none); the memory they are charged."""
    if not entries:
        return 0
    packed = chunk or pack_chunk(game, genesis, entries, after=after, tables=tables)
    agg.append_chunk(chunk=packed)
    return len(msgspec.json.encode(entries)) * MEMORY_PER_BYTE


def _fold(event: Any, agg: Any) -> Any:
    """The aggregate with a stored event applied, as the library's `mutate` does,
    though the versions skip: a server before issue #35 replaced rows with one joined
    row (store.py `Chunks`), so the versions of such a store have gaps. Rows stored
    since never do (`refresh` folds them with the library's own check)."""
    if agg is not None:
        agg.version = event.originator_version - 1
    return event.mutate(agg)


class Live:
    """One record in memory: its aggregate, its timeline, its lock, and the live-update
    messages already made for it (one per entry and seat, shared by every socket)."""

    def __init__(self, record_id: str) -> None:
        self.record_id = record_id
        self.lock = threading.RLock()
        self.agg: GameStream | None = None
        self.timeline: Timeline[Any, Any, Any] | None = None
        self.game: Decider[Any, Any, Any, Any] | None = None
        self.genesis: Genesis | None = None
        self.batch_decoder: msgspec.json.Decoder[Any] | None = None  # for JSON entries
        self.tables = Tables()  # of its packed chunks, as stored so far
        self.size = 0
        self.checkpoint_at = 0  # the version of its latest checkpoint (0: none)
        # (version, chunk) of its rows of entries since then (store.py `Chunk`); None
        # where some entries are JSON (stored by the first servers: no checkpoints)
        self.chunks: list[tuple[int, bytes]] | None = []
        self.unflushed: asyncio.Future[None] | None = None  # its last quick write's commit
        self.messages: OrderedDict[tuple[int, int | None, bool], bytes] = OrderedDict()

    @property
    def tl(self) -> Timeline[Any, Any, Any]:
        assert self.timeline is not None
        return self.timeline

    @property
    def aggregate(self) -> GameStream:
        assert self.agg is not None
        return self.agg

    @property
    def engine(self) -> Decider[Any, Any, Any, Any]:
        assert self.game is not None
        return self.game

    def over(self) -> bool:
        return self.engine.outcome(self.tl.state) is not None

    def remember(self, key: tuple[int, int | None, bool], message: bytes) -> None:
        self.messages[key] = message
        while len(self.messages) > MESSAGES_KEPT:
            self.messages.popitem(last=False)


class RecordCache:
    def __init__(self, store: KifuStore, *, max_bytes: int, serialize_writes: bool) -> None:
        self.store = store
        self.max_bytes = max_bytes
        self.serialize_writes = serialize_writes
        # SQLite has one writer at a time and its "BEGIN" is deferred: writers from many
        # threads would collide and back off in its busy handler. One lock per process
        # queues them instead (PostgreSQL needs none).
        lock = threading.Lock()
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            lock if serialize_writes else contextlib.nullcontext()
        )
        self.group = GroupCommit(store.save_events, self._rebuild, lock)
        self._items: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = 0

    # -- reading -------------------------------------------------------------

    def peek(self, record_id: str) -> Live | None:
        """The Live if it is loaded, without loading it."""
        with self._lock:
            live = self._items.get(record_id)
        return live if live is not None and live.agg is not None else None

    def get(self, record_id: str) -> Live:
        """The record's Live (loaded from the store on first use); 404 if unknown."""
        with self._lock:
            live = self._items.get(record_id)
            if live is None:
                live = self._items[record_id] = Live(record_id)
            else:
                self._items.move_to_end(record_id)
        if live.agg is not None:  # loaded: no lock needed (a fork's load reads its parent)
            return live
        with live.lock:
            if live.agg is None:
                try:
                    self._load(live)
                except BaseException:
                    with self._lock:
                        if self._items.get(record_id) is live:
                            del self._items[record_id]
                    raise
                self._charge(live, live.size)
        return live

    def _load(self, live: Live) -> None:
        """The record from its checkpoints (store.py: the table at the latest, and the
        entries of them all) and the rows after them."""
        uid = record_uuid(live.record_id)
        checkpoints = self.store.checkpoints(uid)
        agg: Any = checkpoints[-1].mutate(None) if checkpoints else None
        stored: list[Any] = []
        events: Iterable[Any] = self.store.events.get(uid, gt=agg.version if agg else None)
        for event in events:
            agg = _fold(event, agg)
            if isinstance(event, ENTRY_EVENTS):
                stored.append(event)
        if not isinstance(agg, GameStream):
            raise ApiError(404, "not-found", f"no game or record {live.record_id!r}")
        game = engine(agg.game)
        live.game = game
        live.genesis = msgspec.json.decode(agg.genesis, type=Genesis)
        live.batch_decoder = msgspec.json.Decoder(list[entry_type(game)])  # type: ignore[misc]
        live.tables = Tables()
        live.chunks = []
        live.checkpoint_at = checkpoints[-1].originator_version if checkpoints else 0
        entries: list[Any] = []
        size = 0
        if agg.shares_prefix:
            parent = self.get(agg.fork_of)  # entries 1..fork_seq of it never change
            entries = parent.tl.record.entries[: agg.fork_seq]
            size += parent.size * agg.fork_seq // max(1, parent.tl.seq)
        size += self._decode(live, [*checkpoints, *stored], entries)
        record = Record(id=agg.record_id, genesis=live.genesis, entries=entries)
        # packed chunks re-derive every prev_hash and commitment as they unpack (and a
        # fork's prefix is its parent's, already loaded): only state hashes are left
        packed = live.chunks is not None
        live.timeline = Timeline(game, record, check="chained" if packed else "replay")
        live.agg = agg
        live.size = size
        live.messages.clear()

    @staticmethod
    def _decode(live: Live, events: list[Any], into: list[Any]) -> int:
        """Decode entry events' and checkpoints' entries onto `into` (the record's
        entries before them), each run of chunks at once; the memory they are charged.
        A row's chunk is kept in `live.chunks` for the next checkpoint."""
        assert live.batch_decoder is not None and live.genesis is not None
        size = 0
        chunks: list[bytes] = []
        for n, event in enumerate(events):
            if isinstance(event, GameStream.EntriesAppended):
                live.chunks = None  # JSON entries: no checkpoint can hold them
                into.extend(live.batch_decoder.decode(event.entries))
                size += len(event.entries) * MEMORY_PER_BYTE
                continue
            chunks.append(event.chunk)
            if isinstance(event, GameStream.Chunk) and live.chunks is not None:
                live.chunks.append((event.originator_version, event.chunk))
            if n + 1 < len(events) and not isinstance(events[n + 1], GameStream.EntriesAppended):
                continue
            after = into[-1] if into else None
            entries = unpack_chunks(live.engine, live.genesis, chunks, live.tables, after=after)
            into.extend(entries)
            size += len(msgspec.json.encode(entries)) * MEMORY_PER_BYTE
            chunks = []
        return size

    def _charge(self, live: Live, size: int) -> None:
        """Count `size` more bytes for `live`; drop the least recently used others
        while the cache holds more than max_bytes."""
        with self._lock:
            if self._items.get(live.record_id) is not live:
                return
            self.bytes += size
            while self.bytes > self.max_bytes and len(self._items) > 1:
                oldest = next(iter(self._items))
                if oldest == live.record_id:
                    self._items.move_to_end(oldest)
                    continue
                self.bytes -= self._items.pop(oldest).size

    def reload(self, live: Live) -> None:
        with self._lock:
            if self._items.get(live.record_id) is live:
                self.bytes -= live.size
        live.agg = None
        live.timeline = None
        self._load(live)
        self._charge(live, live.size)

    def refresh(self, live: Live) -> None:
        """Apply events other processes stored since this Live was last in sync."""
        agg = live.aggregate
        try:
            grown = 0
            events: Iterable[Any] = self.store.events.get(agg.id, gt=agg.version)
            for event in events:
                event.mutate(agg)  # the library's own: each version one past the last
                if isinstance(event, ENTRY_EVENTS):
                    held = live.tl.record.entries
                    entries: list[Any] = held[-1:]
                    grown += self._decode(live, [event], entries)
                    for entry in entries[len(held[-1:]) :]:
                        live.tl.append(entry, check="replay")
            if grown:
                live.size += grown
                self._charge(live, grown)
        except Exception:
            # A decode/replay surprise, or a connection the database dropped: rebuild
            # once from the store (which raises PersistenceError, a 503, if it is down).
            self.reload(live)

    # -- writing -------------------------------------------------------------

    def write(self, live: Live, attempt: Callable[[], T], *, fresh: bool = True) -> T:
        """Run `attempt` (which ends in `save`) under the record's lock, again on the
        new state whenever another writer stored first; 409 after MAX_RETRIES."""
        with live.lock:
            if fresh:
                self.refresh(live)
            for _ in range(MAX_RETRIES):
                try:
                    result = attempt()
                except IntegrityError:
                    continue  # save() has rebuilt the Live from the store
                if not self.group.is_deferring():  # else `quick` does, once it is stored
                    self.checkpoint_if_due(live)
                return result
        raise ApiError(409, "conflict", "the record changed too often; try again")

    def append(self, live: Live, entries: list[Any]) -> None:
        """Record entries already in the Live's timeline on its aggregate (saved next)."""
        held = live.tl.record.entries
        after = held[entries[0].seq - 2] if entries and entries[0].seq > 1 else None
        genesis = live.tl.record.genesis
        grown = record_entries(
            live.aggregate, live.engine, genesis, entries, after=after, tables=live.tables
        )
        if entries and live.chunks is not None:  # a save that fails reloads the Live
            written: Any = live.aggregate.pending_events[-1]
            live.chunks.append((written.originator_version, written.chunk))
        live.size += grown
        self._charge(live, grown)

    def save(self, live: Live, *others: Any) -> None:
        """Persist the Live's pending events (and others') atomically; on any failure
        the Live is rebuilt from the store, so it never holds what was not saved."""
        try:
            self.put(live.aggregate, *others)
        except BaseException:
            self.reload(live)
            raise

    def put(self, *aggregates: Any) -> None:
        """Store the aggregates' pending events in one transaction — or, inside `quick`,
        keep them for its group commit."""
        events = [event for agg in aggregates for event in agg.collect_events()]
        if self.group.defer(events):
            return
        with self._write_lock:
            self.group.commit_queued()  # quick writes queued before this one go first
            self.store.save_events(events)

    async def quick(self, record_id: str, call: Callable[[], T]) -> T:
        """Run `call` here on the event loop, after the record's queued write is stored;
        what it saves joins the next group commit, and this returns once that is
        stored. Raises the commit's error (IntegrityError: another process stored
        first; the record has been rebuilt from the store)."""
        await self.settled(record_id)
        with self.group.deferring() as events:
            try:
                result = call()
            except BaseException:
                if events:  # it saved, then failed: nothing of it is stored or kept
                    self._rebuild(record_id)
                raise
        if events:
            live = self.peek(record_id)
            future = self.group.commit_soon(events, record_id)
            if live is not None:
                live.unflushed = future  # `settled` waits on it until it is done
            await asyncio.shield(future)
            if live is not None and self.checkpoint_due(live):
                await asyncio.get_running_loop().run_in_executor(None, self.checkpoint_if_due, live)
        return result

    # -- checkpoints -----------------------------------------------------------

    def checkpoint_due(self, live: Live) -> bool:
        """Whether the record is to have a checkpoint now (`due`)."""
        agg = live.agg
        if agg is None or not live.chunks or agg.pending_events:
            return False
        return self.due(agg.version - live.checkpoint_at, live.chunks)

    def due(self, rows: int, chunks: list[tuple[int, bytes]]) -> bool:
        """Whether `rows` rows since a record's last checkpoint, of which `chunks` its
        entries', are to have one: once they hold the store's `checkpoint_bytes` of
        chunks, in `CHECKPOINT_ROWS` rows or more, and in one row or more a
        `CHECKPOINT_ROW_BYTES` of them."""
        held = sum(len(chunk) for _, chunk in chunks)
        if held < self.store.checkpoint_bytes:
            return False
        return rows >= max(CHECKPOINT_ROWS, held // CHECKPOINT_ROW_BYTES)

    def checkpoint_if_due(self, live: Live) -> None:
        """Store a checkpoint of the record when one is due (`checkpoint_due`): only
        after the write is stored, in a transaction of its own, so a failure here loses
        nothing (the next write tries again) and the write is answered all the same.
        It follows the latest stored, whichever process took that one (and is due only
        if the rows since that one make it due); one stored at this version already
        (another process's: the same) counts as this one."""
        with live.lock:  # what the record is now; the join and the insert come after
            if not self.checkpoint_due(live):
                return
            assert live.chunks is not None
            chunks, since = list(live.chunks), live.checkpoint_at
            taken = Checkpoint.of(live.aggregate, since, b"")
        version = taken.originator_version
        try:
            latest = self.store.latest_checkpoint(taken.originator_id)
            if latest is not None and latest.originator_version > version:
                return  # another process's, past what this one has read: follow it later
            if latest is not None and latest.originator_version > since:
                since = latest.originator_version  # another process's: follow it
                chunks = [(v, chunk) for v, chunk in chunks if v > since]
            if since < version and self.due(version - since, chunks):
                joined = join_stored([chunk for _, chunk in chunks])
                checkpoint = dataclasses.replace(taken, since=since, chunk=joined)
                with self._write_lock:
                    self.store.put_checkpoint(checkpoint)
                since = version
        except Exception:  # the database is down or busy: the next write tries again
            log.warning("could not store a checkpoint of %s", live.record_id, exc_info=True)
            return
        with live.lock:
            if live.agg is None or live.chunks is None or live.checkpoint_at >= since:
                return  # reloaded meanwhile (it read the checkpoints there are)
            live.checkpoint_at = since
            live.chunks = [(v, chunk) for v, chunk in live.chunks if v > since]

    async def settled(self, record_id: str) -> None:
        """Wait until the record has no quick write waiting to be stored."""
        live = self.peek(record_id)
        while live is not None and live.unflushed is not None and not live.unflushed.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(live.unflushed)

    def _rebuild(self, record_id: str) -> None:
        """After a write that could not be stored: the Live from the store again."""
        live = self.peek(record_id)
        if live is not None:
            with live.lock:
                self.discard(live)

    def discard(self, live: Live) -> None:
        """Forget unsaved changes (a bot's bug, a refused append): rebuild from the store."""
        self.reload(live)
