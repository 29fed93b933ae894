"""core.browser's review ops (issue #41): review_begin / review_step / review_result /
review_cancel, the game review (core/kernel/review.py) run in slices through the door.

The review itself is tested in tests/kernel/test_review.py (determinism, never peeking);
here: the door's slices give the bytes of `review()` in one go, it passes `seats`,
`seed` and the budget through, and a review is one per open game, dropped when the game
moves on or closes.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from core import browser, games
from core.kernel import Rng, Timeline, encode_record, new_record, play_bots, random_bot
from core.kernel.review import Budget, encode_review, review
from tests.kernel.fixture_game import GAME

games.register(GAME)

SMALL = {"worlds": 2, "effort": 200, "candidates": 2}
BUDGET = Budget(worlds=2, effort=200, candidates=2)
TITLE = "ducks-in-tow"


@cache
def played(moves: int = 10) -> Timeline[Any, Any, Any]:
    game = games.get(TITLE)
    timeline = Timeline(game, new_record(game, record_id="rv", seats=2, seed=3))
    play_bots(
        timeline, {0: game.bots()["greedy"], 1: random_bot}, Rng.seeded(3, 7), max_entries=moves
    )
    return timeline


def call(engine: browser.Engine, op: str, **fields: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(engine.handle(json.dumps({"op": op, **fields})))
    return reply


def ok(engine: browser.Engine, op: str, **fields: Any) -> Any:
    reply = call(engine, op, **fields)
    assert reply["ok"], reply
    return reply["result"]


def opened() -> browser.Engine:
    engine = browser.Engine()
    ok(engine, "load", record_json=encode_record(played().record).decode())
    return engine


def result_bytes(engine: browser.Engine) -> bytes:
    """review_result's Review as the door wrote it (the reply's `result`, untouched)."""
    text = engine.handle(json.dumps({"op": "review_result", "record_id": "rv"}))
    head, tail = '{"ok":true,"result":', "}"
    assert text.startswith(head) and text.endswith(tail), text[:200]
    return text[len(head) : -len(tail)].encode()


def test_slices_give_the_bytes_of_one_go() -> None:
    engine = opened()
    begun = ok(engine, "review_begin", record_id="rv", **SMALL)
    total = len(played().record.entries)
    assert begun == {"done": 0, "total": total}
    done = 0
    for moves in (1, 0, 3, 2, 50):
        now = ok(engine, "review_step", record_id="rv", moves=moves)
        assert now["total"] == total and done <= now["done"] <= total
        done = now["done"]
    assert done == total
    assert result_bytes(engine) == encode_review(review(played(), budget=BUDGET))


def test_result_reviews_what_is_left() -> None:
    engine = opened()
    ok(engine, "review_begin", record_id="rv", **SMALL)
    ok(engine, "review_step", record_id="rv", moves=2)
    assert result_bytes(engine) == encode_review(review(played(), budget=BUDGET))


def test_seats_and_seed_pass_through() -> None:
    engine = opened()
    begun = ok(engine, "review_begin", record_id="rv", seats=[1], seed=99, **SMALL)
    ones = [e for e in played().record.entries if e.seat == 1]
    assert begun["total"] == len(ones) > 0
    expected = review(played(), seats=[1], seed=99, budget=BUDGET)
    got = result_bytes(engine)
    assert got == encode_review(expected)
    assert {entry["seat"] for entry in json.loads(got)["entries"]} == {1}
    assert json.loads(got)["seed"] == 99


def test_the_default_seed_is_fixed() -> None:
    first, second = opened(), opened()
    for engine in (first, second):
        ok(engine, "review_begin", record_id="rv", **SMALL)
    assert result_bytes(first) == result_bytes(second)
    assert json.loads(result_bytes(first))["seed"] == 0


def test_a_move_a_close_or_a_cancel_drops_it() -> None:
    engine = browser.Engine()
    ok(engine, "new", game=TITLE, seats=2, seed=5, record_id="g")
    ok(engine, "bot_step", record_id="g", move_id="m1", bot="greedy")
    ok(engine, "review_begin", record_id="g", **SMALL)
    ok(engine, "bot_step", record_id="g", move_id="m2", bot="greedy")
    changed = call(engine, "review_step", record_id="g", moves=1)
    assert not changed["ok"] and "changed" in changed["error"]["message"]
    assert "review_begin first" in call(engine, "review_result", record_id="g")["error"]["message"]
    ok(engine, "review_begin", record_id="g", **SMALL)
    ok(engine, "review_cancel", record_id="g")
    assert not call(engine, "review_step", record_id="g", moves=1)["ok"]
    ok(engine, "review_begin", record_id="g", **SMALL)
    ok(engine, "close", record_id="g")
    assert not engine.reviewing


def test_a_game_with_no_judge_says_so() -> None:
    engine = browser.Engine()
    ok(engine, "new", game="high-card", seats=2, seed=5, record_id="h")
    refused = call(engine, "review_begin", record_id="h")
    assert not refused["ok"] and "no bot" in refused["error"]["message"]
