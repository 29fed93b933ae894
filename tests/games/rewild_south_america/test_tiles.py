"""Placing biome tiles, costs and reductions, extensions, upgrades."""

from __future__ import annotations

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.moves import (
    Extend,
    Flip,
    PlaceTile,
    PlantTree,
    PlayAction,
    StopUpgrading,
)
from core.games.rewild_south_america.state import State
from tests.games.conformance import play, refused

from .helpers import f, fresh, give, ready, tile


def placing(state: State, card: str, stock: tuple[int, int, int]) -> State:
    player = state.players[0]
    player.hand.remove(card)
    player.played.append(f"{card}:top")
    return ready(state, "place", stock)


def ex11_board() -> State:
    state = fresh()
    tile(state, 0, "S", [(0, 0), (0, 1), (1, 0)])
    tile(state, 0, "S", [(4, 0), (4, 1), (5, 0)])
    tile(state, 0, "W", [(1, 2), (1, 3)])
    tile(state, 0, "W", [(6, 2), (6, 3)])
    tile(state, 0, "G", [(2, 4), (3, 4)])
    return placing(state, "R1", (3, 2, 0))


def after(state: State, cell: tuple[int, int]) -> tuple[list[int], int]:
    out = play(GAME, state, 0, PlaceTile((f(*cell),)))
    return out.players[0].stock, out.players[0].score


def test_rw_ex11_rainforest_costs_on_six_fields() -> None:
    """RW-EX11, RW-056, RW-062, RW-064, RW-065, RW-066, RW-067: the six fields."""
    state = ex11_board()
    assert after(state, (1, 1)) == ([3, 2, 0], 0)  # free
    assert after(state, (6, 0)) == ([1, 0, 0], 3)  # pays 2M + 2W, 1 star x 3
    assert after(state, (0, 3)) == ([0, 2, 0], 0)  # pays 3M; water reduction lost
    assert after(state, (5, 2)) == ([2, 2, 0], 0)  # pays 1M
    assert after(state, (4, 4)) == ([0, 1, 0], 6)  # pays 3M + 1W, 2 stars x 3
    assert after(state, (2, 3)) == ([0, 2, 0], 0)  # pays 3M


def test_rw_062_unaffordable_placement_is_refused() -> None:
    """RW-062: with 0 resources a rainforest on a blank field cannot be paid."""
    state = ex11_board()
    state.players[0].stock = [0, 0, 0]
    refused(GAME, state, 0, PlaceTile((f(2, 0),)), "RW-062")
    assert PlaceTile((f(1, 1),)) in GAME.legal_moves(state, 0)  # still free there


def test_rw_063_only_empty_fields() -> None:
    """RW-063: a tile may not cover a covered field; it need not touch other tiles."""
    state = ex11_board()
    refused(GAME, state, 0, PlaceTile((f(0, 0),)), "RW-063")
    far = play(GAME, state, 0, PlaceTile((f(6, 4),)))  # touches nothing
    assert far.players[0].cover[f(6, 4)] == 5


def test_rw_ex12_one_reduction_per_adjacent_tile() -> None:
    """RW-EX12, RW-068, RW-069: two shared edges with one shrubland = -1 mineral;
    two different shrublands = -2 minerals."""
    state = fresh()
    tile(state, 0, "S", [(2, 2), (2, 3), (3, 2)])
    state = placing(state, "R1", (3, 2, 0))
    # (3,1) touches (2,2) and (3,2) of the same tile: 3 - 1 = 2 minerals
    out = play(GAME, state, 0, PlaceTile((f(3, 1),)))
    assert out.players[0].stock == [1, 0, 0]
    state2 = fresh()
    tile(state2, 0, "S", [(1, 0), (2, 0), (2, 1)])
    tile(state2, 0, "S", [(4, 1), (4, 2), (5, 1)])
    state2 = placing(state2, "R1", (3, 2, 0))
    out = play(GAME, state2, 0, PlaceTile((f(3, 1),)))  # touches both: 3 - 2 = 1 mineral
    assert out.players[0].stock == [2, 0, 0]


def test_rw_ex14_extended_shrubland_reduces_once() -> None:
    """RW-EX14, RW-070: adjacent to both a shrubland and its extension: -1 mineral;
    adjacent to the extension hex only: -1 mineral too."""
    state = fresh()
    tile(state, 0, "S", [(2, 1), (2, 2), (3, 1)], ext=(3, 0))
    state = placing(state, "R1", (3, 2, 0))
    both = play(GAME, state, 0, PlaceTile((f(2, 0),)))  # touches (2,1) and (3,0)
    assert both.players[0].stock == [1, 0, 0]
    only_ext = play(GAME, state, 0, PlaceTile((f(4, 0),)))  # touches only (3,0)
    assert only_ext.players[0].stock == [1, 0, 0]


def test_rw_051_054_tile_sizes_and_base_costs() -> None:
    """RW-051, RW-054, RW-061: shrubland 3 hexes (1M+1W), grassland 2 (2M+2W)."""
    state = placing(fresh(), "S1", (4, 4, 1))
    moves = GAME.legal_moves(state, 0)
    assert {len(m.fields) for m in moves} == {3}
    out = play(GAME, state, 0, PlaceTile((f(2, 1), f(2, 2), f(3, 1))))
    assert out.players[0].stock == [3, 3, 1]
    state = placing(fresh(), "G1", (4, 4, 1))
    assert {len(m.fields) for m in GAME.legal_moves(state, 0)} == {2}
    out = play(GAME, state, 0, PlaceTile((f(2, 1), f(2, 2))))
    assert out.players[0].stock == [2, 2, 1]


def ex13_board() -> State:
    state = fresh()
    tile(state, 0, "S", [(0, 1), (0, 2), (1, 1)])
    tile(state, 0, "S", [(2, 3), (2, 4), (3, 3)])
    tile(state, 0, "S", [(4, 3), (4, 4), (5, 3)])
    tile(state, 0, "S", [(5, 0), (6, 0), (6, 1)])
    tile(state, 0, "G", [(4, 0), (4, 1)])
    tile(state, 0, "R", [(5, 1)])
    tile(state, 0, "R", [(6, 2)])
    return ready(state, "play", (4, 4, 1))


def test_rw_ex13_extensions() -> None:
    """RW-EX13, RW-053, RW-071..RW-076: three free extensions, 2 VP for the 2-star
    corner, S4 cannot be extended, none can be extended twice."""
    state = play(GAME, ex13_board(), 0, PlayAction("S2", "bottom"))
    assert state.phase == "extend"
    listed = GAME.legal_moves(state, 0)
    assert not any(m.tile == 3 for m in listed if isinstance(m, Extend))  # RW-075
    refused(GAME, state, 0, Extend(3, f(3, 0)), "RW-071")
    state = play(GAME, state, 0, Extend(0, f(0, 0)), Extend(1, f(3, 4)), Extend(2, f(4, 2)))
    player = state.players[0]
    assert player.stock == [4, 4, 1] and player.score == 2  # RW-071, RW-076
    assert [t.ext for t in player.tiles[:3]] == [f(0, 0), f(3, 4), f(4, 2)]  # RW-072
    assert not [m for m in GAME.legal_moves(state, 0) if isinstance(m, Extend)]  # RW-073
    refused(GAME, state, 0, Extend(0, f(1, 0)), "RW-071")
    state = play(GAME, state, 0, StopUpgrading())
    assert state.phase == "attract"


def test_rw_074_extended_shrubland_covers_four_and_shows_two_symbols() -> None:
    """RW-074, RW-135: an extended shrubland covers 4 fields and shows 2 symbols."""
    from core.games.rewild_south_america.effects import count_symbol, covered_fields

    state = fresh()
    tile(state, 0, "S", [(0, 1), (0, 2), (1, 1)], ext=(0, 0))
    assert covered_fields(state.players[0]) == 4
    assert count_symbol(state.players[0], "S") == 2


def test_rw_ex15_two_trees_lift_two_meeples() -> None:
    """RW-EX15, RW-058, RW-081, RW-086, RW-087, RW-088: 2 water, 8 VP, ground free."""
    state = fresh()
    a = tile(state, 0, "R", [(1, 1)])
    b = tile(state, 0, "R", [(3, 3)])
    give(state, 0, "W24", "R", [(1, 1)], meeple=True)
    give(state, 0, "W25", "R", [(3, 3)], meeple=True)
    state = ready(state, "play", (0, 2, 0))
    state = play(GAME, state, 0, PlayAction("R2", "bottom"), PlantTree(a), PlantTree(b))
    player = state.players[0]
    assert player.stock == [0, 0, 0] and player.score == 8
    assert player.occ[f(1, 1)] == player.occ[f(3, 3)] == -1  # RW-088
    assert [t.canopy for t in player.tiles] == [0, 1]
    assert GAME.legal_moves(state, 0) == [StopUpgrading()]  # no water left


def test_rw_089_tree_over_a_marker_scores_nothing_and_rw_116_predated() -> None:
    """RW-089: a tree over a plain marker does nothing; RW-116: a predated animal's
    ground meeple does not move up."""
    state = fresh()
    a = tile(state, 0, "R", [(1, 1)])
    b = tile(state, 0, "R", [(3, 3)])
    give(state, 0, "W11", "R", [(1, 1)])  # agouti: a marker, no meeple
    marmoset = give(state, 0, "W12", "R", [(3, 3)], meeple=True)
    give(state, 0, "P01", "R", on=marmoset)
    state = ready(state, "play", (0, 2, 0))
    state = play(GAME, state, 0, PlayAction("R2", "bottom"), PlantTree(a), PlantTree(b))
    assert state.players[0].score == 0
    assert [t.canopy for t in state.players[0].tiles] == [-1, -1]


def test_rw_058_trees_or_flips_not_both() -> None:
    """RW-058, RW-077, RW-078: one kind per action; markers stay on a flipped tile."""
    state = fresh()
    g = tile(state, 0, "G", [(1, 1), (1, 2)])
    r = tile(state, 0, "R", [(3, 3)])
    give(state, 0, "W21", "G", [(1, 1), (1, 2)])
    state = ready(state, "play", (0, 3, 0))
    state = play(GAME, state, 0, PlayAction("G2", "bottom"), Flip(g))
    assert state.players[0].tiles[g].kind == "W" and state.players[0].stock[1] == 2
    assert state.players[0].occ[f(1, 1)] == 0  # RW-078
    refused(GAME, state, 0, PlantTree(r), "RW-058")


def test_rw_047_upgrade_needs_one_upgrade() -> None:
    """RW-047: stopping before any upgrade is refused."""
    state = fresh()
    tile(state, 0, "G", [(1, 1), (1, 2)])
    state = play(GAME, ready(state, "play", (0, 3, 0)), 0, PlayAction("G2", "bottom"))
    assert StopUpgrading() not in GAME.legal_moves(state, 0)
    refused(GAME, state, 0, StopUpgrading(), "RW-047")
