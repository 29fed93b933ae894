"""The compact record form (core/kernel/compact.py, packing.py), issue #21.

Every title's records round-trip through it in the harness (conformance.py's
`assert_record_consistent`); here: its size, that it still binds every byte, that a
seat's copy keeps what it cannot recompute, chunks that continue each other, and that
old packed data reads after a title changes its structs.
"""

from __future__ import annotations

import gzip
import uuid
from typing import Any

import msgspec
import pytest

from core import games
from core.kernel import (
    Entry,
    RecordError,
    Rng,
    Timeline,
    decode_compact,
    decode_record,
    encode_compact,
    encode_record,
    new_record,
    redact_record,
)
from core.kernel.compact import pack_entries, unpack_entries
from core.kernel.packing import Packer, Tables

from .conftest import finished_timeline, seen_whole
from .fixture_game import GAME


def played(game_id: str, seed: int = 3, *, counted: bool = False) -> Any:
    """A whole random game with a device per seat and millisecond clocks: move ids as
    the first PWAs made them (random v4 UUIDs) or, `counted`, as it makes them now (16
    hex digits counting up from a random start, one count per device)."""
    game = games.get(game_id)
    record = new_record(game, record_id=f"r{seed}", seats=2, seed=seed, created_at=10**12)
    timeline = Timeline(game, record)
    rng = Rng.seeded(seed, stream=9)

    def random_uuid() -> str:
        value = 0
        for _ in range(4):
            value = value << 32 | rng.below(2**32 - 1)
        return str(uuid.UUID(int=value, version=4))

    devices = [random_uuid(), random_uuid()]
    counts = [rng.below(2**32 - 1) << 32 for _ in devices]
    at = 10**12
    while timeline.to_move():
        seat = timeline.to_move()[0]
        at += 500 + rng.below(20_000)
        counts[seat] += 1
        move_id = random_uuid()  # drawn either way: the same game both ways
        timeline.play(
            seat,
            rng.choice(timeline.legal_moves(seat)),
            move_id=f"{counts[seat]:016x}" if counted else move_id,
            device_id=devices[seat],
            at=at,
        )
    return game, timeline.record


@pytest.mark.parametrize("game_id", games.titles())
def test_a_whole_record_takes_at_most_64_bytes_an_entry(game_id: str) -> None:
    game, record = played(game_id, counted=True)
    packed = encode_compact(game, record)
    per_entry = len(packed) / len(record.entries)
    assert per_entry <= 64, f"{per_entry:.1f} bytes an entry"
    assert len(encode_record(record, "msgpack")) / len(record.entries) > 400  # what it was
    assert decode_record(packed, game, "msgpack") == record


@pytest.mark.parametrize("game_id", games.titles())
def test_a_device_s_next_counted_move_id_is_one_byte_and_reads_back(game_id: str) -> None:
    """The PWA's ids count up per device: each after a device's first is stored as
    nil, so the whole record is at most 32 bytes an entry gzipped (issue #21)."""
    game, record = played(game_id, counted=True)
    packed = encode_compact(game, record)
    rows = msgspec.msgpack.decode(packed)[6][1]
    firsts = {entry.device_id: entry.seq for entry in reversed(record.entries)}
    for entry, row in zip(record.entries, rows, strict=True):
        first = firsts[entry.device_id] == entry.seq
        assert (row[1] is None) is not first
        assert first is (row[1] == bytes.fromhex(entry.move_id))
    assert decode_compact(packed, game) == record
    gzipped = len(gzip.compress(packed, 9)) / len(record.entries)
    assert gzipped <= 32, f"{gzipped:.1f} bytes an entry gzipped"
    _, random_ids = played(game_id)  # the same game under random UUIDs
    assert len(encode_compact(game, random_ids)) >= len(packed) + 15 * len(record.entries)


def test_counted_ids_wrap_and_a_device_may_change_its_count_or_mix_in_other_ids() -> None:
    record = finished_timeline(seed=5).record
    ids = ["fffffffffffffffe", "ffffffffffffffff", "0000000000000000", "0000000000000001"]
    ids += ["00000000000000aa", "00000000000000ab", "not-hex-at-all", "00000000000000ac"]
    ids += [f"{n:016x}" for n in range(len(record.entries) - len(ids))]
    entries = [
        msgspec.structs.replace(e, move_id=i) for e, i in zip(record.entries, ids, strict=True)
    ]
    chunk = pack_entries(GAME, record.genesis, entries, Tables(), after=None)
    nil = [row[1] is None for row in chunk[1]]
    assert nil[:8] == [False, True, True, True, False, True, False, True]
    read = unpack_entries(GAME, record.genesis, chunk, Tables(), after=None)
    assert [e.move_id for e in read] == ids


def test_a_counted_id_with_no_id_of_its_device_before_it_is_refused() -> None:
    body = msgspec.msgpack.decode(encode_compact(GAME, finished_timeline(seed=5).record))
    body[6][1][0][1] = None
    with pytest.raises(RecordError, match="counts on from none"):
        decode_compact(msgspec.msgpack.encode(body), GAME)


def test_a_changed_byte_anywhere_breaks_the_chain_to_the_tip() -> None:
    record = finished_timeline(seed=5).record
    body = msgspec.msgpack.decode(encode_compact(GAME, record))
    rows = body[6][1]
    rows[3][3] += 1  # one entry's clock, one millisecond later
    with pytest.raises(RecordError, match="do not chain to the record's tip"):
        decode_compact(msgspec.msgpack.encode(body), GAME)
    body = msgspec.msgpack.decode(encode_compact(GAME, record))
    body[6][1] = body[6][1][:-1]  # the last entry dropped
    with pytest.raises(RecordError, match="do not chain"):
        decode_compact(msgspec.msgpack.encode(body), GAME)


def test_garbage_is_a_record_error_in_one_line() -> None:
    good = encode_compact(GAME, finished_timeline(seed=5).record)
    body = msgspec.msgpack.decode(good)
    body[6][1][0][5] = ["not", "a", "move"]
    for data in (good[:40], msgspec.msgpack.encode(body), msgspec.msgpack.encode([1, 2])):
        with pytest.raises(RecordError) as info:
            decode_record(data, GAME, "compact")
        assert "\n" not in info.value.message


def test_a_seat_copy_keeps_the_commitments_it_cannot_recompute() -> None:
    """Without the seed a copy keeps the salted commitment of a move or events that
    hide something; an open one's (format 4) it derives, and keeps a `false` for it."""
    record = finished_timeline(seed=5).record
    copy = redact_record(GAME, record, 1, over=False)
    assert copy.genesis.seed is None
    data = encode_compact(GAME, copy)
    assert decode_compact(data, GAME) == copy
    rows = msgspec.msgpack.decode(data)[6][1]
    kinds = set()
    for entry, row in zip(record.entries, rows, strict=True):
        if isinstance(entry, Entry):
            whole = seen_whole(entry, record.genesis.seats)
            kinds.add(whole)
            kept = [False, False] if row[7] is False else row[7]  # [move, events]
            for open_, hash_ in zip(whole, kept, strict=True):
                assert hash_ is False if open_ else len(hash_) == 32, entry.seq
    assert kinds == {(True, True), (True, False)}
    # the whole record, seed included, stores none of them: they are recomputed
    rows = msgspec.msgpack.decode(encode_compact(GAME, record))[6][1]
    assert all(len(row) == 7 or row[7] is False or row[7] == [False, True] for row in rows)


def test_chunks_continue_each_other_and_carry_only_what_is_new() -> None:
    """As the server stores a game: one chunk a write, the tables going on."""
    record = finished_timeline(seed=5).record
    genesis, entries = record.genesis, record.entries
    packing, reading = Tables(), Tables()
    read: list[Any] = []
    for index, entry in enumerate(entries):
        after = entries[index - 1] if index else None
        chunk = msgspec.msgpack.decode(
            msgspec.msgpack.encode(pack_entries(GAME, genesis, [entry], packing, after=after))
        )
        strings = chunk[0][0]
        assert not set(strings) & set(reading.strings)  # a string is sent once
        read += unpack_entries(GAME, genesis, chunk, reading, after=read[-1] if read else None)
    assert read == entries


class PlacedV1(msgspec.Struct, tag="placed", kw_only=True):
    tile: str
    at: tuple[int, int]


class PlacedV2(msgspec.Struct, tag="placed", kw_only=True):
    """The same event a later rules version defines: fields reordered, one added."""

    at: tuple[int, int]
    rotation: int = 0
    tile: str


class Scored(msgspec.Struct, tag="scored", kw_only=True):
    points: dict[str, int]
    note: str | None = None


def test_packed_values_read_after_a_title_reorders_or_adds_fields() -> None:
    tables = Tables()
    old = Packer(list[PlacedV1 | Scored])
    events = [PlacedV1(tile="lake", at=(2, -1)), Scored(points={"lake": 3, "wood": 1})]
    packed = old.pack(events, tables)
    # [schema, values...]: strings by index in the table, the default `note` left out
    assert packed == [[0, 0, [2, -1]], [1, {0: 3, 1: 1}]]
    assert tables.strings == ["lake", "wood"]
    new = Packer(list[PlacedV2 | Scored])
    assert new.unpack(msgspec.msgpack.decode(msgspec.msgpack.encode(packed)), tables) == [
        PlacedV2(at=(2, -1), tile="lake"),
        Scored(points={"lake": 3, "wood": 1}),
    ]


@pytest.mark.parametrize("game_id", games.ids())
def test_a_kept_writer_gives_the_bytes_a_fresh_encode_gives_after_every_entry(
    game_id: str,
) -> None:
    """The PWA saves the record after every move; CompactWriter packs only what was
    added since, and must give exactly what encoding the whole record gives, take-backs
    (entries too) and a new device and clock on every entry included."""
    from core.kernel.compact import CompactWriter

    game = games.get(game_id)
    timeline = Timeline(game, new_record(game, record_id="w", seats=2, seed=5, created_at=7))
    writer = CompactWriter(game, timeline.record)
    rng = Rng.seeded(6)
    assert writer.encode() == encode_compact(game, timeline.record)
    for n in range(60):
        if not timeline.to_move():
            break
        seat = timeline.to_move()[0]
        device = f"device-{n % 3}"
        move = rng.choice(timeline.legal_moves(seat))
        timeline.play(seat, move, move_id=uuid.UUID(int=n).hex, device_id=device, at=100 + n)
        if n % 9 == 4 and timeline.takeback_refusal(seat, timeline.line[-2]) is None:
            timeline.take_back(seat, timeline.line[-2], move_id=f"u{n}", at=100 + n)
        if n % 2:  # saved after some moves only: the writer catches up on several
            assert writer.encode() == encode_compact(game, timeline.record), n
    assert writer.encode() == encode_compact(game, timeline.record)
    assert len(writer.rows) == timeline.seq
