"""Rewild: South America in the PWA at 390 × 844: a whole 2-player base game against the
greedy bot, played by tapping only the board (a half of an action card, a tile's hexes
one by one, a card on the scoreboard, then where it goes) and the step's controls beside
it, never the fallback move list. At every step the board, the acting panel and the
step's controls are on screen, with no sideways scrolling; one undo; the history
scrubbed; the finished game's shared replay opened in Japanese. Then solo games with all
four expert modules, tapped the same way, their choices (reserve, re-trigger, meeple,
relocate) included. Screenshots (phone, tablet, desktop) go to KIFU_SHOTS."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import DESKTOP, PHONE_390, TABLET, open_app, shot
from helpers import (
    board_moves,
    fix_seeds,
    new_game,
    score_rows,
    seq,
    share_link,
    sideways_overflow,
    wait_idle,
    wait_played,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

GAME = "rewild-south-america"
# The bot seat's name as the game was made in English (it travels in the share link).
BOT_NAME = "Easy bot"

# What the tapping player prefers: attract animals (8 visible animals end the game),
# place tiles to make room for them, upgrade and extend; harvest only when it must. A
# predation card covers an animal and a plant is none: each is taken once (FIRST_ONLY),
# then the turn ends instead, so the game ends sooner.
ORDER = ["wildlife", "predation", "plant", "place", "tree", "flip", "extend", "stop", "play"]
ORDER += ["harvest", "end"]
FIRST_ONLY = {"predation", "plant"}
# The halves that lead to the extend and upgrade steps, played once each when offered.
ONCE = {("S2", "bottom"), ("G2", "bottom"), ("R2", "bottom")}
SHOWN: set[str] = set()

# Every tap the board and its controls offer: a move (data-move) or the first tap of a
# choice made in several taps (data-leads: the moves it leads to).
OFFERED = """() => [...document.querySelectorAll('#board [data-move], #board [data-leads]')]
.map((el, i) => {
  el.dataset.pick = String(i);
  const picker = el.closest('details.picker');
  const r = el.getBoundingClientRect();
  return { i, move: el.dataset.move ? JSON.parse(el.dataset.move) : null,
           leads: el.dataset.leads ? JSON.parse(el.dataset.leads).map((k) => JSON.parse(k)) : [],
           picker: picker ? picker.dataset.type : null, open: picker ? picker.open : true,
           control: !!el.closest('#step-controls'), w: r.width, h: r.height };
})"""


def tap_once(
    page: Any, order: list[str] = ORDER, once: set[tuple[str, str]] | None = None
) -> tuple[str, str, int]:
    """Tap towards the preferred move until it is played; returns (its type, where it
    was tapped: board | control | picker, taps)."""
    before = page.get_attribute("#turn", "data-seq")
    taps = 0
    goal = None
    while True:
        offered = page.evaluate(OFFERED)
        assert offered, f"nothing to tap: {page.inner_text('#turn')}"
        small = [o for o in offered if o["picker"] is None and min(o["w"], o["h"]) < 40]
        assert not small, f"targets under 40 px: {small[:3]}"
        if goal is None:
            moves = [o["move"] for o in offered if o["move"]]
            goal = min(
                moves + [m for o in offered for m in o["leads"]],
                key=lambda m: (
                    order.index(m["type"]),
                    (m.get("card"), m.get("half")) not in (once or set()),
                    m.get("half") == "bottom",
                ),
            )
            if once is not None:
                once.discard((goal.get("card"), goal.get("half")))
        direct = [o for o in offered if o["move"] == goal]
        if direct:
            choice = direct[0]
        else:
            leading = [o for o in offered if goal in o["leads"]]
            assert leading, f"no tap leads to {goal}"
            choice = min(leading, key=lambda o: len(o["leads"]))  # the narrowest next step
        if not choice["open"]:
            page.click(f"details.picker[data-type='{choice['picker']}'] > summary")
        page.click(f"[data-pick='{choice['i']}']")
        taps += 1
        if direct:
            break
        if goal["type"] not in SHOWN:  # a choice half made: what the player sees then
            SHOWN.add(goal["type"])
            shot(page, f"rw-{goal['type']}-picked-390")
        assert taps < 6, f"{goal} took too many taps"
    wait_played(page, before)
    where = "picker" if choice["picker"] else "control" if choice["control"] else "board"
    return str(goal["type"]), where, taps


def wait_turn(page: Any) -> None:
    """Until the tapping player is to move (the bot has replied) or the game is over."""
    # the board is drawn with the turn line: once it names the seat, its taps are there
    page.wait_for_function(
        """() => document.querySelector('#end-screen')
          || ((document.querySelector('#turn')?.dataset.seat || '') !== ''
              && document.querySelector('#board [data-move], #board [data-leads]'))""",
        timeout=60_000,
    )


# Where the board, the whole acting panel and the step's controls stand, as the page
# is scrolled (not scrolled back to the top): each on screen, below the sticky score
# strip and above the bottom bar? {part: 'ok' | 'none' | why not}
WHERE = """() => {
  const bar = document.querySelector('#game-bar').getBoundingClientRect().top;
  const strip = document.querySelector('.score-box')?.getBoundingClientRect().bottom ?? 0;
  const parts = {
    board: document.querySelector('#board [data-stage=acting] .rw-board'),
    acting: document.querySelector('#board [data-stage=acting]'),
    controls: document.querySelector('#step-controls'),
  };
  const out = {};
  for (const [name, el] of Object.entries(parts)) {
    if (!el) { out[name] = name === 'controls' ? 'none' : 'missing'; continue; }
    const r = el.getBoundingClientRect();
    out[name] = r.top >= Math.max(0, strip) - 1 && r.bottom <= bar + 1 && r.left >= 0
      && r.right <= innerWidth + 1 ? 'ok'
      : `out: ${Math.round(r.top)}..${Math.round(r.bottom)} (strip to ${Math.round(strip)}, `
        + `bar at ${Math.round(bar)}: ${Math.round(r.bottom - bar)} px under it)`;
  }
  return out;
}"""


def check_screen(page: Any, played: list[Any]) -> None:
    """The board, the whole acting panel (its last tableau row included: #38 item 11, it
    ran up to 73 px under the bottom bar since the score strip) and the step's controls
    are on screen once the page has brought the panel into view for the step."""
    try:  # the page scrolls the panel into view on the frame after it is drawn
        page.wait_for_function(
            f"() => Object.values(({WHERE})()).every((v) => v === 'ok' || v === 'none')",
            timeout=3_000,
        )
    except PlaywrightTimeout:
        shot(page, "rw-not-in-view")
    where = page.evaluate(WHERE)
    assert all(v in ("ok", "none") for v in where.values()), (where, played[-5:])
    if sideways_overflow(page) > 0:
        shot(page, "rw-overflow")
        wide = page.evaluate("""() => [...document.querySelectorAll('#board *')]
          .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
          .slice(0, 5).map((e) => e.className.baseVal ?? e.className)""")
        raise AssertionError(f"sideways overflow: {wide}")
    assert page.query_selector("details.all-moves[open]") is None, "the move list stays folded"


def play_by_tapping(page: Any, limit: int, shots: dict[str, str]) -> list[tuple[str, str, int]]:
    played: list[tuple[str, str, int]] = []
    order, once = ORDER, set(ONCE)
    while True:
        wait_turn(page)
        if page.query_selector("#end-screen"):
            return played
        check_screen(page, played)
        phase = page.get_attribute("#board", "data-phase") or ""
        if phase in shots:
            shot(page, shots.pop(phase))
        played.append(tap_once(page, order, once))
        if played[-1][0] in FIRST_ONLY:
            order = [kind for kind in order if kind != played[-1][0]] + [played[-1][0]]
        assert len(played) < limit, "the game did not end"


def test_whole_game_by_tapping(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(page, GAME, ["human", "bot"], names=["Aiko"])
    shot(page, "rw-start-390")
    # one undo: play a card, take it back, the same card is in hand again
    wait_turn(page)
    first, offered = seq(page), board_moves(page)
    assert tap_once(page)[0] == "play"
    page.wait_for_selector("#undo:enabled")
    page.click("#undo")
    # the take-back is an entry of its own; the hand is as it was
    page.wait_for_function(
        "(s) => Number(document.querySelector('#turn').dataset.seq) === s", arg=first + 2
    )
    wait_idle(page)
    assert board_moves(page) == offered
    shots = {"place": "rw-place-390", "attract": "rw-attract-390", "upgrade": "rw-upgrade-390"}
    played = play_by_tapping(page, 400, shots)
    kinds = {kind for kind, _, _ in played}
    assert {"play", "place", "wildlife", "end", "extend", "stop"} <= kinds, kinds
    assert any(taps > 1 for kind, _, taps in played if kind == "place"), "hex by hex"
    assert {"board", "control"} <= {where for _, where, _ in played}
    box = page.eval_on_selector("#end-screen", "e => e.getBoundingClientRect().toJSON()")
    assert 0 <= box["top"] < 300, box
    end = page.inner_text("#end-screen")
    assert "during the game" in end and "★" in end, end
    # the end-game effects a line a player (they ran together in one paragraph)
    lines = page.eval_on_selector_all("#end-screen .rw-end-line", "els => els.length")
    seats = page.eval_on_selector_all("#end-screen table.scores tbody tr", "els => els.length")
    assert lines == seats == 2, (lines, seats)
    shot(page, "rw-end-390")
    for name, size in (("tablet", TABLET), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        wait_idle(page)
        shot(page, f"rw-end-{name}")
    page.set_viewport_size(PHONE_390)
    # the history: back to the start and forward again, the board drawn at each point
    page.click("#scrub-first")
    page.wait_for_selector("#play-from-here")
    assert page.query_selector("#board .rw-board")
    page.click("#scrub-next")
    page.click("#scrub-next")
    page.wait_for_function("document.querySelector('#scrub').value === '2'")
    assert page.query_selector("#board .rw-board")
    shot(page, "rw-scrub-390")
    page.click("#scrub-last")
    page.wait_for_selector("#end-screen")
    # the shared replay, opened in Japanese on another device
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    link = share_link(page)
    # (this device, switched to Japanese: a fresh one would boot the engine again)
    page.select_option("#lang-select", "ja")
    page.goto(server.url + "/" + link.split("/", 3)[3])
    viewer = page
    viewer.wait_for_selector("#end-screen")
    viewer.wait_for_function(
        "document.querySelector('.game-head').innerText.includes('リワイルド：サウスアメリカ')"
    )
    end = viewer.inner_text("#end-screen")
    assert "ゲーム終了時効果" in end and "Aiko" in end, end
    assert sideways_overflow(viewer) <= 0
    shot(viewer, "rw-shared-ja-390")
    viewer.click("#scrub-first")
    viewer.wait_for_selector("#play-from-here")
    viewer.click("#scrub-next")
    viewer.wait_for_function("document.querySelector('#scrub').value === '1'")
    board = viewer.inner_text("#board")
    # the board in Japanese: no Latin letters but the players' names
    latin = re.findall(r"[A-Za-z]+", board.replace("Aiko", "").replace(BOT_NAME, ""))
    assert latin == [], latin
    shot(viewer, "rw-shared-ja-scrub-390")
    # how to play, in Japanese, citing its rules
    viewer.goto(viewer.url.split("#")[0] + f"#/rules/{GAME}")
    viewer.wait_for_selector("text=カードを引き寄せる")
    shot(viewer, "rw-howto-ja-390")
    assert page.errors == []
    json.dumps(played)


# The solo game with all four expert modules (RW-164, RW-200): the modules' choices join
# the order; a re-trigger, a meeple and a relocation are taken when offered, a
# reservation once (FIRST_ONLY), a decline only when nothing else is.
SOLO_ORDER = ["retrigger", "meeple", "relocate", "reserve", *ORDER, "decline"]
MODULES = {"long_game": True, "expert_plants": True, "expert_board": True, "expert_cards": True}
# Plants are taken whenever they can be (the expert plants' reserve, switch and
# relocate come with them); a predation card and a reservation once, as above.
SOLO_FIRST_ONLY = {"predation", "reserve"}
# The new game's seed (and its opponent's), pinned (`fix_seeds`), and the modules'
# choices its game reaches when tapped this way (no one seed reaches all four).
SEEDS = {26: {"relocate", "retrigger"}, 25: {"meeple", "reserve", "decline"}}
MODULE_MOVES = {"retrigger", "meeple", "relocate", "reserve", "decline"}


@pytest.mark.parametrize("seed", list(SEEDS))
def test_solo_game_with_all_modules(server, new_context, seed):
    """A solo game (1 player: you and the opponent) with all four modules at 390 × 844,
    tapped to its end, the modules' choices included: the opponent's board and pile
    shown (the pile's cards never named), one undo, the end screen's multiplier and
    result, in en and ja."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    fix_seeds(page, seed, seed)
    new_game(page, GAME, ["human"], names=["Aiko"], options=MODULES)
    shot(page, "rw-solo-start-390")
    wait_turn(page)
    # the expert side: three fields beyond its boundary are not drawn (35 - 3)
    assert page.locator("#board [data-stage=acting] .rw-board [data-field]").count() == 32
    others = page.inner_text("#board details.others", timeout=5_000)
    assert "Opponent" in others and "face-down pile" in others, others
    first, offered = seq(page), board_moves(page)
    assert tap_once(page, SOLO_ORDER)[0] == "play"
    page.wait_for_selector("#undo:enabled")
    page.click("#undo")
    page.wait_for_function(
        "(s) => Number(document.querySelector('#turn').dataset.seq) === s", arg=first + 2
    )
    wait_idle(page)
    assert board_moves(page) == offered
    played: list[tuple[str, str, int]] = []
    order = SOLO_ORDER
    while True:
        wait_turn(page)
        if page.query_selector("#end-screen"):
            break
        check_screen(page, played)
        phase = page.get_attribute("#board", "data-phase") or ""
        if phase in MODULE_MOVES and phase not in SHOWN:
            SHOWN.add(phase)
            shot(page, f"rw-solo-{phase}-390")
        played.append(tap_once(page, order, set(ONCE)))
        if played[-1][0] in SOLO_FIRST_ONLY:
            order = [kind for kind in order if kind != played[-1][0]] + [played[-1][0]]
        assert len(played) < 400, "the game did not end"
    kinds = {kind for kind, _, _ in played}
    assert {"play", "place", "wildlife", "end"} | SEEDS[seed] <= kinds, kinds
    end = page.inner_text("#end-screen")
    # all four modules: the opponent's points count double (RW-230), said with the numbers
    said = re.search(
        r"Opponent: (\d+)★ — its (\d+)★, end-game effects included, ×2 rounded up", end
    )
    assert said and int(said[1]) == 2 * int(said[2]), end
    assert "You beat the opponent." in end or "The opponent wins (it wins ties)." in end, end
    # one player against the rules: won or lost, never "the table"
    headline = page.inner_text("#winners")
    assert headline == ("You won!" if "You beat the opponent." in end else "You lost."), headline
    scores = page.inner_text("#end-screen table.scores")  # no winner's star beside a loss
    assert ("★" in scores) == (headline == "You won!"), scores
    # the opponent ranks in the table too, with the score the trail gives it
    rows = score_rows(page)
    assert [rank for rank, _, _ in rows] == ["1", "2"], rows
    assert rows[1 if headline == "You won!" else 0][1:] == ["Opponent", said[1]], rows
    log = page.inner_text("#move-log")
    assert "The opponent drew" in log, log[:500]
    assert sideways_overflow(page) <= 0
    shot(page, f"rw-solo-end-{seed}-390")
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.querySelector('#end-screen')?.innerText.includes('対戦相手')")
    end = page.inner_text("#end-screen")
    said = re.search(r"対戦相手：(\d+)★（ゲーム終了時効果を含む勝利点(\d+)★×2、端数繰り上げ）", end)
    assert said and int(said[1]) == 2 * int(said[2]), end
    assert "あなたが対戦相手に勝ちました" in end or "同点の場合は対戦相手の勝ち" in end
    assert "対戦相手が" in page.inner_text("#move-log")
    assert sideways_overflow(page) <= 0
    shot(page, f"rw-solo-end-ja-{seed}-390")
    assert page.errors == []
