"""Seeded random games in every mode through the shared harness (tests/games/conformance.py).

After every move: conservation of every component (helpers.check_invariants), and
now and then the exhaustive legal-moves-vs-decide agreement over the move universe.
At the end: the engine's scores equal an independent recomputation from the spec
(reference.py), redacted events hide drawn tiles, replay == verify == same hash.
The default run plays GAMES_DEFAULT games per player count and mode; the slow test
plays TORII_GAMES (default 1,000) per count and mode.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.events import (
    CherryDrawn,
    CherryReplaced,
    Picked,
    VillageDrawn,
)
from core.kernel import Rng, Timeline, bots_of, new_record, play_bots

from ..conformance import random_games
from . import reference
from .helpers import assert_legal_moves_agree, check_invariants, leak_check

CUSTOM = sum(1 << data.SLOT_INDEX[s] for s in ("r2c2", "r5c1", "r1c5"))
MODES: dict[str, dict[str, Any]] = {
    "base": {},
    "rainbow": {"rainbow": True, "objectives": "B"},
    "alt1": {"board_layout": "ALT1", "objectives": "C"},
    "alt2": {"board_layout": "ALT2", "rainbow": True},
    "alt3": {"board_layout": "ALT3", "objectives": "A"},
    "custom": {"board_layout": "CUSTOM", "custom_paper": CUSTOM, "rainbow": True},
}
SOLO_MODES: dict[str, dict[str, Any]] = {
    "easy": {"difficulty": "easy"},
    "medium-rainbow": {"rainbow": True, "objectives": "B"},
    "hard-alt1": {"difficulty": "hard", "board_layout": "ALT1"},
    "alt2": {"board_layout": "ALT2", "objectives": "C"},
    "alt3-custom": {"board_layout": "CUSTOM", "custom_paper": CUSTOM},
}
CASES = [(seats, name, opts) for seats in (2, 3, 4) for name, opts in MODES.items()] + [
    (1, name, opts) for name, opts in SOLO_MODES.items()
]
GAMES_DEFAULT = 4
AGREE_EVERY = 37


class _Invariant:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: Any) -> None:
        check_invariants(state)
        self.calls += 1
        if self.calls % AGREE_EVERY == 0:
            assert_legal_moves_agree(state)


def _check_finished(timeline: Timeline[Any, Any, Any]) -> None:
    """The differential check, the end conditions and the redaction of draws."""
    state = timeline.state
    outcome = GAME.outcome(state)
    assert outcome is not None
    for b, tiles in enumerate(state.boards):
        brush = b < state.seats and state.brush_owner == b and not state.solo
        bonus = state.bonus if state.solo and b == 1 else 0
        expected = reference.total(tiles, state.objectives, state.scrolls[b], brush, bonus)
        assert outcome.sheets[b].total == expected, (b, outcome.sheets[b])
    if state.solo:
        assert outcome.won == (outcome.sheets[0].total > outcome.sheets[1].total)
        assert any(state.boards[0][i] for i in data.END_SLOTS) or state.passes
    else:
        assert len(set(state.turns)) == 1, "every artist played as many turns (TOR-101)"
        keys = [
            (
                outcome.scores[s],
                reference.torii(reference.board_dict(state.boards[s]))[1],
                state.brush_owner == s,
            )
            for s in range(state.seats)
        ]
        assert outcome.winners == [s for s in range(state.seats) if keys[s] == max(keys)]
    for entry in timeline.record.entries:
        for event in entry.events:
            for viewer in [None, *range(state.seats)]:
                seen = GAME.redact(event, viewer)
                mine = viewer == getattr(event, "seat", -9)
                if isinstance(event, VillageDrawn | CherryDrawn):
                    assert (seen.tiles is not None) == mine
                if isinstance(event, Picked | CherryReplaced):
                    assert (seen.returned is not None) == mine


def _run(seats: int, options: dict[str, Any], seeds: range, full_every: int) -> None:
    timelines = random_games(
        GAME,
        seats=seats,
        seeds=seeds,
        options=options,
        max_entries=3_000,
        invariant=_Invariant(),
        leak_check=leak_check,
        full_check_every=full_every,
    )
    for timeline in timelines:
        _check_finished(timeline)


@pytest.mark.parametrize(
    ("seats", "mode", "options"), CASES, ids=[f"{c[0]}p-{c[1]}" for c in CASES]
)
def test_random_games_keep_the_contract(seats: int, mode: str, options: dict[str, Any]) -> None:
    """TOR-001 TOR-041 TOR-101 TOR-107 TOR-126: seeded random games in every mode end,
    conserve every component, never leak a hidden tile, score as the spec says."""
    _run(seats, options, range(seats * 1000, seats * 1000 + GAMES_DEFAULT), full_every=5)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seats", "mode", "options"), CASES, ids=[f"{c[0]}p-{c[1]}" for c in CASES]
)
def test_many_random_games(seats: int, mode: str, options: dict[str, Any]) -> None:
    """The same over TORII_GAMES seeded games per player count and mode."""
    count = int(os.environ.get("TORII_GAMES", "1000"))
    _run(seats, options, range(10_000, 10_000 + count), full_every=50)


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_greedy_beats_random(seats: int) -> None:
    """Greedy (evaluate + one ply) scores more than random on average."""
    bots = bots_of(GAME)
    greedy_total = random_total = 0
    for seed in range(4):
        for greedy_seats in ((0,), (1,)) if seats > 1 else ((0,), ()):
            record = new_record(GAME, record_id=f"g{seed}", seats=seats, seed=seed)
            timeline = Timeline(GAME, record)
            seat_bots = {
                s: bots["greedy"] if s in greedy_seats else bots["random"] for s in range(seats)
            }
            play_bots(timeline, seat_bots, Rng.seeded(seed, stream=3))
            outcome = GAME.outcome(timeline.state)
            assert outcome is not None
            for s in range(seats):
                if s in greedy_seats:
                    greedy_total += outcome.scores[s]
                else:
                    random_total += outcome.scores[s]
    if seats == 1:
        assert greedy_total > random_total
    else:
        assert greedy_total > random_total / (seats - 1)


def test_legal_moves_agree_with_decide_in_every_phase() -> None:
    """TOR-020 TOR-073 TOR-079 TOR-084 TOR-085 TOR-167 TOR-170: in states of every step
    reached by random play, the listed moves are exactly the accepted ones of the move
    universe, and every refusal names a TOR rule."""
    from core.games.valley_of_the_torii.state import State

    per_phase: dict[str, list[State]] = {}
    for seed in range(40):
        state = GAME.initial(GAME.setup(2 + seed % 3, seed, {"rainbow": True}))
        rng = Rng.seeded(seed, stream=5)
        while GAME.outcome(state) is None:
            seen = per_phase.setdefault(state.phase, [])
            if len(seen) < 2:
                seen.append(state)
            seat = GAME.to_move(state)[0]
            _, state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        per_phase.setdefault("over", []).append(state)
    assert set(per_phase) == {
        "choose", "village", "reserve", "place", "rainbow", "rainbow_put", "cherry",
        "cherry_pick", "over",
    }  # fmt: skip
    for states in per_phase.values():
        for state in states[:2]:
            assert_legal_moves_agree(state)
