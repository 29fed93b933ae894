"""What a seat may see (DIT-050): its own hand; sizes of the other hands, of the deck
and of the discards; never the deck order, the duck-bag order or the Rng.

The view also carries what is printed on the components a seat can see, so that a
board draws them from the view alone: the face of every card it may see (its own hand,
the display, every tableau; never another seat's hand, the deck or the discards), the
pattern and points of every formation card on the table, and each park tile's (q, r).
"""

from __future__ import annotations

import msgspec

from core.kernel.score import RunningScore

from . import events as ev
from . import moves as mv
from .data import (
    CARD_BY_ID,
    COLOURS,
    FORMATION_BY_ID,
    LOCATIONS,
    MAPS,
    NCOL,
    PAWN_COLOURS,
    START_BY_ID,
)
from .scoring import formation_points, longest_runs, running
from .state import Claim, Slot, State


class CardFace(msgspec.Struct):
    """What is printed on a location or start card (data.py, PROVISIONAL)."""

    id: str
    kind: str  # "location" | "start"
    location: str | None  # location symbol (data.LOCATIONS key); None on a start card
    location_name: str | None
    ducks: list[str]  # printed duck symbols, in row order (Y, O, B, G)
    needed: int  # ducks to deliver to complete the card (DIT-070); 0 on a start card
    rows: list[str | None]  # per colour row: the printed duck's colour, None = empty space
    empty: list[str]  # colours of the empty duck spaces (Adopt targets, DIT-095)
    grey_zone: list[int]  # [columns, rows] of the grey zone formations may cover (DIT-111)


class FormationFace(msgspec.Struct):
    """A formation card: its pattern (column, row offsets) and its points (DIT-112)."""

    id: str
    name: str
    cells: list[tuple[int, int]]  # (dc, dr): column offset (cards), row offset
    width: int
    height: int
    points: int


class TileView(msgspec.Struct):
    role: str  # "L" | "GS" | "AD"
    location: str | None
    ducks: list[int]
    q: int  # axial position on the park map (data.MAPS)
    r: int
    start: int  # 1..4 = start space Sn, 0 = none


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
    tiles: list[TileView]
    duck_bag: list[int]  # counts per colour: public by deduction, the order is hidden
    food_bag: list[int]
    deck_size: int
    display: list[str]
    discards: int
    formations: list[str]
    end_trigger: int
    end_reason: str
    final_turns_left: int
    cards: dict[str, CardFace]  # the face of every card this seat may see, by id
    formation_cards: dict[str, FormationFace]  # on the table or claimed, by id
    score: RunningScore | None = None  # the score so far and its parts (core.kernel.score)


def card_face(card_id: str) -> CardFace:
    """The printed content of one location or start card."""
    if card_id in START_BY_ID:
        ducks: tuple[str, ...] = START_BY_ID[card_id].ducks
        kind, location, needed = "start", None, 0
    else:
        card = CARD_BY_ID[card_id]
        ducks, kind, location, needed = card.ducks, "location", card.location, len(card.ducks)
    rows: list[str | None] = [c if c in ducks else None for c in COLOURS]
    return CardFace(
        id=card_id,
        kind=kind,
        location=location,
        location_name=LOCATIONS[location] if location else None,
        ducks=[c for c in COLOURS if c in ducks],
        needed=needed,
        rows=rows,
        empty=[c for c, printed in zip(COLOURS, rows, strict=True) if printed is None],
        grey_zone=[1, NCOL],
    )


def formation_face(formation_id: str) -> FormationFace:
    f = FORMATION_BY_ID[formation_id]
    return FormationFace(
        id=f.id,
        name=f.name,
        cells=[(dc, dr) for dc, dr in f.cells],
        width=f.width,
        height=f.height,
        points=f.points,
    )


def visible_cards(state: State, seat: int | None) -> list[str]:
    """Cards `seat` may see: its own hand, the display and every tableau (DIT-050)."""
    out = list(state.display)
    for i, p in enumerate(state.players):
        out += [s.card for s in p.tableau]
        if i == seat:
            out += p.hand
    return out


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
            tableau=list(p.tableau),  # immutable slots and claims
            claims=list(p.claims),
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
        tiles=[
            TileView(t.role, t.location, list(t.ducks), h.q, h.r, h.start)
            for t, h in zip(state.tiles, MAPS[state.seats], strict=True)
        ],
        duck_bag=bag,
        food_bag=list(state.food_bag),
        deck_size=len(state.deck),
        display=list(state.display),
        discards=len(state.discards),
        formations=list(state.formations),
        end_trigger=state.end_trigger,
        end_reason=state.end_reason,
        final_turns_left=state.final_turns_left,
        cards={card: card_face(card) for card in sorted(set(visible_cards(state, seat)))},
        formation_cards={
            f: formation_face(f)
            for f in sorted(
                {*state.formations, *(c.formation for p in state.players for c in p.claims)}
            )
        },
        score=running(state),
    )


def redact_event(event: ev.Event, seat: int | None) -> ev.Event:
    """A deck draw or a face-down discard is "a card" for everybody but its owner."""
    if isinstance(event, ev.CardDrawn) and event.seat != seat:
        return ev.CardDrawn(event.seat, None)
    if isinstance(event, ev.CardDiscarded) and event.seat != seat:
        return ev.CardDiscarded(event.seat, None)
    return event


def redact_move(move: mv.Move, seat: int | None) -> mv.Move:
    """Which card a discard names is secret (DIT-050; the discards are face down, as
    `redact_event` has it): every seat but the discarder (the kernel never asks for
    the mover) sees a discard of card "" (no card has that id)."""
    if isinstance(move, mv.DiscardCard):
        return mv.DiscardCard(card="")
    return move


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
