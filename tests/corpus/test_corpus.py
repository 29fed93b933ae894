"""Records made by earlier engines keep opening: the checked-in corpus (make_corpus.py).

Every record loads, verifies (every move re-decided; once a title's rules change,
verify may say so instead, but never report a divergence), replays from its stored
events to every stored state hash, and its redacted copies (each seat, a spectator)
chain. An unfinished one plays on in today's record format.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from core import games
from core.kernel import (
    RECORD_FORMAT,
    Entry,
    Timeline,
    check_chain,
    common_prefix,
    decode_record,
    encode_compact,
    encode_record,
    redact_record,
    verify,
)

HERE = Path(__file__).parent
MANIFEST = json.loads((HERE / "corpus.json").read_text())["records"]


def load(item: dict[str, Any]) -> tuple[Any, Any]:
    path = HERE / item["file"]
    fmt = {".msgpack": "msgpack", ".kifu": "compact"}.get(path.suffix, "json")
    game = games.get(item["game"])
    return game, decode_record(path.read_bytes(), game, fmt)


def assert_verifies(game: Any, record: Any) -> None:
    """Every move re-decides, or (the title's rules changed since) the record still
    replays as played and verify says the rules changed: never a divergence."""
    divergence = verify(game, record)
    assert divergence is None or divergence.kind == "rules-changed", divergence


def test_the_corpus_covers_what_it_promises() -> None:
    """Every title at every player count in every record format it was made in (the
    first two titles since format 1, the next three since format 2), the compact form."""
    seats = {(item["game"], item["seats"], item["format"]) for item in MANIFEST}
    for game_id in games.titles():
        info = games.get(game_id).info
        first = 1 if game_id in ("tulikko", "ducks-in-tow") else 2
        for fmt in range(first, RECORD_FORMAT + 1):
            players = range(info.min_players, info.max_players + 1)
            assert {(game_id, n, fmt) for n in players} <= seats, (game_id, fmt)
    assert any(item["over"] for item in MANIFEST)
    assert any(not item["over"] for item in MANIFEST)
    assert any(item["branch_of"] for item in MANIFEST)
    assert all(
        any(item["takebacks"] for item in MANIFEST if item["game"] == g) for g in games.titles()
    )
    assert {Path(item["file"]).suffix for item in MANIFEST} == {".json", ".msgpack", ".kifu"}
    # five titles, four formats: kept small all the same (~0.35 MB a set of five titles)
    assert sum((HERE / item["file"]).stat().st_size for item in MANIFEST) < 2_500_000


@pytest.mark.parametrize("item", MANIFEST, ids=[item["file"] for item in MANIFEST])
def test_record_loads_verifies_and_replays_to_its_state_hashes(item: dict[str, Any]) -> None:
    game, record = load(item)
    assert record.format == item["format"]
    assert len(record.entries) == item["entries"]
    assert_verifies(game, record)
    timeline = Timeline(game, record)
    assert (game.outcome(timeline.state) is not None) == item["over"]
    for entry in record.entries:
        if entry.state_hash:  # format 3 keeps one only every 32nd entry, at the end, on take-backs
            assert timeline.state_commitment(entry.seq) == entry.state_hash, entry.seq
        else:
            ends = item["over"] and entry.seq == len(record.entries)
            assert record.format >= 3 and entry.seq % 32 and not ends, entry.seq


@pytest.mark.parametrize("item", MANIFEST, ids=[item["file"] for item in MANIFEST])
def test_record_keeps_every_byte_through_the_compact_form(item: dict[str, Any]) -> None:
    """Format 1 and 2 records (plain commitments, a state hash on every entry) too:
    whatever is not derived is kept, and what is derived comes out the same."""
    game, record = load(item)
    packed = encode_compact(game, record)
    assert msgspec.msgpack.encode(decode_record(packed, game, "msgpack")) == (
        msgspec.msgpack.encode(record)
    )
    assert len(packed) < len(encode_record(record, "msgpack")) / 2
    for seat in [*range(record.genesis.seats), None]:
        copy = redact_record(game, record, seat, over=False)
        assert decode_record(encode_compact(game, copy), game, "compact") == copy


@pytest.mark.parametrize("item", MANIFEST, ids=[item["file"] for item in MANIFEST])
def test_redacted_copies_chain(item: dict[str, Any]) -> None:
    game, record = load(item)
    check_chain(record)
    for seat in [*range(record.genesis.seats), None]:
        copy = redact_record(game, record, seat, over=False)
        assert copy.genesis.seed is None
        check_chain(copy, redacted=True)
        assert common_prefix(copy, record) == len(record.entries)
        hidden = [
            e
            for e in copy.entries
            if isinstance(e, Entry) and e.events != record.entries[e.seq - 1].events
        ]
        if item["game"] == "tulikko":
            assert hidden  # the centre tile is redacted for every seat


@pytest.mark.parametrize(
    "item", [i for i in MANIFEST if not i["over"]], ids=lambda item: item["file"]
)
def test_an_unfinished_record_plays_on_in_todays_format(item: dict[str, Any]) -> None:
    game, record = load(item)
    timeline = Timeline(game, record)
    for n in range(3):
        seat = timeline.to_move()[0]
        timeline.play(seat, timeline.legal_moves(seat)[0], move_id=f"today-{n}")
    assert timeline.record.format == RECORD_FORMAT == 4 and timeline.record.entries[-1].salted
    assert_verifies(game, timeline.record)
    assert decode_record(encode_compact(game, timeline.record), game, "compact") == timeline.record
    for seat in [*range(record.genesis.seats), None]:
        check_chain(redact_record(game, timeline.record, seat, over=False), redacted=True)
