"""Whispering Woods at 390 × 844, played by tapping the board's own pieces and places
only (never the fallback move list): a competitive game against a bot (in
English, with one undo) and a Level 1 solitaire game (in Japanese, its level card, score
tracker and refresh penalty on screen). At every step the market, the acting player's
panel and the step's controls are on screen, nothing scrolls sideways; the finished
game is scrubbed and its shared replay opened. Screenshots go to KIFU_SHOTS."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import DESKTOP, PHONE_390, TABLET, open_app, shot
from helpers import (
    in_view,
    new_game,
    open_imported,
    pass_cover,
    seq,
    share_link,
    sideways_overflow,
    wait_idle,
    wait_played,
)

from core import games
from core.games.whispering_woods.forest import best_prefix, walks
from core.games.whispering_woods.state import Placed
from core.kernel import Rng, Timeline, new_record
from core.kernel.bots import bots_of, random_bot
from core.kernel.compact import encode_compact

# What the acting forest and the board offer now, read from the page (the tile ids and
# positions are data attributes, never on screen).
READ = """() => {
  const panel = document.querySelector('#board [data-stage=acting]');
  const visible = (el) => el.style.display !== 'none' && el.getBoundingClientRect().width > 0;
  return {
    forest: [...panel.querySelectorAll('.ww-forest g.ww-hex[data-tile]')].map((g) => ({
      q: Number(g.dataset.q), r: Number(g.dataset.r), tile: g.dataset.tile,
      mission: g.dataset.mission === '1', animal: g.dataset.animal })),
    takes: [...document.querySelectorAll('#board .ww-open[data-move]')]
      .map((g) => JSON.parse(g.dataset.move)),
    start: [...document.querySelectorAll('#board .ww-supply button[data-move]')]
      .map((b) => JSON.parse(b.dataset.move)),
    refresh: document.querySelectorAll('#board button.ww-done[data-move]').length,
    picks: document.querySelectorAll('#board .ww-pick').length,
    steps: document.querySelectorAll('#board .ww-step').length,
    ends: [...document.querySelectorAll('#board .ww-walk-end[data-move]')].filter(visible).length,
    controls: [...document.querySelectorAll('#step-controls [data-move]')]
      .map((b) => b.dataset.type),
  };
}"""


WIDE = """() => [...document.querySelectorAll('body *')]
  .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
  .slice(0, 5).map((el) => `${el.tagName}.${el.className?.baseVal ?? el.className}`)"""


SIZE = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return Math.min(r.width, r.height);
}"""


# A place on the board is at least this many px across where it is tapped: the forest
# is drawn to fit its box down to this size, and scrolls inside it beyond (it was 40 px
# when a forest never shrank below 46 px a hexagon and sat half out of its box late on).
TAP = 31.5


def big_enough(page: Any, selector: str) -> None:
    """A place on the board is at least TAP px across where it is tapped."""
    size = page.evaluate(SIZE, selector)
    assert size >= TAP, (selector, size)


def moved(page: Any, before: str) -> None:
    """Wait for the move to land, then for the human's turn again (or the end)."""
    wait_played(page, before)
    page.wait_for_function(
        """() => document.querySelector('#end-screen')
          || (document.querySelector('#turn')?.dataset.seat === '0'
              && document.querySelector('#board [data-stage=acting]'))""",
        timeout=30_000,
    )


def tap_move(page: Any, selector: str) -> None:
    before = page.get_attribute("#turn", "data-seq")
    page.click(selector)
    moved(page, before)


def choose_take(state: dict[str, Any]) -> dict[str, Any]:
    """The take that opens a walk, else the one that walks furthest along the paths of
    the forest's animals (the greedy bot's measure), mission tiles first."""
    forest = [Placed(**cell) for cell in state["forest"]]

    def value(move: dict[str, Any]) -> tuple[bool, int, bool]:
        mission = move["type"] == "take-mission"
        animal = move.get("animal") or ("X-1" if mission else "")
        placed = Placed(q=move["q"], r=move["r"], tile=move["tile"], mission=mission, animal=animal)
        after = [*forest, placed]
        near = sum(best_prefix(after, (t.q, t.r)) for t in after if t.mission and t.animal)
        return bool(walks(after)), near, mission

    return max(state["takes"], key=value)


def play_turn_step(page: Any, counts: dict[str, int]) -> None:
    """One tap (or a tile choice and its place) of the human's turn, by the board."""
    where = in_view(page, "#board .ww-market")
    if not all(v in ("ok", "none") for v in where.values()):
        shot(page, f"ww-{counts['mode']}-fail-390")
    assert all(v in ("ok", "none") for v in where.values()), where
    assert sideways_overflow(page) <= 0, page.evaluate(WIDE)
    state = page.evaluate(READ)
    if state["start"]:
        counts["start-animal"] += 1
        tap_move(page, "#board .ww-supply button[data-move]")
    elif state["refresh"] and not counts["refresh"]:
        counts["refresh"] += 1
        tap_move(page, "#board button.ww-done[data-move]")
    elif "keep" in state["controls"]:
        counts["keep"] += 1
        tap_move(page, "#step-controls [data-type=keep]")
    elif state["ends"]:
        counts["walk"] += 1
        shot_once(page, counts, "walk")
        big_enough(page, "#board .ww-walk-end[data-move]:not([style*='none'])")
        tap_move(page, "#board .ww-walk-end[data-move]:not([style*='none'])")
    elif state["steps"]:
        big_enough(page, "#board .ww-step")
        page.click("#board .ww-step")
    elif state["picks"] and not page.query_selector("#board .ww-pick.chosen"):
        page.click("#board .ww-pick")
    elif state["takes"]:
        move = choose_take(state)
        counts[move["type"]] += 1
        page.click(f"#board .ww-market-tile[data-tile='{move['tile']}']")
        if move["type"] == "take-mission":
            page.click("#board .ww-take-as button[data-kind=mission]")
            if move.get("animal"):
                page.click(f"#board .ww-supply button[data-animal='{move['animal']}']")
        shot_once(page, counts, "place")
        page.evaluate(
            """(key) => [...document.querySelectorAll('#board .ww-open[data-move]')]
                .find((g) => g.dataset.move === key).dataset.pick = 'me'""",
            json.dumps(move, separators=(",", ":")),
        )
        assert page.is_visible("[data-pick=me]"), move
        big_enough(page, "[data-pick=me]")
        tap_move(page, "[data-pick=me]")
    elif "end-turn" in state["controls"]:
        counts["end-turn"] += 1
        tap_move(page, "#step-controls [data-type=end-turn]")
    else:
        raise AssertionError(f"nothing to tap: {state}")


SHOTS: set[str] = set()
KINDS = ("start-animal", "refresh", "keep", "walk", "take-forest", "take-mission", "end-turn")


def shot_once(page: Any, counts: dict[str, int], what: str) -> None:
    name = f"ww-{counts['mode']}-{what}-390"
    if name not in SHOTS:
        SHOTS.add(name)
        shot(page, name)


def play_game(page: Any, mode: str, *, undo: bool = False, limit: int = 300) -> dict[str, int]:
    counts: dict[str, Any] = dict.fromkeys((*KINDS, "undo"), 0)
    counts["mode"] = mode
    taps = 0
    while not page.query_selector("#end-screen"):
        assert page.query_selector("details.all-moves[open]") is None, "the move list stays folded"
        play_turn_step(page, counts)
        taps += 1
        over = page.query_selector("#end-screen")
        if undo and not counts["undo"] and not over and page.is_enabled("#undo"):
            tiles = len(page.evaluate(READ)["forest"])
            before = page.get_attribute("#turn", "data-seq")
            page.click("#undo")
            moved(page, before)
            assert len(page.evaluate(READ)["forest"]) == tiles - 1  # the tile went back
            counts["undo"] += 1
        assert taps < limit, "the game did not end"
    counts["taps"] = taps
    return counts


def finish_checks(page: Any, mode: str) -> None:
    box = page.eval_on_selector("#end-screen", "e => e.getBoundingClientRect().toJSON()")
    assert 0 <= box["top"] < 300, box
    assert sideways_overflow(page) <= 0
    shot(page, f"ww-{mode}-end-390")
    # scrub the history: back to the start and forwards one move; the board is drawn
    page.click("#scrub-first")
    page.wait_for_function("document.querySelector('#turn').dataset.viewing === '0'")
    page.click("#scrub-next")
    page.wait_for_function("document.querySelector('#turn').dataset.viewing === '1'")
    assert page.query_selector("#board .ww-forest")
    assert page.is_visible("#history-banner")
    shot(page, f"ww-{mode}-scrub-390")
    page.click("#scrub-last")
    page.wait_for_selector("#end-screen")


# a whole game of about 60 taps
@pytest.mark.slow  # ~60 taps (~55 s); the solitaire game below is tapped whole in the default run
def test_competitive_game_by_tapping(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    # the random bot answers at once (the greedy one thinks for seconds in Pyodide)
    new_game(page, "whispering-woods", ["human", "bot"], bots={1: "random"})
    shot(page, "ww-duel-start-390")
    counts = play_game(page, "duel", undo=True)
    assert counts["take-forest"] and counts["take-mission"] and counts["walk"], counts
    assert counts["undo"] == 1
    text = page.inner_text("#end-screen")
    assert "Completed mission tiles (points)" in text and "Combo cards (points)" in text
    assert "WW-" not in page.inner_text("body")  # no rule IDs on screen
    log = page.inner_text("#move-log")
    assert "placed the" in log and "forest tile" in log
    finish_checks(page, "duel")
    for name, size in (("tablet", TABLET), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        wait_idle(page)
        shot(page, f"ww-duel-end-{name}")
    # the shared replay of the finished game opens on its results, with a board
    page.set_viewport_size(PHONE_390)
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    link = share_link(page)
    viewer = open_app(new_context(PHONE_390).new_page(), server.url, "/" + link.split("/", 3)[3])
    viewer.wait_for_selector("#end-screen")
    assert viewer.query_selector("#board .ww-forest")
    viewer.click("#scrub-first")
    viewer.wait_for_function("document.querySelector('#turn').dataset.viewing === '0'")
    assert viewer.query_selector("#board .ww-market")
    shot(viewer, "ww-duel-shared-390")
    assert page.errors == [] and viewer.errors == []


# about 60 s: 13 rounds of tapping
def test_solitaire_level_1_by_tapping_in_japanese(server, new_context):
    page = open_app(new_context(PHONE_390, locale="ja-JP").new_page(), server.url)
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    new_game(page, "whispering-woods", ["human"], options={"level": 1})
    # the level card, the score tracker and the refresh penalty are on screen
    solo = page.inner_text("#ww-solo")
    assert "レベル1" in solo and "最低スコア60ポイント" in solo and "スコアトラッカー" in solo
    assert "更新するたびに1ポイント" in page.inner_text("#ww-penalty")
    # a line each (a "·" between them dangled at the end of the first line)
    assert page.inner_text("#ww-minimum") == "最低スコア60ポイント"
    shot(page, "ww-solo-start-390-ja")
    counts = play_game(page, "solo")
    assert counts["start-animal"] == 1 and counts["take-forest"], counts
    end = page.inner_text("#end-screen")
    assert "レベルに合格するための最低スコア" in end
    assert not [w for w in end.split() if w.isascii() and w.isalpha()], end  # no English
    finish_checks(page, "solo")
    # How to play, in Japanese: the rulebook's words, each point citing its rule IDs
    page.goto(page.url.split("#")[0] + "#/rules/whispering-woods")
    page.wait_for_selector("#rules-title")
    rules = page.inner_text("#rules-summary")
    assert "ミッションタイル" in rules and "動物コマ" in rules and "ソリティアモード" in rules
    assert sideways_overflow(page) <= 0
    shot(page, "ww-howto-390-ja")
    assert page.errors == []


# Late in a game (#38 item 11): the forest was drawn at 46 px a hexagon or more and
# scrolled inside a box 30 % of the screen high with no cue, so by round 18 half of it,
# and of the places to tap, lay outside the box where nothing said so; the market
# tiles' mission paths were 5-7 px dots.

# Where the acting forest's places to tap stand against its box (at the top of the
# page): how many, how many wholly inside it, and for each one not, the sides it lies
# beyond and whether the box cues them; the box's sides shaded; the smallest place seen.
PLACES = """() => {
  window.scrollTo(0, 0);
  const panel = document.querySelector('#board [data-stage=acting]');
  const visible = (el) => el.style.display !== 'none' && el.getBoundingClientRect().width > 0;
  const places = [...panel.querySelectorAll(
    '.ww-open[data-move], .ww-walk-end[data-move], .ww-step, .ww-pick')].filter(visible);
  const box = panel.querySelector('.ww-forest-scroll').getBoundingClientRect();
  const view = panel.querySelector('.ww-forest-view')
    || { dataset: {}, classList: { contains: () => false } };
  const words = (v) => (v || '').split(' ').filter(Boolean);
  const cued = words(view.dataset.places);
  const toggle = document.querySelector('#ww-zoom');
  const out = [];
  const seen = [];
  for (const el of places) {
    const r = el.getBoundingClientRect();
    const sides = [];
    if (r.left < box.left - 1) sides.push('left');
    if (r.right > box.right + 1) sides.push('right');
    if (r.top < box.top - 1) sides.push('top');
    if (r.bottom > box.bottom + 1) sides.push('bottom');
    if (sides.length) out.push({ sides, cued: sides.every((side) => cued.includes(side)) });
    else seen.push({ move: el.dataset.move || '', x: r.x + r.width / 2, y: r.y + r.height / 2,
                     size: Math.min(r.width, r.height),
                     kind: el.classList.contains('chosen') ? 'chosen' : el.classList[0] });
  }
  return { n: places.length, seen, out, more: words(view.dataset.more), cued,
           whole: view.classList.contains('whole'),
           toggle: !!toggle && !toggle.hidden && toggle.getBoundingClientRect().height >= 31,
           box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
           bar: document.querySelector('#game-bar').getBoundingClientRect().top };
}"""


def check_places(page: Any, where: str) -> dict[str, Any]:
    """The player never hunts for a place: the forest's box is on screen above the bottom
    bar; at least one place to tap is wholly in it, at a size to tap (but in the whole
    forest at a glance, where a tap zooms in); every place outside
    it lies beyond a side that shows the places' arrow, and "Whole forest" is offered."""
    state = page.evaluate(PLACES)
    box = state["box"]
    assert box["top"] >= 0 and box["bottom"] <= state["bar"] + 1, (where, box, state["bar"])
    if state["n"]:
        assert state["seen"], f"{where}: no place to tap in sight: {state}"
        # at a size to tap, but in the whole forest (there a tap zooms in)
        assert state["whole"] or all(p["size"] >= TAP for p in state["seen"]), (where, state)
    assert all(p["cued"] for p in state["out"]), f"{where}: places out of sight, uncued: {state}"
    if state["out"]:
        assert state["toggle"], f"{where}: places out of sight and no Whole forest: {state}"
    return state


# The market's path cells: each cell's size on screen (px), smallest first.
CELLS = """() => [...document.querySelectorAll(
    '#board .ww-market-tile svg circle, #board .ww-market-tile svg .ww-cell')]
  .map((c) => { const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); })
  .sort((a, b) => a - b)"""


def woods_late(seed: int, bot: str, rounds: int) -> tuple[bytes, int]:
    """A 2-player Whispering Woods record (seat 1 the random bot, seat 0 `bot`) stopped
    where seat 0 takes tiles in round `rounds`: seed 2 with random play reaches round 18 at
    seq 69, a forest 12 hexagons wide and 12 rows high with its open places; seed 6 with
    the greedy bot round 18 at seq 83, 7.5 wide and 10 rows (at 32 px a place, neither
    fits a box 253 px high)."""
    game = games.get("whispering-woods")
    first = random_bot if bot == "random" else bots_of(game)[bot]
    timeline = Timeline(game, new_record(game, record_id="r-woods-late", seats=2, seed=seed))
    rng = Rng.seeded(seed, stream=3)
    while timeline.to_move():
        seat = timeline.to_move()[0]
        kinds = {type(move).__name__ for move in timeline.legal_moves(seat)}
        if seat == 0 and timeline.state.round >= rounds and "TakeForest" in kinds:
            return encode_compact(game, timeline.record), timeline.seq
        move = (first if seat == 0 else random_bot)(game, timeline.state, seat, rng)
        timeline.play(seat, move, move_id=f"{timeline.seq}")
    raise AssertionError(f"seed {seed} never reached round {rounds}")


ORDER = ("ww-walk-end", "ww-open", "ww-step", "ww-pick")  # an animal already picked: never


def tap_seen(page: Any, state: dict[str, Any]) -> None:
    """Tap a place in sight (the walk's end, a place for the tile, the walk's next step,
    an animal), where it is on screen: as a finger does, nothing scrolls it into view."""
    before = page.get_attribute("#turn", "data-seq")
    places = sorted(
        (p for p in state["seen"] if p["kind"] in ORDER), key=lambda p: ORDER.index(p["kind"])
    )
    assert places, f"nothing to tap in sight: {state}"
    place = places[0]
    page.mouse.click(place["x"], place["y"])
    if place["move"]:
        wait_played(page, before)
        wait_idle(page)


def whole_and_back(page: Any, lang: str) -> dict[str, Any]:
    """The whole forest at a glance (every place in the box, no side shaded), then a tap
    on a place there zooms back in with that place in sight: the places seen then."""
    shot(page, f"ww-late-places-390-{lang}")
    page.click("#ww-zoom")
    whole = check_places(page, "whole forest")
    assert whole["whole"] and not whole["out"] and not whole["more"], whole
    shot(page, f"ww-late-whole-390-{lang}")
    target = whole["seen"][-1]
    page.mouse.click(target["x"], target["y"])
    near = check_places(page, "zoomed in")
    assert not near["whole"], near
    assert target["move"] in [p["move"] for p in near["seen"]], (target, near)
    shot(page, f"ww-late-zoomed-390-{lang}")
    return near


def play_move(page: Any, selector: str) -> None:
    before = page.get_attribute("#turn", "data-seq")
    page.click(selector)
    wait_played(page, before)


# per language: the deal and seat 0's bot (random play sprawls, the greedy bot's is compact)
LATE = {"en": (2, "random"), "ja": (6, "greedy")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_late_forest_shows_where_to_place(server, new_context, tmp_path, lang):
    """Round 18 at 390 x 844: the market tiles' path cells are at least 12 px; at every
    draw of a few turns (both players, hot seat) the places to tap are in the forest's
    box or cued, and the whole forest is one tap away (a tap on it zooms back in there)."""
    data, at = woods_late(*LATE[lang], 18)
    page = open_imported(new_context, server.url, tmp_path, lang, data)
    assert seq(page) == at
    page.click("#board .ww-market-tile.legal >> nth=0")  # the places for a tile, as opened
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"ww-late-open-390-{lang}")
    page.click("#board .ww-market-tile.legal >> nth=0")  # and put back
    cells = page.evaluate(CELLS)
    assert cells and cells[0] >= 12, f"market path cells (px): {cells}"
    check_places(page, "start")
    shot(page, f"ww-late-start-390-{lang}")
    whole_seen = False
    for tap in range(16):
        pass_cover(page)
        if page.query_selector("#end-screen"):
            break
        where = in_view(page, "#board .ww-market")
        assert all(v in ("ok", "none") for v in where.values()), (tap, where)
        assert sideways_overflow(page) <= 0, tap
        controls = page.eval_on_selector_all(
            "#step-controls [data-move]", "els => els.map(e => e.dataset.type)"
        )
        state = check_places(page, f"tap {tap}")
        market = page.query_selector("#board .ww-market-tile.legal")
        chosen = page.query_selector("#board .ww-market-tile[aria-pressed=true]")
        if "keep" in controls:
            play_move(page, "#step-controls [data-type=keep]")
        elif state["n"] and (chosen or not market):
            if state["out"] and not whole_seen:
                whole_seen = True
                state = whole_and_back(page, lang)
            tap_seen(page, state)
        elif market:
            # a market tile to choose first: nothing to tap in the forest, all of it in sight
            assert not state["more"] and not state["whole"], (tap, state)
            page.click("#board .ww-market-tile.legal >> nth=0")
        elif "end-turn" in controls:
            play_move(page, "#step-controls [data-type=end-turn]")
        else:
            raise AssertionError(f"nothing to tap: {controls} {state}")
        wait_idle(page)
    assert whole_seen, "the forest never outgrew its box (the test's premise)"
    shot(page, f"ww-late-end-390-{lang}")
    # a market tile opens large, with its path: a tap on one not to take now, a press
    # and hold (a right click here) on one to take
    pass_cover(page)
    if page.query_selector("#board .ww-market-tile.zoom-face"):
        page.click("#board .ww-market-tile.zoom-face >> nth=0")
    else:
        page.click("#board .ww-market-tile.legal >> nth=0", button="right")
    page.wait_for_selector("#card-zoom[open]")
    shot(page, f"ww-late-market-zoom-390-{lang}")
    page.click("#card-zoom-close")
    assert page.errors == []
