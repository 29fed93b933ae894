"""Shared helpers for the Valley of the Torii tests: states built through the public
API, hand-built positions that conserve every tile (a tile is always *moved* from
where it was), conservation invariants, the move universe and the leak check."""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.moves import (
    CherryReplace,
    DrawVillage,
    Move,
    Paint,
    Pick,
    Place,
    RainbowPick,
    RainbowPut,
    RainbowSkip,
    Reserve,
    SkipCherry,
    SkipReserve,
    SwapWheel,
    Take,
    TakeReserved,
    UseCherry,
)
from core.games.valley_of_the_torii.state import State
from core.kernel import IllegalMove, clone

from .. import conformance

SEAL = {seal: i for i, seal in enumerate(data.SEAL_IDS)}
LARGE, SMALL = 0, 1


def new_state(seats: int = 3, seed: int = 1, **options: Any) -> State:
    options.setdefault("start_player", 0)
    return GAME.initial(GAME.setup(seats, seed, options))


def play(state: State, seat: int, move: Move) -> State:
    """The harness's `play` (which also checks the move left its input unchanged)."""
    return conformance.play(GAME, state, seat, move)  # type: ignore[no-any-return]


def kinds(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def rejects(state: State, seat: int, move: Move) -> IllegalMove:
    """The IllegalMove `decide` raises (fails the test if it accepts the move)."""
    try:
        GAME.decide(state, seat, move)
    except IllegalMove as exc:
        return exc
    raise AssertionError(f"{move} was accepted")


def lift(state: State, tile: str) -> None:
    """Remove `tile` from wherever it is (in place): bag, wheel, board, reserve, draw."""
    if tile in state.bag:
        state.bag.remove(tile)
        return
    for wheel in state.wheels:
        if tile in wheel:
            wheel[wheel.index(tile)] = ""
            return
    for board in state.boards:
        if tile in board:
            board[board.index(tile)] = ""
            return
    for seat, reserved in enumerate(state.reserved):
        if reserved == tile:
            state.reserved[seat] = ""
            return
    if tile in state.drawn:
        state.drawn.remove(tile)
        return
    if state.holding == tile:
        state.holding = ""
        return
    raise AssertionError(f"{tile} is nowhere movable (the centre tile?)")


def put(state: State, board: int, slot: str, tile: str) -> None:
    """Move `tile` onto `board`'s `slot` (in place); a tile already there goes to the bag."""
    i = data.SLOT_INDEX[slot]
    lift(state, tile)
    if state.boards[board][i]:
        state.bag.append(state.boards[board][i])
    state.boards[board][i] = tile


def set_recess(state: State, wheel: int, recess: int, tile: str) -> None:
    """Move `tile` into a recess ("" empties it); a tile already there goes to the bag."""
    if tile:
        lift(state, tile)
    old = state.wheels[wheel][recess]
    if old:
        state.bag.append(old)
    state.wheels[wheel][recess] = tile


def set_centre(state: State, tile: str) -> None:
    lift(state, tile)
    state.bag.append(state.centre)
    state.centre = tile


def empty_wheel(state: State, wheel: int, keep: tuple[int, ...] = ()) -> None:
    for r in range(len(state.wheels[wheel])):
        if r not in keep:
            set_recess(state, wheel, r, "")


def scenario(seats: int = 3, seed: int = 1, **options: Any) -> State:
    """A mutable copy of a fresh game (start player 0), for hand-built positions."""
    return clone(new_state(seats, seed, **options))


def at_phase(state: State, seat: int, phase: str = "choose") -> State:
    state.current = seat
    state.phase = phase  # type: ignore[assignment]
    return state


def give_seal(state: State, seat: int, seal: str) -> None:
    """`seat` holds `seal`, gained through its first ≠ line that has not given one."""
    state.seal_holder[SEAL[seal]] = seat
    if False in state.lines[seat]:
        state.lines[seat][state.lines[seat].index(False)] = True


def holding(state: State, seat: int, tile: str) -> State:
    """`seat` to place `tile`, taken from the bag (phase "place")."""
    lift(state, tile)
    state.holding, state.holding_from = tile, "wheel"
    return at_phase(state, seat, "place")


def all_tiles(state: State) -> list[str]:
    tiles = [t.id for t in data.LANDSCAPE_TILES]
    return sorted([*tiles, data.RAINBOW] if state.rainbow else tiles)


def tiles_in_play(state: State) -> list[str]:
    places = [*state.bag, state.centre, *state.drawn]
    places += [t for wheel in state.wheels for t in wheel if t]
    places += [t for board in state.boards for t in board if t]
    places += [t for t in state.reserved if t]
    places += [state.holding] if state.holding else []
    return sorted(places)


def check_invariants(state: State) -> None:
    """Every component is somewhere, exactly once (TOR-GAP05, TOR-005, TOR-006...)."""
    assert tiles_in_play(state) == all_tiles(state), "a tile appeared or vanished"
    assert data.TILES[state.centre].landscape, "the centre holds a landscape tile (TOR-160)"
    boards = len(state.boards)
    assert boards == (2 if state.solo else state.seats)
    assert len(state.paper) * boards <= data.PAPER_TILES
    for board in state.boards:
        assert all(not board[i] for i in state.paper), "a tile on a paper slot (TOR-124)"
    assert sorted(state.stack + [s for s in state.scrolls if s] + state.boxed_scrolls) == sorted(
        data.SCROLLS
    )
    values = [data.SCROLLS[s] for s in state.stack]
    assert values == sorted(values, reverse=True), "TOR-006"
    assert sum(1 for s in state.scrolls if s) + len(state.stack) == len(
        data.SCROLL_STACKS[max(boards, 2)]
    )
    assert all(-1 <= h < state.seats for h in state.seal_holder)
    for seat in range(state.seats):
        held = sum(1 for h in state.seal_holder if h == seat)
        assert held <= sum(state.lines[seat]) <= 2, "TOR-066"
    if state.solo:
        assert state.seal_holder == [-1] * 5 and state.brush_owner == -1, "TOR-143"
        assert state.wheels[1] == []
    assert -1 <= state.brush_owner < state.seats
    assert not state.brush_on_board or state.brush_owner >= 0
    assert sorted(state.objectives + state.boxed_objectives) == sorted(
        o.id for o in data.OBJECTIVES
    )


def move_universe(state: State) -> list[Move]:
    """Every move shape with a spread of arguments, legal or not."""
    wheels = ["large", "small", "tiny"]
    recesses = range(-1, 13)
    slots = [s.id for s in data.SLOTS] + ["r9c9"]
    seals = ["", *data.SEAL_IDS]
    tiles = [*state.drawn, "T001", data.RAINBOW]
    out: list[Move] = []
    for w in wheels:
        out += [Take(w, r) for r in recesses] + [Paint(w, r) for r in recesses]
        out += [RainbowPick(w, r) for r in recesses]
        out += [SwapWheel(w, a, b) for a in range(-1, 12) for b in range(12)]
    out += [DrawVillage(), TakeReserved(), SkipReserve(), RainbowSkip(), UseCherry(), SkipCherry()]
    out += [Pick(t) for t in tiles] + [Reserve(r) for r in recesses]
    out += [Place(s, b, seal) for s in slots for b in (False, True) for seal in seals]
    out += [RainbowPut(s, seal) for s in slots for seal in seals]
    out += [CherryReplace(t, s) for t in tiles for s in slots]
    return out


def hidden_from(state: State, seat: int | None) -> list[str]:
    """Tiles `seat` may not see: the bag, and drawn tiles unless it is the drawer."""
    hidden = list(state.bag)
    drawer = GAME.to_move(state)[0] if state.phase in ("village", "cherry_pick") else -2
    if seat != drawer:
        hidden += state.drawn
    return hidden


def leak_check(state: State, seat: int | None, view: Any) -> None:
    text = msgspec.json.encode(view).decode()
    for tile in hidden_from(state, seat):
        assert f'"{tile}"' not in text, f"the view of {seat} shows hidden tile {tile}"
    assert '"rng"' not in text and '"bag"' not in text


def shrink_bag(state: State, size: int, boards: tuple[int, ...], keep_open: int = 0) -> None:
    """Park bag tiles on `boards` (top slots first, leaving the first `keep_open` slots
    of each board empty) until the bag holds `size`: fewer tiles, all conserved."""
    for b in boards:
        for i in reversed(range(keep_open, data.SLOT_COUNT)):
            if len(state.bag) <= size:
                return
            if not state.boards[b][i] and i not in state.paper:
                state.boards[b][i] = state.bag.pop(0)
    assert len(state.bag) == size, "not enough room to park the bag"


# Tiles the spec's examples name: fixtures never use them as filler.
NAMED = {f"T{n:03d}" for n in (*range(1, 17), 23, 30, 45, 46, 47, 52, 53, 67, 68, 74, 75)}
NAMED |= {"T088", "T095", "T006", "T007"}


def fill(state: State, board: int, slots: list[str], landscape: str = "") -> None:
    """Put plain filler tiles (no torii, no paintbrush, not named by an example; of
    `landscape` if given) from the bag on `board`'s `slots`."""
    pool = [
        t
        for t in sorted(state.bag, reverse=True)
        if t not in NAMED
        and t != data.RAINBOW
        and not data.TILES[t].torii
        and not data.TILES[t].brush
        and (not landscape or data.TILES[t].landscape == landscape)
    ]
    for slot, tile in zip(slots, pool, strict=False):
        put(state, board, slot, tile)


def park(state: State, size: int, skip: tuple[str, ...] = ()) -> None:
    """Like shrink_bag over every board, never filling the `skip` slots."""
    blocked = {data.SLOT_INDEX[s] for s in skip}
    for board in state.boards:
        for i in reversed(range(data.SLOT_COUNT)):
            if len(state.bag) <= size:
                return
            if not board[i] and i not in state.paper and i not in blocked:
                board[i] = state.bag.pop(0)
    assert len(state.bag) == size, "not enough room to park the bag"
