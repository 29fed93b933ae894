"""Property tests on the kit's conformance harness (tests/games/conformance.py), every mode.

The title is described once (SPEC): its move universe, the conservation invariant
(tiles, starting tiles, animals, combo cards), final scores recounted from the spec by
the test (helpers.spec_score, not the engine's scoring), a re-deal of everything no
seat sees (the bag's order and the Rng) for the leak checks, and the end checks.
Default: SPEC.games per mode; slow: KIFU_GAMES (1000 for the full run) per mode.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.games.whispering_woods import GAME
from core.games.whispering_woods.state import State
from core.kernel import Rng, clone

from ..conformance import Mode, TitleSpec, random_playouts, slow_games
from .helpers import check_invariants, move_universe, spec_score, spec_winners


def _redeal(state: State, seat: int | None, rng: Rng) -> State:
    """The bag's order and the Rng re-dealt: nothing any seat can see."""
    other = clone(state)
    rng.shuffle(other.bag)
    other.rng = Rng.seeded(rng.next_u32(), rng.next_u32())
    return other


def _at_end(state: State, outcome: Any) -> None:
    """WW-084: every player took the same number of turns; winners per WW-097..099;
    in solitaire the round track never holds more than the rounds available."""
    if state.solo is None:
        assert len({p.turns for p in state.players}) == 1
        assert sorted(outcome.winners) == spec_winners(state)
    else:
        s = state.solo
        assert len(s.track) + len(s.extra) <= 12 + len(s.achieved)
        assert outcome.won == s.cleared


SPEC = TitleSpec(
    game=GAME,
    options=tuple({"level": lv} for lv in range(7)),
    universe=lambda state, seat: move_universe(state),
    invariant=check_invariants,
    recount=lambda state: [spec_score(state, s) for s in range(state.seats)],
    redeal=_redeal,
    at_end=_at_end,
    rule_id=r"WW-\d{3}",
    games=3,
    slow_games=20,
    max_entries=3_000,
    check_every=7,
    agree_every=41,
)


@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_random_play_keeps_the_contract(mode: Mode) -> None:
    """WW-001 WW-084 WW-092 WW-118 WW-050: seeded random games of every mode end,
    conserve every component, never show the bag, replay == verify, and their scores
    and winners match the spec recomputed by the test (WW-093..099)."""
    random_playouts(SPEC, mode)


@pytest.mark.slow
@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_many_random_games(mode: Mode) -> None:
    """The same over KIFU_GAMES games per player count and level (1000: the full run)."""
    random_playouts(SPEC, mode, games=slow_games(SPEC), first_seed=10_000)
