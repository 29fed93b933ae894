"""Record format 2: salted commitments, move redaction, and format-1 records beside them."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

import msgspec
import pytest

from core.kernel import (
    RECORD_FORMAT,
    Entry,
    RecordError,
    TakeBack,
    Timeline,
    canonical,
    check_chain,
    common_prefix,
    decode_record,
    digest,
    encode_record,
    entry_hash,
    redact_entry,
    redact_record,
)

from .conftest import finished_timeline, seen_whole
from .fixture_game import GAME, Draw, Play


def by_hand(seed: int, seq: int, what: str, obj: Any) -> str:
    """The documented construction, recomputed without the kernel's helpers."""
    key = hashlib.sha256(f"kifu-entry-secret:{seed}:{seq}".encode()).digest()
    return hmac.new(key, what.encode() + b":" + canonical(obj), hashlib.sha256).hexdigest()


def open_by_hand(seed_hash: str, seq: int, what: str, obj: Any) -> str:
    """An open move's or events' commitment (format 4), recomputed without the kernel's helpers."""
    key = hashlib.sha256(f"kifu-open-entry:{seed_hash}:{seq}".encode()).digest()
    return hmac.new(key, what.encode() + b":" + canonical(obj), hashlib.sha256).hexdigest()


def test_every_commitment_is_an_hmac_under_the_entrys_secret() -> None:
    """The state's always; an entry's move and its events each under its secret unless
    everyone sees it whole (format 4: then under the public key any copy derives)."""
    timeline = finished_timeline(seed=7)
    record = timeline.record
    assert record.format == RECORD_FORMAT == 4
    last = record.entries[-1].seq  # the game ends there
    seed_hash = record.genesis.seed_hash
    kinds = set()
    for entry in record.entries:
        # format 3: a state hash on every 32nd entry, the last and every take-back
        kept = isinstance(entry, TakeBack) or entry.seq % 32 == 0 or entry.seq == last
        state = by_hand(7, entry.seq, "state", timeline.state_at(entry.seq)) if kept else ""
        assert entry.state_hash == state and entry.salted
        if isinstance(entry, Entry):
            move_whole, events_whole = seen_whole(entry, record.genesis.seats)
            kinds.add((move_whole, events_whole))
            for whole, what, obj, stored in (
                (events_whole, "events", entry.events, entry.events_hash),
                (move_whole, "move", entry.move, entry.move_hash),
            ):
                made = open_by_hand(seed_hash, entry.seq, what, obj) if whole else None
                assert stored == (made or by_hand(7, entry.seq, what, obj)), (entry.seq, what)
            assert entry.events_hash != digest(entry.events)
    # the game has both: a card played shows it to all, a draw hides the card drawn
    assert (True, True) in kinds and (True, False) in kinds


def test_a_commitment_is_the_same_hmac_however_often_and_in_whatever_order() -> None:
    """The kernel keeps each seq's keyed hashes and copies them: copying, never
    updating, them must give the documented HMAC every time, for messages shorter
    and longer than SHA-256's block, under either label, interleaved across seqs."""
    from core.kernel import commitment

    objects: list[Any] = [[], {"n": 1}, "x" * 40, list(range(300)), {"k": "y" * 5000}]
    for _ in range(2):
        for seq in (1, 2, 1, 33, 2):
            for what in ("move", "events", "state"):
                for obj in objects:
                    made = commitment(2**63 + 9, seq, what, obj, salted=True)  # type: ignore[arg-type]
                    assert made == by_hand(2**63 + 9, seq, what, obj)


def test_equal_moves_at_two_seqs_get_unrelated_commitments() -> None:
    entries = [e for e in finished_timeline(seed=7).record.entries if isinstance(e, Entry)]
    draws = [e for e in entries if isinstance(e.move, Draw)]
    assert len(draws) > 2 and len({e.move_hash for e in draws}) == len(draws)


def test_a_changed_move_is_caught_by_its_commitment() -> None:
    record = finished_timeline(seed=7).record
    first = record.entries[0]
    assert isinstance(first.move, Play)
    record.entries[0] = msgspec.structs.replace(first, move=Play(first.move.card + 1))
    with pytest.raises(RecordError, match="seq 1: the move does not match move_hash"):
        check_chain(record)


class Hiding(type(GAME)):  # type: ignore[misc]
    """The fixture with played cards hidden from other seats, to test the move hook."""

    def redact_move(self, move: Any, seat: int | None) -> Any:
        return Play(0) if isinstance(move, Play) else move


def test_redact_move_is_asked_for_other_seats_only_and_the_copy_chains() -> None:
    game = Hiding()
    record = finished_timeline(seed=7).record
    for seat in (None, 0, 1, 2):
        copy = redact_record(game, record, seat, over=False)
        check_chain(copy, redacted=True)
        assert common_prefix(copy, record) == len(record.entries)
        for mine, full in zip(copy.entries, record.entries, strict=True):
            if isinstance(full, Entry) and isinstance(full.move, Play):
                assert (mine.move == full.move) == (full.seat == seat)
                assert entry_hash(mine) == entry_hash(full)
    # With the seed kept, a copy whose moves were redacted no longer checks as full.
    seeded = msgspec.structs.replace(
        record, entries=[redact_entry(game, e, 0) for e in record.entries]
    )
    with pytest.raises(RecordError, match="does not match move_hash"):
        check_chain(seeded)


def test_a_format_1_entry_keeps_its_move_and_its_plain_hashes() -> None:
    """Format 1 hashed the move itself: redacting it would break the chain, so it stays."""
    game = Hiding()
    timeline = finished_timeline(seed=7)
    entry = next(e for e in timeline.record.entries if isinstance(e, Entry))
    old = msgspec.structs.replace(entry, move_hash="", events_hash=digest(entry.events))
    assert not old.salted
    assert redact_entry(game, old, None).move == old.move


def test_a_format_1_record_continued_today_goes_on_in_format_3() -> None:
    timeline = finished_timeline(seed=9)
    cut = timeline.branch(4, record_id="old")
    # Rewrite the first four entries as format 1 made them (plain hashes), rechained.
    old = Timeline(GAME, msgspec.structs.replace(cut, entries=[]))
    states = [old.state_at(0)]
    for entry in cut.entries:
        if isinstance(entry, TakeBack):
            pytest.skip("fixture seed with an early take-back")
        after = states[-1]
        for event in entry.events:
            after = GAME.evolve(after, event)
        states.append(after)
        plain = msgspec.structs.replace(
            entry,
            move_hash="",
            events_hash=digest(entry.events),
            state_hash=digest(after),
            prev_hash=old.tip_hash,
        )
        old.append(plain, check="verify")
    record = msgspec.structs.replace(old.record, format=1)
    loaded = decode_record(encode_record(record), GAME)
    assert loaded.format == 1
    continued = Timeline(GAME, loaded, check="verify")
    seat = continued.to_move()[0]
    continued.play(seat, continued.legal_moves(seat)[0], move_id="today")
    assert continued.record.format == 4
    assert [e.salted for e in continued.record.entries] == [False] * 4 + [True]
    assert all(e.state_hash for e in continued.record.entries[:4])  # as format 1 made them
    check_chain(continued.record)
    assert Timeline(GAME, continued.record, check="verify").tip_hash == continued.tip_hash
    copy = redact_record(GAME, continued.record, 1, over=False)
    check_chain(copy, redacted=True)


def test_a_record_of_a_newer_format_is_refused_in_one_line() -> None:
    record = msgspec.structs.replace(finished_timeline().record, format=RECORD_FORMAT + 1)
    with pytest.raises(RecordError, match="newer than this Kifu reads"):
        decode_record(encode_record(record), GAME)
