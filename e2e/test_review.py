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
from helpers import (
    game_rows,
    move_types,
    new_game,
    pass_cover,
    play_until_over,
    seq,
    share_link,
    wait_idle,
)

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
LOCALES = {"en": "en-GB", "ja": "ja-JP"}
# a weak move's words, per language: "Move 12: …. Better: … (lost 3.5)."
ITEM_WORDS = {"en": ("Move ", "Better: "), "ja": ("件目：", "より良い操作：")}
SHARED_NOTE = {
    "en": "the server made the same review",
    "ja": "サーバーが同じ結果になることを確かめて",
}
TITLES = [
    "tulikko",
    "ducks-in-tow",
    "valley-of-the-torii",
    "whispering-woods",
    "rewild-south-america",
]


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


# -- every title, both languages; a better move played as a branch; shared reviews --------

_FINISHED: dict[str, Any] = {}


def finished_game(title: str) -> Any:
    """A whole game of `title` (greedy against greedy, two seats, made here once)."""
    if title not in _FINISHED:
        from core.games import get
        from core.kernel import Rng, Timeline, new_record, play_bots

        game = get(title)
        timeline = Timeline(game, new_record(game, record_id=f"{title}-review", seats=2, seed=9))
        greedy = game.bots()["greedy"]
        play_bots(timeline, {0: greedy, 1: greedy}, Rng.seeded(9, 7), max_entries=3000)
        assert game.outcome(timeline.state) is not None
        _FINISHED[title] = timeline
    return _FINISHED[title]


def check_review(page: Any, lang: str) -> list[Any]:
    """The review on screen: two lines, at most three swings, each seat's weakest moves in
    the language's words (no ids, no rule codes); the weakest moves' items."""
    page.wait_for_selector("#review[data-labels='done']")  # each move worded in its position
    assert len(page.query_selector_all("#review-graph polyline.review-line")) == 2
    assert 1 <= len(page.query_selector_all("#review-graph .review-swing")) <= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    items = page.query_selector_all(".review-weakest li")
    assert items, page.inner_text("#review")
    first, better = ITEM_WORDS[lang]
    for item in items:
        text = item.inner_text()
        assert first in text and better in text, text
        assert "{" not in text and "move." not in text and "rules." not in text, text
        assert "_" not in text, text  # no field names or ids
    assert "null" not in page.inner_text("#review")
    title = page.inner_text("#review-title")
    assert title == {"en": "Game review", "ja": "ゲームの振り返り"}[lang]
    return items


def play_the_better_move(page: Any, item: Any) -> None:
    """'Play from here' on a weak move, then the move the review suggests instead: a
    branch (a new game) whose next entry is the better move."""
    target = int(item.get_attribute("data-seq"))
    best = json.loads(item.get_attribute("data-best"))
    old_url = page.url
    item.query_selector(".review-play-from").click()
    page.wait_for_function("(u) => location.href !== u", arg=old_url)
    page.wait_for_function(
        "(n) => document.querySelector('#turn')?.dataset.seq === String(n)", arg=target - 1
    )
    wait_idle(page)
    pass_cover(page)
    if page.is_hidden("#move-list"):
        page.click("#all-moves")
    keys = page.eval_on_selector_all("#move-list button", "els => els.map(e => e.dataset.key)")
    index = next((i for i, key in enumerate(keys) if json.loads(key) == best), None)
    assert index is not None, (best, keys[:10])
    page.click(f"#move-list li:nth-child({index + 1}) button")
    page.wait_for_function(
        "(n) => document.querySelector('#turn')?.dataset.seq === String(n)", arg=target
    )
    assert page.is_hidden("#move-error")
    branch_id = page.url.split("#/game/")[1]
    for _ in range(50):  # the row is written as the move's answer comes in
        branch = next(r for r in game_rows(page) if r["id"] == branch_id)
        if branch["seq"] == target:
            break
        page.wait_for_timeout(100)
    assert branch["branchOf"]["seq"] == target - 1 and branch["seq"] == target


def review_title(server: Any, new_context: Any, tmp_path: Any, title: str, lang: str) -> None:
    from core.kernel import encode_record

    timeline = finished_game(title)
    path = tmp_path / f"{title}.kifu"
    path.write_bytes(encode_record(timeline.record, "compact", timeline.game))
    page = open_app(new_context(PHONE_390, locale=LOCALES[lang]).new_page(), server.url)
    page.set_input_files("#import-file", str(path))
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#review-start")
    assert page.inner_text("#review-start") == WORDS[lang]["start"]
    assert "null" not in page.inner_text("#review")
    took = review(page, timeout=600_000)
    entries = len(timeline.record.entries)
    print(f"review of {title} ({entries} entries, {lang}, PWA): {took:.1f} s")
    items = check_review(page, lang)
    page.eval_on_selector("#review-graph", "el => el.scrollIntoView({block: 'center'})")
    shot(page, f"review-{title}-{lang}-390")
    play_the_better_move(page, items[0])
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("title", TITLES)
def test_every_title_is_reviewed_and_a_better_move_played(
    server, new_context, tmp_path, title, lang
):
    """The matrix (slow): a finished game of each title, imported, reviewed in the PWA
    in English and Japanese, and the first weak move's better move played as a branch."""
    review_title(server, new_context, tmp_path, title, lang)


def test_a_finished_tulikko_game_reviewed_in_japanese_and_a_better_move_played(
    server, new_context, tmp_path
):
    """The matrix's one case in the default run."""
    review_title(server, new_context, tmp_path, "tulikko", "ja")


def test_a_finished_hosted_game_is_reviewed_and_shared_with_its_review(server, new_context):
    """A hosted game (Tulikko against the server's greedy bot) to the end: every seat holds
    the whole record then, so it is reviewed on the phone; shared, the review travels
    with it, the server recomputes it and publishes it; a fresh device opening the link
    shows the review at once (nothing recomputed), in its own language."""
    import httpx

    page = open_app(new_context(PHONE_390).new_page(), server.url)
    row_id = new_game(page, "tulikko", ["human", "bot"], bots={1: "greedy"}, online=True)
    row = next(r for r in game_rows(page) if r["id"] == row_id)
    game_id, token = row["hosted"]["gameId"], row["hosted"]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=server.url, headers=auth, timeout=30) as api:
        for n in range(500):  # the human's moves from here (the first legal one)
            view = api.get(f"/api/games/{game_id}/view").json()
            if view["outcome"] is not None:
                break
            if not view["legal_moves"]:
                time.sleep(0.05)
                continue
            body = {
                "move_id": f"t-{n}",
                "expected_seq": view["seq"],
                "move": view["legal_moves"][0],
            }
            assert api.post(f"/api/games/{game_id}/moves", json=body).status_code == 201
        else:
            raise AssertionError("the hosted game did not end")
    page.wait_for_selector("#end-screen", timeout=60_000)
    page.wait_for_selector("#review-start", timeout=60_000)  # its full record is here
    took = review(page, timeout=300_000)
    print(f"review of a hosted tulikko game ({seq(page)} entries): {took:.1f} s")
    items = check_review(page, "en")
    weakest = [int(item.get_attribute("data-seq")) for item in items]
    swings = page.eval_on_selector_all(
        "#review-graph .review-swing", "els => els.map(e => Number(e.dataset.seq))"
    )
    shot(page, "review-hosted-390")
    link = share_link(page)
    share_id = link.split("#/shared/")[1].split("?")[0]
    # the server recomputes it off the request; published once it made the same
    deadline = time.monotonic() + 240
    while True:
        public = httpx.get(f"{server.url}/api/shared/{share_id}", timeout=30).json()
        if public["review"] is not None:
            break
        assert time.monotonic() < deadline, "the shared review was not published"
        time.sleep(0.5)
    assert public["review"]["game"] == "tulikko"
    assert public["review"]["tip_hash"]
    viewer_ctx = new_context(PHONE_390, locale="ja-JP")
    viewer = open_app(viewer_ctx.new_page(), server.url, "/" + link.split("/", 3)[3])
    viewer.wait_for_selector("#review[data-source='shared'] #review-graph", timeout=60_000)
    assert not viewer.query_selector("#review-start")  # shown as sent, not recomputed
    assert SHARED_NOTE["ja"] in viewer.inner_text("#review-shared")
    shown = check_review(viewer, "ja")
    assert [int(item.get_attribute("data-seq")) for item in shown] == weakest
    marks = viewer.eval_on_selector_all(
        "#review-graph .review-swing", "els => els.map(e => Number(e.dataset.seq))"
    )
    assert marks == swings
    viewer.eval_on_selector("#review-graph", "el => el.scrollIntoView({block: 'center'})")
    shot(viewer, "review-shared-ja-390")
    assert page.errors == [] and viewer.errors == []
