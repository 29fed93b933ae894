"""core.browser, the worker's door, on CPython: every op, and errors as replies."""

from __future__ import annotations

import json
from typing import Any

from core import browser, games
from core.kernel import bots_of, seed_commitment
from tests.kernel.fixture_game import GAME

games.register(GAME)


class Door:
    def __init__(self) -> None:
        self.engine = browser.Engine()

    def __call__(self, op: str, **fields: Any) -> Any:
        reply = json.loads(self.engine.handle(json.dumps({"op": op, **fields})))
        if not reply["ok"]:
            raise AssertionError(reply["error"])
        return reply["result"]

    def error(self, op: str, **fields: Any) -> Any:
        reply = json.loads(self.engine.handle(json.dumps({"op": op, **fields})))
        assert not reply["ok"], reply
        return reply["error"]


def new(door: Door, seed: int = 2**63 + 5) -> Any:
    return door("new", game="high-card", seats=2, seed=seed, record_id="r", created_at=1)


def test_hello_and_catalogue() -> None:
    door = Door()
    assert "high-card" in door("hello")["games"]
    entries = {info["id"]: info for info in door("catalogue")}
    assert entries["high-card"]["bots"] == ["random"]  # bots_of: 'random' plus the game's
    assert entries["high-card"]["options"][0]["name"] == "deck_size"  # GameInfo's fields
    for game_id, info in entries.items():
        assert info["bots"] == list(bots_of(games.get(game_id)))


def test_branch_keeps_the_parent_and_a_64_bit_seed() -> None:
    door = Door()
    new(door)
    moves = door("legal_moves", record_id="r", seat=0)
    door("play", record_id="r", seat=0, move=moves[0], move_id="m1")
    draw = door("legal_moves", record_id="r", seat=0)[0]
    door("play", record_id="r", seat=0, move=draw, move_id="m2")
    at_one = door("state_at", record_id="r", seq=1)["state_hash"]
    branched = door("branch", record_id="r", seq=1, new_record_id="b", created_at=7)
    assert (branched["record_id"], branched["seq"], branched["line"]) == ("b", 1, [0, 1])
    assert branched["state_hash"] == at_one
    text = door("record", record_id="b")["record_json"]
    assert f'"seed":{2**63 + 5}' in text
    genesis = json.loads(text)["genesis"]
    assert genesis["parent"] == {"record_id": "r", "seq": 1} and genesis["created_at"] == 7
    assert door("verify", record_json=text) is None
    assert door("summary", record_id="r")["seq"] == 2  # the parent is untouched
    replayed = door("play", record_id="b", seat=0, move=draw, move_id="m2")
    assert replayed["summary"]["seq"] == 2
    assert door.error("branch", record_id="r", seq=9, new_record_id="c")["kind"] == "RecordError"
    assert door.error("branch", record_id="nope", seq=0, new_record_id="c")["kind"] == "KifuError"


def test_takeback_refusal_names_the_rule() -> None:
    door = Door()
    new(door)
    nothing = door("takeback_refusal", record_id="r", seat=0)
    assert (nothing["code"], nothing["rule_id"]) == ("takeback-nothing", "table:takeback=casual")
    moves = door("legal_moves", record_id="r", seat=0)
    door("play", record_id="r", seat=0, move=moves[0], move_id="m1")
    assert door("takeback_refusal", record_id="r", seat=0) is None
    assert door("takeback_refusal", record_id="r", seat=0, to_seq=0) is None
    draw = door("legal_moves", record_id="r", seat=0)[0]
    assert draw["type"] == "draw"
    door("play", record_id="r", seat=0, move=draw, move_id="m2")
    revealed = door("takeback_refusal", record_id="r", seat=0)
    assert revealed == {
        "code": "takeback-revealed",
        "message": "move 2 revealed hidden information and cannot be taken back",
        "rule_id": "table:takeback=casual",
    }
    # the refusal is the one `undo` raises
    undo = door.error("undo", record_id="r", seat=0, move_id="u")
    assert (undo["code"], undo["message"]) == (revealed["code"], revealed["message"])
    assert door("takeback_refusal", record_id="r", seat=0, to_seq=5)["code"] == "takeback-target"
    strict = Door()
    strict("new", game="high-card", seats=2, seed=1, record_id="s", takeback="strict")
    assert strict("takeback_refusal", record_id="s", seat=0)["code"] == "takeback-strict"


def test_play_undo_scrub_view_record_verify() -> None:
    door = Door()
    summary = new(door)
    assert summary["seq"] == 0 and summary["to_move"] == [0]
    moves = door("legal_moves", record_id="r", seat=0)
    played = door("play", record_id="r", seat=0, move=moves[0], move_id="m1")
    assert played["entry"]["seq"] == 1
    again = door("play", record_id="r", seat=0, move=moves[0], move_id="m1")  # idempotent
    assert again["summary"]["seq"] == 1
    undone = door("undo", record_id="r", seat=0, move_id="u1")
    assert undone["entry"]["kind"] == "takeback" and undone["summary"]["line"] == [0]
    assert door("state_at", record_id="r", seq=0)["state_hash"] == undone["summary"]["state_hash"]
    assert door("view", record_id="r", seat=0, seq=1)["phase"] == "draw"
    assert door("view", record_id="r")["hand"] is None  # spectator
    text = door("record", record_id="r")["record_json"]
    assert f'"seed":{2**63 + 5}' in text  # exact: the text is never a JS number
    assert door("verify", record_json=text) is None
    assert door("hashes", record_json=text)["hashes"][-1] == undone["summary"]["state_hash"]
    redacted = json.loads(door("record", record_id="r", seat=1, redact=True)["record_json"])
    assert redacted["genesis"]["seed"] is None
    assert redacted["genesis"]["seed_hash"] == seed_commitment(2**63 + 5)
    door("close", record_id="r")
    loaded = door("load", record_json=text, check="verify")
    assert loaded["tip_hash"] == undone["summary"]["tip_hash"]


def test_bot_steps_are_reproducible_and_stop_at_the_end() -> None:
    runs = []
    for _ in range(2):
        door = Door()
        new(door, seed=3)
        seqs = []
        while (
            step := door("bot_step", record_id="r", move_id=f"b{len(seqs)}", bot_seed=9)
        ) is not None:
            seqs.append(step["summary"]["state_hash"])
        runs.append(seqs)
    assert runs[0] == runs[1] and len(runs[0]) > 10
    assert door("summary", record_id="r")["outcome"] is not None


def test_errors_are_replies_with_codes() -> None:
    door = Door()
    new(door)
    illegal = door.error(
        "play", record_id="r", seat=0, move={"type": "play", "card": 99}, move_id="x"
    )
    assert (illegal["kind"], illegal["code"], illegal["rule_id"]) == (
        "IllegalMove",
        "not-in-hand",
        "HC-3",
    )
    assert (
        door.error("play", record_id="r", seat=0, move={"type": "?"}, move_id="y")["kind"]
        == "BadRequest"
    )
    assert door.error("summary", record_id="nope")["kind"] == "KifuError"
    assert door.error("undo", record_id="r", seat=0, move_id="u")["code"] == "takeback-nothing"
    assert door.error("new", game="nope", seats=2, seed=1, record_id="q")["kind"] == "UnknownGame"
    assert door.error("bogus")["kind"] == "BadRequest"
    bad = door.error("load", record_json='{"id": "x"}')
    assert bad["kind"] == "RecordError"


def test_undo_at_a_table_with_bots_passes_their_seats_to_the_kernel() -> None:
    """The PWA names its bot seats; the undo goes back past their replies."""
    door = Door()
    options = {"deck_size": 4, "hand_size": 2}  # no draws: nothing is revealed
    door("new", game="high-card", seats=2, seed=4, record_id="b", options=options)
    for seat in (0, 0, 1, 1):  # seat 0: play a card, pass; then seat 1 (the bot) too
        move = door("legal_moves", record_id="b", seat=seat)[0]
        door("play", record_id="b", seat=seat, move=move, move_id=f"m{seat}{move}")
    assert door("takeback_refusal", record_id="b", seat=0, bots=[1]) is None
    undone = door("undo", record_id="b", seat=0, move_id="u", bots=[1])
    assert undone["entry"]["to_seq"] == 1 and undone["summary"]["to_move"] == [0]


def test_the_record_as_compact_bytes_opens_as_the_json_does() -> None:
    """The PWA keeps `record_kifu` (compact, base64 in the door's JSON): it loads,
    verifies and converts like record_json, and carries the exact 64-bit seed."""
    import base64

    door = Door()
    new(door)
    for i in range(3):
        seat = door("summary", record_id="r")["to_move"][0]
        door(
            "play",
            record_id="r",
            seat=seat,
            move=door("legal_moves", record_id="r", seat=seat)[0],
            move_id=f"{i:016x}",
        )
    door("undo", record_id="r", seat=0, move_id="u" * 16)
    text = door("record", record_id="r")["record_json"]
    reply = door("record", record_id="r", form="compact")
    assert set(reply) == {"seq", "record_kifu"} and reply["seq"] == 4
    kifu = reply["record_kifu"]
    assert len(base64.b64decode(kifu)) * 2 < len(text)
    tip = door("summary", record_id="r")["tip_hash"]
    door("close", record_id="r")
    loaded = door("load", record_kifu=kifu, check="verify")
    assert loaded["tip_hash"] == tip and loaded["seq"] == 4
    assert (loaded["seats"], loaded["takeback"], loaded["seeded"]) == (2, "casual", True)
    assert loaded["options"] == json.loads(text)["genesis"]["options"]
    assert door("record", record_id="r")["record_json"] == text  # exact, seed and all
    assert door("verify", record_kifu=kifu) is None
    assert door("hashes", record_kifu=kifu) == door("hashes", record_json=text)
    assert door("convert", record_kifu=kifu, form="json")["record_json"] == text
    assert door("convert", record_json=text)["record_kifu"] == kifu
    assert door.error("load", record_json=text, record_kifu=kifu)["kind"] == "KifuError"
    assert door.error("load")["kind"] == "KifuError"
    broken = base64.b64decode(kifu)
    broken = base64.b64encode(broken[:-3] + bytes([broken[-3] ^ 1]) + broken[-2:]).decode()
    assert door.error("load", record_kifu=broken)["kind"] == "RecordError"


def test_only_the_compact_form_loads_chained() -> None:
    """`chained` skips the commitments the compact reader derived itself; JSON derives
    none, so its load checks them whatever the page asks: a last entry whose events
    were changed (its events_hash, and so the chain, left as they were) is refused."""
    door = Door()
    new(door)
    for i in range(3):
        seat = door("summary", record_id="r")["to_move"][0]
        move = door("legal_moves", record_id="r", seat=seat)[0]
        door("play", record_id="r", seat=seat, move=move, move_id=f"{i:016x}")
    record = json.loads(door("record", record_id="r")["record_json"])
    kifu = door("record", record_id="r", form="compact")["record_kifu"]
    door("close", record_id="r")
    assert door("load", record_kifu=kifu, check="chained")["seq"] == 3
    door("close", record_id="r")
    last = record["entries"][-1]
    assert last["events"]
    last["events"] = last["events"][:-1]
    for check in ("chained", "replay"):
        error = door.error("load", record_json=json.dumps(record), check=check)
        assert "events_hash" in error["message"], error


def test_entries_come_after_a_seq_whole_or_redacted() -> None:
    door = Door()
    new(door)
    for i in range(3):
        seat = door("summary", record_id="r")["to_move"][0]
        door(
            "play",
            record_id="r",
            seat=seat,
            move=door("legal_moves", record_id="r", seat=seat)[0],
            move_id=f"m{i}",
        )
    whole = json.loads(door("record", record_id="r")["record_json"])["entries"]
    assert door("entries", record_id="r") == whole
    assert door("entries", record_id="r", since=2) == whole[2:]
    redacted = json.loads(door("record", record_id="r", seat=1, redact=True)["record_json"])
    assert door("entries", record_id="r", seat=1, redact=True) == redacted["entries"]


def test_old_records_of_every_format_convert_to_compact_and_back() -> None:
    """Rows on players' phones hold record_json of formats 1-3: each opens, and its
    compact form opens to the same record (tip, state, format)."""
    import base64
    from pathlib import Path

    corpus = Path(__file__).resolve().parents[1] / "corpus"
    for path in sorted(corpus.glob("*.record.json")):
        door = Door()
        text = path.read_text()
        before = door("load", record_json=text)
        as_json = door("record", record_id=before["record_id"])["record_json"]
        kifu = door("record", record_id=before["record_id"], form="compact")["record_kifu"]
        door("close", record_id=before["record_id"])
        after = door("load", record_kifu=kifu)
        assert (after["tip_hash"], after["state_hash"]) == (
            before["tip_hash"],
            before["state_hash"],
        ), path.name
        again = json.loads(door("record", record_id=after["record_id"])["record_json"])
        assert again == json.loads(as_json) and again["format"] == json.loads(text)["format"]
        assert len(base64.b64decode(kifu)) * 4 < len(text), (
            path.name
        )  # formats 1-2: a hash an entry


def tulikko(door: Door, record_id: str = "t") -> None:
    door("new", game="tulikko", seats=2, seed=11, record_id=record_id, created_at=1)


def test_a_bot_thinks_in_slices_and_plays_what_one_step_plays() -> None:
    """bot_begin / bot_think run the search a slice at a time (the page checks for an
    undo in between and shows done / total); bot_step then plays the move one bot_step
    alone would have played."""
    alone = Door()
    tulikko(alone)
    expected = alone("bot_step", record_id="t", move_id="b", bot="medium", bot_seed=5)
    door = Door()
    tulikko(door)
    started = door("bot_begin", record_id="t", bot="medium", bot_seed=5)
    assert started == {"done": 0, "total": 50}
    progress = [door("bot_think", record_id="t", iterations=n)["done"] for n in (1, 20, 20, 99)]
    assert progress == [1, 21, 41, 50]
    played = door("bot_step", record_id="t", move_id="b", bot="medium", bot_seed=5)
    assert played == expected


def test_a_thinking_bot_is_cancelled_or_forgotten_when_the_position_changes() -> None:
    """An undo cancels the thinking (bot_cancel); a search begun on another position (a
    move or an undo since) is never played: bot_think refuses it and bot_step decides
    afresh."""
    door = Door()
    tulikko(door)
    door("bot_begin", record_id="t", bot="medium", bot_seed=5)
    door("bot_think", record_id="t", iterations=10)
    assert door("bot_cancel", record_id="t") is None
    gone = door.error("bot_think", record_id="t", iterations=10)
    assert gone["kind"] == "KifuError" and "no bot is thinking" in gone["message"]

    door("bot_begin", record_id="t", bot="medium", bot_seed=5)
    door("bot_think", record_id="t", iterations=50)
    seat = door("summary", record_id="t")["to_move"][0]
    move = door("legal_moves", record_id="t", seat=seat)[-1]
    door("play", record_id="t", seat=seat, move=move, move_id="m")
    stale = door.error("bot_think", record_id="t", iterations=10)
    assert "position changed" in stale["message"]
    played = door("bot_step", record_id="t", move_id="b", bot="medium", bot_seed=5)

    fresh = Door()
    tulikko(fresh)
    fresh("play", record_id="t", seat=seat, move=move, move_id="m")
    assert played == fresh("bot_step", record_id="t", move_id="b", bot="medium", bot_seed=5)


def test_one_shot_bots_have_nothing_to_slice() -> None:
    door = Door()
    tulikko(door)
    assert door("bot_begin", record_id="t", bot="greedy", bot_seed=5) == {"done": 0, "total": 0}
    assert door("bot_step", record_id="t", move_id="b", bot="greedy", bot_seed=5) is not None


def test_suggest_names_a_legal_move_and_changes_nothing() -> None:
    """A hint (`suggest`): for every title, some moves in, the easy bot's move for the
    seat to move is one of its legal moves, the same each time asked, the very move
    that bot would play there; nothing is recorded; a seat not to move gets none."""
    for game_id in games.titles():
        door = Door()
        door("new", game=game_id, seats=2, seed=2**70 + 3, record_id=game_id, created_at=1)
        for n in range(4):
            door("bot_step", record_id=game_id, move_id=f"b{n}", bot="greedy", bot_seed=9)
        summary = door("summary", record_id=game_id)
        seat = summary["to_move"][0]
        hint = door("suggest", record_id=game_id, seat=seat, bot="greedy", bot_seed=9)
        assert hint in door("legal_moves", record_id=game_id, seat=seat), game_id
        assert door("suggest", record_id=game_id, seat=seat, bot="greedy", bot_seed=9) == hint
        assert door("summary", record_id=game_id) == summary, "a hint records nothing"
        others = [s for s in range(2) if s not in summary["to_move"]]
        for other in others:
            assert door("suggest", record_id=game_id, seat=other) is None
        unknown = door.error("suggest", record_id=game_id, seat=seat, bot="nobody")
        assert "no bot" in json.dumps(unknown)
        played = door("bot_step", record_id=game_id, move_id="hinted", bot="greedy", bot_seed=9)
        assert played["entry"]["move"] == hint, f"{game_id}: the bot plays what it suggested"
