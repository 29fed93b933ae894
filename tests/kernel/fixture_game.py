"""High Card: the kernel's fixture game (tests only, never shipped).

Small, but it has everything the kernel must handle: a deck shuffled with the
kernel RNG, hidden hands, draws that reveal a card to one seat only, and
two-step turns (play a card, then draw or pass).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.kernel import (
    Decider,
    GameInfo,
    OptionSpec,
    Outcome,
    Rng,
    Setup,
    SetupError,
    clone,
    ensure,
)


class Play(msgspec.Struct, tag="play"):
    card: int


class Draw(msgspec.Struct, tag="draw"):
    pass


class Pass(msgspec.Struct, tag="pass"):
    pass


Move = Play | Draw | Pass


class Played(msgspec.Struct, tag="played"):
    seat: int
    card: int


class Drew(msgspec.Struct, tag="drew"):
    seat: int
    card: int | None  # None in the copies other seats see


class TurnPassed(msgspec.Struct, tag="turn-passed"):
    to: int


Event = Played | Drew | TurnPassed


class State(msgspec.Struct):
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    scores: list[int]
    current: int
    phase: Literal["play", "draw"]
    turn: int


class View(msgspec.Struct):
    hand: list[int] | None
    hand_sizes: list[int]
    deck_size: int
    scores: list[int]
    current: int
    phase: str


class HighCard(Decider[State, Move, Event, View]):
    info = GameInfo(
        id="high-card",
        title_en="High Card (fixture)",
        title_ja="ハイカード（テスト用）",
        min_players=1,
        max_players=4,
        rules_version="1",
        turn_rule="HC-1",
        end_rule="HC-5",
        solo=True,
        options=[
            OptionSpec(
                name="deck_size",
                kind="int",
                default=12,
                minimum=4,
                maximum=2000,
                label_en="Cards in the deck",
                label_ja="山札の枚数",
            ),
            OptionSpec(
                name="hand_size",
                kind="int",
                default=2,
                minimum=1,
                maximum=3,
                label_en="Cards in hand",
                label_ja="手札の枚数",
            ),
        ],
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    def check_setup(self, setup: Setup) -> None:
        dealt = int(setup.options["hand_size"]) * setup.seats
        if dealt > int(setup.options["deck_size"]):
            raise SetupError(f"{dealt} cards are dealt but the deck holds fewer")

    def initial(self, setup: Setup) -> State:
        rng = Rng.seeded(setup.seed)
        deck = list(range(1, int(setup.options["deck_size"]) + 1))
        rng.shuffle(deck)
        hand_size = int(setup.options["hand_size"])
        hands = [[deck.pop() for _ in range(hand_size)] for _ in range(setup.seats)]
        return State(rng, deck, hands, [0] * setup.seats, 0, "play", 0)

    def to_move(self, state: State) -> list[int]:
        return [] if self._over(state) else [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        if state.phase == "play":
            return [Play(card) for card in sorted(state.hands[seat])]
        return ([Draw()] if state.deck else []) + [Pass()]

    def decide(self, state: State, seat: int, move: Move) -> list[Event]:
        ensure(seat in self.to_move(state), "not-your-turn", "wait for your turn", "HC-1")
        nxt = (seat + 1) % len(state.hands)
        if isinstance(move, Play):
            ensure(state.phase == "play", "wrong-step", "draw or pass first", "HC-2")
            ensure(move.card in state.hands[seat], "not-in-hand", "you do not hold it", "HC-3")
            return [Played(seat, move.card)]
        ensure(state.phase == "draw", "wrong-step", "play a card first", "HC-2")
        if isinstance(move, Draw):
            ensure(bool(state.deck), "deck-empty", "the deck is empty", "HC-4")
            return [Drew(seat, state.deck[-1]), TurnPassed(nxt)]
        return [TurnPassed(nxt)]

    def evolve(self, state: State, event: Event) -> State:
        state = clone(state)
        if isinstance(event, Played):
            state.hands[event.seat].remove(event.card)
            state.scores[event.seat] += event.card
            state.phase = "draw"
        elif isinstance(event, Drew):
            state.hands[event.seat].append(state.deck.pop())
        else:
            state.current, state.phase, state.turn = event.to, "play", state.turn + 1
            if state.turn % 5 == 0:  # a reshuffle now and then exercises the stored RNG
                state.rng.shuffle(state.deck)
        return state

    def view(self, state: State, seat: int | None) -> View:
        return View(
            hand=sorted(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(hand) for hand in state.hands],
            deck_size=len(state.deck),
            scores=list(state.scores),
            current=state.current,
            phase=state.phase,
        )

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, Drew) and event.seat != seat:
            return Drew(event.seat, None)
        return event

    def reveals(self, event: Event) -> bool:
        return isinstance(event, Drew)

    def outcome(self, state: State) -> Outcome | None:
        if not self._over(state):
            return None
        best = max(state.scores)
        winners = [seat for seat, score in enumerate(state.scores) if score == best]
        ranks = [1 + sum(other > score for other in state.scores) for score in state.scores]
        return Outcome(scores=list(state.scores), ranks=ranks, winners=winners)

    def _over(self, state: State) -> bool:
        return state.phase == "play" and not state.hands[state.current]


GAME = HighCard()
