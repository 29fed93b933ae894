"""Tulikko's greedy never looks at a tile its seat has not seen.

Its one-ply score folds a move's events to score what follows (the placement after a
slide, the tokens after a placement). Two events reveal a tile: a slide uncovers the
tile hidden in the centre (TUL-018, TUL-028) and the next turn turns up the top of a
stack (TUL-026). Whatever those tiles really are, greedy must ask the game the same
questions (every state and event it passes, as the seat sees them: tests/kernel/peeking.py)
and make the same choice. Before greedy stopped at them, it folded both with the real
tiles (its choices happened not to depend on them; the questions did).
"""

from __future__ import annotations

from core.games.tulikko import GAME, data
from core.games.tulikko.bots import greedy
from core.games.tulikko.state import State, copy_state
from core.kernel import Rng, canonical, random_bot
from tests.kernel.peeking import questions


def _positions(phase: str, count: int, turn_ends: bool = False) -> list[tuple[State, int]]:
    """Positions of seeded games (greedy against random) in `phase`, one a game, with the
    seat to move; with `turn_ends`, one where one of its moves ends the turn."""
    out: list[tuple[State, int]] = []
    for seed in range(3 * count):
        if len(out) == count:
            break
        state = GAME.initial(GAME.setup(2 + seed % 3, seed, {}))
        rng = Rng.seeded(seed, 3)
        for step in range(400):
            if not GAME.to_move(state):
                break
            seat = GAME.to_move(state)[0]
            if (
                step > 10 + 9 * (seed % 5)
                and state.phase == phase
                and _ends(state, seat, turn_ends)
            ):
                out.append((state, seat))
                break
            bot = greedy if seed % 2 else random_bot
            state = GAME.apply(state, seat, bot(GAME, state, seat, rng))[1]
    assert len(out) == count
    return out


def _ends(state: State, seat: int, turn_ends: bool) -> bool:
    if not turn_ends:
        return True
    return any(
        GAME.apply(state, seat, move)[1].current != seat for move in GAME.legal_moves(state, seat)
    )


def test_tul_018_greedy_slides_by_what_it_sees_not_by_the_centre_tile() -> None:
    """TUL-018, TUL-028: every slide pushes the centre tile out onto an arm. Whichever of
    the neutral tiles nobody has seen lies in the centre, greedy asks the same questions
    and makes the same choice: it scores the placement after each slide with the tile
    the slide uncovers unseen."""
    for state, seat in _positions("slide", 6):
        unseen = sorted({state.board[data.CENTRE], *state.boxed})
        assert len(unseen) > 1
        asked = questions(GAME, greedy, state, seat)
        for tile in unseen:
            world = copy_state(state)
            pool = [state.board[data.CENTRE], *state.boxed]
            pool.remove(tile)
            world.board[data.CENTRE], world.boxed = tile, sorted(pool)
            assert canonical(GAME.view(world, seat)) == canonical(GAME.view(state, seat))
            assert questions(GAME, greedy, world, seat) == asked, tile


def test_tul_026_greedy_stops_where_the_next_turn_reveals_a_tile() -> None:
    """TUL-026: when a move ends the turn, the next seat turns up the top tile of its
    stack. Whatever order that stack is in, greedy asks the same questions and makes the
    same choice: it folds the move up to that reveal, not past it."""
    for phase in ("place", "tokens"):
        for state, seat in _positions(phase, 4, turn_ends=True):
            nxt = (seat + 1) % state.seats
            asked = questions(GAME, greedy, state, seat)
            for n in range(3):
                world = copy_state(state)
                Rng.seeded(n, 17).shuffle(world.players[nxt].stack)
                assert canonical(GAME.view(world, seat)) == canonical(GAME.view(state, seat))
                assert questions(GAME, greedy, world, seat) == asked
