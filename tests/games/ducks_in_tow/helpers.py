"""Shared helpers for the Ducks in Tow tests: build positions, play moves, expect rejections.

Hand-built positions only ever *move* components (cards from wherever they are, ducks
from the bag or the tiles, food from the bag), so every position conserves every card,
duck and food; `play`, `played` and `refused` are the harness's one-liners
(tests/games/conformance.py), same signatures, checking that (`conserved`) before
deciding.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow.data import (
    COLOURS,
    DUCKS_USED,
    FOOD_PER_COLOUR,
    LOCATION_CARDS,
    MAPS,
    NCOL,
    START_BY_ID,
    TOW_SLOTS,
)
from core.games.ducks_in_tow.evolve import new_slot
from core.games.ducks_in_tow.state import Player, State
from core.kernel import Decider, IllegalMove

from .. import conformance
from ..conformance import build


def build_with(seats: int, seed: int, locations: tuple[str, ...]) -> State:
    """A new game: the first seed from `seed` on that has `locations` in play."""
    while True:
        state: State = build(GAME, seats, seed)
        if set(locations) <= {t.location for t in state.tiles}:
            return state
        seed += 1


def cc(**counts: int) -> list[int]:
    """Colour counts in row order: cc(Y=1, B=2) -> [1, 0, 2, 0]."""
    assert set(counts) <= set(COLOURS)
    return [counts.get(c, 0) for c in COLOURS]


def play(game: Decider[Any, Any, Any, Any], state: State, seat: int, *moves: Any) -> State:
    """The harness's `play`, every component conserved before each move."""
    for move in moves:
        conserved(state)
        state = conformance.play(game, state, seat, move)
    return state


def played(
    game: Decider[Any, Any, Any, Any], state: State, seat: int, move: Any
) -> tuple[list[Any], State]:
    """The harness's `played`, every component conserved before the move."""
    conserved(state)
    return conformance.played(game, state, seat, move)


def refused(
    game: Decider[Any, Any, Any, Any],
    state: State,
    seat: int,
    move: Any,
    rule_id: str,
    code: str | None = None,
) -> IllegalMove:
    """The harness's `refused`, every component conserved in the position refused."""
    conserved(state)
    return conformance.refused(game, state, seat, move, rule_id, code)


def tiles_with(state: State, role: str) -> list[int]:
    return [i for i, t in enumerate(state.tiles) if t.role == role]


def free_tile(state: State, role: str) -> int:
    pawns = [p.pawn for p in state.players]
    tiles = tiles_with(state, role)
    return next((i for i in tiles if i not in pawns), tiles[0])


def location_tile(state: State, symbol: str) -> int:
    return next(i for i, t in enumerate(state.tiles) if t.location == symbol)


def neighbours(state: State, tile: int) -> list[int]:
    return sorted(MAPS[state.seats][tile].neighbours)


# ------------------------------------------------------------ conservation


def cards_in_play(state: State) -> list[str]:
    """The location cards of the tiles in play (DIT-021, DIT-022), sorted."""
    here = {t.location for t in state.tiles}
    return sorted(c.id for c in LOCATION_CARDS if c.location in here)


def conserved(state: State) -> None:
    """Every component exactly once: location cards, start cards, ducks, food."""
    n = state.seats
    assert total_ducks(state) == [DUCKS_USED[n]] * NCOL, "ducks appeared or vanished"
    assert total_food(state) == [FOOD_PER_COLOUR] * NCOL, "food appeared or vanished"
    cards = state.deck + state.display + state.discards
    for p in state.players:
        own = [s.card for s in p.tableau if s.card in START_BY_ID]
        assert own == [p.start_card], f"{p.start_card}'s tableau holds start cards {own}"
        cards += p.hand + [s.card for s in p.tableau if s.card not in START_BY_ID]
        assert sum(p.tow) <= TOW_SLOTS and min(p.tow + p.food + p.front) >= 0
    assert sorted(cards) == cards_in_play(state), "location cards appeared or vanished"
    assert len({p.start_card for p in state.players}) == n
    assert min(state.food_bag) >= 0 and all(min(t.ducks) >= 0 for t in state.tiles)


def take_card(state: State, card: str) -> None:
    """Remove `card` from the deck, display, discards or a hand (never a tableau)."""
    for pile in [state.deck, state.display, state.discards, *(p.hand for p in state.players)]:
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"{card} is not in play outside the tableaux")


def set_hand(state: State, p: Player, cards: list[str]) -> None:
    """The player's hand becomes `cards` (taken from wherever they are); the old hand
    goes to the bottom of the deck."""
    state.deck[:0], p.hand = p.hand, []
    for card in cards:
        take_card(state, card)
    p.hand = list(cards)


def set_tableau(state: State, seat: int, cards: list[str]) -> None:
    """The seat's tableau becomes `cards` left to right. A start card named here is
    swapped with its holder's; the seat's own start card is added at the right end
    when not named. Location cards come from wherever they are; the old tableau's
    location cards go to the bottom of the deck."""
    p = state.players[seat]
    for card in cards:
        if card in START_BY_ID and card != p.start_card:
            holder = next(q for q in state.players if q.start_card == card)
            holder.tableau = [
                new_slot(p.start_card) if s.card == card else s for s in holder.tableau
            ]
            holder.start_card, p.start_card = p.start_card, card
    if p.start_card not in cards:
        cards = [*cards, p.start_card]
    state.deck[:0] = [s.card for s in p.tableau if s.card not in START_BY_ID]
    p.tableau = []
    for card in cards:
        if card not in START_BY_ID:
            take_card(state, card)
    p.tableau = [new_slot(card) for card in cards]


def _take_duck(state: State, colour: int, keep: list[int] | None = None) -> None:
    """Take one duck of `colour` from the duck bag, else a tile, else a front (never a
    tow, nor `keep`)."""
    if colour in state.duck_bag:
        state.duck_bag.remove(colour)
        return
    groups = [t.ducks for t in state.tiles] + [p.front for p in state.players]
    next(g for g in groups if g is not keep and g[colour])[colour] -= 1


def set_ducks(state: State, target: list[int], counts: list[int]) -> None:
    """`target` (a tile's, a tow's or a front's duck counts) becomes `counts`: its ducks
    go back to the bottom of the duck bag, the new ones come from the bag, else tiles."""
    for c in range(NCOL):
        state.duck_bag[:0] = [c] * target[c]
        target[c] = 0
    for c in range(NCOL):
        for _ in range(counts[c]):
            _take_duck(state, c, keep=target)
            target[c] += 1


def set_tiles(state: State, ducks: dict[int, list[int]]) -> None:
    """The named tiles get exactly these ducks: theirs go back to the duck bag first,
    then each is filled from the bag, else from the tiles not named."""
    for tile in ducks:
        set_ducks(state, state.tiles[tile].ducks, [0] * NCOL)
    named = [state.tiles[t].ducks for t in ducks]
    for tile, counts in ducks.items():
        target = state.tiles[tile].ducks
        for c in range(NCOL):
            for _ in range(counts[c]):
                if c in state.duck_bag:
                    state.duck_bag.remove(c)
                else:
                    others = [t.ducks for t in state.tiles if all(t.ducks is not g for g in named)]
                    next(g for g in others if g[c])[c] -= 1
                target[c] += 1


def adopt_duck(state: State, p: Player, column: int, colour: int) -> None:
    """A duck (from the bag or a tile) adopted onto the empty space of `colour` of the
    card in `column` of the player's tableau."""
    slot = p.tableau[column]
    assert not slot.printed[colour] and not slot.adopted[colour]
    _take_duck(state, colour)
    p.tableau[column] = msgspec.structs.replace(
        slot, adopted=tuple(a or c == colour for c, a in enumerate(slot.adopted))
    )


def set_display(state: State, cards: list[str]) -> None:
    """The display becomes `cards`, taken from wherever they are; the old display goes
    to the bottom of the deck."""
    state.deck[:0], state.display = state.display, []
    for card in cards:
        take_card(state, card)
    state.display = list(cards)


def set_food(state: State, p: Player, counts: list[int]) -> None:
    """The player's food becomes `counts`: their food goes back to the bag, the new food
    comes from the bag."""
    for c in range(NCOL):
        state.food_bag[c] += p.food[c] - counts[c]
        p.food[c] = counts[c]
    assert min(state.food_bag) >= 0, "not enough food in the bag"


def empty_duck_bag(state: State) -> None:
    """Move every duck of the bag onto the last tile without a pawn."""
    pawns = {p.pawn for p in state.players}
    tile = max(i for i in range(len(state.tiles)) if i not in pawns)
    for colour in state.duck_bag:
        state.tiles[tile].ducks[colour] += 1
    state.duck_bag.clear()


def leave_in_food_bag(state: State, counts: list[int], holder: int) -> None:
    """Only `counts` stay in the food bag; the rest goes to `holder`'s supply."""
    for c in range(NCOL):
        state.players[holder].food[c] += state.food_bag[c] - counts[c]
        state.food_bag[c] = counts[c]


def total_ducks(state: State) -> list[int]:
    """Every physical duck by colour: bag, tiles, tows, fronts, shaken, adopted."""
    out = [state.duck_bag.count(c) for c in range(NCOL)]
    groups = [t.ducks for t in state.tiles]
    for p in state.players:
        groups.append(p.tow)
        groups.append(p.front)
        groups += [s.adopted for s in p.tableau]
    for g in groups:
        out[0] += g[0]
        out[1] += g[1]
        out[2] += g[2]
        out[3] += g[3]
    if state.shaken >= 0:
        out[state.shaken] += 1
    return out


def total_food(state: State) -> list[int]:
    return [state.food_bag[c] + sum(p.food[c] for p in state.players) for c in range(NCOL)]


def finish_turn(state: State) -> State:
    """EndTurn, then the first legal upkeep choice (FinishFood at once) until the turn passes."""
    from core.games.ducks_in_tow import moves as mv

    seat = state.current
    turn = state.turn
    if state.phase == "actions":
        state = play(GAME, state, seat, mv.EndTurn())
    while state.turn == turn and state.phase != "over":
        legal = GAME.legal_moves(state, seat)
        move = mv.FinishFood() if mv.FinishFood() in legal else legal[0]
        state = play(GAME, state, seat, move)
    return state
