"""The fixture game after a rules change (rules "2"), for the rules-version tests.

A played card scores double, which `evolve` gates on the rules the game is played
under (kept in the state by games under the new rules only, so a rules-1 state
encodes exactly as it always did and old records keep their state hashes); and a
seat may no longer pass while the deck has cards (in `decide`, ungated on purpose:
re-deciding an old record meets the change). `kifu` loads it through
KIFU_EXTRA_GAMES=tests.kernel.fixture_game_v2.
"""

from __future__ import annotations

import msgspec

from core.kernel import Setup, ensure

from .fixture_game import Event, HighCard, Move, Pass, Played, State


class StateV2(State):
    rules: str = "2"


class HighCardV2(HighCard):
    info = msgspec.structs.replace(HighCard.info, rules_version="2")

    def initial(self, setup: Setup) -> State:
        state = super().initial(setup)
        if setup.rules_version == "1":
            return state
        return StateV2(*msgspec.structs.astuple(state), rules=setup.rules_version or "2")

    def decide(self, state: State, seat: int, move: Move) -> list[Event]:
        if isinstance(move, Pass):
            ensure(not state.deck, "must-draw", "draw while the deck has cards", "HC-6")
        return super().decide(state, seat, move)

    def evolve(self, state: State, event: Event) -> State:
        after = super().evolve(state, event)
        if isinstance(event, Played) and isinstance(after, StateV2):
            after.scores[event.seat] += event.card  # rules 2: a played card scores double
        return after


GAME = HighCardV2()
