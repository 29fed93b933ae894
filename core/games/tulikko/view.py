"""What each seat may see (TUL-009, TUL-018) and redaction of events.

Nobody sees a stack's order (not even its owner: the stack is face down,
TUL-009) nor the centre tile of the board (TUL-018); views show stack sizes
and the colours left in each stack (public: every tile is revealed when played).
The box (unused neutral tiles and landscape cards) and the Rng stay out too.

Every goal in play carries what it requires, from data.py: a landscape card's pattern
(cells, colours, "all different" / "neighbours differ" marks, river segments or rule),
a symbol card's spaces on each map, an aurora tile's colour and tile count.
"""

from __future__ import annotations

import msgspec

from core.kernel.score import RunningScore

from . import data
from .events import Event, Slid
from .moves import Move
from .scoring import running
from .state import State, to_move


class MapView(msgspec.Struct, kw_only=True):
    seat: int
    animal: str
    symbols: list[str]  # the map's printed symbols, cell by cell
    cells: list[str]  # tile id per cell ("" = empty); the id names the colour
    edges: list[list[int]]  # [cell_a, cell_b, token] for every edge that holds a token
    animals: int
    rivers: int
    stack_size: int
    stack_colours: list[int]  # tiles left per colour (data.COLOURS order), not their order
    start_tile: str
    discarded: list[str]
    turns: int


class LandscapeView(msgspec.Struct, kw_only=True):
    id: str
    kind: str  # river | colour | shape
    tokens: list[int]  # per seat, on that seat's animal space
    achieved: list[bool]
    # what the card requires (data.py, PROVISIONAL)
    name: str
    cells: list[list[int]]  # [row, col] of each tile of the pattern (shape, colour)
    colours: list[str]  # colour card: the colour of each cell, same order as cells
    distinct: bool  # shape card: every tile a different colour
    neq: list[list[int]]  # shape card: pairs of indices into cells of different colours
    absolute: bool  # shape card: fixed position on the map (no translation)
    rotatable: bool
    rule: str  # river card: pattern | adjacent_sides | opposite_sides | six_connected
    segments: list[list[list[int]]]  # river pattern: [[i, j], [i, j]] on the vertex grid
    min_chain: int  # river rule: river tokens needed in one chain or group


class SymbolView(msgspec.Struct, kw_only=True):
    symbol: str
    claimed_by: int | None
    tokens: int
    cells: list[list[int]]  # per seat: the map cells of this symbol, all to be covered


class AuroraView(msgspec.Struct, kw_only=True):
    id: str
    colour: str
    threshold: int
    effect: str
    holder: int | None
    active: bool
    tiles: list[str]  # tiles required on one map: `threshold` tiles of `colour`
    after: str  # the tile one must not hold to take this one ("" for the first)


class View(msgspec.Struct, kw_only=True):
    seat: int | None
    phase: str
    to_move: list[int]
    current: int
    first_player: int
    turn: int
    round: int
    arms: dict[str, str]  # N, E, S, W -> visible tile
    centre: str | None  # always None: the centre tile is hidden (TUL-018)
    side_symbols: dict[str, str]
    revealed: str
    taken: str
    exit_side: str
    placement_symbol: str
    free_placement: bool
    token_cell: int
    pending: list[int]
    lifted: str
    landscape: list[LandscapeView]
    symbols: list[SymbolView]
    auroras: list[AuroraView]
    maps: list[MapView]
    end_triggered: bool
    end_reason: str
    score: RunningScore | None = None  # the score so far and its parts (core.kernel.score)


def _map_view(state: State, seat: int) -> MapView:
    player = state.players[seat]
    left = [data.TILE_COLOUR[t] for t in player.stack]
    return MapView(
        seat=seat,
        animal=player.animal,
        symbols=list(data.MAPS[player.animal]),
        cells=list(player.cells),
        edges=[[*data.EDGES[e], token] for e, token in enumerate(player.edges) if token],
        animals=player.animals,
        rivers=player.rivers,
        stack_size=len(player.stack),
        stack_colours=[left.count(colour) for colour in data.COLOURS],
        start_tile=player.start_tile,
        discarded=list(player.discarded),
        turns=player.turns,
    )


def landscape_view(state: State, i: int, card_id: str) -> LandscapeView:
    """A landscape card in play with its requirement (data.py, PROVISIONAL)."""
    card = data.LANDSCAPE[card_id]
    view = LandscapeView(
        id=card_id,
        kind=card.kind,
        tokens=list(state.landscape_tokens[i]),
        achieved=list(state.landscape_achieved[i]),
        name=card_id,
        cells=[],
        colours=[],
        distinct=False,
        neq=[],
        absolute=False,
        rotatable=True,
        rule="",
        segments=[],
        min_chain=0,
    )
    if isinstance(card, data.ShapeCard):
        view.name = card.name
        view.cells = [[r, c] for r, c in card.cells]
        view.distinct = card.distinct
        view.neq = [[card.cells.index(a), card.cells.index(b)] for a, b in card.neq]
        view.absolute = card.absolute
        view.rotatable = card.rotatable
    elif isinstance(card, data.ColourCard):
        view.cells = [[r, c] for r, c in card.cells]
        view.colours = list(card.colours)
    else:
        view.name = card.name
        view.rule = card.rule
        view.segments = [[list(a), list(b)] for a, b in card.segments]
        view.min_chain = card.min_chain
    return view


def make_view(state: State, seat: int | None) -> View:
    board = state.board
    return View(
        seat=seat,
        phase=state.phase,
        to_move=to_move(state),
        current=state.current,
        first_player=state.first_player,
        turn=state.turn,
        round=state.round,
        arms={side: board[data.SLOT_INDEX[side]] for side in data.SIDES},
        centre=None,
        side_symbols=dict(data.SIDE_SYMBOL),
        revealed=state.revealed,
        taken=state.taken,
        exit_side=state.exit_side,
        placement_symbol=data.SIDE_SYMBOL[state.exit_side] if state.exit_side else "",
        free_placement=state.free_placement,
        token_cell=state.token_cell,
        pending=list(state.pending),
        lifted=state.lifted,
        landscape=[landscape_view(state, i, card) for i, card in enumerate(state.landscape)],
        symbols=[
            SymbolView(
                symbol=symbol,
                claimed_by=None if state.symbol_holder[i] < 0 else state.symbol_holder[i],
                tokens=state.symbol_tokens[i],
                cells=[list(data.SYMBOL_CELLS[p.animal][symbol]) for p in state.players],
            )
            for i, symbol in enumerate(data.SYMBOLS)
        ],
        auroras=[
            AuroraView(
                id=a.id,
                colour=a.colour,
                threshold=a.threshold,
                effect=a.effect,
                holder=None if state.aurora_holder[i] < 0 else state.aurora_holder[i],
                active=state.aurora_active[i],
                tiles=[a.colour] * a.threshold,
                after=data.AURORA_TILES[i - 1].id if a.threshold == 4 else "",
            )
            for i, a in enumerate(data.AURORA_TILES)
        ],
        maps=[_map_view(state, s) for s in range(state.seats)],
        end_triggered=state.end_triggered,
        end_reason=state.end_reason,
        score=running(state),
    )


def redact_event(event: Event, seat: int | None) -> Event:
    """Every seat and spectators lose the tile hidden in the centre (TUL-018)."""
    if isinstance(event, Slid) and event.centre is not None:
        return msgspec.structs.replace(event, centre=None)
    return event


def redact_move(move: Move, seat: int | None) -> Move:
    """Every seat sees every move whole: no Tulikko move names a hidden tile (a move
    names a side, a space or a face-up card)."""
    return move
