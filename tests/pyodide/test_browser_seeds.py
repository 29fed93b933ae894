"""core.browser's `new` with a 128-bit seed (issue #39, item 6), on CPython.

The PWA makes a local game's seed as 128 random bits (web/src/ui.js newGameSeed) and
sends it as its decimal digits, since no JavaScript number holds it; the record must
keep that exact seed, in its JSON and in the compact form the PWA stores.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from core import browser, games
from core.kernel import decode_record, seed_commitment, verify
from tests.kernel.fixture_game import GAME

games.register(GAME)

SEED = 0xC0FFEE5EED01234589ABCDEFFEDCBA98  # 128 bits


def call(engine: browser.Engine, op: str, **fields: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(engine.handle(json.dumps({"op": op, **fields})))
    return reply


def test_new_takes_a_128_bit_seed_as_its_decimal_digits() -> None:
    engine = browser.Engine()
    made = call(engine, "new", game="high-card", seats=2, seed=str(SEED), record_id="r")
    assert made["ok"], made
    assert made["result"]["seeded"]
    text = call(engine, "record", record_id="r")["result"]["record_json"]
    assert f'"seed":{SEED},' in text  # exact: the digits as sent
    record = decode_record(text.encode(), GAME)
    assert record.genesis.seed == SEED and record.genesis.seed_hash == seed_commitment(SEED)
    kifu = call(engine, "record", record_id="r", form="compact")["result"]["record_kifu"]
    stored = decode_record(base64.b64decode(kifu), GAME, "compact")
    assert stored.genesis.seed == SEED
    # the compact bytes open again, in a fresh worker, with that seed
    again = browser.Engine()
    assert call(again, "load", record_kifu=kifu)["ok"]
    assert f'"seed":{SEED},' in call(again, "record", record_id="r")["result"]["record_json"]
    assert verify(GAME, stored) is None


def test_the_same_digits_deal_the_same_game_and_an_int_seed_still_works() -> None:
    engine = browser.Engine()
    for record_id, seed in (("a", str(SEED)), ("b", SEED), ("c", "7"), ("d", 7)):
        assert call(engine, "new", game="high-card", seats=2, seed=seed, record_id=record_id)["ok"]
    hashes = {rid: call(engine, "summary", record_id=rid)["result"]["state_hash"] for rid in "abcd"}
    assert hashes["a"] == hashes["b"] != hashes["c"] == hashes["d"]


def test_a_seed_that_is_not_decimal_digits_or_past_128_bits_is_refused() -> None:
    engine = browser.Engine()
    for seed in ("0x10", "-1", "1e9", "", str(2**128)):
        reply = call(engine, "new", game="high-card", seats=2, seed=seed, record_id="r")
        assert not reply["ok"] and reply["error"]["kind"] == "SetupError", (seed, reply)
    reply = call(engine, "new", game="high-card", seats=2, seed=1.5, record_id="r")
    assert not reply["ok"] and reply["error"]["kind"] == "BadRequest"
