"""The browser door's redacted records (op "record" with a seat and redact) leak
nothing a brute force can find (issue #11): what a device hands another seat of a
hot-seat or shared game goes through the kernel's redact_record too."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from core import games
from core.games.ducks_in_tow.data import CARD_BY_ID
from core.games.tulikko.data import TILE_COLOUR
from tests.games.brute_force import blanks, matching_candidates
from tests.pyodide.test_browser_facade import Door

CANDIDATES = {"ducks-in-tow": sorted(CARD_BY_ID), "tulikko": sorted(TILE_COLOUR)}


def played(game_id: str, moves: int) -> tuple[Door, list[dict[str, Any]]]:
    """A door with a random game of `moves` moves open as "r"; the full entries."""
    door, rng = Door(), random.Random(7)
    door("new", game=game_id, seats=2, seed=2**63 + 9, record_id="r", created_at=1)
    entries = []
    for n in range(moves):
        to_move = door("summary", record_id="r")["to_move"]
        if not to_move:
            break
        seat = to_move[0]
        move = rng.choice(door("legal_moves", record_id="r", seat=seat))
        entries.append(door("play", record_id="r", seat=seat, move=move, move_id=f"m{n}")["entry"])
    return door, entries


@pytest.mark.parametrize(("game_id", "moves"), [("ducks-in-tow", 600), ("tulikko", 40)])
def test_redacted_records_resist_brute_force(game_id: str, moves: int) -> None:
    door, full = played(game_id, moves)
    game = games.get(game_id)
    attacked = 0
    for reader in (1, None):
        text = door("record", record_id="r", seat=reader, redact=True)["record_json"]
        record = json.loads(text)
        assert record["genesis"]["seed"] is None
        tips = {e["prev_hash"] for e in record["entries"]}
        for entry, truth in zip(record["entries"], full, strict=True):
            if entry["kind"] != "entry" or not blanks(entry["events"]) + blanks(entry["move"]):
                continue
            if truth["seat"] != reader:  # what the reader may not know
                secret = json.dumps(truth["events"]) + json.dumps(truth["move"])
                shown = json.dumps(entry["events"]) + json.dumps(entry["move"])
                assert secret != shown
            attacked += 1
            found = matching_candidates(game, entry, CANDIDATES[game_id], also=tips)
            assert found == [], (reader, entry["seq"], found)
    assert attacked >= 4
