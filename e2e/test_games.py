"""Both titles played to the end through the UI: a human seat (the test taps moves) and
a bot; the end screen shows the scores and the scoring trail. Screenshots of the board
and the end screen, phone and desktop."""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE, open_app, shot
from helpers import (
    DUCKS_ORDER,
    FIRST_ONLY,
    TULIKKO_ORDER,
    board_moves,
    new_game,
    play_until_over,
    wait_idle,
)

# Moves a player would rather make: the tapping kit's orders (they keep a game short),
# the Gift Shop's food pick left to the end (the kit's player takes it once only).
DUCKS_PREFERENCE = [kind for kind in DUCKS_ORDER if kind not in FIRST_ONLY]
TULIKKO_PREFERENCE = TULIKKO_ORDER


def prefer(order):
    def choose(types):
        for kind in order:
            if kind in types:
                return types.index(kind)
        return 0

    return choose


CASES = {
    "tulikko": (TULIKKO_PREFERENCE, PHONE, "tulikko-phone"),
    "ducks-in-tow": (DUCKS_PREFERENCE, DESKTOP, "ducks-desktop"),
}


@pytest.mark.parametrize("game", list(CASES))
def test_full_game(server, new_context, game):
    order, viewport, name = CASES[game]
    page = open_app(new_context(viewport).new_page(), server.url)
    new_game(page, game, ["human", "bot"])
    assert page.query_selector("svg"), "the board is drawn as SVG"
    assert board_moves(page), "legal moves are highlighted on the board"
    shot(page, f"{name}-board")
    moves = play_until_over(page, prefer(order), limit=400)
    assert moves > 5
    end = page.inner_text("#end-screen")
    assert "Winner" in end or "table" in end
    assert page.query_selector(".trail"), "the scoring trail is shown"
    assert page.is_disabled("#undo")
    assert "over" in page.inner_text("#undo-reason")
    shot(page, f"{name}-end")
    if game == "tulikko":  # on a phone each final map has the full width, none squeezed
        row = page.eval_on_selector(".tul-maps", "e => e.getBoundingClientRect().width")
        widths = page.eval_on_selector_all(
            ".tul-map-box", "els => els.map((e) => e.getBoundingClientRect().width)"
        )
        assert widths and min(widths) > 0.9 * row, (widths, row)
    other = DESKTOP if viewport == PHONE else PHONE
    page.set_viewport_size(other)
    wait_idle(page)
    shot(page, f"{name}-end-{'desktop' if other == DESKTOP else 'phone'}")
    assert page.errors == []
