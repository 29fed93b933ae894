"""Rewild: South America benchmark: random playouts per second (2, 3 and 4 players)
and the cost of one decide+evolve step. A plain script, not part of the test suite:

    .venv/bin/python bench/bench_rewild_south_america.py [--games N]

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

from core.games.rewild_south_america import GAME
from core.kernel import Rng, Timeline, new_record


def bare(seats: int, seed: int) -> tuple[float, float, int]:
    """(seconds for the playout, seconds in decide+evolve, moves)."""
    start = time.perf_counter()
    state = GAME.initial(GAME.setup(seats, seed, {}))
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


def recorded(seats: int, seed: int) -> float:
    """Seconds for the same playout recorded through a Timeline."""
    start = time.perf_counter()
    record = new_record(GAME, record_id=f"bench-{seed}", seats=seats, seed=seed)
    timeline = Timeline(GAME, record)
    rng = Rng.seeded(seed, stream=11)
    while GAME.outcome(timeline.state) is None:
        seat = timeline.to_move()[0]
        timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=str(timeline.seq))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description="Rewild: South America playout benchmark")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    rates = {}
    for seats in (2, 3, 4):
        total = in_step = rec = 0.0
        steps = 0
        for seed in range(args.games):
            t, s, n = bare(seats, seed)
            total, in_step, steps = total + t, in_step + s, steps + n
            rec += recorded(seats, seed)
        rates[seats] = args.games / total
        print(
            f"{seats} players: {rates[seats]:7.1f} random playouts/s, "
            f"{steps / args.games:5.1f} moves/game, "
            f"{1e6 * in_step / steps:5.1f} µs per decide+evolve step; "
            f"recorded (Timeline) {args.games / rec:6.1f} games/s = "
            f"{rec / total:4.2f}x the bare playout time"
        )
    print(f"4 players vs 2: {rates[2] / rates[4]:4.2f}x slower per game")


if __name__ == "__main__":
    main()
