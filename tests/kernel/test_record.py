"""The game record: hash chain, seed commitment, fork detection, file formats."""

from __future__ import annotations

import msgspec
import pytest

from core.kernel import (
    RecordError,
    check_chain,
    common_prefix,
    decode_record,
    encode_record,
    entry_hash,
    genesis_hash,
    record_game,
    seed_commitment,
    tip_hash,
)

from .conftest import finished_timeline
from .fixture_game import GAME


def test_entries_chain_from_the_genesis() -> None:
    record = finished_timeline().record
    check_chain(record)
    assert record.entries[0].prev_hash == genesis_hash(record.genesis)
    for before, after in zip(record.entries, record.entries[1:], strict=False):
        assert after.prev_hash == entry_hash(before)
    assert tip_hash(record) == entry_hash(record.entries[-1])


def test_a_tampered_entry_breaks_the_chain_at_the_next_seq() -> None:
    record = finished_timeline().record
    record.entries[3] = msgspec.structs.replace(record.entries[3], at=12345)
    with pytest.raises(RecordError, match="seq 5: prev_hash"):
        check_chain(record)


def test_tampered_events_are_caught_by_the_events_hash() -> None:
    record = finished_timeline().record
    entry = record.entries[0]
    record.entries[0] = msgspec.structs.replace(entry, events=[*entry.events, *entry.events])
    with pytest.raises(RecordError, match="seq 1: events do not match"):
        check_chain(record)


def test_withholding_the_seed_keeps_the_chain_and_the_commitment_checks() -> None:
    record = finished_timeline().record
    redacted = msgspec.structs.replace(
        record, genesis=msgspec.structs.replace(record.genesis, seed=None)
    )
    check_chain(redacted)
    assert genesis_hash(redacted.genesis) == genesis_hash(record.genesis)
    assert record.genesis.seed_hash == seed_commitment(7)
    with pytest.raises(RecordError, match="withheld"):
        redacted.genesis.setup()
    lying = msgspec.structs.replace(record.genesis, seed=8)
    with pytest.raises(RecordError, match="does not match its seed_hash"):
        lying.setup()


def test_a_redacted_copy_still_chains() -> None:
    """Events cut for one seat change no entry hash: events count through events_hash."""
    record = finished_timeline().record
    seat_copy = msgspec.structs.replace(
        record,
        entries=[
            msgspec.structs.replace(e, events=[GAME.redact(ev, 1) for ev in e.events])
            for e in record.entries
        ],
    )
    assert seat_copy.entries != record.entries  # draws by other seats were hidden
    check_chain(seat_copy, redacted=True)
    assert common_prefix(seat_copy, record) == len(record.entries)
    with pytest.raises(RecordError, match="events do not match"):
        check_chain(seat_copy)


def test_redact_record_hides_other_hands_and_the_seed_until_the_end() -> None:
    from core.kernel import redact_record

    from .fixture_game import Drew

    played = finished_timeline(seed=6)
    half = played.branch(6, record_id="half")
    copy = redact_record(GAME, half, 1, over=False)
    assert copy.genesis.seed is None and copy.genesis.seed_hash == half.genesis.seed_hash
    draws = [ev for e in copy.entries if hasattr(e, "events") for ev in e.events]
    assert all(ev.card is None for ev in draws if isinstance(ev, Drew) and ev.seat != 1)
    assert any(isinstance(ev, Drew) and ev.seat != 1 for ev in draws)
    check_chain(copy, redacted=True)
    assert redact_record(GAME, played.record, 1, over=True) == played.record


def test_common_prefix_finds_the_fork() -> None:
    base = finished_timeline(seed=3)
    a = base.record
    assert common_prefix(a, a) == len(a.entries)
    b_timeline = finished_timeline(seed=3)
    # Same game, same moves: equal up to where the copies were cut.
    b = msgspec.structs.replace(b_timeline.record, entries=b_timeline.record.entries[:5])
    assert common_prefix(a, b) == 5
    other = finished_timeline(seed=4).record
    assert common_prefix(a, other) == -1


def test_common_prefix_of_diverging_copies() -> None:
    from core.kernel import Timeline, new_record

    record = new_record(GAME, record_id="x", seats=2, seed=1)
    first, second = Timeline(GAME, record), Timeline(GAME, record)
    for timeline in (first, second):
        timeline.play(0, GAME.legal_moves(timeline.state, 0)[0], move_id="a")
        timeline.play(0, GAME.legal_moves(timeline.state, 0)[0], move_id="b")
    first.play(1, GAME.legal_moves(first.state, 1)[0], move_id="c1")
    second.play(1, GAME.legal_moves(second.state, 1)[-1], move_id="c2")
    assert common_prefix(first.record, second.record) == 2


@pytest.mark.parametrize("fmt", ["json", "msgpack"])
def test_records_round_trip_through_both_file_formats(fmt: str) -> None:
    record = finished_timeline().record
    data = encode_record(record, fmt)  # type: ignore[arg-type]
    assert record_game(data, fmt) == "high-card"  # type: ignore[arg-type]
    assert decode_record(data, GAME, fmt) == record  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{", "not a Kifu record"),
        (b'{"genesis": {"game": 3}}', "not a Kifu record"),
        (b'{"id": "x", "genesis": {"game": "high-card"}}', "not a valid high-card record"),
    ],
)
def test_malformed_records_give_one_line_errors(data: bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message) as info:
        if b"seats" in data or b'"id"' in data:
            decode_record(data, GAME)
        else:
            record_game(data)
    assert "\n" not in str(info.value)


def test_a_record_for_another_game_is_refused() -> None:
    data = encode_record(finished_timeline().record).replace(b'"high-card"', b'"other"')
    with pytest.raises(RecordError, match="not 'high-card'"):
        decode_record(data, GAME)


def test_the_setup_of_a_record_carries_the_rules_version_it_was_recorded_under() -> None:
    """A title reads Setup.rules_version to replay an older record as it was played."""
    from core.kernel import Genesis, seed_commitment

    genesis = Genesis(
        game="ducks-in-tow",
        engine_version="0.1.0/ducks-in-tow-1",
        seats=2,
        options={},
        seed_hash=seed_commitment(5),
        seed=5,
    )
    assert genesis.setup().rules_version == "1"
    newer = msgspec.structs.replace(genesis, engine_version="0.2.0/ducks-in-tow-2")
    assert newer.setup().rules_version == "2"
    foreign = msgspec.structs.replace(genesis, engine_version="garbled")
    assert foreign.setup().rules_version == ""
