"""DIT-151: a true stall ends the game, decided exactly (stall.py).

The position of the first test was found by seeded random play (the kernel's random
bot), searching for a turn where the exact test sees a stall that rules 2's
over-estimate (`loosely_stalled`) missed: about 1 turn in 5,000 of random play.
The other tests check the search on positions made of counts (its input), against a
plain search with none of its cuts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import msgspec
import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import events as ev
from core.games.ducks_in_tow.data import NCOL, TOW_SLOTS
from core.games.ducks_in_tow.scoring import DitOutcome, score
from core.games.ducks_in_tow.stall import (
    loosely_stalled,
    progress,
    shared_ducks,
    stalled,
)
from core.games.ducks_in_tow.state import State
from core.kernel import Rng, Setup, random_bot

from .helpers import conserved

# 2 players, seed 72: the game stalls when turn 843 passes, after 7,867 random moves.
SEED, LAST_TURN, MOVES = 72, 843, 7867
TURNS_2 = 873  # the turn rules 2 end that game by their own stall test


def random_game(rules_version: str, seed: int = SEED) -> Iterator[tuple[list[ev.Event], State]]:
    """A 2-player game of the kernel's random bot (its Rng: `seed`, stream 7) under
    `rules_version`: every move's events and the state after it, until the game ends."""
    state = GAME.initial(
        Setup(game="ducks-in-tow", seats=2, seed=seed, rules_version=rules_version)
    )
    rng = Rng.seeded(seed, stream=7)
    while state.phase != "over":
        seat = state.current
        events, state = GAME.apply(state, seat, random_bot(GAME, state, seat, rng))
        yield events, state


def the_stall() -> tuple[int, State]:
    """The number of moves played and the state when the game ends (current rules)."""
    played = list(random_game(""))
    return len(played), played[-1][1]


def test_dit_151_a_stall_the_over_estimate_missed_ends_the_game() -> None:
    """DIT-151: two ducks can still move, a green one on a tile and a brown one in seat
    1's tow. Seat 0 could claim F6 right after any Adopt, but an Adopt needs two ducks
    in its tow and it can never hold both: seat 1's only space of a colour it can get
    is brown, so it never frees its brown duck (an Adopt of its own keeps it, releasing
    the green one). No card needs only brown and green. The game ends as the turn
    passes, scored as usual; rules 2's over-estimate saw seat 1's duck as freed and
    played on."""
    moves, state = the_stall()
    conserved(state)
    assert (moves, state.turn, state.phase) == (MOVES, LAST_TURN, "over")
    assert (state.end_reason, state.end_trigger) == ("stall", -1)
    assert shared_ducks(state) == [0, 0, 0, 1] and not state.duck_bag
    assert [p.tow for p in state.players] == [[0, 0, 0, 0], [0, 0, 1, 0]]
    assert state.formations == ["F6"]
    assert stalled(state)
    assert not loosely_stalled(msgspec.structs.replace(state, rules_version=2))
    result = GAME.outcome(state)
    assert isinstance(result, DitOutcome) and result.end_reason == "stall"
    assert result.scores == [score(p) for p in state.players]


def test_dit_151_rules_2_played_on_where_the_stall_is_true() -> None:
    """DIT-151, the old rules at that position: a rules-2 game makes the same moves to
    the same states (bar the rules version), then plays on where rules 3 end; its
    random moves complete no card and claim no formation until rules 2's own test
    sees the stall, turns later."""
    new = random_game("")
    old = random_game("2")
    moves = 0
    for events, state in old:
        moves += 1
        _, expected = next(new)
        if expected.phase == "over":
            assert isinstance(events[-1], ev.TurnPassed) and state.turn == LAST_TURN + 1
            break
        assert msgspec.structs.replace(state, rules_version=3) == expected
    assert moves == MOVES and state.phase == "actions"
    later = list(old)
    progress_made = (ev.CardCompleted, ev.FormationClaimed)
    assert not any(isinstance(e, progress_made) for events, _ in later for e in events)
    end = later[-1][1]
    assert (end.end_reason, end.turn) == ("stall", TURNS_2)


# ---------------------------------------------------------------- the search itself

GREEN = 3


def test_dit_151_counting_the_ducks_an_adopt_strands() -> None:
    """DIT-151 on counts (the search's input): the example of the issue. Seat A tows a
    green duck, another lies loose; seat B could claim after any Adopt (a formation that
    already fits) but an Adopt needs two ducks in its tow. A frees its duck only by an
    Adopt keeping the loose one: B then gets one duck, never two. A third loose duck,
    or a second space A cannot fill, changes that."""
    g = [0] * NCOL
    g[GREEN] = 1
    one, none = tuple(g), (0,) * NCOL
    two = tuple(2 * x for x in g)
    spaces = [two, two]  # both can adopt green ducks
    fits_now = [[], [none]]  # B's formation needs no new duck
    no_cards: list[tuple[int, ...]] = []
    assert not progress(one, [one, none], spaces, fits_now, no_cards)
    assert progress(two, [one, none], spaces, fits_now, no_cards)  # a third duck
    assert progress(one, [one, none], spaces, [[], [one]], [(GREEN,)])  # a green card


def naive_progress(
    pool: tuple[int, ...],
    tows: list[tuple[int, ...]],
    spaces: list[tuple[int, ...]],
    claims: list[list[tuple[int, ...]]],
    needs: list[tuple[int, ...]],
) -> bool:
    """The abstraction searched with none of `progress`'s cuts: every feed of 0..2
    ducks per colour before an Adopt (not only what the tow lacks), every Adopt, every
    state whole."""
    n = len(tows)
    start = (pool, tuple(tows), ((0,) * NCOL,) * n)
    seen, stack = {start}, [start]
    while stack:
        pool, towed, adopted = stack.pop()
        for tow in towed:
            for colours in needs:
                missing = [c for c in colours if not tow[c]]
                if sum(tow) + len(missing) <= TOW_SLOTS and all(pool[c] for c in missing):
                    return True
        for i, tow in enumerate(towed):
            for keep in range(NCOL):
                if adopted[i][keep] >= spaces[i][keep]:
                    continue
                done = tuple(a + (c == keep) for c, a in enumerate(adopted[i]))
                for release in range(NCOL):
                    for fed in _feeds(pool, TOW_SLOTS - sum(tow)):
                        held = [t + f for t, f in zip(tow, fed, strict=True)]
                        held[keep] -= 1
                        held[release] -= 1
                        if min(held) < 0:
                            continue
                        if any(_at_least(done, need) for need in claims[i]):
                            return True
                        after = [p - f for p, f in zip(pool, fed, strict=True)]
                        after[release] += 1
                        state = (
                            tuple(after),
                            (*towed[:i], tuple(held), *towed[i + 1 :]),
                            (*adopted[:i], done, *adopted[i + 1 :]),
                        )
                        if state not in seen:
                            seen.add(state)
                            stack.append(state)
    return False


def _feeds(pool: tuple[int, ...], room: int) -> Iterator[tuple[int, ...]]:
    """Every feed of up to 2 ducks of each colour the pool has, room allowing."""
    for fed in itertools.product(range(3), repeat=NCOL):
        if sum(fed) <= room and _at_least(pool, fed):
            yield fed


def _at_least(have: tuple[int, ...], need: tuple[int, ...]) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


@pytest.mark.parametrize("seed", range(3))
def test_dit_151_the_search_s_cuts_lose_no_way_on(seed: int) -> None:
    """DIT-151: `progress` (feeds only of what a tow lacks, Adopts from the pool alone
    skipped, states merged, hopeless states cut) agrees with the plain search on small
    random positions, scarce colours making stalls common."""
    rnd = random.Random(seed)
    answers = []
    for _ in range(100):
        n = rnd.choice([2, 2, 3])
        scarce = rnd.sample(range(NCOL), 2)
        pool = tuple(
            0 if c in scarce and rnd.random() < 0.7 else rnd.randint(0, 2) for c in range(NCOL)
        )
        tows = [_counts(rnd, rnd.choice([1, 2, 4])) for _ in range(n)]
        spaces = [
            tuple(rnd.randint(0, 2) if rnd.random() < 0.6 else 0 for _ in range(NCOL))
            for _ in range(n)
        ]
        claims = [
            [
                v
                for v in (_claim(rnd, scarce) for _ in range(rnd.choice([0, 0, 1, 2])))
                if all(a <= b for a, b in zip(v, spaces[i], strict=True))
            ]
            for i in range(n)
        ]
        needs = sorted(
            {
                tuple(sorted({*rnd.sample(range(NCOL), rnd.randint(1, 3)), rnd.choice(scarce)}))
                for _ in range(rnd.randint(1, 4))
            }
        )
        expected = naive_progress(pool, tows, spaces, claims, needs)
        assert progress(pool, tows, spaces, claims, needs) == expected, (pool, tows, spaces)
        answers.append(expected)
    assert 15 <= answers.count(False) <= 85  # both answers well represented


def _counts(rnd: random.Random, most: int) -> tuple[int, ...]:
    out = [0] * NCOL
    for _ in range(rnd.randint(0, most)):
        out[rnd.randrange(NCOL)] += 1
    return tuple(out)


def _claim(rnd: random.Random, colours: list[int]) -> tuple[int, ...]:
    out = [0] * NCOL
    for _ in range(rnd.randint(0, 2)):
        out[rnd.choice(colours)] += 1
    return tuple(out)
