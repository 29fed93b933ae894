"""Every tap gets an answer (#38 items 1 and 2), at 390 × 844.

- Valley of the Torii: a placement that completes a ≠ line offering several seals is
  highlighted on the board like any other; a tap on its slot chooses it and the seals
  are offered beside the board; a tap on one plays the placement with that seal (it was
  reachable only through a folded 「配置して刻印を選ぶ（3）」 picker).
- A tap that plays nothing (an illegal space in Tulikko and in Torii, a tile of Ducks in
  Tow's park the pawn cannot reach, a disabled Undo) shows why in words, next to the
  finger, inside the viewport, within a second: the rule's wording (a local game asks its
  engine), never a rule ID or an internal slot name, in English and in Japanese.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import PHONE_390, open_app
from helpers import fix_seeds, new_game, wait_idle
from test_title_valley_of_the_torii import bot_record, open_record, tap

SHOTS = Path("/tmp/kifu-shots")
RULE_ID = re.compile(r"[A-Z]{2,4}-\d{3}")
INTERNAL = re.compile(r"\br\dc\d\b")  # a slot by its internal id


def bubble(page: Any, timeout: float = 1000) -> dict[str, Any]:
    """The refusal on screen (within `timeout` ms of the tap): its words and its box."""
    page.wait_for_selector("#refusal", state="visible", timeout=timeout)
    got: dict[str, Any] = page.eval_on_selector(
        "#refusal",
        """el => ({ text: el.innerText, box: el.getBoundingClientRect().toJSON(),
                    link: el.querySelector('a')?.getAttribute('href') || '' })""",
    )
    return got


def assert_readable(got: dict[str, Any], *words: str) -> None:
    box, text = got["box"], got["text"].strip()
    assert text, got
    assert box["left"] >= 0 and box["top"] >= 0, got
    assert box["right"] <= PHONE_390["width"] and box["bottom"] <= PHONE_390["height"], got
    assert not RULE_ID.search(text) and not INTERNAL.search(text), text
    for word in words:
        assert word in text, (word, text)


def position_of(page: Any, selector: str, within: str = "#game-bar .scrub-row") -> dict[str, float]:
    """The centre of `selector` relative to `within` (a tap on a disabled button lands on
    what holds it: Playwright will not click a disabled button itself)."""
    box = page.eval_on_selector(selector, "el => el.getBoundingClientRect().toJSON()")
    outer = page.eval_on_selector(within, "el => el.getBoundingClientRect().toJSON()")
    return {
        "x": box["x"] + box["width"] / 2 - outer["x"],
        "y": box["y"] + box["height"] / 2 - outer["y"],
    }


def tap_away(page: Any) -> None:
    """A tap elsewhere (the page's heading) takes the bubble away."""
    page.click("h1.game-title")
    page.wait_for_selector("#refusal", state="detached", timeout=2000)


def test_torii_a_placement_that_gains_a_seal_is_tapped_on_its_slot(server, new_context, tmp_path):
    """Seed 29, 29 moves in (greedy bots): the first artist holds a tile whose only
    placement, row 2's second slot, completes a ≠ line offering the cherry blossom,
    mountain and water seals (three moves of one slot: TOR-061)."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    open_record(page, server, bot_record(tmp_path / "seal.kifu.json", 29, 29))
    slot = "#board .tor-acting-box [data-slot='r2c1']"
    # highlighted on the board like every legal slot; no folded picker beside it
    assert page.query_selector(f"{slot}[data-leads] .hl"), page.inner_html("#board .tor-acting-box")
    assert page.query_selector("details.picker") is None
    led = page.eval_on_selector(f"{slot}", "el => JSON.parse(el.dataset.leads).map(JSON.parse)")
    assert sorted(m["seal"] for m in led) == ["cherry", "mountain", "water"], led
    page.screenshot(path=str(SHOTS / "taps-torii-seal-before-390.png"))
    page.click(slot)
    page.wait_for_selector("#tor-seal-choice")
    options = page.eval_on_selector_all(
        "#tor-seal-choice [data-move]", "els => els.map(e => JSON.parse(e.dataset.move))"
    )
    assert sorted(m["seal"] for m in options) == ["cherry", "mountain", "water"], options
    assert page.query_selector(f"{slot} .picked")  # the chosen slot stays marked
    choice = page.eval_on_selector("#tor-seal-choice", "el => el.getBoundingClientRect().toJSON()")
    assert choice["bottom"] <= PHONE_390["height"] and choice["right"] <= PHONE_390["width"]
    page.wait_for_timeout(450)
    page.screenshot(path=str(SHOTS / "taps-torii-seal-choice-390.png"))
    # Cancel: back to choosing the slot
    page.click("#tor-seal-back")
    page.wait_for_selector("#tor-seal-choice", state="detached")
    page.click(slot)
    tap(page, "#tor-seal-choice [data-move*='\"water\"']")  # then the cover: the next seat
    log = page.inner_text("#move-log")
    assert "took the water seal" in log, log
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_torii_an_illegal_slot_says_why(server, new_context, tmp_path, lang):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.select_option("#lang-select", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    open_record(page, server, bot_record(tmp_path / "place.kifu.json", 29, 29))
    occupied, unsupported = {
        "en": ("That slot already holds a tile.", "fully supported"),
        "ja": ("すでにタイルがあります", "支え"),
    }[lang]
    before = page.get_attribute("#turn", "data-seq")
    page.click("#board .tor-acting-box [data-slot='r1c1']")  # holds a tile
    assert_readable(bubble(page), occupied)
    page.screenshot(path=str(SHOTS / f"taps-torii-occupied-390-{lang}.png"))
    # a tile of the wheels, which the artist cannot take now (a tile is in hand already)
    tap_away(page)
    page.click("#board .tor-wheels [data-wheel='large'][data-recess='0']")
    assert_readable(bubble(page))
    assert page.get_attribute("#turn", "data-seq") == before, "a refused tap plays nothing"
    # nothing below it yet; "Why?" opens How to play at the rule
    tap_away(page)
    page.click("#board .tor-acting-box [data-slot='r4c1']")
    got = bubble(page)
    assert_readable(got, unsupported)
    assert got["link"].endswith("rule=TOR-044"), got
    page.screenshot(path=str(SHOTS / f"taps-torii-unsupported-390-{lang}.png"))
    page.click("#refusal a")
    page.wait_for_url("**/#/rules/valley-of-the-torii?rule=TOR-044")
    page.wait_for_selector("#refusal", state="detached", timeout=2000)
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tulikko_an_illegal_space_and_a_disabled_undo_say_why(server, new_context, lang):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.select_option("#lang-select", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    fix_seeds(page, 7, 7)
    new_game(page, "tulikko", ["human", "bot"], takeback="strict")
    # Undo is off at this table: a tap on it says why (a disabled button gets no click)
    assert not page.is_enabled("#undo")
    page.click("#game-bar .bar-undo", position=position_of(page, "#undo", "#game-bar .bar-undo"))
    why = {"en": "does not allow take-backs", "ja": "取り消しなし"}[lang]
    got = bubble(page)
    assert_readable(got, why)
    page.screenshot(path=str(SHOTS / f"taps-undo-390-{lang}.png"))
    tap_away(page)
    # setup: the start tile goes on any space; then the revealed tile is slid in first
    page.click("#board [data-stage=acting] [data-move]")
    wait_idle(page)
    page.wait_for_selector("#board .tul-central .arrow.legal")
    before = page.get_attribute("#turn", "data-seq")
    cell = page.locator("#board [data-stage=acting] g[data-cell]").first
    cell.click()
    first = {"en": "First slide your revealed tile", "ja": "めくった森タイルを中央ボード"}[lang]
    got = bubble(page)
    assert_readable(got, first)
    page.screenshot(path=str(SHOTS / f"taps-tulikko-390-{lang}.png"))
    assert page.get_attribute("#turn", "data-seq") == before
    # the arrow of a side: legal; the other player's map: not the player's own
    tap_away(page)
    page.click("#board .tul-maps > figure:not([data-stage]) g[data-cell] >> nth=0")
    assert_readable(bubble(page), {"en": "wilderness map", "ja": "荒野マップ"}[lang])
    # the history's last step at the latest move: disabled, and says why
    tap_away(page)
    page.click("#game-bar .scrub-row", position=position_of(page, "#scrub-last"))
    assert_readable(bubble(page), {"en": "latest move", "ja": "最新の記録"}[lang])
    assert page.errors == []


def test_ducks_a_tile_the_pawn_cannot_reach_says_why(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    fix_seeds(page, 7, 7)
    new_game(page, "ducks-in-tow", ["human", "bot"])
    far = page.locator("#board .dit-park g[data-tile]:not([data-move])").last
    far.click()
    assert_readable(bubble(page))
    assert page.errors == []
