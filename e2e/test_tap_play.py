"""Whole games played at 390 × 844 by tapping the board and the controls beside it only
(never the fallback move list), checking at every step that the board, the acting
player's panel and the step's controls share the screen; then the end opens on the
results. Screenshots (phone, tablet, desktop) go to /tmp/kifu-shots."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import DESKTOP, PHONE_390, TABLET, open_app, shot
from helpers import new_game, wait_idle

# The Gift Shop's food picker is tapped once (FIRST_ONLY); after that the order keeps a
# game short (about 100 taps): buying cards again and again would stretch it past 700.
DUCKS = [
    "gift-food",
    "claim",
    "drop-off",
    "adopt",
    "keep-shaken",
    "feed",
    "take-display",
    "take-deck",
    "shake",
    "disperse",
    "discard-card",
    "return-food",
    "finish-food",
    "release-shaken",
    "stop-drawing",
    "move",
    "end-turn",
]
FIRST_ONLY = {"gift-food"}
TULIKKO = ["place-token", "place", "slide", "discard", "move-to", "end-turn", "skip-token"]

# The parts that must be on screen together: the board's main part, the acting panel
# and the step's controls (when the step has any).
IN_VIEW = """() => {
  window.scrollTo(0, 0);
  const bar = document.querySelector('#game-bar').getBoundingClientRect().top;
  const parts = {
    board: document.querySelector('#board .tul-central, #board .dit-park'),
    acting: document.querySelector('#board [data-stage=acting]'),
    controls: document.querySelector('#step-controls'),
  };
  const out = {};
  for (const [name, el] of Object.entries(parts)) {
    if (!el) { out[name] = name === 'controls' ? 'none' : 'missing'; continue; }
    const r = el.getBoundingClientRect();
    out[name] = r.top >= 0 && r.bottom <= bar + 1 && r.left >= 0 && r.right <= innerWidth + 1
      ? 'ok' : `out: ${Math.round(r.top)}..${Math.round(r.bottom)} (bar at ${Math.round(bar)})`;
  }
  return out;
}"""

# Every move the board and its controls offer: its key, type, and the picker holding it.
OFFERED = """() => [...document.querySelectorAll('#board [data-move]')].map((el, i) => {
  el.dataset.pick = String(i);
  const picker = el.closest('details.picker');
  return { i, move: JSON.parse(el.dataset.move), picker: picker ? picker.dataset.type : null,
           open: picker ? picker.open : true, control: !!el.closest('#step-controls') };
})"""


def tap_once(page: Any, order: list[str]) -> tuple[str, str]:
    """Tap the preferred move; returns (its type, where: board | control | picker)."""
    offered = page.evaluate(OFFERED)
    assert offered, f"nothing to tap: {page.inner_text('#turn')}"
    rank = {kind: n for n, kind in enumerate(order)}
    choice = min(offered, key=lambda o: (rank.get(o["move"]["type"], len(order)), o["i"]))
    if not choice["open"]:
        page.click(f"details.picker[data-type='{choice['picker']}'] > summary")
    before = page.get_attribute("#turn", "data-seq")
    page.click(f"[data-pick='{choice['i']}']")
    page.wait_for_function(
        """(b) => document.querySelector('#turn')?.dataset.seq !== b
          || document.querySelector('#move-error:not([hidden])')""",
        arg=before,
    )
    assert page.is_hidden("#move-error"), page.inner_text("#move-error")
    where = "picker" if choice["picker"] else "control" if choice["control"] else "board"
    return str(choice["move"]["type"]), where


def play_by_tapping(page: Any, order: list[str], limit: int) -> list[tuple[str, str]]:
    played: list[tuple[str, str]] = []
    while True:
        wait_idle(page)
        if page.query_selector("#end-screen"):
            return played
        if page.is_visible("#cover-ready"):
            page.click("#cover-ready")
            continue
        if page.get_attribute("#turn", "data-seat") == "":
            continue  # a bot is moving
        where = page.evaluate(IN_VIEW)
        if not all(v in ("ok", "none") for v in where.values()):
            page.screenshot(path="/tmp/kifu-shots/tap-fail.png")
        assert all(v in ("ok", "none") for v in where.values()), (where, played[-5:])
        assert page.query_selector("details.all-moves[open]") is None, "the move list stays folded"
        played.append(tap_once(page, order))
        if played[-1][0] in FIRST_ONLY:
            order = [kind for kind in order if kind != played[-1][0]]
        assert len(played) < limit, "the game did not end"


@pytest.mark.parametrize("game", ["tulikko", "ducks-in-tow"])
def test_whole_game_by_tapping(server, new_context, game):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(page, game, ["human", "bot"])
    shot(page, f"tap-{game}-start-390")
    order = TULIKKO if game == "tulikko" else DUCKS
    played = play_by_tapping(page, order, limit=400)
    kinds = {kind for kind, _ in played}
    # the steps of a turn were all taken on the board or the controls beside it
    steps = {
        "tulikko": {"place", "slide", "place-token"},
        "ducks-in-tow": {"end-turn", "return-food"},
    }
    assert steps[game] <= kinds, kinds
    wheres = {where for _, where in played}
    assert {"board", "control"} <= wheres, wheres
    if game == "ducks-in-tow":  # the Gift Shop's food is a picker's choice
        assert "picker" in wheres, kinds
    # the end opens on the results: the scores are on screen at the top
    box = page.eval_on_selector("#end-screen", "e => e.getBoundingClientRect().toJSON()")
    assert 0 <= box["top"] < 300, box
    assert page.evaluate("window.scrollY") == 0
    shot(page, f"tap-{game}-end-390")
    for name, size in (("tablet", TABLET), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        wait_idle(page)
        shot(page, f"tap-{game}-end-{name}")
    assert page.errors == []
    json.dumps(played)
