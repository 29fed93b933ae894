"""core.browser's `screen`: one reply per change holds what the separate ops give.

The PWA's game screen asks for a `screen` with every play, undo, bot move and open
(web/src/sessions.js), so a local move is one worker round trip. Each of its parts is
checked here against the op that gave it before (summary, view, legal_moves, entries,
takeback_refusal, record), over bot play of every title, a take-back and the end.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from core import browser, games
from tests.pyodide.test_browser_facade import Door

TITLES = games.titles()


def screen(door: Door, op: str, ask: dict[str, Any], **fields: Any) -> Any:
    return door(op, screen=ask, **fields)


def expected(door: Door, rid: str, ask: dict[str, Any], perspective: int | None) -> dict[str, Any]:
    """The screen as the separate ops give it (what sessions.js asked for before)."""
    summary = door("summary", record_id=rid)
    humans = ask["humans"]
    active = next((s for s in summary["to_move"] if s in humans), None)
    seat = (
        active
        if active is not None
        else perspective
        if perspective is not None
        else (humans or [None])[0]
    )
    over = summary["outcome"] is not None
    log_seat = humans[0] if len(humans) == 1 else None
    log = door("entries", record_id=rid, seat=log_seat, redact=True)
    return {
        "summary": summary,
        "active_seat": active,
        "view_seat": seat,
        "view": door("view", record_id=rid, seat=seat),
        "legal": door("legal_moves", record_id=rid, seat=active) if active is not None else [],
        "log": log,
        "over": over,
        "record_kifu": door("record", record_id=rid, form="compact")["record_kifu"],
    }


def undo_seat(door: Door, rid: str, humans: list[int]) -> int | None:
    """Spelled out from the record: the person here whose move in effect came last."""
    record = json.loads(door("record", record_id=rid)["record_json"])
    line = door("summary", record_id=rid)["line"]
    for seq in reversed(line[1:]):
        if record["entries"][seq - 1]["seat"] in humans:
            return int(record["entries"][seq - 1]["seat"])
    return None


@pytest.mark.parametrize("game_id", TITLES)
def test_one_reply_per_move_holds_what_the_separate_ops_give(game_id: str) -> None:
    """Seat 0 is the person here, the rest are bots; the page's log is built from the
    replies' `log` parts alone and must equal the seat's redacted record at every step."""
    door = Door()
    info = games.get(game_id).info
    seats = max(2, info.min_players)
    bots = list(range(1, seats))
    ask: dict[str, Any] = {"humans": [0], "bots": bots, "since": 0}
    first = screen(door, "new", ask, game=game_id, seats=seats, seed=7, record_id="g")
    log: list[Any] = list(first["log"])
    perspective = first["view_seat"]
    steps = 0
    took_back = False
    reply = first
    while reply["summary"]["outcome"] is None and steps < 400:
        steps += 1
        want = expected(door, "g", ask, perspective)
        assert reply["summary"] == want["summary"]
        assert (reply["active_seat"], reply["view_seat"]) == (
            want["active_seat"],
            want["view_seat"],
        )
        assert reply["view"] == want["view"] and reply["legal"] == want["legal"]
        assert reply["record_kifu"] == want["record_kifu"]
        assert log == want["log"]
        who = undo_seat(door, "g", [0])
        assert reply["undo_seat"] == who
        if who is not None:
            assert reply["undo_refusal"] == door(
                "takeback_refusal", record_id="g", seat=who, bots=bots
            )
        ask = {**ask, "since": len(log), "perspective": reply["view_seat"]}
        perspective = reply["view_seat"]
        if reply["active_seat"] is not None:
            if not took_back and who is not None and reply["undo_refusal"] is None:
                reply = screen(
                    door, "undo", ask, record_id="g", seat=who, bots=bots, move_id=f"u{steps}"
                )
                took_back = True
            else:
                move = reply["legal"][steps % len(reply["legal"])]
                reply = screen(
                    door, "play", ask, record_id="g", seat=0, move=move, move_id=f"m{steps}"
                )
        else:
            reply = screen(
                door, "bot_step", ask, record_id="g", bot="random", bot_seed=3, move_id=f"b{steps}"
            )
        assert reply["entry"]["seq"] == reply["summary"]["seq"]
        if reply["log_over"]:  # the end: the whole log again, nothing redacted
            assert reply["log_since"] == 0
            log = []
        else:
            assert reply["log_since"] == len(log)  # only what the page lacks
        log += reply["log"]
    # Still running after 400 steps is fine for the long titles: the parts agreed all along.
    if reply["summary"]["outcome"] is not None:
        assert log == door("entries", record_id="g")


def test_the_log_is_sent_again_whole_when_the_game_ends_and_hides_nothing_after() -> None:
    """A finished game's entries are no longer redacted: a page holding a redacted log
    (log_over false) gets every entry again from 0; one holding the finished log gets
    only what is new."""
    door = Door()
    ask: dict[str, Any] = {"humans": [0], "bots": [1]}
    reply = screen(door, "new", ask, game="high-card", seats=2, seed=11, record_id="h")
    log = list(reply["log"])
    step = 0
    while reply["summary"]["outcome"] is None:
        step += 1
        ask = {**ask, "since": len(log), "log_over": reply["log_over"]}
        if reply["active_seat"] is not None:
            reply = screen(
                door, "play", ask, record_id="h", seat=0, move=reply["legal"][0], move_id=f"m{step}"
            )
        else:
            reply = screen(door, "bot_step", ask, record_id="h", bot_seed=1, move_id=f"b{step}")
        if reply["log_since"] == 0:
            log = []
        log += reply["log"]
    assert reply["log_over"] and reply["log_since"] == 0
    assert log == door("entries", record_id="h")  # whole: nothing is hidden at the end
    again = screen(door, "screen", {**ask, "since": len(log), "log_over": True}, record_id="h")
    assert again["log"] == [] and again["log_since"] == len(log) and again["entry"] is None


def test_a_load_and_a_redraw_give_the_screen_and_a_replay_sees_as_a_spectator() -> None:
    door = Door()
    door("new", game="high-card", seats=2, seed=5, record_id="r")
    for i in range(3):
        seat = door("summary", record_id="r")["to_move"][0]
        move = door("legal_moves", record_id="r", seat=seat)[0]
        door("play", record_id="r", seat=seat, move=move, move_id=f"m{i}")
    kifu = door("record", record_id="r", form="compact")["record_kifu"]
    door("close", record_id="r")
    hot_seat = screen(door, "load", {"humans": [0, 1]}, record_kifu=kifu)
    assert hot_seat["summary"]["seq"] == 3 and hot_seat["log"] == door(
        "entries", record_id="r", redact=True
    )
    assert hot_seat["view_seat"] == hot_seat["active_seat"] == hot_seat["summary"]["to_move"][0]
    replay = screen(
        door, "screen", {"humans": [0], "read_only": True, "record": False}, record_id="r"
    )
    assert (replay["view_seat"], replay["active_seat"], replay["legal"]) == (None, None, [])
    assert replay["view"] == door("view", record_id="r") and replay["record_kifu"] is None
    assert replay["undo_seat"] is None
    assert base64.b64decode(hot_seat["record_kifu"]) == base64.b64decode(kifu)


def test_an_op_without_screen_answers_as_before() -> None:
    """Other callers (the parity check, the benches, the sync client) keep their shapes."""
    engine = browser.Engine()
    reply = json.loads(
        engine.handle(
            json.dumps({"op": "new", "game": "high-card", "seats": 2, "seed": 1, "record_id": "x"})
        )
    )
    assert set(reply["result"]) == set(browser.GameSummary.__struct_fields__)
    bad = json.loads(
        engine.handle(
            json.dumps({"op": "screen", "record_id": "x", "screen": {"humans": [0], "nope": 1}})
        )
    )
    assert bad["error"]["kind"] == "BadRequest"


@pytest.mark.parametrize("game_id", TITLES)
def test_a_one_step_bot_begun_with_a_move_id_plays_at_once_what_bot_step_plays(
    game_id: str,
) -> None:
    """bot_begin with a move_id: a decision with nothing to slice is played in the same
    round trip, the very move begin-then-step plays; a sliced one only begins."""
    seats = max(2, games.get(game_id).info.min_players)
    one, two = Door(), Door()
    for door in (one, two):
        door("new", game=game_id, seats=seats, seed=21, record_id="g")
    for bot in browser.bots_of(games.get(game_id)):
        for step in range(3):
            tag = f"{bot}{step}"
            begun = one("bot_begin", record_id="g", bot=bot, bot_seed=step)
            if begun.get("total", 0):  # a search: sliced, never played by begin
                again = two("bot_begin", record_id="g", bot=bot, bot_seed=step, move_id=tag)
                assert again == begun
                two("bot_cancel", record_id="g")
                one("bot_cancel", record_id="g")
                break
            stepped = one("bot_step", record_id="g", bot=bot, bot_seed=step, move_id=tag)
            ask = {"humans": [0], "record": False}
            at_once = two(
                "bot_begin", record_id="g", bot=bot, bot_seed=step, move_id=tag, screen=ask
            )
            assert at_once["entry"] == stepped["entry"]
            assert at_once["summary"] == stepped["summary"]


@pytest.mark.parametrize("game_id", TITLES)
def test_why_not_names_the_rule_play_would_and_records_nothing(game_id: str) -> None:
    """`why_not` answers what `play` refuses with — the same kind, code and rule — for
    moves taken from other positions of a bot game, and null for every legal move."""
    door = Door()
    seats = max(2, games.get(game_id).info.min_players)
    door("new", game=game_id, seats=seats, seed=5, record_id="g")
    seen: list[Any] = []
    for step in range(30):
        summary = door("summary", record_id="g")
        if summary["outcome"] is not None:
            break
        seat = summary["to_move"][0]
        legal = door("legal_moves", record_id="g", seat=seat)
        for move in legal[:3]:
            assert door("why_not", record_id="g", seat=seat, move=move) is None
        for move in seen[-6:]:  # moves of earlier positions: some are refused now
            refused = door("why_not", record_id="g", seat=seat, move=move)
            after = door("summary", record_id="g")
            assert (after["seq"], after["tip_hash"]) == (summary["seq"], summary["tip_hash"])
            if refused is None:
                continue
            played = door.error("play", record_id="g", seat=seat, move=move, move_id=f"x{step}")
            assert {k: refused[k] for k in ("kind", "code", "rule_id")} == {
                k: played[k] for k in ("kind", "code", "rule_id")
            }
        other = (seat + 1) % seats
        if other not in summary["to_move"]:
            turn = door("why_not", record_id="g", seat=other, move=legal[0])
            assert turn["code"] == "not-your-turn" and turn["rule_id"]
        seen += legal[:2]
        door("bot_step", record_id="g", move_id=f"b{step}", bot_seed=step)
