"""How long a local bot takes to answer in the PWA (not part of the test suite).

    .venv/bin/python bench/bench_bot_answer.py [GAME ...] [--levels greedy,medium]
                                               [--answers 40] [--seed 11]

Starts `kifu serve` on the built PWA (web/dist; `cd web && npm run build` first), opens
headless Debian Chromium (/usr/bin/chromium) at 390x844 with the product's own bot
pacing (no `kifu.botDelay` hook), and plays a two-seat game of each title: a person
(this script, a seeded choice among the move list's buttons) against the easy bot
(`greedy`) or the medium bot. For every bot answer it records, in the page:

- answer: from the person's move being accepted (the board's `#turn` shows its seq)
  to the bot's last move of the answer shown (the next draw where the person may move
  again, or the end screen), at the next animation frame;
- engine: the time the engine worker spent replying to the bot's requests in that span
  (`bot_begin`, `bot_think`, `bot_step`: post to reply, as the page sees it);
- rest: answer - engine (the pacing pause, drawing, the row write, animation waits).

Prints per title and level the median and worst of each over the game (or the first
`--answers` answers), and the bot steps per answer. Timing is wall clock on a shared
machine: run it twice and report the range.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE_390, Server, open_app  # noqa: E402
from e2e.helpers import fix_seeds, new_game  # noqa: E402

BOT_OPS = ("bot_begin", "bot_think", "bot_step")

# Every worker message timed (post to reply) and every seq the board shows, with whether
# the person may move in that draw; the product's pacing is left as it is.
INIT = """
(() => {
  const bench = (window.__bench = { calls: [], shown: [] });
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      const sent = new Map();
      const post = this.postMessage.bind(this);
      this.postMessage = (msg, ...rest) => {
        if (msg && msg.id !== undefined) sent.set(msg.id, { op: msg.op, t0: performance.now() });
        return post(msg, ...rest);
      };
      this.addEventListener('message', (e) => {
        const d = e.data;
        if (d && d.type === 'reply' && sent.has(d.id)) {
          const c = sent.get(d.id);
          sent.delete(d.id);
          bench.calls.push({ op: c.op, t0: c.t0, t1: performance.now() });
        }
      });
    }
  };
  let last = null;
  const watch = () => {
    const turn = document.querySelector('#turn');
    const seq = turn?.dataset.seq;
    if (seq !== undefined && seq !== last) {
      last = seq;
      bench.shown.push({ seq: Number(seq), t: performance.now(),
        human: document.querySelectorAll('#move-list button').length > 0,
        over: !!document.querySelector('#end-screen') });
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();
"""

READY = """(seq) => {
  const turn = document.querySelector('#turn');
  if (document.querySelector('#end-screen')) return 'over';
  const buttons = document.querySelectorAll('#move-list button').length;
  return turn && turn.dataset.seq !== seq && buttons > 0 ? 'move' : false;
}"""


def answers(bench: dict[str, Any], clicks: list[float]) -> list[dict[str, float]]:
    """Each bot answer: the span from the person's move shown to the next draw where the
    person may move again (or the end), the engine's share of it, the bot's steps."""
    shown = bench["shown"]
    calls = [c for c in bench["calls"] if c["op"] in BOT_OPS]
    out = []
    for click in clicks:
        after = [s for s in shown if s["t"] >= click]
        if not after or after[0]["human"] or after[0]["over"]:
            continue  # the person moves again (a turn of several steps): no answer
        start = after[0]
        end = next((s for s in after[1:] if s["human"] or s["over"]), None)
        if end is None:
            continue
        within = [c for c in calls if start["t"] <= c["t0"] and c["t1"] <= end["t"]]
        engine = sum(c["t1"] - c["t0"] for c in within)
        answer = end["t"] - start["t"]
        steps = end["seq"] - start["seq"]
        out.append({"answer": answer, "engine": engine, "rest": answer - engine, "steps": steps})
    return out


def play(page: Any, game: str, level: str, seed: int, limit: int) -> list[dict[str, float]]:
    fix_seeds(page, seed, seed + 1)
    new_game(page, game, ["human", "bot"], bots={1: level})
    page.evaluate("() => { window.__bench.calls = []; window.__bench.shown = []; }")
    choose = random.Random(seed)
    clicks: list[float] = []
    seq = ""
    while True:
        state = page.wait_for_function(READY, arg=seq, timeout=120_000).json_value()
        if state == "over" or len(answers(page.evaluate("window.__bench"), clicks)) >= limit:
            break
        seq = page.get_attribute("#turn", "data-seq") or ""
        n = page.eval_on_selector_all("#move-list button", "els => els.length")
        t = page.evaluate(
            "(i) => { const t = performance.now();"
            " document.querySelectorAll('#move-list button')[i].click(); return t; }",
            choose.randrange(n),
        )
        clicks.append(t)
        page.wait_for_function(
            "(b) => document.querySelector('#turn')?.dataset.seq !== b"
            " || document.querySelector('#move-error:not([hidden])')",
            arg=seq,
        )
        if page.is_visible("#move-error"):
            clicks.pop()
    return answers(page.evaluate("window.__bench"), clicks)[:limit]


def summary(rows: list[dict[str, float]]) -> str:
    def cell(key: str) -> str:
        xs = [r[key] for r in rows]
        return f"{statistics.median(xs):6.0f} {max(xs):6.0f}"

    return f"{cell('answer')} | {cell('engine')} | {cell('rest')} | {cell('steps')}"


def main() -> None:
    from playwright.sync_api import sync_playwright

    from core.games import get, ids

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=ids())
    parser.add_argument("--levels", default="greedy,medium")
    parser.add_argument("--answers", type=int, default=40, help="answers timed a game at most")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", help="also write the per-answer rows here")
    args = parser.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        server = Server(Path(data))
        server.start()
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            ctx = chromium.new_context(viewport=PHONE_390, locale="en-GB", bypass_csp=True)
            ctx.add_init_script(INIT)
            ctx.set_default_timeout(60_000)
            page = open_app(ctx.new_page(), server.url)
            head = f"{'median':>6} {'worst':>6}"
            cols = " | ".join(f"{name:>13}" for name in ("answer ms", "engine ms", "rest ms"))
            print(f"{'game':22} {'level':7} {cols} | steps")
            print(f"{'':30} {head} | {head} | {head} | {head}")
            for game in args.games:
                bots = get(game).bots()
                for level in args.levels.split(","):
                    if level not in bots:
                        continue
                    started = time.monotonic()
                    rows = play(page, game, level, args.seed, args.answers)
                    results[f"{game}/{level}"] = rows
                    took = time.monotonic() - started
                    line = f"{game:22} {level:7} {summary(rows)}"
                    print(f"{line}  ({len(rows)} answers, {took:.0f} s)", flush=True)
        finally:
            chromium.close()
            server.stop()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
