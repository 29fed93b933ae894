"""Rewild's levels: hard plans the turn further than medium (their strength against
greedy: bench/bench_bots.py); what a search bot's world may know of the solo opponent's
pile (determinize), and the re-deal the no-peeking test uses for Rewild."""

from __future__ import annotations

from itertools import combinations

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.data import ACTIONS, CARDS, SOLO_FLIPPED
from core.games.rewild_south_america.determinize import _may_be_turned as may_be_turned
from core.games.rewild_south_america.solo import OPPONENT
from core.games.rewild_south_america.state import State, copy_state
from core.kernel import Rng, bots_of, canonical, random_bot
from tests.games.bot_turns import rest_of_turn

from .helpers import fresh
from .spec import redeal as redeal_decks


def test_hard_weighs_a_card_its_tile_and_what_they_attract_together() -> None:
    """Seed 0, the first turn: looking one move past the action card (its tile), medium
    places a shrubland and attracts nothing. Hard, three moves past it, plays a grassland
    whose tile makes room for a displayed animal (RW-101) and then puts a predation card
    on top of that animal (RW-108): two cards and more VP in the same turn."""
    bots = bots_of(GAME)
    state = GAME.initial(GAME.setup(2, 0, {}))
    seat = GAME.to_move(state)[0]
    medium = rest_of_turn(GAME, state, seat, bots["medium"])[0].players[seat]
    hard = rest_of_turn(GAME, state, seat, bots["hard"])[0].players[seat]
    assert medium.cards == []
    prey, predator = hard.cards
    assert CARDS[prey.card].deck == "wildlife" and prey.biome == "G" and prey.covered
    assert CARDS[predator.card].deck == "predation" and predator.on == prey.uid
    assert hard.score > medium.score


# -- what the bots may imagine of the solo opponent's pile (RW-201) -----------------------


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """The spec's re-deal (every deck's order, the Rng, the order of the opponent's pile)
    and, in solo, which cards of that pile lie upside down (RW-201): the view shows
    neither. As many turned as the view allows: at most 2, at least 2 less the cards
    played from the pile that may have been turned (not one played by its top half over
    a gain half: that one was upright, RW-205)."""
    other = redeal_decks(state, seat, rng)
    if other.expert is None or not other.expert.deck:
        return other
    pile = other.expert.deck
    cards = [entry.split(":")[0] for entry in pile[1:]]
    drawn = [entry.split(":") for entry in other.players[OPPONENT].played]
    upright = sum(half == "top" and ACTIONS[card].bottom.action == "gain" for card, half in drawn)
    least, most = max(0, SOLO_FLIPPED - (len(drawn) - upright)), min(SOLO_FLIPPED, len(cards))
    turned = least + rng.below(most - least + 1)
    places = list(range(len(cards)))
    rng.shuffle(places)
    pile[1:] = [
        f"{card}:{'down' if i in places[:turned] else 'up'}" for i, card in enumerate(cards)
    ]
    return other


def _turned(state: State) -> list[str]:
    assert state.expert is not None
    return sorted(entry.split(":")[0] for entry in state.expert.deck if entry.endswith(":down"))


def test_rw_201_worlds_do_not_know_which_of_the_opponents_cards_are_turned() -> None:
    """RW-201: the opponent's pile is face down, so which 2 of its 6 cards lie upside down
    is hidden. Whichever they really are (all 15 pairs look the same to the seat), a search
    bot's world is the same; across worlds each card is sometimes the turned one."""
    state = fresh(1, 7)
    assert state.expert is not None and len(state.expert.deck) == 7
    view = canonical(GAME.view(state, 0))
    worlds = set()
    for pair in combinations(range(1, 7), SOLO_FLIPPED):
        other = copy_state(state)
        assert other.expert is not None
        other.expert.deck[1:] = [
            f"{entry.split(':')[0]}:{'down' if i in pair else 'up'}"
            for i, entry in enumerate(state.expert.deck[1:], 1)
        ]
        assert canonical(GAME.view(other, 0)) == view
        worlds.add(canonical(GAME.determinize(other, 0, Rng.seeded(3, 5))))
    assert len(worlds) == 1
    imagined = [_turned(GAME.determinize(state, 0, Rng.seeded(n, 5))) for n in range(40)]
    assert all(len(turned) == SOLO_FLIPPED for turned in imagined)
    assert {card for turned in imagined for card in turned} == set(ACTIONS)


def _after_drawing(entry: str) -> State:
    """Solo, the opponent having drawn and played one card, "<card>:<half>"."""
    state = fresh(1, 7)
    assert state.expert is not None
    card = entry.split(":", maxsplit=1)[0]
    state.expert.deck = [e for e in state.expert.deck if not e.startswith(card + ":")]
    state.players[OPPONENT].hand.remove(card)
    state.players[OPPONENT].played = [entry]
    return state


def test_rw_205_a_card_played_by_its_top_half_over_a_gain_was_upright() -> None:
    """RW-205, RW-211: the opponent played Shrubland 1 by its top half; upside down, its
    bottom half (a gain, always possible) would have come first, so it was upright and
    both turned cards are still in its pile, in every world. Shrubland 2 by its top half
    (its bottom, an extension, may fail, RW-212) may have been turned: worlds hold one or
    two turned cards."""
    upright = _after_drawing("S1:top")
    assert {len(_turned(GAME.determinize(upright, 0, Rng.seeded(n, 5)))) for n in range(40)} == {
        SOLO_FLIPPED
    }
    either = _after_drawing("S2:top")
    assert {len(_turned(GAME.determinize(either, 0, Rng.seeded(n, 5)))) for n in range(40)} == {
        1,
        2,
    }
    for state in (upright, either):  # the test's re-deal stays in what the view allows
        for n in range(20):
            other = redeal(state, 0, Rng.seeded(n, 17))
            assert canonical(GAME.view(other, 0)) == canonical(GAME.view(state, 0))
            assert len(_turned(other)) <= SOLO_FLIPPED
    assert all(len(_turned(redeal(upright, 0, Rng.seeded(n, 17)))) == 2 for n in range(20))


def test_rw_201_205_what_the_view_tells_of_the_turned_cards_holds_in_play() -> None:
    """RW-201, RW-205: in seeded solo games (random play), at every decision of the seat
    the cards really turned are among those `determinize` may turn, which are at least
    2: what it reads from the view (a card played by its top half over a gain half was
    upright) never rules out the truth."""
    checked = 0
    for seed in range(6):
        state = GAME.initial(GAME.setup(1, seed, {}))
        rng = Rng.seeded(seed, 7)
        while GAME.to_move(state):
            assert state.expert is not None
            cards = [entry.split(":")[0] for entry in state.expert.deck[1:]]
            may = may_be_turned(cards, state.players[OPPONENT].played)
            assert set(_turned(state)) <= set(may) and len(may) >= SOLO_FLIPPED
            checked += 1
            seat = GAME.to_move(state)[0]
            state = GAME.apply(state, seat, random_bot(GAME, state, seat, rng))[1]
    assert checked > 100
