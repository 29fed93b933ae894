"""Kernel benchmarks (not part of the test suite):

    .venv/bin/python bench/bench_kernel.py [--before main] [--games 3]

For every registered title, and for the kernel's fixture game (a long record):

1. Opening a record (decode + `Timeline` folding every stored event, the checks of a
   `replay` load) against the floor: msgspec decoding the same bytes and nothing else.
   Printed as the share of the decode-only rate (1.0 = as fast as decoding). Then the
   same record in the compact form, opened as the PWA and the server open what they
   stored (`decode_compact`, then a `chained` load where the kernel has one), against
   the same floor: msgspec decoding the msgpack record into its typed structs.
2. Random playouts: moves per second of seeded random games through `apply`.
3. `state_at(seq)` near the start vs deep into a long record: snapshots keep the cost
   flat instead of growing with the record.

With `--before REV` the same measurements run, side by side in this one run, on the
`core/` of git revision REV (extracted to a temporary directory): each side is a
subprocess on its own engine, the two alternating round by round so machine load
hits both alike, and each figure is the best of its rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """Fastest wall time of `runs` calls: the least disturbed measurement."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(games_per_title: int) -> dict[str, Any]:
    """One round of every figure, on the `core` importable here."""
    from typing import get_args

    import msgspec

    from core import games
    from core.kernel import Rng, Timeline, decode_record, encode_record, new_record, record_type
    from core.kernel.compact import decode_compact, encode_compact
    from core.kernel.timeline import Check

    stored = "chained" if "chained" in get_args(Check) else "replay"  # an older kernel: replay

    figures: dict[str, Any] = {}
    for game_id in games.ids():
        game = games.get(game_id)
        decoder = msgspec.msgpack.Decoder(record_type(game))
        floor = ours = compact = 0.0
        moves, playout = 0, 0.0
        entries = size = 0
        for seed in range(1, games_per_title + 1):
            seats = game.info.max_players if seed % 2 else game.info.min_players
            seats = max(seats, 2) if game.info.max_players > 1 else seats
            state = game.initial(game.setup(seats, seed, {}))
            rng = Rng.seeded(seed, stream=5)
            start = time.perf_counter()
            while game.to_move(state):
                seat = game.to_move(state)[0]
                _, state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
                moves += 1
            playout += time.perf_counter() - start
            record = new_record(game, record_id="bench", seats=seats, seed=seed)
            timeline = Timeline(game, record)
            rng = Rng.seeded(seed, stream=5)
            while timeline.to_move():
                seat = timeline.to_move()[0]
                move = rng.choice(timeline.legal_moves(seat))
                timeline.play(seat, move, move_id=f"{seed}-{timeline.seq}")
            data = encode_record(timeline.record, "msgpack")
            entries += len(timeline.record.entries)
            size += len(data)
            floor += best_of(3, lambda: decoder.decode(data))  # noqa: B023 (called here)
            ours += best_of(3, lambda: Timeline(game, decode_record(data, game, "msgpack")))  # noqa: B023
            kifu = encode_compact(game, timeline.record)
            compact += best_of(3, lambda: Timeline(game, decode_compact(kifu, game), check=stored))  # noqa: B023
        figures[game_id] = {
            "open_ratio": floor / ours,
            "open_us_per_entry": ours / entries * 1e6,
            "compact_open_ratio": floor / compact,
            "compact_open_us_per_entry": compact / entries * 1e6,
            "playout_moves_per_s": moves / playout,
            "msgpack_bytes_per_entry": size / entries,
        }
    return figures


def snapshots() -> tuple[float, float, int]:
    """state_at near the start and deep into a 1,200-entry fixture record."""
    from core.kernel import Rng, Timeline, new_record, play_bots
    from tests.kernel.fixture_game import GAME, Draw

    def drawing_bot(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        moves = game.legal_moves(state, seat)
        draws = [move for move in moves if isinstance(move, Draw)]
        return draws[0] if draws else rng.choice(moves)

    record = new_record(
        GAME, record_id="bench", seats=1, seed=1, options={"deck_size": 600, "hand_size": 3}
    )
    timeline = Timeline(GAME, record)
    play_bots(timeline, {0: drawing_bot}, Rng.seeded(2))
    deep = timeline.seq - 5
    early = best_of(50, lambda: timeline.state_at(10))
    late = best_of(50, lambda: timeline.state_at(deep))
    return early, late, deep


def run_side(root: Path, games_per_title: int) -> dict[str, Any]:
    """One round of `measure` in a subprocess importing `core` from `root` only."""
    site = next((ROOT / ".venv/lib").glob("python3*/site-packages"))
    env = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{site}"}
    out = subprocess.run(
        [sys.executable, "-S", __file__, "--worker", str(games_per_title)],
        env=env,
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def best(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Per title, the best round of each figure (the least disturbed)."""
    merged: dict[str, Any] = {}
    for game_id in rounds[0]:
        merged[game_id] = {
            key: (min if key.endswith("us_per_entry") else max)(r[game_id][key] for r in rounds)
            for key in rounds[0][game_id]
        }
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description="Kifu kernel benchmark")
    parser.add_argument("--before", help="git revision to compare with (e.g. main)")
    parser.add_argument("--games", type=int, default=3, help="games per title")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        print(json.dumps(measure(args.worker)))
        return
    sides: dict[str, Path] = {"after": ROOT}
    with tempfile.TemporaryDirectory() as tmp:
        if args.before:
            archive = subprocess.run(
                ["git", "archive", args.before, "core", "tests/__init__.py", "tests/kernel"],
                cwd=ROOT,
                check=True,
                capture_output=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            sides = {"before": Path(tmp), "after": ROOT}
        rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in sides}
        for _ in range(args.rounds):
            for name, root in sides.items():
                rounds[name].append(run_side(root, args.games))
    results = {name: best(r) for name, r in rounds.items()}
    names = list(sides)
    print(f"{'title':14} {'figure':28} " + " ".join(f"{n:>12}" for n in names))
    labels = {
        "open_ratio": "open / msgspec decode",
        "open_us_per_entry": "open µs per entry",
        "compact_open_ratio": "compact open / msgspec",
        "compact_open_us_per_entry": "compact open µs per entry",
        "playout_moves_per_s": "random playout moves/s",
        "msgpack_bytes_per_entry": "msgpack bytes per entry",
    }
    for game_id in results["after"]:
        for key, label in labels.items():
            cells = " ".join(
                f"{results[n][game_id][key]:12,.3f}" if game_id in results[n] else f"{'-':>12}"
                for n in names
            )  # a title the earlier revision did not have yet: "-"
            print(f"{game_id:14} {label:28} {cells}")
    sys.path.insert(0, str(ROOT))
    early, late, deep = snapshots()
    print(f"state_at(10) {early * 1e6:.1f} µs, state_at({deep}) {late * 1e6:.1f} µs:")
    print(f"ratio deep/early {late / early:.2f} (flat: snapshots every 32 entries)")


if __name__ == "__main__":
    main()
