"""Turn structure and actions: Move, Feed, Shake the Bag, Drop Off, Gift Shop, Adopt
(DIT-043..100)."""

from __future__ import annotations

import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import events as ev
from core.games.ducks_in_tow import moves as mv
from core.games.ducks_in_tow.data import ADOPT, CARD_BY_ID, COLOURS, GIFT_SHOP
from core.games.ducks_in_tow.evolve import needs
from core.games.ducks_in_tow.scoring import score
from core.games.ducks_in_tow.state import State
from core.kernel import IllegalMove

from ..conformance import build
from .helpers import (
    adopt_duck,
    build_with,
    cc,
    empty_duck_bag,
    free_tile,
    leave_in_food_bag,
    location_tile,
    neighbours,
    play,
    played,
    refused,
    set_ducks,
    set_food,
    set_hand,
    set_tableau,
)


def at_location(state: State, card: str, tow: list[int] | None = None) -> int:
    """Put the current player's pawn on `card`'s location with `card` in hand."""
    seat = state.current
    p = state.players[seat]
    if card not in p.hand:
        set_hand(state, p, [card, *p.hand[1:]])
    p.pawn = location_tile(state, CARD_BY_ID[card].location)
    set_ducks(state, p.tow, needs(card) if tow is None else tow)
    return seat


def some_card(state: State, n_ducks: int = 2) -> str:
    in_play = {t.location for t in state.tiles if t.location}
    return next(
        c.id
        for c in sorted(CARD_BY_ID.values(), key=lambda c: c.id)
        if c.location in in_play and len(c.ducks) == n_ducks
    )


# ---------------------------------------------------------------- turn structure


def test_dit_051_052_053_at_most_4_actions_any_combination() -> None:
    """DIT-051: at most 4 actions; DIT-052: the same action repeatedly; DIT-053: fewer is fine."""
    state = build(GAME, 2, 1)
    seat = state.current
    for _ in range(4):
        state.players[seat].pawn = state.players[seat].pawn  # stay put, then step away
        state = play(
            GAME, state, state.current, mv.MovePawn(neighbours(state, state.players[seat].pawn)[0])
        )
    assert state.actions_left == 0
    refused(
        GAME,
        state,
        state.current,
        mv.MovePawn(neighbours(state, state.players[seat].pawn)[0]),
        "DIT-051",
    )
    assert GAME.legal_moves(state, seat) == [mv.EndTurn()]
    fresh = build(GAME, 2, 1)
    events, _after = played(GAME, fresh, fresh.current, mv.EndTurn())  # no action at all (DIT-053)
    assert isinstance(events[0], ev.TurnEnded)


def test_dit_054_end_of_turn_steps_are_not_actions() -> None:
    """DIT-054: upkeep runs after the actions and spends none."""
    state = build(GAME, 2, 1)
    state = play(GAME, state, state.current, mv.EndTurn())
    assert state.phase in ("disperse", "food")
    assert state.actions_left == 4
    refused(
        GAME,
        state,
        state.current,
        mv.MovePawn(neighbours(state, state.players[state.current].pawn)[0]),
        "DIT-124",
    )


def _at(phase: str) -> State:
    """The current player in `phase`, reached by play."""
    state = build(GAME, 2, 41)
    seat = state.current
    p = state.players[seat]
    set_food(state, p, cc(Y=1, O=1, B=1))
    set_ducks(state, p.front, cc())
    p.pawn = free_tile(state, GIFT_SHOP)
    steps: dict[str, list[mv.Move]] = {
        "actions": [],
        "shake": [mv.ShakeBag()],
        "gift_draw": [mv.GiftCards()],
        "discard_food": [mv.GiftFood(cc(G=2))],
        "food": [mv.EndTurn()],
        "discard_card": [mv.GiftCards(), mv.TakeDeck(), mv.TakeDeck()],  # 4 + 2 cards
        "hand": [mv.EndTurn(), mv.FinishFood()],
    }
    if phase == "hand":
        set_hand(state, p, p.hand[:2])
    if phase == "disperse":
        set_ducks(state, p.front, cc(Y=1))
        steps[phase] = [mv.EndTurn()]
    for move in steps[phase]:
        state = play(GAME, state, state.current, move)
    return state


EVERY_KIND: list[mv.Move] = [
    mv.MovePawn(0),
    mv.Feed(cc(Y=1)),
    mv.ShakeBag(),
    mv.KeepShaken(),
    mv.ReleaseShaken(),
    mv.DropOff("KOI-1", "left"),
    mv.GiftFood(cc(Y=1)),
    mv.GiftCards(),
    mv.TakeDisplay("KOI-1"),
    mv.TakeDeck(),
    mv.StopDrawing(),
    mv.DiscardCard("KOI-1"),
    mv.ReturnFood("Y"),
    mv.FinishFood(),
    mv.Adopt("Y", "O", "KOI-1"),
    mv.ClaimFormation("F1", 0, 0),
    mv.EndTurn(),
    mv.Disperse(0),
]
OTHER_STEPS = [
    # phase, the rule of the step at hand, what the message asks for, moves of other steps
    ("actions", "DIT-052", "take an action", [mv.KeepShaken(), mv.TakeDeck(), mv.Disperse(0)]),
    ("shake", "DIT-065", "keep the duck", [mv.EndTurn(), mv.MovePawn(0), mv.TakeDeck()]),
    ("gift_draw", "DIT-088", "Gift Shop cards", [mv.EndTurn(), mv.GiftCards(), mv.FinishFood()]),
    ("discard_card", "DIT-090", "discard location cards", [mv.EndTurn(), mv.StopDrawing()]),
    ("discard_food", "DIT-087", "return food", [mv.EndTurn(), mv.FinishFood(), mv.ShakeBag()]),
    ("disperse", "DIT-116", "disperse the ducks", [mv.EndTurn(), mv.FinishFood(), mv.TakeDeck()]),
    ("food", "DIT-124", "return any unused food", [mv.EndTurn(), mv.Disperse(0), mv.TakeDeck()]),
    ("hand", "DIT-127", "draw location cards", [mv.StopDrawing(), mv.FinishFood(), mv.EndTurn()]),
]


@pytest.mark.parametrize(
    ("phase", "rule", "asks", "moves"), OTHER_STEPS, ids=[f"{r}-{p}" for p, r, *_ in OTHER_STEPS]
)
def test_a_move_of_another_step_names_the_step_at_hand(
    phase: str, rule: str, asks: str, moves: list[mv.Move]
) -> None:
    """DIT-051..054, DIT-115: actions, then the end-of-turn steps in order. A move of
    another step is refused as wrong-step citing the rule of the step at hand (DIT-052
    actions, DIT-065 shaken duck, DIT-088 Gift Shop cards, DIT-090 / DIT-087 discard to 4,
    DIT-116 disperse, DIT-124 food, DIT-127 hand) and saying what to do now; every
    wrong-step in that phase is the same refusal."""
    state = _at(phase)
    assert state.phase == phase
    for move in moves:
        refusal = refused(GAME, state, state.current, move, rule)
        assert refusal.code == "wrong-step" and asks in refusal.message, refusal
    refusals = []
    for move in EVERY_KIND:
        try:
            GAME.decide(state, state.current, move)
        except IllegalMove as exc:
            refusals += [(exc.rule_id, exc.message)] if exc.code == "wrong-step" else []
    assert {rule_id for rule_id, _ in refusals} == {rule} and len(set(refusals)) == 1


def test_not_your_turn_is_rejected() -> None:
    """DIT-131: only the player holding the food bag moves."""
    state = build(GAME, 3, 2)
    other = (state.current + 1) % 3
    refused(GAME, state, other, mv.EndTurn(), "DIT-131")
    assert GAME.legal_moves(state, other) == []


# ---------------------------------------------------------------------- Move


def test_dit_055_056_move_one_step_tow_travels() -> None:
    """DIT-055: one step to an adjacent tile per action; DIT-056: the tow goes along."""
    state = build(GAME, 4, 3)
    seat = state.current
    p = state.players[seat]
    set_ducks(state, p.tow, cc(Y=1, G=2))
    start = p.pawn
    far = next(t for t in range(len(state.tiles)) if t not in [*neighbours(state, start), start])
    refused(GAME, state, state.current, mv.MovePawn(far), "DIT-055")
    to = neighbours(state, start)[0]
    after = play(GAME, state, state.current, mv.MovePawn(to))
    assert after.players[seat].pawn == to and after.players[seat].tow == cc(Y=1, G=2)
    assert after.actions_left == 3
    moves = [m for m in GAME.legal_moves(state, seat) if isinstance(m, mv.MovePawn)]
    assert [m.to for m in moves] == neighbours(state, start)


def test_dit_057_pawns_may_share_a_tile() -> None:
    """DIT-057: a pawn may enter a tile holding another pawn; its ducks stay."""
    state = build(GAME, 2, 4)
    seat = state.current
    other = state.players[1 - seat].pawn
    state.players[seat].pawn = neighbours(state, other)[0]
    ducks = list(state.tiles[other].ducks)
    after = play(GAME, state, state.current, mv.MovePawn(other))
    assert after.players[seat].pawn == after.players[1 - seat].pawn == other
    assert after.tiles[other].ducks == ducks


# ---------------------------------------------------------------------- Feed


def test_dit_058_060_062_063_045_feed_many_ducks_one_action() -> None:
    """DIT-058: any number of ducks in one action; DIT-060: 1 food each; DIT-062 and
    DIT-045: they enter the tow; DIT-063: the food goes back to the bag."""
    state = build(GAME, 2, 5)
    seat = state.current
    p = state.players[seat]
    set_ducks(state, state.tiles[p.pawn].ducks, cc(Y=2, O=1, G=1))
    set_food(state, p, cc(Y=2, O=1, B=1))
    bag = list(state.food_bag)
    after = play(GAME, state, state.current, mv.Feed(cc(Y=2, O=1)))
    q = after.players[seat]
    assert q.tow == cc(Y=2, O=1) and q.food == cc(B=1)
    assert after.tiles[p.pawn].ducks == cc(G=1)
    assert after.food_bag == [b + x for b, x in zip(bag, cc(Y=2, O=1), strict=True)]
    assert after.actions_left == 3


def test_dit_059_only_ducks_on_your_tile() -> None:
    """DIT-059: ducks elsewhere (other tiles, in front of you) cannot be fed."""
    state = build(GAME, 2, 5)
    p = state.players[state.current]
    set_ducks(state, state.tiles[p.pawn].ducks, cc(Y=1))
    set_ducks(state, p.front, cc(O=2))
    set_food(state, p, cc(Y=1, O=2))
    refused(GAME, state, state.current, mv.Feed(cc(O=1)), "DIT-059")
    feeds = [m for m in GAME.legal_moves(state, state.current) if isinstance(m, mv.Feed)]
    assert feeds == [mv.Feed(cc(Y=1))]


def test_dit_061_food_colour_must_match() -> None:
    """DIT-061: a yellow duck eats yellow food only."""
    state = build(GAME, 2, 5)
    p = state.players[state.current]
    set_ducks(state, state.tiles[p.pawn].ducks, cc(Y=1))
    set_food(state, p, cc(O=4))
    refused(GAME, state, state.current, mv.Feed(cc(Y=1)), "DIT-061")


def test_dit_046_047_tow_holds_four() -> None:
    """DIT-046/DIT-047: 4 slots; feeding beyond them is illegal."""
    state = build(GAME, 2, 5)
    p = state.players[state.current]
    set_ducks(state, state.tiles[p.pawn].ducks, cc(Y=3))
    set_food(state, p, cc(Y=3))
    set_ducks(state, p.tow, cc(G=2))
    refused(GAME, state, state.current, mv.Feed(cc(Y=3)), "DIT-047")
    after = play(GAME, state, state.current, mv.Feed(cc(Y=2)))
    assert sum(after.players[state.current].tow) == 4


def test_dit_048_049_ducks_leave_the_tow_only_by_drop_off_or_adopt() -> None:
    """DIT-048: no move discards a tow duck; DIT-049: the tow is a multiset of colours."""
    state = build(GAME, 2, 6)
    seat = state.current
    p = state.players[seat]
    set_ducks(state, p.tow, cc(Y=1, O=1, B=1))
    assert len(p.tow) == 4 and all(isinstance(n, int) for n in p.tow)
    for tile in range(len(state.tiles)):
        probe = GAME.evolve(state, ev.PawnMoved(seat, tile))
        probe.actions_left = 4
        for move in GAME.legal_moves(probe, seat):
            _, after = GAME.apply(probe, seat, move)
            if sum(after.players[seat].tow) < 3:
                assert isinstance(move, mv.DropOff | mv.Adopt), move


# -------------------------------------------------------------- Shake the Bag


def test_dit_064_065_shake_and_keep() -> None:
    """DIT-064: 1 random duck from the bag; DIT-065: matching food adds it to the tow."""
    state = build(GAME, 2, 7)
    seat = state.current
    top = state.duck_bag[-1]
    set_food(state, state.players[seat], [1, 1, 1, 1])
    events, after = played(GAME, state, state.current, mv.ShakeBag())
    assert events == [ev.BagShaken(seat, COLOURS[top])]
    assert len(after.duck_bag) == len(state.duck_bag) - 1 and after.phase == "shake"
    assert GAME.reveals(events[0])
    kept = play(GAME, after, after.current, mv.KeepShaken())
    assert kept.players[seat].tow[top] == 1 and kept.players[seat].food[top] == 0
    assert kept.food_bag[top] == state.food_bag[top] + 1
    assert kept.phase == "actions" and kept.actions_left == 3


def test_dit_066_no_matching_food_disperses() -> None:
    """DIT-066: without matching food the duck goes in front of you."""
    state = build(GAME, 2, 7)
    seat = state.current
    top = state.duck_bag[-1]
    set_food(state, state.players[seat], [0 if c == top else 2 for c in range(4)])
    after = play(GAME, state, state.current, mv.ShakeBag())
    refused(GAME, after, after.current, mv.KeepShaken(), "DIT-065")
    assert GAME.legal_moves(after, seat) == [mv.ReleaseShaken()]
    refused(GAME, after, after.current, mv.EndTurn(), "DIT-065")
    released = play(GAME, after, after.current, mv.ReleaseShaken())
    assert released.players[seat].front[top] == 1 and sum(released.players[seat].tow) == 0


def test_dit_067_may_decline_to_keep() -> None:
    """DIT-067: with matching food you may still put the duck in front of you."""
    state = build(GAME, 2, 7)
    seat = state.current
    set_food(state, state.players[seat], [1, 1, 1, 1])
    after = play(GAME, state, state.current, mv.ShakeBag())
    assert set(map(type, GAME.legal_moves(after, seat))) == {mv.KeepShaken, mv.ReleaseShaken}
    released = play(GAME, after, after.current, mv.ReleaseShaken())
    assert sum(released.players[seat].front) == 1 and released.players[seat].food == [1, 1, 1, 1]


def test_dit_068_full_tow_disperses() -> None:
    """DIT-068: a full tow cannot take the shaken duck."""
    state = build(GAME, 2, 7)
    seat = state.current
    set_food(state, state.players[seat], [1, 1, 1, 1])
    set_ducks(state, state.players[seat].tow, cc(G=4))
    after = play(GAME, state, state.current, mv.ShakeBag())
    refused(GAME, after, after.current, mv.KeepShaken(), "DIT-068")


def test_dit_069_empty_bag_cannot_be_shaken() -> None:
    """DIT-069: no Shake the Bag with an empty duck bag."""
    state = build(GAME, 2, 7)
    empty_duck_bag(state)
    refused(GAME, state, state.current, mv.ShakeBag(), "DIT-069")
    assert mv.ShakeBag() not in GAME.legal_moves(state, state.current)


# ------------------------------------------------------------------ Drop Off


def test_dit_070_073_drop_off_completes_a_card() -> None:
    """DIT-070: the card needs its printed ducks; DIT-073: they move from tow to front."""
    state = build(GAME, 2, 8)
    card = some_card(state, 2)
    seat = at_location(state, card, tow=[a + b for a, b in zip(needs(card), cc(Y=1), strict=True)])
    events, after = played(GAME, state, state.current, mv.DropOff(card, "right"))
    assert isinstance(events[0], ev.CardCompleted)
    p = after.players[seat]
    assert p.tow == cc(Y=1)
    assert [s.card for s in p.tableau][-1] == card
    assert card not in p.hand
    bonus = [
        1 if isinstance(events[1], ev.BonusDuckDrawn) and events[1].colour == c else 0
        for c in COLOURS
    ]
    assert p.front == [a + b for a, b in zip(needs(card), bonus, strict=True)]
    assert sum(needs(card)) == len(CARD_BY_ID[card].ducks) == 2


def test_dit_071_wrong_location() -> None:
    """DIT-071: the pawn must stand on the card's location tile."""
    state = build(GAME, 2, 8)
    card = some_card(state, 1)
    at_location(state, card)
    state.players[state.current].pawn = free_tile(state, GIFT_SHOP)
    refused(GAME, state, state.current, mv.DropOff(card, "left"), "DIT-071")


def test_dit_072_only_cards_from_hand() -> None:
    """DIT-072: a display card must be drawn into the hand first."""
    state = build(GAME, 2, 8)
    card = state.display[0]
    p = state.players[state.current]
    p.pawn = location_tile(state, CARD_BY_ID[card].location)
    set_ducks(state, p.tow, needs(card))
    refused(GAME, state, state.current, mv.DropOff(card, "left"), "DIT-072")


def test_dit_073_needs_the_ducks_in_tow() -> None:
    """DIT-073: missing ducks, no completion."""
    state = build(GAME, 2, 8)
    card = some_card(state, 2)
    at_location(state, card, tow=[0, 0, 0, 0])
    refused(GAME, state, state.current, mv.DropOff(card, "left"), "DIT-073")


def test_dit_074_several_cards_one_action() -> None:
    """DIT-074: one Drop Off completes any number of matching cards, one action in all."""
    state = build(GAME, 4, 8)
    seat = state.current
    symbol = "KOI"
    cards = ["KOI-1", "KOI-2"]
    p = state.players[seat]
    set_hand(state, p, [c for c in p.hand if c not in cards][:2] + cards)
    p.pawn = location_tile(state, symbol)
    set_ducks(state, p.tow, cc(Y=1, O=1))
    one = play(GAME, state, state.current, mv.DropOff("KOI-1", "left"))
    assert one.actions_left == 3 and one.chain
    events, two = played(GAME, one, one.current, mv.DropOff("KOI-2", "right"))
    assert events[0] == ev.CardCompleted(seat, "KOI-2", "right", True)
    assert two.actions_left == 3
    assert [s.card for s in two.players[seat].tableau] == ["KOI-1", p.start_card, "KOI-2"]
    # another action ends the Drop Off: a later one costs an action again
    two.actions_left = 1
    moved = play(GAME, two, two.current, mv.MovePawn(neighbours(two, p.pawn)[0]))
    assert not moved.chain and moved.actions_left == 0


def test_dit_074_a_drop_off_chain_goes_on_after_the_4th_action() -> None:
    """DIT-074: a Drop Off taken as the 4th action may still complete further cards, one
    by one; any other action is then refused (DIT-051)."""
    state = build(GAME, 4, 8)
    seat = state.current
    p = state.players[seat]
    cards = ["KOI-1", "KOI-2", "KOI-3"]  # Y; O; Y and B
    set_hand(state, p, [c for c in p.hand if c not in cards][:1] + cards)
    p.pawn = location_tile(state, "KOI")
    set_ducks(state, p.tow, cc(Y=2, O=1, B=1))
    state.actions_left = 1
    one = play(GAME, state, state.current, mv.DropOff("KOI-1", "left"))
    assert one.actions_left == 0 and one.chain
    assert mv.DropOff("KOI-2", "right") in GAME.legal_moves(one, seat)
    events, two = played(GAME, one, one.current, mv.DropOff("KOI-2", "right"))
    assert events[0] == ev.CardCompleted(seat, "KOI-2", "right", True)
    three = play(GAME, two, two.current, mv.DropOff("KOI-3", "left"))
    assert three.actions_left == 0 and len(three.players[seat].tableau) == 4
    refused(GAME, three, three.current, mv.MovePawn(neighbours(three, p.pawn)[0]), "DIT-051")
    assert set(map(type, GAME.legal_moves(three, seat))) <= {mv.EndTurn, mv.ClaimFormation}


def test_dit_075_076_either_end_never_reordered() -> None:
    """DIT-075: left or right end, player's choice; DIT-076: existing cards keep order."""
    state = build(GAME, 4, 9)
    seat = state.current
    p = state.players[seat]
    set_hand(state, p, ["KOI-1", "KOI-2", "KOI-3", p.hand[0]])
    p.pawn = location_tile(state, "KOI")
    set_ducks(state, p.tow, cc(Y=2, O=1, B=1))
    start = p.start_card
    s1 = play(GAME, state, state.current, mv.DropOff("KOI-1", "left"))
    s2 = play(GAME, s1, s1.current, mv.DropOff("KOI-2", "right"))
    s3 = play(GAME, s2, s2.current, mv.DropOff("KOI-3", "left"))
    assert [s.card for s in s3.players[seat].tableau] == ["KOI-3", "KOI-1", start, "KOI-2"]
    refused(GAME, state, state.current, mv.DropOff("KOI-1", "middle"), "DIT-075")  # type: ignore[arg-type]


def test_dit_077_078_bonus_duck_per_card_in_front() -> None:
    """DIT-077: 1 duck from the bag per completed card; DIT-078: it waits in front of you
    (with the dropped ducks) and cannot be fed."""
    state = build(GAME, 2, 10)
    card = some_card(state, 1)
    seat = at_location(state, card)
    top = state.duck_bag[-1]
    events, after = played(GAME, state, state.current, mv.DropOff(card, "left"))
    assert events[1] == ev.BonusDuckDrawn(seat, COLOURS[top]) and GAME.reveals(events[1])
    p = after.players[seat]
    assert p.front[top] >= 1 and sum(p.front) == 2
    set_ducks(after, after.tiles[p.pawn].ducks, [0, 0, 0, 0])
    set_food(after, p, [4, 0, 0, 0])
    assert not [m for m in GAME.legal_moves(after, seat) if isinstance(m, mv.Feed)]


def test_dit_079_empty_bag_still_completes() -> None:
    """DIT-079: no duck to draw, the card is still completed."""
    state = build(GAME, 2, 10)
    card = some_card(state, 1)
    seat = at_location(state, card)
    empty_duck_bag(state)
    events, after = played(GAME, state, state.current, mv.DropOff(card, "left"))
    assert events[1] == ev.BonusDuckDrawn(seat, None) and not GAME.reveals(events[1])
    assert len(after.players[seat].tableau) == 2


def test_dit_080_drop_off_opens_claims_and_checks_the_end() -> None:
    """DIT-080: right after a Drop Off the card count is checked and claims are open."""
    state = build(GAME, 4, 10)
    card = some_card(state, 1)
    seat = at_location(state, card)
    set_tableau(state, seat, ["ST1", "KOI-1", "KOI-2", "FTN-1", "FTN-2"])
    after = play(GAME, state, state.current, mv.DropOff(card, "left"))
    assert after.claim_open and after.end_trigger == seat and after.end_reason == "cards"


# ------------------------------------------------------------------ Gift Shop


def gift_state(food: list[int]) -> State:
    state = build(GAME, 2, 12)
    p = state.players[state.current]
    p.pawn = free_tile(state, GIFT_SHOP)
    set_food(state, p, food)
    return state


def test_dit_081_082_tile_action_only_where_you_stand() -> None:
    """DIT-081: a tile action is one of your actions; DIT-082: only your tile's."""
    state = gift_state(cc(Y=1))
    after = play(GAME, state, state.current, mv.GiftFood(cc(O=1)))
    assert after.actions_left == 3
    state.players[state.current].pawn = free_tile(state, ADOPT)
    refused(GAME, state, state.current, mv.GiftFood(cc(O=1)), "DIT-082")
    refused(GAME, state, state.current, mv.GiftCards(), "DIT-082")
    assert not [m for m in GAME.legal_moves(state, state.current) if isinstance(m, mv.GiftFood)]


def test_dit_083_same_tile_action_twice() -> None:
    """DIT-083: the Gift Shop twice in a turn, one action each."""
    state = gift_state(cc())
    s1 = play(GAME, state, state.current, mv.GiftFood(cc(Y=2)))
    s2 = play(GAME, s1, s1.current, mv.GiftFood(cc(O=1, G=1)))
    assert s2.players[state.current].food == cc(Y=2, O=1, G=1) and s2.actions_left == 2


def test_dit_084_085_086_food_option() -> None:
    """DIT-084: food or cards, never both; DIT-085: up to 2 of your choice; DIT-086: only
    food in the bag."""
    state = gift_state(cc(Y=1))
    seat = state.current
    hand = list(state.players[seat].hand)
    after = play(GAME, state, state.current, mv.GiftFood(cc(B=1, G=1)))
    assert after.players[seat].food == cc(Y=1, B=1, G=1) and after.players[seat].hand == hand
    refused(GAME, state, state.current, mv.GiftFood(cc(B=3)), "DIT-085")
    refused(GAME, state, state.current, mv.GiftFood(cc()), "DIT-085")
    leave_in_food_bag(state, cc(Y=5), holder=1 - seat)
    refused(GAME, state, state.current, mv.GiftFood(cc(G=1)), "DIT-086")
    foods = [m for m in GAME.legal_moves(state, seat) if isinstance(m, mv.GiftFood)]
    assert foods == [mv.GiftFood(cc(Y=1)), mv.GiftFood(cc(Y=2))]


def test_dit_ex07_dit_087_gift_food_over_four() -> None:
    """DIT-EX07 / DIT-087: 3 food + 2 = 5, return 1 of your choice, end with exactly 4,
    and no location card from the same activation."""
    state = gift_state(cc(Y=1, O=1, B=1))
    seat = state.current
    hand = list(state.players[seat].hand)
    five = play(GAME, state, state.current, mv.GiftFood(cc(G=2)))
    assert sum(five.players[seat].food) == 5 and five.phase == "discard_food"
    refused(GAME, five, five.current, mv.EndTurn(), "DIT-087")
    assert {m.colour for m in GAME.legal_moves(five, seat) if isinstance(m, mv.ReturnFood)} == {
        "Y",
        "O",
        "B",
        "G",
    }
    four = play(GAME, five, five.current, mv.ReturnFood("Y"))
    assert four.players[seat].food == cc(O=1, B=1, G=2) and sum(four.players[seat].food) == 4
    assert four.phase == "actions" and four.players[seat].hand == hand
    assert four.food_bag[0] == state.food_bag[0] + 1


def test_dit_088_089_card_option_up_to_two() -> None:
    """DIT-088: up to 2 cards; DIT-089: from the display or the deck, card by card."""
    state = gift_state(cc())
    seat = state.current
    set_hand(state, state.players[seat], state.players[seat].hand[:2])
    food = list(state.players[seat].food)
    drawing = play(GAME, state, state.current, mv.GiftCards())
    assert drawing.phase == "gift_draw" and drawing.actions_left == 3
    legal = GAME.legal_moves(drawing, seat)
    assert mv.TakeDeck() in legal and mv.StopDrawing() in legal
    assert {m.card for m in legal if isinstance(m, mv.TakeDisplay)} == set(state.display)
    shown = drawing.display[1]
    one = play(GAME, drawing, drawing.current, mv.TakeDisplay(shown))
    top = one.deck[-1]
    events, two = played(GAME, one, one.current, mv.TakeDeck())
    assert events == [ev.CardDrawn(seat, top)]
    assert two.phase == "actions" and two.players[seat].hand[-2:] == [shown, top]
    assert two.players[seat].food == food
    stopped = play(GAME, drawing, drawing.current, mv.StopDrawing())
    assert stopped.phase == "actions" and len(stopped.players[seat].hand) == 2


def test_dit_090_091_discard_to_four_face_down() -> None:
    """DIT-090: more than 4 cards: discard your choice to 4; DIT-091: they leave the game
    face down (others see only that a card was discarded)."""
    state = gift_state(cc())
    seat = state.current
    s = play(GAME, state, state.current, mv.GiftCards())
    s = play(GAME, s, s.current, mv.TakeDeck())
    s = play(GAME, s, s.current, mv.TakeDeck())
    assert s.phase == "discard_card" and len(s.players[seat].hand) == 6
    refused(GAME, s, s.current, mv.EndTurn(), "DIT-090")
    victim = s.players[seat].hand[0]
    events, s = played(GAME, s, s.current, mv.DiscardCard(victim))
    assert s.phase == "discard_card"
    s = play(GAME, s, s.current, mv.DiscardCard(s.players[seat].hand[0]))
    assert s.phase == "actions" and len(s.players[seat].hand) == 4
    assert victim in s.discards and victim not in s.deck + s.display
    other = 1 - seat
    assert GAME.redact(events[0], other) == ev.CardDiscarded(seat, None)
    assert GAME.redact(events[0], seat) == events[0]
    assert victim not in str(GAME.view(s, other))


def test_dit_092_display_not_replaced_until_end_of_turn() -> None:
    """DIT-092: a card taken from the display leaves a gap until the display step."""
    state = gift_state(cc())
    seat = state.current
    set_hand(state, state.players[seat], state.players[seat].hand[:3])
    s = play(GAME, state, state.current, mv.GiftCards())
    s = play(GAME, s, s.current, mv.TakeDisplay(s.display[0]))
    s = play(GAME, s, s.current, mv.StopDrawing())
    assert len(s.display) == 3 and len(s.players[seat].hand) == 4
    set_ducks(s, s.players[seat].front, [0, 0, 0, 0])
    set_food(s, s.players[seat], [0, 0, 0, 0])
    events, s = played(GAME, s, s.current, mv.EndTurn())
    assert len(s.display) == 4
    assert any(isinstance(e, ev.DisplayRefilled) and len(e.cards) == 1 for e in events)


# ---------------------------------------------------------------------- Adopt


def adopt_state(tow: list[int]) -> State:
    state = build_with(2, 14, locations=("KOI",))
    seat = state.current
    p = state.players[seat]
    p.pawn = free_tile(state, ADOPT)
    set_ducks(state, p.tow, tow)
    set_tableau(state, seat, ["ST1", "KOI-1"])  # ST1 = Y, B; KOI-1 = Y
    return state


def test_dit_093_094_096_097_098_adopt() -> None:
    """DIT-093: Adopt on the Adopt tile; DIT-094: remove 2 ducks of your choice; DIT-096:
    one fills an empty space of a completed card; DIT-097: in its colour's row; DIT-098:
    the other goes in front of you."""
    state = adopt_state(cc(O=1, G=1))
    seat = state.current
    after = play(GAME, state, state.current, mv.Adopt("O", "G", "KOI-1"))
    p = after.players[seat]
    assert p.tow == cc() and p.front == cc(G=1)
    assert p.tableau[1].adopted == (False, True, False, False)
    assert after.claim_open and after.actions_left == 3
    full = adopt_state(cc(Y=1, G=1))
    refused(GAME, full, full.current, mv.Adopt("Y", "G", "KOI-1"), "DIT-097")
    away = adopt_state(cc(O=1, G=1))
    away.players[seat].pawn = free_tile(away, GIFT_SHOP)
    refused(GAME, away, away.current, mv.Adopt("O", "G", "KOI-1"), "DIT-093")
    other = adopt_state(cc(O=1, G=1))
    refused(GAME, other, other.current, mv.Adopt("B", "G", "KOI-1"), "DIT-094")


def test_dit_095_needs_two_ducks() -> None:
    """DIT-095: Adopt needs 2 ducks in the tow."""
    state = adopt_state(cc(O=1))
    refused(GAME, state, state.current, mv.Adopt("O", "O", "KOI-1"), "DIT-095")
    assert not [m for m in GAME.legal_moves(state, state.current) if isinstance(m, mv.Adopt)]


def test_dit_099_needs_an_empty_space_of_the_kept_colour() -> None:
    """DIT-099: legal only if the kept duck has an empty space of its colour."""
    state = adopt_state(cc(O=1, G=1))
    seat = state.current
    adopt_duck(state, state.players[seat], 0, 1)
    adopt_duck(state, state.players[seat], 1, 1)
    refused(GAME, state, state.current, mv.Adopt("O", "G", "KOI-1"), "DIT-099")
    adopts = [m for m in GAME.legal_moves(state, seat) if isinstance(m, mv.Adopt)]
    assert adopts and all(m.keep == "G" for m in adopts)


def test_dit_100_adopted_duck_counts_like_printed() -> None:
    """DIT-100: an adopted duck scores in its row like a printed symbol."""
    state = adopt_state(cc(O=2))
    seat = state.current
    set_tableau(state, seat, ["ST2", "KOI-1", "KOI-2"])  # orange: ST2, _, KOI-2
    assert GAME.view(state, seat).players[seat].rows[1] == 1
    after = play(GAME, state, state.current, mv.Adopt("O", "O", "KOI-1"))
    assert GAME.view(after, seat).players[seat].rows[1] == 3


def test_dit_043_only_cards_and_formations_score() -> None:
    """DIT-043: food, tow, front and hand score nothing."""
    state = build(GAME, 2, 15)
    p = state.players[0]
    base = score(p)
    set_food(state, p, cc(Y=4))
    set_ducks(state, p.tow, cc(O=4))
    set_ducks(state, p.front, cc(B=3))
    set_hand(state, p, [*p.hand, "KOI-6"])
    assert score(p) == base


def test_dit_050_hands_are_secret() -> None:
    """DIT-050: a hand is in its owner's view only; other seats see its size."""
    state = build(GAME, 3, 16)
    for seat in range(3):
        view = GAME.view(state, seat)
        for other, pv in enumerate(view.players):
            assert pv.hand_size == 4
            assert (pv.hand is not None) == (other == seat)
            if other != seat:
                text = str(view)
                assert all(card not in text for card in state.players[other].hand)
    assert all(pv.hand is None for pv in GAME.view(state, None).players)
