"""Every bot of every title never peeks, caught as a cheater would be.

Positions come from played games (two players), chosen where hidden pieces matter: a
pile or bag still well filled (10-60% of the way through a game) and a draw pending
(one of the seat's moves reveals something). In each, every piece of hidden
information is re-dealt by the title's own test `redeal` (written from the rules in the
title's tests, never from the title's `determinize`): the seat's view must not change,
and neither may anything a bot asks the game while it decides, for the same bot seed:
every state it passes to `legal_moves`, `decide`, `evolve`, `apply`, `view`... and
every state it is handed back to evaluate, as the seat sees each, nor its choice
(tests/kernel/peeking.py). A bot fed the real deal instead of worlds it may imagine,
and looking past draws, is caught by the same test at every position, in every title.
`determinize` itself is checked directly: the world it samples is the same whatever
the hidden pieces really are, and looks to the seat exactly like the real game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from core.games import get, ids
from core.kernel import Bot, Decider, Rng, canonical, clone, random_bot
from core.kernel.bots import bots_of
from core.kernel.search import SearchBot, search_bot
from tests.games.ducks_in_tow.test_properties import SPEC as DUCKS
from tests.games.rewild_south_america.test_bots import redeal as rewild_redeal
from tests.games.tulikko.helpers import SPEC as TULIKKO
from tests.games.valley_of_the_torii.test_properties import SPEC as TORII
from tests.games.whispering_woods.test_properties import SPEC as WOODS
from tests.kernel.peeking import Parted, questions, questions_under_redeal

REDEAL: dict[str, Callable[[Any, int, Rng], Any]] = {
    spec.game.info.id: spec.redeal  # type: ignore[misc]
    for spec in (TULIKKO, DUCKS, TORII, WOODS)
}
# Rewild's SPEC re-deals the decks and the order of the solo opponent's pile; the
# bots' test also re-deals which of that pile's cards lie upside down (RW-201).
REDEAL["rewild-south-america"] = rewild_redeal

# The five titles (other tests may register stand-in games such as the kernel's fixture).
TITLES = [game_id for game_id in ids() if game_id in REDEAL]

COUNT = 9  # positions a title


def _played(
    game: Decider[Any, Any, Any, Any], seats: int, seed: int, options: dict[str, Any]
) -> list[tuple[Any, int]]:
    """Every position of a game played by the random bot, with the seat to move."""
    state = game.initial(game.setup(seats, seed, options))
    rng = Rng.seeded(seed, 7)
    out = []
    while game.to_move(state):
        seat = game.to_move(state)[0]
        out.append((state, seat))
        state = game.apply(state, seat, random_bot(game, state, seat, rng))[1]
    return out


def _hidden_matters(game_id: str, state: Any, seat: int, seed: int) -> bool:
    """The seat has a choice, the re-deal changes something it cannot see, and one of its
    moves reveals something (a draw pending): a bot that peeks has something to see."""
    game = get(game_id)
    moves = game.legal_moves(state, seat)
    if len(moves) < 2:
        return False
    if canonical(REDEAL[game_id](state, seat, Rng.seeded(seed, 17))) == canonical(state):
        return False
    return any(game.reveals(event) for move in moves for event in game.decide(state, seat, move))


@cache
def positions(
    game_id: str, count: int = COUNT, seats: int = 2, options: tuple[tuple[str, Any], ...] = ()
) -> list[tuple[Any, int]]:
    """Positions of games played by the random bot (greedy play costs too much to reach
    them in the default run), one a game, each with the seat to move: the first, from
    10% to 60% of the way through the game (its piles still well filled), where hidden
    pieces matter (`_hidden_matters`)."""
    game = get(game_id)
    out: list[tuple[Any, int]] = []
    for seed in range(4 * count):
        if len(out) == count:
            break
        played = _played(game, seats, seed, dict(options))
        start = len(played) * (1 + seed % 6) // 10
        for state, seat in played[start:]:
            if _hidden_matters(game_id, state, seat, seed):
                out.append((state, seat))
                break
    assert len(out) == count, "too few positions where hidden pieces matter"
    return out


def _budget(bot: Bot, name: str) -> tuple[int, int]:
    """Positions and re-deals a bot is judged on in the default run: every position
    twice, but for the searches (0.2-2 s a choice when every question is logged):
    medium on 3 positions, hard on 1, once each (the slow run judges them on all)."""
    if not isinstance(bot, SearchBot):
        return COUNT, 2
    return (1, 1) if name == "hard" else (3, 1)


CASES = [
    pytest.param(game_id, name, id=f"{game_id}-{name}")
    for game_id in TITLES
    for name in bots_of(get(game_id))
]


def _never_peeks(game_id: str, name: str, count: int, worlds: int) -> None:
    game = get(game_id)
    bot = bots_of(game)[name]
    for n, (state, seat) in enumerate(positions(game_id)[:count]):
        differences = questions_under_redeal(game, bot, state, seat, REDEAL[game_id], worlds=worlds)
        assert not differences, f"{name}, position {n}: asked by what seat {seat} cannot see: " + (
            "; ".join(differences)
        )


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_every_bot_never_peeks(game_id: str, name: str) -> None:
    """Whatever the hidden pieces really are, the bot asks the game the same questions,
    as its seat sees them, and makes the same choice."""
    _never_peeks(game_id, name, *_budget(bots_of(get(game_id))[name], name))


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_every_bot_never_peeks_everywhere(game_id: str, name: str) -> None:
    """The same at every position, re-dealt three times, for the searches too."""
    _never_peeks(game_id, name, COUNT, 3)


class Peeking:
    """The game as a cheater sees it: `determinize` hands over the real state (drawing
    from the bot's Rng as the honest one does, so the cheat differs in nothing else),
    and no event is said to reveal anything, so a bot looking ahead folds the real
    draws."""

    def __init__(self, game: Decider[Any, Any, Any, Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        self.game.determinize(state, seat, rng)
        return clone(state)

    def reveals(self, event: Any) -> bool:
        return False


def caught(game_id: str, bot: Bot, state: Any, seat: int) -> tuple[bool, bool]:
    """Whether `bot` fed the real deal (`Peeking`) asks anything the honest bot does not
    (the cheat changes something), and whether a re-deal shows it (it is caught)."""
    game = get(game_id)
    cheat: Any = Peeking(game)
    asked = questions(cheat, bot, state, seat)
    try:
        changed = questions(game, bot, state, seat, expected=asked[1])[0] != asked[0]
    except Parted:
        changed = True
    seen = questions_under_redeal(
        cheat, bot, state, seat, REDEAL[game_id], worlds=3, first=True, asked=asked
    )
    return changed, bool(seen)


# The kernel's search with random playouts (no title knowledge): fed the real deal, its
# playouts draw the real cards and tiles (200 moves: Whispering Woods' refills, at the
# start of a turn, are beyond a shorter playout, and its levels plan only their own turn).
BLIND = search_bot(30, rollout_depth=200)


def _cheats_caught(game_id: str, blind: int) -> None:
    game = get(game_id)
    cheats: dict[str, Bot] = {"medium": game.bots()["medium"], "blind search": BLIND}
    for n, (state, seat) in enumerate(positions(game_id)):
        for name, bot in cheats.items():
            if name == "blind search" and n >= blind:
                continue
            changed, seen = caught(game_id, bot, state, seat)
            assert changed, f"{name}, position {n}: the cheat changes nothing (no draw here)"
            assert seen, f"{name}, position {n}: asks by the real deal and was not caught"


@pytest.mark.parametrize("game_id", TITLES)
def test_a_bot_fed_the_real_deal_is_caught_everywhere(game_id: str) -> None:
    """The title's medium bot fed the real deal (a search's worlds are the real state, a
    planner looks past draws) asks something else than the honest one at every
    position (a draw is pending at each), and a re-deal catches it at every one; so
    does the kernel's plain search fed the real deal, at the first two (all: slow)."""
    _cheats_caught(game_id, 2)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", TITLES)
def test_a_blind_search_fed_the_real_deal_is_caught_everywhere(game_id: str) -> None:
    """The kernel's plain search fed the real deal is caught at every position too."""
    _cheats_caught(game_id, COUNT)


@pytest.mark.parametrize("game_id", TITLES)
def test_determinize_reads_only_the_seats_view(game_id: str) -> None:
    """The sampled world is one function of the seat's view and the bot's Rng: the same
    world whatever the hidden pieces really are; the seat sees in it what it sees in
    the game, with the same legal moves; the real state is left untouched."""
    game = get(game_id)
    for n, (state, seat) in enumerate(positions(game_id)):
        before = canonical(state)
        world = game.determinize(state, seat, Rng.seeded(n, 5))
        assert canonical(state) == before
        redealt = REDEAL[game_id](state, seat, Rng.seeded(n, 17))
        assert canonical(game.determinize(redealt, seat, Rng.seeded(n, 5))) == canonical(world)
        assert canonical(game.view(world, seat)) == canonical(game.view(state, seat))
        assert game.legal_moves(world, seat) == game.legal_moves(state, seat)
        assert canonical(world) != canonical(game.determinize(state, seat, Rng.seeded(n, 6)))


# Solo Rewild with every expert module: the opponent's face-down pile is hidden beside
# the decks (RW-201).
SOLO_ALL_MODULES = (
    ("long_game", True),
    ("expert_plants", True),
    ("expert_board", True),
    ("expert_cards", True),
)


def test_rewild_solo_worlds_re_deal_the_opponents_pile() -> None:
    """With the solo opponent and every module on, `determinize` samples the same world
    whatever the opponent's face-down pile really holds, in whatever order and whichever
    of its cards lie upside down (RW-201), and no bot asks or chooses by it."""
    game = get("rewild-south-america")
    redeal = REDEAL["rewild-south-america"]
    solo = positions("rewild-south-america", 4, 1, SOLO_ALL_MODULES)
    piles_differ = turns_differ = False
    for n, (state, seat) in enumerate(solo):
        world = game.determinize(state, seat, Rng.seeded(n, 5))
        redealt = redeal(state, seat, Rng.seeded(n, 17))
        piles_differ |= canonical(redealt.expert.deck) != canonical(state.expert.deck)
        turns_differ |= sorted(redealt.expert.deck) != sorted(state.expert.deck)
        assert canonical(game.determinize(redealt, seat, Rng.seeded(n, 5))) == canonical(world)
        assert canonical(game.view(world, seat)) == canonical(game.view(state, seat))
    assert piles_differ and turns_differ, "no pile to re-deal: the check tests nothing"
    for name, bot in bots_of(game).items():
        for state, seat in solo:
            assert not questions_under_redeal(game, bot, state, seat, redeal), name


SOLO_MODES = [
    pytest.param(game_id, name, id=f"{game_id}-{name}")
    for game_id in TITLES
    if get(game_id).info.solo
    for name in ("medium",)
]


@pytest.mark.parametrize(("game_id", "name"), SOLO_MODES)
def test_search_bots_play_a_solo_game(game_id: str, name: str) -> None:
    """Alone at the table (a solo opponent run by the rules, or a solitaire level), a
    search bot still chooses a legal move: no other seat to lead, a won or lost end."""
    game = get(game_id)
    bot = bots_of(game)[name]
    state = game.initial(game.setup(1, 3, {}))
    rng = Rng.seeded(3, 9)
    for _ in range(4):
        if not game.to_move(state):
            break
        seat = game.to_move(state)[0]
        move = bot(game, state, seat, rng)
        assert move in game.legal_moves(state, seat)
        state = game.apply(state, seat, move)[1]


def _keeps_the_copy(game: Any, state: Any, seat: int, rng: Rng) -> Any:
    """A cheat that foresees each move as `foresee` does, on a copy played in place, but
    keeps that copy when the move revealed something (`foresee` drops it) and asks what
    follows in it."""
    moves = game.legal_moves(state, seat)
    after = []
    for move in moves:
        work = game.copy(state)
        game.play_in_place(work, seat, move)
        after.append(len(game.to_move(work)))
    return moves[after.index(max(after))]


@pytest.mark.parametrize("game_id", TITLES)
def test_a_copy_played_in_place_past_a_reveal_is_caught(game_id: str) -> None:
    """A state a bot played a move on in place (`play_in_place`, as `foresee` does) is
    judged by what it holds afterwards (tests/kernel/peeking.py): a bot that asks about
    that copy after the move revealed something is caught at the positions where a draw
    is pending, while `foresee`'s copies (dropped at a reveal) pass (the bots above)."""
    game = get(game_id)
    caught = [
        bool(questions_under_redeal(game, _keeps_the_copy, state, seat, REDEAL[game_id]))
        for state, seat in positions(game_id)[:3]
    ]
    assert any(caught), caught
