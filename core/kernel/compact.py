"""The compact record: the game, not its bookkeeping, on disk and on the wire.

The record in memory (record.py) holds every entry's seq, previous hash and
commitments, as hex. Most of that can be derived, so the compact form (msgpack)
stores only what cannot:

- `seq` is the position and `prev_hash` the chain, both recomputed on reading;
- the move and events commitments are recomputed from the move and events where the
  copy holds the seed and them whole, or where they are open (record.py: under the
  public key, which every copy derives), and stored (32 raw bytes each) only
  where it cannot (a seat's copy of a game in progress: no seed, redacted events);
- state hashes are stored where the entry has one (format 3: every 32nd entry, the
  entry that ends the game and every take-back), as 32 raw bytes;
- moves and events are packed (packing.py: positional arrays against a schema
  table, strings by index), device ids by index, `at` as the time since the entry
  before; move ids as nil where they are their device's next count (the PWA's ids
  are 16 hex digits counting up from a random start: its last such id + 1),
  other 16-hex-digit ids as their 8 bytes, UUIDs as 16 (random ids are the bytes of
  a record no compression shrinks);
- the tip hash is stored, and reading re-derives the chain and checks that it ends
  there: a changed byte anywhere is a RecordError, as a broken chain was.

A record is ``["kifu", version, id, genesis, format, tip, chunk]``; a chunk is ``[[new
strings, new schemas, new devices], rows]`` and continues the tables of the chunks
before it, so the server can store each write's entries as a chunk of their own
(`pack_entries` / `unpack_entries`). A row is
``[seat*2, move id, device, dt, state, move, events(, commitments)]`` for a move and
``[seat*2 + 1, move id, device, dt, state, to_seq, salted]`` for a take-back. The
commitments element is left out where both are salted and recomputed, `false` where
both are open, else ``[move, events]``, each `true` (recomputed, salted), `false`
(recomputed, open), its 32 bytes, or nil (format 1's move).
Version 6 writes a genesis seed above 2**64 - 1 (every new game's: 128 bits), which no
msgpack int holds, as its big-endian bytes (`genesis_builtins`); a record whose seed is
smaller (or withheld) is still written as version 5, byte for byte as before, so readers
of version 5 keep reading it. Version 5 added open moves and events, version 4 the nil
move id; earlier versions are read as they are.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Iterator
from typing import Any

import msgspec

from .contract import Decider
from .encoding import digest
from .errors import RecordError
from .packing import Packer, Tables
from .record import (
    AnyEntry,
    Commitment,
    Entry,
    Genesis,
    Record,
    TakeBack,
    commitment,
    entry_hash,
    genesis_builtins,
    genesis_hash,
    genesis_of_builtins,
    open_commitment,
    tip_hash,
)

MAGIC = "kifu"
COMPACT_VERSION = 6
"""The newest version written and read: 6 where the seed needs bytes, else 5."""
MEDIA_TYPE = "application/vnd.kifu.record"
"""The compact form's media type on the wire (and `.kifu`, its file suffix)."""


def is_compact(data: bytes) -> bool:
    """Whether msgpack bytes are a compact record (an array; a record is a map)."""
    return bool(data) and (0x90 <= data[0] <= 0x9F or data[0] in (0xDC, 0xDD))


@functools.cache
def _packers(move_type: Any, event_type: Any) -> tuple[Packer, Packer]:
    return Packer(move_type), Packer(list[event_type])  # type: ignore[valid-type]


def packers(game: Decider[Any, Any, Any, Any]) -> tuple[Packer, Packer]:
    """The title's move and events packers (built once per title)."""
    return _packers(game.move_type, game.event_type)


def hash_out(value: str) -> bytes | str | None:
    """A hash as the compact form stores it: 64 lowercase hex digits as their 32 bytes,
    "" as None, anything else as it is (the compact pull stores its hashes so too)."""
    if not value:
        return None
    if len(value) == 64:
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            return value
        if raw.hex() == value:
            return raw
    return value


def hash_in(value: Any) -> str:
    """The hash `hash_out` stored, as the record holds it (hex, or "")."""
    if value is None:
        return ""
    return value.hex() if isinstance(value, bytes) else str(value)


HEX_ID = frozenset("0123456789abcdef")
ID_COUNT = 2**64  # the 16-hex-digit ids wrap around here


def counted_id(move_id: str) -> int | None:
    """A 16-hex-digit move id (the PWA's, `kifu`'s, the hosted bots') as a number; None
    for any other."""
    if len(move_id) == 16 and HEX_ID.issuperset(move_id):
        return int(move_id, 16)
    return None


def counted_ids(last: int) -> Iterator[str]:
    """Move ids counting on from the number `last`: 16 hex digits, wrapping at 2**64
    (each is the id the compact form stores as nil after the one before)."""
    while True:
        last = (last + 1) % ID_COUNT
        yield f"{last:016x}"


def _next_count(tables: Tables, device: int) -> int | None:
    """The number of `device`'s next counted id (None: it has had none)."""
    last = tables.last_ids.get(device)
    return None if last is None else (last + 1) % ID_COUNT


def _id_out(move_id: str, device: int, tables: Tables) -> bytes | str | None:
    """nil for the device's next count, other 16-hex-digit ids as their 8 bytes,
    UUIDs as their 16; others as they are."""
    number = counted_id(move_id)
    if number is not None:
        follows = number == _next_count(tables, device)
        tables.last_ids[device] = number
        return None if follows else number.to_bytes(8, "big")
    if len(move_id) == 36:
        try:
            parsed = uuid.UUID(move_id)
        except ValueError:
            return move_id
        if str(parsed) == move_id:
            return parsed.bytes
    return move_id


def _id_in(value: Any, device: int, tables: Tables) -> str:
    """The move id `_id_out` stored for `device`."""
    number: int | None
    if value is None:
        number = _next_count(tables, device)
        if number is None:
            raise RecordError("a move id counts on from none of its device's")
        move_id = f"{number:016x}"
    elif isinstance(value, bytes) and len(value) == 8:
        number, move_id = int.from_bytes(value, "big"), value.hex()
    else:
        move_id = str(uuid.UUID(bytes=value)) if isinstance(value, bytes) else str(value)
        number = counted_id(move_id)
    if number is not None:
        tables.last_ids[device] = number
    return move_id


def _stored(
    what: Commitment, obj: Any, stored: str, *, genesis: Genesis, seq: int, salted: bool
) -> Any:
    """How a commitment is kept: True when it can be recomputed from what the row holds
    and the seed, False from what the row holds and the open key, else itself."""
    if not salted:
        return True if digest(obj) == stored else hash_out(stored)
    if open_commitment(genesis.seed_hash, seq, what, obj) == stored:
        return False
    if genesis.seed is not None and commitment(genesis.seed, seq, what, obj, salted=True) == stored:
        return True
    return hash_out(stored)


def pack_entries(
    game: Decider[Any, Any, Any, Any],
    genesis: Genesis,
    entries: list[AnyEntry],
    tables: Tables,
    *,
    after: AnyEntry | None,
) -> list[Any]:
    """A chunk of `entries`, which follow `after` (None: the genesis)."""
    move_packer, events_packer = packers(game)
    last_at = genesis.created_at if after is None else after.at
    rows: list[Any] = []
    for entry in entries:
        device = tables.device(entry.device_id)
        head = [
            entry.seat * 2 + isinstance(entry, TakeBack),
            _id_out(entry.move_id, device, tables),
            device,
            entry.at - last_at,
            hash_out(entry.state_hash),
        ]
        last_at = entry.at
        if isinstance(entry, TakeBack):
            rows.append([*head, entry.to_seq, entry.salted])
            continue
        row = [
            *head,
            move_packer.pack(entry.move, tables),
            events_packer.pack(entry.events, tables),
        ]
        salted, seq = entry.salted, entry.seq
        events = _stored(
            "events", entry.events, entry.events_hash, genesis=genesis, seq=seq, salted=salted
        )
        if not salted:
            row.append([None, events])
        else:
            move = _stored(
                "move", entry.move, entry.move_hash, genesis=genesis, seq=seq, salted=True
            )
            if move is False and events is False:
                row.append(False)
            elif not (move is True and events is True):
                row.append([move, events])
        rows.append(row)
    return [tables.take_new(), rows]


def unpack_entries(
    game: Decider[Any, Any, Any, Any],
    genesis: Genesis,
    chunk: Any,
    tables: Tables,
    *,
    after: AnyEntry | None,
) -> list[AnyEntry]:
    """The entries of a chunk made by `pack_entries`, their seqs and prev_hashes
    re-derived from `after`; RecordError when the chunk is malformed."""
    try:
        return list(_rows(game, genesis, chunk, tables, after))
    except RecordError:
        raise
    except (msgspec.ValidationError, ValueError, TypeError, IndexError, KeyError) as exc:
        raise RecordError(f"not a valid compact {game.info.id} record: {exc}") from None


def _rows(
    game: Decider[Any, Any, Any, Any],
    genesis: Genesis,
    chunk: Any,
    tables: Tables,
    after: AnyEntry | None,
) -> Iterator[AnyEntry]:
    move_packer, events_packer = packers(game)
    new, rows = chunk
    tables.add(new)
    seq = 0 if after is None else after.seq
    last_at = genesis.created_at if after is None else after.at
    prev = genesis_hash(genesis) if after is None else entry_hash(after)
    for row in rows:
        seq += 1
        seat, kind = divmod(int(row[0]), 2)
        device = int(row[2])
        move_id, device_id = _id_in(row[1], device, tables), tables.devices[device]
        at = last_at + int(row[3])
        last_at = at
        state_hash = hash_in(row[4])
        entry: AnyEntry
        if kind:
            entry = TakeBack(
                seq=seq,
                seat=seat,
                to_seq=int(row[5]),
                state_hash=state_hash,
                prev_hash=prev,
                move_id=move_id,
                device_id=device_id,
                at=at,
                salted=bool(row[6]),
            )
        else:
            move = move_packer.unpack(row[5], tables)
            events = events_packer.unpack(row[6], tables)
            kept = row[7] if len(row) > 7 else (True, True)
            stored_move, stored_events = (False, False) if kept is False else kept
            salted = stored_move is not None
            entry = Entry(
                seq=seq,
                seat=seat,
                move=move,
                events=events,
                events_hash=_recomputed(
                    genesis, seq, "events", events, stored=stored_events, salted=salted
                ),
                state_hash=state_hash,
                prev_hash=prev,
                move_id=move_id,
                device_id=device_id,
                at=at,
                move_hash=_recomputed(genesis, seq, "move", move, stored=stored_move, salted=salted)
                if salted
                else "",
            )
        yield entry
        prev = entry_hash(entry)


def _recomputed(
    genesis: Genesis, seq: int, what: Commitment, obj: Any, *, stored: Any, salted: bool
) -> str:
    if stored is False:
        return open_commitment(genesis.seed_hash, seq, what, obj)
    if stored is not True:
        return hash_in(stored)
    if salted and genesis.seed is None:
        raise RecordError("a commitment is missing and the seed is withheld", seq)
    return commitment(genesis.seed, seq, what, obj, salted=salted)


def join_chunks(chunks: list[Any]) -> list[Any]:
    """One chunk holding the entries of `chunks` (consecutive, in order): their table
    additions and their rows, each concatenated. It unpacks to the same entries and
    leaves the same tables: a row refers only to what the tables held by its chunk."""
    strings: list[Any] = []
    schemas: list[Any] = []
    devices: list[Any] = []
    rows: list[Any] = []
    for (new_strings, new_schemas, new_devices), chunk_rows in chunks:
        strings += new_strings
        schemas += new_schemas
        devices += new_devices
        rows += chunk_rows
    return [[strings, schemas, devices], rows]


def encode_compact(game: Decider[Any, Any, Any, Any], record: Record[Any, Any]) -> bytes:
    """The record in the compact form; RecordError if its seqs do not count up."""
    for index, entry in enumerate(record.entries):
        if entry.seq != index + 1:
            raise RecordError(f"expected seq {index + 1}, found {entry.seq}", entry.seq)
    chunk = pack_entries(game, record.genesis, list(record.entries), Tables(), after=None)
    return _body(record, chunk)


def _body(record: Record[Any, Any], chunk: list[Any]) -> bytes:
    genesis = genesis_builtins(record.genesis)
    version = COMPACT_VERSION if isinstance(genesis["seed"], bytes) else 5
    tip = hash_out(tip_hash(record))
    body = [MAGIC, version, record.id, genesis, record.format, tip, chunk]
    return msgspec.msgpack.encode(body)


def decode_compact(data: bytes, game: Decider[Any, Any, Any, Any]) -> Record[Any, Any]:
    """A record from its compact form: its chain re-derived and checked against the
    stored tip (RecordError, one line, if anything does not decode or chain)."""
    try:
        magic, version, record_id, genesis_data, fmt, tip, chunk = msgspec.msgpack.decode(data)
        genesis = genesis_of_builtins(genesis_data)
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError, TypeError) as exc:
        raise RecordError(f"not a valid compact {game.info.id} record: {exc}") from None
    if magic != MAGIC or not isinstance(version, int):
        raise RecordError("not a compact Kifu record")
    if version > COMPACT_VERSION:
        raise RecordError(f"compact record version {version} is newer than this Kifu reads")
    if genesis.game != game.info.id:
        raise RecordError(f"record is for {genesis.game!r}, not {game.info.id!r}")
    entries = unpack_entries(game, genesis, chunk, Tables(), after=None)
    record: Record[Any, Any] = Record(id=str(record_id), genesis=genesis, entries=entries)
    record.format = int(fmt)
    if tip_hash(record) != hash_in(tip):
        raise RecordError("the entries do not chain to the record's tip: changed or damaged")
    return record


def compact_game(data: bytes) -> str:
    """The game id of a compact record, read before its typed decode."""
    try:
        genesis = msgspec.msgpack.decode(data)[3]
        return str(genesis["game"])
    except (msgspec.DecodeError, TypeError, IndexError, KeyError) as exc:
        raise RecordError(f"not a Kifu record: {exc}") from None


class CompactWriter:
    """One growing record's compact form, kept: each `encode` packs only the entries
    added since the last, so a game saved after every move costs a move's packing,
    not the whole record's (a 1,100-entry Ducks in Tow game: 22 ms on CPython, each
    time). The tables grow in entry order either way, so the bytes are exactly
    `encode_compact`'s. For a record whose entries are only ever appended (a
    Timeline's)."""

    def __init__(self, game: Decider[Any, Any, Any, Any], record: Record[Any, Any]) -> None:
        self.game, self.record = game, record
        self.tables = Tables()
        self.rows: list[Any] = []

    def encode(self) -> bytes:
        entries, done = self.record.entries, len(self.rows)
        if len(entries) > done:
            after = entries[done - 1] if done else None
            _, rows = pack_entries(
                self.game, self.record.genesis, entries[done:], self.tables, after=after
            )
            self.rows.extend(rows)
        tables = self.tables
        chunk = [[tables.strings, tables.schemas, tables.devices], self.rows]
        return _body(self.record, chunk)
