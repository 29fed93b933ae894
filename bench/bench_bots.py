"""Bot strength and speed: each level against greedy over seeded games, with the win
rate's Wilson 95% interval, and the playouts per second each level uses. A plain
script, not part of the test suite:

    .venv/bin/python bench/bench_bots.py [GAME ...] [--games 200] [--seats 2]
                                         [--levels medium,hard] [--against greedy]
    .venv/bin/python bench/bench_bots.py --speed [--positions 3]
    .venv/bin/python bench/bench_bots.py whispering-woods --solo level=1,2,3,4,5,6
                                         [--levels greedy] [--games 200]

`--solo KEY=V1,V2..` plays each level alone, once per value of the title's solo option
KEY (Woods' `level`, Torii's `difficulty`): how often it wins (the outcome's `won`,
with its Wilson interval) and its mean score, over `--games` seeded games.

`--speed` times each level's decisions on the same positions (reached by seeded
random play) in CPython and in Pyodide in headless Chromium (the engine worker, as
bench/bench_browser.py boots it), running one Python snippet in both: ms a move and
playouts/s per level, and the Pyodide/CPython ratio.

Games come from `core.kernel.bots.match` (seeds `--seed`.., the level and its opponent
swapping the first seat every game). A game counts 1 for the winner's side and 1/2 to
each on a tie; the interval is Wilson's on that share over the games played. A
playout is one search iteration: one determinized world (counted at
`Decider.determinize`) walked down the tree and played out. The issue's full run is
the default, 200 games a title; on a shared machine pass a smaller `--games`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get, ids
from core.kernel import Bot, Decider, Rng
from core.kernel.bots import bots_of, match
from server.cli import parse_option


class Counting:
    """The game, counting the worlds a search bot samples (its playouts)."""

    def __init__(self, game: Decider[Any, Any, Any, Any]) -> None:
        self.game = game
        self.worlds = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        self.worlds += 1
        return self.game.determinize(state, seat, rng)


class Timed:
    """A bot and the time it spent deciding."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def __call__(self, game: Any, state: Any, seat: int, rng: Rng) -> Any:
        start = time.perf_counter()
        move = self.bot(game, state, seat, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return move


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion `share` over `n` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = share + z * z / (2 * n)
    margin = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - margin) / denominator, (centre + margin) / denominator


def bench(game_id: str, level: str, against: str, games: int, seats: int, seed: int) -> str:
    game = Counting(get(game_id))
    bots = bots_of(game.game)
    ours, theirs = Timed(bots[level]), Timed(bots[against])
    start = time.perf_counter()
    result = match(game, ours, theirs, games=games, seats=seats, seed=seed)  # type: ignore[arg-type]
    wall = time.perf_counter() - start
    share = (result.a + result.ties / 2) / games
    low, high = wilson(share, games)
    per_move = ours.seconds / max(ours.decisions, 1)
    speed = game.worlds / ours.seconds if game.worlds and ours.seconds else 0.0
    return (
        f"  {level:>6} vs {against}: {result.a:3d} won {result.b:3d} lost {result.ties:3d} tied"
        f" of {games}: {100 * share:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"
        f"  {1000 * per_move:7.1f} ms/move  {speed:8.0f} playouts/s  ({wall:.0f} s)"
    )


def solo(game_id: str, level: str, options: dict[str, Any], games: int, seed: int) -> str:
    """`level` alone at the table over `games` seeded games: wins and mean score."""
    game = get(game_id)
    bot = Timed(bots_of(game)[level])
    won, scores = 0, 0.0
    for n in range(games):
        state = game.initial(game.setup(1, seed + n, options))
        rng = Rng.seeded(seed + n, stream=101)
        while game.to_move(state):
            _, state = game.apply(state, 0, bot(game, state, 0, rng))
        outcome = game.outcome(state)
        won += bool(outcome.won)
        scores += outcome.scores[0]
    low, high = wilson(won / games, games)
    shown = ",".join(f"{k}={v}" for k, v in options.items())
    return (
        f"  {level:>6} alone, {shown}: won {won:3d} of {games}: {100 * won / games:5.1f}%"
        f" [{100 * low:5.1f}, {100 * high:5.1f}], mean score {scores / games:6.1f}"
        f"  {1000 * bot.seconds / max(bot.decisions, 1):7.1f} ms/move"
    )


# Run as-is in CPython and in the Pyodide worker (EngineClient.eval): the same code,
# the same positions, the same budgets. Its value is JSON text.
SPEED_CODE = """
import json, time
from core.games import get, ids
from core.kernel import Rng, random_bot

class _Counting:
    def __init__(self, game):
        self.game, self.worlds = game, 0
    def __getattr__(self, name):
        return getattr(self.game, name)
    def determinize(self, state, seat, rng):
        self.worlds += 1
        return self.game.determinize(state, seat, rng)

def _speed(positions):
    out = {}
    for game_id in ids():
        game = get(game_id)
        counting = _Counting(game)
        cases = []
        for seed in range(positions):
            state = game.initial(game.setup(2, seed, {}))
            rng = Rng.seeded(seed, 3)
            for _ in range(6 + 7 * seed):
                seat = game.to_move(state)[0]
                state = game.apply(state, seat, random_bot(game, state, seat, rng))[1]
            cases.append((state, game.to_move(state)[0]))
        out[game_id] = {}
        for level, bot in game.bots().items():
            counting.worlds, start = 0, time.perf_counter()
            for n, (state, seat) in enumerate(cases):
                bot(counting, state, seat, Rng.seeded(n, 9))
            seconds = time.perf_counter() - start
            out[game_id][level] = [1000 * seconds / len(cases), counting.worlds / seconds]
    return json.dumps(out)

_speed(POSITIONS)
"""

SPEED_JS = """async ([code]) => {
  const { EngineClient } = await import("/engine/client.js");
  const client = new EngineClient({});
  await client.ready;
  const out = await client.eval(code);
  client.terminate();
  return out;
}"""


def speed(positions: int) -> None:
    """Each level's ms a move and playouts/s, CPython vs Pyodide on the same positions."""
    import threading
    from http.server import ThreadingHTTPServer

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_browser import CHROMIUM, CHROMIUM_ARGS, StaticServer, build_bundle

    code = SPEED_CODE.replace("POSITIONS", str(positions))
    scope: dict[str, Any] = {}
    exec(code.replace("\n_speed(", "\nRESULT = _speed("), scope)
    cpython = json.loads(scope["RESULT"])
    build_bundle()
    server = ThreadingHTTPServer(("127.0.0.1", 0), StaticServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = chromium.new_context().new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/bench.html")
        pyodide = json.loads(page.evaluate(SPEED_JS, [code]))
        chromium.close()
    server.shutdown()
    print(f"Decisions on {positions} positions a title (2 players): ms a move, playouts/s")
    for game_id, levels in cpython.items():
        print(get(game_id).info.title_en)
        for level, (ms, rate) in levels.items():
            p_ms, p_rate = pyodide[game_id][level]
            print(
                f"  {level:>6}: CPython {ms:8.1f} ms {rate:7.0f} playouts/s"
                f" | Pyodide {p_ms:8.1f} ms {p_rate:7.0f} playouts/s | {p_ms / ms:4.2f}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="game", help="game ids (default: every title)")
    parser.add_argument("--games", type=int, default=200, dest="count", help="games per level")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--speed", action="store_true", help="CPython vs Pyodide speed")
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--solo", metavar="KEY=V1,V2", help="play each level alone, per value")
    args = parser.parse_args()
    if args.speed:
        speed(args.positions)
        return
    if args.solo:
        key, values = args.solo.split("=", 1)
        for game_id in args.games or ids():
            print(f"{get(game_id).info.title_en}, alone", flush=True)
            for level in args.levels.split(","):
                for value in values.split(","):
                    option = dict([parse_option(f"{key}={value}")])
                    print(solo(game_id, level, option, args.count, args.seed), flush=True)
        return
    for game_id in args.games or ids():
        print(f"{get(game_id).info.title_en}, {args.seats} players", flush=True)
        for level in args.levels.split(","):
            line = bench(game_id, level, args.against, args.count, args.seats, args.seed)
            print(line, flush=True)


if __name__ == "__main__":
    main()
