"""A hint (issue #38, "Teach and help"): at a casual table the player to move may ask
for the easy bot's move; it is marked on screen and named in words, never played, and
the log says a hint came before the move that followed. A strict table has none."""

from __future__ import annotations

from conftest import PHONE_390, open_app, shot
from helpers import new_game, wait_idle, wait_played


def test_a_hint_is_shown_not_played_and_the_log_says_so(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(page, "tulikko", ["human", "bot"], names=["Aiko"])
    wait_idle(page)
    before = page.get_attribute("#turn", "data-seq")
    page.click("#hint-ask")
    page.wait_for_selector("#hint:has-text('Suggested:')")
    assert page.get_attribute("#turn", "data-seq") == before, "a hint plays nothing"
    hinted = page.eval_on_selector_all(
        ".hinted", "els => els.map(e => e.dataset.move || e.dataset.key || e.dataset.leads)"
    )
    assert hinted, "the suggested move is marked on screen"
    shot(page, "hint-shown-390")
    # the move list names the same move; playing it, the log says a hint came first
    page.click("#all-moves")
    listed = page.locator("#move-list button.hinted")
    assert listed.count() == 1
    assert page.inner_text("#hint").removeprefix("Suggested: ") == listed.inner_text()
    listed.click()
    wait_played(page, before)
    wait_idle(page)
    page.wait_for_selector("#move-log:has-text('You asked for a hint.')")

    # in Japanese, in the rulebook's language; a strict table offers none
    page.select_option("#lang-select", "ja")
    page.wait_for_selector("#hint-ask:has-text('ヒント')")
    # one subject for the two sentences, as the log says everything in Japanese
    page.wait_for_selector("#move-log:has-text('あなたはヒントを見て、')")
    page.click("#hint-ask")
    page.wait_for_selector("#hint:has-text('おすすめ：')")
    shot(page, "hint-shown-ja-390")
    new_game(page, "tulikko", ["human", "bot"], takeback="strict")
    wait_idle(page)
    assert page.query_selector("#hint-ask") is None
    assert page.errors == []
