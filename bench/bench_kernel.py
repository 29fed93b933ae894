"""Kernel benchmarks (not part of the test suite): run `.venv/bin/python bench/bench_kernel.py`.

1. Replaying a record (decode + fold every stored event + check every state
   hash) against the floor: msgspec decoding the same bytes and nothing else.
2. `state_at(seq)` near the start vs deep into a long record: snapshots keep
   the cost flat instead of growing with the record.

Both sides of each ratio are measured in the same run on the same record.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.kernel import (
    Rng,
    Timeline,
    decode_record,
    encode_record,
    new_record,
    play_bots,
    record_type,
)
from tests.kernel.fixture_game import GAME, Draw


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """Fastest wall time of `runs` calls: the least disturbed measurement."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def drawing_bot(game: Any, state: Any, seat: int, rng: Rng) -> Any:
    """Plays a random card, then always draws: the longest game the deck allows."""
    moves = game.legal_moves(state, seat)
    draws = [move for move in moves if isinstance(move, Draw)]
    return draws[0] if draws else rng.choice(moves)


def long_record() -> Timeline[Any, Any, Any]:
    """About 1,200 entries: one seat, a 600-card deck."""
    record = new_record(
        GAME, record_id="bench", seats=1, seed=1, options={"deck_size": 600, "hand_size": 3}
    )
    timeline = Timeline(GAME, record)
    play_bots(timeline, {0: drawing_bot}, Rng.seeded(2))
    return timeline


def main() -> None:
    timeline = long_record()
    data = encode_record(timeline.record)
    entries = len(timeline.record.entries)
    events = sum(len(entry.events) for entry in timeline.record.entries)
    print(f"record: {entries} entries, {events} events, {len(data) / 1024:.0f} KiB JSON")

    decoder = msgspec.json.Decoder(record_type(GAME))
    floor = best_of(5, lambda: decoder.decode(data))
    ours = best_of(5, lambda: Timeline(GAME, decode_record(data, GAME)))
    print(f"msgspec decode only : {events / floor:12,.0f} events/s")
    print(f"kifu replay         : {events / ours:12,.0f} events/s")
    print(f"ratio replay/decode : {floor / ours:.3f} (share of the decode-only rate)")

    loaded = Timeline(GAME, timeline.record, snapshot_every=32)
    deep = entries - 5
    early = best_of(50, lambda: loaded.state_at(10))
    late = best_of(50, lambda: loaded.state_at(deep))
    print(f"state_at(10)        : {early * 1e6:8.1f} µs")
    print(f"state_at({deep})     : {late * 1e6:8.1f} µs")
    print(f"ratio deep/early    : {late / early:.2f} (flat: snapshots every 32 entries)")


if __name__ == "__main__":
    main()
