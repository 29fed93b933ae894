"""Bug reports re-execute exactly: crashes, rejections and divergences."""

from __future__ import annotations

from typing import Any

import msgspec

from core.kernel import Attempt, make_report, report_type, reproduce

from .conftest import finished_timeline
from .fixture_game import GAME, Draw, HighCard, Play


class Crashing(HighCard):
    """An engine with a bug: playing a 7 crashes it."""

    def decide(self, state: Any, seat: int, move: Any) -> list[Any]:
        if isinstance(move, Play) and move.card == 7:
            raise ZeroDivisionError("division by zero")
        return super().decide(state, seat, move)


def partial_game(seed: int = 13) -> Any:
    played = finished_timeline(seed=seed)
    return played.branch(4, record_id="partial")


def test_a_crash_reproduces_from_the_report_bundle() -> None:
    record = partial_game()
    from core.kernel import Timeline

    state = Timeline(GAME, record).state
    seat = GAME.to_move(state)[0]
    report = make_report(
        Crashing(),
        record,
        attempt=Attempt(seat=seat, move=Play(7)),
        note="tapped the 7",
    )
    assert report.error == "crash ZeroDivisionError: division by zero"
    decoded = msgspec.json.decode(msgspec.json.encode(report), type=report_type(GAME))
    assert reproduce(Crashing(), decoded).reproduced
    fixed = reproduce(GAME, decoded)
    assert not fixed.reproduced
    assert fixed.observed.startswith(("ok", "IllegalMove"))


def test_an_illegal_move_report_names_the_rule() -> None:
    record = partial_game()
    report = make_report(GAME, record, attempt=Attempt(seat=3, move=Draw()))
    assert report.error.startswith("IllegalMove not-your-turn")
    assert reproduce(GAME, report).reproduced


def test_a_record_that_no_longer_verifies_reproduces_as_a_divergence() -> None:
    record = partial_game()
    record.entries[1] = msgspec.structs.replace(record.entries[1], state_hash="0" * 64)
    report = make_report(GAME, record)
    assert report.error == (
        "divergence at seq 2: state hash differs (after one of seqs 1-2: those between keep none)"
    )
    result = reproduce(GAME, report)
    assert result.reproduced and result.observed == result.reported
