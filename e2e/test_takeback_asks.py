"""Take-backs between two people on two phones (issue #36): a take-back of the other
player's move needs their consent. The asker's Undo says whom it asks; the other
phone shows the question with Agree and Decline; a decline changes nothing, an
agreement takes the move back on both phones, and both logs say who took it back."""

from __future__ import annotations

from conftest import shot
from helpers import click_move, move_types, seq, wait_idle, wait_seq
from test_hosted import two_devices, wait_my_turn


def log_text(page) -> str:
    return page.inner_text("#move-log")


def to_bs_reply(a, b) -> None:
    """A plays a card and passes, B plays a card and passes, A plays a card: B's last
    move has A's card after it."""
    for page, moves in ((a, ("play", "pass")), (b, ("play", "pass")), (a, ("play",))):
        wait_my_turn(page)
        for kind in moves:
            before = seq(page)
            click_move(page, move_types(page).index(kind))
            wait_seq(page, before + 1)
    wait_seq(b, 5)


def test_a_take_back_of_the_others_move_asks_them_first(server, new_context):
    _ctx_a, a, _ctx_b, b = two_devices(server, new_context)
    to_bs_reply(a, b)
    # B's Undo asks A (the server's view says it may), in words
    b.wait_for_function("!document.querySelector('#undo').disabled")
    assert "Ask Player 1" in b.get_attribute("#undo", "title")
    b.click("#undo")
    b.wait_for_function("document.querySelector('#undo').disabled")
    assert "Waiting for Player 1" in b.get_attribute("#undo", "title")
    # A's phone shows the question at once (the live socket's ring)
    a.wait_for_selector("#takeback-ask", timeout=10_000)
    assert "Guest asks to take back" in a.inner_text("#takeback-ask")
    shot(a, "takeback-ask-phone")
    shot(b, "takeback-asked-desktop")
    a.click("#ask-decline")
    a.wait_for_selector("#takeback-ask", state="detached")
    b.wait_for_function("!document.querySelector('#undo').disabled", timeout=10_000)
    assert seq(a) == seq(b) == 5, "a refusal changes nothing"

    b.click("#undo")  # asks again; this time A agrees
    a.wait_for_selector("#takeback-ask", timeout=10_000)
    a.click("#ask-agree")
    wait_seq(a, 6)
    wait_seq(b, 6)
    wait_idle(a)
    wait_idle(b)
    wait_my_turn(b)
    shot(a, "takeback-taken-phone")
    for page in (a, b):  # both logs say who took it back
        assert "Guest" in log_text(page) and "took back" in log_text(page).lower()
    assert a.errors == [] and b.errors == []
