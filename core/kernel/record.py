"""The game record: a genesis and a hash-chained list of entries.

Every entry names the hash of the one before it (the genesis for the first),
so two copies of a record can be compared and a fork found by binary search.
An entry's hash covers its move and events through *commitments*
(`move_hash`, `events_hash`), which lets a seat hold a *redacted* copy (what it
may not see replaced) whose chain still checks. A record never loses an entry:
undo is a TakeBack entry.

Commitments hide what they commit to (format 2). A plain hash of hidden data is
a leak: a seat that sees "a card was drawn" hashes the events with each of the
few dozen cards it could be and finds the one that matches in microseconds. So
every commitment of a format-2 entry (move, events, and the state after it,
which holds hidden cards too) is an HMAC keyed with a per-entry secret derived
from the game's seed (`entry_secret`). Deriving it from the seed adds no secret
to keep, withhold or lose: the seed is already the secret every hidden card
comes from (every shuffle runs from it), it is withheld from every copy until
the game ends and then revealed, and whoever could recover it from `seed_hash`
would know every hidden card without any commitment: so a new game's seed has 128
random bits (rng.py; records made with 64-bit seeds still open as they were). Once
the seed is out, every commitment checks.

A move, or a move's events, that hides nothing from anyone (`open_parts`: every
seat and a spectator see it as it is) has nothing for a salt to hide, and a seat's
copy of a game in progress, which has no seed, could not re-derive its salted
commitment: it had to carry them, two 32-byte hashes an entry, ~64 of its ~110
bytes. So since format 4 an open move or open events are committed under a *public*
key (`open_secret`, from the genesis' `seed_hash`), which every copy derives; what
hides anything is salted as before. Which one it is says nothing a viewer does not
see: the redaction that decides it is by kind of event, not by value
(tests/kernel/test_open_entries.py checks it by play).

Format 1 (records made before commitments were salted) hashed move, events and
state plainly; such entries still load, chain and verify as they were made, and
their moves are never redacted (the chain covers them as they are). Each entry
says which it is (format-2 entries carry `move_hash`, format-2 take-backs
`salted`), so a format-1 game continued today goes on in format 2.
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any, Generic, Literal, TypeVar

import msgspec

from .contract import Decider, OptionValue, Setup, TakeBackPolicy
from .encoding import canonical, digest
from .errors import RecordError, SetupError

M = TypeVar("M")
E = TypeVar("E")

RECORD_FORMAT = 4
"""1: plain sha256 commitments (still read); 2: commitments salted per entry, a state
hash on every entry (still read); 3: a state hash only where `keeps_state_hash`
(still read); 4: an open move and open events committed under `open_secret`."""

STATE_HASH_EVERY = 32


def keeps_state_hash(seq: int, *, over: bool) -> bool:
    """Whether a format-3 entry stores its state hash: every STATE_HASH_EVERY seqs and
    where the game ends (take-backs always do). The chain binds every move and its
    events, and verify re-decides every move and compares its events, so a state
    divergence that changes no event is still caught, at the next such entry; a hash
    on every entry cost 32 bytes an entry (half the compact record) and a hash of the
    whole state on every move."""
    return over or seq % STATE_HASH_EVERY == 0


Commitment = Literal["move", "events", "state"]


def seed_commitment(seed: int) -> str:
    """sha256 of the seed, published in the genesis while the seed stays secret."""
    return hashlib.sha256(f"kifu-seed:{seed}".encode()).hexdigest()


@functools.lru_cache(maxsize=1024)
def entry_secret(seed: int, seq: int) -> bytes:
    """The key of entry `seq`'s commitments (see the module docstring for why the seed).

    One key per seq, so equal moves or states at two seqs get unrelated commitments.
    Cached: an entry's move, events and state are committed under the same key.
    """
    return hashlib.sha256(f"kifu-entry-secret:{seed}:{seq}".encode()).digest()


_INNER_PAD = bytes(byte ^ 0x36 for byte in range(256))
_OUTER_PAD = bytes(byte ^ 0x5C for byte in range(256))
_LABELS = {"move": b"move:", "events": b"events:", "state": b"state:"}


def open_secret(seed_hash: str, seq: int) -> bytes:
    """The key of the commitments of an open move or open events (format 4): from the
    genesis' public `seed_hash`, so every copy derives it (see the module docstring)."""
    return hashlib.sha256(f"kifu-open-entry:{seed_hash}:{seq}".encode()).digest()


def _pads(key: bytes) -> tuple[Any, Any]:
    """HMAC-SHA256's inner and outer hashes with `key` already absorbed.

    HMAC(K, m) = H((K ^ opad) + H((K ^ ipad) + m)) (RFC 2104; the 32-byte key padded
    to SHA-256's 64-byte block). Kept per key, a commitment is two copies and two
    short updates: `hmac.digest` sets OpenSSL's HMAC up anew on every call and took
    2.4x as long, on the three commitments of every move played and every entry read.
    """
    key = key.ljust(64, b"\0")
    return hashlib.sha256(key.translate(_INNER_PAD)), hashlib.sha256(key.translate(_OUTER_PAD))


@functools.lru_cache(maxsize=1024)
def _keyed(seed: int, seq: int) -> tuple[Any, Any]:
    """`_pads` of entry `seq`'s secret key."""
    return _pads(entry_secret(seed, seq))


@functools.lru_cache(maxsize=1024)
def _open_keyed(seed_hash: str, seq: int) -> tuple[Any, Any]:
    """`_pads` of entry `seq`'s public key."""
    return _pads(open_secret(seed_hash, seq))


def _hmac(pads: tuple[Any, Any], what: Commitment, obj: Any) -> str:
    inner, outer = pads
    inner = inner.copy()  # the cached ones are only ever copied, never updated
    inner.update(_LABELS[what])
    inner.update(canonical(obj))
    outer = outer.copy()
    outer.update(inner.digest())
    return str(outer.hexdigest())


def commitment(seed: int | None, seq: int, what: Commitment, obj: Any, *, salted: bool) -> str:
    """What entry `seq` stores for its `what` (move, events, state after it).

    Salted (format 2): HMAC-SHA256 under `entry_secret`, which needs the seed.
    Plain (format 1): sha256 of the canonical encoding; a format-1 entry stores no
    move commitment (its hash covers the move itself), so that one is "".
    """
    if not salted:
        return "" if what == "move" else digest(obj)
    if seed is None:
        raise RecordError("this record's seed is withheld: its commitments cannot be made", seq)
    return _hmac(_keyed(seed, seq), what, obj)


def open_commitment(seed_hash: str, seq: int, what: Commitment, obj: Any) -> str:
    """What entry `seq` stores for an open move or open events (format 4): HMAC-SHA256
    under `open_secret`, which any copy derives from its genesis."""
    return _hmac(_open_keyed(seed_hash, seq), what, obj)


def keyed_commitment(genesis: Genesis, seq: int, what: Commitment, obj: Any, *, open_: bool) -> str:
    """A format-2+ entry's commitment of its move or events: under the public key
    where it is open, else salted (which needs the seed)."""
    if open_:
        return open_commitment(genesis.seed_hash, seq, what, obj)
    return commitment(genesis.seed, seq, what, obj, salted=True)


def open_parts(
    game: Decider[Any, Any, Any, Any], seats: int, seat: int, move: Any, events: Any
) -> tuple[bool, bool]:
    """Whether a move by `seat`, and whether its events, hide nothing from anyone:
    every other seat and a spectator see the move as it is (the mover always sees its
    own), every seat and a spectator the events."""
    viewers = [*range(seats), None]
    move_open = all(game.redact_move(move, v) == move for v in viewers if v != seat)
    events_open = all(game.redact(event, v) == event for v in viewers for event in events)
    return move_open, events_open


class ParentRef(msgspec.Struct, kw_only=True):
    """Where a branch ("play from here") left its parent record."""

    record_id: str
    seq: int


class Genesis(msgspec.Struct, kw_only=True):
    """How the game began. `seed` (0..2**128-1, rng.py) is None in copies sent before
    the game ends; `seed_hash` commits to it so the chain checks either way. In msgpack
    a seed above 2**64 - 1 travels as bytes (`genesis_builtins`); in JSON as a number."""

    game: str
    engine_version: str
    seats: int
    options: dict[str, OptionValue]
    seed_hash: str
    seed: int | None = None
    takeback: TakeBackPolicy = "casual"
    created_at: int = 0
    parent: ParentRef | None = None

    @property
    def rules_version(self) -> str:
        """The title's rules_version the game was recorded under (engine_version is
        ``<core version>/<game>-<rules_version>``, written when the record was made)."""
        prefix = f"{self.game}-"
        tail = self.engine_version.rpartition("/")[2]
        return tail[len(prefix) :] if tail.startswith(prefix) else ""

    def setup(self) -> Setup:
        """The Setup of this game, under the rules it was recorded with."""
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


_MSGPACK_INT_MAX = (1 << 64) - 1


def genesis_builtins(genesis: Genesis) -> dict[str, Any]:
    """The genesis as msgpack-ready builtins (the compact form, the compact pull).
    msgpack's ints stop at 2**64 - 1, so a seed above that (every new game's: 128 bits)
    goes as its big-endian bytes; a smaller one stays an int, as it always was."""
    data: dict[str, Any] = msgspec.to_builtins(genesis)
    seed = genesis.seed
    if seed is not None and seed > _MSGPACK_INT_MAX:
        data["seed"] = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    return data


def genesis_of_builtins(data: Any) -> Genesis:
    """`genesis_builtins` read back: a seed as bytes (only ever one above 2**64 - 1,
    without leading zero bytes) or as an int. ValueError or msgspec's ValidationError
    when it is not a genesis."""
    if isinstance(data, dict) and isinstance(data.get("seed"), bytes):
        raw = data["seed"]
        seed = int.from_bytes(raw, "big")
        if seed <= _MSGPACK_INT_MAX or raw[0] == 0:
            raise ValueError("a genesis seed in bytes must be one msgpack cannot hold, unpadded")
        data = {**data, "seed": seed}
    return msgspec.convert(data, Genesis)


def seed_of(value: int | str) -> int:
    """A seed given as an int or as its decimal digits (what JavaScript sends: its
    numbers are exact only below 2**53, and a new game's seed has 128 bits).
    SetupError for text that is not plain decimal digits (`Decider.setup` checks the
    range)."""
    if isinstance(value, str):
        if not (value.isascii() and value.isdigit()) or len(value) > 40:
            raise SetupError(f"a seed as text is its decimal digits, got {value[:50]!r}")
        return int(value)
    return value


class Entry(msgspec.Struct, Generic[M, E], tag="entry", tag_field="kind", kw_only=True):
    """One move by one seat, the events it caused and the state after them, committed.

    `move` and `events` may be redacted in a seat's copy; `move_hash`, `events_hash`
    and `state_hash` are their commitments (`commitment`), which the entry hash covers
    instead of them. `move_hash` is "" in format-1 entries, whose hash covers `move`;
    `state_hash` is "" in format-3 entries that keep none (`keeps_state_hash`).
    """

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
    move_hash: str = ""

    @property
    def salted(self) -> bool:
        """Made in format 2 or later: the move committed apart, every commitment keyed
        (salted, or an open move's or events' under the public key)."""
        return bool(self.move_hash)


class _TakeBackFields(msgspec.Struct, kw_only=True):
    seq: int
    seat: int
    to_seq: int
    state_hash: str
    prev_hash: str
    move_id: str
    device_id: str = ""
    at: int = 0


class TakeBack(_TakeBackFields, tag="takeback", tag_field="kind", kw_only=True):
    """Undo back to the state after `to_seq`; the undone entries stay in the record.

    `salted`: made in format 2 (`state_hash` salted); False in format-1 take-backs.
    """

    salted: bool = False


class _TakeBackV1(_TakeBackFields, tag="takeback", tag_field="kind", kw_only=True):
    """A format-1 take-back exactly as it was hashed (before `salted` existed)."""


class Record(msgspec.Struct, Generic[M, E], kw_only=True):
    """A whole game: its id (forks and branches get their own), genesis and entries.

    `format` is the newest record format its entries may use (each entry says which
    it is, so a reader never needs this to check one); RecordError when a reader
    meets a format newer than RECORD_FORMAT.
    """

    id: str
    genesis: Genesis
    entries: list[Entry[M, E] | TakeBack] = []
    format: int = RECORD_FORMAT


AnyEntry = Entry[Any, Any] | TakeBack


def genesis_hash(genesis: Genesis) -> str:
    """The chain's root: the genesis without its (possibly withheld) seed."""
    return digest(msgspec.structs.replace(genesis, seed=None))


def entry_hash(entry: AnyEntry) -> str:
    """What the next entry's prev_hash must be. Events count through events_hash and
    (format 2) the move through move_hash, so redacting either keeps the chain."""
    if isinstance(entry, TakeBack):
        if entry.salted:
            return digest(entry)
        fields = msgspec.structs.asdict(entry)
        del fields["salted"]
        return digest(_TakeBackV1(**fields))
    return digest(
        [
            "entry",
            entry.seq,
            entry.seat,
            entry.move_hash if entry.salted else entry.move,
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


def check_commitments(genesis: Genesis, entry: Entry[Any, Any], *, move: bool = True) -> None:
    """RecordError unless the entry's events (and, if `move`, its move) match their
    commitments: under the public key where they are open (format 4), else salted
    (which needs the seed) or, in format 1, plain."""
    seq = entry.seq
    if not entry.salted:
        if digest(entry.events) != entry.events_hash:
            raise RecordError("events do not match events_hash", seq)
        return
    parts: list[tuple[Commitment, Any, str, str]] = [
        ("events", entry.events, entry.events_hash, "events do not match events_hash")
    ]
    if move:
        parts.append(("move", entry.move, entry.move_hash, "the move does not match move_hash"))
    for what, obj, stored, wrong in parts:
        if open_commitment(genesis.seed_hash, seq, what, obj) == stored:
            continue
        if commitment(genesis.seed, seq, what, obj, salted=True) != stored:
            raise RecordError(wrong, seq)


def check_chain(record: Record[Any, Any], *, redacted: bool = False) -> None:
    """RecordError at the first entry whose seq or prev_hash is wrong.

    A full copy also has each entry's move and events checked against their
    commitments, where it can: salted ones need the seed, which a copy of a game
    in progress lacks. A `redacted` copy (moves and events cut for one seat) cannot
    be, and need not be: the commitments are part of the chained entry hash.
    """
    prev = genesis_hash(record.genesis)
    for index, entry in enumerate(record.entries):
        if entry.seq != index + 1:
            raise RecordError(f"expected seq {index + 1}, found {entry.seq}", entry.seq)
        if entry.prev_hash != prev:
            raise RecordError("prev_hash does not match the entry before it", entry.seq)
        checkable = record.genesis.seed is not None or not entry.salted
        if isinstance(entry, Entry) and not redacted and checkable:
            check_commitments(record.genesis, entry)
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


def redact_entry(game: Decider[Any, Any, Any, Any], entry: AnyEntry, seat: int | None) -> AnyEntry:
    """The entry as `seat` (None: a spectator) may see it; the commitments are kept,
    so the copy still chains. Every seat sees its own moves whole; a format-1 entry's
    move is never redacted (its hash covers the move itself)."""
    if isinstance(entry, TakeBack):
        return entry
    events = [game.redact(e, seat) for e in entry.events]
    move = entry.move
    if entry.salted and seat != entry.seat:
        move = game.redact_move(move, seat)
    return msgspec.structs.replace(entry, move=move, events=events)


def redact_genesis(genesis: Genesis) -> Genesis:
    """The genesis of a game in progress as everyone but its authority sees it: no
    seed (and so no entry secret); `seed_hash` still commits to it."""
    return msgspec.structs.replace(genesis, seed=None)


def redact_record(
    game: Decider[Any, Any, Any, Any], record: Record[M, E], seat: int | None, *, over: bool
) -> Record[M, E]:
    """The record as `seat` may see it: every entry redacted and, unless the game is
    `over`, the seed withheld (its seed_hash still commits to it)."""
    if over:
        return record
    genesis = redact_genesis(record.genesis)
    entries: list[Any] = [redact_entry(game, entry, seat) for entry in record.entries]
    return Record(id=record.id, genesis=genesis, entries=entries, format=record.format)
