"""Ducks in Tow engine benchmark (not part of the test suite):

    .venv/bin/python bench/bench_ducks_in_tow.py [--games 20] [--repeat 3] [--rules 1-provisional]

For 2 and 4 players, in one run on the same seeds:

1. random playouts per second on the bare engine (legal_moves + decide + evolve),
   and microseconds per step (one move: listing, deciding and folding its events);
2. the same playouts through a kernel Timeline (record, hash chain, state hashes),
   and the Timeline/bare ratio: what recording every move costs;
3. greedy-bot playouts per second (the bot simulates candidate moves).

Medians over --repeat runs. `--rules 1-provisional` plays the first rules (discards
leave the game, "cards-exhausted" end): the very games an engine of those rules played,
so µs per step compares engines across the rules change (rules 2 games run longer and
reach bigger tableaux).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.games.ducks_in_tow import GAME
from core.kernel import Rng, Setup, Timeline, new_record


def bare(seats: int, seed: int, bot: Any = None, rules: str = "") -> int:
    """A playout on the bare engine under `rules` ("" = current); its number of steps."""
    state = GAME.initial(Setup(game=GAME.info.id, seats=seats, seed=seed, rules_version=rules))
    rng = Rng.seeded(seed, stream=7)
    steps = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        if bot is None:
            move = rng.choice(GAME.legal_moves(state, seat))
        else:
            move = bot(GAME, state, seat, rng)
        for event in GAME.decide(state, seat, move):
            state = GAME.evolve(state, event)
        steps += 1
    return steps


def timeline(seats: int, seed: int) -> int:
    tl = Timeline(GAME, new_record(GAME, record_id=f"b{seed}", seats=seats, seed=seed))
    rng = Rng.seeded(seed, stream=7)
    while GAME.outcome(tl.state) is None:
        seat = tl.to_move()[0]
        tl.play(seat, rng.choice(tl.legal_moves(seat)), move_id=f"m{tl.seq + 1}")
    return tl.seq


def measure(fn: Any, seats: int, games: int, repeat: int) -> tuple[float, float, float]:
    """(games per second, µs per step, mean steps per game), medians over repeats."""
    rates, per_step, lengths = [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        steps = sum(fn(seats, seed) for seed in range(games))
        elapsed = time.perf_counter() - start
        rates.append(games / elapsed)
        per_step.append(elapsed / steps * 1e6)
        lengths.append(steps / games)
    return statistics.median(rates), statistics.median(per_step), statistics.median(lengths)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rules", default="", help="rules version (default: current)")
    args = parser.parse_args()
    greedy = GAME.bots()["greedy"]
    rules = args.rules or GAME.info.rules_version
    print(f"Ducks in Tow rules {rules}, {args.games} games per run, median of {args.repeat} runs")
    print(f"{'players':>7} {'mode':<10} {'games/s':>9} {'µs/step':>9} {'steps/game':>11}")
    for seats in (2, 4):
        runs = (seats, args.games, args.repeat)
        b = measure(lambda s, seed: bare(s, seed, None, args.rules), *runs)
        g = measure(lambda s, seed: bare(s, seed, greedy, args.rules), *runs)
        rows = [("random", b), ("greedy", g)]
        if not args.rules:  # a new record is always played under the current rules
            t = measure(timeline, seats, args.games, args.repeat)
            rows.insert(1, ("timeline", t))
        for name, (rate, us, steps) in rows:
            print(f"{seats:>7} {name:<10} {rate:>9.2f} {us:>9.1f} {steps:>11.0f}")
        if not args.rules:
            print(f"{seats:>7} timeline/bare cost per step: {t[1] / b[1]:.2f}x")


if __name__ == "__main__":
    main()
