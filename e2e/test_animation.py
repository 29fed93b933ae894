"""Animations never hide the game (#38 item 9): after a redraw, keyed elements
(kit/animate.js: cards, tiles, pawns) move so a player can follow them, and nothing a
player needs vanishes or flies over the rest of the board.

The rule, checked on every redraw of a game against a bot at 390 × 844 (Ducks in Tow and
Tulikko: your turn, then the bot's whole turn drawn at once, twice), as the Web
Animations API reports the animations each redraw starts and as sampled every frame
(requestAnimationFrame, and every 4 ms) while they run:

- a key already on the board before the redraw never fades (no animation starting below
  opacity 0.5, no computed opacity below 0.5): only a key new to the board fades in;
- a glide starts where the element was seen: a key hidden before (a folded panel) is
  not flown in from the corner of the screen, it is simply there;
- an element that stays in its area (its drawing, the SVG; else its row, the parent;
  in the same seat's panel) never leaves that area's box while it moves: its centre
  stays inside it vertically in every sample (the defect: a panel that moved took its
  hand and completed cards on a 250–660 px flight over the headings, the rows empty);
- every animation of one redraw ends within 600 ms of it (delay + duration × iterations
  + end delay, its effect's own timing), and at a redraw no animation of an earlier one
  still runs (no stacking);
- prefers-reduced-motion: reduce: no animation at all, CSS ones included.

Nothing is measured in wall-clock time. The first bot turn's redraw, its animations
held at 150 ms, is saved as /tmp/kifu-shots/anim-<game>-bot-turn-150ms.png and the
log as anim-<game>-log.json."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from conftest import ARTIFACTS, PHONE_390, open_app, shot
from helpers import TAP_ORDERS, fix_seeds, new_game, tap_once, wait_idle

# Watches #board: each redraw (a mutation batch) reports the animations it started and
# where each key was before and after; every frame while they run, each animated keyed
# element's opacity and box against its row's box.
WATCH = """([hold, reduced]) => {
  const board = document.querySelector('#board');
  const log = (window.__anim = { redraws: [], bad: [], frames: 0, held: false, seats: [] });
  log.what = [];
  const seen = new WeakSet();
  // a key's area: its drawing (SVG), else its row (parent), in a seat's panel
  const areaEl = (el) => (el instanceof SVGElement && el.ownerSVGElement) || el.parentElement;
  const area = (el) => {
    const p = areaEl(el);
    const seat = p.closest('[data-seat]')?.dataset.seat ?? '';
    return `${seat}|${p.tagName}.${[...p.classList].join('.')}`;
  };
  const placed = () => {
    const m = {};
    for (const el of board.querySelectorAll('[data-key]')) {
      const r = el.getBoundingClientRect();
      m[el.dataset.key] = { area: area(el), shown: r.width > 0 && r.height > 0 };
    }
    return m;
  };
  // the board's animations (kit/animate.js's; CSS ones too where nothing may move)
  const ours = (a) => {
    const t = a.effect?.target;
    if (!reduced && (a instanceof CSSAnimation || a instanceof CSSTransition)) return false;
    return !!t && (reduced || board.contains(t) || t.classList?.contains('anim-ghost'));
  };
  let before = placed();
  let lastBefore = before;
  let redrawAt = 0;
  const sample = () => {
    const running = document.getAnimations().filter((a) => ours(a) && a.playState === 'running');
    if (!running.length) return;
    log.frames++;
    for (const a of running) {
      const t = a.effect.target;
      const name = a.animationName || a.transitionProperty || '';
      const what = `${a.constructor.name} ${name} ${t.tagName}.${[...t.classList].join('.')}`;
      if (!log.what.includes(what)) log.what.push(what);
    }
    const at = Math.round(performance.now() - redrawAt);
    for (const el of new Set(running.map((a) => a.effect.target))) {
      const key = el.dataset?.key;
      if (!key || !board.contains(el)) continue;
      const was = lastBefore[key];
      const r = el.getBoundingClientRect();
      const row = areaEl(el).getBoundingClientRect();
      const opacity = Number(getComputedStyle(el).opacity);
      if (was && opacity < 0.5)
        log.bad.push({ key, at, why: `faded to ${opacity} though it was on the board` });
      const cy = r.top + r.height / 2;
      if (was && was.shown && was.area === area(el) && (cy < row.top - 2 || cy > row.bottom + 2)) {
        const span = `${Math.round(row.top)}..${Math.round(row.bottom)}`;
        log.bad.push({ key, at, why: `left its area: centre ${Math.round(cy)} outside ${span}` });
      }
    }
  };
  (function frame() { sample(); requestAnimationFrame(frame); })();
  setInterval(sample, 4);
  new MutationObserver(() => {
    const now = placed();
    const seat = document.querySelector('#turn')?.dataset.seat ?? null;
    // the acting panel is yours again after the bot's (its turn drawn)
    const acting = board.querySelector('[data-stage=acting]')?.dataset.seat ?? null;
    const botDone = log.acting !== undefined && log.acting !== '0' && acting === '0';
    log.acting = acting;
    if (log.seats.at(-1) !== seat) log.seats.push(seat);
    const anims = document.getAnimations().filter(ours);
    const stale = anims.filter((a) => seen.has(a) && a.playState === 'running').length;
    const started = anims.filter((a) => !seen.has(a)).map((a) => {
      seen.add(a);
      const el = a.effect.target;
      const timing = a.effect.getTiming();
      const first = a.effect.getKeyframes()[0] || {};
      const key = el.dataset?.key ?? null;
      return {
        key, ghost: el.classList.contains('anim-ghost'),
        end: Number(timing.delay || 0) + Number(timing.endDelay || 0)
          + Number(timing.duration) * Number(timing.iterations ?? 1),
        fromOpacity: first.opacity ?? null, transform: first.transform ?? null,
        before: key ? before[key] ?? null : null, after: key ? now[key] ?? null : null,
      };
    });
    if (started.length) {
      log.redraws.push({ seat, stale, started });
      lastBefore = before;
      redrawAt = performance.now();
      if (hold && !log.held && botDone) {
        // the first bot turn's redraw: its animations held 150 ms in, for a screenshot
        for (const a of anims) { a.pause(); a.currentTime = 150; }
        log.held = true;
        log.heldAt = { seat, acting, n: log.redraws.length };
      }
    }
    before = now;
  }).observe(board, { childList: true, subtree: true });
}"""


def start(new_context: Any, server: Any, game: str, *, reduced: bool = False) -> Any:
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.evaluate("localStorage.setItem('kifu.botDelay', '400')")  # a bot's pause, as played
    fix_seeds(page, 7, 8)
    new_game(page, game, ["human", "bot"])
    return page


def play_past_bot_turns(
    page: Any, game: str, turns: int, *, hold: bool = False, reduced: bool = False
) -> None:
    """Tap your moves until the bot has played `turns` whole turns and it is yours again."""
    page.evaluate(WATCH, [hold, reduced])
    for _ in range(80):
        wait_idle(page)
        if page.evaluate("window.__anim.held === true"):
            shot(page, f"anim-{game}-bot-turn-150ms")
            page.evaluate(
                "document.getAnimations().forEach((a) => a.playState === 'paused' && a.finish())"
            )
            page.evaluate("window.__anim.held = 'done'")
            wait_idle(page)
        if page.get_attribute("#turn", "data-seat") == "":
            continue  # the bot is moving
        seats = page.evaluate("window.__anim.seats")
        seen_bot = sum(1 for a, b in itertools.pairwise(seats) if a == "" and b != "")
        if seen_bot >= turns:
            return
        tap_once(page, TAP_ORDERS[game])
    raise AssertionError("the bot did not play its turns")


@pytest.mark.parametrize("game", ["ducks-in-tow", "tulikko"])
def test_animations_never_hide_the_game(server, new_context, game):
    page = start(new_context, server, game)
    play_past_bot_turns(page, game, 2, hold=True)
    wait_idle(page)
    log = page.evaluate("window.__anim")
    (ARTIFACTS / f"anim-{game}-log.json").write_text(json.dumps(log, indent=1))
    redraws = log["redraws"]
    assert redraws, "no redraw animated anything"
    problems = []
    for n, redraw in enumerate(redraws):
        if redraw["stale"]:
            problems.append((n, f"{redraw['stale']} animations of an earlier redraw still ran"))
        for a in redraw["started"]:
            who = a["key"] or ("ghost" if a["ghost"] else "?")
            if a["end"] > 600:
                problems.append((n, who, f"ends {a['end']} ms after the redraw"))
            was = a["before"]
            if a["fromOpacity"] is not None and float(a["fromOpacity"]) < 0.5 and was:
                problems.append((n, who, "fades in though it was on the board", was, a["after"]))
            if a["transform"] and not a["ghost"] and not (was and was["shown"]):
                problems.append((n, who, "glides in from where it was not seen", was, a["after"]))
    problems += [(b["at"], b["key"], b["why"]) for b in log["bad"]]
    assert not problems, problems[:12]
    assert page.errors == []


def test_reduced_motion_moves_nothing(server, new_context):
    page = start(new_context, server, "ducks-in-tow", reduced=True)
    play_past_bot_turns(page, "ducks-in-tow", 1, reduced=True)
    log = page.evaluate("window.__anim")
    (ARTIFACTS / "anim-ducks-reduced-log.json").write_text(json.dumps(log, indent=1))
    assert log["frames"] == 0, log["what"]
    assert [a for r in log["redraws"] for a in r["started"]] == []
    assert page.errors == []
