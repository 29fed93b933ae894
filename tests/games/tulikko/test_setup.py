"""Components, data validation and setup: TUL-001..TUL-021, TUL-113/114."""

from __future__ import annotations

import pytest

from core.games.tulikko import GAME, data
from core.games.tulikko.events import StartTilePlaced, TurnStarted
from core.games.tulikko.moves import Place, Slide
from core.kernel import IllegalMove, SetupError, clone

from ..conformance import build, play, refused
from .helpers import events_of, leak_check, started


def test_maps_have_20_spaces_5_of_each_symbol() -> None:
    """TUL-001: every map is 20 spaces, each of the 4 symbols on exactly 5."""
    for layout in data.MAPS.values():
        assert len(layout) == data.CELLS == 20
        assert sorted(layout.count(s) for s in data.SYMBOLS) == [5, 5, 5, 5]


def test_broken_map_data_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    """TUL-001 TUL-002: the tables are validated on load; a bad one raises DataError."""
    broken = dict(data.MAPS)
    broken["owl"] = ("SUN",) * 20
    monkeypatch.setattr(data, "MAPS", broken)
    with pytest.raises(data.DataError, match="TUL-001"):
        data._validate()
    monkeypatch.setattr(data, "MAPS", {**dict(data.MAPS), "owl": data.MAPS["bear"]})
    with pytest.raises(data.DataError, match="TUL-002"):
        data._validate()


def test_maps_differ() -> None:
    """TUL-002: no two maps share a symbol layout."""
    layouts = list(data.MAPS.values())
    assert len(set(layouts)) == len(layouts) == 4


def test_forest_tiles_three_per_colour_with_animal_backs() -> None:
    """TUL-003 TUL-008: 12 tiles per set, 3 per colour; a player's stack is its animal's set."""
    for back in (*data.ANIMALS, "neutral"):
        ids = data.tile_ids(back)
        assert [sum(data.TILE_COLOUR[t] == c for t in ids) for c in data.COLOURS] == [3] * 4
        assert all(t.startswith(back + "-") for t in ids)
    state = build(GAME, 4)
    for player in state.players:
        assert sorted(player.stack) == sorted(data.tile_ids(player.animal))


def test_board_always_holds_five_tiles() -> None:
    """TUL-004 TUL-010 TUL-017: one shared central board, the same for every seat; the
    cross holds 5 neutral tiles; a slide keeps it at 5."""
    state = started(2)
    assert len({tuple(GAME.view(state, s).arms.items()) for s in (None, 0, 1)}) == 1
    assert len(state.board) == 5 and all(t.startswith("neutral-") for t in state.board)
    before = set(state.board)
    after = play(GAME, state, state.current, Slide("N"))
    assert len(after.board) == len(set(after.board)) == 5
    assert before - set(after.board) == {after.taken}  # exactly one ejected
    assert set(after.board) - before == {state.revealed}  # exactly one inserted


def test_each_player_has_a_map_of_their_own() -> None:
    """TUL-005: maps by seat (bear, wolf, owl, reindeer) or dealt at random, never shared."""
    by_seat = build(GAME, 4)
    assert [p.animal for p in by_seat.players] == list(data.ANIMALS)
    dealt = {
        tuple(p.animal for p in build(GAME, 3, seed, {"maps": "random"}).players)
        for seed in range(30)
    }
    assert len(dealt) > 1
    assert all(len(set(animals)) == 3 for animals in dealt)


def test_token_supply_is_12_animals_and_6_rivers() -> None:
    """TUL-006 TUL-007: 12 animal and 6 river tokens per player, the whole supply."""
    state = build(GAME, 3)
    assert all((p.animals, p.rivers) == (12, 6) for p in state.players)
    view = GAME.view(state, None)
    assert all((m.animals, m.rivers) == (12, 6) for m in view.maps)


def test_stacks_are_shuffled_and_hidden_from_everyone() -> None:
    """TUL-009: stacks are shuffled by the game's Rng and no seat sees the order."""
    orders = {tuple(build(GAME, 2, seed).players[0].stack) for seed in range(10)}
    assert len(orders) == 10
    state = build(GAME, 2)
    assert build(GAME, 2).players[0].stack == state.players[0].stack  # same seed, same deal
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        leak_check(state, seat, view)
        assert view.maps[0].stack_size == 12
        assert view.maps[0].stack_colours == [3, 3, 3, 3]  # contents are public, order is not


def test_one_landscape_card_of_each_type_drawn_at_random() -> None:
    """TUL-011 TUL-012 TUL-013 TUL-049: 1 river, 1 colour, 1 shape card, face up; the
    other 26 are out of the game and out of every view."""
    state = build(GAME, 2)
    kinds = [data.LANDSCAPE[c].kind for c in state.landscape]
    assert kinds == ["river", "colour", "shape"]
    assert len(state.unused_cards) == 29 - 3
    assert not set(state.unused_cards) & set(state.landscape)
    text = GAME.view(state, 0)
    assert [c.id for c in text.landscape] == state.landscape
    import msgspec

    encoded = msgspec.json.encode(text).decode()
    assert not [c for c in state.unused_cards if f'"{c}"' in encoded]
    drawn = {tuple(build(GAME, 2, seed).landscape) for seed in range(40)}
    assert len(drawn) > 20


def test_four_symbol_cards_unclaimed() -> None:
    """TUL-014 TUL-075: the 4 symbol cards are in every game, unclaimed."""
    view = GAME.view(build(GAME, 2), None)
    assert [s.symbol for s in view.symbols] == list(data.SYMBOLS)
    assert all(s.claimed_by is None and s.tokens == 0 for s in view.symbols)


def test_aurora_stacks_three_on_four_active() -> None:
    """TUL-015 TUL-016 TUL-079: 8 aurora tiles, a "3" over a "4" per colour, active."""
    view = GAME.view(build(GAME, 2), None)
    assert len(view.auroras) == 8
    for i, colour in enumerate(data.COLOURS):
        three, four = view.auroras[2 * i], view.auroras[2 * i + 1]
        assert (three.colour, three.threshold, four.colour, four.threshold) == (
            colour,
            3,
            colour,
            4,
        )
    assert all(a.active and a.holder is None for a in view.auroras)


def test_centre_tile_hidden() -> None:
    """TUL-018: the centre tile is visible to nobody; the arms are visible to all."""
    state = build(GAME, 3)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view.centre is None
        assert [view.arms[s] for s in data.SIDES] == state.board[:4]


def test_start_tile_on_any_space_without_tokens() -> None:
    """TUL-019: each player places one random neutral tile on any space of their map."""
    state = build(GAME, 3)
    starts = [p.start_tile for p in state.players]
    assert all(t.startswith("neutral-") for t in starts) and len(set(starts)) == 3
    assert GAME.to_move(state) == [0, 1, 2]  # simultaneous
    assert len(GAME.legal_moves(state, 1)) == 20  # symbol does not matter
    events = events_of(state, 1, Place(3, 4))
    assert events == [StartTilePlaced(1, starts[1], data.cell_of(3, 4))]
    state = play(GAME, state, 1, Place(3, 4))
    assert GAME.to_move(state) == [0, 2]
    # One start tile each: a seat that placed its own waits for the first turn (TUL-023).
    refused(GAME, state, 1, Place(0, 0), "TUL-023", "not-your-turn")
    refused(GAME, state, 0, Slide("N"), "TUL-019")
    assert state.players[1].edges.count(data.NO_TOKEN) == len(data.EDGES)


def test_unused_neutral_tiles_go_back_to_the_box() -> None:
    """TUL-020: 12 - 5 - P neutral tiles are boxed unseen."""
    for seats in (2, 3, 4):
        state = build(GAME, seats)
        assert len(state.boxed) == 12 - 5 - seats
        leak_check(state, None, GAME.view(state, None))


def test_first_player_option() -> None:
    """TUL-021 TUL-023: the first_player option (the youngest's seat) starts; must be a seat."""
    state = build(GAME, 3, 1, {"first_player": 2})
    for seat in range(3):
        events = GAME.decide(state, seat, Place(0, 0))
        state = play(GAME, state, seat, Place(0, 0))
    assert isinstance(events[-1], TurnStarted) and events[-1].seat == 2 and state.current == 2
    assert state.revealed == events[-1].tile and state.round == 1
    with pytest.raises(SetupError):
        GAME.setup(2, 1, {"first_player": 4})
    with pytest.raises(SetupError, match=r"seat in 0\.\.1, got 3"):
        GAME.setup(2, 1, {"first_player": 3})  # checked at setup, before any record exists


def test_options_are_declared() -> None:
    """TUL-113 TUL-021 TUL-005: every variant is an OptionSpec with its rule."""
    specs = {o.name: o for o in GAME.info.options}
    assert specs["beginner"].kind == "bool" and specs["beginner"].rule_id == "TUL-113"
    assert specs["first_player"].kind == "int" and specs["first_player"].maximum == 3
    assert specs["maps"].choices == ["by-seat", "random"]
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 4)


def test_beginner_leaves_out_advanced_cards() -> None:
    """TUL-113: in beginner games the advanced cards are never drawn."""
    advanced = {c.id for c in data.LANDSCAPE.values() if c.advanced}
    assert advanced == {"SHAPE-04", "SHAPE-05", "SHAPE-09", "RIVER-05", "RIVER-08"}
    for seed in range(60):
        assert not set(build(GAME, 2, seed, {"beginner": True}).landscape) & advanced


def test_standard_game_uses_advanced_cards_too() -> None:
    """TUL-114: the standard game draws from every card, advanced included."""
    advanced = {c.id for c in data.LANDSCAPE.values() if c.advanced}
    drawn = set()
    for seed in range(80):
        drawn |= set(build(GAME, 2, seed).landscape)
    assert drawn & advanced


def test_setup_is_deterministic() -> None:
    """TUL-009 TUL-017: the same seed deals the same game; the Rng lives in State."""
    a, b = build(GAME, 4, 99), build(GAME, 4, 99)
    assert a == b and clone(a) == a
    assert build(GAME, 4, 100) != a


def test_wrong_seat_is_illegal() -> None:
    """TUL-023: only the current player moves."""
    state = started(2)
    other = 1 - state.current
    with pytest.raises(IllegalMove) as exc:
        GAME.decide(state, other, Slide("N"))
    assert exc.value.rule_id == "TUL-023" and exc.value.code == "not-your-turn"
