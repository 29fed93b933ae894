"""Setup (DIT-001..042), data validation (DIT-GAPnn) and worked examples EX01, EX08."""

from __future__ import annotations

import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import data as d
from core.games.ducks_in_tow.state import State
from core.kernel import Rng, Setup, SetupError

from ..conformance import build


@pytest.mark.parametrize("seats", [1, 5])
def test_dit_001_only_2_to_4_players(seats: int) -> None:
    """DIT-001: player-count-dependent values exist for 2, 3 and 4 players only."""
    with pytest.raises(SetupError):
        GAME.setup(seats, 1, {})
    with pytest.raises(SetupError):
        GAME.initial(Setup(game="ducks-in-tow", seats=seats, seed=1))
    assert sorted(d.MAPS) == [2, 3, 4] == sorted(d.END_CARDS) == sorted(d.DUCKS_USED)


def test_dit_150_no_variants_or_options() -> None:
    """DIT-150: no solo mode, variant or expert module: the engine takes no option."""
    assert GAME.info.options == []
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 4)
    with pytest.raises(SetupError):
        GAME.setup(2, 1, {"solo": True})


def test_data_validates_and_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    """DIT-GAP05/08: the provisional tables are validated on load; a broken map raises."""
    d._validate()
    broken = dict(d.MAPS)
    broken[2] = (*d.MAPS[2][:-1], d.Hex(5, 5, d.GIFT_SHOP, 2, (0,)))
    monkeypatch.setattr(d, "MAPS", broken)
    with pytest.raises(d.DataError):
        d._validate()


def test_location_card_data_is_balanced() -> None:
    """DIT-070, DIT-GAP08: 48 cards, 6 per symbol, 1-3 ducks, 24 printed ducks per colour."""
    assert len(d.LOCATION_CARDS) == 48
    for symbol in d.LOCATIONS:
        cards = [c for c in d.LOCATION_CARDS if c.location == symbol]
        assert sorted(len(c.ducks) for c in cards) == [1, 1, 2, 2, 3, 3]
    for colour in d.COLOURS:
        assert sum(colour in c.ducks for c in d.LOCATION_CARDS) == 24


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_002_003_004_005_start_cards(seats: int) -> None:
    """DIT-002/DIT-003: only start cards marked for this count; DIT-004: one each at random;
    DIT-005: the First Player card's holder moves first; DIT-006: it lies face up."""
    dealt = set()
    firsts = set()
    for seed in range(12):
        state = build(GAME, seats, seed)
        cards = [p.start_card for p in state.players]
        assert len(set(cards)) == seats
        assert all(seats in d.START_BY_ID[c].players for c in cards)
        assert state.players[state.current].start_card == "ST1"
        view = GAME.view(state, None)
        assert [p.tableau[0].card for p in view.players] == cards
        dealt.add(tuple(cards))
        firsts.add(state.current)
    assert len(dealt) > 1 and len(firsts) > 1  # random deal


def test_dit_007_start_card_is_a_tableau_card() -> None:
    """DIT-007: the start card is the first tableau card; its printed ducks score rows."""
    state = build(GAME, 2, 3)
    for p in state.players:
        assert [s.card for s in p.tableau] == [p.start_card]
        printed = [c in d.START_BY_ID[p.start_card].ducks for c in d.COLOURS]
        assert p.tableau[0].printed == tuple(printed)
    assert GAME.view(state, 0).players[0].rows == [
        int(b) for b in state.players[0].tableau[0].printed
    ]


def _colours_seen(state: State) -> list[str]:
    """Each seat's pawn colour as every seat and a spectator see it (all must agree)."""
    seen = {tuple(p.pawn_colour for p in GAME.view(state, v).players) for v in [None, 0, 1]}
    assert len(seen) == 1, seen
    return list(seen.pop())


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_008_one_pawn_colour_each_never_shared(seats: int) -> None:
    """DIT-008: each player has 1 of the 4 pawn colours and no two share one; a player
    keeps their colour for the whole game (DIT-GAP11: assigned by seat, cosmetic)."""
    for seed in range(5):
        state = build(GAME, seats, seed)
        colours = _colours_seen(state)
        assert len(colours) == seats == len(set(colours))
        assert set(colours) <= {"red", "blue", "purple", "white"}
        rng = Rng.seeded(seed, stream=8)
        for _ in range(150):
            seat = GAME.to_move(state)[0]
            _, state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        assert _colours_seen(state) == colours


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_010_seats_clockwise_from_the_first_player(seats: int) -> None:
    """DIT-010: seat positions run clockwise from the first player, who moves first."""
    state = build(GAME, seats, 7)
    for seat, p in enumerate(state.players):
        assert p.order == (seat - state.current) % seats


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_011_to_018_park_tiles(seats: int) -> None:
    """DIT-011/DIT-012: special tiles on fixed spaces; DIT-013/DIT-014/DIT-015: 4/6/8
    location tiles; DIT-016/DIT-017: random choice of tiles, the rest unused;
    DIT-018: one per location space."""
    layouts = set()
    for seed in range(10):
        state = build(GAME, seats, seed)
        roles = [t.role for t in state.tiles]
        assert roles == [h.role for h in d.MAPS[seats]]
        symbols = [t.location for t in state.tiles if t.role == d.LOCATION]
        assert len(symbols) == len(set(symbols)) == d.LOCATION_TILES_USED[seats]
        assert {2: 4, 3: 6, 4: 8}[seats] == len(symbols)
        assert all(t.location is None for t in state.tiles if t.role != d.LOCATION)
        layouts.add(tuple(symbols))
    assert len(layouts) > 1


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_019_020_pawns_on_designated_start_tiles(seats: int) -> None:
    """DIT-019: one pawn per start tile; DIT-020 (DIT-GAP13): STk's holder starts on Sk."""
    state = build(GAME, seats, 5)
    pawns = [p.pawn for p in state.players]
    assert len(set(pawns)) == seats
    for p in state.players:
        space = d.START_BY_ID[p.start_card].start_space
        assert d.MAPS[seats][p.pawn].start == space


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_021_to_026_location_cards(seats: int) -> None:
    """DIT-021/DIT-022/DIT-023: cards of the symbols in play only (all at 4p); DIT-024: 4 each;
    DIT-025: the rest is the deck; DIT-026: 4 face up."""
    state = build(GAME, seats, 9)
    in_play = {t.location for t in state.tiles if t.location}
    cards = [c for p in state.players for c in p.hand] + state.display + state.deck
    assert sorted(cards) == sorted(c.id for c in d.LOCATION_CARDS if c.location in in_play)
    if seats == 4:
        assert len(cards) == 48
    assert all(len(p.hand) == 4 for p in state.players)
    assert len(state.display) == 4
    assert len(state.deck) == 6 * len(in_play) - 4 * seats - 4


def test_dit_ex01_formation_cards_4_players() -> None:
    """DIT-EX01 (DIT-027, DIT-028): 4 + 2 = 6 of the 8 formation cards, face up."""
    chosen = set()
    for seed in range(10):
        state = build(GAME, 4, seed)
        assert len(state.formations) == 6 == len(set(state.formations))
        assert set(GAME.view(state, 1).formations) == set(state.formations)
        unused = [f.id for f in d.FORMATIONS if f.id not in state.formations]
        assert len(unused) == 2
        chosen.add(tuple(sorted(state.formations)))
        for f in unused:  # returned to the box: can never be claimed
            assert f not in GAME.view(state, None).formations
    assert len(chosen) > 1
    assert [len(build(GAME, n, 1).formations) for n in (2, 3)] == [4, 5]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_029_formations_face_up_with_their_points_for_everyone(seats: int) -> None:
    """DIT-029: the selected formation cards lie face up where every player (and a
    spectator) sees them, each with its pattern and its printed points."""
    state = build(GAME, seats, 21)
    for viewer in [None, *range(seats)]:
        view = GAME.view(state, viewer)
        assert view.formations == state.formations
        for fid in state.formations:
            face, printed = view.formation_cards[fid], d.FORMATION_BY_ID[fid]
            assert face.points == printed.points and face.points in (2, 3, 4)
            assert [tuple(c) for c in face.cells] == list(printed.cells)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_030_to_035_start_food(seats: int) -> None:
    """DIT-030/DIT-031: all food in the bag, drawn at random by seat order;
    DIT-032/DIT-033/DIT-034/DIT-035: 2, 3, 4, 4 food."""
    state = build(GAME, seats, 11)
    for p in state.players:
        assert sum(p.food) == d.START_FOOD[p.order]
    assert [
        sum(a) for a in zip(*[p.food for p in state.players], state.food_bag, strict=False)
    ] == [d.FOOD_PER_COLOUR] * 4


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_036_to_041_ducks(seats: int) -> None:
    """DIT-036/DIT-037/DIT-038: 6/7/all ducks per colour; DIT-039/DIT-040: those go in the bag, the
    rest never plays; DIT-041: one duck on every tile."""
    state = build(GAME, seats, 13)
    per = {2: 6, 3: 7, 4: d.DUCKS_PER_COLOUR}[seats]
    on_tiles = [sum(t.ducks[c] for t in state.tiles) for c in range(4)]
    in_bag = [state.duck_bag.count(c) for c in range(4)]
    assert [a + b for a, b in zip(on_tiles, in_bag, strict=True)] == [per] * 4
    assert all(sum(t.ducks) == 1 for t in state.tiles)
    assert len(state.duck_bag) == 4 * per - len(state.tiles)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dit_042_ready_check(seats: int) -> None:
    """DIT-042: pawn on its start tile with an empty tow, start card, 4 cards, food by seat.
    Reference cards (DIT-009, DIT-GAP12) carry no game data, so nothing models them."""
    state = build(GAME, seats, 2)
    for p in state.players:
        assert sum(p.tow) == 0 and sum(p.front) == 0
        assert len(p.tableau) == 1 and len(p.hand) == 4
        assert d.MAPS[seats][p.pawn].start
        assert sum(p.food) == (2, 3, 4, 4)[p.order]
    assert state.phase == "actions" and state.actions_left == 4


def test_dit_ex08_two_player_setup() -> None:
    """DIT-EX08: 4 location tiles, their cards, 4 formations, 24 ducks, food 2 and 3,
    4 cards each, 4 on display, one duck per tile."""
    state = build(GAME, 2, 21)
    symbols = {t.location for t in state.tiles if t.location}
    assert len(symbols) == 4
    cards = [c for p in state.players for c in p.hand] + state.display + state.deck
    assert len(cards) == 24 and {d.CARD_BY_ID[c].location for c in cards} == symbols
    assert len(state.formations) == 4
    assert len(state.duck_bag) + sum(sum(t.ducks) for t in state.tiles) == 24
    first = state.current
    assert sum(state.players[first].food) == 2 and sum(state.players[1 - first].food) == 3
    assert [len(p.hand) for p in state.players] == [4, 4] and len(state.display) == 4
    assert [sum(t.ducks) for t in state.tiles] == [1] * 8


def test_setup_is_deterministic() -> None:
    """Same seed, same state; another seed, another deal."""
    assert build(GAME, 3, 99) == build(GAME, 3, 99)
    assert build(GAME, 3, 99) != build(GAME, 3, 100)
