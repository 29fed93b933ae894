"""Game review (core/kernel/review.py): does it find the weaker player's moves, and how
long does it take? A plain script, not part of the test suite:

    .venv/bin/python bench/bench_review.py [GAME ...] [--games 20] [--moves 60]
                                           [--strong hard] [--weak greedy] [--seed 0]

Plays `--games` seeded two-player games a title, `--strong` against `--weak` (the PWA's
"easy" is greedy), the strong bot in the first seat every other game, cut after
`--moves` moves (0: whole games), and reviews each with the default budget and the
game's seed as the review seed. Prints, over every move with a choice: the mean loss of
each side's moves and of all moves, the share of each side's moves with a loss; of the
moves the summaries flag as each seat's weakest, how many are the weak bot's and their
mean loss, and whose each game's 6 biggest losses were; then the review's time a game
in CPython (mean and max, and the time to play the games, which the strong searches
dominate). The check: the weak bot's moves lose more than the average move (OK / NOT).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get, titles
from core.kernel import Rng, Timeline, new_record, play_bots
from core.kernel.bots import bots_of
from core.kernel.review import review

WORST = 6
"""Each game's biggest losses (either side) counted by whose they were."""


def bench(game_id: str, strong: str, weak: str, games: int, moves: int, seed: int) -> str:
    game = get(game_id)
    bots = bots_of(game)
    losses: dict[str, list[float]] = {strong: [], weak: []}
    flagged: list[tuple[str, float]] = []
    worst: list[str] = []  # whose were each game's biggest losses
    played = reviewed = slowest = 0.0
    for n in range(games):
        seats = {n % 2: strong, 1 - n % 2: weak}
        start = time.perf_counter()
        timeline = Timeline(
            game, new_record(game, record_id=f"{game_id}-{seed + n}", seats=2, seed=seed + n)
        )
        play_bots(
            timeline,
            {seat: bots[name] for seat, name in seats.items()},
            Rng.seeded(seed + n, 101),
            max_entries=moves or 100_000,
        )
        played += time.perf_counter() - start
        start = time.perf_counter()
        result = review(timeline, seed=seed + n)
        took = time.perf_counter() - start
        reviewed += took
        slowest = max(slowest, took)
        by_seq = {entry.seq: entry for entry in result.entries}
        for entry in result.entries:
            if entry.choices > 1:
                losses[seats[entry.seat]].append(entry.loss)
        for summary in result.summary.seats:
            flagged += [(seats[summary.seat], by_seq[seq].loss) for seq in summary.weakest]
        ranked = sorted(result.entries, key=lambda entry: (-entry.loss, entry.seq))
        worst += [seats[entry.seat] for entry in ranked[:WORST] if entry.loss > 0]
    every = losses[strong] + losses[weak]
    mean = sum(every) / len(every)

    def side(name: str) -> str:
        mine = losses[name]
        share = sum(1 for loss in mine if loss > 0) / len(mine)
        return f"{name} {sum(mine) / len(mine):8.3f} ({100 * share:4.1f}% lose)"

    weak_flags = [loss for name, loss in flagged if name == weak]
    weak_flagged = sum(weak_flags) / len(weak_flags) if weak_flags else 0.0
    times = weak_flagged / mean if mean else 0.0
    verdict = "OK" if sum(losses[weak]) / len(losses[weak]) > mean else "NOT"
    return (
        f"  mean loss a move: {side(strong)}, {side(weak)}, all {mean:8.3f}: {verdict}\n"
        f"  flagged weakest: {len(weak_flags)} of {len(flagged)} are {weak}'s,"
        f" mean loss {weak_flagged:.3f} ({times:.1f}x the average move);"
        f" of each game's {WORST} biggest losses, {weak}'s: {worst.count(weak)} of {len(worst)}\n"
        f"  review {reviewed / games:5.2f} s a game (max {slowest:5.2f} s, {len(every) / games:.0f}"
        f" moves with a choice a game); playing the games {played:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="game", help="game ids (default: every title)")
    parser.add_argument("--games", type=int, default=20, dest="count", help="games a title")
    parser.add_argument("--moves", type=int, default=60, help="moves a game (0: whole games)")
    parser.add_argument("--strong", default="hard")
    parser.add_argument("--weak", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for game_id in args.games or titles():
        print(f"{get(game_id).info.title_en}: {args.strong} vs {args.weak}", flush=True)
        print(bench(game_id, args.strong, args.weak, args.count, args.moves, args.seed), flush=True)


if __name__ == "__main__":
    main()
