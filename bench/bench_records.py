"""Record size per entry (issue #21), not part of the test suite:

    .venv/bin/python bench/bench_records.py [--games 3]

For every registered title, seeded random games played to the end through a Timeline,
with what real clients write: UUID move ids, a device id per seat, millisecond clocks.
Prints bytes per entry of the whole record as it is stored and sent today (format 2:
JSON, msgpack, gzipped msgpack), and of the layouts considered for a compact format,
each measured on the same entries:

- `game only`: the moves and events alone (msgpack), the floor a record cannot beat
  without changing what a title encodes.
- `L1 arrays`: each entry a msgpack array; `seq` and `prev_hash` dropped (position and
  recomputed chain), move/events commitments dropped where the seed is present
  (recomputable), hashes as 32 raw bytes, UUIDs as 16 bytes, device ids by index in a
  table, `at` as a delta from the previous entry. A state hash on every entry.
- `L2 snapshots`: L1 with the state hash only every 32 entries and at the tip.
- `L3 tagged arrays`: L2 with moves and events as [tag, field values...] instead of
  maps with field names (the kernel can do this for every title from the struct
  definitions, without touching a title).
"""

from __future__ import annotations

import argparse
import gzip
import sys
import uuid
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core import games
from core.kernel import Entry, Rng, Timeline, encode_record, new_record

SNAPSHOT_EVERY = 32


def played(game: Any, seats: int, seed: int) -> Any:
    record = new_record(game, record_id=str(uuid.UUID(int=seed)), seats=seats, seed=seed)
    timeline = Timeline(game, record)
    rng = Rng.seeded(seed, stream=9)
    devices = [str(uuid.UUID(int=rng.below(2**31) << 64 | seat)) for seat in range(seats)]
    at = 1_764_547_200_000
    while timeline.to_move():
        seat = timeline.to_move()[0]
        move = rng.choice(timeline.legal_moves(seat))
        at += 500 + rng.below(20_000)
        move_id = str(uuid.UUID(int=rng.below(2**31) << 96 | timeline.seq))
        timeline.play(seat, move, move_id=move_id, device_id=devices[seat], at=at)
    return timeline.record


def as_array(obj: Any) -> Any:
    """A tagged struct as [tag, field values...], recursively."""
    if isinstance(obj, msgspec.Struct):
        info = msgspec.inspect.type_info(type(obj))
        tag = getattr(info, "tag", None)
        values = [as_array(getattr(obj, f)) for f in obj.__struct_fields__]
        return [tag, *values] if tag is not None else values
    if isinstance(obj, (list, tuple)):
        return [as_array(x) for x in obj]
    if isinstance(obj, dict):
        return {k: as_array(v) for k, v in obj.items()}
    return obj


def layout(record: Any, *, state_every: int | None, arrays: bool) -> bytes:
    """The record's entries in a compact layout (see the module docstring)."""
    devices: list[str] = []
    rows: list[Any] = []
    last_at = record.genesis.created_at
    last = len(record.entries)
    for entry in record.entries:
        if entry.device_id not in devices:
            devices.append(entry.device_id)
        keep_state = state_every is None or entry.seq % state_every == 0 or entry.seq == last
        state = bytes.fromhex(entry.state_hash) if keep_state else None
        common = [
            entry.seat,
            uuid.UUID(entry.move_id).bytes,
            devices.index(entry.device_id),
            entry.at - last_at,
            state,
        ]
        last_at = entry.at
        if isinstance(entry, Entry):
            move = as_array(entry.move) if arrays else entry.move
            events = as_array(entry.events) if arrays else entry.events
            rows.append([*common, move, events])
        else:
            rows.append([*common, entry.to_seq])
    tip = bytes(32)
    return msgspec.msgpack.encode([record.genesis, devices, tip, rows])


def figures(records: list[Any]) -> dict[str, tuple[float, float]]:
    """Per layout: (msgpack bytes per entry, gzipped bytes per entry)."""
    entries = sum(len(r.entries) for r in records)
    out: dict[str, tuple[float, float]] = {}

    def add(name: str, blobs: list[bytes]) -> None:
        raw = sum(len(b) for b in blobs)
        packed = sum(len(gzip.compress(b, 9)) for b in blobs)
        out[name] = (raw / entries, packed / entries)

    add("format 2 JSON", [encode_record(r, "json") for r in records])
    add("format 2 msgpack", [encode_record(r, "msgpack") for r in records])
    game_only = [
        msgspec.msgpack.encode([[e.move, e.events] for e in r.entries if isinstance(e, Entry)])
        for r in records
    ]
    add("game only (moves+events)", game_only)
    add("L1 arrays", [layout(r, state_every=None, arrays=False) for r in records])
    add("L2 snapshots", [layout(r, state_every=SNAPSHOT_EVERY, arrays=False) for r in records])
    add("L3 tagged arrays", [layout(r, state_every=SNAPSHOT_EVERY, arrays=True) for r in records])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Kifu record size per entry")
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    print(f"{'title':14} {'layout':28} {'bytes/entry':>12} {'gzipped':>9}")
    for game_id in games.ids():
        game = games.get(game_id)
        info = game.info
        records = [
            played(game, info.min_players + seed % (info.max_players - info.min_players + 1), seed)
            for seed in range(1, args.games + 1)
        ]
        for name, (raw, packed) in figures(records).items():
            print(f"{game_id:14} {name:28} {raw:12.1f} {packed:9.1f}")


if __name__ == "__main__":
    main()
