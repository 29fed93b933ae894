"""The score so far (issue #38 item 3): every title's view carries each board's score
as the end would count the table now, with its parts (`core.kernel.score`).

- Recomputed from the spec: at positions reached by play, every seat's running total
  equals the title's test `recount` (written from the rulebook, never from scoring.py),
  and the parts add up to it; at the end it is the outcome's score.
- Never peeks: for every re-deal of what a seat cannot see (the title's test `redeal`),
  the running score that seat receives is the same, and it is the same for every seat
  and a spectator (it counts only what lies face up).
"""

from __future__ import annotations

from typing import Any

import pytest

from core.kernel import Decider, Rng, canonical
from tests.games.ducks_in_tow.test_properties import SPEC as DUCKS
from tests.games.rewild_south_america.spec import SPEC as REWILD
from tests.games.rewild_south_america.spec import raw_scores
from tests.games.tulikko.helpers import SPEC as TULIKKO
from tests.games.valley_of_the_torii.test_properties import SPEC as TORII
from tests.games.whispering_woods.test_properties import SPEC as WOODS

SPECS = {spec.game.info.id: spec for spec in (TULIKKO, DUCKS, TORII, WOODS, REWILD)}
# (seats, options) per title: a table of two, and the solo mode where the title has one
MODES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "tulikko": [(2, {}), (3, {})],
    "ducks-in-tow": [(2, {})],
    "valley-of-the-torii": [(2, {}), (1, {})],
    "whispering-woods": [(2, {}), (1, {"level": 3})],
    "rewild-south-america": [(2, {}), (1, {})],
}
CASES = [(g, n, o) for g, modes in MODES.items() for n, o in modes]


def _recount(game_id: str, state: Any) -> list[int]:
    """The spec's scores of the boards the running score lists for seats."""
    if game_id == "rewild-south-america":
        return raw_scores(state)  # solo: the opponent's raw points too, as listed
    spec = SPECS[game_id]
    assert spec.recount is not None
    return list(spec.recount(state))


def _positions(game: Decider[Any, Any, Any, Any], seats: int, options: dict[str, Any], seed: int):
    """Every 7th position of a game played by the easy bot (it scores, where the random
    bot rarely completes anything), and the last."""
    bot = game.bots()["greedy"]
    state = game.initial(game.setup(seats, seed, options))
    rng = Rng.seeded(seed, 3)
    n = 0
    while game.to_move(state):
        if n % 7 == 0:
            yield state
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, bot(game, state, seat, rng))[1]
        n += 1
    yield state


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES)
def test_running_score_is_the_spec_count_of_the_table(
    game_id: str, seats: int, options: dict
) -> None:
    game = SPECS[game_id].game
    scored = False
    for state in (s for seed in (11, 12, 13) for s in _positions(game, seats, options, seed)):
        score = game.view(state, 0).score
        assert score is not None
        for board in score.seats:
            assert board.total == sum(p.points for p in board.parts)
        totals = [b.total for b in score.seats]
        want = _recount(game_id, state)
        assert totals[: len(want)] == want
        scored = scored or any(totals)
        outcome = game.outcome(state)
        if outcome is not None:
            assert totals[: len(outcome.scores)] == list(outcome.scores)
    assert scored, "nobody ever scored: the test checks nothing"


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES)
def test_running_score_never_peeks(game_id: str, seats: int, options: dict) -> None:
    spec = SPECS[game_id]
    assert spec.redeal is not None
    game = spec.game
    rng = Rng.seeded(5, 9)
    changed = False
    for state in _positions(game, seats, options, seed=23):
        public = canonical(game.view(state, None).score)
        for viewer in [None, *range(seats)]:
            assert canonical(game.view(state, viewer).score) == public
            for _ in range(3):
                other = spec.redeal(state, viewer, rng)
                changed = changed or canonical(other) != canonical(state)
                assert canonical(game.view(other, viewer).score) == public
    assert changed, "no re-deal changed a state: the leak check tests nothing"
