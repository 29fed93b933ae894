"""What a seat may see, and events as a seat may see them.

Hidden from everyone: the bag's order and the Rng (only the bag's size is shown;
its content is public knowledge anyway: every tile not in sight). Hidden from all
but their drawer: the tiles a village or cherry seal drew until one is chosen, and
the tiles it sent back (TOR-078..080, TOR-083..085). Everything else is on the table.
"""

from __future__ import annotations

import msgspec

from core.kernel.score import RunningScore

from . import data
from .board import available
from .events import CherryDrawn, CherryReplaced, Event, Picked, VillageDrawn
from .scoring import running
from .state import State, movers


class ObjectiveView(msgspec.Struct, kw_only=True):
    id: str
    landscape: str
    letter: str
    name_en: str
    name_ja: str
    text_en: str
    text_ja: str


class TileFace(msgspec.Struct, kw_only=True):
    """What a tile shows: its landscape ("" for the rainbow tile), torii colour, brush."""

    landscape: str
    torii: str
    brush: bool


class SlotView(msgspec.Struct, kw_only=True):
    id: str
    row: int  # 1 = bottom
    x2: int  # twice the horizontal centre


class LayoutView(msgspec.Struct, kw_only=True):
    """The painting board and the solo wheel as printed (PROVISIONAL TOR-GAP01..04)."""

    slots: list[SlotView]  # data.SLOTS order: the order of every board's list
    seal_lines: list[list[str]]  # the ≠ slots of rows 2 and 4 (TOR-060)
    scroll_slot: str  # TOR-055
    links: list[list[int]]  # solo: linked recesses of the large wheel (TOR-145)
    fans: list[int]  # solo: recesses with a grey fan (TOR-147)


LAYOUT = LayoutView(
    slots=[SlotView(id=s.id, row=s.row, x2=s.x2) for s in data.SLOTS],
    seal_lines=[[data.SLOTS[i].id for i in line] for line in data.SEAL_LINES],
    scroll_slot=data.SLOTS[data.SCROLL_SLOT].id,
    links=[list(pair) for pair in data.SOLO_LINKS],
    fans=list(data.SOLO_FANS),
)


class View(msgspec.Struct, kw_only=True):
    seat: int | None
    phase: str
    to_move: list[int]
    solo: bool
    current: int
    start: int
    turn: int
    round: int
    wheels: list[list[str]]  # [large, small] tile per recess ("" empty)
    available: list[list[int]]  # available recesses per wheel (TOR-025, TOR-026)
    centre: str
    scroll_landscape: str
    bag_size: int
    paper: list[str]  # slots covered on every board
    boards: list[list[str]]  # artists' boards, then the solo opponent's
    scrolls: list[str]
    stack: list[str]
    seal_holder: dict[str, int | None]
    lines: list[list[bool]]
    reserved: list[str]
    brush_owner: int | None
    brush_on_board: bool
    holding: str
    drawn: list[str] | None  # the drawer's own village / cherry tiles
    drawn_count: int
    refilled: int
    rainbow_queue: list[int]
    rainbow_pick: list[int]
    objectives: list[ObjectiveView]
    bonus: int
    turns: list[int]
    end_triggered: bool
    tiles: dict[str, TileFace]  # the face of every tile this seat may see, by id
    layout: LayoutView
    score: RunningScore | None = None  # the score so far and its parts (core.kernel.score)


def _faces(state: State, drawn: list[str] | None) -> dict[str, TileFace]:
    """The faces of the tiles in sight (wheels, centre, boards, reserved, held, drawn)."""
    seen = [*state.wheels[0], *state.wheels[1], state.centre, *state.reserved, state.holding]
    for board in state.boards:
        seen += board
    seen += drawn or []
    faces = {}
    for tile in sorted(t for t in dict.fromkeys(seen) if t):
        face = data.TILES[tile]
        faces[tile] = TileFace(landscape=face.landscape, torii=face.torii, brush=face.brush)
    return faces


def _drawer(state: State) -> int:
    return movers(state)[0] if state.phase in ("village", "cherry_pick") else -1


def make_view(state: State, seat: int | None) -> View:
    sees_drawn = seat is not None and seat == _drawer(state)
    drawn = list(state.drawn) if sees_drawn else None
    return View(
        seat=seat,
        phase=state.phase,
        to_move=movers(state),
        solo=state.solo,
        current=state.current,
        start=state.start,
        turn=state.turn,
        round=state.round,
        wheels=[list(w) for w in state.wheels],
        available=[available(w) for w in state.wheels],
        centre=state.centre,
        scroll_landscape=data.TILES[state.centre].landscape,
        bag_size=len(state.bag),
        paper=[data.SLOTS[i].id for i in state.paper],
        boards=[list(b) for b in state.boards],
        scrolls=list(state.scrolls),
        stack=list(state.stack),
        seal_holder={
            seal: (None if holder < 0 else holder)
            for seal, holder in zip(data.SEAL_IDS, state.seal_holder, strict=True)
        },
        lines=[list(x) for x in state.lines],
        reserved=list(state.reserved),
        brush_owner=None if state.brush_owner < 0 else state.brush_owner,
        brush_on_board=state.brush_on_board,
        holding=state.holding,
        drawn=drawn,
        drawn_count=len(state.drawn),
        refilled=state.refilled,
        rainbow_queue=list(state.rainbow_queue),
        rainbow_pick=list(state.rainbow_pick),
        objectives=[
            ObjectiveView(
                id=o.id,
                landscape=o.landscape,
                letter=o.letter,
                name_en=o.name_en,
                name_ja=o.name_ja,
                text_en=o.text_en,
                text_ja=o.text_ja,
            )
            for o in (data.OBJECTIVE_BY_ID[c] for c in state.objectives)
        ],
        bonus=state.bonus,
        turns=list(state.turns),
        end_triggered=state.end_triggered,
        tiles=_faces(state, drawn),
        layout=LAYOUT,
        score=running(state),
    )


def redact_event(event: Event, seat: int | None) -> Event:
    """Drawn and returned tiles are the drawer's alone."""
    if isinstance(event, VillageDrawn | CherryDrawn) and seat != event.seat:
        return msgspec.structs.replace(event, tiles=None)
    if isinstance(event, Picked | CherryReplaced) and seat != event.seat:
        return msgspec.structs.replace(event, returned=None)
    return event


def redact_move(move: object, seat: int | None) -> object:
    """No move names a hidden tile: Pick and CherryReplace name the tile about to be
    placed, in sight of everyone."""
    return move
