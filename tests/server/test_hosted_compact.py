"""The hosted record pull in the compact form (issue #21): ``GET /api/games/{id}/record``
with ``Accept: application/vnd.kifu.record`` sends core.wire's compact pull.

It must be the JSON pull packed — the same entries, the same redaction (an opponent's
hidden cards are not in its bytes, and nothing in it brute-forces them, as
test_leaks.py checks the JSON) — chain onto the copy it continues and end at the
tip the server states (a changed byte is refused), and leave JSON the default.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import msgspec
import pytest

from core import games, wire
from core.kernel import Record, RecordError, entry_hash
from core.kernel.compact import MEDIA_TYPE
from core.kernel.record import Genesis
from core.sync import entry_type
from tests.server.conftest import Table, ThreadServer
from tests.server.test_leaks import DRAWS, Received, attack, enough, secrets_of

pytestmark = pytest.mark.timeout(180)

COMPACT = {"Accept": MEDIA_TYPE}


def pull(
    client: httpx.Client, table: Table, reader: int | None, since: int, accept: str | None = None
) -> httpx.Response:
    headers = table.auth(reader) | ({"Accept": accept} if accept else {})
    response = client.get(f"/api/games/{table.id}/record?since={since}", headers=headers)
    assert response.status_code == 200, response.text
    return response


def held_copy(body: dict[str, Any], upto: int) -> Record[Any, Any]:
    """A reader's copy of the first `upto` entries, from its JSON pull from 0."""
    game = games.get(body["genesis"]["game"])
    genesis = msgspec.convert(body["genesis"], type=Genesis)
    entries = [msgspec.convert(e, type=entry_type(game)) for e in body["entries"][:upto]]
    return Record(id=body["record_id"], genesis=genesis, entries=entries)


def played(client: httpx.Client, moves: int) -> Table:
    table = Table(client, players=2, options={"hand_size": 3})
    for _ in range(moves):
        assert table.play_one() is not None
    return table


@pytest.mark.parametrize("reader", [0, 1, None])
def test_a_compact_pull_is_the_json_pull_packed(client: httpx.Client, reader: int | None) -> None:
    table = played(client, 5)
    whole = pull(client, table, reader, 0).json()
    assert not whole["over"] and whole["genesis"]["seed"] is None
    for since in (0, 1, 4, 5):
        expected = pull(client, table, reader, since).json()
        response = pull(client, table, reader, since, MEDIA_TYPE)
        assert response.headers["content-type"] == MEDIA_TYPE
        assert "Accept" in response.headers["vary"]
        held = None if since == 0 else held_copy(whole, since)
        reply = wire.decode_pull(response.content, games.get("high-card"), held)
        assert msgspec.to_builtins(reply) == expected
        assert len(response.content) < len(pull(client, table, reader, since).content)
        # a later pull of a game in progress leaves the record id and genesis to the copy
        body = msgspec.msgpack.decode(response.content)
        assert (body[2] is None, body[3] is None) == (since > 0, since > 0)
    ahead = pull(client, table, reader, 9, MEDIA_TYPE)  # a copy the server is behind
    with pytest.raises(RecordError, match="fewer than this copy's 9"):
        wire.decode_pull(ahead.content, games.get("high-card"), held_copy(whole, 5))
    table.play_out()  # over: the pull after 5 is unredacted and its seed is the news
    expected = pull(client, table, reader, 5).json()
    response = pull(client, table, reader, 5, MEDIA_TYPE)
    reply = wire.decode_pull(response.content, games.get("high-card"), held_copy(whole, 5))
    assert msgspec.to_builtins(reply) == expected and reply.genesis.seed is not None


@pytest.mark.parametrize(
    "accept",
    [
        None,
        "*/*",
        "application/*",
        "application/json",
        f"{MEDIA_TYPE};q=0.5, application/json",
        ";;;",
    ],
)
def test_json_stays_the_default(client: httpx.Client, accept: str | None) -> None:
    """An old client (no Accept, any, JSON first; a malformed Accept too) still gets
    exactly the RecordResponse."""
    table = played(client, 3)
    response = pull(client, table, 1, 1, accept)
    assert response.headers["content-type"].startswith("application/json")
    decoded = msgspec.json.decode(response.content, type=wire.RecordResponse)
    assert msgspec.to_builtins(decoded) == response.json() and len(decoded.entries) == 2


def flips(data: bytes) -> list[bytes]:
    return [
        data[:i] + bytes([data[i] ^ bit]) + data[i + 1 :]
        for i in range(len(data))
        for bit in (1, 0x40)
    ]


def test_a_changed_byte_is_refused(client: httpx.Client) -> None:
    """Every changed byte of a seat's pull is a RecordError, or changes nothing the
    chain binds (a move or events under a commitment the seat cannot recompute
    without the seed, the record id, `over`: as in the JSON). Once the game is over
    the pull holds the seed and every commitment is recomputed: then every changed
    byte of its entries is refused."""
    game = games.get("high-card")
    table = played(client, 6)
    held = held_copy(pull(client, table, 1, 0).json(), 2)
    data = pull(client, table, 1, 2, MEDIA_TYPE).content
    hashes = [entry_hash(e) for e in wire.decode_pull(data, game, held).entries]
    refused = 0
    for changed in flips(data):
        try:
            reply = wire.decode_pull(changed, game, held)
        except RecordError:
            refused += 1
            continue
        assert [entry_hash(e) for e in reply.entries] == hashes
    assert refused > len(data)  # most of it is bound
    other = played(client, 2)
    with pytest.raises(RecordError, match="does not continue"):  # another game's copy
        wire.decode_pull(data, game, held_copy(pull(client, other, 1, 0).json(), 2))
    table.play_out()
    data = pull(client, table, 1, 0, MEDIA_TYPE).content
    full = wire.decode_pull(data, game, None)
    assert full.over and full.genesis.seed is not None
    chunk = msgspec.msgpack.encode(msgspec.msgpack.decode(data)[-1])
    start = len(data) - len(chunk)
    for changed in flips(data)[2 * start :]:
        with pytest.raises(RecordError):
            wire.decode_pull(changed, game, None)


def packed(card: str) -> bytes:
    """`card` as msgpack writes a short string (how the compact form's string table holds it)."""
    return msgspec.msgpack.encode(card)


def test_the_compact_pull_hides_what_the_json_hides(server: ThreadServer) -> None:
    """DIT-050: seat 0's deck draws and discards, as seat 1 and a spectator pull them
    compact one entry at a time: no hidden card is packed in any pull's bytes, none is
    in its decoded entries, and the brute-force attack of test_leaks finds nothing."""
    rng = random.Random(3)
    game = games.get("ducks-in-tow")
    with server.client() as client:
        table = Table(client, players=2, game="ducks-in-tow")
        copies: dict[int | None, Record[Any, Any] | None] = {1: None, None: None}
        got: dict[int | None, dict[int, bytes]] = {1: {}, None: {}}
        tips: dict[int | None, set[str]] = {1: set(), None: set()}
        mine = Received()
        for n in range(600):
            views = {seat: table.view(seat) for seat in (0, 1)}
            mover = next(s for s in (0, 1) if views[s]["legal_moves"])
            legal = views[mover]["legal_moves"]
            liked = [m for m in legal if m["type"] in DRAWS]
            move = rng.choice(liked if liked and rng.random() < 0.5 else legal)
            response = table.move(mover, move, expected_seq=views[mover]["seq"])
            assert response.status_code == 201, response.text
            for reader, copy in copies.items():
                since = 0 if copy is None else len(copy.entries)
                data = pull(client, table, reader, since, MEDIA_TYPE).content
                reply = wire.decode_pull(data, game, copy)
                assert not reply.over
                base = copy or Record(id=reply.record_id, genesis=reply.genesis, entries=[])
                copies[reader] = Record(
                    id=base.id, genesis=base.genesis, entries=[*base.entries, *reply.entries]
                )
                got[reader][reply.seq] = data
                tips[reader].add(reply.tip_hash)
            if n % 10 == 0:
                mine = Received()
                mine.add(pull(client, table, 0, 0).text)
                if enough(*secrets_of(mine)):
                    break
        secrets, discards = secrets_of(mine)
        assert enough(secrets, discards), (secrets, discards)
        for reader, copy in copies.items():
            assert copy is not None
            as_json = pull(client, table, reader, 0).json()
            assert msgspec.to_builtins(copy.entries) == as_json["entries"]
            for seq, cards in secrets.items():
                text = json.dumps(msgspec.to_builtins(copy.entries[seq - 1]))
                for card in cards:
                    assert packed(card) not in got[reader][seq], (reader, seq, card)
                    assert f'"{card}"' not in text, (reader, seq, card)
            received = Received()  # what the reader holds, and every tip it was sent
            received.add(json.dumps({"entries": as_json["entries"]}))
            received.hashes |= tips[reader]
            assert attack("ducks-in-tow", received) == []
