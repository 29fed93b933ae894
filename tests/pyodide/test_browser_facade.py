"""core.browser, the worker's door, on CPython: every op, and errors as replies."""

from __future__ import annotations

import json
from typing import Any

from core import browser, games
from core.kernel import seed_commitment
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
    assert any(info["id"] == "high-card" for info in door("catalogue"))


def test_play_undo_scrub_view_record_verify() -> None:
    door = Door()
    summary = new(door)
    assert summary["seq"] == 0 and summary["to_move"] == [0] and summary["undo_target"] is None
    moves = door("legal_moves", record_id="r", seat=0)
    played = door("play", record_id="r", seat=0, move=moves[0], move_id="m1")
    assert played["entry"]["seq"] == 1 and played["summary"]["undo_target"] == 0
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
