"""Step 3: walking paths, completing missions, the split rule, the starting tile
(WW-052..069, WW-162, WW-080..083) and the rulebook's walking examples."""

from __future__ import annotations

from core.games.whispering_woods import GAME
from core.games.whispering_woods.events import ComboTaken, MissionCompleted
from core.games.whispering_woods.forest import matches, open_positions
from core.games.whispering_woods.moves import EndTurn, Walk
from core.games.whispering_woods.state import State

from .helpers import kinds, play, rejects, scenario

# WW-EX06/EX07: Rocky's forest (A1 = YEL-1 on the starting tile, A2 = YEL-2 on T028).
# Side A colours: T048 GRN... chosen from the tile table by colour.
EX06 = {
    (0, -1): ("T028", "YEL-2"),  # GRN-GRN-BLU-BLU, 6 VP
    (1, -1): "T055",  # GRN
    (2, -1): "T056",  # GRN
    (3, -1): "T074",  # BLU
    (4, -1): "T073",  # BLU, side B GRN-GRN-RED
    (3, 0): "T057",  # GRN
    (2, 0): "T058",  # GRN
    (1, 0): "T006",  # RED, side B PUR-YEL-RED
}
EX09 = {
    (1, -1): ("T095", "YEL-2"),  # RED-BLU-GRN
    (2, -1): "T001",  # RED
    (3, -1): "T079",  # BLU
    (4, -1): "T059",  # GRN, side B RED-PUR-BLU
    (3, 0): "T002",  # RED
    (2, 0): "T019",  # PUR
    (1, 0): "T078",  # BLU, side B PUR-RED-YEL
    (2, -2): "T037",  # YEL
}


def _rocky() -> State:
    return scenario(2, 0, phase="walk", forests={0: EX06}, market=["T001"])


def test_path_examples_forwards_or_backwards_ex05() -> None:
    """WW-EX05 WW-054 WW-055 WW-057: GRY-GRY-GRN-GRN is walked in either order; a wrong
    order, a short or a long route are not."""
    assert matches("T047", ["GRY", "GRY", "GRN", "GRN"])
    assert matches("T047", ["GRN", "GRN", "GRY", "GRY"])
    assert not matches("T047", ["GRY", "GRN", "GRY", "GRN"])
    assert not matches("T047", ["GRY", "GRY", "GRN"])
    assert not matches("T047", ["GRY", "GRY", "GRN", "GRN", "GRN"])


def test_rockys_walk_ex06() -> None:
    """WW-EX06 WW-052 WW-053 WW-056 WW-063 WW-065 WW-066: A2 walks GRN GRN BLU BLU; T028
    goes to the personal area (6 VP); T073 flips with A2 on it: GRN-GRN-RED."""
    state = _rocky()
    move = Walk(0, -1, [(1, -1), (2, -1), (3, -1), (4, -1)])
    assert move in GAME.legal_moves(state, 0)
    state = play(state, 0, move)
    player = state.players[0]
    assert [(c.tile, c.animal) for c in player.completed] == [("T028", "YEL-2")]
    assert (0, -1) not in {(t.q, t.r) for t in player.forest}
    end = next(t for t in player.forest if (t.q, t.r) == (4, -1))
    assert end.mission and end.animal == "YEL-2" and end.tile == "T073"


def test_same_animal_second_walk_and_x2_ex07() -> None:
    """WW-EX07 WW-067 WW-068 WW-070 WW-071 WW-073: right after EX06, A2 walks GRN GRN RED
    from T073: T073 (4 VP) is completed, T006 becomes A2's mission (PUR-YEL-RED); two
    missions in the turn give exactly one x2 card (3 VP) at the end of step 3."""
    state = play(_rocky(), 0, Walk(0, -1, [(1, -1), (2, -1), (3, -1), (4, -1)]))
    events = GAME.decide(state, 0, Walk(4, -1, [(3, 0), (2, 0), (1, 0)]))
    mid = GAME.evolve(state, events[0])  # just the completion
    player = mid.players[0]
    assert [c.tile for c in player.completed] == ["T028", "T073"]
    end = next(t for t in player.forest if (t.q, t.r) == (1, 0))
    assert (end.tile, end.mission, end.animal) == ("T006", True, "YEL-2")
    # nothing more is walkable: step 3 ends by itself with the combo card
    combos = [e for e in events if isinstance(e, ComboTaken)]
    assert [(c.earned, c.card) for c in combos] == [(2, "X2-1")]
    assert kinds(events).index("ComboTaken") < kinds(events).index("StepSkipped")
    assert play(state, 0, Walk(4, -1, [(3, 0), (2, 0), (1, 0)])).players[0].combos == ["X2-1"]


def test_the_split_rule_ex09() -> None:
    """WW-EX09 WW-061 WW-062 WW-078: two walks are legal; the third matches its colours
    but removing (1,0) would cut (0,0) off, so it is refused; one x2, not x3."""
    state = scenario(2, 0, phase="walk", forests={0: EX09}, market=["T003"])
    state = play(state, 0, Walk(1, -1, [(2, -1), (3, -1), (4, -1)]))
    events = GAME.decide(state, 0, Walk(4, -1, [(3, 0), (2, 0), (1, 0)]))
    mid = GAME.evolve(state, events[0])
    assert [c.tile for c in mid.players[0].completed] == ["T095", "T059"]
    assert [c.vp for c in events if isinstance(c, MissionCompleted)] == [4]
    third = Walk(1, 0, [(2, 0), (2, -1), (2, -2)])
    assert rejects(mid, 0, third).rule_id == "WW-061"
    assert third not in GAME.legal_moves(mid, 0)
    assert [e.card for e in events if isinstance(e, ComboTaken)] == ["X2-1"]


def test_routes_over_forest_tiles_only_no_tile_twice() -> None:
    """WW-056 WW-057 WW-058 WW-060 WW-059: steps must be adjacent, on forest tiles (not
    the starting tile or another mission tile), never the same tile twice; the shape
    is free (a bend around the mission tile is fine)."""
    state = _rocky()
    assert rejects(state, 0, Walk(0, -1, [(2, -1), (1, -1), (3, -1), (4, -1)])).rule_id == (
        "WW-056"
    )
    assert rejects(state, 0, Walk(0, -1, [(0, 0), (1, -1), (2, -1), (3, -1)])).rule_id == ("WW-058")
    assert rejects(state, 0, Walk(0, -1, [(1, -1), (2, -1), (1, -1), (2, -1)])).rule_id == (
        "WW-060"
    )
    assert rejects(state, 0, Walk(0, -1, [(1, -1), (2, -1), (3, -1)])).rule_id == "WW-057"
    assert rejects(state, 0, Walk(0, -1, [(1, -1), (2, -1), (2, 0), (3, 0)])).rule_id == ("WW-057")
    bend = Walk(0, -1, [(1, -1), (1, 0), (2, 0), (3, 0)])  # GRN RED ... no
    assert bend not in GAME.legal_moves(state, 0)
    routes = [m.route for m in GAME.legal_moves(state, 0) if isinstance(m, Walk)]
    assert [(1, -1), (2, -1), (3, -1), (4, -1)] in routes
    assert all(len(set(r)) == len(r) for r in routes)


def test_only_the_animal_on_a_mission_tile_walks_it() -> None:
    """WW-053 WW-069: a walk must start at a mission tile carrying an animal; animals
    move only by walking."""
    state = _rocky()
    assert rejects(state, 0, Walk(1, -1, [(2, -1), (3, -1), (4, -1)])).rule_id == "WW-053"
    assert rejects(state, 0, Walk(9, 9, [(2, -1), (3, -1), (4, -1)])).rule_id == "WW-053"
    animals = sorted(t.animal for t in state.players[0].forest if t.animal)
    after = play(state, 0, EndTurn())
    assert sorted(t.animal for t in after.players[0].forest if t.animal) == animals


def test_completed_tiles_leave_the_forest() -> None:
    """WW-162 WW-064: a completed tile gives no adjacency: its position is an ordinary
    empty position (open only if another tile touches it)."""
    state = play(_rocky(), 0, Walk(0, -1, [(1, -1), (2, -1), (3, -1), (4, -1)]))
    forest = state.players[0].forest
    assert (0, -1) in open_positions(forest)
    assert all((t.q, t.r) != (0, -1) for t in forest)


def test_step_three_is_optional_and_ends_by_itself_when_nothing_is_walkable() -> None:
    """WW-052: EndTurn ends step 3 at once; with no walk possible it ends by itself."""
    state = _rocky()
    assert EndTurn() in GAME.legal_moves(state, 0)
    after = play(state, 0, EndTurn())
    assert after.current == 1 and after.players[0].completed == []


def test_starting_tile_pattern_ex11() -> None:
    """WW-EX11 WW-080 WW-081 WW-082: X c1 c2 c3 c4 X with five different colours."""
    assert matches("S-YEL", ["RED", "BLU", "GRN", "YEL", "PUR", "RED"])
    assert not matches("S-YEL", ["RED", "BLU", "GRN", "YEL", "PUR", "BLU"])
    assert not matches("S-YEL", ["RED", "BLU", "BLU", "YEL", "PUR", "RED"])
    assert not matches("S-YEL", ["RED", "BLU", "GRN", "RED", "PUR", "RED"])


def test_starting_tile_is_walked_and_scores_like_a_mission() -> None:
    """WW-083 WW-080: the animal on the starting tile walks its 6-tile pattern; the
    starting tile goes to the personal area (12 VP) and counts as completed."""
    ring = {(1, 0): "T001", (1, -1): "T074", (0, -1): "T055", (-1, 0): "T037"}
    ring |= {(-1, 1): "T019", (-2, 1): "T002", (2, -1): "T003"}  # RED BLU GRN YEL PUR RED
    state = scenario(2, 0, phase="walk", forests={0: ring}, market=["T004"])
    move = Walk(0, 0, [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (-2, 1)])
    assert move in GAME.legal_moves(state, 0)
    events = GAME.decide(state, 0, move)
    done = next(e for e in events if isinstance(e, MissionCompleted))
    assert (done.tile, done.vp) == ("S-YEL", 12)
    bad = Walk(0, 0, [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)])
    assert rejects(state, 0, bad).rule_id in ("WW-056", "WW-058", "WW-082")
