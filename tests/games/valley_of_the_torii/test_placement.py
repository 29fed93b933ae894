"""Placement on the painting board (TOR-042..053, TOR-EX07..09, TOR-EX38)."""

from __future__ import annotations

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.board import supports
from core.games.valley_of_the_torii.events import TurnPassed
from core.games.valley_of_the_torii.moves import Place

from .helpers import (
    check_invariants,
    fill,
    give_seal,
    holding,
    kinds,
    play,
    put,
    rejects,
    scenario,
)


def _slots(state, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {m.slot for m in GAME.legal_moves(state, seat) if isinstance(m, Place)}


def test_first_tile_goes_in_the_bottom_row() -> None:
    """TOR-042 TOR-043: an empty board accepts exactly the 6 bottom-row slots."""
    state = holding(scenario(2), 0, "T015")
    assert _slots(state, 0) == {f"r1c{c}" for c in range(6)}
    refusal = rejects(state, 0, Place("r3c0"))
    assert refusal.rule_id == "TOR-042"


def test_slot_on_one_tile_is_refused() -> None:
    """TOR-EX07 TOR-045 TOR-044: r1c1 filled, r1c2 empty: a mountain tile on r2c1 rests
    on one tile only, not fully supported."""
    state = scenario(2)
    fill(state, 0, ["r1c1"])
    state = holding(state, 0, "T052")
    refusal = rejects(state, 0, Place("r2c1"))
    assert (refusal.code, refusal.rule_id) == ("unsupported", "TOR-045")
    assert rejects(state, 0, Place("r3c2")).rule_id == "TOR-044"


def test_slot_on_two_tiles_is_legal() -> None:
    """TOR-EX08 TOR-046 TOR-044: r1c1 and r1c2 filled: r2c1 takes the mountain tile."""
    state = scenario(2)
    fill(state, 0, ["r1c1", "r1c2"])
    state = holding(state, 0, "T052")
    assert "r2c1" in _slots(state, 0)
    after = play(state, 0, Place("r2c1"))
    assert after.boards[0][data.SLOT_INDEX["r2c1"]] == "T052"


def test_board_edge_supports_the_leftmost_column() -> None:
    """TOR-EX09 TOR-047: r1c0, r1c1, r2c0 filled: r3c0 (r2c0 + edge) is legal, r3c1
    (r2c0 + empty r2c1) is not."""
    state = scenario(2)
    fill(state, 0, ["r1c0", "r1c1", "r2c0"])
    state = holding(state, 0, "T052")
    assert supports(state.boards[0], state.paper, data.SLOT_INDEX["r3c0"]) == (2, 2)
    assert "r3c0" in _slots(state, 0) and "r3c1" not in _slots(state, 0)
    assert rejects(state, 0, Place("r3c1")).rule_id == "TOR-045"
    play(state, 0, Place("r3c0"))


def test_any_landscape_in_any_supported_empty_slot() -> None:
    """TOR-048 TOR-052 TOR-049: no landscape restriction; special slots support like
    any other; an occupied slot is refused and placed tiles never move."""
    state = scenario(2)
    fill(state, 0, ["r1c0", "r1c1", "r1c2", "r1c3", "r1c4", "r2c3", "r2c4"])
    for tile in ("T001", "T023", "T045", "T067", "T088"):
        s = holding(scenario(2), 0, tile)
        assert _slots(s, 0) == {f"r1c{c}" for c in range(6)}
    state = holding(state, 0, "T095")
    assert {"r3c4", "r2c0", "r2c1", "r2c2", "r1c5"} <= _slots(state, 0)  # scroll slot too
    assert rejects(state, 0, Place("r1c0")).rule_id == "TOR-048"
    before = list(state.boards[0])
    after = play(state, 0, Place("r3c4"))
    assert [t for t in after.boards[0] if t] == [t for t in before if t] + ["T095"]


def test_adjacency_and_groups() -> None:
    """TOR-050 TOR-051: up to 6 neighbours (left, right, two below, two above); a group
    is 2+ connected same-landscape tiles, a lone tile none."""
    from core.games.valley_of_the_torii.objectives import groups, lands

    r2c1 = data.SLOT_INDEX["r2c1"]
    assert sorted(data.SLOTS[j].id for j in data.NEIGHBOURS[r2c1]) == [
        "r1c1",
        "r1c2",
        "r2c0",
        "r2c2",
        "r3c1",
        "r3c2",
    ]
    state = scenario(2)
    put(state, 0, "r1c0", "T045")
    put(state, 0, "r1c1", "T046")
    put(state, 0, "r2c0", "T047")
    put(state, 0, "r1c4", "T048")
    assert groups(lands(state.boards[0]), "mountain") == [3]


def test_bamboo_seal_places_with_one_support_fewer() -> None:
    """TOR-EX38 TOR-071: r2c0 empty, r1c0 and r1c1 filled: with the bamboo seal r3c0
    (edge + 0 tiles) is legal and the seal returns; without it, refused."""
    state = scenario(2)
    fill(state, 0, ["r1c0", "r1c1"])
    give_seal(state, 0, "bamboo")
    state = holding(state, 0, "T052")
    assert Place("r3c0", True) in GAME.legal_moves(state, 0)
    assert rejects(state, 0, Place("r3c0")).rule_id == "TOR-047"  # the edge alone
    after = play(state, 0, Place("r3c0", True))
    assert after.seal_holder[0] == -1 and after.boards[0][data.SLOT_INDEX["r3c0"]] == "T052"
    assert rejects(state, 0, Place("r1c2", True)).code == "bamboo-not-needed"
    assert rejects(state, 0, Place("r4c0", True)).rule_id == "TOR-071"
    other = holding(scenario(2), 0, "T052")
    assert rejects(other, 0, Place("r1c0", True)).code == "no-bamboo-seal"


def test_no_legal_slot_passes_the_turn() -> None:
    """TOR-053: on ALT1 a board whose open slots are all filled (the end slot by the
    bamboo seal) has no legal slot: the artist takes no tile, the turn passes."""
    state = scenario(2, board_layout="ALT1")
    open_slots = [s.id for i, s in enumerate(data.SLOTS) if i not in state.paper]
    fill(state, 1, open_slots)
    state = holding(state, 0, "T052")
    events = GAME.decide(state, 0, Place("r1c0"))
    assert kinds(events)[:4] == ["Placed", "TurnEnded", "TurnPassed", "TurnEnded"]
    assert isinstance(events[2], TurnPassed) and (events[2].seat, events[2].reason) == (
        1,
        "no-slot",
    )
    check_invariants(play(state, 0, Place("r1c0")))
