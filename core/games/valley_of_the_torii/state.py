"""Valley of the Torii state. Everything a game needs, nothing derived, no floats.

Boards are lists of tile ids per slot (data.SLOTS order, "" = empty); paper tiles
are the same on every board (`paper`). `boards` holds one board per artist and, in
solo, the opponent board last (TOR-138). Hidden: the bag's order (every draw takes
its last tile; tiles returned to it are reshuffled by the state's Rng), the tiles
drawn by a village or cherry seal until one is chosen (their drawer sees them), and
the Rng itself.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.kernel import Rng

from . import data

Phase = Literal[
    "choose",  # obtain a tile (TOR-022 steps 1-3)
    "village",  # pick 1 of the village-seal tiles (TOR-079)
    "reserve",  # the mountain-seal holder may reserve after a refill (TOR-073)
    "place",  # place the obtained tile (TOR-022 step 5)
    "rainbow",  # an artist picks a wheel tile to swap, or declines (TOR-167)
    "rainbow_put",  # ... and the board tile it replaces (TOR-170, TOR-171)
    "cherry",  # the cherry-seal holder uses it or not (TOR-085)
    "cherry_pick",  # ... chooses a drawn tile and the board tile it replaces (TOR-084)
    "over",
]


class State(msgspec.Struct, kw_only=True):
    rng: Rng
    seats: int  # artists (1 in solo)
    solo: bool
    paper: list[int]  # slots covered by paper tiles on every board (TOR-123)
    rainbow: bool  # the rainbow promo tile is in play (TOR-159)
    bonus: int  # the solo opponent's difficulty bonus (TOR-153), 0 otherwise
    objectives: list[str]  # the 5 cards in play, data.LANDSCAPE_IDS order (TOR-011)
    boxed_objectives: list[str]  # the others (TOR-013)
    start: int  # the start-token holder (TOR-019)
    current: int
    turn: int  # +1 whenever a turn ends
    round: int  # 1-based
    phase: Phase
    bag: list[str]  # draw order hidden: the last tile is drawn next
    wheels: list[list[str]]  # [large, small] recesses clockwise from the arrow; solo: small = []
    centre: str  # the large wheel's centre tile: the scroll landscape (TOR-054)
    boards: list[list[str]]
    scrolls: list[str]  # scroll token held by each board ("" none)
    stack: list[str]  # scroll stack, top first (TOR-006)
    boxed_scrolls: list[str]
    seal_holder: list[int]  # per data.SEAL_IDS: holding artist, -1 in the centre
    lines: list[list[bool]]  # [artist][line]: that ≠ line gave a seal (TOR-065)
    reserved: list[str]  # tile on each artist's mountain seal ("" none, TOR-073)
    brush_owner: int  # -1: in the centre (TOR-004)
    brush_on_board: bool  # on its owner's board, usable on their next turn (TOR-095)
    brush_turn: int  # the turn in which it was last put on a board
    turns: list[int]  # turns played by each artist
    passes: int  # turns passed in a row without a tile (TOR-037, TOR-053)
    holding: str  # the obtained tile waiting to be placed
    holding_from: str  # wheel | reserve | village
    taken_recess: int  # recess of the large wheel it came from (solo links), -1 otherwise
    drawn: list[str]  # village / cherry seal tiles waiting for a choice (hidden)
    refilled: int  # wheel just refilled, offered to the mountain seal (-1: none)
    placed_slot: int  # slot of this turn's placement (-1: none)
    placed_bamboo: bool  # ... made with the bamboo seal (TOR-072)
    rainbow_queue: list[int]  # artists still to resolve the rainbow effect, next first
    rainbow_pick: list[int]  # [wheel, recess] picked by the artist at the head
    end_triggered: bool = False


def copy_state(state: State) -> State:
    """A deep copy of `state`, much faster than the kernel's msgpack `clone`.

    `decide` and `evolve` copy a state for every move and event; this is the hot
    path. tests/games/valley_of_the_torii/test_state.py checks it equals `clone`
    and shares no mutable object with its input."""
    return msgspec.structs.replace(
        state,
        rng=Rng(state.rng.state, state.rng.inc),
        paper=state.paper[:],
        objectives=state.objectives[:],
        boxed_objectives=state.boxed_objectives[:],
        bag=state.bag[:],
        wheels=[w[:] for w in state.wheels],
        boards=[b[:] for b in state.boards],
        scrolls=state.scrolls[:],
        stack=state.stack[:],
        boxed_scrolls=state.boxed_scrolls[:],
        seal_holder=state.seal_holder[:],
        lines=[x[:] for x in state.lines],
        reserved=state.reserved[:],
        turns=state.turns[:],
        drawn=state.drawn[:],
        rainbow_queue=state.rainbow_queue[:],
        rainbow_pick=state.rainbow_pick[:],
    )


def movers(state: State) -> list[int]:
    """The seats that may move now: the current artist, or whoever a step waits for
    (the mountain-seal holder after a refill, each artist in turn for the rainbow
    effect, the cherry-seal holder at the end); nobody once the game is over."""
    phase = state.phase
    if phase == "over":
        return []
    if phase == "reserve":
        return [state.seal_holder[MOUNTAIN]]
    if phase in ("rainbow", "rainbow_put"):
        return [state.rainbow_queue[0]]
    if phase in ("cherry", "cherry_pick"):
        return [state.seal_holder[CHERRY]]
    return [state.current]


MOUNTAIN = data.SEAL_IDS.index("mountain")
CHERRY = data.SEAL_IDS.index("cherry")
