"""Opening a record folds into one private working copy (issue #15, the speed contract).

A StepRules title's state is copied when a loaded record reaches a snapshot or a
take-back, never once per event (nor does `state_at` copy per event); what the load
hands out is never folded into again; and the result is the state a naive
event-by-event `evolve` gives, hash for hash.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from core.kernel import Mismatch, Rng, Timeline, new_record
from core.kernel.encoding import canonical

from .counting import GAME
from .counting.rules import Counting


class CountingCopies(Counting):
    """Counting that counts its copies."""

    copies = 0

    def copy(self, state: Any) -> Any:
        type(self).copies += 1
        return super().copy(state)


def played(game: Any, moves: int, *, undo_every: int = 0) -> Any:
    timeline = Timeline(
        game, new_record(game, record_id="r", seats=2, seed=3, options={"target": 40})
    )
    rng = Rng.seeded(4)
    for n in range(moves):
        if not timeline.to_move():
            break
        seat = timeline.to_move()[0]
        timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=f"m{n}")
        if undo_every and n % undo_every == undo_every - 1:
            timeline.take_back(seat, timeline.line[-2], move_id=f"u{n}")
    return timeline.record


def naive_states(game: Any, record: Any) -> list[Any]:
    """The state after every seq, event by event through `evolve` (take-backs jump back)."""
    states = [game.initial(record.genesis.setup())]
    for entry in record.entries:
        if hasattr(entry, "events"):
            state = states[-1] if entry.seq == 1 else states[entry.seq - 1]
            for event in entry.events:
                state = game.evolve(state, event)
            states.append(state)
        else:
            states.append(states[entry.to_seq])
    return states


@pytest.mark.parametrize("undo_every", [0, 5])
def test_a_load_copies_the_state_at_snapshots_and_take_backs_only(undo_every: int) -> None:
    game = CountingCopies()
    record = played(game, 60, undo_every=undo_every)
    events = sum(len(getattr(entry, "events", ())) for entry in record.entries)
    takebacks = sum(1 for entry in record.entries if not hasattr(entry, "events"))
    CountingCopies.copies = 0
    timeline = Timeline(game, record, snapshot_every=8)
    # one after each snapshot; a take-back asks for the state it returns to twice (to
    # check the policy, then to go there) and starts a fresh working copy after it
    assert CountingCopies.copies <= 1 + len(record.entries) // 8 + 3 * takebacks < events
    naive = naive_states(GAME, record)
    for seq in range(len(record.entries) + 1):
        assert canonical(timeline.state_at(seq)) == canonical(naive[seq]), seq


def test_the_loaded_state_is_never_folded_into_again() -> None:
    record = played(GAME, 30)
    head = msgspec.structs.replace(record, entries=record.entries[:20])
    timeline = Timeline(GAME, head)
    handed_out = timeline.state
    before = canonical(handed_out)
    for entry in record.entries[20:]:
        timeline.append(entry)
    assert canonical(handed_out) == before
    assert canonical(timeline.state) == canonical(naive_states(GAME, record)[30])


def test_a_refused_append_leaves_the_state_untouched() -> None:
    record = played(GAME, 12)
    head = msgspec.structs.replace(record, entries=record.entries[:10])
    timeline = Timeline(GAME, head)
    before = canonical(timeline.state)
    bad = msgspec.structs.replace(record.entries[10], state_hash="0" * 64)
    with pytest.raises(Mismatch):
        timeline.append(bad)
    assert canonical(timeline.state) == before and timeline.seq == 10
    timeline.append(record.entries[10])
    assert timeline.seq == 11


def test_a_move_that_breaks_its_commitment_is_found_by_verify_and_check_chain() -> None:
    """A replay never reads moves, so it leaves their commitments to `verify` and
    `check_chain`, which still check every one (the chain binds move_hash)."""
    from core.kernel import RecordError, check_chain, verify

    from .counting.moves import Add

    record = played(GAME, 12)
    entry = next(e for e in record.entries[5:] if isinstance(e.move, Add))
    forged = msgspec.structs.replace(entry, move=Add(n=entry.move.n % 3 + 1))
    record.entries[entry.seq - 1] = forged
    divergence = verify(GAME, record)
    assert divergence is not None and divergence.seq == entry.seq
    assert "move_hash" in divergence.message
    with pytest.raises(RecordError, match="move_hash"):
        check_chain(record)
    with pytest.raises(RecordError, match="move_hash"):
        Timeline(GAME, record, check="hashes")


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Count the calls `module` makes to its `name` (wrapped, still called)."""
    calls: list[int] = []
    real = getattr(module, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def test_a_compact_record_is_not_chained_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the compact form re-derives every prev_hash and commitment and checks
    the chain to the stored tip; a `chained` load folds on that, re-deriving neither
    (one entry hash, the tip's, when asked) and gives what a replay gives."""
    from core.kernel import decode_compact, encode_compact, timeline

    record = played(GAME, 60, undo_every=7)
    decoded = decode_compact(encode_compact(GAME, record), GAME)
    replayed = Timeline(GAME, decoded)
    tip = replayed.tip_hash
    commitments = counting(monkeypatch, timeline, "check_commitments")
    hashes = counting(monkeypatch, timeline, "entry_hash")
    chained = Timeline(GAME, decoded, check="chained")
    assert commitments == [] and hashes == []
    assert chained.tip_hash == tip and len(hashes) == 1
    assert canonical(chained.state) == canonical(replayed.state)
    assert chained.line == replayed.line
    for seq in (0, 13, 32, 45, 60):
        assert canonical(chained.state_at(seq)) == canonical(naive_states(GAME, record)[seq])


def test_a_chained_load_still_checks_the_state_hashes() -> None:
    record = played(GAME, 40)
    at = next(e.seq for e in record.entries if e.state_hash)  # format 3: every 32nd
    record.entries[at - 1] = msgspec.structs.replace(record.entries[at - 1], state_hash="1" * 64)
    with pytest.raises(Mismatch, match="state hash differs") as caught:
        Timeline(GAME, record, check="chained")
    assert caught.value.seq == at
