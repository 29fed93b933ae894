"""Timeline: playing, idempotent move ids, scrubbing with snapshots, branching."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from core.kernel import (
    IllegalMove,
    RecordError,
    TakeBack,
    Timeline,
    commitment,
    digest,
    entry_hash,
    new_record,
    verify,
)
from core.kernel.record import open_commitment

from .conftest import finished_timeline
from .fixture_game import GAME, Draw, Play


def test_play_appends_an_entry_with_events_and_hashes(timeline: Timeline[Any, Any, Any]) -> None:
    move = GAME.legal_moves(timeline.state, 0)[0]
    entry = timeline.play(0, move, move_id="m1", device_id="phone", at=1000)
    assert (entry.seq, entry.seat, entry.move, entry.device_id, entry.at) == (
        1,
        0,
        move,
        "phone",
        1000,
    )
    assert entry.state_hash == ""  # format 3: not a 32nd entry, and the game goes on
    # a card played face up hides nothing: committed under the public key (format 4)
    seed_hash = timeline.record.genesis.seed_hash
    assert entry.events_hash == open_commitment(seed_hash, 1, "events", entry.events)
    assert entry.events == GAME.decide(timeline.state_at(0), 0, move)
    assert timeline.line == [0, 1]


def test_every_32nd_entry_the_last_and_every_take_back_keep_a_state_hash() -> None:
    record = new_record(GAME, record_id="long", seats=3, seed=21, options={"deck_size": 80})
    played = Timeline(GAME, record)
    while played.to_move():
        seat = played.to_move()[0]
        if played.seq in (5, 40, 70) and played.takeback_refusal(seat) is None:
            played.take_back(seat, move_id=f"undo-{played.seq}")  # as casual play has
        else:
            played.play(seat, played.legal_moves(seat)[0], move_id=f"m{played.seq}")
    entries = played.record.entries
    assert len(entries) > 64 and any(isinstance(e, TakeBack) for e in entries)
    kept = [e.seq for e in entries if e.state_hash]
    takebacks = [e.seq for e in entries if isinstance(e, TakeBack)]
    assert kept == sorted({*range(32, len(entries) + 1, 32), len(entries), *takebacks})
    for seq in kept:
        state = played.state_at(seq)
        assert entries[seq - 1].state_hash == commitment(21, seq, "state", state, salted=True)


def test_the_same_move_id_is_idempotent(timeline: Timeline[Any, Any, Any]) -> None:
    move = GAME.legal_moves(timeline.state, 0)[0]
    first = timeline.play(0, move, move_id="same")
    again = timeline.play(0, move, move_id="same")
    assert again is first
    assert timeline.seq == 1
    with pytest.raises(IllegalMove, match="used for another move"):
        timeline.play(0, Draw(), move_id="same")


def test_a_move_id_is_its_seat_s_own_so_no_other_seat_can_take_it(
    timeline: Timeline[Any, Any, Any],
) -> None:
    """The PWA's ids count up, so another seat can guess a seat's next one. Seat 1
    playing under it first must neither refuse seat 0's move nor be taken for it."""
    ids = iter(f"{n:016x}" for n in range(1, 100))

    def play_until(seat: int, move_id: str) -> Any:
        while timeline.to_move() != [seat]:  # the other seat's turn: its own ids
            other = timeline.to_move()[0]
            timeline.play(other, GAME.legal_moves(timeline.state, other)[0], move_id=next(ids))
        return timeline.play(seat, GAME.legal_moves(timeline.state, seat)[0], move_id=move_id)

    guessed = play_until(1, "ffffffffffffffff")
    assert timeline.entry_by_move_id(0, "ffffffffffffffff") is None
    mine = play_until(0, "ffffffffffffffff")
    assert mine.seat == 0 and mine.seq > guessed.seq
    assert timeline.entry_by_move_id(0, "ffffffffffffffff") is mine
    assert timeline.entry_by_move_id(1, "ffffffffffffffff") is guessed
    # the record holds one id under two seats: it loads, and verifies
    assert Timeline(GAME, timeline.record).tip_hash == timeline.tip_hash
    verify(GAME, timeline.record)
    # one seat's id twice is still refused, loading too
    entries = timeline.record.entries
    twice = msgspec.structs.replace(mine, move_id=entries[0].move_id)
    copy = Timeline(GAME, new_record(GAME, record_id="t", seats=2, seed=11))
    for entry in entries[: mine.seq - 1]:
        copy.append(entry)
    with pytest.raises(RecordError, match="appears twice"):
        copy.append(twice)


def test_illegal_moves_change_nothing(timeline: Timeline[Any, Any, Any]) -> None:
    before = (digest(timeline.state), timeline.seq)
    with pytest.raises(IllegalMove) as info:
        timeline.play(0, Play(999), move_id="x")
    assert (info.value.code, info.value.rule_id) == ("not-in-hand", "HC-3")
    with pytest.raises(IllegalMove, match="not seat 1's turn") as turn:
        timeline.play(1, Draw(), move_id="y")
    assert turn.value.rule_id == GAME.info.turn_rule == "HC-1"
    assert (digest(timeline.state), timeline.seq) == before


def test_no_move_after_the_game_is_over() -> None:
    timeline = finished_timeline()
    with pytest.raises(IllegalMove) as info:
        timeline.play(0, Draw(), move_id="late")
    assert (info.value.code, info.value.rule_id) == ("game-over", GAME.info.end_rule)


@pytest.mark.parametrize("snapshot_every", [1, 4, 32])
def test_state_at_equals_a_naive_fold_for_every_seq(snapshot_every: int) -> None:
    played = finished_timeline(seed=21)
    timeline = Timeline(GAME, played.record, snapshot_every=snapshot_every)
    state = GAME.initial(played.record.genesis.setup())
    for entry in played.record.entries:
        for event in entry.events:
            state = GAME.evolve(state, event)
        assert digest(timeline.state_at(entry.seq)) == digest(state)
        if entry.state_hash:
            assert timeline.state_commitment(entry.seq) == entry.state_hash
    assert digest(timeline.state_at(0)) == digest(GAME.initial(played.record.genesis.setup()))
    with pytest.raises(RecordError, match="no entry"):
        timeline.state_at(timeline.seq + 1)


def test_state_at_folds_at_most_snapshot_every_entries() -> None:
    calls = 0

    class Counting(type(GAME)):  # type: ignore[misc]
        def evolve(self, state: Any, event: Any) -> Any:
            nonlocal calls
            calls += 1
            return super().evolve(state, event)

    played = finished_timeline(seed=5)
    timeline = Timeline(Counting(), played.record, snapshot_every=4)
    calls = 0
    timeline.state_at(timeline.seq - 1)
    most_events_per_entry = max(len(e.events) for e in played.record.entries)
    assert 0 < calls <= 4 * most_events_per_entry


def test_state_at_through_take_backs() -> None:
    timeline = Timeline(GAME, new_record(GAME, record_id="tb", seats=2, seed=3))
    timeline.play(0, GAME.legal_moves(timeline.state, 0)[0], move_id="1")
    after_one = digest(timeline.state)
    timeline.play(0, GAME.legal_moves(timeline.state, 0)[-1], move_id="2")  # Pass: no reveal
    undo = timeline.take_back(0, 1, move_id="3")
    assert isinstance(undo, TakeBack)
    assert digest(timeline.state) == after_one == digest(timeline.state_at(3))
    assert timeline.line == [0, 1]
    assert digest(timeline.state_at(2)) != after_one  # the undone state is still scrubbable


def test_branch_copies_the_prefix_and_names_its_parent() -> None:
    played = finished_timeline(seed=9)
    branch = played.branch(6, record_id="child", created_at=77)
    assert branch.genesis.parent is not None
    assert (branch.genesis.parent.record_id, branch.genesis.parent.seq) == (played.record.id, 6)
    assert branch.id == "child"
    assert [e.state_hash for e in branch.entries] == [
        e.state_hash for e in played.record.entries[:6]
    ]
    assert verify(GAME, branch) is None
    child = Timeline(GAME, branch)
    assert digest(child.state) == digest(played.state_at(6))
    assert child.to_move()  # the branch can be played on
    with pytest.raises(RecordError, match="no entry"):
        played.branch(played.seq + 1, record_id="nope")


def test_append_refuses_a_wrong_seq_or_prev_hash() -> None:
    played = finished_timeline(seed=2)
    fresh = Timeline(GAME, new_record(GAME, record_id="r2", seats=3, seed=2))
    with pytest.raises(RecordError, match="expected seq 1"):
        fresh.append(played.record.entries[1])
    fresh.append(played.record.entries[0])
    import msgspec

    forged = msgspec.structs.replace(played.record.entries[1], prev_hash="0" * 64)
    with pytest.raises(RecordError, match="prev_hash"):
        fresh.append(forged)


def test_opening_checks_every_32nd_state_hash_whatever_the_snapshots() -> None:
    """Format 3 keeps a state hash on every 32nd entry: opening checks it there, with
    any snapshot spacing (the tip of an unfinished game keeps none to check)."""
    record = new_record(GAME, record_id="long", seats=3, seed=21, options={"deck_size": 80})
    played = Timeline(GAME, record)
    while played.seq < 40:
        seat = played.to_move()[0]
        played.play(seat, played.legal_moves(seat)[0], move_id=f"m{played.seq}")
    entries = list(played.record.entries)
    assert entries[31].state_hash and not entries[-1].state_hash
    forged = msgspec.structs.replace(entries[31], state_hash="0" * 64)
    chained = [*entries[:31], forged]
    for entry in entries[32:]:
        chained.append(msgspec.structs.replace(entry, prev_hash=entry_hash(chained[-1])))
    bad = msgspec.structs.replace(played.record, entries=chained)
    with pytest.raises(RecordError, match="state hash differs") as info:
        Timeline(GAME, bad, snapshot_every=7)
    assert info.value.seq == 32
