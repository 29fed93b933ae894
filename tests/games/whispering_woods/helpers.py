"""Shared helpers for the Whispering Woods tests: games and fixtures built through the
public API, the conservation invariant, the leak check, the move universe and an
independent scorer written from the spec (not from the engine's scoring)."""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.whispering_woods import GAME, data
from core.games.whispering_woods.moves import (
    EndTurn,
    Keep,
    Move,
    Refresh,
    StartAnimal,
    TakeForest,
    TakeMission,
    Walk,
)
from core.games.whispering_woods.state import Completed, Placed, State
from core.kernel import IllegalMove, clone

Spec = dict[tuple[int, int], Any]  # position -> tile id, or (tile id, animal) for a mission


def new_state(seats: int = 2, seed: int = 1, **options: Any) -> State:
    return GAME.initial(GAME.setup(seats, seed, options))


def play(state: State, seat: int, move: Move) -> State:
    _, after = GAME.apply(state, seat, move)
    return after


def events_of(state: State, seat: int, move: Move) -> list[Any]:
    return GAME.decide(state, seat, move)


def kinds(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def rejects(state: State, seat: int, move: Move) -> IllegalMove:
    """The IllegalMove `decide` raises (fails the test if it accepts the move)."""
    before = msgspec.json.encode(state)
    try:
        GAME.decide(state, seat, move)
    except IllegalMove as exc:
        assert msgspec.json.encode(state) == before
        return exc
    raise AssertionError(f"{move} was accepted")


def solo_started(level: int = 1, seed: int = 1, animal: str = "YEL-1") -> State:
    """A solitaire game after setup: `animal` on the starting tile, round 1 at step 2."""
    return play(new_state(1, seed, level=level), 0, StartAnimal(animal))


def scenario(
    seats: int = 2,
    seat: int = 0,
    *,
    phase: str = "walk",
    forests: dict[int, Spec] | None = None,
    market: list[str] | None = None,
    bag_next: list[str] | None = None,
    bag_size: int | None = None,
    completed: dict[int, list[Completed]] | None = None,
    combo_supply: list[str] | None = None,
    level: int = 0,
    seed: int = 1,
) -> State:
    """A mid-game fixture that conserves every component: tiles named in forests,
    market, personal areas and `bag_next` (the next draws, in order) are taken from
    the bag and market of a fresh game; the rest stay in the bag (its first
    `bag_size` if given; the others are set aside in solitaire or kept)."""
    if seats == 1:
        state = clone(solo_started(level, seed))
    else:
        state = clone(new_state(seats, seed, start_player=0))
    pool = sorted(state.bag + state.market)
    used: list[str] = []
    for s, spec in (forests or {}).items():
        player = state.players[s]
        start = player.forest[0]
        forest = [start]
        for (q, r), what in spec.items():
            if (q, r) == (0, 0):
                raise ValueError("(0, 0) holds the starting tile")
            tile, animal = (what, "") if isinstance(what, str) else what
            forest.append(Placed(q=q, r=r, tile=tile, mission=bool(animal), animal=animal))
            used.append(tile)
            if animal == start.animal:
                start.animal = ""  # it walked off the starting tile earlier
            elif animal:
                player.supply.remove(animal)
        player.forest = forest
    for s, done in (completed or {}).items():
        player = state.players[s]
        player.completed = done
        used += [c.tile for c in done if not c.tile.startswith("S-")]
        if any(c.tile.startswith("S-") for c in done):
            assert not player.forest[0].animal, "its animal walked on: place it in the forest"
            del player.forest[0]
    market = market if market is not None else [t for t in pool if t not in used][:6]
    used += market
    nxt = bag_next or []
    used += nxt
    assert len(used) == len(set(used)), "a tile is used twice"
    rest = [t for t in pool if t not in used]
    if bag_size is not None:
        keep = bag_size - len(nxt)
        aside, rest = rest[keep:], rest[:keep]
        if state.solo is not None:
            state.solo.set_aside += aside
        else:
            state.boxed += aside  # a fixture's stand-in for tiles already gone
    state.market = list(market)
    state.bag = rest + nxt[::-1]
    if combo_supply is not None:
        state.boxed += [c for c in state.combo_supply if c not in combo_supply]
        state.combo_supply = list(combo_supply)
    state.current, state.phase = seat, phase  # type: ignore[assignment]
    return state


def tiles_in_play(state: State) -> list[str]:
    """Every bag tile wherever it is: bag, market, forests, personal areas, set aside."""
    out = list(state.bag) + list(state.market)
    for p in state.players:
        out += [t.tile for t in p.forest if not t.tile.startswith("S-")]
        out += [c.tile for c in p.completed if not c.tile.startswith("S-")]
    out += [t for t in state.boxed if t in data.TILES]
    if state.solo is not None:
        out += state.solo.track + state.solo.extra + state.solo.set_aside
    return out


def check_invariants(state: State) -> None:
    """Conservation of every component (tiles, starting tiles, animals, combo cards)
    and the structural rules that must hold after every step (WW-050, WW-026)."""
    tiles = tiles_in_play(state)
    assert sorted(tiles) == sorted(data.TILE_IDS), "a tile appeared or vanished"
    starts = [t for t in state.boxed if t in data.START_TILES]
    animals = [a for a in state.boxed if a[-2:-1] == "-" and a[:3] in data.PLAYER_COLOURS]
    for p in state.players:
        starts += [t.tile for t in p.forest if t.tile.startswith("S-")]
        starts += [c.tile for c in p.completed if c.tile.startswith("S-")]
        animals += p.supply + [t.animal for t in p.forest if t.animal]
        for t in p.forest:
            assert bool(t.animal) <= t.mission, "an animal on a forest tile (WW-050)"
        positions = [(t.q, t.r) for t in p.forest]
        assert len(positions) == len(set(positions)), "two tiles on one position"
    assert sorted(starts) == sorted(data.START_TILES), "a starting tile appeared or vanished"
    expected = [a for c in data.PLAYER_COLOURS for a in data.animals_of(c)]
    if state.phase == "setup":
        expected = [a for a in expected if a in animals]  # none placed yet
    assert sorted(animals) == sorted(expected), "an animal appeared or vanished"
    cards = list(state.combo_supply) + [c for c in state.boxed if c in data.COMBO_CARDS]
    for p in state.players:
        cards += p.combos
    assert sorted(cards) == sorted(data.COMBO_CARDS), "a combo card appeared or vanished"
    if state.phase in ("refresh", "take") and len(state.bag) > 0:
        assert len(state.market) == data.MARKET_SIZE, "WW-026: 6 tiles at the start of a turn"


def leak_check(state: State, seat: int | None, view: Any) -> None:
    """No view shows the bag's contents, its order or the Rng (only its size)."""
    text = msgspec.json.encode(view).decode()
    for tile_id in state.bag:
        assert f'"{tile_id}"' not in text, f"view of {seat} names bag tile {tile_id}"
    assert '"rng"' not in text and '"bag"' not in text and '"inc"' not in text


def move_universe(state: State) -> list[Move]:
    """Every move shape with many arguments, valid or not."""
    spots = [(q, r) for q in range(-4, 5) for r in range(-4, 5)]
    tiles = list(state.market) + (state.bag[-1:] if state.bag else []) + ["T999"]
    out: list[Move] = [Keep(), EndTurn(), StartAnimal("YEL-1"), StartAnimal("GRN-4")]
    out += [StartAnimal(a) for a in ("RED-1", "BLU-1", "GRN-1")]
    for p in state.players:
        out += [Refresh(c.tile) for c in p.completed]
    out += [Refresh("T001"), Refresh("T999")]
    for tile in tiles[:3] + tiles[-1:]:
        out += [TakeForest(tile, q, r) for q, r in spots]
    for tile in tiles[:2]:
        out += [TakeMission(tile, q, r, a) for q, r in spots[::3] for a in ("", "YEL-1", "RED-1")]
    player = state.players[state.current]
    listed = [m for m in GAME.legal_moves(state, state.current) if isinstance(m, Walk)]
    out += listed
    for w in listed[:6]:  # perturbed walks: cut, reversed, moved, extended
        out += [Walk(w.q, w.r, w.route[:-1]), Walk(w.q, w.r, w.route[::-1])]
        out += [Walk(w.q + 1, w.r, w.route), Walk(w.q, w.r, [*w.route, (9, 9)])]
    for t in player.forest:
        if t.mission:
            out.append(Walk(t.q, t.r, [(t.q + 1, t.r), (t.q + 2, t.r), (t.q + 3, t.r)]))
    return out


# -- an independent scorer, written from the spec (WW-093..099, WW-121) ------------------

_VP = {3: 4, 4: 6, 5: 9}  # WW-GAP04: VP by path length
_COMBO_VP = {"X2": 3, "X3": 5, "X4": 8, "X5": 12}  # WW-GAP06


def spec_score(state: State, seat: int) -> int:
    """Completed tiles' VP + combo cards' VP - refresh penalties, from the spec's tables."""
    p = state.players[seat]
    vp = sum(
        12 if c.tile.startswith("S-") else _VP[len(data.TILES[c.tile].path)] for c in p.completed
    )
    combos = sum(_COMBO_VP[card.split("-")[0]] for card in p.combos)
    per_flip = 1 if state.solo is None else {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 3}[state.solo.level]
    return vp + combos - per_flip * sum(c.flipped for c in p.completed)


def spec_winners(state: State) -> list[int]:
    """Most VP; then fewer tiles in the forest; then shared (WW-097..099)."""
    scores = [spec_score(state, s) for s in range(state.seats)]
    best = max(scores)
    tied = [s for s in range(state.seats) if scores[s] == best]
    fewest = min(len(state.players[s].forest) for s in tied)
    return [s for s in tied if len(state.players[s].forest) == fewest]
