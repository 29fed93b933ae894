"""End of turn (DIT-115..131) and worked example EX04."""

from __future__ import annotations

import msgspec
import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import events as ev
from core.games.ducks_in_tow import moves as mv
from core.games.ducks_in_tow.data import ADOPT, GIFT_SHOP, LOCATION
from core.games.ducks_in_tow.rules import disperse_targets
from core.games.ducks_in_tow.state import State
from core.kernel import Rng

from ..conformance import build
from .helpers import (
    cc,
    finish_turn,
    leave_in_food_bag,
    play,
    played,
    refused,
    set_display,
    set_ducks,
    set_food,
    set_hand,
    set_tableau,
    set_tiles,
)


def upkeep(seats: int = 2, seed: int = 41, front: list[int] | None = None) -> State:
    state = build(GAME, seats, seed)
    set_ducks(state, state.players[state.current].front, cc(Y=1, O=1) if front is None else front)
    state = play(GAME, state, state.current, mv.EndTurn())
    return state


def test_dit_115_steps_in_order() -> None:
    """DIT-115: disperse, food, hand, display, pass the bag — in this order."""
    state = build(GAME, 2, 42)
    seat = state.current
    p = state.players[seat]
    set_ducks(state, p.front, cc(G=1))
    set_hand(state, p, p.hand[:3])
    set_display(state, state.display[:3])
    phases = []
    state = play(GAME, state, state.current, mv.EndTurn())
    phases.append(state.phase)
    state = play(GAME, state, state.current, GAME.legal_moves(state, seat)[0])
    phases.append(state.phase)
    state = play(GAME, state, state.current, mv.FinishFood())
    phases.append(state.phase)
    events, state = played(GAME, state, state.current, mv.TakeDeck())
    kinds = [type(e) for e in events]
    assert phases == ["disperse", "food", "hand"]
    assert kinds == [ev.CardDrawn, ev.DisplayRefilled, ev.TurnPassed]
    assert state.current == 1 - seat and len(state.display) == 4


def test_dit_116_117_player_picks_tile_chance_picks_duck() -> None:
    """DIT-116: choose a tile, place 1 duck from in front of you; DIT-117: which duck is
    random (the kernel Rng in the state decides, and the event records it)."""
    seen = set()
    for seed in range(12):
        state = upkeep(2, seed, front=cc(Y=1, G=1))
        seat = state.current
        tile = GAME.legal_moves(state, seat)[0].tile
        events, after = played(GAME, state, state.current, mv.Disperse(tile))
        colour = events[0].colour
        assert colour in ("Y", "G") and GAME.reveals(events[0])
        assert after.tiles[tile].ducks == [
            a + (1 if "YOBG"[i] == colour else 0) for i, a in enumerate(state.tiles[tile].ducks)
        ]
        seen.add(colour)
    assert seen == {"Y", "G"}


def test_dit_118_empty_tiles_first() -> None:
    """DIT-118: an empty eligible tile must be chosen while one exists."""
    state = upkeep()
    pawns = [p.pawn for p in state.players]
    eligible = [t for t in range(len(state.tiles)) if t not in pawns]
    set_tiles(state, {eligible[0]: cc()})
    refused(GAME, state, state.current, mv.Disperse(eligible[1]), "DIT-118")
    assert GAME.legal_moves(state, state.current) == [mv.Disperse(eligible[0])]


def test_dit_119_120_fewest_ducks_then_player_choice() -> None:
    """DIT-119: with no empty tile, one of the fewest; DIT-120: ties are the player's."""
    state = upkeep()
    pawns = [p.pawn for p in state.players]
    eligible = [t for t in range(len(state.tiles)) if t not in pawns]
    set_tiles(
        state, {t: cc(O=1, G=1) if i % 2 else cc(Y=1, B=1, G=1) for i, t in enumerate(eligible)}
    )
    fewest = [t for i, t in enumerate(eligible) if i % 2]
    assert [m.tile for m in GAME.legal_moves(state, state.current)] == fewest
    refused(GAME, state, state.current, mv.Disperse(eligible[0]), "DIT-119")


def test_dit_121_122_123_repeat_avoid_pawns_any_tile() -> None:
    """DIT-121: repeat until nothing is in front of you; DIT-122: never on a pawn's tile;
    DIT-123: location and special tiles alike, with no cap on ducks."""
    state = upkeep(4, 43, front=cc(Y=3, O=3, B=3, G=3))
    seat = state.current
    pawns = sorted({p.pawn for p in state.players})
    refused(GAME, state, state.current, mv.Disperse(pawns[0]), "DIT-122")
    roles = set()
    steps = 0
    while state.phase == "disperse":
        targets = disperse_targets(state)
        assert not set(targets) & set(pawns)
        roles |= {state.tiles[t].role for t in targets}
        state = play(GAME, state, state.current, mv.Disperse(targets[-1]))
        steps += 1
    assert steps == 12 and sum(state.players[seat].front) == 0
    assert roles == {LOCATION, GIFT_SHOP, ADOPT}
    assert max(sum(t.ducks) for t in state.tiles) >= 2


def test_dit_ex04_dispersal_example() -> None:
    """DIT-EX04: A=0, B=0, C=1, D=2 eligible, E=0 under a pawn, 3 ducks: first to A or B,
    then the other, then any of A, B, C; D and E get nothing."""
    state = build(GAME, 4, 44)
    seat = state.current
    pawn_tiles = {p.pawn for p in state.players}
    free = [t for t in range(len(state.tiles)) if t not in pawn_tiles]
    a, b, c, d = free[:4]
    e = state.players[seat].pawn
    pairs = [cc(O=1, G=1), cc(B=1, G=1), cc(O=1, B=1)]  # 2 ducks: never the fewest
    rest = [t for t in range(len(state.tiles)) if t not in (a, b, c, d, e)]
    others = {t: pairs[i % 3] for i, t in enumerate(rest)}
    set_tiles(state, {**others, a: cc(), b: cc(), c: cc(Y=1), d: cc(Y=2), e: cc()})
    set_ducks(state, state.players[seat].front, cc(Y=1, O=1, B=1))
    state = play(GAME, state, state.current, mv.EndTurn())
    assert [m.tile for m in GAME.legal_moves(state, seat)] == [a, b]
    state = play(GAME, state, state.current, mv.Disperse(b))
    assert [m.tile for m in GAME.legal_moves(state, seat)] == [a]
    state = play(GAME, state, state.current, mv.Disperse(a))
    assert [m.tile for m in GAME.legal_moves(state, seat)] == [a, b, c]
    _events, state = played(GAME, state, state.current, mv.Disperse(c))
    assert state.tiles[d].ducks == cc(Y=2) and state.tiles[e].ducks == cc()
    assert [sum(state.tiles[t].ducks) for t in (a, b, c)] == [1, 1, 2]
    landed = [
        state.tiles[a].ducks,
        state.tiles[b].ducks,
        [x - y for x, y in zip(state.tiles[c].ducks, cc(Y=1), strict=True)],
    ]
    assert [sum(col) for col in zip(*landed, strict=True)] == [1, 1, 1, 0]


def test_dit_124_125_return_then_draw_to_four() -> None:
    """DIT-124: return any number of food; DIT-125: then draw at random to 4."""
    state = upkeep(front=cc())
    seat = state.current
    set_food(state, state.players[seat], cc(Y=2, O=1))
    assert state.phase == "food"
    assert set(map(type, GAME.legal_moves(state, seat))) == {mv.ReturnFood, mv.FinishFood}
    state = play(GAME, state, state.current, mv.ReturnFood("Y"))
    state = play(GAME, state, state.current, mv.ReturnFood("Y"))
    assert state.players[seat].food == cc(O=1)
    events, after = played(GAME, state, state.current, mv.FinishFood())
    refill = next(e for e in events if isinstance(e, ev.FoodRefilled))
    assert sum(refill.food) == 3 and GAME.reveals(refill)
    assert sum(after.players[seat].food) == 4


def test_dit_126_short_food_bag() -> None:
    """DIT-126: if the bag runs out, draw what is there."""
    state = upkeep(front=cc())
    seat = state.current
    set_food(state, state.players[seat], cc(G=1))
    leave_in_food_bag(state, cc(B=1), holder=1 - seat)
    _events, after = played(GAME, state, state.current, mv.FinishFood())
    assert after.players[seat].food == cc(B=1, G=1) and after.food_bag == cc()


def test_dit_127_128_hand_refill_card_by_card() -> None:
    """DIT-127: fewer than 4 cards: draw to 4; DIT-128: display or deck, card by card."""
    state = upkeep(front=cc())
    seat = state.current
    set_hand(state, state.players[seat], state.players[seat].hand[:2])
    state = play(GAME, state, state.current, mv.FinishFood())
    assert state.phase == "hand"
    legal = GAME.legal_moves(state, seat)
    assert mv.TakeDeck() in legal and len(legal) == 5
    refused(GAME, state, state.current, mv.StopDrawing(), "DIT-127")  # draw until you hold 4
    shown = state.display[2]
    state = play(GAME, state, state.current, mv.TakeDisplay(shown))
    events, state = played(GAME, state, state.current, mv.TakeDeck())
    assert state.players[1 - seat].hand and state.current == 1 - seat
    assert isinstance(events[0], ev.CardDrawn)
    assert GAME.redact(events[0], 1 - seat) == ev.CardDrawn(seat, None)


def test_dit_129_display_refilled_from_deck() -> None:
    """DIT-129: the display is refilled to 4 from the deck, publicly."""
    state = upkeep(front=cc())
    set_display(state, state.display[:1])
    top3 = state.deck[-3:][::-1]
    events, after = played(GAME, state, state.current, mv.FinishFood())
    refill = next(e for e in events if isinstance(e, ev.DisplayRefilled))
    assert refill.cards == top3 and after.display[1:] == top3 and GAME.reveals(refill)
    assert GAME.redact(refill, 0) == refill


def _deck_into_discards(state: State) -> list[str]:
    """The whole deck onto the discard pile (face down), as if discarded card by card."""
    pile = state.deck[::-1]
    state.discards += pile
    state.deck.clear()
    return pile


def test_dit_130_empty_deck_and_discard_pile() -> None:
    """DIT-130: deck and discard pile both empty: draw from the display only, no refill,
    and the game goes on (no end because cards ran out)."""
    state = upkeep(front=cc())
    seat = state.current
    other = 1 - seat
    set_display(state, state.display[:1])
    set_hand(state, state.players[seat], state.players[seat].hand[:2])
    # every card of the deck lies completed in the other tableau: none left to draw
    set_tableau(state, other, [state.players[other].start_card, *state.deck])
    state = play(GAME, state, state.current, mv.FinishFood())
    assert GAME.legal_moves(state, seat) == [mv.TakeDisplay(state.display[0])]
    refused(GAME, state, state.current, mv.TakeDeck(), "DIT-130")
    events, after = played(GAME, state, state.current, mv.TakeDisplay(state.display[0]))
    assert after.display == [] and not any(isinstance(e, ev.DisplayRefilled) for e in events)
    assert len(after.players[seat].hand) == 3 and after.current == other
    assert after.end_trigger == -1 and after.end_reason == ""
    for _ in range(4):
        after = finish_turn(after)
    assert GAME.outcome(after) is None and after.turn == state.turn + 5


def test_dit_130_091_deck_runs_out_discards_reshuffled() -> None:
    """DIT-130: a draw from an empty deck first shuffles the face-down discard pile
    (DIT-091) into a new deck with the game's Rng; the reshuffle is public (its size,
    not its order)."""
    state = upkeep(front=cc())
    seat = state.current
    set_hand(state, state.players[seat], state.players[seat].hand[:3])
    pile = _deck_into_discards(state)
    state = play(GAME, state, state.current, mv.FinishFood())
    assert mv.TakeDeck() in GAME.legal_moves(state, seat)
    events, after = played(GAME, state, state.current, mv.TakeDeck())
    assert events[0] == ev.DeckReshuffled(len(pile)) and isinstance(events[1], ev.CardDrawn)
    drawn = events[1].card
    assert after.discards == [] and sorted([*after.deck, drawn]) == sorted(pile)
    assert [*after.deck, drawn] != pile  # shuffled, not turned over
    for viewer in (None, 1 - seat):
        assert GAME.redact(events[0], viewer) == events[0]
        assert GAME.view(after, viewer).deck_size == len(after.deck)
    other_rng = msgspec.structs.replace(state, rng=Rng.seeded(99))
    elsewhere = play(GAME, other_rng, other_rng.current, mv.TakeDeck())
    assert elsewhere.deck != after.deck  # the order comes from the state's Rng


def test_dit_130_129_display_refill_reshuffles_when_the_deck_runs_out() -> None:
    """DIT-130, DIT-129: the display is refilled from the deck; when the deck runs out
    part-way, the discard pile becomes the new deck and the refill goes on."""
    state = upkeep(front=cc())
    set_display(state, state.display[:1])
    last = state.deck[0]
    _deck_into_discards(state)
    state.discards.remove(last)
    state.deck.append(last)  # one card left in the deck
    events, after = played(GAME, state, state.current, mv.FinishFood())
    kinds = [type(e) for e in events]
    assert kinds == [
        ev.FoodRefilled,
        ev.DisplayRefilled,
        ev.DeckReshuffled,
        ev.DisplayRefilled,
        ev.TurnPassed,
    ]
    assert events[1] == ev.DisplayRefilled([last]) and len(after.display) == 4
    assert after.display[1] == last and after.discards == []


def test_dit_130_088_gift_shop_cards_come_from_the_reshuffled_pile() -> None:
    """DIT-130 with the Gift Shop card option (DIT-088): no deck and no display, yet the
    discard pile is a deck to draw from."""
    state = build(GAME, 2, 47)
    seat = state.current
    p = state.players[seat]
    p.pawn = next(i for i, t in enumerate(state.tiles) if t.role == GIFT_SHOP)
    _deck_into_discards(state)
    state.discards += state.display
    state.display.clear()
    assert mv.GiftCards() in GAME.legal_moves(state, seat)
    state = play(GAME, state, state.current, mv.GiftCards())
    events, state = played(GAME, state, state.current, mv.TakeDeck())
    assert [type(e) for e in events] == [ev.DeckReshuffled, ev.CardDrawn]
    assert len(state.players[seat].hand) == 5


def test_dit_131_pass_to_the_left() -> None:
    """DIT-131: the turn passes to the left neighbour; the turn counter moves."""
    state = build(GAME, 4, 45)
    first = state.current
    turns = []
    for _ in range(5):
        turns.append((state.current, GAME.turn(state)))
        set_ducks(state, state.players[state.current].front, cc())
        set_food(state, state.players[state.current], cc())
        state = play(GAME, state, state.current, mv.EndTurn())
    assert turns == [((first + i) % 4, i) for i in range(5)]
    assert GAME.to_move(state) == [(first + 5) % 4]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_upkeep_is_not_skipped_by_actions(seats: int) -> None:
    """DIT-054: no action move is legal during the end-of-turn steps."""
    state = upkeep(seats, 46, front=cc(O=2))
    action_types = (mv.MovePawn, mv.Feed, mv.ShakeBag, mv.DropOff, mv.GiftFood, mv.Adopt)
    while state.phase != "actions":
        legal = GAME.legal_moves(state, state.current)
        assert not [m for m in legal if isinstance(m, action_types)]
        state = play(GAME, state, state.current, legal[-1])
