"""What a seat may see: everything on the table, never the bag's order or the Rng.

Side A of a tile shows its colour and its side B path and VP (WW-008, WW-GAP07),
so market, forest, personal-area and round-track tiles carry all three (the board
draws a completed tile or a round's tile by its face, not its id). The bag is a
count. No event or move names a hidden tile (events.py), so redaction returns them
unchanged.
"""

from __future__ import annotations

import msgspec

from core.kernel.score import RunningScore

from . import scoring
from . import solo as solo_rules
from .data import COMBO_TYPES, REFRESH_PENALTY, START_PATH_LENGTH, TILES, combo_type, level
from .events import Event
from .forest import colour_of, is_start, vp_of
from .moves import Move
from .state import Completed, PlayerState, State


class TileView(msgspec.Struct, kw_only=True):
    id: str
    colour: str  # forest side; "NONE" for the starting tile
    path: list[str]  # printed order; the starting tile's is X,c1,c2,c3,c4,X (WW-081)
    vp: int


class PlacedView(msgspec.Struct, kw_only=True):
    q: int
    r: int
    tile: TileView
    mission: bool
    animal: str


class PlayerView(msgspec.Struct, kw_only=True):
    seat: int
    colour: str
    forest: list[PlacedView]
    supply: list[str]
    completed: list[Completed]
    completed_faces: list[TileView]  # the faces of `completed`, in the same order
    combos: list[str]
    score: int  # completed VP + combo VP - refresh penalties so far
    turns: int


class LevelMissionView(msgspec.Struct, kw_only=True):
    kind: str
    n: int
    name_en: str
    name_ja: str
    achieved: bool


class SoloView(msgspec.Struct, kw_only=True):
    level: int
    name_en: str
    name_ja: str
    missions: list[LevelMissionView]
    min_score: int
    penalty: int
    track: list[str]
    extra: list[str]
    track_faces: list[TileView]  # the faces of `track` and `extra`, face up (WW-114)
    extra_faces: list[TileView]
    set_aside: list[str]
    rounds_available: int
    marker: int
    bear: bool
    cleared: bool


class View(msgspec.Struct, kw_only=True):
    seat: int | None
    phase: str
    current: int
    start_player: int
    round: int
    turn: int
    market: list[TileView]
    bag_size: int
    combo_supply: list[int]  # cards left per type, x2..x5
    players: list[PlayerView]
    refreshed: bool
    walked: int  # missions completed this turn
    final_round: bool
    end_reason: str
    solo: SoloView | None
    score: RunningScore | None = None  # the score so far and its parts (core.kernel.score)


def tile_view(tile: str) -> TileView:
    if is_start(tile):
        path = ["X", "c1", "c2", "c3", "c4", "X"][:START_PATH_LENGTH]
        return TileView(id=tile, colour=colour_of(tile), path=path, vp=vp_of(tile))
    t = TILES[tile]
    return TileView(id=tile, colour=t.colour, path=list(t.path), vp=t.vp)


def _player_view(state: State, seat: int, player: PlayerState) -> PlayerView:
    per_flip = REFRESH_PENALTY if state.solo is None else level(state.solo.level).penalty
    score = scoring.mission_vp(player) + scoring.combo_vp(player) - per_flip * scoring.flips(player)
    return PlayerView(
        seat=seat,
        colour=player.colour,
        forest=[
            PlacedView(q=t.q, r=t.r, tile=tile_view(t.tile), mission=t.mission, animal=t.animal)
            for t in player.forest
        ],
        supply=player.supply[:],
        completed=[msgspec.structs.replace(c) for c in player.completed],
        completed_faces=[tile_view(c.tile) for c in player.completed],
        combos=player.combos[:],
        score=score,
        turns=player.turns,
    )


def _solo_view(state: State) -> SoloView | None:
    s = state.solo
    if s is None:
        return None
    lv = level(s.level)
    return SoloView(
        level=s.level,
        name_en=lv.name_en,
        name_ja=lv.name_ja,
        missions=[
            LevelMissionView(
                kind=m.kind, n=m.n, name_en=m.name_en, name_ja=m.name_ja, achieved=i in s.achieved
            )
            for i, m in enumerate(lv.missions)
        ],
        min_score=lv.min_score,
        penalty=lv.penalty,
        track=s.track[:],
        extra=s.extra[:],
        track_faces=[tile_view(t) for t in s.track],
        extra_faces=[tile_view(t) for t in s.extra],
        set_aside=s.set_aside[:],
        rounds_available=solo_rules.rounds_available(s),
        marker=s.marker,
        bear=s.bear,
        cleared=s.cleared,
    )


def make_view(state: State, seat: int | None) -> View:
    """The table as `seat` (None: a spectator) sees it: the same for everyone."""
    return View(
        seat=seat,
        phase=state.phase,
        current=state.current,
        start_player=state.start_player,
        round=state.round,
        turn=state.turn,
        market=[tile_view(t) for t in state.market],
        bag_size=len(state.bag),
        combo_supply=[
            sum(combo_type(c).missions == t.missions for c in state.combo_supply)
            for t in COMBO_TYPES
        ],
        players=[_player_view(state, i, p) for i, p in enumerate(state.players)],
        refreshed=state.refreshed,
        walked=state.walked,
        final_round=state.final_round,
        end_reason=state.end_reason,
        solo=_solo_view(state),
        score=scoring.running(state),
    )


def redact_event(event: Event, seat: int | None) -> Event:
    """Every event is public (events.py)."""
    return event


def redact_move(move: Move, seat: int | None) -> Move:
    """Every move is public: it names only face-up tiles."""
    return move
