"""The game review on a finished game (issue #41): "Review the game" on the end screen
runs core's review in the engine worker in slices (a progress bar, Cancel), then shows
each player's lead over the moves as a graph with the biggest swings marked, and each
player's weakest moves in words, each with "Play from here" (a branch just before it).

The fixture game High Card has no bot that judges a position, so these tests register
it once more (the same source, the same id) with one: a `one_ply` bot whose evaluate is
the seat's score lead. Without it, the review says the game cannot be reviewed.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from conftest import ARTIFACTS, FIXTURE_SOURCE, PHONE_390, open_app, shot
from helpers import move_types, new_game, play_until_over, seq, wait_idle

JUDGED_SOURCE = (
    FIXTURE_SOURCE
    + """

from core.kernel.bots import one_ply


def _lead(state, seat):
    others = [s for i, s in enumerate(state.scores) if i != seat]
    return float(state.scores[seat] - (max(others) if others else 0))


class JudgedHighCard(HighCard):
    def bots(self):
        return {"hard": one_ply(_lead)}


GAME = JudgedHighCard()
"""
)

WORDS = {
    "en": {"start": "Review the game", "weakest": "weakest moves", "play": "Play from here"},
    "ja": {"start": "ゲームを振り返る", "weakest": "弱かった操作", "play": "ここから遊ぶ"},
}


def judged(context: Any) -> Any:
    """The context's engine worker gets High Card with a judging bot (after conftest's)."""
    engines = [{"module": "kifu_fixture_judged", "source": JUDGED_SOURCE}]
    text = json.dumps(json.dumps(engines))
    context.add_init_script(f"localStorage.setItem('kifu.extraEngines', {text});")
    return context


def review(page: Any, timeout: float = 120_000) -> float:
    """Tap "Review the game" and wait for the result; the seconds it took."""
    start = time.monotonic()
    page.click("#review-start")
    page.wait_for_selector("#review-graph", timeout=timeout)
    return time.monotonic() - start


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_review_a_finished_game_and_play_from_a_weak_move(server, new_context, lang):
    context = judged(new_context(PHONE_390, locale={"en": "en-GB", "ja": "ja-JP"}[lang]))
    page = open_app(context.new_page(), server.url)
    words = WORDS[lang]
    new_game(page, "high-card", ["human", "bot"], options={"deck_size": 12, "hand_size": 2})
    play_until_over(page)  # the lowest card every time: weak moves to find
    assert page.inner_text("#review-start") == words["start"]
    took = review(page)
    print(f"review of high-card ({seq(page)} entries, {lang}): {took:.1f} s")
    # the graph: one line per seat, the biggest swings marked
    lines = page.query_selector_all("#review-graph polyline.review-line")
    assert len(lines) == 2
    assert all(len(line.get_attribute("points").split()) > 3 for line in lines)
    assert 1 <= len(page.query_selector_all("#review-graph .review-swing")) <= 3
    assert page.is_visible("#review-graph")
    box = page.eval_on_selector("#review-graph", "el => el.getBoundingClientRect().width")
    assert 200 < box <= 390
    # the weakest moves, in words, each with "Play from here"
    seats = page.query_selector_all(".review-seat")
    assert len(seats) == 2 and words["weakest"] in seats[0].inner_text()
    items = page.query_selector_all(".review-seat[data-seat='0'] .review-weakest li")
    assert items, page.inner_text("#review")
    text = items[0].inner_text()
    assert "{" not in text and "move." not in text
    assert ("Play card" in text) if lang == "en" else ("カード" in text and "を出す" in text)
    page.eval_on_selector("#review-graph", "el => el.scrollIntoView({block: 'center'})")
    shot(page, f"review-{lang}-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # "Play from here": a new game just before that move, that seat to play it again
    target = int(items[0].get_attribute("data-seq"))
    button = items[0].query_selector(".review-play-from")
    assert button.inner_text() == words["play"]
    old_url = page.url
    button.click()
    page.wait_for_function("(u) => location.href !== u", arg=old_url)
    page.wait_for_function(
        "(n) => document.querySelector('#turn')?.dataset.seq === String(n)", arg=target - 1
    )
    wait_idle(page)
    assert not page.query_selector("#end-screen")
    assert set(move_types(page)) == {"play"}  # the human's turn: the weak move again
    shot(page, f"review-branched-{lang}-390")
    assert page.errors == []


def test_cancel_and_the_kept_result(server, new_context):
    """Cancel stops it (the start button again); a review done is kept for the session:
    back on the game, the result shows at once."""
    page = open_app(judged(new_context(PHONE_390)).new_page(), server.url)
    new_game(page, "high-card", ["human", "bot"], options={"deck_size": 40, "hand_size": 2})
    play_until_over(page)
    # Cancel tapped as soon as it shows (one task: the review cannot finish first)
    page.evaluate(
        "() => { document.querySelector('#review-start').click();"
        " document.querySelector('#review-cancel').click(); }"
    )
    page.wait_for_selector("#review-start")
    assert "cancelled" in page.inner_text("#review")
    review(page)
    url = page.url
    page.goto(url.split("#")[0] + "#/")
    page.goto(url)
    page.wait_for_selector("#review-graph", timeout=5_000)
    assert page.errors == []


def test_a_game_no_bot_can_judge_says_so(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)  # the plain fixture
    new_game(page, "high-card", ["human", "bot"], options={"deck_size": 4, "hand_size": 1})
    play_until_over(page)
    page.click("#review-start")
    page.wait_for_selector("#review-note")
    assert "cannot be reviewed" in page.inner_text("#review-note")
    assert page.errors == []


def test_review_a_finished_tulikko_game(server, new_context, tmp_path):
    """A real title: a whole Tulikko game (greedy against greedy, made here), imported,
    reviewed with the title's own judge (its hard bot's evaluate, played on)."""
    from core.games import get
    from core.kernel import Rng, Timeline, encode_record, new_record, play_bots
    from core.kernel.review import review as review_of

    game = get("tulikko")
    timeline = Timeline(game, new_record(game, record_id="tulikko-review", seats=2, seed=9))
    greedy = game.bots()["greedy"]
    play_bots(timeline, {0: greedy, 1: greedy}, Rng.seeded(9, 7), max_entries=2000)
    assert game.outcome(timeline.state) is not None
    path = tmp_path / "tulikko.kifu"
    path.write_bytes(encode_record(timeline.record, "compact", game))
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.set_input_files("#import-file", str(path))
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#review-start")
    start = time.monotonic()
    page.click("#review-start")
    page.wait_for_function("document.querySelector('#review-progress')?.value > 0")
    assert "of 81" in page.inner_text("#review-status")
    page.eval_on_selector("#review", "el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(ARTIFACTS / "review-tulikko-running-390.png"))
    page.wait_for_selector("#review-graph", timeout=300_000)
    took = time.monotonic() - start
    print(f"review of tulikko ({len(timeline.record.entries)} entries): {took:.1f} s")
    assert len(page.query_selector_all("#review-graph polyline.review-line")) == 2
    assert len(page.query_selector_all("#review-graph .review-swing")) == 3
    items = page.query_selector_all(".review-weakest li")
    assert len(items) == 6, page.inner_text("#review")  # each seat's three weakest
    assert all("{" not in item.inner_text() for item in items)
    # the same review as CPython's in one go (Pyodide, sliced): the same moves and swings
    expected = review_of(timeline).summary
    for seat in (0, 1):
        shown = page.query_selector_all(f".review-seat[data-seat='{seat}'] .review-weakest li")
        assert [int(li.get_attribute("data-seq")) for li in shown] == expected.seats[seat].weakest
    marks = page.query_selector_all("#review-graph .review-swing")
    assert [int(m.get_attribute("data-seq")) for m in marks] == expected.swings[:3]
    page.eval_on_selector("#review-graph", "el => el.scrollIntoView({block: 'center'})")
    shot(page, "review-tulikko-390")
    page.screenshot(path=str(ARTIFACTS / "review-tulikko-390-screen.png"))  # what a phone shows
    target = int(items[0].get_attribute("data-seq"))
    old_url = page.url
    items[0].query_selector(".review-play-from").click()
    page.wait_for_function("(u) => location.href !== u", arg=old_url)
    page.wait_for_function(
        "(n) => document.querySelector('#turn')?.dataset.seq === String(n)", arg=target - 1
    )
    assert page.errors == []
