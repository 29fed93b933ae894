"""Open entries (record format 4): what everyone sees whole is committed under a public key.

Every title, by play: an entry whose move and events no seat or spectator sees
redacted commits to them under the key any copy derives from the genesis, so a
seat's copy of a game in progress (no seed) re-derives those commitments instead of
carrying them (issue #21: ~64 of its ~110 bytes an entry); an entry that hides
anything stays salted. Whether an entry is open must tell no viewer anything its
own view does not: checked over every entry of many games, as an attacker would
use it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import defaultdict
from typing import Any

import msgspec
import pytest

from core import games
from core.kernel import (
    Entry,
    Rng,
    Timeline,
    canonical,
    decode_compact,
    encode_compact,
    new_record,
    redact_entry,
    redact_record,
)

TITLES = games.titles()


def played(game_id: str, seats: int, seed: int, cap: int = 400) -> Timeline[Any, Any, Any]:
    game = games.get(game_id)
    timeline = Timeline(game, new_record(game, record_id=f"open-{seed}", seats=seats, seed=seed))
    rng = Rng.seeded(seed, stream=9)
    while timeline.to_move() and timeline.seq < cap:
        seat = timeline.to_move()[0]
        timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=f"{timeline.seq:x}")
    return timeline


def open_by_hand(seed_hash: str, seq: int, what: str, obj: Any) -> str:
    """HMAC-SHA256 under sha256("kifu-open-entry:{seed_hash}:{seq}") of "what:" and the
    canonical JSON (record.py's module docstring), without the kernel's helpers."""
    key = hashlib.sha256(f"kifu-open-entry:{seed_hash}:{seq}".encode()).digest()
    return hmac.new(key, what.encode() + b":" + canonical(obj), hashlib.sha256).hexdigest()


def views(game: Any, entry: Entry[Any, Any], seats: int) -> list[tuple[Any, bytes]]:
    """(viewer, what that viewer sees of the entry) for every seat and a spectator."""
    out = []
    for viewer in [*range(seats), None]:
        seen = redact_entry(game, entry, viewer)
        assert isinstance(seen, Entry)
        out.append((viewer, canonical([seen.seat, seen.move, seen.events])))
    return out


def counts(game_id: str) -> list[int]:
    info = games.get(game_id).info
    return sorted({info.min_players, info.max_players})


@pytest.mark.parametrize("game_id", TITLES)
def test_an_entry_is_open_exactly_when_everyone_sees_it_whole(game_id: str) -> None:
    """Open: both commitments are the public-key HMAC (recomputed here by hand) and
    every view of the entry is the entry itself; otherwise neither is."""
    game = games.get(game_id)
    for seats in counts(game_id):
        timeline = played(game_id, seats, seed=seats)
        seed_hash = timeline.record.genesis.seed_hash
        for entry in timeline.record.entries:
            if not isinstance(entry, Entry):
                continue
            whole = canonical([entry.seat, entry.move, entry.events])
            everyone = all(seen == whole for _, seen in views(game, entry, seats))
            opened = entry.events_hash == open_by_hand(seed_hash, entry.seq, "events", entry.events)
            assert opened == everyone, (entry.seq, entry.events)
            move_open = entry.move_hash == open_by_hand(seed_hash, entry.seq, "move", entry.move)
            assert move_open == everyone, entry.seq


@pytest.mark.parametrize("game_id", TITLES)
def test_whether_an_entry_is_open_tells_no_viewer_what_it_does_not_see(game_id: str) -> None:
    """Every viewer's view of every entry of eight games, grouped: entries a viewer
    sees alike are all open or all not, so the commitments' kind (which every copy
    shows) gives away nothing of what that viewer's copy leaves out."""
    game = games.get(game_id)
    kinds: dict[tuple[Any, bytes], set[bool]] = defaultdict(set)
    for seats in counts(game_id):
        for seed in range(4):
            timeline = played(game_id, seats, seed=100 + seed, cap=200)
            seed_hash = timeline.record.genesis.seed_hash
            for entry in timeline.record.entries:
                if isinstance(entry, Entry):
                    opened = entry.events_hash == open_by_hand(
                        seed_hash, entry.seq, "events", entry.events
                    )
                    for viewer, seen in views(game, entry, seats):
                        kinds[(seats, viewer), seen].add(opened)
    mixed = [key for key, found in kinds.items() if len(found) > 1]
    assert not mixed, mixed[:3]


@pytest.mark.parametrize("game_id", TITLES)
def test_a_seat_s_copy_carries_only_the_commitments_of_what_is_hidden(game_id: str) -> None:
    """Seat 0's copy of a game in progress, compact: an open entry's commitments are a
    `false`, a hiding one's its two 32-byte hashes; it decodes to the copy, chain and
    all, without the seed."""
    game = games.get(game_id)
    seats = counts(game_id)[-1]
    timeline = played(game_id, seats, seed=7, cap=150)
    copy = redact_record(game, timeline.record, 0, over=False)
    assert copy.genesis.seed is None
    data = encode_compact(game, copy)
    assert decode_compact(data, game) == copy
    rows = msgspec.msgpack.decode(data)[6][1]
    seed_hash = copy.genesis.seed_hash
    for entry, row in zip(copy.entries, rows, strict=True):
        if isinstance(entry, Entry):
            opened = entry.events_hash == open_by_hand(seed_hash, entry.seq, "events", entry.events)
            if opened:
                assert row[7:] == [False], entry.seq
            else:
                assert [len(h) for h in row[7]] == [32, 32], entry.seq
