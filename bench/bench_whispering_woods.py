"""Whispering Woods benchmark: random playouts per second (2, 3 and 4 players, and
solitaire at levels 1 and 6) and the cost of one decide+evolve step. A plain script,
not part of the test suite:

    .venv/bin/python bench/bench_whispering_woods.py [--games N]

Each seed is played twice, side by side: once straight through the engine
(legal_moves -> decide -> evolve, as a bot search would) and once through a
Timeline (the kernel's record: state hash and hash-chained entry per move). Running
them interleaved keeps the printed ratio honest on a busy machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games.whispering_woods import GAME
from core.kernel import Rng, Timeline, new_record


def bare(seats: int, seed: int, options: dict[str, int]) -> tuple[float, float, int]:
    """(seconds for the playout, seconds in decide+evolve, moves)."""
    start = time.perf_counter()
    state = GAME.initial(GAME.setup(seats, seed, options))
    rng = Rng.seeded(seed, stream=11)
    steps, in_step = 0, 0.0
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        move = rng.choice(GAME.legal_moves(state, seat))
        t0 = time.perf_counter()
        for event in GAME.decide(state, seat, move):
            state = GAME.evolve(state, event)
        in_step += time.perf_counter() - t0
        steps += 1
    return time.perf_counter() - start, in_step, steps


def recorded(seats: int, seed: int, options: dict[str, int]) -> float:
    """Seconds for the same playout recorded through a Timeline."""
    start = time.perf_counter()
    record = new_record(GAME, record_id=f"bench-{seed}", seats=seats, seed=seed, options=options)
    timeline = Timeline(GAME, record)
    rng = Rng.seeded(seed, stream=11)
    while GAME.outcome(timeline.state) is None:
        seat = timeline.to_move()[0]
        timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=str(timeline.seq))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description="Whispering Woods playout benchmark")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    modes = [(2, 0), (3, 0), (4, 0), (1, 1), (1, 6)]
    for seats, level in modes:
        options = {"level": level}
        total = in_step = rec = 0.0
        steps = 0
        for seed in range(args.games):
            t, s, n = bare(seats, seed, options)
            total, in_step, steps = total + t, in_step + s, steps + n
            rec += recorded(seats, seed, options)
        name = f"{seats} players" if level == 0 else f"solitaire L{level}"
        print(
            f"{name:13s}: {args.games / total:7.1f} random playouts/s, "
            f"{steps / args.games:5.1f} moves/game, "
            f"{1e6 * in_step / steps:6.1f} µs per decide+evolve step; "
            f"recorded (Timeline) {args.games / rec:6.1f} games/s = "
            f"{rec / total:4.2f}x the bare playout time"
        )


if __name__ == "__main__":
    main()
