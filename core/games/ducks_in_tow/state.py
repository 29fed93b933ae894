"""Ducks in Tow state: msgspec Structs, integers and strings only (no floats, no sets).

Colour counts are lists of 4 ints in the row order of `data.COLOURS` (Y, O, B, G).
The duck bag is a pre-shuffled list (ducks never go back into it, so its order is
fixed at setup and draws pop from the end); the food bag is a count per colour and
food draws use the kernel Rng stored here (`rng`).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.kernel import Rng

# The steps of a turn (rules.DucksInTow.steps), then the end.
Phase = Literal[
    "actions",
    "shake",
    "gift_draw",
    "discard_card",
    "discard_food",
    "disperse",
    "food",
    "hand",
    "over",
]


class Slot(msgspec.Struct, frozen=True):
    """One column of a tableau: a completed location card (or the start card).

    Immutable (a fold replaces the slot it changes), so copies of a state share slots.
    """

    card: str
    printed: tuple[bool, ...]  # per colour row: printed duck symbol
    adopted: tuple[bool, ...]  # per colour row: duck placed by Adopt (DIT-096)
    used: tuple[bool, ...]  # per colour row: covered by one of the owner's formation cards


class Claim(msgspec.Struct, frozen=True):
    formation: str
    cells: tuple[tuple[str, int], ...]  # (card id, row) of every duck the formation uses


class Player(msgspec.Struct):
    start_card: str
    order: int  # 0 = first player, clockwise (DIT-010)
    pawn: int  # tile index
    tow: list[int]  # ducks per colour, at most 4 in all (DIT-046)
    food: list[int]  # food per colour
    front: list[int]  # ducks in front of the player, dispersed at end of turn
    hand: list[str]  # secret location cards (DIT-050)
    tableau: list[Slot]  # left to right (DIT-075)
    claims: list[Claim]


class Tile(msgspec.Struct):
    role: str  # "L" | "GS" | "AD"
    location: str | None  # symbol on a location tile
    ducks: list[int]


class State(msgspec.Struct, omit_defaults=True):
    """The whole game. Only `rules_version` has a default, so `omit_defaults` leaves
    it out of the encoding at 1: a state of the first rules hashes as it always did."""

    rng: Rng
    seats: int
    players: list[Player]
    tiles: list[Tile]
    duck_bag: list[int]  # colour indices; the top is the end (hidden order)
    food_bag: list[int]
    deck: list[str]  # the top is the end (hidden order)
    display: list[str]
    discards: list[str]  # the face-down discard pile (DIT-091); rules 1: out of the game
    formations: list[str]  # still claimable (DIT-113)
    current: int
    turn: int  # increments whenever the turn passes
    phase: Phase
    actions_left: int
    chain: bool  # the last action was a Drop Off: more cards complete within it (DIT-074)
    claim_open: bool  # right after a Drop Off or Adopt (DIT-101)
    shaken: int  # colour of the duck drawn by Shake the Bag awaiting a choice, -1 if none
    draws_left: int  # Gift Shop cards still to draw (DIT-088)
    end_trigger: int  # seat that triggered the end, -1 before (DIT-132, DIT-136)
    end_reason: str
    final_turns_left: int  # turns of the other players still to play (DIT-138)
    # The rules the game is played under (data.RULES_VERSIONS): 1 = records made before
    # RULES_VERSION "2" (discards left the game; a "cards-exhausted" end), 2 = the
    # discard pile is reshuffled into a new deck (DIT-130) and only a stall (DIT-151)
    # ends a game outside the rulebook's triggers, 3 = that stall decided exactly.
    rules_version: int = 1


def copy_state(state: State) -> State:
    """A deep copy of `state`, several times faster than the kernel's msgpack `clone`.

    `decide` copies the state once per move and `evolve` once per event, so this is
    the engine's hot path. It equals `clone(state)` and shares no mutable object with
    its input (slots and claims are immutable, so they are shared); the shape test
    (tests/games/test_shape.py) checks both, so a field added to a struct without
    being copied here fails the tests, not a game.
    """
    replace = msgspec.structs.replace
    return replace(
        state,
        rng=Rng(state.rng.state, state.rng.inc),
        players=[
            replace(
                p,
                tow=p.tow[:],
                food=p.food[:],
                front=p.front[:],
                hand=p.hand[:],
                tableau=p.tableau[:],  # slots and claims are immutable
                claims=p.claims[:],
            )
            for p in state.players
        ],
        tiles=[Tile(t.role, t.location, t.ducks[:]) for t in state.tiles],
        duck_bag=state.duck_bag[:],
        food_bag=state.food_bag[:],
        deck=state.deck[:],
        display=state.display[:],
        discards=state.discards[:],
        formations=state.formations[:],
    )
