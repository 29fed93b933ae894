"""How to play: #/rules/<game> in both languages, the links to it, offline after a visit."""

from __future__ import annotations

from conftest import PHONE, open_app, shot, wait_sw
from helpers import sideways_overflow


def open_rules(page, game, rule=""):
    page.goto(page.url.split("#")[0] + f"#/rules/{game}" + (f"?rule={rule}" if rule else ""))
    page.wait_for_selector(f"#rules-summary[data-game='{game}']")


def test_rules_both_games_both_languages_offline(server, new_context):
    context = new_context(PHONE)
    page = open_app(context.new_page(), server.url)
    wait_sw(page)
    for game, rule in [("tulikko", "TUL-027"), ("ducks-in-tow", "DIT-099")]:
        open_rules(page, game)
        assert page.inner_text("#rules-title").startswith("How to play")
        assert page.locator("#rules-summary section").count() >= 7
        assert page.locator(f"#rules-summary [id='rule-{rule}']").count() == 1  # "Why?" lands there
        assert sideways_overflow(page) <= 0
        shot(page, f"rules-{game}-phone")
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    page.wait_for_function(
        "document.querySelector('#rules-title')?.textContent.endsWith('の遊び方')"
    )
    assert "フォーメーションカード" in page.inner_text("#rules-summary")
    open_rules(page, "tulikko", "TUL-090")
    assert "オーロラタイル" in page.inner_text("#rules-summary")
    # the rule looked up is marked and scrolled into view
    target = page.locator(".rule-target")
    assert "TUL-090" in target.inner_text()
    assert page.evaluate(
        "(() => { const r = document.querySelector('.rule-target').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= innerHeight; })()"
    )
    assert sideways_overflow(page) <= 0
    shot(page, "rules-tulikko-phone-ja")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#rules-summary[data-game='tulikko']")
    assert page.inner_text("#rules-title").endswith("の遊び方")
    assert page.errors == []


def test_rules_links_from_new_game_and_game(server, new_context):
    page = open_app(new_context(PHONE).new_page(), server.url)
    page.goto(server.url + "/#/new")
    page.wait_for_selector("#ng-create")
    page.select_option("#ng-game", "ducks-in-tow")
    assert page.get_attribute("#ng-rules", "href") == "#/rules/ducks-in-tow"
    page.select_option("#ng-game", "high-card")  # the fixture game has no summary
    assert page.is_hidden("#ng-rules")
    page.select_option("#ng-game", "tulikko")
    assert sideways_overflow(page) <= 0
    shot(page, "rules-link-new-game-phone")
    page.select_option("#ng-players", "2")
    page.select_option("#ng-seat-0-kind", "human")
    page.select_option("#ng-seat-1-kind", "bot")
    page.click("#ng-create")
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#rules-link")
    shot(page, "rules-link-game-phone")
    page.click("#rules-link")
    page.wait_for_selector("#rules-summary[data-game='tulikko']")
    assert page.url.endswith("#/rules/tulikko")
    assert page.errors == []
