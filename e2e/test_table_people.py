"""A table's people (issue #36): the invitations stand at the top of the game until
every seat is taken, a used one is gone, and each player sees who else is at the
table now (online while their device has the game open, away since when)."""

from __future__ import annotations

from conftest import DESKTOP, PHONE, open_app, shot
from helpers import click_move, join_game, move_types, new_game, seq, wait_seq


def test_invitations_first_until_used_then_who_is_here(server, new_context):
    a = open_app(new_context(PHONE).new_page(), server.url)
    new_game(a, "high-card", ["human", "remote"], options={"deck_size": 30})
    a.wait_for_selector("#invites .invites code")
    invite = a.inner_text("#invites code")
    assert a.locator("#invites").bounding_box()["y"] < a.locator("#board").bounding_box()["y"], (
        "the invitation comes before the board"
    )
    shot(a, "table-invite-top-phone")

    ctx_b = new_context(DESKTOP)
    b = open_app(ctx_b.new_page(), server.url)
    join_game(b, invite, "Guest")
    # A's invitation is used: it is gone, and Guest is at the table
    a.wait_for_selector("#invites", state="detached", timeout=15_000)
    a.wait_for_function(
        "document.querySelector('#presence [data-seat=\"1\"]')?.dataset.online === 'true'",
        timeout=15_000,
    )
    assert "Guest is here" in a.inner_text("#presence")
    assert "Player 1" in b.inner_text("#presence")  # and B sees A, by the app's name
    shot(a, "table-people-phone")
    # the same invitation again: on Guest's phone it opens Guest's game; anywhere else
    # it says, in words, that the seat is taken (it said "seat 1 has been claimed")
    game_url = b.url
    b.goto(server.url + "/#/")
    b.fill("#join-code", invite)
    b.click("#join-code ~ button[type=submit]")
    b.wait_for_url(game_url)
    c = open_app(new_context(PHONE).new_page(), server.url)
    c.fill("#join-code", invite)
    c.click("#join-code ~ button[type=submit]")
    c.click("#join-claim")
    c.wait_for_selector("#join-form ~ p.error")
    assert "has been used" in c.inner_text("#join-form ~ p.error")
    assert "seat 1" not in c.inner_text("main")
    ctx_b.close()  # Guest's phone closes the game: away, since now
    a.wait_for_function(
        "document.querySelector('#presence [data-seat=\"1\"]')?.dataset.online === 'false'",
        timeout=15_000,
    )
    assert "Guest away since" in a.inner_text("#presence")
    assert a.errors == []


BADGE = """
window.badges = [];
navigator.setAppBadge = async (n) => { window.badges.push(n); };
navigator.clearAppBadge = async () => { window.badges.push(0); };
"""


def test_the_home_inbox_puts_my_turn_first_and_the_icon_counts_it(server, new_context):
    """Two tables of A's with Guest: when Guest has moved at one, A's home lists that one
    first (its turn, since when) above the one waiting for Guest, and the installed
    app's badge counts one table waiting (Badging API)."""
    ctx_a = new_context(PHONE)
    ctx_a.add_init_script(BADGE)
    a = open_app(ctx_a.new_page(), server.url)
    codes = []
    for title in ("First table", "Second table"):
        new_game(a, "high-card", ["remote", "human"], options={"deck_size": 30}, title=title)
        a.wait_for_selector("#invites code")
        codes.append(a.inner_text("#invites code"))
    b = open_app(new_context(DESKTOP).new_page(), server.url)
    joined = []
    for code in codes:
        join_game(b, code, "Guest")
        joined.append(b.url)
    # Guest moves at the second table only (a card, then passes: A's turn there)
    b.goto(joined[1])
    b.wait_for_selector("#move-list button", state="attached")
    for kind in ("play", "pass"):
        before = seq(b)
        click_move(b, move_types(b).index(kind))
        wait_seq(b, before + 1)
    a.goto(server.url + "/#/")
    a.wait_for_function(
        "document.querySelector('#inbox .inbox-item')?.textContent.includes('Second table')"
        " && document.querySelector('#inbox .inbox-item').dataset.mine === 'true'"
        # each table's guest name arrives with that table's own refresh, in any order
        " && document.querySelector('#inbox .inbox-item:nth-child(2)')"
        "?.textContent.includes('Guest')",
        timeout=30_000,
    )
    first = a.inner_text("#inbox .inbox-item")
    assert "Your turn" in first and "since" in first  # (the fixture game's turns have no words)
    assert "Waiting for Guest" in a.inner_text("#inbox .inbox-item:nth-child(2)")
    assert "Your turn at 1 table" in a.inner_text("#inbox h2")
    assert a.evaluate("window.badges.at(-1)") == 1
    shot(a, "inbox-phone")
    assert a.errors == []
