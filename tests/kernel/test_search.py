"""The kernel's search bot (core/kernel/search.py) on the fixture game.

The no-peeking check is written as a cheater would be caught: the same position
with every hidden card re-dealt (by the test's own `redeal`, not the title's
`determinize`) must give the same choice for the same bot seed. A bot that reads
hidden cards fails it.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from core.games import get
from core.kernel import Rng, Timeline, new_record, play_bots, random_bot
from core.kernel.bots import one_ply
from core.kernel.encoding import canonical
from core.kernel.search import _Search, begin, search_bot, unseen
from tests.kernel.fixture_game import GAME, Play, State
from tests.kernel.peeking import choices_under_redeal


def _positions(seeds: range, seats: int = 2) -> list[tuple[State, int]]:
    """Positions reached by random play, each with the seat to move."""
    out = []
    for seed in seeds:
        record = new_record(
            GAME,
            record_id=f"p{seed}",
            seats=seats,
            seed=seed,
            options={"deck_size": 16, "hand_size": 2},
        )
        timeline = Timeline(GAME, record)
        rng = Rng.seeded(seed, 3)
        for _ in range(seed % 7):
            if not timeline.to_move():
                break
            seat = timeline.to_move()[0]
            timeline.play(
                seat, random_bot(GAME, timeline.state, seat, rng), move_id=f"m{timeline.seq}"
            )
        if timeline.to_move():
            out.append((timeline.state, timeline.to_move()[0]))
    return out


def redeal(state: State, seat: int, rng: Rng) -> State:
    """High Card's hidden information, re-dealt from the rules (HC hands and deck)."""
    world = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    hidden = list(world.deck)
    for other, hand in enumerate(world.hands):
        if other != seat:
            hidden += hand
    rng.shuffle(hidden)
    for other, hand in enumerate(world.hands):
        if other != seat:
            world.hands[other] = [hidden.pop() for _ in hand]
    world.deck = hidden
    world.rng = Rng.seeded(rng.next_u32())
    return world


def peeking_bot(game: Any, state: State, seat: int, rng: Rng) -> Any:
    """Draws only when the deck's top card beats its hand: reads a hidden card."""
    moves = game.legal_moves(state, seat)
    if state.phase == "draw" and state.deck:
        return moves[0] if state.deck[-1] > max(state.hands[seat], default=0) else moves[-1]
    return rng.choice(moves)


BOT = search_bot(60)


def test_the_search_bot_never_peeks() -> None:
    for state, seat in _positions(range(12)):
        assert len(choices_under_redeal(GAME, BOT, state, seat, redeal, worlds=4)) == 1


def test_a_peeking_bot_is_caught() -> None:
    caught = 0
    for state, seat in _positions(range(40)):
        caught += len(choices_under_redeal(GAME, peeking_bot, state, seat, redeal, worlds=6)) > 1
    assert caught > 0


def test_same_seed_same_choice_and_the_state_untouched() -> None:
    for state, seat in _positions(range(6)):
        before = msgspec.json.encode(state)
        first = BOT(GAME, state, seat, Rng.seeded(99, 5))
        assert msgspec.json.encode(state) == before
        assert BOT(GAME, state, seat, Rng.seeded(99, 5)) == first


def test_the_search_bot_beats_random() -> None:
    wins = 0
    for seed in range(20):
        record = new_record(
            GAME,
            record_id=f"g{seed}",
            seats=2,
            seed=seed,
            options={"deck_size": 16, "hand_size": 2},
        )
        timeline = Timeline(GAME, record)
        search_seat = seed % 2
        bots = {search_seat: search_bot(200), 1 - search_seat: random_bot}
        play_bots(timeline, bots, Rng.seeded(seed, 11))
        outcome = GAME.outcome(timeline.state)
        assert outcome is not None
        wins += outcome.winners == [search_seat]
    assert wins >= 14  # random vs random wins about half


def test_unseen_depends_only_on_which_pieces() -> None:
    """A determinized world's re-deal reads no real order: any order of the same pieces
    gives the same deal for the same Rng, and the deal is those pieces."""
    pieces = [5, 3, 9, 1, 3, 7]
    deal = unseen(pieces, Rng.seeded(4))
    assert sorted(deal) == sorted(pieces)
    assert unseen(list(reversed(pieces)), Rng.seeded(4)) == deal
    assert unseen(sorted(pieces), Rng.seeded(4)) == deal
    assert any(unseen(pieces, Rng.seeded(seed)) != deal for seed in range(5, 10))


def score_so_far(state: State, seat: int) -> float:
    return float(state.scores[seat])


def test_the_root_weighs_only_the_greedy_bots_best_moves() -> None:
    """With `candidates` = 1 the search can only play the move the greedy bot scores best
    (High Card: the highest card in hand), whatever its playouts say."""
    greedy_pick = one_ply(score_so_far)
    narrow = search_bot(30, evaluate=score_so_far, rollout_depth=2, scale=3.0, candidates=1)
    checked = 0
    for state, seat in _positions(range(12)):
        if state.phase != "play" or len(set(state.hands[seat])) < 2:
            continue
        expected = greedy_pick(GAME, state, seat, Rng.seeded(1))
        assert narrow(GAME, state, seat, Rng.seeded(2)) == expected == Play(max(state.hands[seat]))
        checked += 1
    assert checked


def test_scaled_rewards_still_beat_random() -> None:
    """Cut-off playouts paid by the lead (`scale`) instead of the leaders' share."""
    wins = 0
    for seed in range(20):
        record = new_record(
            GAME,
            record_id=f"s{seed}",
            seats=2,
            seed=seed,
            options={"deck_size": 16, "hand_size": 2},
        )
        timeline = Timeline(GAME, record)
        seat = seed % 2
        bot = search_bot(100, evaluate=score_so_far, rollout_depth=20, scale=4.0)
        play_bots(timeline, {seat: bot, 1 - seat: random_bot}, Rng.seeded(seed, 11))
        outcome = GAME.outcome(timeline.state)
        assert outcome is not None
        wins += outcome.winners == [seat]
    assert wins >= 14


def test_a_search_run_in_slices_chooses_as_one_run() -> None:
    """The browser thinks in slices (it checks for an undo in between): any slicing of a
    budget gives the unsliced move and leaves the bot's Rng where one run leaves it."""
    bot = search_bot(60, evaluate=score_so_far, rollout_depth=4, scale=3.0)
    checked = 0
    for state, seat in _positions(range(10)):
        if len(GAME.legal_moves(state, seat)) < 2:
            continue
        rng = Rng.seeded(7, 5)
        whole = bot(GAME, state, seat, rng)
        after = rng.next_u32()
        for slices in ([1] * 60, [7, 13, 40], [59, 1], [200]):
            sliced_rng = Rng.seeded(7, 5)
            thinking = begin(bot, GAME, state, seat, sliced_rng)
            assert (thinking.done, thinking.total) == (0, 60)
            for size in slices:
                thinking.think(size)
            assert thinking.finished and thinking.done == 60
            assert thinking.move() == whole
            assert sliced_rng.next_u32() == after
        checked += 1
    assert checked >= 5


def test_move_runs_what_is_left_of_the_budget() -> None:
    state, seat = next((s, t) for s, t in _positions(range(10)) if len(GAME.legal_moves(s, t)) > 1)
    bot = search_bot(40)
    thinking = begin(bot, GAME, state, seat, Rng.seeded(3))
    thinking.think(15)
    assert (thinking.done, thinking.finished) == (15, False)
    assert thinking.move() == bot(GAME, state, seat, Rng.seeded(3))
    assert thinking.done == 40


def test_any_bot_can_be_begun_the_one_shot_ones_have_no_budget() -> None:
    """random and greedy decide in one go: their thinking has nothing to slice; a
    decision with one legal move is not searched either."""
    state, seat = next((s, t) for s, t in _positions(range(10)) if len(GAME.legal_moves(s, t)) > 1)
    for one_shot in (random_bot, one_ply(score_so_far)):
        thinking = begin(one_shot, GAME, state, seat, Rng.seeded(8))
        assert (thinking.done, thinking.total, thinking.finished) == (0, 0, True)
        assert thinking.move() == one_shot(GAME, state, seat, Rng.seeded(8))
    forced = next((s, t) for s, t in _positions(range(40)) if len(GAME.legal_moves(s, t)) == 1)
    thinking = begin(search_bot(50), GAME, *forced, Rng.seeded(1))
    assert (thinking.total, thinking.finished) == (0, True)
    assert thinking.move() == GAME.legal_moves(*forced)[0]


TITLES = (
    "tulikko",
    "ducks-in-tow",
    "valley-of-the-torii",
    "whispering-woods",
    "rewild-south-america",
)


def test_a_title_search_plays_its_worlds_in_place_and_leaves_the_state_untouched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A StepRules title's worlds are played in place (each is determinize's own copy):
    the real state comes out of a search unchanged, and the move is the one the search
    makes when it applies every move on a copy."""
    chosen = {}
    for game_id in TITLES:
        game = get(game_id)
        state = game.initial(game.setup(2, 4, {}))
        rng = Rng.seeded(4, 3)
        for _ in range(12):
            seat = game.to_move(state)[0]
            state = game.apply(state, seat, random_bot(game, state, seat, rng))[1]
        seat = game.to_move(state)[0]
        before = canonical(state)
        chosen[game_id] = (state, seat, SEARCH(game, state, seat, Rng.seeded(5, 1)))
        assert canonical(state) == before, game_id
    init = _Search.__init__

    def on_copies(self: _Search, game: Any, *args: Any, **kwargs: Any) -> None:
        init(self, game, *args, **kwargs)
        self.play = self.rollout_play = lambda w, s, m: game.apply(w, s, m)[1]

    monkeypatch.setattr(_Search, "__init__", on_copies)
    for game_id, (state, seat, move) in chosen.items():
        assert SEARCH(get(game_id), state, seat, Rng.seeded(5, 1)) == move, game_id


SEARCH = search_bot(12, rollout_depth=30)
