"""Ducks in Tow folds: one function per event type, applying it to a state in place.

The kernel folds into its own private copy (`StepRules.evolve`, and `decide`'s working
copy). Nothing here validates (the handler did) and nothing draws except through the
state's Rng, repeating exactly the draw the handler made on a `peek` of it and
recorded in the event. Also the chance and count helpers handlers and folds share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from core.kernel import Rng

from . import events as ev
from .data import (
    ACTIONS_PER_TURN,
    COLOURS,
    END_CARDS,
    FOOD_LIMIT,
    FORMATIONS,
    GIFT_CARDS,
    HAND_SIZE,
    NCOL,
    printed_rows,
)
from .state import Claim, Slot, State


def colour_index(colour: str) -> int:
    return COLOURS.index(colour)


def peek(rng: Rng) -> Rng:
    """A copy of `rng` to draw on without advancing it: what the draw will be."""
    return Rng(rng.state, rng.inc)


def pick(rng: Rng, counts: list[int]) -> int:
    """A colour index drawn at random, weighted by `counts` (one item of a bag)."""
    r = rng.below(sum(counts))
    for colour, count in enumerate(counts):
        if r < count:
            return colour
        r -= count
    raise AssertionError("unreachable")


def draw_food(rng: Rng, bag: list[int], k: int) -> list[int]:
    """Draw up to k food at random out of `bag` (mutated); what runs out is not drawn (DIT-126)."""
    drawn = [0] * NCOL
    for _ in range(k):
        if not sum(bag):
            break
        colour = pick(rng, bag)
        bag[colour] -= 1
        drawn[colour] += 1
    return drawn


def covers(have: list[int], need: list[int]) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


def needs(card: str) -> list[int]:
    return [int(b) for b in printed_rows(card)]


def deck_can_draw(state: State) -> bool:
    """A card can come from the deck: it holds one, or (rules 2) the discard pile can
    be reshuffled into a new deck (DIT-130)."""
    return bool(state.deck) or (state.rules_version >= 2 and bool(state.discards))


def new_slot(card: str) -> Slot:
    return Slot(card, tuple(printed_rows(card)), (False,) * NCOL, (False,) * NCOL)


def _with(flags: tuple[bool, ...], row: int) -> tuple[bool, ...]:
    """`flags` with the row's flag set."""
    return (*flags[:row], True, *flags[row + 1 :])


def _spend(state: State) -> None:
    state.actions_left -= 1
    state.chain = False
    state.claim_open = False


def _e_moved(s: State, e: ev.PawnMoved) -> None:
    s.players[e.seat].pawn = e.to
    _spend(s)


def _e_fed(s: State, e: ev.DucksFed) -> None:
    p = s.players[e.seat]
    tile = s.tiles[p.pawn]
    for c in range(NCOL):
        tile.ducks[c] -= e.ducks[c]
        p.food[c] -= e.ducks[c]
        s.food_bag[c] += e.ducks[c]  # DIT-063
        p.tow[c] += e.ducks[c]
    _spend(s)


def _e_shaken(s: State, e: ev.BagShaken) -> None:
    s.shaken = s.duck_bag.pop()
    _spend(s)
    s.phase = "shake"


def _e_kept(s: State, e: ev.ShakenKept) -> None:
    p = s.players[e.seat]
    p.tow[s.shaken] += 1
    p.food[s.shaken] -= 1
    s.food_bag[s.shaken] += 1
    s.shaken = -1
    s.phase = "actions"


def _e_released(s: State, e: ev.ShakenReleased) -> None:
    s.players[e.seat].front[s.shaken] += 1
    s.shaken = -1
    s.phase = "actions"


def _e_completed(s: State, e: ev.CardCompleted) -> None:
    p = s.players[e.seat]
    if not e.chained:
        s.actions_left -= 1
    s.chain = True
    s.claim_open = True
    p.hand.remove(e.card)
    for c, n in enumerate(needs(e.card)):
        p.tow[c] -= n
        p.front[c] += n  # DIT-073
    if e.side == "left":
        p.tableau.insert(0, new_slot(e.card))
    else:
        p.tableau.append(new_slot(e.card))
    if s.end_trigger < 0 and len(p.tableau) >= END_CARDS[s.seats]:
        _trigger(s, e.seat, "cards")  # DIT-132


def _trigger(s: State, seat: int, reason: str) -> None:
    s.end_trigger = seat
    s.end_reason = reason
    s.final_turns_left = s.seats - 1


def _e_bonus(s: State, e: ev.BonusDuckDrawn) -> None:
    if s.duck_bag:
        s.players[e.seat].front[s.duck_bag.pop()] += 1


def _e_gift_food(s: State, e: ev.GiftFoodTaken) -> None:
    p = s.players[e.seat]
    for c in range(NCOL):
        s.food_bag[c] -= e.food[c]
        p.food[c] += e.food[c]
    _spend(s)
    if sum(p.food) > FOOD_LIMIT:
        s.phase = "discard_food"


def _e_food_returned(s: State, e: ev.FoodReturned) -> None:
    p = s.players[e.seat]
    c = colour_index(e.colour)
    p.food[c] -= 1
    s.food_bag[c] += 1
    if s.phase == "discard_food" and sum(p.food) <= FOOD_LIMIT:
        s.phase = "actions"


def _e_gift_cards(s: State, e: ev.GiftCardsChosen) -> None:
    _spend(s)
    s.phase = "gift_draw"
    s.draws_left = GIFT_CARDS


def _after_draw(s: State, seat: int) -> None:
    if s.phase == "gift_draw":
        s.draws_left -= 1
        if s.draws_left <= 0 or not (s.display or deck_can_draw(s)):
            _end_gift_draw(s, seat)


def _end_gift_draw(s: State, seat: int) -> None:
    s.draws_left = 0
    s.phase = "discard_card" if len(s.players[seat].hand) > HAND_SIZE else "actions"


def _e_taken(s: State, e: ev.CardTaken) -> None:
    s.display.remove(e.card)
    s.players[e.seat].hand.append(e.card)
    _after_draw(s, e.seat)


def _e_drawn(s: State, e: ev.CardDrawn) -> None:
    s.players[e.seat].hand.append(s.deck.pop())
    _after_draw(s, e.seat)


def _e_stopped(s: State, e: ev.DrawingStopped) -> None:
    _end_gift_draw(s, e.seat)


def _e_discarded(s: State, e: ev.CardDiscarded) -> None:
    p = s.players[e.seat]
    assert e.card is not None, "evolve needs the unredacted event"
    p.hand.remove(e.card)
    s.discards.append(e.card)
    if len(p.hand) <= HAND_SIZE:
        s.phase = "actions"


def _e_adopted(s: State, e: ev.DuckAdopted) -> None:
    p = s.players[e.seat]
    keep, release = colour_index(e.keep), colour_index(e.release)
    p.tow[keep] -= 1
    p.tow[release] -= 1
    p.front[release] += 1  # DIT-098
    for i, slot in enumerate(p.tableau):
        if slot.card == e.card:  # DIT-096, DIT-097
            p.tableau[i] = msgspec.structs.replace(slot, adopted=_with(slot.adopted, keep))
    _spend(s)
    s.claim_open = True  # DIT-101


def _e_claimed(s: State, e: ev.FormationClaimed) -> None:
    p = s.players[e.seat]
    s.formations.remove(e.formation)
    f = next(f for f in FORMATIONS if f.id == e.formation)
    cells = []
    for dc, dr in f.cells:
        slot = p.tableau[e.column + dc]
        p.tableau[e.column + dc] = msgspec.structs.replace(slot, used=_with(slot.used, e.row + dr))
        cells.append((slot.card, e.row + dr))
    p.claims.append(Claim(e.formation, tuple(cells)))
    if not s.formations and s.end_trigger < 0:
        _trigger(s, e.seat, "formations")  # DIT-136


def _e_turn_ended(s: State, e: ev.TurnEnded) -> None:
    s.chain = False
    s.claim_open = False
    s.phase = "disperse" if sum(s.players[e.seat].front) else "food"


def _e_dispersed(s: State, e: ev.DuckDispersed) -> None:
    p = s.players[e.seat]
    pick(s.rng, p.front)  # the same draw the handler made on its peek
    c = colour_index(e.colour)
    p.front[c] -= 1
    s.tiles[e.tile].ducks[c] += 1
    if not sum(p.front):
        s.phase = "food"


def _e_food_refilled(s: State, e: ev.FoodRefilled) -> None:
    p = s.players[e.seat]
    drawn = draw_food(s.rng, s.food_bag, sum(e.food))
    for c in range(NCOL):
        p.food[c] += drawn[c]
    s.phase = "hand"


def _e_display(s: State, e: ev.DisplayRefilled) -> None:
    for _ in e.cards:
        s.display.append(s.deck.pop())


def _e_reshuffled(s: State, e: ev.DeckReshuffled) -> None:
    s.deck = s.discards
    s.discards = []
    s.rng.shuffle(s.deck)


def _e_stalled(s: State, e: ev.GameStalled) -> None:
    s.end_reason = "stall"  # DIT-151
    s.phase = "over"


def _e_passed(s: State, e: ev.TurnPassed) -> None:
    if s.rules_version == 1 and s.end_trigger < 0 and not s.deck and not s.display:
        _trigger(s, e.seat, "cards-exhausted")  # rules 1 only: no card left anywhere
    if s.end_trigger >= 0 and e.seat != s.end_trigger:
        s.final_turns_left -= 1
    s.turn += 1
    s.actions_left = ACTIONS_PER_TURN
    s.chain = False
    s.claim_open = False
    s.shaken = -1
    if e.to < 0:
        s.phase = "over"
    else:
        s.current = e.to
        s.phase = "actions"


FOLDS: dict[type, Callable[[State, Any], None]] = {
    ev.PawnMoved: _e_moved,
    ev.DucksFed: _e_fed,
    ev.BagShaken: _e_shaken,
    ev.ShakenKept: _e_kept,
    ev.ShakenReleased: _e_released,
    ev.CardCompleted: _e_completed,
    ev.BonusDuckDrawn: _e_bonus,
    ev.GiftFoodTaken: _e_gift_food,
    ev.FoodReturned: _e_food_returned,
    ev.GiftCardsChosen: _e_gift_cards,
    ev.CardTaken: _e_taken,
    ev.CardDrawn: _e_drawn,
    ev.DrawingStopped: _e_stopped,
    ev.CardDiscarded: _e_discarded,
    ev.DuckAdopted: _e_adopted,
    ev.FormationClaimed: _e_claimed,
    ev.TurnEnded: _e_turn_ended,
    ev.DuckDispersed: _e_dispersed,
    ev.FoodRefilled: _e_food_refilled,
    ev.DisplayRefilled: _e_display,
    ev.DeckReshuffled: _e_reshuffled,
    ev.GameStalled: _e_stalled,
    ev.TurnPassed: _e_passed,
}
