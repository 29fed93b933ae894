"""What the game screen says while a game is played (#38 item 6, the Japanese review).

- In Japanese, no half-width : , ; ( ) beside Japanese text anywhere on the screen (its
  words and the aria-labels and tooltips the boards compose): 「タイル3: ロケーション
  タイル 鯉の池; アヒル: 黄 2」 and 「2ポイント, 横3枚・縦1段; 獲得可能」 were the
  boards' own joins. Each title is played a few steps from its first legal moves.
- Ducks in Tow shows the actions left only in the action phase, in real plurals: "1
  action(s) left" stood in the status line through the upkeep.

The string tables themselves are checked by tests/web/test_japanese.py, the end screen
and the move log's sentences by web/test/words.test.js.
"""

from __future__ import annotations

from typing import Any

from conftest import PHONE_390, open_app
from helpers import click_move, fix_seeds, move_types, new_game, pass_cover, wait_idle

# Every text of the game (the turn line, the board with the step's controls, the move
# log: lines of what they show, and their aria-labels and titles) with a half-width
# : , ; ( ) next to Japanese (a picker's count too: 「配置して刻印を選ぶ（3）」).
HALF_WIDTH = r"""() => {
  const JA = '\\u3040-\\u30ff\\u4e00-\\u9fff\\uff01-\\uff5e\\u3001\\u3002\\u300c\\u300d';
  const bad = new RegExp(`[${JA}][0-9A-Za-z]* ?[:,;()]|[:,;()] ?[0-9A-Za-z]*[${JA}]`);
  const roots = [...document.querySelectorAll('#turn, #board, #step-controls, #move-log')];
  const lines = roots.flatMap((root) => root.innerText.split('\n'));
  const attrs = roots.flatMap((root) => [root, ...root.querySelectorAll('[aria-label], [title]')])
    .flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]).filter(Boolean);
  return [...new Set([...lines, ...attrs])].filter((text) => bad.test(text));
}"""

GAMES = [
    "tulikko",
    "ducks-in-tow",
    "valley-of-the-torii",
    "whispering-woods",
    "rewild-south-america",
]


def test_japanese_screens_use_full_width_punctuation(server: Any, new_context: Any) -> None:
    """Every title in one booted page, one after another (a fresh page per title cost
    an engine boot each)."""
    page = open_app(new_context(PHONE_390, locale="ja-JP").new_page(), server.url)
    assert page.evaluate("document.documentElement.lang") == "ja"
    found: dict[str, set[str]] = {}
    for game in GAMES:
        fix_seeds(page, 5, 5, 5)
        new_game(page, game, ["human", "bot"])
        found[game] = set()
        for _ in range(10):
            pass_cover(page)
            found[game].update(page.evaluate(HALF_WIDTH))
            if page.query_selector("#end-screen") or not move_types(page):
                break
            click_move(page, 0)
    assert {game: sorted(texts) for game, texts in found.items() if texts} == {}
    assert page.errors == []


def status(page: Any) -> str:
    text: str = page.inner_text("#board .dit-status")
    return text


def test_ducks_actions_left_only_in_the_action_phase(server: Any, new_context: Any) -> None:
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    fix_seeds(page, 7, 7)
    new_game(page, "ducks-in-tow", ["human", "bot"])
    assert "4 actions left" in status(page)
    types = move_types(page)
    click_move(page, types.index("move"))  # one action
    assert "3 actions left" in status(page)
    assert "(s)" not in page.inner_text("#board")
    click_move(page, move_types(page).index("end-turn"))
    wait_idle(page)
    # the upkeep: disperse, return food, draw cards; no actions to count
    upkeep = status(page)
    assert upkeep.startswith(("Disperse", "Upkeep", "Hand limit")), upkeep
    assert "action" not in upkeep, upkeep
    assert page.errors == []
