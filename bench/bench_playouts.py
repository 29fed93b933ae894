"""Playouts of every title: random (or bot) playouts per second and the cost of one
apply step (decide and fold), per player count and mode. A plain script, not part of the test
suite:

    .venv/bin/python bench/bench_playouts.py [GAME ...] [--games N] [--bot greedy]
                                             [--rules VERSION]

Each seed is played twice, side by side: once straight through the engine
(legal_moves -> apply, as the kernel's search and bot playouts step: decide and its
events folded on one copy of the state; until stop 32 this bench stepped decide, then
evolve once per event, a copy each) and once through a Timeline
(the kernel's record: a state hash and a hash-chained entry per move). Interleaving
keeps the printed Timeline/bare ratio honest on a busy machine. `--rules` plays an
older rules version of the engine (e.g. Ducks in Tow's `1-provisional`), so µs per step
compares engines across a rules change; such games are not recorded (a new record is
always played under the current rules).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get, ids
from core.kernel import Rng, Setup, Timeline, new_record
from core.kernel.bots import bots_of

# Modes beyond each player count at the default options: (name, seats, options).
EXTRA_MODES: dict[str, list[tuple[str, list[int], dict[str, Any]]]] = {
    "valley-of-the-torii": [
        ("rainbow+ALT2", [1, 2, 3, 4], {"rainbow": True, "board_layout": "ALT2"})
    ],
    "whispering-woods": [("solitaire L6", [1], {"level": 6})],
    "rewild-south-america": [
        (name, [1, 2, 3, 4], options)
        for name, options in (
            ("long game", {"long_game": True}),
            ("expert plants", {"expert_plants": True}),
            ("expert board", {"expert_board": True}),
            ("expert cards", {"expert_cards": True}),
            (
                "all modules",
                {
                    "long_game": True,
                    "expert_plants": True,
                    "expert_board": True,
                    "expert_cards": True,
                },
            ),
        )
    ]
    + [("solo challenge", [1], {"challenge": True})],
}


def modes(game_id: str) -> list[tuple[str, int, dict[str, Any]]]:
    info = get(game_id).info
    plain = [("base", seats, {}) for seats in range(info.min_players, info.max_players + 1)]
    extra = [
        (name, seats, options)
        for name, counts, options in EXTRA_MODES.get(game_id, [])
        for seats in counts
    ]
    return plain + extra


def playout(game: Any, setup: Setup, bot: Any, *, record: bool) -> tuple[float, float, int]:
    """(seconds for the whole game, seconds in apply, moves)."""
    start = time.perf_counter()
    rng = Rng.seeded(setup.seed, stream=11)
    in_step, moves = 0.0, 0
    if record:
        timeline = Timeline(
            game,
            new_record(
                game,
                record_id=f"b{setup.seed}",
                seats=setup.seats,
                seed=setup.seed,
                options=dict(setup.options),
            ),
        )
        while game.outcome(timeline.state) is None:
            seat = timeline.to_move()[0]
            timeline.play(seat, bot(game, timeline.state, seat, rng), move_id=str(moves))
            moves += 1
        return time.perf_counter() - start, 0.0, moves
    state = game.initial(setup)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        move = bot(game, state, seat, rng)
        t0 = time.perf_counter()
        state = game.apply(state, seat, move)[1]
        in_step += time.perf_counter() - t0
        moves += 1
    return time.perf_counter() - start, in_step, moves


def bench(game_id: str, games: int, bot_name: str, rules: str) -> None:
    game = get(game_id)
    bot = bots_of(game)[bot_name]
    print(f"{game.info.title_en} (rules {rules or game.info.rules_version}, {bot_name} play)")
    for name, seats, options in modes(game_id):
        bare = step = recorded = 0.0
        moves = 0
        for seed in range(games):
            setup = game.setup(seats, seed, options)
            if rules:
                setup = msgspec.structs.replace(setup, rules_version=rules)
            t, s, n = playout(game, setup, bot, record=False)
            bare, step, moves = bare + t, step + s, moves + n
            if not rules:
                recorded += playout(game, setup, bot, record=True)[0]
        line = (
            f"  {name:13s} {seats} player{'s' if seats > 1 else ' '}: "
            f"{games / bare:7.1f} playouts/s, {moves / games:6.1f} moves/game, "
            f"{1e6 * step / moves:6.1f} µs per apply step"
        )
        if recorded:
            line += f"; recorded {recorded / bare:4.2f}x the bare time"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description="Playouts of every title")
    parser.add_argument("game", nargs="*", help="game ids (default: every title)")
    parser.add_argument("--games", type=int, default=100, help="seeds per mode")
    parser.add_argument("--bot", default="random", help="who plays every seat")
    parser.add_argument("--rules", default="", help="an older rules version to play")
    args = parser.parse_args()
    for game_id in args.game or ids():
        bench(game_id, args.games, args.bot, args.rules)


if __name__ == "__main__":
    main()
