"""Every title, every mode: an action has one encoding, the one `legal_moves` lists.

Near misses of listed moves (tests/games/canonical_moves.py) are refused citing a rule
of the title, or decode to a listed move; none is accepted, none crashes.
"""

from __future__ import annotations

import pytest

from tests.games.canonical_moves import assert_moves_canonical
from tests.games.conformance import Mode, TitleSpec, slow_games
from tests.games.ducks_in_tow.test_properties import SPEC as DUCKS
from tests.games.rewild_south_america.spec import SPEC as REWILD
from tests.games.tulikko.helpers import SPEC as TULIKKO
from tests.games.valley_of_the_torii.test_properties import SPEC as TORII
from tests.games.whispering_woods.test_properties import SPEC as WOODS

CASES = [
    pytest.param(spec, mode, id=f"{spec.game.info.id}-{mode}")
    for spec in (TULIKKO, DUCKS, TORII, WOODS, REWILD)
    for mode in spec.modes
]


@pytest.mark.parametrize(("spec", "mode"), CASES)
def test_near_misses_of_listed_moves_are_refused(spec: TitleSpec, mode: Mode) -> None:
    assert assert_moves_canonical(spec, mode, games=2, every=5, sample=2, checks=16) > 0


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "mode"), CASES)
def test_many_near_misses(spec: TitleSpec, mode: Mode) -> None:
    assert assert_moves_canonical(spec, mode, games=slow_games(spec), every=1, sample=6) > 0
