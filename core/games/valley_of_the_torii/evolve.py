"""The folds: one function per event type, applying it to a state IN PLACE (only
ever a private copy: the kernel's `evolve` and `decide` copy first).

Bag draws take the bag's last tiles (its order was shuffled by the seeded Rng);
tiles returned to the bag are reshuffled with the state's Rng, so nobody who
saw them go back knows when they will come out (TOR-080, TOR-085)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import data
from .events import (
    BrushLeftBoard,
    BrushTaken,
    CherryDrawn,
    CherryOffered,
    CherryReplaced,
    CherrySkipped,
    EndTriggered,
    GameEnded,
    OpponentPlaced,
    Picked,
    Placed,
    RainbowDone,
    RainbowPicked,
    RainbowStarted,
    RainbowSwapped,
    Refilled,
    Reserved,
    ReservedTaken,
    ReserveOffered,
    ReserveSkipped,
    ScrollTaken,
    SealGained,
    SealReturned,
    Took,
    TurnEnded,
    TurnPassed,
    VillageDrawn,
    WheelsEmptied,
    WheelSwapped,
)
from .state import State

SEAL = {seal: i for i, seal in enumerate(data.SEAL_IDS)}


def draw(state: State, count: int) -> list[str]:
    """The next `count` tiles of the bag, in drawing order."""
    return [state.bag.pop() for _ in range(count)]


def to_bag(state: State, tiles: list[str]) -> None:
    state.bag.extend(tiles)
    state.rng.shuffle(state.bag)


def _took(s: State, e: Took) -> None:
    s.wheels[e.wheel][e.recess] = ""
    s.holding, s.holding_from = e.tile, "wheel"
    s.taken_recess = e.recess if e.wheel == 0 else -1
    if e.brush:  # TOR-093
        s.brush_owner, s.brush_on_board = -1, False
    s.phase = "place"


def _wheel_swapped(s: State, e: WheelSwapped) -> None:
    wheel = s.wheels[e.wheel]
    wheel[e.a], wheel[e.b] = wheel[e.b], wheel[e.a]
    s.seal_holder[SEAL["water"]] = -1


def _refilled(s: State, e: Refilled) -> None:
    draw(s, len(e.tiles))
    for i, tile in enumerate(e.tiles):
        s.wheels[e.wheel][i] = tile


def _reserve_offered(s: State, e: ReserveOffered) -> None:
    s.refilled, s.phase = e.wheel, "reserve"


def _reserved(s: State, e: Reserved) -> None:
    s.wheels[e.wheel][e.recess] = ""
    s.reserved[e.seat] = e.tile
    s.refilled, s.phase = -1, "place"


def _reserve_skipped(s: State, e: ReserveSkipped) -> None:
    s.refilled, s.phase = -1, "place"


def _reserved_taken(s: State, e: ReservedTaken) -> None:
    s.reserved[e.seat] = ""
    s.holding, s.holding_from, s.taken_recess = e.tile, "reserve", -1
    s.phase = "place"


def _village_drawn(s: State, e: VillageDrawn) -> None:
    s.seal_holder[SEAL["village"]] = -1
    s.drawn = draw(s, e.count)
    s.phase = "village"


def _picked(s: State, e: Picked) -> None:
    rest = [t for t in s.drawn if t != e.tile]
    s.drawn = []
    to_bag(s, rest)
    s.holding, s.holding_from, s.taken_recess = e.tile, "village", -1
    s.phase = "place"


def _placed(s: State, e: Placed) -> None:
    slot = data.SLOT_INDEX[e.slot]
    s.boards[e.seat][slot] = e.tile
    s.holding = ""
    s.placed_slot, s.placed_bamboo = slot, e.bamboo
    if e.bamboo:
        s.seal_holder[SEAL["bamboo"]] = -1
    s.passes = 0


def _seal_returned(s: State, e: SealReturned) -> None:
    s.seal_holder[SEAL[e.seal]] = -1


def _scroll_taken(s: State, e: ScrollTaken) -> None:
    s.stack.remove(e.scroll)
    s.scrolls[e.board] = e.scroll


def _brush_taken(s: State, e: BrushTaken) -> None:
    s.brush_owner, s.brush_on_board, s.brush_turn = e.seat, True, s.turn


def _seal_gained(s: State, e: SealGained) -> None:
    s.seal_holder[SEAL[e.seal]] = e.seat
    s.lines[e.seat][e.line] = True


def _rainbow_started(s: State, e: RainbowStarted) -> None:
    s.rainbow_queue, s.phase = list(e.order), "rainbow"


def _rainbow_picked(s: State, e: RainbowPicked) -> None:
    s.rainbow_pick, s.phase = [e.wheel, e.recess], "rainbow_put"


def _rainbow_swapped(s: State, e: RainbowSwapped) -> None:
    s.boards[e.seat][data.SLOT_INDEX[e.slot]] = e.wheel_tile
    s.wheels[e.wheel][e.recess] = e.board_tile
    s.rainbow_pick = []


def _rainbow_done(s: State, e: RainbowDone) -> None:
    s.rainbow_queue.pop(0)
    s.rainbow_pick = []
    s.phase = "rainbow" if s.rainbow_queue else "place"


def _end_triggered(s: State, e: EndTriggered) -> None:
    s.end_triggered = True


def _brush_left_board(s: State, e: BrushLeftBoard) -> None:
    s.brush_on_board = False


def _turn_passed(s: State, e: TurnPassed) -> None:
    s.passes += 1


def _turn_ended(s: State, e: TurnEnded) -> None:
    s.turns[e.seat] += 1
    s.turn += 1
    if e.next == s.start:
        s.round += 1
    s.current = e.next
    s.phase = "choose"
    s.holding_from, s.taken_recess = "", -1
    s.placed_slot, s.placed_bamboo = -1, False


def _opponent_placed(s: State, e: OpponentPlaced) -> None:
    if e.recess >= 0:
        s.wheels[0][e.recess] = ""
    else:
        draw(s, 1)
    s.boards[-1][data.SLOT_INDEX[e.slot]] = e.tile


def _cherry_offered(s: State, e: CherryOffered) -> None:
    s.phase = "cherry"


def _cherry_skipped(s: State, e: CherrySkipped) -> None:
    pass


def _wheels_emptied(s: State, e: WheelsEmptied) -> None:
    s.wheels = [[""] * len(w) for w in s.wheels]
    to_bag(s, list(e.tiles))


def _cherry_drawn(s: State, e: CherryDrawn) -> None:
    s.drawn = draw(s, e.count)
    s.phase = "cherry_pick"


def _cherry_replaced(s: State, e: CherryReplaced) -> None:
    s.boards[e.seat][data.SLOT_INDEX[e.slot]] = e.new
    rest = [t for t in s.drawn if t != e.new]
    s.drawn = []
    to_bag(s, [*rest, e.old])


def _game_ended(s: State, e: GameEnded) -> None:
    s.phase = "over"


FOLDS: dict[type, Callable[[State, Any], None]] = {
    Took: _took,
    WheelSwapped: _wheel_swapped,
    Refilled: _refilled,
    ReserveOffered: _reserve_offered,
    Reserved: _reserved,
    ReserveSkipped: _reserve_skipped,
    ReservedTaken: _reserved_taken,
    VillageDrawn: _village_drawn,
    Picked: _picked,
    Placed: _placed,
    SealReturned: _seal_returned,
    ScrollTaken: _scroll_taken,
    BrushTaken: _brush_taken,
    SealGained: _seal_gained,
    RainbowStarted: _rainbow_started,
    RainbowPicked: _rainbow_picked,
    RainbowSwapped: _rainbow_swapped,
    RainbowDone: _rainbow_done,
    EndTriggered: _end_triggered,
    BrushLeftBoard: _brush_left_board,
    TurnPassed: _turn_passed,
    TurnEnded: _turn_ended,
    OpponentPlaced: _opponent_placed,
    CherryOffered: _cherry_offered,
    CherrySkipped: _cherry_skipped,
    WheelsEmptied: _wheels_emptied,
    CherryDrawn: _cherry_drawn,
    CherryReplaced: _cherry_replaced,
    GameEnded: _game_ended,
}
