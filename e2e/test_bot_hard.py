"""A whole game against the "hard" bot at 390 × 844 with the network off: the search
runs in the engine worker (Pyodide), the screen stays live while it thinks, and the
game ends on the results."""

from __future__ import annotations

import pytest
from conftest import PHONE_390, open_app, shot, wait_sw
from helpers import click_move, game_rows, move_types, pass_cover

# Until the person has a move to make, or the game is over (the bot may think a while).
HUMAN_OR_END = """() => document.querySelector('#end-screen')
  || document.querySelectorAll('#move-list button').length > 0"""


# a whole game against the search bot (~50 s); test_bot_cancel runs it in the default run
@pytest.mark.slow
def test_a_game_against_hard_offline_at_phone_size(server, new_context):
    ctx = new_context(PHONE_390)
    page = open_app(ctx.new_page(), server.url)
    wait_sw(page)
    server.stop()
    ctx.set_offline(True)
    page.goto(server.url + "/#/new")
    page.wait_for_selector("#ng-create")
    page.select_option("#ng-game", "tulikko")
    page.select_option("#ng-players", "2")
    page.select_option("#ng-seat-0-kind", "human")
    page.select_option("#ng-seat-1-kind", "bot")
    page.select_option("#ng-seat-1-bot", "hard")
    assert page.eval_on_selector("#ng-seat-1-bot", "el => el.selectedOptions[0].text") == (
        "Hard bot"
    )
    game_id = new_game_started(page)
    moves = 0
    while not page.query_selector("#end-screen"):
        page.wait_for_function(HUMAN_OR_END, timeout=120_000)
        if page.query_selector("#end-screen"):
            break
        pass_cover(page)
        if move_types(page):
            click_move(page, 0)
            moves += 1
        assert moves < 400, "the game did not end"
    shot(page, "bot-hard-end-phone")
    row = next(r for r in game_rows(page) if r["id"] == game_id)
    assert row["bots"] == [None, "hard"]
    assert page.errors == []


def new_game_started(page) -> str:
    """Start the form filled in by hand (helpers.new_game cannot pick a bot level)."""
    page.select_option("#ng-takeback", "casual")
    page.click("#ng-create")
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#turn")
    return page.url.split("#/game/")[1]
