"""Tulikko benchmark: random playouts per second (2 and 4 players) and the cost of one
decide+evolve step. A plain script, not part of the test suite:

    .venv/bin/python bench/bench_tulikko.py [--games N]

Playouts go straight through the engine (legal_moves -> decide -> evolve), as a
bot search would; a second line per player count goes through a Timeline (the
kernel's record: hashes and chaining) for the cost of a recorded game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games.tulikko import GAME
from core.kernel import Rng, Timeline, new_record


def playouts(seats: int, games: int) -> tuple[float, int, float]:
    """(playouts per second, steps, seconds spent in decide+evolve)."""
    steps = 0
    step_time = 0.0
    start = time.perf_counter()
    for seed in range(games):
        state = GAME.initial(GAME.setup(seats, seed, {}))
        rng = Rng.seeded(seed, stream=11)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            move = rng.choice(GAME.legal_moves(state, seat))
            t0 = time.perf_counter()
            for event in GAME.decide(state, seat, move):
                state = GAME.evolve(state, event)
            step_time += time.perf_counter() - t0
            steps += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps, step_time


def recorded(seats: int, games: int) -> float:
    """Recorded games (Timeline: state hash and chained entry per move) per second."""
    start = time.perf_counter()
    for seed in range(games):
        record = new_record(GAME, record_id=f"bench-{seed}", seats=seats, seed=seed)
        timeline = Timeline(GAME, record)
        rng = Rng.seeded(seed, stream=11)
        while GAME.outcome(timeline.state) is None:
            seat = timeline.to_move()[0]
            timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=str(timeline.seq))
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    for seats in (2, 4):
        rate, steps, step_time = playouts(seats, args.games)
        print(
            f"{seats} players: {rate:7.1f} random playouts/s  "
            f"({steps / args.games:5.1f} moves/game, "
            f"{1e6 * step_time / steps:6.1f} µs per decide+evolve step)"
        )
        per_second = recorded(seats, args.games // 4 or 1)
        print(f"{seats} players: {per_second:7.1f} recorded games/s (Timeline)")


if __name__ == "__main__":
    main()
