"""A table's clock (issue #40 item 4): the host of an online table picks a time per move
and what happens when it runs out. Here a 1-second move time runs out (a test-only
choice the form gets from the test) once the guest has taken their seat (nobody's time
runs before): the bot's move for the player to move reaches both phones with its line
in the log; a table that ends instead says who ran out of time. The form's own choices
and the time left, in Japanese, too."""

from __future__ import annotations

from typing import Any

from conftest import DESKTOP, PHONE, open_app, shot
from helpers import join_game

ONE_SECOND = """() => {
  const select = document.querySelector('#ng-clock');
  select.append(new Option('1 s', '1'));
  select.value = '1';
  select.dispatchEvent(new Event('change', { bubbles: true }));
}"""


def clocked_game(page: Any, on_timeout: str) -> str:
    """A's new online table of High Card with a remote seat and a 1-second move time;
    its invitation code."""
    page.goto(page.url.split("#")[0] + "#/new")
    page.wait_for_selector("#ng-create")
    page.select_option("#ng-game", "high-card")
    page.select_option("#ng-players", "2")
    page.select_option("#ng-seat-1-kind", "remote")
    page.fill("#ng-opt-deck_size", "30")
    assert page.is_visible("#ng-clock") and page.is_hidden("#ng-timeout"), "no clock: no choice"
    page.evaluate(ONE_SECOND)
    page.select_option("#ng-timeout", on_timeout)
    page.click("#ng-create")
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#invites code")
    return page.inner_text("#invites code")


def log_says(page: Any, words: str, timeout: float = 20_000) -> None:
    """Until the move log holds a line matching `words` (a regular expression)."""
    page.wait_for_function(
        "(w) => new RegExp(w).test(document.querySelector('#move-log')?.textContent)",
        arg=words,
        timeout=timeout,
    )


def test_a_bot_moves_for_a_player_whose_time_ran_out_or_the_table_ends(server, new_context):
    a = open_app(new_context(PHONE).new_page(), server.url)
    code = clocked_game(a, "bot")
    a.wait_for_timeout(2500)  # the invitation is not used yet: nobody's time runs
    assert int(a.get_attribute("#turn", "data-seq")) == 0
    b = open_app(new_context(DESKTOP).new_page(), server.url)
    join_game(b, code, "Guest")
    # from then on, a second a turn: the bot plays A's, then B's, and so on
    log_says(b, "Player 1 ran out of time; the move was made automatically[.]")
    log_says(b, "Guest ran out of time")
    log_says(a, "(You|Player 1) ran out of time; the move was made automatically[.]")
    assert int(b.get_attribute("#turn", "data-seq")) >= 2
    shot(a, "clock-bot-phone")

    # a table that ends when the time runs out says who ran out of time, to both
    code = clocked_game(a, "abandon")
    join_game(b, code, "Guest")
    a.wait_for_selector("#abandoned", timeout=20_000)
    assert a.inner_text("#abandoned") == "The game has ended: Player 1 ran out of time."
    assert a.inner_text("#turn") == "The game is over."
    assert a.is_hidden("#clock-left")
    b.wait_for_selector("#abandoned")
    assert b.inner_text("#abandoned") == "The game has ended: Player 1 ran out of time."
    shot(a, "clock-abandoned-phone")
    assert a.errors == [] and b.errors == []


def test_the_form_offers_times_per_move_and_the_game_says_the_time_left_in_japanese(
    server, new_context
):
    a = open_app(new_context(PHONE, locale="ja-JP").new_page(), server.url)
    a.goto(server.url + "/#/new")
    a.wait_for_selector("#ng-create")
    a.select_option("#ng-game", "high-card")
    assert a.is_hidden("#ng-clock-box"), "a game on this device has no clock"
    a.set_checked("#ng-online", True)
    texts = a.eval_on_selector_all("#ng-clock option", "els => els.map(e => e.textContent)")
    assert texts == ["なし", "1時間", "1日", "3日"]
    assert a.inner_text("label[for=ng-clock]") == "持ち時間（1ターンごと）"
    a.select_option("#ng-clock", "86400")
    assert a.eval_on_selector_all("#ng-timeout option", "els => els.map(e => e.textContent)") == [
        "ボットが代わりにプレイする",
        "ルール上できればターンをとばす",
        "ゲームを終える",
    ]
    a.select_option("#ng-players", "2")
    a.select_option("#ng-seat-1-kind", "bot")  # every seat taken: the clock runs at once
    a.click("#ng-create")
    a.wait_for_url("**/#/game/**")
    a.wait_for_function(
        "/^あなたのターン：残り(23|24)時間$/.test(document.querySelector('#clock-left')?.textContent)"
    )
    shot(a, "clock-left-ja-phone")
    a.goto(server.url + "/#/")  # the home screen's list of tables says it too
    a.wait_for_function(
        "/残り(23|24)時間/.test(document.querySelector('#inbox .inbox-clock')?.textContent)"
    )
    assert a.errors == []
