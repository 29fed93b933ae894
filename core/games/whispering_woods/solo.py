"""The solitaire mode's rules (WW-100..158): level missions, score, the round track.

Run by the engine (rules.py), not a bot. A level mission is a condition on the
completed mission tiles: which animal walked each (WW-113), its colour (the forest
side, WW-158; the starting tile has none) and its VP, and the turn it was done in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from .data import BEAR_POINTS, NO_COLOUR, PLAYER_COLOURS, ROUND_SPACES, LevelMission, level
from .forest import colour_of, vp_of
from .state import Completed, SoloState

ANIMALS: tuple[str, ...] = tuple(f"{c}-1" for c in PLAYER_COLOURS)  # one per colour (WW-101)
START_COLOUR = "YEL"  # the one starting tile taken (any one will do, WW-101)


def _by_animal(done: Sequence[Completed]) -> dict[str, list[Completed]]:
    out: dict[str, list[Completed]] = {a: [] for a in ANIMALS}
    for c in done:
        out[c.animal].append(c)
    return out


def _colours(done: Sequence[Completed]) -> list[str]:
    return [colour_of(c.tile) for c in done if colour_of(c.tile) != NO_COLOUR]


def met(mission: LevelMission, done: Sequence[Completed]) -> bool:
    """Is the level mission achieved by these completed tiles? (WW-131..151)"""
    n = mission.n
    per = _by_animal(done)
    kind = mission.kind
    if kind == "each_animal_min_tiles":  # WW-131, WW-133, WW-144, WW-149
        return all(len(tiles) >= n for tiles in per.values())
    if kind == "same_colour_pairs":  # WW-134
        return sum(k // 2 for k in Counter(_colours(done)).values()) >= n
    if kind == "each_animal_distinct_colour_tile":  # WW-136, WW-140
        options = [sorted(set(_colours(tiles))) for tiles in per.values()]
        return any(len(set(pick)) == len(pick) for pick in product(*options))
    if kind == "one_animal_same_colour":  # WW-137
        return any(k >= n for t in per.values() for k in Counter(_colours(t)).values())
    if kind == "one_animal_one_turn":  # WW-138, WW-146, WW-150
        return any(k >= n for k in Counter((c.animal, c.turn) for c in done).values())
    if kind == "same_colour_tiles":  # WW-141
        return any(k >= n for k in Counter(_colours(done)).values())
    if kind == "each_animal_min_vp":  # WW-142, WW-151
        return all(sum(vp_of(c.tile) for c in tiles) >= n for tiles in per.values())
    if kind == "distinct_colours":  # WW-145
        return len(set(_colours(done))) >= n
    raise ValueError(f"unknown level mission {kind!r}")


def newly_met(solo: SoloState, done: Sequence[Completed]) -> list[int]:
    """Indices of the level's missions achieved now and not before (WW-125/126)."""
    missions = level(solo.level).missions
    return [i for i, m in enumerate(missions) if i not in solo.achieved and met(m, done)]


def points(done: Sequence[Completed]) -> int:
    """VP of the completed mission tiles: what the score tracker shows (WW-122)."""
    return sum(vp_of(c.tile) for c in done)


def score(solo: SoloState, done: Sequence[Completed]) -> int:
    """Completed VP minus the level's refresh penalty per flipped tile (WW-121)."""
    flips = sum(c.flipped for c in done)
    return points(done) - level(solo.level).penalty * flips


def tracker(total: int) -> tuple[bool, int]:
    """(bear taken, marker position) for a point total (WW-123, WW-GAP09)."""
    return (True, total - BEAR_POINTS) if total >= BEAR_POINTS else (False, total)


def cleared(solo: SoloState, done: Sequence[Completed]) -> bool:
    """Every level mission achieved and the minimum score reached (WW-154)."""
    lv = level(solo.level)
    return len(solo.achieved) == len(lv.missions) and score(solo, done) >= lv.min_score


def rounds_available(solo: SoloState) -> int:
    """12 plus one per achieved level mission (WW-127/128/130)."""
    return ROUND_SPACES + len(solo.achieved)


def rounds_closed(solo: SoloState) -> int:
    return len(solo.track) + len(solo.extra)


def next_space(solo: SoloState) -> str:
    """Where the next step-4 tile goes: an open extra space first (WW-128), else the
    next board space."""
    if len(solo.extra) < len(solo.achieved):
        return f"E{len(solo.extra) + 1}"
    return f"R{len(solo.track) + 1}"


def next_level(number: int, won: bool) -> int:
    """The level to play next: the next one after a clear (WW-155, Level 6 is the
    last), the same one after a failure (WW-157)."""
    return min(number + 1, 6) if won else number
