"""A hosted game's seed and the server's secrets are past guessing (issue #39, item 6).

The seed decides every hidden card and the genesis publishes its sha256 (`seed_hash`)
from the start, so it has 128 random bits (a 64-bit seed is 2**64 guesses from a whole
game); the bots' own seed too (their choices may be hidden). Invite codes and share ids
are bearer secrets of at least 128 bits, seat and spectator tokens of 192.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import msgspec
import pytest

from core import wire
from core.kernel import Record, verify
from core.kernel.compact import MEDIA_TYPE
from server.store import Checkpoint, open_store, record_uuid
from tests.kernel.fixture_game import GAME
from tests.server.conftest import Table, ThreadServer, make_settings

pytestmark = pytest.mark.timeout(180)

GAMES = 4
EMPTY_CHUNK = msgspec.msgpack.encode([[[], [], []], []])


def urlsafe_bits(text: str) -> int:
    """The random bits of a `secrets.token_urlsafe` text (6 a character)."""
    base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))  # it is one
    return len(text) * 6


def test_hosted_games_get_128_bit_seeds_and_secrets(backend: dict[str, Any]) -> None:
    with ThreadServer(make_settings(backend)) as srv, srv.client() as client:
        tables = [
            Table(client, players=2, bots={"1": "random"} if n % 2 else {}) for n in range(GAMES)
        ]
        for table in tables:
            for invite in table.created["invites"]:
                assert urlsafe_bits(invite["code"]) >= 128
            assert urlsafe_bits(table.spectator) >= 192
            assert all(urlsafe_bits(token) >= 192 for token in table.tokens)
        finished = tables[0]
        finished.play_out()
        shared = client.post(f"/api/games/{finished.id}/share", headers=finished.auth(0))
        assert shared.status_code == 201, shared.text
        share_id = shared.json()["share_id"]
        assert urlsafe_bits(share_id) >= 128
        whole = client.get(shared.json()["path"]).json()["record"]
        pulled = client.get(
            f"/api/games/{finished.id}/record?since=0",
            headers={**finished.auth(1), "Accept": MEDIA_TYPE},
        )
        assert pulled.status_code == 200, pulled.text
    record = msgspec.convert(whole, Record[GAME.move_type, GAME.event_type])  # type: ignore[name-defined]
    assert verify(GAME, record) is None
    assert record.genesis.seed is not None and record.genesis.seed.bit_length() > 64
    # the finished game's compact pull carries that seed (as bytes: no msgpack int holds it)
    compact = wire.decode_pull(pulled.content, GAME, None)
    assert compact.over and compact.genesis.seed == record.genesis.seed

    store = open_store(backend["data_dir"], backend["database_url"])
    try:
        stored: list[Any] = [store.repository.get(record_uuid(table.id)) for table in tables]
        # a bot table's state stays one msgpack holds: as JSON (a 128-bit int) its
        # checkpoint could not be stored at all (its chunk is bytes)
        for agg in stored:
            if agg.bot_seats():
                assert store.put_checkpoint(Checkpoint.of(agg, since=0, chunk=EMPTY_CHUNK))
    finally:
        store.close()
    seeds = [json.loads(agg.genesis)["seed"] for agg in stored]
    assert seeds[0] == record.genesis.seed
    # 128 random bits: below 2**64 once in 2**64 (each was below it before)
    assert all(seed.bit_length() > 64 and seed < 2**128 for seed in seeds), seeds
    assert len(set(seeds)) == GAMES
    bot_seeds = [agg.bots_seed() for agg in stored if agg.bot_seats()]
    assert len(bot_seeds) == GAMES // 2
    assert all(seed.bit_length() > 64 and seed < 2**128 for seed in bot_seeds), bot_seeds
