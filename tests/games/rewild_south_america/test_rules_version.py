"""Rules 2 (issue #34) beside the records of rules 1: a game records the rules it is
played under; a record made by the engine of rules 1 opens, replays to every stored
state hash and re-decides as played, while the same moves under rules 2 play the two
changes. `records/`: random-bot games (`random_bot`, Rng.seeded(seed, stream=3), no
take-backs, compact form) made by main's engine at 306573a, chosen among seeds 0..2999
(modules 1 and 2) and 1..60 (solo, module 4) as the ones reaching the changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.events import (
    ActionPlayed,
    Flipped,
    Scored,
    Switched,
    TilePlaced,
)
from core.kernel import SetupError, Timeline, decode_record, new_record, verify
from core.kernel.encoding import canonical

RECORDS = Path(__file__).parent / "records"


def old_record(name: str) -> Any:
    return decode_record((RECORDS / name).read_bytes(), GAME, "compact")


def under_current_rules(record: Any) -> Timeline[Any, Any, Any]:
    """The record's moves played again in a new game of today's rules (same seed)."""
    g = record.genesis
    timeline = Timeline(
        GAME, new_record(GAME, record_id="now", seats=g.seats, seed=g.seed, options=g.options)
    )
    for entry in record.entries:
        timeline.play(entry.seat, entry.move, move_id=f"now-{entry.seq}")
    return timeline


def test_a_game_keeps_the_rules_it_is_played_under() -> None:
    """New games are rules 2; a game with an expert part keeps the number in its state,
    rules 1 leaving it out (its encoding is what rules 1 made); a base game keeps none
    (nothing in it changed); a rules version Rewild never had is refused."""
    assert GAME.info.rules_version == "2"
    now = GAME.initial(GAME.setup(2, 1, {"expert_plants": True}))
    assert now.expert is not None and now.expert.rules_version == 2
    setup = GAME.setup(2, 1, {"expert_plants": True})
    old_setup = msgspec.structs.replace(setup, rules_version="1")
    old = GAME.initial(old_setup)
    assert old.expert is not None and old.expert.rules_version == 1
    assert b"rules_version" not in canonical(old) and b"rules_version" in canonical(now)
    base = GAME.initial(GAME.setup(2, 1, {}))
    assert base.expert is None and b"rules_version" not in canonical(base)
    with pytest.raises(SetupError):
        GAME.initial(msgspec.structs.replace(old_setup, rules_version="9"))


@pytest.mark.parametrize(
    ("name", "scores"),
    [("rules-1-switch-twice-759.kifu", [76, 60]), ("rules-1-solo-anaconda-41.kifu", [21])],
)
def test_a_record_of_rules_1_replays_and_verifies_as_played(name: str, scores: list[int]) -> None:
    """Made by the engine of rules 1: every stored state hash checks, every move
    re-decides to its stored events under its own rules, and it ends as it ended."""
    record = old_record(name)
    assert record.genesis.rules_version == "1"
    timeline = Timeline(GAME, record, check="hashes")
    assert verify(GAME, record) is None
    result = GAME.outcome(timeline.state)
    assert result is not None and result.scores == scores


def test_rw_173_the_second_switch_of_a_rules_1_game_under_rules_2() -> None:
    """RW-173, RW-175: in this random game (seed 759, modules 1 and 2) seat 0 switched
    the rock cavy to end-game at entry 25 and switched it again at entry 115. Rules 1
    left it end-game (it scored 18 at the end); under rules 2 the second switch makes it
    immediate again, so it scores 22 at once and not at the end."""
    record = old_record("rules-1-switch-twice-759.kifu")
    switches = [
        (e.seq, ev.uid) for e in record.entries for ev in e.events if isinstance(ev, Switched)
    ]
    assert switches == [(25, 1), (115, 1)]
    assert not any(isinstance(ev, Scored) for ev in record.entries[114].events)
    played = Timeline(GAME, record).state
    assert GAME.outcome(played).end_points[0].card == "W10"  # type: ignore[union-attr]
    now = under_current_rules(record)
    assert Scored(0, 22, "W10") in now.record.entries[114].events
    result = GAME.outcome(now.state)
    assert result is not None and result.scores == [80, 60]
    assert "W10" not in [p.card for p in result.end_points if p.seat == 0]  # type: ignore[attr-defined]


def test_rw_192_213_the_expert_anaconda_of_a_rules_1_game_under_rules_2() -> None:
    """RW-213, RW-192: in this random solo game (seed 41, module 4) the opponent held the
    expert green anaconda (its twin W42: 3 VP a wetland symbol) and water when it drew
    Grassland 2 turned, at the last entry. Rules 1 did not see the anaconda and placed a
    grassland; under rules 2 it flips its grassland."""
    record = old_record("rules-1-solo-anaconda-41.kifu")
    last = record.entries[-1].events
    assert [(e.card, e.half) for e in last if isinstance(e, ActionPlayed)] == [("G2", "top")]
    assert any(isinstance(e, TilePlaced) and e.seat == 1 for e in last)
    state = Timeline(GAME, record).state_at(len(record.entries) - 1)
    assert "XW10" in [c.card for c in state.players[1].cards if not c.covered]
    assert "W42" not in [c.card for c in state.players[1].cards]
    now = under_current_rules(record).record.entries[-1].events
    assert [(e.card, e.half) for e in now if isinstance(e, ActionPlayed)] == [("G2", "bottom")]
    assert any(isinstance(e, Flipped) for e in now)
    assert not any(isinstance(e, TilePlaced) and e.seat == 1 for e in now)
