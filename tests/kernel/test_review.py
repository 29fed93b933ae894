"""The game review (core/kernel/review.py): deterministic, sliceable, never peeking.

Records are short games of every title played by the kernel's bots (greedy against
random, so there are good and poor moves to tell apart). The no-peeking check is the
bots' (tests/kernel/peeking.py, tests/games/test_bots_never_peek.py): at positions
where hidden pieces matter, every hidden piece is re-dealt by the title's test
`redeal` (written from the rules, never from the title's `determinize`); the review of
the move played there must be the same bytes, and everything it asks the game, as the
mover sees it, the same questions. A review fed the real deal is caught by the same
check, so the check tests something.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
import pytest

from core.games import get
from core.kernel import (
    Entry,
    Rng,
    Timeline,
    canonical,
    decode_record,
    encode_record,
    new_record,
    play_bots,
    random_bot,
)
from core.kernel.errors import KifuError
from core.kernel.review import (
    Budget,
    EntryReview,
    Judge,
    Review,
    begin_review,
    encode_review,
    judge_of,
    review,
    review_position,
    summarize,
)
from tests.games.test_bots_never_peek import REDEAL, TITLES, Peeking
from tests.kernel.fixture_game import GAME as HIGH_CARD
from tests.kernel.fixture_game import Draw, Play
from tests.kernel.peeking import questions_under_redeal

SMALL = Budget(worlds=3, effort=300, candidates=3)
"""A budget that keeps the default run short (the review's own default is larger)."""

MOVES = 24


@cache
def played(game_id: str, seed: int = 5, moves: int = MOVES) -> Timeline[Any, Any, Any]:
    """`moves` moves of a two-player game: greedy in seat 0, random in seat 1."""
    game = get(game_id)
    timeline = Timeline(game, new_record(game, record_id=f"{game_id}-{seed}", seats=2, seed=seed))
    bots = {0: game.bots()["greedy"], 1: random_bot}
    play_bots(timeline, bots, Rng.seeded(seed, 7), max_entries=moves)
    return timeline


@cache
def reviewed(game_id: str) -> Review:
    return review(played(game_id), seed=11, budget=SMALL)


def test_every_title_has_a_judge() -> None:
    """Every title's strongest bot says how it judges a state; a game whose bots do
    not (the kernel's fixture: only random) cannot be reviewed without one."""
    for game_id in TITLES:
        judge = judge_of(get(game_id))
        assert judge.name == "hard" and judge.lookahead >= 1, game_id
        searches = game_id in ("tulikko", "valley-of-the-torii")  # their hard bot searches
        assert (judge.rollout > 0) == searches, game_id
    with pytest.raises(KifuError, match="no bot"):
        judge_of(HIGH_CARD)


@pytest.mark.parametrize("game_id", TITLES)
def test_the_same_record_and_seed_give_the_same_bytes(game_id: str) -> None:
    """Reloaded from its JSON and reviewed again, a record gives the same bytes, which
    decode as a Review."""
    game = get(game_id)
    timeline = played(game_id)
    first = encode_review(reviewed(game_id))
    again = Timeline(game, decode_record(encode_record(timeline.record), game))
    assert encode_review(review(again, seed=11, budget=SMALL)) == first
    decoded = msgspec.json.decode(first, type=Review)
    assert decoded.game == game_id and len(decoded.entries) == MOVES


@pytest.mark.parametrize("game_id", TITLES)
def test_slicing_changes_nothing(game_id: str) -> None:
    """Reviewed a few moves at a time, the review is the one made in one go; progress
    counts moves reviewed."""
    reviewing = begin_review(played(game_id), seed=11, budget=SMALL)
    assert (reviewing.done, reviewing.total, reviewing.finished) == (0, MOVES, False)
    sizes = iter([1, 0, 2, 5, 3])
    while not reviewing.finished:
        before = reviewing.done
        after = reviewing.step(next(sizes, 4))
        assert before <= after <= reviewing.total
    assert reviewing.step(3) == MOVES
    assert encode_review(reviewing.result()) == encode_review(reviewed(game_id))


@pytest.mark.parametrize("game_id", TITLES)
def test_losses_are_never_negative_and_the_best_move_loses_nothing(game_id: str) -> None:
    """Every entry: loss = best - played >= 0, the best value is the top candidate's, the
    move played is among the candidates and a move as good as the best is reported as
    the best itself."""
    for entry in reviewed(game_id).entries:
        values = [candidate.value for candidate in entry.candidates]
        assert entry.loss >= 0
        assert entry.best_value == values[0] == max(values)
        tops = [canonical(c.move) for c in entry.candidates if c.value == values[0]]
        assert canonical(entry.best) in tops
        mine = [c for c in entry.candidates if canonical(c.move) == canonical(entry.played)]
        assert len(mine) == 1 and mine[0].value == entry.played_value
        assert entry.loss == round(entry.best_value - entry.played_value, 4) + 0.0
        if entry.loss == 0:
            assert canonical(entry.best) == canonical(entry.played)
        assert 1 <= entry.worlds <= SMALL.worlds
        assert len(entry.candidates) <= min(SMALL.candidates + 1, entry.choices)
        assert len(entry.values) == len(entry.leads) == 2


@pytest.mark.parametrize("game_id", TITLES)
def test_the_best_move_loses_nothing_and_a_worse_one_loses_more(game_id: str) -> None:
    """In every position of the record with a choice, the best candidate played instead
    loses 0 and the worst candidate played instead loses what separates them: the same
    worlds judge them (the entry's own Rng), so only the move played differs."""
    timeline = played(game_id)
    game = timeline.game
    judge = judge_of(game)
    checked = 0
    for entry in reviewed(game_id).entries:
        if len(entry.candidates) < 2 or entry.candidates[0].value == entry.candidates[-1].value:
            continue
        state = timeline.state_at(entry.seq - 1)
        kwargs: Any = {"seq": entry.seq, "seed": 11, "judge": judge, "budget": SMALL}
        best, worst = entry.candidates[0], entry.candidates[-1]
        as_best = review_position(game, state, entry.seat, best.move, **kwargs)
        as_worst = review_position(game, state, entry.seat, worst.move, **kwargs)
        if [c.move for c in as_best.candidates] != [c.move for c in entry.candidates]:
            continue  # the move played was judged beside the shortlist: other worlds
        assert as_best.loss == 0
        assert as_worst.loss == round(best.value - worst.value, 4) + 0.0 > 0
        assert as_worst.loss >= as_best.loss
        checked += 1
        if checked == 3:
            break
    assert checked, "no position with moves of different values"


def _mean_losses(reviews: list[Review]) -> tuple[float, float]:
    """Mean loss of greedy's moves (seat 0) and of random's (seat 1) with a choice."""
    losses: list[list[float]] = [[], []]
    for result in reviews:
        for entry in result.entries:
            if entry.choices > 1:
                losses[entry.seat].append(entry.loss)
    return sum(losses[0]) / len(losses[0]), sum(losses[1]) / len(losses[1])


@pytest.mark.parametrize("game_id", TITLES)
def test_random_moves_lose_more_than_greedy_ones(game_id: str) -> None:
    """The random bot's moves lose more on average than the greedy bot's (whose moves the
    judge, a planner on the same evaluate, mostly agrees with)."""
    greedy, random = _mean_losses([reviewed(game_id)])
    assert random > greedy, (greedy, random)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", TITLES)
def test_random_moves_lose_more_than_greedy_ones_in_longer_games(game_id: str) -> None:
    """The same over six games of 60 moves, with the review's default budget."""
    reviews = [review(played(game_id, seed, 60), seed=seed) for seed in range(6)]
    greedy, random = _mean_losses(reviews)
    assert random > greedy, (greedy, random)


# -- no peeking ---------------------------------------------------------------------------


def _hidden_matters(game_id: str, state: Any, seat: int) -> bool:
    """The seat has a choice, a re-deal changes something it cannot see, and one of its
    moves reveals something: a review that peeks has something to see."""
    game = get(game_id)
    moves = game.legal_moves(state, seat)
    if len(moves) < 2:
        return False
    if canonical(REDEAL[game_id](state, seat, Rng.seeded(3, 17))) == canonical(state):
        return False
    return any(game.reveals(event) for move in moves for event in game.decide(state, seat, move))


@cache
def hidden_positions(game_id: str, count: int = 2) -> list[tuple[Any, int, Any, int]]:
    """(state, seat, move played, seq) at the first `count` entries of the record where
    hidden pieces matter."""
    timeline = played(game_id, moves=40)
    out = []
    for entry in timeline.record.entries:
        assert isinstance(entry, Entry)  # bots play, nobody takes back
        state = timeline.state_at(entry.seq - 1)
        if _hidden_matters(game_id, state, entry.seat):
            out.append((state, entry.seat, entry.move, entry.seq))
            if len(out) == count:
                break
    assert out, "no position where hidden pieces matter"
    return out


class _Reviewer:
    """The review of one move as a bot (what `questions_under_redeal` judges): its
    'choice' is the review itself."""

    def __init__(self, judge: Judge, played: Any, seq: int) -> None:
        self.judge = judge
        self.played = played
        self.seq = seq

    def __call__(self, game: Any, state: Any, seat: int, rng: Rng) -> EntryReview:
        return review_position(
            game, state, seat, self.played, seq=self.seq, seed=11, judge=self.judge, budget=SMALL
        )


@pytest.mark.parametrize("game_id", TITLES)
def test_the_review_never_peeks(game_id: str) -> None:
    """Whatever the hidden pieces really are, the review of a move is the same bytes and
    asks the game the same questions, as the mover sees them."""
    game = get(game_id)
    judge = judge_of(game)
    for state, seat, move, seq in hidden_positions(game_id):
        reviewer = _Reviewer(judge, move, seq)
        real = encode_review_entry(reviewer(game, state, seat, Rng.seeded(0)))
        for n in range(2):
            world = REDEAL[game_id](state, seat, Rng.seeded(n, 17))
            assert canonical(game.view(world, seat)) == canonical(game.view(state, seat))
            assert encode_review_entry(reviewer(game, world, seat, Rng.seeded(0))) == real
        differences = questions_under_redeal(game, reviewer, state, seat, REDEAL[game_id])
        assert not differences, f"seq {seq}: " + "; ".join(differences)


@pytest.mark.parametrize("game_id", TITLES)
def test_a_review_fed_the_real_deal_is_caught(game_id: str) -> None:
    """The same review given the real state for a world (`Peeking`: determinize hands
    over the real deal) differs under a re-deal at some position: the check above
    would catch it."""
    game = get(game_id)
    cheat: Any = Peeking(game)
    judge = judge_of(game)
    caught = False
    for state, seat, move, seq in hidden_positions(game_id):
        reviewer = _Reviewer(judge, move, seq)
        real = encode_review_entry(reviewer(cheat, state, seat, Rng.seeded(0)))
        for n in range(3):
            world = REDEAL[game_id](state, seat, Rng.seeded(n, 17))
            caught |= encode_review_entry(reviewer(cheat, world, seat, Rng.seeded(0))) != real
        caught |= bool(questions_under_redeal(cheat, reviewer, state, seat, REDEAL[game_id]))
    assert caught, "a review of the real deal looks like an honest one here"


def encode_review_entry(entry: EntryReview) -> bytes:
    return msgspec.json.encode(entry)


# -- the record: its line, its seats, the summary -------------------------------------------


def _high_card_judge() -> Judge:
    return Judge("score", lambda state, seat: float(state.scores[seat]), 1, 0)


def test_a_take_back_cuts_the_moves_reviewed() -> None:
    """Only the moves in effect are reviewed, each in the position it was played in:
    after a take-back, the position the take-back returned to."""
    timeline: Timeline[Any, Any, Any] = Timeline(
        HIGH_CARD, new_record(HIGH_CARD, record_id="tb", seats=2, seed=4)
    )
    hand = sorted(timeline.state.hands[0])
    timeline.play(0, Play(hand[0]), move_id="a")
    timeline.take_back(0, 0, move_id="b")
    timeline.play(0, Play(hand[1]), move_id="c")
    timeline.play(0, Draw(), move_id="d")
    assert timeline.line == [0, 3, 4]
    judge = _high_card_judge()
    result = review(timeline, seed=2, judge=judge)
    assert [entry.seq for entry in result.entries] == [3, 4]
    first = review_position(
        HIGH_CARD, timeline.state_at(0), 0, Play(hand[1]), seq=3, seed=2, judge=judge
    )
    assert encode_review_entry(result.entries[0]) == encode_review_entry(first)
    assert result.entries[0].choices == 2
    assert result.entries[0].best == Play(hand[1])  # the higher card scores more


def test_a_review_is_of_the_record_as_it_was_begun() -> None:
    """Moves played while a review runs in slices are not in it: it names the tip it
    began on, and its bytes are those of a review begun after the game."""
    timeline: Timeline[Any, Any, Any] = Timeline(
        HIGH_CARD, new_record(HIGH_CARD, record_id="grow", seats=2, seed=9)
    )
    play_bots(timeline, {0: random_bot, 1: random_bot}, Rng.seeded(9, 3), max_entries=6)
    tip = timeline.tip_hash
    judge = _high_card_judge()
    whole = encode_review(review(timeline, seed=1, judge=judge))
    reviewing = begin_review(timeline, seed=1, judge=judge)
    reviewing.step(2)
    play_bots(timeline, {0: random_bot, 1: random_bot}, Rng.seeded(9, 4), max_entries=8)
    assert timeline.tip_hash != tip
    result = reviewing.result()
    assert result.tip_hash == tip and encode_review(result) == whole


def test_a_review_of_some_seats_reviews_their_moves_only() -> None:
    timeline = played("ducks-in-tow")
    mine = review(timeline, seed=11, budget=SMALL, seats=[1])
    everyone = reviewed("ducks-in-tow")
    assert [e.seq for e in mine.entries] == [e.seq for e in everyone.entries if e.seat == 1]
    assert [encode_review_entry(e) for e in mine.entries] == [
        encode_review_entry(e) for e in everyone.entries if e.seat == 1
    ]
    assert mine.summary.seats[0].moves == 0


def _entry(seq: int, seat: int, loss: float, leads: list[float], swing: float) -> EntryReview:
    return EntryReview(
        seq=seq,
        seat=seat,
        played=None,
        best=None,
        played_value=0.0,
        best_value=loss,
        loss=loss,
        choices=2,
        worlds=1,
        candidates=[],
        values=leads,
        leads=leads,
        swing=swing,
    )


def test_the_summary_lists_weakest_moves_swings_and_lead_changes() -> None:
    entries = [
        _entry(1, 0, 0.0, [1.0, -1.0], 1.0),
        _entry(2, 1, 2.5, [1.0, -1.0], 0.0),
        _entry(3, 0, 1.0, [0.0, 0.0], -1.0),  # a tie changes no lead
        _entry(4, 1, 0.5, [-2.0, 2.0], 3.0),  # seat 1 leads now
        _entry(5, 0, 1.0, [-1.0, 1.0], 1.0),
        _entry(6, 1, 2.5, [3.0, -3.0], -4.0),  # seat 0 again
    ]
    summary = summarize(entries, 2, weakest=2, swings=3)
    assert summary.seats[0].weakest == [3, 5]  # equal losses: the earlier first
    assert summary.seats[0].best_moves == 1 and summary.seats[0].moves == 3
    assert summary.seats[1].weakest == [2, 6]
    assert summary.seats[1].total_loss == 5.5 and summary.seats[1].mean_loss == round(5.5 / 3, 4)
    assert summary.swings == [6, 4, 1]
    assert summary.lead_changes == [4, 6]


def test_a_solo_game_is_reviewed_by_its_one_seat() -> None:
    """Alone at the table the lead is the seat's value itself (the search's rule)."""
    game = get("valley-of-the-torii")
    timeline = Timeline(game, new_record(game, record_id="solo", seats=1, seed=4))
    play_bots(timeline, {0: game.bots()["greedy"]}, Rng.seeded(4, 7), max_entries=8)
    result = review(timeline, seed=2, budget=SMALL)
    assert [entry.seq for entry in result.entries] == list(range(1, 9))
    for entry in result.entries:
        assert entry.leads == entry.values and len(entry.values) == 1
    assert result.summary.seats[0].moves == 8
