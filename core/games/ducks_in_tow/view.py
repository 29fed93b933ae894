"""What a seat may see (DIT-050): its own hand; sizes of the other hands, of the deck
and of the discards; never the deck order, the duck-bag order or the Rng."""

from __future__ import annotations

import msgspec

from . import events as ev
from .data import COLOURS, NCOL, PAWN_COLOURS
from .scoring import formation_points, longest_runs
from .state import Claim, Slot, State, Tile


class PlayerView(msgspec.Struct):
    seat: int
    order: int
    pawn_colour: str
    start_card: str
    pawn: int
    tow: list[int]
    food: list[int]
    front: list[int]
    hand: list[str] | None  # only in the owner's view
    hand_size: int
    tableau: list[Slot]
    claims: list[Claim]
    rows: list[int]  # current longest run per colour (Y, O, B, G)
    formation_points: int


class View(msgspec.Struct):
    seat: int | None
    seats: int
    colours: list[str]
    current: int
    turn: int
    phase: str
    actions_left: int
    chain: bool
    claim_open: bool
    shaken: str | None
    draws_left: int
    players: list[PlayerView]
    tiles: list[Tile]
    duck_bag: list[int]  # counts per colour: public by deduction, the order is hidden
    food_bag: list[int]
    deck_size: int
    display: list[str]
    discards: int
    formations: list[str]
    end_trigger: int
    end_reason: str
    final_turns_left: int


def make_view(state: State, seat: int | None) -> View:
    bag = [0] * NCOL
    for colour in state.duck_bag:
        bag[colour] += 1
    players = [
        PlayerView(
            seat=i,
            order=p.order,
            pawn_colour=PAWN_COLOURS[i],
            start_card=p.start_card,
            pawn=p.pawn,
            tow=list(p.tow),
            food=list(p.food),
            front=list(p.front),
            hand=list(p.hand) if seat == i else None,
            hand_size=len(p.hand),
            tableau=[
                Slot(s.card, list(s.printed), list(s.adopted), list(s.used)) for s in p.tableau
            ],
            claims=[Claim(c.formation, list(c.cells)) for c in p.claims],
            rows=longest_runs(p.tableau),
            formation_points=formation_points(p),
        )
        for i, p in enumerate(state.players)
    ]
    return View(
        seat=seat,
        seats=state.seats,
        colours=list(COLOURS),
        current=state.current,
        turn=state.turn,
        phase=state.phase,
        actions_left=state.actions_left,
        chain=state.chain,
        claim_open=state.claim_open,
        shaken=COLOURS[state.shaken] if state.shaken >= 0 else None,
        draws_left=state.draws_left,
        players=players,
        tiles=[Tile(t.role, t.location, list(t.ducks)) for t in state.tiles],
        duck_bag=bag,
        food_bag=list(state.food_bag),
        deck_size=len(state.deck),
        display=list(state.display),
        discards=len(state.discards),
        formations=list(state.formations),
        end_trigger=state.end_trigger,
        end_reason=state.end_reason,
        final_turns_left=state.final_turns_left,
    )


def redact_event(event: ev.Event, seat: int | None) -> ev.Event:
    """A deck draw or a face-down discard is "a card" for everybody but its owner."""
    if isinstance(event, ev.CardDrawn) and event.seat != seat:
        return ev.CardDrawn(event.seat, None)
    if isinstance(event, ev.CardDiscarded) and event.seat != seat:
        return ev.CardDiscarded(event.seat, None)
    return event


def reveals_event(event: ev.Event) -> bool:
    """Events that showed something hidden or random: take-backs stop there."""
    if isinstance(event, ev.BagShaken | ev.CardDrawn | ev.DuckDispersed):
        return True
    if isinstance(event, ev.BonusDuckDrawn):
        return event.colour is not None
    if isinstance(event, ev.DisplayRefilled):
        return bool(event.cards)
    if isinstance(event, ev.FoodRefilled):
        return bool(sum(event.food))
    return False
