"""Every bot of every title never peeks, caught as a cheater would be.

Positions come from played games (two players). In each, every
piece of hidden information is re-dealt by the title's own test `redeal` (written
from the rules in the title's tests, never from the title's `determinize`): the
seat's view must not change, and neither may any bot's choice for the same bot seed
(tests/kernel/peeking.py). A search bot fed the real deal instead of determinized
worlds is caught by the same test. `determinize` itself is checked
directly: the world it samples is the same whatever the hidden pieces really are,
and looks to the seat exactly like the real game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from core.games import get, ids
from core.kernel import Bot, Decider, Rng, canonical, clone, random_bot
from core.kernel.bots import bots_of
from core.kernel.search import search_bot
from tests.games.ducks_in_tow.test_properties import SPEC as DUCKS
from tests.games.rewild_south_america.spec import SPEC as REWILD
from tests.games.tulikko.helpers import SPEC as TULIKKO
from tests.games.valley_of_the_torii.test_properties import SPEC as TORII
from tests.games.whispering_woods.test_properties import SPEC as WOODS
from tests.kernel.peeking import choices_under_redeal

REDEAL: dict[str, Callable[[Any, int, Rng], Any]] = {
    spec.game.info.id: spec.redeal  # type: ignore[misc]
    for spec in (TULIKKO, DUCKS, TORII, WOODS, REWILD)
}

# The five titles (other tests may register stand-in games such as the kernel's fixture).
TITLES = [game_id for game_id in ids() if game_id in REDEAL]

# How many positions each bot is judged on: the search levels cost more per choice.
POSITIONS = {"random": 8, "greedy": 4, "medium": 3, "hard": 2}


@cache
def positions(
    game_id: str, count: int = 8, seats: int = 2, options: tuple[tuple[str, Any], ...] = ()
) -> list[tuple[Any, int]]:
    """Positions of games played by the random bot (greedy play costs too much to reach
    them in the default run), each with the seat to move, where that seat has a choice
    and the re-deal changes something it cannot see."""
    game = get(game_id)
    out: list[tuple[Any, int]] = []
    for seed in range(6 * count):
        if len(out) == count:
            break
        state = game.initial(game.setup(seats, seed, dict(options)))
        rng = Rng.seeded(seed, 7)
        for _ in range(5 + 11 * (seed % 8)):
            if not game.to_move(state):
                break
            seat = game.to_move(state)[0]
            state = game.apply(state, seat, random_bot(game, state, seat, rng))[1]
        if not game.to_move(state):
            continue
        seat = game.to_move(state)[0]
        redealt = REDEAL[game_id](state, seat, Rng.seeded(seed, 17))
        if len(game.legal_moves(state, seat)) > 1 and canonical(redealt) != canonical(state):
            out.append((state, seat))
    assert len(out) == count, "too few positions with something hidden to re-deal"
    return out


CASES = [
    pytest.param(game_id, name, id=f"{game_id}-{name}")
    for game_id in TITLES
    for name in bots_of(get(game_id))
]


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_every_bot_never_peeks(game_id: str, name: str) -> None:
    game = get(game_id)
    bot = bots_of(game)[name]
    for state, seat in positions(game_id)[: POSITIONS[name]]:
        choices = choices_under_redeal(game, bot, state, seat, REDEAL[game_id], worlds=3)
        assert len(choices) == 1, f"{name} chose by what seat {seat} cannot see"


class Peeking:
    """The game as a cheater sees it: `determinize` hands over the real state, and no
    event is said to reveal anything, so a bot looking ahead folds the real draws."""

    def __init__(self, game: Decider[Any, Any, Any, Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        return clone(state)

    def reveals(self, event: Any) -> bool:
        return False


def peeking(bot: Bot) -> Bot:
    """The same bot, searching the real deal instead of worlds it may imagine, or
    looking past a draw at the real card (a planner, `one_ply`'s `foresee`)."""
    return lambda game, state, seat, rng: bot(Peeking(game), state, seat, rng)  # type: ignore[arg-type]


# The kernel's search with random playouts (no title knowledge): fed the real deal, its
# playouts draw the real cards and tiles (200 moves: Whispering Woods' refills, at the
# start of a turn, are beyond a shorter playout, and its levels plan only their own turn).
BLIND_CHEAT = peeking(search_bot(30, rollout_depth=200))


@pytest.mark.parametrize("game_id", TITLES)
def test_a_search_bot_searching_the_real_deal_is_caught(game_id: str) -> None:
    """The title's medium bot fed the real deal (and looking past draws), else the
    kernel's plain search fed it, changes its choice when the hidden pieces are
    re-dealt, somewhere."""
    game = get(game_id)
    cheats = [peeking(game.bots()["medium"]), BLIND_CHEAT]
    assert any(
        len(choices_under_redeal(game, cheat, state, seat, REDEAL[game_id], worlds=3)) > 1
        for cheat in cheats
        for state, seat in positions(game_id)
    ), "no cheater was caught: the check tests nothing"


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
    whatever the opponent's face-down pile really holds, and the medium bot's choice
    does not change when the pile (and the decks) are re-dealt."""
    game = get("rewild-south-america")
    redeal = REDEAL["rewild-south-america"]
    piles_differ = False
    for n, (state, seat) in enumerate(positions("rewild-south-america", 4, 1, SOLO_ALL_MODULES)):
        world = game.determinize(state, seat, Rng.seeded(n, 5))
        redealt = redeal(state, seat, Rng.seeded(n, 17))
        piles_differ |= canonical(redealt.expert.deck) != canonical(state.expert.deck)
        assert canonical(game.determinize(redealt, seat, Rng.seeded(n, 5))) == canonical(world)
        assert canonical(game.view(world, seat)) == canonical(game.view(state, seat))
    assert piles_differ, "no position had a pile to re-deal: the check tests nothing"
    state, seat = positions("rewild-south-america", 4, 1, SOLO_ALL_MODULES)[0]
    medium = bots_of(game)["medium"]
    assert len(choices_under_redeal(game, medium, state, seat, redeal, worlds=2)) == 1


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
