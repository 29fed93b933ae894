"""Property tests: Ducks in Tow on the shared harness (tests/games/conformance.py).

`SPEC` describes the title once; the harness plays seeded random games with
take-backs at 2, 3 and 4 players and checks the contract all along (module docstring
of conformance.py): conservation of every card, duck and food on every state
(`invariant`), legal_moves agreeing with decide over a move universe of every shape
(`move_universe`, refusals citing a DIT rule), views, legal moves and redacted events
unchanged when what a seat cannot see is re-dealt (`redeal`), no mutation, the end
reached, final scores recomputed from the spec (`recount`, not scoring.py), and
replay == verify == every stored state hash.

A random game is 1,000-40,000 moves since cards no longer run out (DIT-130; 4 players
play longest), so the default run plays one game per player count with the contract
checked every CHECK_EVERY states and the agreement every AGREE_EVERY; the slow run,
only with KIFU_GAMES set (KIFU_GAMES=1000 for the full run), plays that many per count.
"""

from __future__ import annotations

import os
from typing import Any, get_args

import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import events as ev
from core.games.ducks_in_tow import moves as mv
from core.games.ducks_in_tow.data import CARD_BY_ID, COLOURS, FORMATION_BY_ID, START_BY_ID
from core.games.ducks_in_tow.state import Phase, State, copy_state
from core.kernel import Outcome, Rng, Timeline, new_record, random_bot
from core.kernel.bots import beats
from tests.games.conformance import (
    Mode,
    TitleSpec,
    bot_playouts,
    random_playouts,
    slow_games,
)

from .helpers import conserved

MAX_ENTRIES = 100_000  # longest random 4-player game seen: ~40,000 entries
CHECK_EVERY = 40
AGREE_EVERY = 150


def invariant(state: State) -> None:
    """Conservation of every card, duck and food (helpers.conserved) and phase sanity."""
    conserved(state)
    assert state.phase in get_args(Phase) and 0 <= state.actions_left <= 4
    assert len(state.display) <= 4


def spec_scores(state: State) -> tuple[list[int], list[int]]:
    """Final scores and winners recomputed from the spec, not by scoring.py: per colour
    the longest unbroken run of printed (card data) or adopted ducks (DIT-141..143),
    plus the claimed formations' printed points (DIT-144, DIT-145); the most points win,
    then the longest row, then the next-longest, else all tied win (DIT-146..149)."""
    keys = []
    for p in state.players:
        runs = []
        for colour in COLOURS:
            best = run = 0
            for slot in p.tableau:
                card = CARD_BY_ID.get(slot.card) or START_BY_ID[slot.card]
                run = run + 1 if colour in card.ducks or slot.adopted[COLOURS.index(colour)] else 0
                best = max(best, run)
            runs.append(best)
        points = sum(runs) + sum(FORMATION_BY_ID[c.formation].points for c in p.claims)
        top = sorted(runs, reverse=True)
        keys.append((points, top[0], top[1]))
    best_key = max(keys)
    return [k[0] for k in keys], [seat for seat, k in enumerate(keys) if k == best_key]


def at_end(state: State, outcome: Outcome) -> None:
    """The winners are the spec's; the game never ended because cards ran out (DIT-130)."""
    assert outcome.winners == spec_scores(state)[1]
    assert state.end_reason in ("cards", "formations", "stall")


COUNTS = [
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [0, 1, 0, 0],
    [0, 0, 1, 0],
    [0, 0, 0, 1],
    [1, 1, 0, 0],
    [2, 0, 0, 0],
    [0, 2, 1, 0],
    [1, 0, 1, 1],
    [0, 0, 0, 3],
    [-1, 1, 0, 0],
]


def move_universe(state: State, seat: int) -> list[Any]:
    """Moves of every kind, listed or not, with in-range and out-of-range parameters."""
    p = state.players[seat]
    tiles = len(state.tiles)
    cards = sorted({*p.hand, *state.display[:2], *(s.card for s in p.tableau)})
    out: list[Any] = [
        mv.ShakeBag(),
        mv.KeepShaken(),
        mv.ReleaseShaken(),
        mv.GiftCards(),
        mv.TakeDeck(),
        mv.StopDrawing(),
        mv.FinishFood(),
        mv.EndTurn(),
    ]
    out += [mv.MovePawn(t) for t in range(-1, tiles + 1)]
    out += [mv.Disperse(t) for t in range(-1, tiles + 1)]
    out += [mv.Feed(c) for c in COUNTS] + [mv.GiftFood(c) for c in COUNTS]
    out += [mv.DropOff(c, side) for c in cards for side in ("left", "right")]
    out += [mv.TakeDisplay(c) for c in cards] + [mv.DiscardCard(c) for c in cards]
    out += [mv.ReturnFood(c) for c in (*COLOURS, "X")]
    out += [mv.Adopt(k, r, c) for k in COLOURS for r in ("Y", "G") for c in cards[:3]]
    width = len(p.tableau)
    out += [
        mv.ClaimFormation(f, column, row)
        for f in sorted(FORMATION_BY_ID)
        for column in (-1, 0, 1, width - 1)
        for row in (-1, 0, 1, 3)
    ]
    return out


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """What `seat` cannot see, dealt anew: the deck, the discard pile and the other
    hands (sizes kept), the duck bag's order and the Rng of future draws."""
    other = copy_state(state)
    hidden = [p for i, p in enumerate(other.players) if i != seat]
    pool = other.deck + other.discards + [c for p in hidden for c in p.hand]
    rng.shuffle(pool)
    for pile in [other.deck, other.discards, *(p.hand for p in hidden)]:
        pile[:] = [pool.pop() for _ in pile]
    rng.shuffle(other.duck_bag)
    other.rng = Rng.seeded(rng.below(1 << 30))
    return other


SPEC = TitleSpec(
    game=GAME,
    seats=(2, 3, 4),
    universe=move_universe,
    invariant=invariant,
    recount=lambda state: spec_scores(state)[0],
    redeal=redeal,
    at_end=at_end,
    rule_id=r"DIT-\d{3}",
    games=1,
    slow_games=2,
    max_entries=MAX_ENTRIES,
    check_every=CHECK_EVERY,
    agree_every=AGREE_EVERY,
)


@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_random_play_keeps_the_contract(mode: Mode) -> None:
    """The harness on a seeded random game per count (DIT-050 hidden hands and draws,
    DIT-131 turn order, DIT-139 the end, DIT-145 scores by the spec)."""
    random_playouts(SPEC, mode)


@pytest.mark.slow
@pytest.mark.skipif("KIFU_GAMES" not in os.environ, reason="set KIFU_GAMES (e.g. 1000)")
@pytest.mark.parametrize("mode", SPEC.modes, ids=str)
def test_many_random_games(mode: Mode) -> None:
    """KIFU_GAMES=1000 for the full run: every game ends, conserves and scores by the spec."""
    random_playouts(SPEC, mode, games=slow_games(SPEC), first_seed=10_000)


def test_reveals_flags_exactly_the_chance_events() -> None:
    """Take-backs stop at events that showed something hidden or random (DIT-050,
    DIT-117, DIT-125): deck draws, display refills, shaken and bonus ducks, dispersals,
    food refills; never at a reshuffle (its order stays hidden) or anything else."""
    (timeline,) = random_playouts(SPEC, Mode(2), games=1, first_seed=77)
    kinds = set()
    for entry in timeline.record.entries:
        for event in getattr(entry, "events", []):
            drew = isinstance(event, ev.CardDrawn | ev.BagShaken | ev.DuckDispersed)
            drew |= isinstance(event, ev.DisplayRefilled) and bool(event.cards)
            drew |= isinstance(event, ev.FoodRefilled) and bool(sum(event.food))
            drew |= isinstance(event, ev.BonusDuckDrawn) and event.colour is not None
            assert GAME.reveals(event) == drew, event
            kinds.add(type(event))
    assert ev.DeckReshuffled in kinds and ev.CardDiscarded in kinds


def test_takeback_stops_at_reveals() -> None:
    """Casual take-back undoes a Move but not a deck draw (reveals, DIT-050)."""
    record = new_record(GAME, record_id="tb", seats=2, seed=77, takeback="casual")
    timeline = Timeline(GAME, record)
    seat = timeline.to_move()[0]
    step = next(m for m in timeline.legal_moves(seat) if isinstance(m, mv.MovePawn))
    timeline.play(seat, step, move_id="a")
    assert timeline.takeback_refusal(seat, 0) is None
    timeline.play(seat, mv.ShakeBag(), move_id="b")
    refusal = timeline.takeback_refusal(seat, 1)
    assert refusal is not None and refusal.code == "takeback-revealed"


def test_friendly_takeback_stays_in_the_turn() -> None:
    """Friendly take-back: own moves of the current turn only (turn() moves at DIT-131)."""
    record = new_record(GAME, record_id="tf", seats=2, seed=78, takeback="friendly")
    timeline = Timeline(GAME, record)
    seat = timeline.to_move()[0]
    step = next(m for m in timeline.legal_moves(seat) if isinstance(m, mv.MovePawn))
    timeline.play(seat, step, move_id="a")
    assert timeline.takeback_refusal(seat, 0) is None
    assert timeline.takeback_refusal(1 - seat, 0) is not None
    while timeline.to_move() == [seat]:
        legal = timeline.legal_moves(seat)
        move = mv.EndTurn() if mv.EndTurn() in legal else legal[-1]
        timeline.play(seat, move, move_id=f"m{timeline.seq + 1}")
    assert GAME.turn(timeline.state) == 1
    refusal = timeline.takeback_refusal(seat, 1)
    assert refusal is not None and refusal.code in (
        "takeback-not-yours",
        "takeback-past-turn",
        "takeback-revealed",
    )


@pytest.mark.parametrize("seats", [2, 4])
def test_greedy_plays_legal_games(seats: int) -> None:
    """The greedy bot plays listed moves only and its games end, conserve and score by
    the spec, every seat greedy."""
    bot_playouts(SPEC, Mode(seats), GAME.bots()["greedy"], games=1, first_seed=5)


def test_greedy_beats_random() -> None:
    """The greedy bot wins more 2-player games against the kernel's random bot."""
    assert beats(GAME, GAME.bots()["greedy"], random_bot, games=6, seed=300)
