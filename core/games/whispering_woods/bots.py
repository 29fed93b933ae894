"""The greedy bot: `evaluate` a position for a seat, pick the legal move whose foreseen
result evaluates best (core.kernel.bots.one_ply).

`evaluate` counts the points banked (completed VP, combos, penalties) plus what the
forest promises: each animal's mission tile is worth part of its VP, most when a route
for it is open now, else in proportion to how much of its path can already be walked
(forest.best_prefix). In solitaire it adds the level missions achieved. Ties are broken
with the bot's own Rng.

`medium` and `hard` plan the whole turn (two tiles, then the walks) by the same
`evaluate`: each move is scored by its best continuation to the end of the seat's turn,
looking at the 3 (medium) or 8 (hard) best moves one step ahead at each step
(core.kernel.bots.one_ply's `beam`). The game is nearly solitaire (nobody touches
another's forest, WW-003) and a mission is opened by the two tiles of one turn
together, so planning the turn beats searching the opponent's replies: the kernel's
ISMCTS was about even with greedy here (48% and 56%); the planners beat greedy in 64%
and 80% of 200 games, at about 40 and 100 ms a move in CPython (README, Bots).
"""

from __future__ import annotations

from collections.abc import Callable

from core.kernel.bots import one_ply

from . import scoring
from .data import REFRESH_PENALTY, TILES, level
from .forest import best_prefix, path_length, splits, vp_of
from .state import Placed, State

_PREFIXES: dict[tuple[str, tuple[tuple[int, int, str], ...]], int] = {}
"""`forest.best_prefix` of a mission tile, by its tile and the forest tiles a route from
it can reach (their colours and places relative to it): a plan's states differ by a
tile or two, so most missions' searches are the same search again."""

PREFIXES_KEPT = 1 << 13  # searches remembered at most (~6-8k a game, ~6 MB); then all forgotten


def _best_prefix(forest: list[Placed], t: Placed, length: int) -> int:
    """`forest.best_prefix(forest, (t.q, t.r))`, remembered. A route of `length` tiles
    from the mission tile steps from one forest tile (not a mission tile) to the next,
    so it stays within `length` steps of it: the colours of the forest tiles there
    decide the search (forest.best_prefix)."""
    q, r = t.q, t.r
    near = []
    for u in forest:
        if not u.mission:
            dq, dr = u.q - q, u.r - r
            if abs(dq) + abs(dr) + abs(dq + dr) <= 2 * length:
                near.append((dq, dr, TILES[u.tile].colour))
    key = (t.tile, tuple(near))
    prefix = _PREFIXES.get(key)
    if prefix is None:
        if len(_PREFIXES) >= PREFIXES_KEPT:
            _PREFIXES.clear()
        prefix = _PREFIXES[key] = best_prefix(forest, (q, r))
    return prefix


def _mission_promise(forest: list[Placed], t: Placed) -> float:
    """What a mission in the forest promises: most of its points when its whole path
    can be walked, else a share growing with the part of it that can."""
    # one search a mission: a whole path can be walked (forest.can_walk) exactly
    # when its best prefix is the whole path and the walk splits nothing
    length = path_length(t.tile)
    prefix = _best_prefix(forest, t, length)
    if prefix == length and not splits(forest, (t.q, t.r)):
        return 0.7 * vp_of(t.tile)
    return vp_of(t.tile) * (0.1 + 0.4 * (prefix / length))


def evaluate_with(
    state: State, seat: int, mission_promise: Callable[[list[Placed], Placed], float]
) -> float:
    """The points banked, less the refreshes' cost, and what the forest promises: its
    missions (`mission_promise`), the animals left, the solitaire's goals."""
    player = state.players[seat]
    per_flip = REFRESH_PENALTY if state.solo is None else level(state.solo.level).penalty
    banked = scoring.mission_vp(player) + scoring.combo_vp(player)
    banked -= per_flip * scoring.flips(player)
    promise = 0.0
    for t in player.forest:
        if t.mission and t.animal:
            promise += mission_promise(player.forest, t)
    promise += 0.5 * len(player.supply)  # animals left keep option B open
    if state.solo is not None:
        promise += 10.0 * len(state.solo.achieved)
        if state.solo.cleared:
            promise += 1_000.0
    return banked + promise


def evaluate(state: State, seat: int) -> float:
    return evaluate_with(state, seat, _mission_promise)


greedy = one_ply(evaluate)


# a turn is at most: two tiles, then walks and the end (3 more moves after the first)
TURN_STEPS = 3
medium = one_ply(evaluate, lookahead=TURN_STEPS, beam=3)
hard = one_ply(evaluate, lookahead=TURN_STEPS, beam=8)
