"""The conformance harness (tests/games/conformance.py) on the kernel's two small games.

High Card (tests/kernel/fixture_game.py: a hand-written Decider with hidden hands and
draws) and Counting (tests/kernel/counting/: a StepRules title in the kit's shape) pass
every check; then each check is shown to fail on a copy of an engine that breaks it,
so none of them can pass vacuously.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from core.kernel import IllegalMove, Rng, TakeBack, clone
from core.kernel.bots import one_ply

from ..games.conformance import (
    Mode,
    TitleSpec,
    assert_legal_moves_agree,
    bot_playouts,
    build,
    check_state,
    play,
    played,
    random_playouts,
    refused,
    slow_games,
)
from . import fixture_game as hc
from .counting import GAME as COUNTING
from .counting.bots import greedy as counting_greedy
from .counting.data import BONUS
from .counting.moves import Add, Done
from .counting.rules import Counting
from .counting.state import State as CountingState

# -- High Card -------------------------------------------------------------------------


def high_card_universe(state: hc.State, seat: int) -> list[Any]:
    return [hc.Play(card) for card in range(-1, 33)] + [hc.Draw(), hc.Pass()]


def high_card_conserves(state: hc.State) -> None:
    """Every card is in one place; points scored plus cards left is 1 + 2 + ... + N."""
    left = state.deck + [card for hand in state.hands for card in hand]
    assert len(left) == len(set(left)) and all(card > 0 for card in left)
    total = sum(state.scores) + sum(left)
    n = math.isqrt(2 * total)
    assert n * (n + 1) // 2 == total and max(left, default=0) <= n
    assert all(len(hand) <= 3 for hand in state.hands)


def high_card_redeal(state: hc.State, seat: int | None, rng: Rng) -> hc.State:
    """The deck, the other seats' hands and the Rng, re-dealt (sizes kept)."""
    out = clone(state)
    others = [s for s in range(len(out.hands)) if s != seat]
    pool = out.deck + [card for s in others for card in out.hands[s]]
    rng.shuffle(pool)
    for s in others:
        out.hands[s] = [pool.pop() for _ in out.hands[s]]
    out.deck = pool
    out.rng = Rng.seeded(rng.next_u32(), stream=rng.below(1000))
    return out


HIGH_CARD = TitleSpec(
    game=hc.GAME,
    options=({}, {"deck_size": 30, "hand_size": 3}),
    universe=high_card_universe,
    invariant=high_card_conserves,
    redeal=high_card_redeal,
    rule_id=r"HC-\d",
    games=4,
)


@pytest.mark.parametrize("mode", HIGH_CARD.modes, ids=str)
def test_high_card_keeps_the_contract_in_random_play(mode: Mode) -> None:
    timelines = random_playouts(HIGH_CARD, mode)
    assert len(timelines) == HIGH_CARD.games


def test_modes_are_every_player_count_with_every_option_set() -> None:
    assert [str(mode) for mode in HIGH_CARD.modes] == [
        "1p",
        "1p-deck_size=30,hand_size=3",
        "2p",
        "2p-deck_size=30,hand_size=3",
        "3p",
        "3p-deck_size=30,hand_size=3",
        "4p",
        "4p-deck_size=30,hand_size=3",
    ]
    few_cards = TitleSpec(game=hc.GAME, seats=(2, 4), options=({"deck_size": 6},))
    assert [str(mode) for mode in few_cards.modes] == ["2p-deck_size=6"]  # 4 x 2 > 6 cards


def test_random_play_takes_moves_back() -> None:
    timelines = random_playouts(HIGH_CARD, Mode(2, {"deck_size": 30, "hand_size": 3}), games=12)
    takebacks = [e for t in timelines for e in t.record.entries if isinstance(e, TakeBack)]
    assert takebacks


def test_slow_runs_read_kifu_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KIFU_GAMES", raising=False)
    assert slow_games(HIGH_CARD) == HIGH_CARD.slow_games
    monkeypatch.setenv("KIFU_GAMES", "1000")
    assert slow_games(HIGH_CARD) == 1000


# -- Counting ---------------------------------------------------------------------------


def counting_universe(state: CountingState, seat: int) -> list[Any]:
    return [Add(n) for n in range(-1, 4)] + [Done()]


def counting_invariant(state: CountingState) -> None:
    assert state.total == sum(state.added) and all(n >= 0 for n in state.added)
    reached = state.total >= state.target
    assert state.phase in (("close", "over") if reached else ("add", "close")), state


def counting_recount(state: CountingState) -> list[int]:
    """CNT-6 from the spec: what each seat added, plus the bonus for the seat that
    made the last addition (the game ends on the turn that reaches the target)."""
    return [n + BONUS * (seat == state.current) for seat, n in enumerate(state.added)]


COUNTING_SPEC = TitleSpec(
    game=COUNTING,
    options=({}, {"target": 12}),
    universe=counting_universe,
    invariant=counting_invariant,
    recount=counting_recount,
    rule_id=r"CNT-\d",
    games=6,
)


@pytest.mark.parametrize("mode", COUNTING_SPEC.modes, ids=str)
def test_counting_keeps_the_contract_in_random_play(mode: Mode) -> None:
    random_playouts(COUNTING_SPEC, mode)


@pytest.mark.parametrize("mode", COUNTING_SPEC.modes, ids=str)
def test_counting_greedy_plays_legal_games(mode: Mode) -> None:
    bot_playouts(COUNTING_SPEC, mode, counting_greedy)
    bot_playouts(COUNTING_SPEC, mode, {0: counting_greedy})


def test_rule_one_liners() -> None:
    state = build(COUNTING, 2, 1, {"target": 6})
    state = play(COUNTING, state, 0, Add(2), Done())
    assert (state.total, state.current) == (2, 1)
    events, after = played(COUNTING, state, 1, Add(1))
    assert events == COUNTING.decide(state, 1, Add(1))
    assert after == play(COUNTING, state, 1, Add(1)) and after.total == 3
    refusal = refused(COUNTING, state, 1, Done(), "CNT-2", "wrong-step")
    assert refusal.message == "add 1 or 2"
    with pytest.raises(AssertionError, match="citing 'CNT-1', not CNT-2"):
        refused(COUNTING, state, 0, Add(1), "CNT-2")
    with pytest.raises(AssertionError, match="was accepted"):
        refused(COUNTING, state, 1, Add(1), "CNT-2")


# -- every check fails on an engine that breaks it --------------------------------------


class Hides(Counting):
    """Lists Add(1) only, though decide accepts Add(2)."""

    def legal_moves(self, state: CountingState, seat: int) -> list[Any]:
        return [m for m in super().legal_moves(state, seat) if m != Add(2)]


class Overpromises(Counting):
    """Lists Add(3), which decide refuses."""

    def legal_moves(self, state: CountingState, seat: int) -> list[Any]:
        moves = super().legal_moves(state, seat)
        return [*moves, Add(3)] if state.phase == "add" else moves


class CitesNothing(Counting):
    """Refuses a bad addition without naming the rule."""

    def _on_add(self, work: CountingState, seat: int, move: Add) -> Iterator[Any]:
        if move.n not in (1, 2):
            raise IllegalMove("bad-n", "add 1 or 2")
        yield from Counting._on_add(self, work, seat, move)

    handlers = {**Counting.handlers, Add: _on_add}


class RanksBackwards(Counting):
    """Says the lowest score wins, though its outcome ranks the highest first."""

    info = msgspec.structs.replace(Counting.info, lower_score_wins=True)


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (Hides(), "unlisted Add\\(n=2\\) accepted"),
        (Overpromises(), "listed Add\\(n=3\\) refused"),
        (CitesNothing(), "refused citing ''"),
    ],
)
def test_agreement_fails_on_an_engine_that_disagrees(engine: Counting, message: str) -> None:
    spec = TitleSpec(game=engine, universe=counting_universe, rule_id=r"CNT-\d")
    with pytest.raises(AssertionError, match=message):
        assert_legal_moves_agree(spec, build(engine), 2)


def test_the_differential_check_fails_on_a_wrong_recount() -> None:
    spec = TitleSpec(game=COUNTING, recount=lambda s: [n + 1 for n in counting_recount(s)])
    with pytest.raises(AssertionError, match="recounted"):
        random_playouts(spec, Mode(2))


def test_the_end_check_fails_when_ranks_contradict_lower_score_wins() -> None:
    with pytest.raises(AssertionError, match="outscored"):
        random_playouts(TitleSpec(game=RanksBackwards()), Mode(2))


def test_invariants_run_on_every_state() -> None:
    seen: list[int] = []
    random_playouts(TitleSpec(game=COUNTING, invariant=lambda s: seen.append(s.total)), Mode(2))
    assert 0 in seen and max(seen) >= 5 and len(seen) > 8


class Mutates(hc.HighCard):
    """evolve changes the state it was given (a Played event scores in place)."""

    def evolve(self, state: hc.State, event: Any) -> hc.State:
        if isinstance(event, hc.Played):
            state.scores[event.seat] += 0 * event.card + 1
        return super().evolve(state, event)


class PeeksView(hc.HighCard):
    """Shows every seat the top card of the deck."""

    def view(self, state: hc.State, seat: int | None) -> Any:
        view = super().view(state, seat)
        view.deck_size = state.deck[-1] if state.deck else 0
        return view


class PeeksMoves(hc.HighCard):
    """Offers a draw only when the top card is worth it."""

    def legal_moves(self, state: hc.State, seat: int) -> list[Any]:
        moves = super().legal_moves(state, seat)
        if state.phase == "draw" and state.deck and state.deck[-1] < 4:
            return [m for m in moves if not isinstance(m, hc.Draw)]
        return moves


class TellsDraws(hc.HighCard):
    """Sends every seat the card drawn."""

    def redact(self, event: Any, seat: int | None) -> Any:
        return event


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (Mutates(), "mutated"),
        (PeeksView(), "the view of seat .* changes"),
        (PeeksMoves(), "legal moves depend on what it cannot see"),
        (TellsDraws(), "copy of the events of .* depends on what it cannot see"),
    ],
)
def test_checks_fail_on_an_engine_that_mutates_or_leaks(engine: hc.HighCard, message: str) -> None:
    spec = TitleSpec(game=engine, redeal=high_card_redeal, games=3, takeback_odds=0)
    with pytest.raises(AssertionError, match=message):
        random_playouts(spec, Mode(3, {"deck_size": 30}))


def test_a_redeal_that_changes_nothing_is_reported() -> None:
    spec = TitleSpec(game=hc.GAME, redeal=lambda state, seat, rng: state)
    with pytest.raises(AssertionError, match="never changed a state"):
        random_playouts(spec, Mode(2))


def test_check_state_passes_on_a_fresh_game_and_reports_the_redeal() -> None:
    state = build(hc.GAME, 3, 4)
    assert check_state(HIGH_CARD, state, 3, Rng.seeded(1)) is True


def test_bot_playouts_fail_on_a_bot_that_cheats_or_touches_the_game_rng() -> None:
    def draws_from_the_game_rng(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        moves = game.legal_moves(state, seat)
        return moves[state.rng.below(len(moves))]

    def plays_anything(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        return hc.Play(99)

    spec = TitleSpec(game=hc.GAME)
    with pytest.raises(AssertionError, match="changed the state it was shown"):
        bot_playouts(spec, Mode(2), draws_from_the_game_rng)
    with pytest.raises(AssertionError, match="unlisted"):
        bot_playouts(spec, Mode(2), {1: plays_anything})


def test_a_one_ply_bot_plays_high_card() -> None:
    bot = one_ply(lambda state, seat: float(state.scores[seat]))
    bot_playouts(HIGH_CARD, Mode(3), {0: bot, 2: bot})


class RedactsInPlace(hc.HighCard):
    """Hides a drawn card by blanking the recorded event itself."""

    def redact(self, event: Any, seat: int | None) -> Any:
        if isinstance(event, hc.Drew) and event.seat != seat:
            event.card = None
        return event


def test_redact_must_not_change_the_recorded_events() -> None:
    with pytest.raises(AssertionError, match="redact mutated a recorded event"):
        random_playouts(TitleSpec(game=RedactsInPlace(), games=4), Mode(2, {"deck_size": 30}))


@pytest.mark.slow
@pytest.mark.parametrize("mode", HIGH_CARD.modes, ids=str)
def test_many_high_card_games(mode: Mode) -> None:
    """The slow run's count: KIFU_GAMES, else the spec's slow_games."""
    timelines = random_playouts(HIGH_CARD, mode, games=slow_games(HIGH_CARD), first_seed=10_000)
    assert len(timelines) == slow_games(HIGH_CARD)
