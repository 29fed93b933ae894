"""Seeds of 128 bits (issue #39, item 6): the seed decides every hidden card and the
genesis publishes `seed_hash`, a sha256 of it, so a 64-bit seed is 2**64 guesses from a
whole game. A seed past 2**64 must pick among 2**127 generators (not fold to its low 64
bits), survive every encoding of a record, and leave every older seed's game as it was.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from core import games
from core.kernel import (
    Rng,
    SetupError,
    Timeline,
    check_chain,
    decode_record,
    digest,
    encode_record,
    new_record,
    play_bots,
    random_bot,
    redact_record,
    seed_commitment,
    verify,
)
from core.kernel.compact import CompactWriter, decode_compact, encode_compact
from core.kernel.errors import RecordError
from core.kernel.record import seed_of
from core.kernel.rng import _mix64
from core.wire import decode_pull, encode_pull

from .fixture_game import GAME

MASK64 = 2**64 - 1
BIG = 0xC0FFEE5EED01234589ABCDEFFEDCBA98  # 128 bits, the top one set
LOW = BIG & MASK64


def finished(game: Any, seed: int, seats: int = 2) -> Timeline[Any, Any, Any]:
    """A whole game played by random bots (their own Rng: the game's is the seed's)."""
    timeline = Timeline(game, new_record(game, record_id=f"r{seed % 1000}", seats=seats, seed=seed))
    play_bots(timeline, dict.fromkeys(range(seats), random_bot), Rng.seeded(5, stream=3))
    assert not timeline.to_move()
    return timeline


# -- the generator ---------------------------------------------------------------------


def test_a_seed_below_2_64_seeds_pcg32_as_it_always_did() -> None:
    """Every record made so far has such a seed: its games must deal as they dealt."""
    assert (Rng.seeded(2**64 - 1).state, Rng.seeded(2**64 - 1).inc) == (4797181448200234857, 109)
    rng = Rng.seeded(LOW, stream=9)
    assert rng.inc == 19  # the stream asked for, untouched


def test_the_bits_past_64_pick_the_generator() -> None:
    """Seeds that differ only past bit 64 give different generators (the old kernel
    masked them away: every one of these was `LOW`'s game)."""
    seeds = [LOW, LOW | 1 << 64, LOW | 2 << 64, LOW | 1 << 127, BIG, LOW | MASK64 << 64]
    starts = {(rng.state, rng.inc) for rng in map(Rng.seeded, seeds)}
    assert len(starts) == len(seeds)
    draws = {tuple(rng.next_u32() for _ in range(4)) for rng in map(Rng.seeded, seeds)}
    assert len(draws) == len(seeds)


def test_a_large_seed_is_its_low_half_on_a_stream_its_high_half_picks() -> None:
    """What the module docstring promises, pinned: replays of today's records need it."""
    for stream in (54, 0, 7, 2**63 + 1):
        mine, spelled = Rng.seeded(BIG, stream), Rng.seeded(LOW, stream ^ _mix64(BIG >> 64))
        assert (mine.state, mine.inc) == (spelled.state, spelled.inc)
    rng = Rng.seeded(BIG)
    assert [rng.next_u32() for _ in range(6)] == [
        0xE719DD79,
        0xB295B45D,
        0x41D002E2,
        0x1C355AFA,
        0x99438713,
        0xE0022211,
    ]
    top = Rng.seeded(2**128 - 1, stream=7)
    assert [top.next_u32() for _ in range(3)] == [0x61025E18, 0xE5826A14, 0xF885D6E8]


def test_128_bit_seeds_reach_2_127_generators() -> None:
    """The high half picks the stream (63 bits: mix64 is a bijection, its top bit
    dropped), the low half the state (a bijection for each stream): sampled."""
    assert len({Rng.seeded(LOW | high << 64).inc for high in range(1, 5001)}) == 5000
    assert len({Rng.seeded(low | BIG >> 64 << 64).state for low in range(5000)}) == 5000
    assert len({_mix64(x) for x in range(1, 5001)} | {0}) == 5001  # 0 only for 0
    # past 2**64 a seed never lands on the stream games use for seeds below it
    assert all(Rng.seeded(LOW | high << 64).inc != 109 for high in range(1, 5001))


def test_seeds_stop_at_2_128() -> None:
    with pytest.raises(ValueError, match="2\\*\\*128"):
        Rng.seeded(2**128)
    assert GAME.setup(2, 2**128 - 1, {}).seed == 2**128 - 1
    for bad in (2**128, -1):
        with pytest.raises(SetupError, match="seed"):
            GAME.setup(2, bad, {})


@pytest.mark.parametrize("game_id", ["high-card", *games.titles()])
def test_every_title_deals_apart_seeds_that_differ_past_bit_64(game_id: str) -> None:
    game = GAME if game_id == "high-card" else games.get(game_id)
    seats = max(2, game.info.min_players)
    deals = [
        digest(game.initial(game.setup(seats, seed, {})))
        for seed in (LOW, LOW | 1 << 64, LOW | 1 << 100, BIG)
    ]
    assert len(set(deals)) == len(deals), game_id


# -- records ---------------------------------------------------------------------------


def test_a_128_bit_seed_keeps_its_commitment_and_checks() -> None:
    record = new_record(GAME, record_id="r", seats=2, seed=BIG)
    assert record.genesis.seed == BIG and record.genesis.seed_hash == seed_commitment(BIG)
    assert record.genesis.setup().seed == BIG
    assert seed_commitment(BIG) != seed_commitment(LOW)


@pytest.mark.parametrize("game_id", ["high-card", "ducks-in-tow"])
@pytest.mark.parametrize("fmt", ["json", "msgpack", "compact"])
def test_a_128_bit_seed_survives_every_encoding(game_id: str, fmt: Any) -> None:
    game = GAME if game_id == "high-card" else games.get(game_id)
    timeline = finished(game, BIG)
    record = timeline.record
    data = encode_record(record, fmt, game)
    back = decode_record(data, game, fmt)
    assert back.genesis.seed == BIG and back.genesis == record.genesis
    assert back.entries == record.entries
    check_chain(back)
    assert verify(game, back) is None
    assert digest(Timeline(game, back).state) == digest(timeline.state)
    assert encode_record(back, fmt, game) == data


def test_the_compact_form_writes_a_large_seed_as_bytes_in_version_6() -> None:
    """msgpack's ints stop at 2**64 - 1; a record whose seed fits one (or is withheld)
    is written as before: version 5, the same bytes, readable by older readers."""
    big = finished(GAME, BIG).record
    packed = msgspec.msgpack.decode(encode_compact(GAME, big))
    assert packed[1] == 6 and packed[3]["seed"] == BIG.to_bytes(16, "big")
    small = finished(GAME, 2**64 - 1).record
    packed = msgspec.msgpack.decode(encode_compact(GAME, small))
    assert packed[1] == 5 and packed[3]["seed"] == 2**64 - 1
    seat_copy = redact_record(GAME, big, 0, over=False)
    packed = msgspec.msgpack.decode(encode_compact(GAME, seat_copy))
    assert packed[1] == 5 and packed[3]["seed"] is None
    assert decode_compact(encode_compact(GAME, seat_copy), GAME).genesis == seat_copy.genesis
    # the compact writer (what the PWA saves every move) writes the same bytes
    writer = CompactWriter(GAME, big)
    assert writer.encode() == encode_compact(GAME, big)


@pytest.mark.parametrize(
    "seed", [(2**64 - 1).to_bytes(8, "big"), b"\x00" + BIG.to_bytes(16, "big"), b"", "7"]
)
def test_a_seed_in_bytes_must_be_one_no_msgpack_int_holds(seed: Any) -> None:
    body = msgspec.msgpack.decode(encode_compact(GAME, finished(GAME, BIG).record))
    body[3]["seed"] = seed
    with pytest.raises(RecordError, match="not a valid compact"):
        decode_compact(msgspec.msgpack.encode(body), GAME)


def test_a_finished_game_pulls_with_its_128_bit_seed() -> None:
    """The compact pull (core.wire) sends a finished game's genesis, seed included."""
    record = finished(GAME, BIG).record
    tip = Timeline(GAME, record).tip_hash
    seq = len(record.entries)
    data = encode_pull(GAME, record, since=0, after=None, seq=seq, tip=tip, over=True)
    assert msgspec.msgpack.decode(data)[1] == 4
    pulled = decode_pull(data, GAME, None)
    assert pulled.genesis.seed == BIG and pulled.genesis == record.genesis
    # a seat's copy in play (no seed) pulls as version 3, as before
    copy = redact_record(GAME, record, 1, over=False)
    data = encode_pull(GAME, copy, since=0, after=None, seq=seq, tip=tip, over=False)
    assert msgspec.msgpack.decode(data)[1] == 3


def test_a_seed_may_come_as_its_decimal_digits() -> None:
    """What the PWA sends (core.browser `new`): no JavaScript number holds 128 bits."""
    assert seed_of(str(BIG)) == BIG and seed_of(7) == 7 and seed_of("0") == 0
    for bad in ("", "-5", "0x10", "1e5", " 7", "7.0", "٣", "9" * 41):
        with pytest.raises(SetupError, match="decimal digits"):
            seed_of(bad)
