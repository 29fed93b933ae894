"""The folds: one function per event type, applying it to a state IN PLACE.

Only ever called on a private copy (the kernel's StepRules). The bag is drawn from
its end; tiles going back into it are shuffled in with the state's Rng (WW-035).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .data import BEAR_POINTS
from .events import (
    ComboTaken,
    FinalRound,
    ForestTaken,
    GameEnded,
    LevelMissionAchieved,
    MarketRefilled,
    MarketRefreshed,
    MissionCompleted,
    MissionTaken,
    RoundClosed,
    StartAnimalPlaced,
    StepSkipped,
    TurnStarted,
)
from .state import Completed, Placed, State


def _start_animal_placed(state: State, e: StartAnimalPlaced) -> None:
    player = state.players[e.seat]
    player.forest[0].animal = e.animal
    player.supply.remove(e.animal)
    state.phase = "end"


def _turn_started(state: State, e: TurnStarted) -> None:
    state.current, state.round = e.seat, e.round
    state.turn += 1
    state.refreshed, state.walked = False, 0
    state.phase = "refresh"


def _market_refilled(state: State, e: MarketRefilled) -> None:
    del state.bag[len(state.bag) - len(e.tiles) :]
    state.market += e.tiles


def _final_round(state: State, e: FinalRound) -> None:
    state.final_round = True


def _market_refreshed(state: State, e: MarketRefreshed) -> None:
    player = state.players[e.seat]
    next(c for c in player.completed if c.tile == e.flipped).flipped = True
    del state.bag[len(state.bag) - len(e.drawn) :]
    state.market = e.drawn[:]
    state.bag += e.returned
    state.rng.shuffle(state.bag)
    state.refreshed = True
    state.phase = "take"


def _step_skipped(state: State, e: StepSkipped) -> None:
    if e.step == "refresh":
        state.phase = "take"
    elif e.step == "take":
        state.phase = "walk"
    else:
        state.players[e.seat].turns += 1
        state.phase = "close" if state.solo is not None else "end"


def _forest_taken(state: State, e: ForestTaken) -> None:
    state.market.remove(e.tile)
    state.players[e.seat].forest.append(Placed(q=e.q, r=e.r, tile=e.tile, mission=False))
    state.phase = "second" if state.phase == "take" and state.market else "walk"


def _mission_taken(state: State, e: MissionTaken) -> None:
    state.market.remove(e.tile)
    player = state.players[e.seat]
    player.supply.remove(e.animal)
    player.forest.append(Placed(q=e.q, r=e.r, tile=e.tile, mission=True, animal=e.animal))
    state.phase = "walk"


def _mission_completed(state: State, e: MissionCompleted) -> None:
    player = state.players[e.seat]
    player.forest = [t for t in player.forest if (t.q, t.r) != (e.q, e.r)]
    end = e.route[-1]
    for t in player.forest:
        if (t.q, t.r) == end:
            t.mission, t.animal = True, e.animal
    player.completed.append(Completed(tile=e.tile, animal=e.animal, turn=state.turn))
    state.walked += 1
    solo = state.solo
    if solo is not None:
        solo.marker += e.vp
        if solo.marker >= BEAR_POINTS and not solo.bear:
            solo.bear, solo.marker = True, solo.marker - BEAR_POINTS


def _combo_taken(state: State, e: ComboTaken) -> None:
    state.combo_supply.remove(e.card)
    state.players[e.seat].combos.append(e.card)


def _level_mission_achieved(state: State, e: LevelMissionAchieved) -> None:
    assert state.solo is not None
    state.solo.achieved.append(e.index)


def _round_closed(state: State, e: RoundClosed) -> None:
    solo = state.solo
    assert solo is not None
    state.bag.pop()
    (solo.extra if e.space.startswith("E") else solo.track).append(e.tile)
    state.market = [t for t in state.market if t not in e.purged]
    solo.set_aside += e.purged
    state.phase = "end"


def _game_ended(state: State, e: GameEnded) -> None:
    state.phase = "over"
    state.end_reason = e.reason
    if state.solo is not None and e.reason == "level-cleared":
        state.solo.cleared = True


FOLDS: dict[type, Callable[[State, Any], None]] = {
    StartAnimalPlaced: _start_animal_placed,
    TurnStarted: _turn_started,
    MarketRefilled: _market_refilled,
    FinalRound: _final_round,
    MarketRefreshed: _market_refreshed,
    StepSkipped: _step_skipped,
    ForestTaken: _forest_taken,
    MissionTaken: _mission_taken,
    MissionCompleted: _mission_completed,
    ComboTaken: _combo_taken,
    LevelMissionAchieved: _level_mission_achieved,
    RoundClosed: _round_closed,
    GameEnded: _game_ended,
}
