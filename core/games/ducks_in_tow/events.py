"""Ducks in Tow events: a tagged union. Colour counts are 4 ints (Y, O, B, G).

Events that carry hidden information (`CardDrawn.card`, `CardDiscarded.card`)
hold None in the copies other seats receive (view.redact).
"""

from __future__ import annotations

import msgspec


class PawnMoved(msgspec.Struct, tag="pawn-moved", frozen=True):
    seat: int
    to: int


class DucksFed(msgspec.Struct, tag="ducks-fed", frozen=True):
    seat: int
    ducks: list[int]


class BagShaken(msgspec.Struct, tag="bag-shaken", frozen=True):
    seat: int
    colour: str


class ShakenKept(msgspec.Struct, tag="shaken-kept", frozen=True):
    seat: int


class ShakenReleased(msgspec.Struct, tag="shaken-released", frozen=True):
    seat: int


class CardCompleted(msgspec.Struct, tag="card-completed", frozen=True):
    seat: int
    card: str
    side: str
    chained: bool  # part of the preceding Drop Off action (no action spent)


class BonusDuckDrawn(msgspec.Struct, tag="bonus-duck", frozen=True):
    seat: int
    colour: str | None  # None: the duck bag was empty (DIT-079)


class GiftFoodTaken(msgspec.Struct, tag="gift-food-taken", frozen=True):
    seat: int
    food: list[int]


class GiftCardsChosen(msgspec.Struct, tag="gift-cards-chosen", frozen=True):
    seat: int


class CardTaken(msgspec.Struct, tag="card-taken", frozen=True):
    seat: int
    card: str  # from the face-up display: public


class CardDrawn(msgspec.Struct, tag="card-drawn", frozen=True):
    seat: int
    card: str | None  # from the deck: None for every other seat


class DrawingStopped(msgspec.Struct, tag="drawing-stopped", frozen=True):
    seat: int


class CardDiscarded(msgspec.Struct, tag="card-discarded", frozen=True):
    seat: int
    card: str | None  # face down: None for every other seat


class FoodReturned(msgspec.Struct, tag="food-returned", frozen=True):
    seat: int
    colour: str


class DuckAdopted(msgspec.Struct, tag="duck-adopted", frozen=True):
    seat: int
    keep: str
    release: str
    card: str


class FormationClaimed(msgspec.Struct, tag="formation-claimed", frozen=True):
    seat: int
    formation: str
    column: int
    row: int


class TurnEnded(msgspec.Struct, tag="turn-ended", frozen=True):
    seat: int


class DuckDispersed(msgspec.Struct, tag="duck-dispersed", frozen=True):
    seat: int
    tile: int
    colour: str  # random among the ducks in front of the player (DIT-117)


class FoodRefilled(msgspec.Struct, tag="food-refilled", frozen=True):
    seat: int
    food: list[int]  # drawn at random from the food bag (DIT-125)


class DisplayRefilled(msgspec.Struct, tag="display-refilled", frozen=True):
    cards: list[str]  # turned from the deck (DIT-129)


class DeckReshuffled(msgspec.Struct, tag="deck-reshuffled", frozen=True):
    """The deck ran out: the discard pile, shuffled, is the new deck (DIT-130, rules 2)."""

    cards: int  # how many: public; the order is not


class GameStalled(msgspec.Struct, tag="game-stalled", frozen=True):
    """Nobody can complete a card or claim a formation any more: the game ends (DIT-151)."""

    seat: int  # whose turn was ending


class TurnPassed(msgspec.Struct, tag="turn-passed", frozen=True):
    seat: int
    to: int  # -1 when the game is over (DIT-139)


Event = (
    PawnMoved
    | DucksFed
    | BagShaken
    | ShakenKept
    | ShakenReleased
    | CardCompleted
    | BonusDuckDrawn
    | GiftFoodTaken
    | GiftCardsChosen
    | CardTaken
    | CardDrawn
    | DrawingStopped
    | CardDiscarded
    | FoodReturned
    | DuckAdopted
    | FormationClaimed
    | TurnEnded
    | DuckDispersed
    | FoodRefilled
    | DisplayRefilled
    | DeckReshuffled
    | GameStalled
    | TurnPassed
)
