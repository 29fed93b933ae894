"""Seeded random games in every mode through the kit's harness (tests/games/conformance.py).

The TitleSpec below gives the harness this title's modes (solo and 2-4 artists; the
base game, every alternative board, a custom board, the rainbow promo, the solo
difficulties), its move universe, the conservation invariant checked on every state,
the differential recount (reference.py, written from the spec, shares nothing with
the engine's scoring), the re-deal of what a seat cannot see (the bag's order, the
Rng, another artist's village or cherry draw) for the leak checks, and the end checks.
Default run: SPEC.games games per mode; slow run: KIFU_GAMES (1,000 for the issue).
"""

from __future__ import annotations

from typing import Any

import pytest

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.bots import greedy
from core.games.valley_of_the_torii.events import CherryDrawn, CherryReplaced, Picked, VillageDrawn
from core.games.valley_of_the_torii.state import State, copy_state
from core.kernel import Outcome, Rng, Timeline, new_record, play_bots, random_bot
from core.kernel.bots import beats

from ..conformance import (
    Mode,
    TitleSpec,
    assert_legal_moves_agree,
    bot_playouts,
    random_playouts,
    slow_games,
)
from . import reference
from .helpers import check_invariants, move_universe

CUSTOM = sum(1 << data.SLOT_INDEX[s] for s in ("r2c2", "r5c1", "r1c5"))
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"rainbow": True, "objectives": "B"},
    {"board_layout": "ALT1", "objectives": "C"},
    {"board_layout": "ALT2", "rainbow": True},
    {"board_layout": "ALT3", "objectives": "A", "start_player": 0},
    {"board_layout": "CUSTOM", "custom_paper": CUSTOM, "rainbow": True},
    {"difficulty": "easy"},  # solo only (check_setup refuses it with more artists)
    {"difficulty": "hard", "board_layout": "ALT1", "rainbow": True},
)


def recount(state: State) -> list[int]:
    """Final scores from the spec (TOR-107..111, TOR-152), not the engine's scoring."""
    scores = []
    for seat in range(state.seats):
        brush = state.brush_owner == seat and not state.solo
        tiles = state.boards[seat]
        scores.append(reference.total(tiles, state.objectives, state.scrolls[seat], brush))
    return scores


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """Everything `seat` cannot see, dealt again: the bag's order, the Rng, and the
    tiles another artist drew with a seal (swapped with bag tiles)."""
    other = copy_state(state)
    drawer = GAME.to_move(state)[0] if state.phase in ("village", "cherry_pick") else None
    pool = list(other.bag) + ([] if seat == drawer else list(other.drawn))
    rng.shuffle(pool)
    if seat != drawer:
        other.drawn, pool = pool[: len(other.drawn)], pool[len(other.drawn) :]
    other.bag = pool
    other.rng = Rng.seeded(rng.next_u32())
    return other


def at_end(state: State, outcome: Outcome) -> None:
    """Every board's score sheet as the spec counts it; equal turns (TOR-101); solo
    win only with more than the opponent's total (TOR-157)."""
    for board, tiles in enumerate(state.boards):
        brush = board < state.seats and state.brush_owner == board and not state.solo
        bonus = state.bonus if state.solo and board == 1 else 0
        expected = reference.total(tiles, state.objectives, state.scrolls[board], brush, bonus)
        assert outcome.sheets[board].total == expected, (board, outcome.sheets[board])  # type: ignore[attr-defined]
    if state.solo:
        assert outcome.won == (outcome.scores[0] > outcome.sheets[1].total)  # type: ignore[attr-defined]
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


SPEC = TitleSpec(
    game=GAME,
    options=OPTION_SETS,
    universe=lambda state, seat: move_universe(state),
    invariant=check_invariants,
    recount=recount,
    redeal=redeal,
    at_end=at_end,
    rule_id=r"TOR-\d{3}",
    games=2,
    slow_games=10,
    check_every=6,
    agree_every=41,
)


@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_random_play_keeps_the_contract(mode: Mode) -> None:
    """TOR-001 TOR-041 TOR-101 TOR-107 TOR-126: seeded random games in every mode end,
    conserve every component, never leak a hidden tile, score as the spec says."""
    random_playouts(SPEC, mode)


@pytest.mark.slow
@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_many_random_games(mode: Mode) -> None:
    """The same over KIFU_GAMES seeded games per player count and mode."""
    random_playouts(SPEC, mode, games=slow_games(SPEC), first_seed=10_000)


def test_redacted_draws_are_the_drawers_alone() -> None:
    """TOR-078 TOR-083: in recorded games, every seat but the drawer receives village
    and cherry draws (and the tiles sent back) without their tiles."""
    seen = set()
    for seed in range(12):
        (timeline,) = random_playouts(SPEC, Mode(3, {"rainbow": True}), games=1, first_seed=seed)
        for entry in timeline.record.entries:
            for event in getattr(entry, "events", []):  # take-backs have none
                if not isinstance(event, VillageDrawn | CherryDrawn | Picked | CherryReplaced):
                    continue
                seen.add(type(event))
                for viewer in (None, 0, 1, 2):
                    redacted = GAME.redact(event, viewer)
                    hidden = getattr(redacted, "tiles", getattr(redacted, "returned", None))
                    assert (hidden is not None) == (viewer == event.seat)
    assert seen == {VillageDrawn, Picked, CherryDrawn, CherryReplaced}


@pytest.mark.parametrize("seats", [1, 3])
def test_greedy_plays_legal_games(seats: int) -> None:
    bot_playouts(SPEC, Mode(seats), {0: greedy})


def test_greedy_beats_random() -> None:
    """The kernel's one-ply search on `evaluate` wins matches against random play,
    and scores more in solo."""
    assert beats(GAME, greedy, random_bot, games=6, seats=2)
    totals = {"greedy": 0, "random": 0}
    for seed in range(4):
        for name, bot in (("greedy", greedy), ("random", random_bot)):
            timeline = Timeline(GAME, new_record(GAME, record_id=f"s{seed}", seats=1, seed=seed))
            play_bots(timeline, {0: bot}, Rng.seeded(seed, stream=3))
            outcome = GAME.outcome(timeline.state)
            assert outcome is not None
            totals[name] += outcome.scores[0]
    assert totals["greedy"] > totals["random"]


def test_legal_moves_agree_with_decide_in_every_phase() -> None:
    """TOR-020 TOR-073 TOR-079 TOR-084 TOR-085 TOR-167 TOR-170: in states of every step
    reached by random play, the listed moves are exactly the accepted ones of the move
    universe, and every refusal names a TOR rule."""
    per_phase: dict[str, list[tuple[State, int]]] = {}
    for seed in range(40):
        seats = 2 + seed % 3
        state = GAME.initial(GAME.setup(seats, seed, {"rainbow": True}))
        rng = Rng.seeded(seed, stream=5)
        while GAME.outcome(state) is None:
            seen = per_phase.setdefault(state.phase, [])
            if len(seen) < 2:
                seen.append((state, seats))
            seat = GAME.to_move(state)[0]
            _, state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        per_phase.setdefault("over", []).append((state, seats))
    assert set(per_phase) == {
        "choose", "village", "reserve", "place", "rainbow", "rainbow_put", "cherry",
        "cherry_pick", "over",
    }  # fmt: skip
    for states in per_phase.values():
        for state, seats in states[:2]:
            assert_legal_moves_agree(SPEC, state, seats)
