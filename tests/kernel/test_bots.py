"""The kernel's bot helpers (core/kernel/bots.py) on High Card and Counting."""

from __future__ import annotations

from typing import Any

import pytest

from core.kernel import Rng, canonical, clone, random_bot
from core.kernel.bots import beats, foresee, match, one_ply

from . import fixture_game as hc
from .counting import GAME as COUNTING
from .counting.bots import greedy as counting_greedy
from .counting.moves import Add
from .counting.state import State as CountingState


def _score(state: hc.State, seat: int) -> float:
    return float(state.scores[seat])


def _best_card(state: hc.State, seat: int) -> float:
    return float(max(state.hands[seat], default=0))


def _drawing(deck_top: int) -> hc.State:
    """Seat 0 to draw or pass, holding [5]; the deck's top card is `deck_top`."""
    state = hc.GAME.initial(hc.GAME.setup(2, 3, {"deck_size": 12, "hand_size": 2}))
    state = clone(state)
    rest = [card for card in range(1, 13) if card not in (5, 6, 7, deck_top)]
    state.hands, state.deck, state.phase = [[5], [6, 7]], [*rest, deck_top], "draw"
    return state


def test_one_ply_plays_the_move_whose_result_scores_best() -> None:
    bot = one_ply(_score)
    state = hc.GAME.initial(hc.GAME.setup(2, 8, {}))
    assert bot(hc.GAME, state, 0, Rng.seeded(1)) == hc.Play(max(state.hands[0]))


def test_one_ply_is_deterministic_for_a_seed_and_breaks_ties_with_its_own_rng() -> None:
    flat = one_ply(lambda state, seat: 0.0)  # every move ties
    state = hc.GAME.initial(hc.GAME.setup(3, 2, {"deck_size": 30, "hand_size": 3}))
    picks = {
        seed: [flat(hc.GAME, state, 0, Rng.seeded(seed)) for _ in range(3)] for seed in range(8)
    }
    assert picks == {
        seed: [flat(hc.GAME, state, 0, Rng.seeded(seed)) for _ in range(3)] for seed in range(8)
    }
    assert len({canonical(p[0]) for p in picks.values()}) > 1, "ties go to the bot's Rng"


def test_one_ply_never_touches_the_game_or_its_rng() -> None:
    state = hc.GAME.initial(hc.GAME.setup(2, 4, {}))
    before, rng_state = canonical(state), state.rng.state
    for seat_rng in range(5):
        one_ply(_best_card)(hc.GAME, state, 0, Rng.seeded(seat_rng))
    assert canonical(state) == before and state.rng.state == rng_state


def test_one_ply_does_not_choose_by_a_card_it_has_not_seen() -> None:
    """Scored naively (fold every event), drawing looks good exactly when the hidden top
    card beats the hand; `foresee` stops at the reveal, so the choice cannot depend on it."""

    def naive(deck_top: int) -> Any:
        state = _drawing(deck_top)
        moves = hc.GAME.legal_moves(state, 0)[::-1]  # Pass first: it wins ties
        return max(moves, key=lambda m: _best_card(hc.GAME.apply(state, 0, m)[1], 0))

    assert naive(12) == hc.Draw() and naive(1) == hc.Pass()  # the setup is sensitive
    bot = one_ply(_best_card)
    assert bot(hc.GAME, _drawing(12), 0, Rng.seeded(4)) == bot(
        hc.GAME, _drawing(1), 0, Rng.seeded(4)
    )
    after, stopped = foresee(hc.GAME, _drawing(12), 0, hc.Draw())
    assert stopped and after.hands[0] == [5]


def _near_target(seat: int = 0) -> CountingState:
    state = COUNTING.initial(COUNTING.setup(2, 1, {"target": 5}))
    for n, mover in ((2, 0), (1, 1)):
        _, state = COUNTING.apply(state, mover, Add(n))
        _, state = COUNTING.apply(state, mover, COUNTING.legal_moves(state, mover)[0])
    assert (state.total, state.current) == (3, 0)
    return state


def _wins_or_keeps_low(state: CountingState, seat: int) -> float:
    """Reaching the target is worth 10; until then a low total is better."""
    return 10.0 if state.phase == "over" and state.reached == seat else -float(state.total)


def test_a_move_that_does_not_end_the_decision_is_scored_on_the_state_it_leads_to() -> None:
    state = _near_target()
    assert one_ply(_wins_or_keeps_low)(COUNTING, state, 0, Rng.seeded(1)) == Add(1)


def test_lookahead_scores_a_move_by_its_best_continuation_in_the_same_decision() -> None:
    state = _near_target()
    assert one_ply(_wins_or_keeps_low, lookahead=1)(COUNTING, state, 0, Rng.seeded(1)) == Add(2)


def test_a_beam_looks_further_only_at_the_moves_that_score_best_one_step_ahead() -> None:
    """Add(2) wins only two steps on; one step ahead it scores below Add(1) (a higher
    total), so a beam of one never sees its continuation, and a beam of two does."""
    state = _near_target()
    assert one_ply(_wins_or_keeps_low, lookahead=1, beam=1)(
        COUNTING, state, 0, Rng.seeded(1)
    ) == Add(1)
    assert one_ply(_wins_or_keeps_low, lookahead=1, beam=2)(
        COUNTING, state, 0, Rng.seeded(1)
    ) == Add(2)
    assert one_ply(_wins_or_keeps_low, lookahead=1, beam=0)(
        COUNTING, state, 0, Rng.seeded(1)
    ) == Add(2)


def test_greedy_beats_random() -> None:
    result = match(COUNTING, counting_greedy, random_bot, games=40)
    assert result.a > result.b and sum(result) == 40
    assert beats(hc.GAME, one_ply(_score), random_bot, games=30, seats=3)
    assert not beats(COUNTING, random_bot, counting_greedy, games=40)


def test_a_match_needs_two_seats() -> None:
    with pytest.raises(ValueError, match="two seats"):
        match(hc.GAME, random_bot, random_bot, games=1, seats=1)


def test_a_planner_reads_its_last_plan_back_and_chooses_as_without_it() -> None:
    """A planner with a beam remembers what its last decision foresaw (per seat, in the
    same game object) and reads it back at the next step of the turn: Whispering Woods'
    medium foresees fewer moves (none at all at some steps: the plan before had them
    all), and chooses every move as a planner that forgets everything between
    decisions."""
    import core.kernel.bots as kernel_bots
    from core.games.whispering_woods import GAME as WOODS
    from core.games.whispering_woods.bots import evaluate

    foreseen = {"count": 0}
    real = kernel_bots.foresee

    def counting(*args: Any) -> Any:
        foreseen["count"] += 1
        return real(*args)

    remembering = one_ply(evaluate, lookahead=3, beam=3)
    state = WOODS.initial(WOODS.setup(2, 5, {}))
    rng = Rng.seeded(5, 7)
    counts = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernel_bots, "foresee", counting)
        for n in range(14):
            seat = WOODS.to_move(state)[0]
            if seat == 0:
                move = random_bot(WOODS, state, seat, rng)
            else:
                foreseen["count"] = 0
                move = remembering(WOODS, state, seat, Rng.seeded(5, n))
                remembered = foreseen["count"]
                foreseen["count"] = 0
                forgetting = one_ply(evaluate, lookahead=3, beam=3)
                assert forgetting(WOODS, state, seat, Rng.seeded(5, n)) == move
                counts.append((remembered, foreseen["count"]))
            state = WOODS.apply(state, seat, move)[1]
    assert all(remembered <= alone for remembered, alone in counts)
    assert any(remembered == 0 < alone for remembered, alone in counts), counts
    assert sum(r for r, _ in counts) < sum(a for _, a in counts), counts
