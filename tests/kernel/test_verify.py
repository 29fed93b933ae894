"""Verification re-runs decide and names the first divergence."""

from __future__ import annotations

from typing import Any

import msgspec

from core.kernel import verify

from .conftest import finished_timeline
from .fixture_game import GAME, HighCard


def test_a_played_game_verifies() -> None:
    assert verify(GAME, finished_timeline(seed=31).record) is None


def test_engine_drift_is_reported_with_both_event_lists() -> None:
    class Drifted(HighCard):
        """An engine that now emits turn 2's events in the opposite order."""

        def decide(self, state: Any, seat: int, move: Any) -> list[Any]:
            events = super().decide(state, seat, move)
            return events[::-1] if state.turn == 2 else events

    played = finished_timeline(seed=31)
    first_changed = next(
        entry.seq
        for entry in played.record.entries
        if len(entry.events) > 1 and played.state_at(entry.seq - 1).turn == 2
    )
    divergence = verify(Drifted(), played.record)
    assert divergence is not None
    assert divergence.message == "the engine now gives other events"
    assert divergence.seq == first_changed
    assert divergence.actual_events == divergence.expected_events[::-1]


def test_a_forged_state_hash_is_reported_with_expected_and_actual() -> None:
    record = finished_timeline(seed=8).record
    first = next(e for e in record.entries if e.state_hash)  # format 3: not every entry
    index = first.seq - 1
    record.entries[index] = msgspec.structs.replace(first, state_hash="f" * 64)
    divergence = verify(GAME, record)
    assert divergence is not None
    assert divergence.seq == first.seq
    assert (
        divergence.message
        == f"state hash differs (after one of seqs 1-{first.seq}: those between keep none)"
    )
    assert divergence.expected_hash == "f" * 64
    assert divergence.actual_hash == first.state_hash


def test_a_move_the_engine_now_rejects_is_named() -> None:
    class Stricter(HighCard):
        def decide(self, state: Any, seat: int, move: Any) -> list[Any]:
            from core.kernel import IllegalMove

            if state.turn == 1:
                raise IllegalMove("new-rule", "turn 1 is now skipped", "HC-9")
            return super().decide(state, seat, move)

    divergence = verify(Stricter(), finished_timeline(seed=8).record)
    assert divergence is not None
    assert "the engine now rejects this move: turn 1 is now skipped [HC-9]" in divergence.message
