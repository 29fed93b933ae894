"""Scoring (TOR-002, TOR-107..122, TOR-EX06, TOR-EX22, TOR-EX26, TOR-EX27)."""

from __future__ import annotations

import pytest

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.objectives import card_vp
from core.games.valley_of_the_torii.scoring import rank, sheet, torii_sets, torii_vp
from core.kernel import digest

from . import reference
from .helpers import at_phase, new_state, play, put, scenario

OPHELIA = ["T045", "T046", "T047", "T067", "T068", "T001", "T006", "T007"]
EX27 = {
    "r1c0": "T067", "r1c1": "T074", "r1c2": "T001", "r1c3": "T015", "r2c0": "T088",
    "r2c1": "T023", "r2c2": "T016", "r3c0": "T045", "r3c1": "T095", "r3c2": "T052",
    "r4c0": "T030", "r4c1": "T075", "r5c0": "T053",
}  # fmt: skip
EX27_CARDS = {
    "OBJ_MOUNTAIN_A": 16, "OBJ_MOUNTAIN_B": 0, "OBJ_MOUNTAIN_C": 18,
    "OBJ_WATER_A": 8, "OBJ_WATER_B": 8, "OBJ_WATER_C": 4,
    "OBJ_BAMBOO_A": 12, "OBJ_BAMBOO_B": 6, "OBJ_BAMBOO_C": 0,
    "OBJ_CHERRY_A": 8, "OBJ_CHERRY_B": 8, "OBJ_CHERRY_C": 6,
    "OBJ_VILLAGE_A": 12, "OBJ_VILLAGE_B": 6, "OBJ_VILLAGE_C": 6,
}  # fmt: skip


def _board(tiles: list[str]) -> list[str]:
    board = [""] * data.SLOT_COUNT
    for i, tile in enumerate(tiles):
        board[i] = tile
    return board


def test_ophelia_scores_12_for_torii() -> None:
    """TOR-EX06 TOR-112 TOR-113 TOR-114 TOR-115 TOR-116: 8 torii red 3, blue 2, green,
    yellow, purple 1: sets of 5 (10), 2 (2) and 1 (0) = 12 VP; each torii in one set."""
    board = _board(OPHELIA)
    assert torii_sets([data.TILES[t].torii for t in OPHELIA]) == [5, 2, 1]
    assert sum(torii_sets([data.TILES[t].torii for t in OPHELIA])) == 8
    assert torii_vp(board) == 12 == reference.torii(reference.board_dict(board))[0]


def test_greedy_sets_beat_the_split_5_2_1() -> None:
    """TOR-EX26 TOR-116 TOR-GAP08: red, blue, green 2 each, yellow, purple 1: sets of
    5 (10) and 3 (4) = 14 VP, never 5 + 2 + 1 = 12."""
    tiles = ["T045", "T046", "T067", "T068", "T001", "T002", "T006", "T007"]
    assert torii_sets([data.TILES[t].torii for t in tiles]) == [5, 3]
    assert torii_vp(_board(tiles)) == 14
    assert data.TORII_SET_VP == {1: 0, 2: 2, 3: 4, 4: 7, 5: 10}


@pytest.mark.parametrize("card", sorted(EX27_CARDS))
def test_every_card_on_the_example_board(card: str) -> None:
    """TOR-EX27 TOR-110 TOR-GAP09: the 13-tile board scores each card as the example."""
    board = [""] * data.SLOT_COUNT
    for slot, tile in EX27.items():
        board[data.SLOT_INDEX[slot]] = tile
    assert card_vp(card, board) == EX27_CARDS[card]
    assert reference.card(card, EX27) == EX27_CARDS[card]


def test_example_board_totals_66_with_the_a_cards() -> None:
    """TOR-EX27 TOR-107 TOR-108 TOR-109 TOR-110 TOR-111: A cards 16+8+12+8+12, torii 10
    (one set of 5), no scroll, no paintbrush: 66 VP."""
    state = scenario(2, objectives="A")
    for slot, tile in EX27.items():
        put(state, 0, slot, tile)
    column = sheet(state, 0)
    assert column.torii == 10 and column.scroll == 0 and column.paintbrush == 0
    assert sorted(column.objectives) == sorted([16, 8, 12, 8, 12])
    assert column.total == 66


def test_artists_score_only_their_own_board() -> None:
    """TOR-002 TOR-117: tiles on another board, or on a mountain seal, do not count."""
    state = scenario(2, objectives="A")
    for slot, tile in EX27.items():
        put(state, 1, slot, tile)
    assert sheet(state, 0).total == 0 and sheet(state, 1).total == 66
    state.reserved[0] = state.bag.pop()
    assert sheet(state, 0).total == 0


def test_rainbow_on_the_board_scores_2() -> None:
    """TOR-107 TOR-165: +2 VP for the rainbow tile on one's board."""
    state = scenario(2, rainbow=True)
    put(state, 0, "r1c0", data.RAINBOW)
    assert sheet(state, 0).rainbow == 2 and sheet(state, 0).total == 2


@pytest.mark.parametrize(("seats", "rainbow"), [(2, False), (2, True), (1, False), (1, True)])
def test_the_outcome_says_whether_the_rainbow_tile_was_in_play(seats: int, rainbow: bool) -> None:
    """TOR-165: the score pad has a rainbow row only when the rainbow tile was played
    with; the end screen reads the outcome's flag (a game played to its end)."""
    state = new_state(seats, seed=7, rainbow=rainbow)
    while (result := GAME.outcome(state)) is None:
        seat = GAME.to_move(state)[0]
        state = play(state, seat, GAME.legal_moves(state, seat)[0])
    assert result.rainbow is rainbow  # type: ignore[attr-defined]


def test_ties_go_to_most_torii_then_the_paintbrush_then_shared() -> None:
    """TOR-EX22 TOR-119 TOR-120 TOR-121 TOR-122: 58 each, 9 torii vs 7: A wins; both 9
    and B owns the paintbrush: B; nobody (or a third artist): shared."""
    assert rank([58, 58], [9, 7], -1)[1:] == ([0], [0, 1], "torii")
    assert rank([58, 58], [9, 9], 1)[1:] == ([1], [0, 1], "paintbrush")
    assert rank([58, 58], [9, 9], -1)[1:] == ([0, 1], [0, 1], "shared")
    assert rank([58, 58, 40], [9, 9, 3], 2)[1:] == ([0, 1], [0, 1], "shared")
    assert rank([60, 58], [0, 9], 1)[:2] == ([1, 2], [0])


def test_scoring_never_alters_the_boards() -> None:
    """TOR-118: scoring a finished game leaves every board as it was."""
    state = at_phase(scenario(2), 0)
    for slot, tile in EX27.items():
        put(state, 0, slot, tile)
    state.phase = "over"
    before = digest(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and digest(state) == before
