"""End of turn (DIT-115..131) and worked example EX04."""

from __future__ import annotations

import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import events as ev
from core.games.ducks_in_tow import moves as mv
from core.games.ducks_in_tow.data import ADOPT, GIFT_SHOP, LOCATION
from core.games.ducks_in_tow.rules import disperse_targets
from core.games.ducks_in_tow.state import State

from .helpers import cc, illegal, new, play


def upkeep(seats: int = 2, seed: int = 41, front: list[int] | None = None) -> State:
    state = new(seats, seed)
    state.players[state.current].front = cc(Y=1, O=1) if front is None else front
    _, state = play(state, mv.EndTurn())
    return state


def test_dit_115_steps_in_order() -> None:
    """DIT-115: disperse, food, hand, display, pass the bag — in this order."""
    state = new(2, 42)
    seat = state.current
    p = state.players[seat]
    p.front = cc(G=1)
    p.hand = p.hand[:3]
    state.display = state.display[:3]
    phases = []
    _, state = play(state, mv.EndTurn())
    phases.append(state.phase)
    _, state = play(state, GAME.legal_moves(state, seat)[0])
    phases.append(state.phase)
    _, state = play(state, mv.FinishFood())
    phases.append(state.phase)
    events, state = play(state, mv.TakeDeck())
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
        events, after = play(state, mv.Disperse(tile))
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
    state.tiles[eligible[0]].ducks = cc()
    illegal(state, mv.Disperse(eligible[1]), "DIT-118")
    assert GAME.legal_moves(state, state.current) == [mv.Disperse(eligible[0])]


def test_dit_119_120_fewest_ducks_then_player_choice() -> None:
    """DIT-119: with no empty tile, one of the fewest; DIT-120: ties are the player's."""
    state = upkeep()
    pawns = [p.pawn for p in state.players]
    eligible = [t for t in range(len(state.tiles)) if t not in pawns]
    for i, t in enumerate(eligible):
        state.tiles[t].ducks = cc(O=2) if i % 2 else cc(O=1, B=2)
    fewest = [t for i, t in enumerate(eligible) if i % 2]
    assert [m.tile for m in GAME.legal_moves(state, state.current)] == fewest
    illegal(state, mv.Disperse(eligible[0]), "DIT-119")


def test_dit_121_122_123_repeat_avoid_pawns_any_tile() -> None:
    """DIT-121: repeat until nothing is in front of you; DIT-122: never on a pawn's tile;
    DIT-123: location and special tiles alike, with no cap on ducks."""
    state = upkeep(4, 43, front=cc(Y=3, O=3, B=3, G=3))
    seat = state.current
    pawns = sorted({p.pawn for p in state.players})
    illegal(state, mv.Disperse(pawns[0]), "DIT-122")
    roles = set()
    steps = 0
    while state.phase == "disperse":
        targets = disperse_targets(state)
        assert not set(targets) & set(pawns)
        roles |= {state.tiles[t].role for t in targets}
        _, state = play(state, mv.Disperse(targets[-1]))
        steps += 1
    assert steps == 12 and sum(state.players[seat].front) == 0
    assert roles == {LOCATION, GIFT_SHOP, ADOPT}
    assert max(sum(t.ducks) for t in state.tiles) >= 2


def test_dit_ex04_dispersal_example() -> None:
    """DIT-EX04: A=0, B=0, C=1, D=2 eligible, E=0 under a pawn, 3 ducks: first to A or B,
    then the other, then any of A, B, C; D and E get nothing."""
    state = new(4, 44)
    seat = state.current
    pawn_tiles = {p.pawn for p in state.players}
    free = [t for t in range(len(state.tiles)) if t not in pawn_tiles]
    a, b, c, d = free[:4]
    e = state.players[seat].pawn
    for t in range(len(state.tiles)):
        state.tiles[t].ducks = cc(G=5)
    state.tiles[a].ducks, state.tiles[b].ducks = cc(), cc()
    state.tiles[c].ducks, state.tiles[d].ducks = cc(Y=1), cc(Y=2)
    state.tiles[e].ducks = cc()
    state.players[seat].front = cc(Y=1, O=1, B=1)
    _, state = play(state, mv.EndTurn())
    assert [m.tile for m in GAME.legal_moves(state, seat)] == [a, b]
    _, state = play(state, mv.Disperse(b))
    assert [m.tile for m in GAME.legal_moves(state, seat)] == [a]
    _, state = play(state, mv.Disperse(a))
    assert [m.tile for m in GAME.legal_moves(state, seat)] == [a, b, c]
    _events, state = play(state, mv.Disperse(c))
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
    state.players[seat].food = cc(Y=2, O=1)
    assert state.phase == "food"
    assert set(map(type, GAME.legal_moves(state, seat))) == {mv.ReturnFood, mv.FinishFood}
    _, state = play(state, mv.ReturnFood("Y"))
    _, state = play(state, mv.ReturnFood("Y"))
    assert state.players[seat].food == cc(O=1)
    events, after = play(state, mv.FinishFood())
    refill = next(e for e in events if isinstance(e, ev.FoodRefilled))
    assert sum(refill.food) == 3 and GAME.reveals(refill)
    assert sum(after.players[seat].food) == 4


def test_dit_126_short_food_bag() -> None:
    """DIT-126: if the bag runs out, draw what is there."""
    state = upkeep(front=cc())
    seat = state.current
    state.players[seat].food = cc(G=1)
    state.food_bag = cc(B=1)
    _events, after = play(state, mv.FinishFood())
    assert after.players[seat].food == cc(B=1, G=1) and after.food_bag == cc()


def test_dit_127_128_hand_refill_card_by_card() -> None:
    """DIT-127: fewer than 4 cards: draw to 4; DIT-128: display or deck, card by card."""
    state = upkeep(front=cc())
    seat = state.current
    state.players[seat].hand = state.players[seat].hand[:2]
    _, state = play(state, mv.FinishFood())
    assert state.phase == "hand"
    legal = GAME.legal_moves(state, seat)
    assert mv.TakeDeck() in legal and len(legal) == 5
    illegal(state, mv.StopDrawing(), "DIT-127")  # draw until you hold 4
    shown = state.display[2]
    _, state = play(state, mv.TakeDisplay(shown))
    events, state = play(state, mv.TakeDeck())
    assert state.players[1 - seat].hand and state.current == 1 - seat
    assert isinstance(events[0], ev.CardDrawn)
    assert GAME.redact(events[0], 1 - seat) == ev.CardDrawn(seat, None)


def test_dit_129_display_refilled_from_deck() -> None:
    """DIT-129: the display is refilled to 4 from the deck, publicly."""
    state = upkeep(front=cc())
    state.display = state.display[:1]
    top3 = state.deck[-3:][::-1]
    events, after = play(state, mv.FinishFood())
    refill = next(e for e in events if isinstance(e, ev.DisplayRefilled))
    assert refill.cards == top3 and after.display[1:] == top3 and GAME.reveals(refill)
    assert GAME.redact(refill, 0) == refill


def test_dit_130_empty_deck() -> None:
    """DIT-130: empty deck: draw from the display only, no refill; both empty: no draw."""
    state = upkeep(front=cc())
    seat = state.current
    state.deck = []
    state.display = state.display[:1]
    state.players[seat].hand = state.players[seat].hand[:2]
    _, state = play(state, mv.FinishFood())
    assert GAME.legal_moves(state, seat) == [mv.TakeDisplay(state.display[0])]
    illegal(state, mv.TakeDeck(), "DIT-130")
    events, after = play(state, mv.TakeDisplay(state.display[0]))
    assert after.display == [] and not any(isinstance(e, ev.DisplayRefilled) for e in events)
    assert len(after.players[seat].hand) == 3 and after.current != seat


def test_dit_131_pass_to_the_left() -> None:
    """DIT-131: the turn passes to the left neighbour; the turn counter moves."""
    state = new(4, 45)
    first = state.current
    turns = []
    for _ in range(5):
        turns.append((state.current, GAME.turn(state)))
        state.players[state.current].front = cc()
        state.players[state.current].food = cc()
        _, state = play(state, mv.EndTurn())
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
        _, state = play(state, legal[-1])
