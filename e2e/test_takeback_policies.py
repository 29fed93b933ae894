"""Undo between two phones, at a table of each take-back policy (issue #36): at every
step of a whole game, on both phones, Undo is enabled exactly when the server would
take it (done at once, or asked of the other player) — the button reads the server's
answer (the seat's view's `undo`), it does not guess. The server's side (that answer
equals what a take-back then gets, every policy, every step) is
tests/server/test_api.py's."""

from __future__ import annotations

from typing import Any

import httpx
from conftest import DESKTOP, PHONE, open_app
from helpers import click_move, game_rows, join_game, new_game, wait_idle


def server_would_take(url: str, page: Any, table_url: str) -> bool:
    """What the server says of this phone's seat's undo at the table A has open now
    (that seat's view's `undo`)."""
    game_id = table_url.split("#/game/hosted-")[1].rsplit("-", 1)[0]
    (row,) = [r for r in game_rows(page) if r.get("hosted", {}).get("gameId") == game_id]
    hosted = row["hosted"]
    view = httpx.get(
        f"{url}/api/games/{hosted['gameId']}/view",
        headers={"Authorization": f"Bearer {hosted['token']}"},
    ).json()
    undo = view.get("undo") or {}
    return bool(undo.get("allowed") or undo.get("ask"))


def undo_enabled(page: Any) -> bool:
    return not page.is_disabled("#undo")


def test_undo_is_enabled_exactly_when_the_server_would_take_it(server, new_context):
    a = open_app(new_context(PHONE).new_page(), server.url)
    b = open_app(new_context(DESKTOP).new_page(), server.url)
    for policy in ("casual", "friendly", "strict"):  # a table of each, the same two phones
        new_game(a, "high-card", ["human", "remote"], options={"deck_size": 4}, takeback=policy)
        a.wait_for_selector(".invites code")
        join_game(b, a.inner_text(".invites code"), "Guest")
        steps = 0
        enabled_seen = set()
        while not a.query_selector("#end-screen"):
            for page in (a, b):
                wait_idle(page)
                # the screen follows the server's answer within a moment of each change
                for _ in range(50):
                    expected = server_would_take(server.url, page, a.url)
                    if undo_enabled(page) == expected:
                        break
                    page.wait_for_timeout(100)
                assert undo_enabled(page) == expected, (policy, steps, page is a)
                enabled_seen.add(expected)
            click_move(a if a.query_selector("#move-list button") else b, 0)
            steps += 1
            assert steps < 40, "the game goes on too long"
        assert steps > 3
        # a strict table never takes a move back; the others do, now and then
        assert enabled_seen == ({False} if policy == "strict" else {False, True}), (
            policy,
            enabled_seen,
        )
    assert a.errors == [] and b.errors == []
