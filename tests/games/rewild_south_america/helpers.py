"""Hand-built Rewild states for rule tests. Every helper keeps each component
conserved (a card comes from its deck, a display card goes back to the deck), and
`ready` checks that with the conformance invariant."""

from __future__ import annotations

import msgspec

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.board import SHAPES, field
from core.games.rewild_south_america.data import CARDS, DECKS
from core.games.rewild_south_america.state import Placed, State, Tile
from tests.games.conformance import build

from .spec import invariant

ROW = {name: i for i, name in enumerate(DECKS)}


def fresh(seats: int = 2, seed: int = 1, rules: str = "", **options: bool) -> State:
    """A new game with the human (seat 0) to start; `rules`: an older rules version
    (Setup.rules_version, as a record made under it is opened)."""
    if rules:
        setup = msgspec.structs.replace(GAME.setup(seats, seed, options), rules_version=rules)
        state: State = GAME.initial(setup)
    else:
        state = build(GAME, seats, seed, options)
    state.current = state.start = 0
    return state


def f(c: int, r: int) -> int:
    return field(c, r)


def tile(state: State, seat: int, kind: str, cells: list[tuple[int, int]], **kw: object) -> int:
    """Put a tile (from the unlimited supply, RW-GAP05) on `cells`; its index."""
    player = state.players[seat]
    fields = [f(c, r) for c, r in cells]
    ext = kw.pop("ext", None)
    t = Tile(kind, fields, tree=bool(kw.pop("tree", False)))
    shape = tuple(sorted(fields))
    assert shape in SHAPES["G" if kind == "W" else kind], f"{cells} is not a {kind} tile"
    index = len(player.tiles)
    for x in fields:
        assert player.cover[x] < 0
        player.cover[x] = index
    if ext is not None:
        t.ext = f(*ext)  # type: ignore[misc]
        player.cover[t.ext] = index
    player.tiles.append(t)
    return index


def _take(state: State, card: str) -> None:
    """From the display if shown there (the slot stays empty, as attracting leaves
    it), else from the deck."""
    row = ROW[CARDS[card].deck]
    if card in state.display[row]:
        state.display[row][state.display[row].index(card)] = ""
    else:
        state.decks[row].remove(card)


def give(
    state: State,
    seat: int,
    card: str,
    biome: str,
    hexes: list[tuple[int, int]] = (),  # type: ignore[assignment]
    on: int = -1,
    meeple: bool = False,
) -> int:
    """Put `card` (taken from its deck) into a biome row, marking `hexes`; its uid."""
    _take(state, card)
    player = state.players[seat]
    uid = state.next_uid
    state.next_uid += 1
    fields = [f(c, r) for c, r in hexes]
    for x in fields:
        assert player.occ[x] < 0 and player.cover[x] >= 0
        player.occ[x] = uid
    placed = Placed(uid, card, biome, on, False, fields, meeple=fields[0] if meeple else -1)
    if on >= 0:
        next(c for c in player.cards if c.uid == on).covered = True
    if CARDS[card].effect.kind == "extra_hex":
        player.plant_hexes["SGR".index(CARDS[card].effect.what[0])] += 1
    player.cards.append(placed)
    return uid


def show(state: State, card: str, slot: int) -> None:
    """Reveal `card` in `slot` of its display row; the card there goes back to the deck."""
    row = ROW[CARDS[card].deck]
    if state.display[row][slot] == card:
        return
    old = state.display[row][slot]
    if card in state.display[row]:
        other = state.display[row].index(card)
        state.display[row][other], state.display[row][slot] = old, card
        return
    state.decks[row].remove(card)
    if old:
        state.decks[row].insert(0, old)
    state.display[row][slot] = card


def ready(state: State, phase: str = "attract", stock: tuple[int, int, int] | None = None) -> State:
    """Set the phase (and stock), check conservation, return the state."""
    state.phase = phase  # type: ignore[assignment]
    if stock is not None:
        state.players[state.current].stock = list(stock)
    invariant(state)
    return state
