"""Nothing hidden can be brute-forced from what the server sends a seat (issue #11).

Random games of Ducks in Tow and Tulikko through the real server, a live WebSocket
open for another seat and for a spectator. Every entry they receive — in the record
(`GET …/record`), in WebSocket messages, in 409 bodies — is attacked as that reader
would: each blank filled with every card or tile it could be, hashed every way a
record hashes, and compared with every hash received (the entry's, the tip hashes).
Nothing may match, and the hidden card may not appear anywhere.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from core import games
from core.games.ducks_in_tow.data import CARD_BY_ID
from core.games.tulikko.data import TILE_COLOUR
from tests.games.brute_force import blanks, matching_candidates
from tests.server.conftest import Table, ThreadServer
from tests.server.test_security import Listener, ws_url

pytestmark = pytest.mark.timeout(180)

CANDIDATES = {"ducks-in-tow": sorted(CARD_BY_ID), "tulikko": sorted(TILE_COLOUR)}


class Received:
    """Every entry one reader got, by seq, with every hash it got beside them."""

    def __init__(self) -> None:
        self.entries: dict[int, list[dict[str, Any]]] = {}
        self.hashes: set[str] = set()
        self.texts: list[str] = []

    def add(self, text: str) -> None:
        self.texts.append(text)
        body = json.loads(text)
        entries = list(body.get("entries") or [])
        if body.get("entry"):
            entries.append(body["entry"])
        for entry in entries:
            self.entries.setdefault(entry["seq"], []).append(entry)
        if body.get("tip_hash"):
            self.hashes.add(body["tip_hash"])


def play(
    server: ThreadServer,
    game_id: str,
    seed: int,
    moves: int,
    prefer: tuple[str, ...] = (),
    until: Callable[[Received], bool] = lambda _: False,
) -> dict[int | None, Received]:
    """Seat 0 moves by random legal moves (seat 1 too, when it must); seat 1 and a
    spectator listen, pull the record and get 409s; returns what each received.
    Moves of the `prefer` types are chosen half the time they are legal, and play
    stops early once `until(what seat 0 received)` (the deal is the server's secret:
    this makes draws and discards happen in every run)."""
    rng = random.Random(seed)
    got: dict[int | None, Received] = {0: Received(), 1: Received(), None: Received()}
    with server.client() as client:
        table = Table(client, players=2, game=game_id)
        listeners = {
            seat: Listener(ws_url(server, table.id, table.auth(seat)["Authorization"][7:]))
            for seat in (1, None)
        }
        try:
            for n in range(moves):
                views = {seat: table.view(seat) for seat in (0, 1)}
                mover = next((s for s in (0, 1) if views[s]["legal_moves"]), None)
                assert mover is not None, "the game ended before the test's moves"
                legal = views[mover]["legal_moves"]
                liked = [m for m in legal if m["type"] in prefer]
                move = rng.choice(liked if liked and rng.random() < 0.5 else legal)
                response = table.move(mover, move, expected_seq=views[mover]["seq"])
                assert response.status_code == 201, response.text
                got[mover].add(response.text)
                conflicts = sum('"seq-conflict"' in t for t in got[1].texts)
                if conflicts and until(got[0]):
                    break
                if n % 7 == 0:
                    for reader in (1, None):
                        pulled = client.get(
                            f"/api/games/{table.id}/record?since=0", headers=table.auth(reader)
                        )
                        got[reader].add(pulled.text)
                if table.seq > 3 and (n % 11 == 0 or not conflicts):  # 409 bodies carry entries
                    shape = views[mover]["legal_moves"][0]  # a well-formed move of this game
                    stale = table.move(1, shape, expected_seq=table.seq - 3)
                    assert stale.status_code == 409, stale.text
                    got[1].add(stale.text)
            for reader in (0, 1, None):
                pulled = client.get(f"/api/games/{table.id}/record", headers=table.auth(reader))
                got[reader].add(pulled.text)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and any(
                sum(json.loads(m).get("type") == "entry" for m in listener.messages) < table.seq
                for listener in listeners.values()
            ):
                time.sleep(0.05)
        finally:
            for listener in listeners.values():
                listener.close()
        for seat, listener in listeners.items():
            for message in listener.messages:
                got[seat].add(message)
    return got


def attack(game_id: str, received: Received) -> list[tuple[int, tuple[str, ...]]]:
    """(seq, filling) of every brute-force hit on the entries one reader received."""
    game = games.get(game_id)
    hits = []
    for seq, copies in sorted(received.entries.items()):
        for entry in copies:
            if entry["kind"] != "entry" or not blanks(entry["events"]) + blanks(entry["move"]):
                continue
            found = matching_candidates(game, entry, CANDIDATES[game_id], also=received.hashes)
            hits += [(seq, filling) for filling in found]
    return hits


DRAWS = ("gift-cards", "take-deck", "discard-card")


def secrets_of(mine: Received) -> tuple[dict[int, set[str]], list[int]]:
    """Seat 0's hidden cards by seq (deck draws, discards) and its discard moves' seqs,
    from seat 0's own copy."""
    secrets: dict[int, set[str]] = {}
    discards = []
    for seq, copies in mine.entries.items():
        for entry in copies:
            if entry["kind"] != "entry" or entry["seat"] != 0:
                continue
            hidden = ("card-drawn", "card-discarded")
            cards = {e["card"] for e in entry["events"] if e["type"] in hidden}
            if cards:
                secrets[seq] = cards
            if entry["move"]["type"] == "discard-card":
                discards.append(seq)
    return secrets, discards


def enough(secrets: dict[int, set[str]], discards: list[int]) -> bool:
    return len(secrets) >= 3 and bool(discards)


def test_ducks_draws_and_discards_do_not_leak_through_the_server(server: ThreadServer) -> None:
    """DIT-050: seat 0's deck draws and discards, as seat 1 and a spectator receive them."""
    got = play(server, "ducks-in-tow", 3, 600, DRAWS, until=lambda mine: enough(*secrets_of(mine)))
    secrets, discards = secrets_of(got[0])
    assert enough(secrets, discards), (secrets, discards)
    for reader in (1, None):
        received = got[reader]
        assert set(secrets) <= set(received.entries), "the reader missed entries"
        for seq, cards in secrets.items():
            for entry in received.entries[seq]:
                text = json.dumps(entry)
                assert not any(f'"{card}"' in text for card in cards), (reader, seq, cards)
        assert attack("ducks-in-tow", received) == []
        kinds = {json.loads(t).get("type") for t in received.texts}
        assert "entry" in kinds  # WebSocket messages were attacked too
    assert any('"seq-conflict"' in t for t in got[1].texts)  # and 409 bodies


def test_tulikko_centre_tile_does_not_leak_through_the_server(server: ThreadServer) -> None:
    """TUL-018: no reader (a seat, a spectator) can brute-force the centre tile."""
    got = play(server, "tulikko", 5, 40)
    for reader in (1, None):
        slides = [
            seq
            for seq, copies in got[reader].entries.items()
            if any(e["type"] == "slid" for e in copies[0].get("events", []))
        ]
        assert len(slides) >= 3
        assert attack("tulikko", got[reader]) == []
