"""Valley of the Torii benchmark: random playouts per second and µs per step, for
solo and 2-4 artists, in the base game and with the variants. A plain script, not
part of the test suite:

    .venv/bin/python bench/bench_valley_of_the_torii.py [--games N]

Each seed is played twice, side by side (as bench/bench_tulikko.py does): straight
through the engine (legal_moves -> decide -> evolve, as a bot search would) and
through a Timeline (the kernel's record: a state hash and a hash-chained entry per
move). Interleaving keeps the printed ratio honest on a busy machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games.valley_of_the_torii import GAME
from core.kernel import Rng, Timeline, new_record

MODES: dict[str, dict[str, Any]] = {
    "base": {},
    "rainbow+ALT2": {"rainbow": True, "board_layout": "ALT2"},
}


def playout(
    seats: int, options: dict[str, Any], seed: int, *, record: bool
) -> tuple[float, float, int]:
    """(seconds for the whole game, seconds in decide+evolve, moves)."""
    start = time.perf_counter()
    rng = Rng.seeded(seed, stream=11)
    in_step, moves = 0.0, 0
    if record:
        timeline = Timeline(
            GAME, new_record(GAME, record_id=f"b{seed}", seats=seats, seed=seed, options=options)
        )
        while GAME.outcome(timeline.state) is None:
            seat = timeline.to_move()[0]
            timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=str(moves))
            moves += 1
        return time.perf_counter() - start, 0.0, moves
    state = GAME.initial(GAME.setup(seats, seed, options))
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        move = rng.choice(GAME.legal_moves(state, seat))
        t0 = time.perf_counter()
        for event in GAME.decide(state, seat, move):
            state = GAME.evolve(state, event)
        in_step += time.perf_counter() - t0
        moves += 1
    return time.perf_counter() - start, in_step, moves


def main() -> None:
    parser = argparse.ArgumentParser(description="Valley of the Torii playout benchmark")
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    for mode, options in MODES.items():
        for seats in (1, 2, 3, 4):
            bare = step = recorded = 0.0
            moves = 0
            for seed in range(args.games):
                t, s, n = playout(seats, options, seed, record=False)
                bare, step, moves = bare + t, step + s, moves + n
                recorded += playout(seats, options, seed, record=True)[0]
            print(
                f"{mode:13s} {seats} player{'s' if seats > 1 else ' '}: "
                f"{args.games / bare:6.1f} random playouts/s, "
                f"{moves / args.games:5.1f} moves/game, "
                f"{1e6 * step / moves:6.1f} µs per decide+evolve step; "
                f"recorded (Timeline) {args.games / recorded:6.1f} games/s = "
                f"{recorded / bare:4.2f}x the bare playout time"
            )


if __name__ == "__main__":
    main()
