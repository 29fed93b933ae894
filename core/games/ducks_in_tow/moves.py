"""Ducks in Tow moves: a tagged union, each small enough for a UI button or a bot.

Colour counts (`ducks`, `food`) are 4 ints in the order Y, O, B, G.
"""

from __future__ import annotations

from typing import Literal

import msgspec


class MovePawn(msgspec.Struct, tag="move", frozen=True):
    """Basic action Move: one step to an adjacent tile (DIT-055)."""

    to: int


class Feed(msgspec.Struct, tag="feed", frozen=True):
    """Basic action Feed: feed these ducks of your tile, 1 matching food each (DIT-058)."""

    ducks: list[int]


class ShakeBag(msgspec.Struct, tag="shake", frozen=True):
    """Basic action Shake the Bag: draw 1 duck from the duck bag (DIT-064)."""


class KeepShaken(msgspec.Struct, tag="keep-shaken", frozen=True):
    """Spend a matching food to put the shaken duck in your tow (DIT-065)."""


class ReleaseShaken(msgspec.Struct, tag="release-shaken", frozen=True):
    """Put the shaken duck in front of you, to be dispersed (DIT-066, DIT-067)."""


class DropOff(msgspec.Struct, tag="drop-off", frozen=True):
    """Basic action Drop Off: complete one card of your hand at this tile.

    Consecutive Drop Offs (claims in between allowed) are one action (DIT-074).
    """

    card: str
    side: Literal["left", "right"]


class GiftFood(msgspec.Struct, tag="gift-food", frozen=True):
    """Gift Shop, food option: take 1 or 2 food of these colours (DIT-085)."""

    food: list[int]


class GiftCards(msgspec.Struct, tag="gift-cards", frozen=True):
    """Gift Shop, card option: then draw up to 2 cards one by one (DIT-088)."""


class TakeDisplay(msgspec.Struct, tag="take-display", frozen=True):
    """Draw this face-up card into your hand (DIT-089, DIT-128)."""

    card: str


class TakeDeck(msgspec.Struct, tag="take-deck", frozen=True):
    """Draw the top card of the deck into your hand (DIT-089, DIT-128)."""


class StopDrawing(msgspec.Struct, tag="stop-drawing", frozen=True):
    """End the Gift Shop card draw early ("up to 2", DIT-088)."""


class DiscardCard(msgspec.Struct, tag="discard-card", frozen=True):
    """Discard a card from a hand of more than 4 (DIT-090)."""

    card: str


class ReturnFood(msgspec.Struct, tag="return-food", frozen=True):
    """Return 1 food to the bag: Gift Shop overflow (DIT-087) or upkeep (DIT-124)."""

    colour: str


class FinishFood(msgspec.Struct, tag="finish-food", frozen=True):
    """Done returning food: draw at random up to 4 (DIT-125)."""


class Adopt(msgspec.Struct, tag="adopt", frozen=True):
    """Tile action Adopt: remove 2 ducks, place `keep` on `card`, disperse `release`."""

    keep: str
    release: str
    card: str


class ClaimFormation(msgspec.Struct, tag="claim", frozen=True):
    """Claim a formation card with its top-left corner at tableau (column, row) (DIT-105)."""

    formation: str
    column: int
    row: int


class EndTurn(msgspec.Struct, tag="end-turn", frozen=True):
    """Stop taking actions and start the end-of-turn steps (DIT-053, DIT-115)."""


class Disperse(msgspec.Struct, tag="disperse", frozen=True):
    """Place a random duck from in front of you on this tile (DIT-116)."""

    tile: int


Move = (
    MovePawn
    | Feed
    | ShakeBag
    | KeepShaken
    | ReleaseShaken
    | DropOff
    | GiftFood
    | GiftCards
    | TakeDisplay
    | TakeDeck
    | StopDrawing
    | DiscardCard
    | ReturnFood
    | FinishFood
    | Adopt
    | ClaimFormation
    | EndTurn
    | Disperse
)
