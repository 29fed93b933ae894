"""Final scoring and the outcome with its trail (WW-093..099; solitaire WW-121, WW-154..157)."""

from __future__ import annotations

from core.kernel import Outcome
from core.kernel.score import RunningScore, ScorePart, seat_score

from . import solo
from .data import REFRESH_PENALTY, combo_type, level
from .forest import vp_of
from .state import PlayerState, State


class WoodsOutcome(Outcome, kw_only=True):
    """Scores with every part shown; solitaire fields are None in the competitive game."""

    mission_vp: list[int]  # VP of completed mission tiles, flipped or not (WW-093, WW-037)
    combo_vp: list[int]  # WW-094
    penalty: list[int]  # points lost for refreshes (WW-095; WW-148/153 in solitaire)
    forest_tiles: list[int]  # tie-break: fewer wins (WW-098)
    completed: list[int]  # completed mission tiles per seat
    end_reason: str
    level: int | None = None
    level_missions: list[bool] | None = None  # achieved, in level-card order
    min_score: int | None = None
    next_level: int | None = None  # WW-155/157


def mission_vp(player: PlayerState) -> int:
    return sum(vp_of(c.tile) for c in player.completed)


def combo_vp(player: PlayerState) -> int:
    return sum(combo_type(card).vp for card in player.combos)


def flips(player: PlayerState) -> int:
    return sum(c.flipped for c in player.completed)


def outcome(state: State) -> WoodsOutcome | None:
    if state.phase != "over":
        return None
    players = state.players
    s = state.solo
    per_flip = REFRESH_PENALTY if s is None else level(s.level).penalty
    missions = [mission_vp(p) for p in players]
    combos = [combo_vp(p) for p in players]
    penalty = [per_flip * flips(p) for p in players]
    scores = [m + c - f for m, c, f in zip(missions, combos, penalty, strict=True)]
    sizes = [len(p.forest) for p in players]
    keys = [(-scores[i], sizes[i]) for i in range(len(players))]  # WW-097/098
    ranks = [1 + sum(k < keys[i] for k in keys) for i in range(len(players))]
    result = WoodsOutcome(
        scores=scores,
        ranks=ranks,
        winners=[i for i, r in enumerate(ranks) if r == 1],  # WW-099: shared
        mission_vp=missions,
        combo_vp=combos,
        penalty=penalty,
        forest_tiles=sizes,
        completed=[len(p.completed) for p in players],
        end_reason=state.end_reason,
    )
    if s is not None:  # solitaire: `won` says whether the level was cleared
        lv = level(s.level)
        result.won = s.cleared
        result.level = s.level
        result.level_missions = [i in s.achieved for i in range(len(lv.missions))]
        result.min_score = lv.min_score
        result.next_level = solo.next_level(s.level, s.cleared)
    return result


def running(state: State) -> RunningScore:
    """Each forest's points so far: completed mission tiles, combo cards, and the
    points lost for refreshes (WW-093..095; solitaire WW-148/153). All of it lies face
    up, so the score so far is the final count of what is on the table now."""
    per_flip = REFRESH_PENALTY if state.solo is None else level(state.solo.level).penalty
    return RunningScore(
        seats=[
            seat_score(
                [
                    ScorePart(key="mission_vp", points=mission_vp(p)),
                    ScorePart(key="combo_vp", points=combo_vp(p)),
                    ScorePart(key="penalty", points=-per_flip * flips(p)),
                ]
            )
            for p in state.players
        ]
    )
