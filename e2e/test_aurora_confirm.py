"""Tulikko: an aurora tile is used once per game (TUL-086), so a tap never spends one
without the screen saying so first (issue 38, item 7). In "place the pushed-out tile"
with the re-slide aurora in hand (TUL-092, TUL-095) the slide arrows are drawn apart
from a slide's, and a tap on one asks in words, in both languages; "Not now" plays
nothing and keeps the tile, "Use the aurora tile" plays the re-slide."""

from __future__ import annotations

import pytest
from conftest import shot
from helpers import open_imported, seq, wait_idle

from core import games
from core.kernel import Rng, Timeline, new_record
from core.kernel.compact import encode_compact

WORDS = {
    "en": ("Use your re-slide aurora tile?", "once per game", "Not now", "Use the aurora tile"),
    "ja": (
        "再スライドのオーロラタイルを使いますか？",
        "ゲームごとに一度",
        "今は使わない",
        "オーロラタイルを使う",
    ),
}


def tulikko_placing_with(aurora: str, seed: int) -> tuple[bytes, int]:
    """A Tulikko record (seeded random play, both seats human) stopped at the first
    "place the pushed-out tile" step that also offers the aurora move `aurora` (seed 1
    reaches the re-slide at seq 47, seed 27 the move-tile at seq 45)."""
    game = games.get("tulikko")
    timeline = Timeline(game, new_record(game, record_id="r-reslide", seats=2, seed=seed))
    rng = Rng.seeded(seed, stream=3)
    while timeline.to_move():
        seat = timeline.to_move()[0]
        legal = timeline.legal_moves(seat)
        kinds = {type(move).__name__ for move in legal}
        if {"Place", aurora} <= kinds:
            return encode_compact(game, timeline.record), timeline.seq
        timeline.play(seat, rng.choice(legal), move_id=f"{seed}-{timeline.seq}")
    raise AssertionError(f"seed {seed} never offered {aurora} while placing")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_reslide_asks_before_it_spends_the_aurora(server, new_context, tmp_path, lang):
    data, at = tulikko_placing_with("UseReslide", 1)
    page = open_imported(new_context, server.url, tmp_path, lang, data)
    assert seq(page) == at
    title, once, no, yes = WORDS[lang]
    # the arrows offer the re-slide, drawn apart from a slide's
    arrows = page.query_selector_all("#board .tul-central .arrow.legal")
    assert arrows, "the re-slide's arrows are on the board"
    assert all("aurora" in (a.get_attribute("class") or "") for a in arrows)
    assert page.query_selector('#board [data-move*=\'"type":"place"\']'), "placing is offered"
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"tulikko-reslide-arrows-390-{lang}")
    # a tap asks first, in words, and plays nothing
    page.click("#board .tul-central .arrow.aurora >> nth=0")
    page.wait_for_selector("#ask-first[open]")
    text = page.inner_text("#ask-first")
    assert title in text and once in text, text
    assert page.inner_text("#ask-first-no") == no
    assert page.inner_text("#ask-first-yes") == yes
    shot(page, f"tulikko-reslide-ask-390-{lang}")
    page.click("#ask-first-no")
    page.wait_for_selector("#ask-first", state="detached")
    page.wait_for_timeout(300)
    assert seq(page) == at, "Not now played nothing"
    assert page.query_selector("#board .tul-central .arrow.aurora"), "the aurora is kept"
    # asked again and agreed: the re-slide is played
    page.click("#board .tul-central .arrow.aurora >> nth=0")
    page.click("#ask-first-yes")
    page.wait_for_function("(v) => Number(document.querySelector('#turn').dataset.seq) > v", arg=at)
    wait_idle(page)
    assert page.query_selector("#board .tul-central .arrow.aurora") is None
    assert page.errors == []


def test_picking_up_a_tile_asks_before_it_spends_the_move_tile_aurora(
    server, new_context, tmp_path
):
    """The move-tile aurora (TUL-098) is spent by a tap on a placed tile: asked first."""
    data, at = tulikko_placing_with("UseMoveTile", 27)
    page = open_imported(new_context, server.url, tmp_path, "ja", data)
    assert seq(page) == at
    page.click("#board [data-move*='use-move-tile'] >> nth=0")
    page.wait_for_selector("#ask-first[open]")
    text = page.inner_text("#ask-first")
    assert "タイル移動のオーロラタイルを使いますか？" in text and "ゲームごとに一度" in text, text
    page.keyboard.press("Escape")
    page.wait_for_selector("#ask-first", state="detached")
    page.wait_for_timeout(300)
    assert seq(page) == at, "closing the question played nothing"
    page.click("#board [data-move*='use-move-tile'] >> nth=0")
    page.click("#ask-first-yes")
    page.wait_for_function("(v) => Number(document.querySelector('#turn').dataset.seq) > v", arg=at)
    assert page.errors == []
