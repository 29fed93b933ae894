"""A world a seat cannot tell from the real game, for the search bots (Decider.determinize).

Hidden from every seat (view.py): every deck's order (wildlife, predation, plant), the
Rng and, in solo, the opponent's face-down pile above its bottom card (the harvest card,
RW-201): the order of its cards and which of them lie upside down. All are re-dealt
from the bot's Rng (`core.kernel.search.unseen`: the order depends only on which cards
are there).

The pile's cards are known (the opponent's cards not played since it was built,
RW-207), their turns are not: the world turns 2 of the 6 cards as RW-201 does, drawn
among those that may have been turned (`_may_be_turned`, every one alike: not weighed
by how likely the half each was played by makes it), and keeps those still in the pile.
So the world depends on what the view shows (the cards the opponent played, by which
half), never on how the real pile lies.
"""

from __future__ import annotations

from core.kernel import Rng
from core.kernel.search import unseen, world_rng

from .data import ACTIONS, SOLO_FLIPPED
from .solo import OPPONENT
from .state import State, copy_state


def determinize(state: State, seat: int, rng: Rng) -> State:
    world = copy_state(state)
    world.decks = [unseen(deck, rng) for deck in world.decks]
    if world.expert is not None and world.expert.deck:
        pile = world.expert.deck
        cards = [entry.split(":")[0] for entry in pile[1:]]
        played = world.players[OPPONENT].played
        turned = unseen(_may_be_turned(cards, played), rng)[:SOLO_FLIPPED]
        pile[1:] = [f"{card}:{'down' if card in turned else 'up'}" for card in unseen(cards, rng)]
    world.rng = world_rng(rng)
    return world


def _may_be_turned(pile: list[str], played: list[str]) -> list[str]:
    """The opponent's action cards that may lie upside down since its pile was built: the
    cards still in the pile, and those it played from it ("<card>:<half>") but one played
    by its top half whose bottom half is a gain. Upside down, its bottom half would have
    come first (RW-205) and a gain can always be done (RW-211): it was drawn upright."""
    drawn = [entry.split(":") for entry in played]
    return [
        *pile,
        *(
            card
            for card, half in drawn
            if card in ACTIONS and not (half == "top" and ACTIONS[card].bottom.action == "gain")
        ),
    ]
