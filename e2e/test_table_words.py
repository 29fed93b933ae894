"""What a player met around the table (#38 items 5 and 10).

- How to play says words: no rule IDs (TOR-001, TOR-004…) after every point; a point's
  IDs are its tooltip and the anchors "Why?" lands on, and the point looked up shows them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import PHONE_390, open_app

RULE_ID = re.compile(r"\b[A-Z]{2,3}-(?:GAP)?\d{2,3}\b")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_page_shows_words_not_rule_ids(server: Any, new_context: Any, lang: str) -> None:
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.select_option("#lang-select", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    for game in ["valley-of-the-torii", "tulikko", "ducks-in-tow"]:
        page.goto(server.url + f"/#/rules/{game}")
        page.wait_for_selector(f"#rules-summary[data-game='{game}']")
        shown = page.inner_text("#rules-summary") + page.inner_text(".note")
        assert RULE_ID.findall(shown) == [], game
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
