"""The turn: step 1 refill/refresh (WW-021..039), step 2 options A and B (WW-040..051)."""

from __future__ import annotations

from core.games.whispering_woods import GAME
from core.games.whispering_woods.events import FinalRound, MarketRefilled, StepSkipped
from core.games.whispering_woods.moves import (
    EndTurn,
    Keep,
    Refresh,
    TakeForest,
    TakeMission,
    Walk,
)
from core.games.whispering_woods.scoring import outcome
from core.games.whispering_woods.state import Completed

from .helpers import kinds, new_state, play, rejects, scenario

EX09 = {
    (1, -1): ("T095", "YEL-2"),
    (2, -1): "T001",
    (3, -1): "T079",
    (4, -1): "T059",
    (3, 0): "T002",
    (2, 0): "T019",
    (1, 0): "T078",
    (2, -2): "T037",
}
MARKET = ["T001", "T019", "T037", "T055", "T073", "T091"]


def _end_turn(state, seat):  # type: ignore[no-untyped-def]
    """Play seat's step 2 with option A at the first open spots, then end step 3."""
    while state.current == seat and state.phase in ("take", "second"):
        take = next(m for m in GAME.legal_moves(state, seat) if isinstance(m, TakeForest))
        state = play(state, seat, take)
    if state.phase == "walk" and state.current == seat:
        state = play(state, seat, EndTurn())
    return state


def test_turns_pass_clockwise_in_rounds_from_the_start_player() -> None:
    """WW-019 WW-020 WW-021 WW-022: turns go start player, then clockwise; a round is
    one turn each; the start player begins every round and the token never passes."""
    state = new_state(3, 2, start_player=1)
    order = []
    for _ in range(6):
        order.append((state.current, state.round))
        state = _end_turn(state, state.current)
    assert order == [(1, 1), (2, 1), (0, 1), (1, 2), (2, 2), (0, 2)]
    assert state.start_player == 1


def test_refill_to_six_each_turn_and_not_during_a_turn_ex03() -> None:
    """WW-EX03 WW-024 WW-025 WW-026 WW-027 WW-040 WW-044 WW-045: option A takes 2 tiles;
    the second may touch only the first; the market is refilled only at the next turn's
    step 1 (the start player's first turn draws nothing)."""
    state = scenario(2, 0, phase="take", market=MARKET, bag_size=60)
    assert GAME.legal_moves(state, 0)  # first turn: no refill, market already full
    state = play(state, 0, TakeForest("T001", 1, 0))
    assert rejects(state, 0, TakeForest("T019", 3, 0)).rule_id == "WW-041"
    state = play(state, 0, TakeForest("T019", 2, 0))
    assert [(t.q, t.r, t.tile) for t in state.players[0].forest[1:]] == [
        (1, 0, "T001"),
        (2, 0, "T019"),
    ]
    assert not any(t.mission for t in state.players[0].forest[1:])
    if state.current == 0:
        state = play(state, 0, EndTurn())
    assert state.current == 1 and len(state.market) == 6  # refilled at seat 1's step 1
    assert state.market[:4] == ["T037", "T055", "T073", "T091"]
    assert len(state.bag) == 58


def test_placement_needs_an_edge_and_an_empty_position() -> None:
    """WW-041 WW-042 WW-064: any empty position touching the forest is legal, colours
    need not match; an occupied or detached position is refused."""
    state = scenario(2, 0, phase="take", market=MARKET)
    assert rejects(state, 0, TakeForest("T001", 0, 0)).rule_id == "WW-042"
    assert rejects(state, 0, TakeForest("T001", 2, 0)).rule_id == "WW-041"
    assert rejects(state, 0, TakeForest("T999", 1, 0)).rule_id == "WW-044"
    spots = {(m.q, m.r) for m in GAME.legal_moves(state, 0) if isinstance(m, TakeForest)}
    assert spots == {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


def test_option_b_places_a_mission_tile_with_an_animal_ex04() -> None:
    """WW-EX04 WW-043 WW-046 WW-047 WW-050: option B: T028 flipped to side B at (0,-1)
    with an animal from the supply; supply 3 -> 2; market 6 -> 5."""
    market = ["T028", *MARKET[1:]]
    state = scenario(2, 0, phase="take", market=market)
    events = GAME.decide(state, 0, TakeMission("T028", 0, -1))
    state = GAME.evolve(state, events[0])
    placed = state.players[0].forest[-1]
    assert (placed.tile, placed.q, placed.r, placed.mission) == ("T028", 0, -1, True)
    assert placed.animal == "YEL-2" and state.players[0].supply == ["YEL-3", "YEL-4"]
    assert len(state.market) == 5


def test_exactly_one_option_per_turn() -> None:
    """WW-043: after the first forest tile of option A, option B is closed."""
    state = scenario(2, 0, phase="take", market=MARKET)
    state = play(state, 0, TakeForest("T001", 1, 0))
    assert rejects(state, 0, TakeMission("T019", 2, 0)).rule_id == "WW-043"
    assert rejects(state, 0, EndTurn()).rule_id == "WW-044"


def test_option_b_needs_an_animal_at_most_three_times() -> None:
    """WW-048 WW-049: with no animal left in supply option B is refused; 3 animals
    beside the starting one means 3 option Bs at most."""
    state = scenario(
        2,
        0,
        phase="take",
        market=MARKET,
        forests={
            0: {(1, 0): ("T002", "YEL-2"), (2, 0): ("T003", "YEL-3"), (3, 0): ("T004", "YEL-4")}
        },
    )
    assert state.players[0].supply == []
    assert rejects(state, 0, TakeMission("T001", 0, 1)).rule_id == "WW-048"
    assert not any(isinstance(m, TakeMission) for m in GAME.legal_moves(state, 0))
    fresh = new_state(2, 1)
    assert len(fresh.players[0].supply) == 3


def test_missions_only_after_step_two_and_refresh_only_in_step_one() -> None:
    """WW-023: no walk before step 2, no refresh after step 1."""
    done = [Completed(tile="T095", animal="YEL-1", turn=1)]
    state = scenario(2, 0, phase="take", market=MARKET, completed={0: done})
    assert rejects(state, 0, Walk(0, 0, [(1, 0), (2, 0), (3, 0)])).rule_id == "WW-023"
    assert rejects(state, 0, Refresh("T095")).rule_id == "WW-023"


def test_refresh_flips_a_completed_tile_and_replaces_the_market_ex02() -> None:
    """WW-EX02 WW-028 WW-029 WW-030 WW-031 WW-033 WW-034 WW-035 WW-037 WW-038: Patricia
    flips T028 (6 VP): 6 new tiles from the bag, then the old six go back (bag stays 60);
    a second refresh is refused; T028 still scores 6 and costs 1."""
    done = [Completed(tile="T028", animal="YEL-1", turn=1)]
    nxt = ["T002", "T003", "T004", "T005", "T006", "T007"]
    state = scenario(
        2, 0, phase="refresh", market=MARKET, completed={0: done}, bag_next=nxt, bag_size=60
    )
    assert {type(m).__name__ for m in GAME.legal_moves(state, 0)} == {"Refresh", "Keep"}
    after = play(state, 0, Refresh("T028"))
    assert sorted(after.market) == sorted(nxt) and not set(after.market) & set(MARKET)
    assert len(after.bag) == 60 and set(MARKET) <= set(after.bag)
    assert after.players[0].completed[0].flipped
    assert rejects(after, 0, Refresh("T028")).rule_id == "WW-030"
    kept = play(state, 0, Keep())
    assert kept.market == MARKET and kept.phase == "take"
    over = scenario(2, 0, phase="over", completed={0: [*after.players[0].completed]})
    result = outcome(over)
    assert result is not None and result.mission_vp[0] == 6 and result.scores[0] == 5


def test_no_refresh_without_a_tile_or_a_full_bag() -> None:
    """WW-032 WW-031 WW-036: nobody can refresh at the start (no completed tile); a
    flipped tile cannot pay again; a bag under 6 allows no refresh."""
    state = new_state(2, 1)
    assert state.phase == "take"
    flipped = [Completed(tile="T028", animal="YEL-1", turn=1, flipped=True)]
    s = scenario(2, 0, phase="refresh", market=MARKET, completed={0: flipped})
    assert rejects(s, 0, Refresh("T028")).rule_id == "WW-031"
    s = scenario(2, 0, phase="refresh", market=MARKET)
    assert rejects(s, 0, Refresh("T028")).rule_id == "WW-032"
    done = [Completed(tile="T028", animal="YEL-1", turn=1)]
    s = scenario(2, 0, phase="refresh", market=MARKET, completed={0: done}, bag_size=5)
    assert rejects(s, 0, Refresh("T028")).rule_id == "WW-036"


def test_a_flipped_tile_still_counts_as_completed() -> None:
    """WW-039: a flipped tile stays in the personal area and counts for the threshold."""
    flipped = ("T010", "T011", "T012", "T013")
    done = [Completed(tile=t, animal="YEL-1", turn=1, flipped=True) for t in flipped]
    done += [Completed(tile=t, animal="YEL-1", turn=1) for t in ("T020", "T021", "T022")]
    state = scenario(4, 0, phase="walk", market=["T006"], completed={0: done}, forests={0: EX09})
    events = GAME.decide(state, 0, Walk(1, -1, [(2, -1), (3, -1), (4, -1)]))
    assert kinds(events)[:2] == ["MissionCompleted", "FinalRound"]
    assert play(state, 0, EndTurn()).final_round is False  # 7 are not enough


def test_a_mission_tile_can_be_completed_the_turn_it_is_placed() -> None:
    """WW-051: option B's new mission tile can be walked in the same step 3."""
    state = scenario(
        2,
        0,
        phase="take",
        market=["T095", *MARKET[1:]],
        forests={0: {(2, -1): "T001", (3, -1): "T079", (4, -1): "T059", (1, 0): "T078"}},
    )
    state = play(state, 0, TakeMission("T095", 1, -1))
    walks = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Walk)]
    assert Walk(1, -1, [(2, -1), (3, -1), (4, -1)]) in walks


def test_bag_end_makes_the_final_round_ex13() -> None:
    """WW-EX13 WW-089 WW-090 WW-036: a 4-player game, market of 4, 1 tile in the bag at
    the third player's turn: that tile goes to the market (5), this round is the last,
    no refresh (bag < 6), no more refills, and the game ends after the fourth player."""
    state = scenario(4, 1, phase="walk", market=MARKET[:4], bag_size=1)
    state.final_round = False
    events = GAME.decide(state, 1, EndTurn())
    refill = next(e for e in events if isinstance(e, MarketRefilled))
    assert len(refill.tiles) == 1 and refill.short
    assert any(isinstance(e, FinalRound) and e.reason == "bag" for e in events)
    state = play(state, 1, EndTurn())
    assert state.current == 2 and len(state.market) == 5 and not state.bag
    assert state.phase == "take"  # no refresh possible: the step was skipped
    state = _end_turn(state, 2)
    assert state.current == 3 and len(state.market) == 3  # no refill
    state = _end_turn(state, 3)
    assert state.phase == "over" and state.end_reason == "final-round"


def test_a_market_of_one_or_none_in_the_final_round() -> None:
    """WW-091: with 1 tile option A takes that one; with none, step 2 is skipped."""
    state = scenario(2, 0, phase="take", market=["T001"], bag_size=0)
    state.final_round = True
    events = GAME.decide(state, 0, TakeForest("T001", 1, 0))
    assert kinds(events)[:2] == ["ForestTaken", "StepSkipped"]  # 1 tile: option A is done
    assert {"seat": 1, "step": "take"} in [
        {"seat": e.seat, "step": e.step} for e in events if isinstance(e, StepSkipped)
    ]
    state = play(state, 0, TakeForest("T001", 1, 0))
    assert state.market == [] and state.phase == "over" and state.players[1].turns == 1


def test_keep_skips_to_step_two() -> None:
    """WW-029 WW-022: declining the refresh leads to step 2."""
    done = [Completed(tile="T028", animal="YEL-1", turn=1)]
    state = scenario(2, 0, phase="refresh", market=MARKET, completed={0: done})
    events = GAME.decide(state, 0, Keep())
    assert isinstance(events[0], StepSkipped) and events[0].chosen
