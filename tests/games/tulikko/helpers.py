"""Shared helpers for the Tulikko tests: fixtures built through the public API, the
token/tile conservation invariants, the leak check and the title's harness SPEC."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from core.games.tulikko import GAME, data
from core.games.tulikko.moves import (
    Discard,
    EndTurn,
    Move,
    MoveTo,
    Place,
    PlaceToken,
    SkipToken,
    Slide,
    UseFreePlacement,
    UseMoveTile,
    UseReslide,
    UseWildcard,
)
from core.games.tulikko.state import State
from core.kernel import Rng, clone

from ..conformance import TitleSpec, build, play

EMPTY_EDGES = [data.NO_TOKEN] * len(data.EDGES)


def started(seats: int = 2, seed: int = 1, **options: Any) -> State:
    """A game after setup: every start tile placed on (0, 0)... (3, 4) by seat."""
    state = build(GAME, seats, seed, options)
    for seat in range(seats):
        state = play(GAME, state, seat, Place(seat % 4, seat % 5))
    return state


def tile(back: str, colour: str, n: int = 1) -> str:
    return f"{back}-{colour}-{n}"


def set_map(state: State, seat: int, layout: dict[tuple[int, int], str]) -> State:
    """A copy of `state` whose seat `seat` has exactly these tiles (colour names) on
    its map and no tokens: a test fixture (TUL-GAP16)."""
    state = clone(state)
    player = state.players[seat]
    player.cells = [""] * data.CELLS
    player.edges = list(EMPTY_EDGES)
    pool = {colour: [] for colour in data.COLOURS}  # real tile ids, any back
    for back in (player.animal, "neutral", *data.ANIMALS):
        for tile_id in data.tile_ids(back):
            if tile_id not in pool[data.TILE_COLOUR[tile_id]]:
                pool[data.TILE_COLOUR[tile_id]].append(tile_id)
    for (r, c), colour in sorted(layout.items()):
        player.cells[data.cell_of(r, c)] = pool[colour].pop(0)
    return state


def edge(a: tuple[int, int], b: tuple[int, int]) -> int:
    ca, cb = data.cell_of(*a), data.cell_of(*b)
    return data.EDGE_INDEX[(min(ca, cb), max(ca, cb))]


def move_universe(state: State) -> list[Move]:
    """Every move shape with every argument, valid or not (plus a few off-map ones)."""
    cells = [(r, c) for r in range(data.ROWS) for c in range(data.COLS)]
    out: list[Move] = [Slide(s) for s in (*data.SIDES, "X")]
    out += [Place(r, c) for r, c in cells] + [Place(4, 0), Place(0, -1)]
    out += [Discard(), EndTurn(), UseFreePlacement()]
    out += [PlaceToken(r, c) for r, c in cells] + [SkipToken(r, c) for r, c in cells]
    out += [UseWildcard(c) for c in state.landscape] + [UseWildcard("SHAPE-99")]
    out += [UseReslide(s) for s in (*data.SIDES, "X")]
    out += [UseMoveTile(r, c) for r, c in cells] + [MoveTo(r, c) for r, c in cells]
    out += [MoveTo(9, 9), PlaceToken(-1, 0)]
    return out


@functools.cache
def _all_tiles(animals: tuple[str, ...]) -> frozenset[str]:
    return frozenset(data.tile_ids("neutral")).union(*(data.tile_ids(a) for a in animals))


def check_invariants(state: State) -> None:
    """Tokens and tiles are conserved; the board holds 5 tiles (TUL-004, TUL-007)."""
    assert len(state.board) == data.BOARD_TILES and all(state.board)
    for seat, player in enumerate(state.players):
        on_cards = sum(tokens[seat] for tokens in state.landscape_tokens) + sum(
            n
            for holder, n in zip(state.symbol_holder, state.symbol_tokens, strict=True)
            if holder == seat
        )
        animals_on_map = player.edges.count(data.ANIMAL)
        rivers_on_map = player.edges.count(data.RIVER)
        assert player.animals >= 0 and player.rivers >= 0
        assert player.animals + animals_on_map + on_cards == data.ANIMAL_TOKENS
        assert player.rivers + rivers_on_map == data.RIVER_TOKENS
        for e in [e for e, token in enumerate(player.edges) if token]:
            a, b = data.EDGES[e]
            assert player.cells[a] and player.cells[b], "a token on an edge without 2 tiles"
        for tokens in state.landscape_tokens:
            assert 0 <= tokens[seat] <= data.LANDSCAPE_CAPACITY
    places: list[str] = list(state.board) + list(state.boxed)
    for player in state.players:
        places += player.stack + [t for t in player.cells if t] + player.discarded
        places += [player.start_tile] if player.start_tile else []
    places += [t for t in (state.revealed, state.taken, state.lifted) if t]
    expected = _all_tiles(tuple(p.animal for p in state.players))
    assert len(places) == len(expected) and set(places) == expected, "a tile appeared or vanished"
    holders = state.aurora_holder
    for i in range(0, len(holders), 2):  # "3" then "4" of each colour
        assert holders[i + 1] == -1 or holders[i] not in (-1, holders[i + 1]), "TUL-081/082"


def hidden_tiles(state: State) -> list[str]:
    """Tiles no seat may see: stacks (TUL-009), the centre (TUL-018), the box (TUL-020)."""
    out = [state.board[data.CENTRE], *state.boxed]
    for player in state.players:
        out += player.stack
    return out


def leak_check(state: State, seat: int | None, view: Any) -> None:
    text = msgspec.json.encode(view).decode()
    for tile_id in hidden_tiles(state):
        assert f'"{tile_id}"' not in text, f"view of {seat} shows hidden tile {tile_id}"
    assert '"rng"' not in text and '"stack"' not in text


def scenario(
    seats: int = 2,
    seat: int = 0,
    *,
    phase: str = "place",
    taken: str = "",
    exit_side: str = "",
    maps: dict[int, dict[tuple[int, int], str]] | None = None,
    supply: dict[int, tuple[int, int]] | None = None,
    auroras: dict[str, int] | None = None,
    seed: int = 1,
    **options: Any,
) -> State:
    """A mid-game fixture (TUL-GAP16): seat `seat` to move in `phase`, maps set to
    the given colour layouts, supplies (animals, rivers) and aurora holders set.
    Tiles named in `taken` are drawn from the right place so tiles stay unique."""
    state = started(seats, seed, **options)
    for s, layout in (maps or {}).items():
        state = set_map(state, s, layout)
    state = clone(state)
    state.current, state.phase, state.round, state.turn = seat, phase, 1, 1  # type: ignore[assignment]
    state.revealed = state.players[seat].stack.pop() if phase == "slide" else ""
    state.taken, state.exit_side = taken, exit_side
    for s, (animals, rivers) in (supply or {}).items():
        state.players[s].animals, state.players[s].rivers = animals, rivers
    for aurora_id, holder in (auroras or {}).items():
        state.aurora_holder[data.AURORA_INDEX[aurora_id]] = holder
    return state


def events_of(state: State, seat: int, move: Move) -> list[Any]:
    return GAME.decide(state, seat, move)


def kinds(events: list[Any]) -> list[str]:
    """The tags of a list of events, in order."""
    return [type(e).__name__ for e in events]


def recount(state: State) -> list[int]:
    """Final scores from the spec: 2 points per animal token, 1 per river token left in
    the supply (TUL-107/108), computed from the maps and cards, not the supply counters."""
    out = []
    for seat, player in enumerate(state.players):
        on_cards = sum(tokens[seat] for tokens in state.landscape_tokens) + sum(
            n
            for holder, n in zip(state.symbol_holder, state.symbol_tokens, strict=True)
            if holder == seat
        )
        animals = data.ANIMAL_TOKENS - player.edges.count(data.ANIMAL) - on_cards
        rivers = data.RIVER_TOKENS - player.edges.count(data.RIVER)
        out.append(2 * animals + rivers)
    return out


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """A copy with everything nobody sees re-dealt: every stack's order (even its owner's,
    TUL-009), the centre tile among the boxed neutral tiles (TUL-018/020), the Rng."""
    other = clone(state)
    for player in other.players:
        rng.shuffle(player.stack)
    unseen = [other.board[data.CENTRE], *other.boxed]
    rng.shuffle(unseen)
    other.board[data.CENTRE], other.boxed = unseen[0], sorted(unseen[1:])
    other.rng = Rng.seeded(rng.below(1 << 30))
    return other


SPEC = TitleSpec(
    game=GAME,
    seats=(2, 3, 4),
    options=({}, {"beginner": True}, {"maps": "random"}, {"first_player": 1}),
    universe=lambda state, seat: move_universe(state),
    invariant=check_invariants,
    recount=recount,
    redeal=redeal,
    rule_id=r"TUL-\d{3}",
    games=2,
    slow_games=250,  # x 4 option sets = 1,000 games per player count
    max_entries=2_000,
    check_every=9,
    agree_every=97,
)
