"""The score so far during play (#38 item 3), at 390 × 844: every title shows each
player's score above the board, and a tap on it shows where the points came from in the
end screen's words, with the change of the last turn. A few moves a title, one context."""

from __future__ import annotations

from typing import Any

from conftest import PHONE_390, open_app
from helpers import click_move, new_game, wait_idle

# (title, language, a way to score as the end screen words it: one line of the breakdown)
TITLES = [
    ("tulikko", "en", "Animal tokens left"),
    ("ducks-in-tow", "en", "Points for rows"),
    ("valley-of-the-torii", "ja", "鳥居のセット"),
    ("whispering-woods", "ja", "完了したミッションタイル"),
    ("rewild-south-america", "en", "Scored during the game"),
]
RAW_KEYS = ("mission_vp", "row_points", "animals_left", "during_play", "end_points", "objective")


def _in_viewport(page: Any, selector: str) -> bool:
    return page.evaluate(
        """(sel) => { const el = document.querySelector(sel); if (!el) return false;
          const r = el.getBoundingClientRect();
          return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
        selector,
    )


def test_every_title_shows_the_score_so_far_and_its_breakdown(
    server: Any, new_context: Any
) -> None:
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    for game, lang, word in TITLES:
        page.goto(server.url + "/#/")
        page.select_option("#lang-select", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        new_game(page, game, ["human", "bot"])
        for _ in range(3):  # a few moves: the first listed each time (the bot answers)
            if page.query_selector("#end-screen"):
                break
            click_move(page)
        wait_idle(page)
        # always visible: at the top of the screen and still there scrolled to the bottom
        assert page.locator("#score-strip .score-seat").count() == 2, game
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert _in_viewport(page, "#score-strip"), game
        chip = page.locator("#score-strip .score-seat").first
        total = chip.locator(".score-total").inner_text()
        assert total.lstrip("-").isdigit(), (game, total)
        chip.click()
        page.wait_for_selector("#score-breakdown:not([hidden])")
        shown = page.inner_text("#score-breakdown")
        assert word in shown, (game, shown)
        assert ("Last turn" if lang == "en" else "直前のターン") in shown, (game, shown)
        assert not any(key in shown for key in RAW_KEYS), (game, shown)
        assert "null" not in shown and "undefined" not in shown, (game, shown)
        # the parts add up to the total shown on the chip
        parts = page.eval_on_selector_all(
            "#score-breakdown dd", "els => els.map(e => Number(e.textContent))"
        )
        assert sum(parts) == int(total), (game, parts, total)
        page.screenshot(path=f"/tmp/t38-score-{game}.png")
        assert _in_viewport(page, "#score-breakdown"), game
        chip.click()  # a second tap closes it
        page.wait_for_selector("#score-breakdown", state="hidden")
    assert page.errors == []
