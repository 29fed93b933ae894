"""The guided first game (issue #38, "A first game that teaches"): for every title, on a
fresh device, home offers "Learn <title>"; the guide's steps are followed to the end at
390 x 844 by tapping what they point at and making the moves they ask for, on the
board as usual: each step's words (the title's strings, English or Japanese) are shown,
what it points at is on screen above the bottom bar and never under the callout, a
move the step did not ask for is said to be so (Undo takes it back), and once finished
the guide is gone, also after a reload, and home offers it no more. Skip ends it at
once, for good, and How to play offers it again on demand."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from conftest import ARTIFACTS, PHONE_390, open_app, wait_engine
from helpers import wait_idle

ROOT = Path(__file__).resolve().parent.parent
TITLES = ROOT / "web" / "src" / "titles"

# title -> the language its guide is followed in (both are read: each title shows one
# step in Japanese for the screenshot)
LANGS = {
    "tulikko": "en",
    "ducks-in-tow": "en",
    "valley-of-the-torii": "ja",
    "whispering-woods": "ja",
    "rewild-south-america": "ja",
}


KEPT = {
    "en": "That was not the move this step asks for. It cannot be taken back: "
    "the guide waits for its move.",
    "ja": "このステップで求めている操作ではありません。"
    "この操作は取り消せないため、ガイドは求めている操作を待ちます。",
}


def guide_words(game: str, lang: str) -> dict[str, str]:
    """The guide's step words of `game` in `lang`, by step name (titles/<id>/strings.js)."""
    source = (TITLES / game / "strings.js").read_text()
    part = (
        source.split("export const ja")[1] if lang == "ja" else source.split("export const ja")[0]
    )
    pairs = re.findall(rf"'guide\.{re.escape(game)}\.(\w+)': '((?:[^'\\]|\\.)*)'", part)
    return {key: text.replace("\\'", "'") for key, text in pairs}


def guide_keys(game: str) -> list[str]:
    """The steps' string keys in order (titles/<id>/guide.js)."""
    source = (TITLES / game / "guide.js").read_text()
    return re.findall(rf"say: 'guide\.{re.escape(game)}\.(\w+)'", source)


# Where the step's callout and what it points at stand on screen (px, viewport).
WHERE = """() => {
  const g = document.querySelector('#guide');
  const bar = document.querySelector('#game-bar').getBoundingClientRect().top;
  const c = g.getBoundingClientRect();
  const out = { callout: [c.top, c.bottom], bar, point: g.dataset.point };
  if (g.dataset.point) {
    const rects = [...document.querySelectorAll(g.dataset.point)]
      .map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
    out.target = [Math.min(...rects.map((r) => r.top)), Math.max(...rects.map((r) => r.bottom))];
  }
  return out;
}"""


def check_placement(page: Any, step: int) -> None:
    page.wait_for_timeout(120)  # the callout placed after the redraw and its scroll
    where = page.evaluate(WHERE)
    top, bottom = where["callout"]
    assert top >= 0 and bottom <= where["bar"] + 1, (step, where)
    if where.get("target"):
        t_top, t_bottom = where["target"]
        assert t_top >= 0 and t_bottom <= where["bar"] + 1, (step, "target off screen", where)
        assert bottom <= t_top + 1 or top >= t_bottom - 1, (
            step,
            "the callout covers the target",
            where,
        )


def seq(page: Any) -> str:
    return str(page.get_attribute("#turn", "data-seq"))


def tap_first(page: Any, selector: str) -> None:
    page.locator(f"{selector} >> visible=true").first.click()


def make_move(page: Any, game: str) -> None:
    """The move the step asks for, tapped on the board as a player would: what the guide
    marks (`.guide-move`), a first tap of a choice in several taps too."""
    before = seq(page)
    if game == "whispering-woods":  # the market tile first, then where it goes
        tap_first(page, "#board .ww-market-tile.legal")
    for _ in range(6):
        page.wait_for_selector("#board .guide-move >> visible=true")
        tap_first(page, "#board .guide-move")
        page.wait_for_timeout(150)
        if seq(page) != before:
            break
    page.wait_for_function("(b) => document.querySelector('#turn')?.dataset.seq !== b", arg=before)
    wait_idle(page)


def wrong_move(page: Any, game: str) -> None:
    """A move the step did not ask for: the guide says so and waits; Undo takes it back."""
    wait_idle(page)  # the language switch just before redraws the screen: tap the new board
    before = seq(page)
    if game == "ducks-in-tow":  # asked: move to the Willow Tree; made: Feed where it stands
        page.click("#board [data-type=feed]")
    else:  # Whispering Woods, asked: a forest tile; made: a mission tile
        tap_first(page, "#board .ww-market-tile.legal")
        page.click("#board .ww-side[data-kind=mission]")
        tap_first(page, "#board .ww-open")
    page.wait_for_selector("#guide-note:not([hidden])")
    page.screenshot(path=str(ARTIFACTS / f"guide-{game}-not-that-390.png"))
    step = page.get_attribute("#guide", "data-step")
    assert seq(page) != before
    wait_idle(page)
    assert page.get_attribute("#guide", "data-step") == step, "the guide waits for its move"
    if page.is_disabled("#undo"):  # it showed hidden things (a market refilled): it stays
        assert (
            page.inner_text("#guide-note") == KEPT[page.evaluate("document.documentElement.lang")]
        )
        return  # the guide waits for its move, next turn
    after = seq(page)
    page.click("#undo")  # a take-back is an entry of the record too: the seq moves on
    page.wait_for_function("(b) => document.querySelector('#turn')?.dataset.seq !== b", arg=after)
    wait_idle(page)
    page.wait_for_selector("#guide-note", state="hidden")


def follow(page: Any, game: str, lang: str) -> None:
    """Every step of the game's guide, to its end."""
    keys = guide_keys(game)
    words = guide_words(game, lang)
    assert 3 <= len(keys) <= 6 and set(keys) <= set(words), (keys, words)
    shown_ja = False
    for step, key in enumerate(keys):
        page.wait_for_selector(f"#guide[data-step='{step}']")
        assert page.inner_text("#guide-words") == words[key], (game, step)
        assert not re.search(r"[A-Z]{2,}-?\d|\{|\}|undefined", words[key]), words[
            key
        ]  # words, never ids
        check_placement(page, step)
        waits = page.get_attribute("#guide", "data-wait")
        if waits == "move" and not shown_ja:
            shown_ja = True
            # one step of every title seen in Japanese (a redraw resumes the guide)
            if lang != "ja":
                page.select_option("#lang-select", "ja")
                start = guide_words(game, "ja")[key][:6]
                page.wait_for_selector(
                    f"#guide[data-step='{step}'] #guide-words:has-text('{start}')"
                )
            check_placement(page, step)
            page.screenshot(path=str(ARTIFACTS / f"guide-{game}-ja-390.png"))  # the screen as seen
            if lang != "ja":
                page.select_option("#lang-select", lang)
                page.wait_for_selector(
                    f"#guide[data-step='{step}'] #guide-words:has-text('{words[key][:8]}')"
                )
            if game in ("ducks-in-tow", "whispering-woods"):
                wrong_move(page, game)
        if waits == "move":
            make_move(page, game)
        else:
            last = step == len(keys) - 1
            assert page.is_visible("#guide-skip") != last, "Skip at every step but the last"
            page.click("#guide-next")
    page.wait_for_selector("#guide", state="detached")


def assert_gone_after_reload(page) -> None:
    """The game reopened (a reload): its guide does not come back."""
    page.reload()
    wait_engine(page)
    page.wait_for_selector("#turn")
    wait_idle(page)
    assert page.query_selector("#guide") is None


def test_the_guided_first_game_of_every_title(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.wait_for_selector("#guide-offers:not([hidden])")
    offered = page.eval_on_selector_all(
        "#guide-offers button", "els => els.map((e) => e.dataset.game)"
    )
    assert sorted(offered) == sorted(LANGS), offered
    for game, lang in LANGS.items():
        page.goto(server.url + "/#/")
        page.select_option("#lang-select", lang)
        page.click(f"#guide-offers button[data-game='{game}']")
        page.wait_for_url("**/#/game/**")
        wait_idle(page)
        follow(page, game, lang)
        # gone for good: not on reopening the game, nor offered at home
        assert_gone_after_reload(page)
    page.goto(server.url + "/#/")
    page.wait_for_selector("#new-game")
    assert page.is_hidden("#guide-offers")
    assert page.errors == []


def test_skip_ends_the_guide_for_good(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.select_option("#lang-select", "ja")
    page.wait_for_selector("#guide-offers h2:has-text('ゲームを覚える')")
    page.screenshot(path=str(ARTIFACTS / "guide-offers-ja-390.png"))
    page.select_option("#lang-select", "en")
    page.click("#guide-offers button[data-game='tulikko']")
    page.wait_for_selector("#guide[data-step='0']")
    page.click("#guide-next")
    page.wait_for_selector("#guide[data-step='1']")
    page.click("#guide-skip")
    page.wait_for_selector("#guide", state="detached")
    assert_gone_after_reload(page)
    page.goto(server.url + "/#/")
    page.wait_for_selector("#guide-offers button[data-game='ducks-in-tow']")
    assert page.query_selector("#guide-offers button[data-game='tulikko']") is None
    # How to play offers it again, on demand
    page.goto(server.url + "/#/rules/tulikko")
    page.click("button.guide-offer[data-game='tulikko']")
    page.wait_for_selector("#guide[data-step='0']")
    assert page.errors == []
