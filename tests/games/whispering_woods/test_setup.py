"""Setup (WW-001..020, WW-159), the data tables (WW-004..010, WW-GAP) and the options."""

from __future__ import annotations

import dataclasses

import pytest

from core.games.whispering_woods import GAME, data
from core.games.whispering_woods.moves import TakeForest
from core.games.whispering_woods.view import tile_view
from core.kernel import SetupError

from .helpers import new_state, play


def test_player_counts_and_modes_are_checked() -> None:
    """WW-001: 2-4 players for the competitive game, exactly 1 for solitaire; the
    checks between options name the problem (WW-110: a level for solitaire)."""
    for seats in (2, 3, 4):
        GAME.setup(seats, 1, {})
    for lv in range(1, 7):
        GAME.setup(1, 1, {"level": lv})
    default = GAME.initial(GAME.setup(1, 1, {}))  # WW-105: the Level 1 card by default
    assert default.solo is not None and default.solo.level == 1
    with pytest.raises(SetupError, match="1 player"):
        GAME.setup(3, 1, {"level": 2})
    with pytest.raises(SetupError):
        GAME.setup(5, 1, {})
    with pytest.raises(SetupError, match="start_player"):
        GAME.setup(2, 1, {"start_player": 3})
    info = GAME.info
    assert (info.min_players, info.max_players, info.solo) == (1, 4, True)
    level = next(o for o in info.options if o.name == "level")
    assert (level.group, level.minimum, level.maximum) == ("mode", 0, 6)


def test_three_player_setup_ex01() -> None:
    """WW-EX01 WW-011 WW-012 WW-013 WW-014 WW-015 WW-016 WW-017 WW-003: three players
    (yellow, red, blue): a starting tile with one animal each and 3 animals in supply,
    green's starting tile and animals in the box, four combo supplies, a market of 6
    side A up, 102 tiles in the bag, one start player."""
    state = new_state(3, 5)
    assert [p.colour for p in state.players] == ["YEL", "RED", "BLU"]
    for p in state.players:
        assert len(p.forest) == 1
        start = p.forest[0]
        assert start.tile == f"S-{p.colour}" and start.mission and (start.q, start.r) == (0, 0)
        assert start.animal == f"{p.colour}-1"
        assert p.supply == [f"{p.colour}-{n}" for n in (2, 3, 4)]
    assert sorted(state.boxed) == sorted(["S-GRN", "GRN-1", "GRN-2", "GRN-3", "GRN-4"])
    assert {c.split("-")[0] for c in state.combo_supply} == {"X2", "X3", "X4", "X5"}
    assert len(state.market) == 6 and all(t in data.TILES for t in state.market)
    assert len(state.bag) == 102
    assert sorted(state.bag + state.market) == sorted(data.TILE_IDS)
    assert 0 <= state.start_player < 3 and state.current == state.start_player


def test_start_player_is_a_setup_parameter_or_random() -> None:
    """WW-018: the start player is given as an option, else drawn at random (seeded)."""
    assert new_state(4, 1, start_player=2).start_player == 2
    drawn = {new_state(4, seed).start_player for seed in range(40)}
    assert drawn == {0, 1, 2, 3}


def test_setup_is_the_same_for_every_count() -> None:
    """WW-159: the same pieces, the full bag and the full combo supplies at 2, 3 and 4."""
    for seats in (2, 3, 4):
        state = new_state(seats, 3)
        assert len(state.bag) + len(state.market) == 108
        assert state.combo_supply == list(data.COMBO_CARDS)
        assert all(len(p.supply) == 3 for p in state.players)


def test_every_tile_has_a_colour_a_forest_side_and_a_mission() -> None:
    """WW-004 WW-005 WW-006 WW-007 WW-009 WW-010: every bag tile has one of the six
    colours on side A and a path with its VP on side B."""
    assert data.COLOURS == ("RED", "PUR", "YEL", "GRN", "BLU", "GRY")
    for tile in data.TILES.values():
        assert tile.colour in data.COLOURS
        assert 3 <= len(tile.path) <= 5 and tile.vp > 0
    for c in data.COLOUR_NAMES:
        assert c.name_en and c.name_ja
    assert all(t.name_en and t.name_ja for t in data.COMBO_TYPES)
    assert all(lv.name_ja.startswith("レベル") for lv in data.LEVELS)


def test_side_a_shows_the_mission_so_it_is_public() -> None:
    """WW-008: a market tile shows its colour and its side B path and VP."""
    state = new_state(2, 1)
    view = GAME.view(state, 1)
    for shown, tile in zip(view.market, state.market, strict=True):
        t = data.TILES[tile]
        assert (shown.colour, tuple(shown.path), shown.vp) == (t.colour, t.path, t.vp)
    assert tile_view("S-YEL").vp == data.START_VP


def test_broken_data_fails_validation() -> None:
    """WW-004 (data invariant): an inconsistent table is a DataError, not a bad game."""
    original = data.TILES["T001"]
    try:
        data.TILES["T001"] = dataclasses.replace(original, vp=5)
        with pytest.raises(data.DataError, match="T001"):
            data._validate()
        data.TILES["T001"] = dataclasses.replace(original, colour="PINK")
        with pytest.raises(data.DataError, match="T001"):
            data._validate()
    finally:
        data.TILES["T001"] = original
    data._validate()


def test_forests_are_personal() -> None:
    """WW-003: a tile taken goes into the mover's own forest, never another's."""
    state = new_state(2, 1, start_player=0)
    state = play(state, 0, TakeForest(state.market[0], 1, 0))
    assert len(state.players[0].forest) == 2 and len(state.players[1].forest) == 1
