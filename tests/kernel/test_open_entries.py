"""Open moves and events (record format 4): what everyone sees whole is committed under a
public key.

Every title, by play: a move that no other seat or spectator sees redacted, and
events that no seat or spectator does, are committed under the key any copy derives
from the genesis, so a seat's copy of a game in progress (no seed) re-derives those
commitments instead of carrying them (issue #21: ~64 of its ~110 bytes an entry);
what hides anything stays salted. Whether a move or its events are open must tell
no viewer anything its own view does not: checked over every entry of many games,
as an attacker would use it.
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


def open_parts_by_hand(game: Any, entry: Entry[Any, Any], seats: int) -> tuple[bool, bool]:
    """(move open, events open): the move as every other seat and a spectator see it is
    the move, the events as every seat and a spectator see them are the events."""
    seen = [(v, redact_entry(game, entry, v)) for v in [*range(seats), None]]
    move = all(canonical(s.move) == canonical(entry.move) for v, s in seen if v != entry.seat)  # type: ignore[union-attr]
    events = all(canonical(s.events) == canonical(entry.events) for _, s in seen)  # type: ignore[union-attr]
    return move, events


def kinds_by_hand(entry: Entry[Any, Any], seed_hash: str) -> tuple[bool, bool]:
    """(move, events): whether each is committed under the public key."""
    return (
        entry.move_hash == open_by_hand(seed_hash, entry.seq, "move", entry.move),
        entry.events_hash == open_by_hand(seed_hash, entry.seq, "events", entry.events),
    )


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
def test_a_move_or_its_events_are_open_exactly_when_everyone_sees_them_whole(
    game_id: str,
) -> None:
    """Open: the commitment is the public-key HMAC (recomputed here by hand) and every
    view of it is it; otherwise it is not."""
    game = games.get(game_id)
    for seats in counts(game_id):
        timeline = played(game_id, seats, seed=seats)
        seed_hash = timeline.record.genesis.seed_hash
        for entry in timeline.record.entries:
            if isinstance(entry, Entry):
                assert kinds_by_hand(entry, seed_hash) == open_parts_by_hand(game, entry, seats), (
                    entry.seq
                )


@pytest.mark.parametrize("game_id", TITLES)
def test_whether_an_entry_is_open_tells_no_viewer_what_it_does_not_see(game_id: str) -> None:
    """Every viewer's view of every entry of eight games, grouped: entries a viewer
    sees alike have the same kinds of commitment, so the kinds (which every copy
    shows) give away nothing of what that viewer's copy leaves out."""
    game = games.get(game_id)
    kinds: dict[tuple[Any, bytes], set[tuple[bool, bool]]] = defaultdict(set)
    for seats in counts(game_id):
        for seed in range(4):
            timeline = played(game_id, seats, seed=100 + seed, cap=200)
            seed_hash = timeline.record.genesis.seed_hash
            for entry in timeline.record.entries:
                if isinstance(entry, Entry):
                    for viewer, seen in views(game, entry, seats):
                        kinds[(seats, viewer), seen].add(kinds_by_hand(entry, seed_hash))
    mixed = [key for key, found in kinds.items() if len(found) > 1]
    assert not mixed, mixed[:3]


@pytest.mark.parametrize("game_id", TITLES)
def test_a_seat_s_copy_carries_only_the_commitments_of_what_is_hidden(game_id: str) -> None:
    """Seat 0's copy of a game in progress, compact: an open move's or events'
    commitment is a `false` (both open: one `false` for the pair), a hiding one's its 32
    bytes; it decodes to the copy, chain and all, without the seed."""
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
            kept = [False, False] if row[7] is False else row[7]
            expected = [False if open_ else 32 for open_ in kinds_by_hand(entry, seed_hash)]
            assert [k if k is False else len(k) for k in kept] == expected, entry.seq
