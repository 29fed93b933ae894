"""What a player met around the table (#38 items 5 and 10).

- How to play says words: no rule IDs (TOR-001, TOR-004…) after every point; a point's
  IDs are its tooltip and the anchors "Why?" lands on, and the point looked up shows them.
- Around the table: a shared replay keeps the table's title ("Sunday game"); its pause
  button is drawn (⏸ is in none of the fonts here: an empty box); a page drawn before the
  catalogue is known names the game, not its id; "Report a problem" thanks in short words
  without the report's id, above the bottom bar; a branch is not titled "X (from move 2) X".
"""

from __future__ import annotations

import re
from typing import Any

from conftest import PHONE_390, open_app
from helpers import click_move, new_game, pass_cover, play_until_over, share_link, wait_idle

RULE_ID = re.compile(r"\b[A-Z]{2,3}-(?:GAP)?\d{2,3}\b")


def test_rules_page_shows_words_not_rule_ids(server: Any, new_context: Any) -> None:
    """In English, then Japanese (one page, the language switched)."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    for lang in ("en", "ja"):
        page.goto(server.url + "/#/")
        page.select_option("#lang-select", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        for game in ["valley-of-the-torii", "tulikko", "ducks-in-tow"]:
            page.goto(server.url + f"/#/rules/{game}")
            page.wait_for_selector(f"#rules-summary[data-game='{game}']")
            shown = page.inner_text("#rules-summary") + page.inner_text(".note")
            assert RULE_ID.findall(shown) == [], (lang, game)
            assert page.locator("#rules-summary [id^='rule-']").count() > 5
        page.screenshot(path=f"/tmp/t38-rules-{lang}.png")
        # a "Why?" link's target: scrolled to, marked, and its ID shown there alone
        page.goto(server.url + "/#/rules/valley-of-the-torii?rule=TOR-044")
        page.wait_for_selector(".rule-target")
        assert "TOR-044" in page.inner_text(".rule-target")
        assert RULE_ID.findall(page.inner_text("#rules-summary")) != []
        assert page.evaluate(
            "(() => { const r = document.querySelector('.rule-target').getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= innerHeight; })()"
        )
        page.screenshot(path=f"/tmp/t38-rules-target-{lang}.png")
    assert page.errors == []


def test_shared_replay_keeps_the_title_and_draws_its_pause_button(
    server: Any, new_context: Any
) -> None:
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(
        page,
        "high-card",
        ["human", "bot"],
        options={"deck_size": 4, "hand_size": 1},
        title="Sunday game",
    )
    play_until_over(page)
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    link = share_link(page)
    viewer = open_app(new_context(PHONE_390).new_page(), server.url, "/" + link.split("/", 3)[3])
    viewer.wait_for_selector("#end-screen")
    assert "Sunday game" in viewer.inner_text(".game-title")
    viewer.wait_for_function("document.querySelector('.game-head').innerText.includes('High Card')")
    viewer.wait_for_selector("#autoplay[aria-label='Play the replay'] svg")
    viewer.select_option("#autoplay-speed", "0.5")
    viewer.click("#autoplay")
    viewer.wait_for_selector("#autoplay[aria-label='Pause']")
    # the icon is a drawing, not a glyph a font may lack
    assert viewer.eval_on_selector("#autoplay", "b => b.textContent.trim()") == ""
    assert viewer.eval_on_selector("#autoplay svg path", "p => p.getBBox().width") > 5
    viewer.screenshot(path="/tmp/t38-replay-pause.png")
    assert page.errors == [] and viewer.errors == []


def test_first_visit_names_the_game_not_its_id(server: Any, new_context: Any) -> None:
    page = new_context(PHONE_390).new_page()
    page.route("**/api/catalogue", lambda route: route.abort())
    page.goto(server.url + "/#/rules/tulikko")
    page.wait_for_selector("#rules-title")
    assert page.inner_text("#rules-title") == "How to play Tulikko"
    page.screenshot(path="/tmp/t38-first-visit.png")


def test_report_thanks_above_the_bar_and_a_branch_title_once(server: Any, new_context: Any) -> None:
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(page, "high-card", ["human", "human"], options={"deck_size": 20})
    for _ in range(3):
        pass_cover(page)
        click_move(page, 0)
    pass_cover(page)
    page.click("#report")
    page.wait_for_selector("#report-dialog[open]")
    page.click("#report-send")
    toast = page.wait_for_selector(".toast:has-text('was sent')")
    text = toast.inner_text()
    assert not re.search(r"[0-9a-f]{8}", text), text
    assert "nothing more to do" in text
    box = toast.bounding_box()
    bar = page.locator("#game-bar").bounding_box()
    assert box["y"] + box["height"] <= bar["y"], (box, bar)
    page.screenshot(path="/tmp/t38-report-toast.png")
    # a branch: its title says where it came from, and the game's name once
    page.click("#scrub-first")
    page.click("#scrub-next")
    page.click("#scrub-next")
    page.wait_for_function("document.querySelector('#scrub').value === '2'")
    original = page.url
    page.click("#play-from-here")
    page.wait_for_function("(u) => location.href !== u", arg=original)
    wait_idle(page)
    head = page.inner_text(".game-head")
    assert head.count("High Card") == 1, head
    assert "from move 2" in head
    page.screenshot(path="/tmp/t38-branch.png")
    assert page.errors == []
