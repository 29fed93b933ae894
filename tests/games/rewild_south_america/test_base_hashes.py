"""A base game keeps the state hashes of the engine before the expert modules: its
state has no `expert` part, so records made by main's engine replay unchanged."""

from __future__ import annotations

import pytest

from core.games.rewild_south_america import GAME
from core.kernel import Rng
from core.kernel.encoding import canonical, digest

# sha256 over the state hashes of every move of a seeded random game, and the final
# scores, computed with main's engine (commit 1c4cbfe) before the modules were added.
MAIN = {
    (2, 1): ("22adc67fd5b23981a5c61408e4422b0ec165af54102c09c5ecd230d3476f02ed", [45, 43]),
    (3, 2): ("87356d5dfeb40471ef3a4aad4669bcac0439195cedc244b5fbddd2c4601a5de1", [73, 52, 67]),
    (4, 1): ("713cb7aab59cfd38e149e08a078c61c831e0a638bee2e8f2bd40829e9a31d9ed", [83, 60, 49, 70]),
}


@pytest.mark.parametrize(("seats", "seed"), sorted(MAIN))
def test_base_games_hash_as_on_main(seats: int, seed: int) -> None:
    state = GAME.initial(GAME.setup(seats, seed, {}))
    assert state.expert is None and b'"expert"' not in canonical(state)
    rng = Rng.seeded(seed, stream=3)
    hashes = []
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        moves = GAME.legal_moves(state, seat)
        _, state = GAME.apply(state, seat, moves[rng.below(len(moves))])
        hashes.append(digest(state))
    result = GAME.outcome(state)
    assert result is not None
    assert (digest(hashes), result.scores) == MAIN[(seats, seed)]
