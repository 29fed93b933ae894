"""The game record: a genesis and a hash-chained list of entries.

Every entry names the hash of the one before it (the genesis for the first),
so two copies of a record can be compared and a fork found by binary search.
An entry's hash covers its events through `events_hash`, which lets a seat
hold a *redacted* copy (events it may not see replaced) whose chain still
checks. A record never loses an entry: undo is a TakeBack entry.
"""

from __future__ import annotations

import hashlib
from typing import Any, Generic, Literal, TypeVar

import msgspec

from .contract import Decider, OptionValue, Setup, TakeBackPolicy
from .encoding import digest
from .errors import RecordError

M = TypeVar("M")
E = TypeVar("E")

RECORD_FORMAT = 1


def seed_commitment(seed: int) -> str:
    """sha256 of the seed, published in the genesis while the seed stays secret."""
    return hashlib.sha256(f"kifu-seed:{seed}".encode()).hexdigest()


class ParentRef(msgspec.Struct, kw_only=True):
    """Where a branch ("play from here") left its parent record."""

    record_id: str
    seq: int


class Genesis(msgspec.Struct, kw_only=True):
    """How the game began. `seed` is None in copies sent before the game ends;
    `seed_hash` commits to it so the chain checks either way."""

    game: str
    engine_version: str
    seats: int
    options: dict[str, OptionValue]
    seed_hash: str
    seed: int | None = None
    takeback: TakeBackPolicy = "casual"
    created_at: int = 0
    parent: ParentRef | None = None

    def setup(self) -> Setup:
        if self.seed is None:
            raise RecordError("this record's seed is withheld until the game ends")
        if seed_commitment(self.seed) != self.seed_hash:
            raise RecordError("the genesis seed does not match its seed_hash")
        return Setup(
            game=self.game,
            seats=self.seats,
            seed=self.seed,
            options=self.options,
            rules_version=self.rules_version,
        )

    @property
    def rules_version(self) -> str:
        """The title's rules_version the game was recorded under (engine_version is
        ``<core version>/<game>-<rules_version>``)."""
        prefix = f"{self.game}-"
        tail = self.engine_version.rpartition("/")[2]
        return tail[len(prefix) :] if tail.startswith(prefix) else ""


class Entry(msgspec.Struct, Generic[M, E], tag="entry", tag_field="kind", kw_only=True):
    """One move by one seat, the events it caused and the state hash after them."""

    seq: int
    seat: int
    move: M
    events: list[E]
    events_hash: str
    state_hash: str
    prev_hash: str
    move_id: str
    device_id: str = ""
    at: int = 0


class TakeBack(msgspec.Struct, tag="takeback", tag_field="kind", kw_only=True):
    """Undo back to the state after `to_seq`; the undone entries stay in the record."""

    seq: int
    seat: int
    to_seq: int
    state_hash: str
    prev_hash: str
    move_id: str
    device_id: str = ""
    at: int = 0


class Record(msgspec.Struct, Generic[M, E], kw_only=True):
    """A whole game: its id (forks and branches get their own), genesis and entries."""

    id: str
    genesis: Genesis
    entries: list[Entry[M, E] | TakeBack] = []
    format: int = RECORD_FORMAT


AnyEntry = Entry[Any, Any] | TakeBack


def genesis_hash(genesis: Genesis) -> str:
    """The chain's root: the genesis without its (possibly withheld) seed."""
    return digest(msgspec.structs.replace(genesis, seed=None))


def entry_hash(entry: AnyEntry) -> str:
    """What the next entry's prev_hash must be. Events count through events_hash."""
    if isinstance(entry, TakeBack):
        return digest(entry)
    return digest(
        [
            "entry",
            entry.seq,
            entry.seat,
            entry.move,
            entry.events_hash,
            entry.state_hash,
            entry.prev_hash,
            entry.move_id,
            entry.device_id,
            entry.at,
        ]
    )


def tip_hash(record: Record[Any, Any]) -> str:
    """Hash of the last entry (the genesis for an empty record)."""
    return entry_hash(record.entries[-1]) if record.entries else genesis_hash(record.genesis)


def check_chain(record: Record[Any, Any], *, redacted: bool = False) -> None:
    """RecordError at the first entry whose seq or prev_hash is wrong.

    A full copy also has each entry's events checked against its events_hash;
    a `redacted` copy (events cut for one seat) cannot be, and need not be:
    events_hash is part of the chained entry hash either way.
    """
    prev = genesis_hash(record.genesis)
    for index, entry in enumerate(record.entries):
        if entry.seq != index + 1:
            raise RecordError(f"expected seq {index + 1}, found {entry.seq}", entry.seq)
        if entry.prev_hash != prev:
            raise RecordError("prev_hash does not match the entry before it", entry.seq)
        if isinstance(entry, Entry) and not redacted and digest(entry.events) != entry.events_hash:
            raise RecordError("events do not match events_hash", entry.seq)
        prev = entry_hash(entry)


def common_prefix(a: Record[Any, Any], b: Record[Any, Any]) -> int:
    """The last seq two copies of a game share: -1 if even the genesis differs.

    The hash chain makes "entry i is equal" monotone in i, so a binary search
    compares O(log n) entries.
    """
    if genesis_hash(a.genesis) != genesis_hash(b.genesis):
        return -1
    low, high = 0, min(len(a.entries), len(b.entries))
    while low < high:
        mid = (low + high + 1) // 2
        if entry_hash(a.entries[mid - 1]) == entry_hash(b.entries[mid - 1]):
            low = mid
        else:
            high = mid - 1
    return low


Format = Literal["json", "msgpack"]


class _Header(msgspec.Struct):
    genesis: _GameOnly


class _GameOnly(msgspec.Struct):
    game: str


def record_game(data: bytes, fmt: Format = "json") -> str:
    """The game id of an encoded record, read before its typed decode."""
    decode = msgspec.json.decode if fmt == "json" else msgspec.msgpack.decode
    try:
        header = decode(data, type=_Header)
    except msgspec.DecodeError as exc:
        raise RecordError(f"not a Kifu record: {exc}") from None
    return header.genesis.game


def record_type(game: Decider[Any, Any, Any, Any]) -> Any:
    """Record[Move, Event] for this game: the type to decode its records as."""
    return Record[game.move_type, game.event_type]  # type: ignore[name-defined]


def decode_record(data: bytes, game: Decider[Any, Any, Any, Any], fmt: Format = "json") -> Any:
    """A typed record of `game`; RecordError (one line) if it does not decode."""
    decode = msgspec.json.decode if fmt == "json" else msgspec.msgpack.decode
    try:
        record = decode(data, type=record_type(game))
    except msgspec.DecodeError as exc:
        raise RecordError(f"not a valid {game.info.id} record: {exc}") from None
    if record.genesis.game != game.info.id:
        raise RecordError(f"record is for {record.genesis.game!r}, not {game.info.id!r}")
    return record


def encode_record(record: Record[Any, Any], fmt: Format = "json") -> bytes:
    return msgspec.json.encode(record) if fmt == "json" else msgspec.msgpack.encode(record)


def redact_entry(game: Decider[Any, Any, Any, Any], entry: AnyEntry, seat: int | None) -> AnyEntry:
    """The entry as `seat` may see it; events_hash is kept, so the copy still chains."""
    if isinstance(entry, TakeBack):
        return entry
    return msgspec.structs.replace(entry, events=[game.redact(e, seat) for e in entry.events])


def redact_record(
    game: Decider[Any, Any, Any, Any], record: Record[M, E], seat: int | None, *, over: bool
) -> Record[M, E]:
    """The record as `seat` may see it: every entry redacted and, unless the game is
    `over`, the seed withheld (its seed_hash still commits to it)."""
    if over:
        return record
    genesis = msgspec.structs.replace(record.genesis, seed=None)
    entries: list[Any] = [redact_entry(game, entry, seat) for entry in record.entries]
    return Record(id=record.id, genesis=genesis, entries=entries, format=record.format)
