"""Paper tiles and alternative painting boards (TOR-123..137, TOR-181, TOR-EX25,
TOR-EX32, TOR-EX33, TOR-EX39)."""

from __future__ import annotations

import pytest

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.moves import Place, Take
from core.kernel import SetupError

from .helpers import fill, holding, new_state, play, put, rejects, scenario


def _mask(*slots: str) -> int:
    return sum(1 << data.SLOT_INDEX[s] for s in slots)


def _slots(state, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {m.slot for m in GAME.legal_moves(state, seat) if isinstance(m, Place)}


@pytest.mark.parametrize("layout", ["ALT1", "ALT2", "ALT3"])
def test_every_board_gets_the_same_paper_tiles(layout: str) -> None:
    """TOR-123 TOR-125 TOR-127 TOR-136 TOR-137 TOR-GAP13: the chosen layout covers the
    same slots on every board; each artist has an own board copy; the bag holds no
    paper tile (setup is otherwise unchanged, TOR-126)."""
    state = new_state(4, board_layout=layout)
    paper = sorted(data.LAYOUTS[layout][1])
    assert state.paper == paper and len(state.boards) == 4
    assert len(state.bag) == 87 and all(t.startswith("T") for t in state.bag)
    state = play(play(state, 0, Take("large", 0)), 0, Place("r1c1"))
    assert state.boards[0][1] and not any(state.boards[1])


def test_alt2_paper_blocks_and_supports() -> None:
    """TOR-EX32 TOR-124 TOR-129: r1c0 is refused (paper); r3c1 rests on paper r2c0 + tile
    r2c1; the scroll slot r3c4 rests on tile r2c3 + paper r2c4."""
    state = holding(scenario(2, board_layout="ALT2"), 0, "T060")
    assert rejects(state, 0, Place("r1c0")).rule_id == "TOR-124"
    fill(state, 0, ["r1c1", "r1c2", "r2c1"])
    assert "r3c1" in _slots(state, 0)
    fill(state, 0, ["r1c3", "r1c4", "r2c3"])
    assert "r3c4" in _slots(state, 0)


def test_paper_is_no_landscape() -> None:
    """TOR-130: a paper tile fills no ≠ line, no group, no scroll and ends nothing: a
    board's paper slots never hold a tile id."""
    state = new_state(2, board_layout="ALT3")
    assert all(board[data.SLOT_INDEX["r4c0"]] == "" for board in state.boards)


def test_alt1_single_end_slot() -> None:
    """TOR-EX33 TOR-131 TOR-132 TOR-101: ALT1, A (start), B, C: B's normal placement
    in r5c1 on B's 15th turn: C plays a 15th turn, then the end; r5c0 and r5c2 are
    paper, never placeable."""
    state = scenario(3, board_layout="ALT1", start_player=0)
    under = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3", "r4c1", "r4c2"]
    for seat in range(3):
        fill(state, seat, under)
    state.turns = [15, 14, 14]
    state = holding(state, 1, "T060")
    assert "r5c0" not in _slots(state, 1) and "r5c2" not in _slots(state, 1)
    assert rejects(state, 1, Place("r5c0")).rule_id == "TOR-124"
    state = play(state, 1, Place("r5c1"))
    assert state.end_triggered and state.current == 2
    state = play(play(state, 2, Take("large", 0)), 2, Place("r1c0"))
    assert state.phase == "over" and state.turns == [15, 15, 15]


def test_alt3_two_slot_line_gives_one_of_two_seals() -> None:
    """TOR-EX25 TOR-133 TOR-134 TOR-181: ALT3 (paper on r4c0): water T074 on r4c1, then
    mountain T052 on r4c2: water or mountain seal; water T075 instead: no seal."""
    state = scenario(3, board_layout="ALT3")
    fill(state, 0, ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3"])
    put(state, 0, "r4c1", "T074")
    mountain = holding(state, 0, "T052")
    seals = {m.seal for m in GAME.legal_moves(mountain, 0) if m.slot == "r4c2"}  # type: ignore[union-attr]
    assert seals == {"water", "mountain"}
    after = play(mountain, 0, Place("r4c2", seal="mountain"))
    assert after.seal_holder[data.SEAL_IDS.index("mountain")] == 0
    water = holding(state, 0, "T075")
    assert {m.seal for m in GAME.legal_moves(water, 0) if m.slot == "r4c2"} == {""}  # type: ignore[union-attr]


def test_custom_layout_line_of_its_uncovered_slots() -> None:
    """TOR-EX39 TOR-128 TOR-135 TOR-181: a custom board covering r2c2: cherry T030 on
    r2c1, then village T095 on r2c3: the cherry or the village seal."""
    state = scenario(3, board_layout="CUSTOM", custom_paper=_mask("r2c2"))
    assert state.paper == [data.SLOT_INDEX["r2c2"]]
    fill(state, 0, ["r1c1", "r1c2", "r1c3", "r1c4"])
    put(state, 0, "r2c1", "T030")
    state = holding(state, 0, "T095")
    seals = {m.seal for m in GAME.legal_moves(state, 0) if m.slot == "r2c3"}  # type: ignore[union-attr]
    assert seals == {"cherry", "village"}


def test_custom_line_with_one_slot_and_covered_scroll_give_nothing() -> None:
    """TOR-181: a line left with one uncovered slot never gives a seal; a covered
    scroll slot never earns a scroll."""
    state = scenario(2, board_layout="CUSTOM", custom_paper=_mask("r2c1", "r2c2", "r3c4"))
    fill(state, 0, ["r1c3", "r1c4"])
    state = holding(state, 0, "T095")
    assert {m.seal for m in GAME.legal_moves(state, 0) if m.slot == "r2c3"} == {""}  # type: ignore[union-attr]
    assert "r3c4" not in _slots(state, 0)


def test_custom_layouts_are_checked_at_setup() -> None:
    """TOR-128 TOR-181: at most 24 paper tiles in all; a bottom-row and a top-row slot
    must stay uncovered."""
    seven = _mask("r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r2c2", "r3c0")
    GAME.setup(3, 1, {"board_layout": "CUSTOM", "custom_paper": seven})
    with pytest.raises(SetupError, match="more than the 24 paper tiles"):
        GAME.setup(4, 1, {"board_layout": "CUSTOM", "custom_paper": seven})
    bottom = _mask(*(f"r1c{c}" for c in range(6)))
    with pytest.raises(SetupError, match="bottom-row"):
        GAME.setup(2, 1, {"board_layout": "CUSTOM", "custom_paper": bottom})
    with pytest.raises(SetupError, match="top-row"):
        GAME.setup(2, 1, {"board_layout": "CUSTOM", "custom_paper": _mask("r5c0", "r5c1", "r5c2")})
