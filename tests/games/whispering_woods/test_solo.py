"""The solitaire mode (WW-100..158, WW-160): setup, step 4, the level cards, the score
tracker, extra rounds, clearing and failing a level."""

from __future__ import annotations

from core.games.whispering_woods import GAME, data, solo
from core.games.whispering_woods.events import (
    ComboTaken,
    GameEnded,
    LevelMissionAchieved,
    RoundClosed,
)
from core.games.whispering_woods.moves import EndTurn, StartAnimal, TakeMission, Walk
from core.games.whispering_woods.scoring import outcome
from core.games.whispering_woods.state import Completed, SoloState

from .helpers import kinds, new_state, play, rejects, scenario, solo_started, spec_score

ANIMALS = ["YEL-1", "RED-1", "BLU-1", "GRN-1"]


def _done(spec: dict[str, list[str]], turn: int = 1) -> list[Completed]:
    return [Completed(tile=t, animal=a, turn=turn) for a, tiles in spec.items() for t in tiles]


def _solo(number: int, achieved: list[int] | None = None) -> SoloState:
    return SoloState(level=number, track=[], extra=[], achieved=achieved or [], set_aside=[])


def test_solitaire_setup() -> None:
    """WW-100 WW-101 WW-102 WW-103 WW-104 WW-105 WW-106 WW-107 WW-108 WW-109 WW-160: one
    starting tile, one animal per colour, the rest and the combo cards in the box; the
    player puts any animal on the starting tile, the other 3 wait on their solitaire
    tiles; the level card, score 0, the bear not taken, a market of 6."""
    for number in range(1, 7):
        state = new_state(1, 3, level=number)
        assert state.phase == "setup" and state.solo is not None
        assert state.solo.level == number and state.solo.marker == 0 and not state.solo.bear
        player = state.players[0]
        assert [t.tile for t in player.forest] == ["S-YEL"] and player.supply == ANIMALS
        assert state.combo_supply == [] and set(data.COMBO_CARDS) <= set(state.boxed)
        assert {"S-RED", "S-BLU", "S-GRN", "YEL-2", "GRN-4"} <= set(state.boxed)
        assert len(state.market) == 6 and len(state.bag) == 102
    assert [m.animal for m in GAME.legal_moves(state, 0)] == ANIMALS
    assert rejects(state, 0, StartAnimal("YEL-2")).rule_id == "WW-103"
    after = play(state, 0, StartAnimal("BLU-1"))
    assert after.players[0].forest[0].animal == "BLU-1"
    assert after.players[0].supply == ["YEL-1", "RED-1", "GRN-1"]
    assert after.phase == "take" and after.round == 1  # WW-111: a turn is a round


def test_option_b_chooses_the_animal() -> None:
    """WW-160 WW-104: at option B the player names an animal still on its tile."""
    state = solo_started(2)
    tile = state.market[0]
    assert rejects(state, 0, TakeMission(tile, 1, 0, "")).rule_id == "WW-160"
    assert rejects(state, 0, TakeMission(tile, 1, 0, "YEL-1")).rule_id == "WW-160"
    after = play(state, 0, TakeMission(tile, 1, 0, "GRN-1"))
    assert "GRN-1" not in after.players[0].supply


def test_step_four_closes_the_round_ex19() -> None:
    """WW-EX19 WW-114 WW-115 WW-116 WW-117 WW-111: round 3, R1 and R2 filled, bag of 50
    whose next tile is T007 (RED), market T001 T002 T019 T091: T007 goes to R3, T001 and
    T002 are set aside, the market is refilled to 6 (bag 45); round 4 draws nothing."""
    state = scenario(
        1,
        0,
        phase="walk",
        market=["T001", "T002", "T019", "T091"],
        bag_next=["T007"],
        bag_size=50,
        level=1,
    )
    assert state.solo is not None
    state.solo.track = ["T100", "T101"]
    state.solo.set_aside = [t for t in state.solo.set_aside if t not in ("T100", "T101")]
    state.bag = [t for t in state.bag if t not in ("T100", "T101")]
    state.bag = state.bag[-50:] if len(state.bag) > 50 else state.bag
    state.round = state.turn = 3
    aside_before = len(state.solo.set_aside)
    bag_before = len(state.bag)
    events = GAME.decide(state, 0, EndTurn())
    closed = next(e for e in events if isinstance(e, RoundClosed))
    assert (closed.tile, closed.space, sorted(closed.purged)) == ("T007", "R3", ["T001", "T002"])
    after = play(state, 0, EndTurn())
    assert after.solo is not None and after.solo.track[-1] == "T007"
    assert len(after.solo.set_aside) == aside_before + 2
    assert len(after.market) == 6 and after.market[:2] == ["T019", "T091"]
    assert len(after.bag) == bag_before - 1 - 4
    assert after.round == 4 and after.phase == "take"
    assert not any(isinstance(e, ComboTaken) for e in events)


def test_no_combo_cards_in_solitaire_and_tiles_sorted_by_animal_ex14() -> None:
    """WW-EX14 WW-112 WW-113 WW-131 WW-133 WW-144 WW-149: yellow 4, red 2, blue 1,
    green 1: every animal has 1 (Levels 1-2), not every animal 2 (Levels 5-6)."""
    done = _done(
        {
            "YEL-1": ["T001", "T002", "T003", "T004"],
            "RED-1": ["T019", "T020"],
            "BLU-1": ["T037"],
            "GRN-1": ["T055"],
        }
    )
    per = {a: sum(c.animal == a for c in done) for a in ANIMALS}
    assert per == {"YEL-1": 4, "RED-1": 2, "BLU-1": 1, "GRN-1": 1}
    one, two = data.level(1).missions[0], data.level(5).missions[0]
    assert solo.met(one, done) and solo.met(data.level(2).missions[0], done)
    assert not solo.met(two, done) and not solo.met(data.level(6).missions[0], done)


def test_level_cards() -> None:
    """WW-124 WW-132 WW-135 WW-139 WW-143 WW-147 WW-152 WW-148 WW-153 WW-120 WW-110:
    1, 2, 3, 3, 3, 3 missions; minimum 60 70 75 80 85 95; refresh penalty 1 except 2 on
    Level 5 and 3 on Level 6."""
    assert [len(lv.missions) for lv in data.LEVELS] == [1, 2, 3, 3, 3, 3]
    assert [lv.min_score for lv in data.LEVELS] == [60, 70, 75, 80, 85, 95]
    assert [lv.penalty for lv in data.LEVELS] == [1, 1, 1, 1, 2, 3]
    assert all(m.name_ja and m.name_en for lv in data.LEVELS for m in lv.missions)


def test_colour_missions_ex21() -> None:
    """WW-EX21 WW-136 WW-137 WW-140 WW-158: yellow T001 RED, red T002 RED + T073 BLU,
    blue T074 BLU + T091 GRY, green T055 GRN: Level 3 mission 1 yes, mission 2 no;
    with blue only T074, mission 1 no. The starting tile has no colour."""
    done = _done(
        {"YEL-1": ["T001"], "RED-1": ["T002", "T073"], "BLU-1": ["T074", "T091"], "GRN-1": ["T055"]}
    )
    m1, m2, _ = data.level(3).missions
    assert solo.met(m1, done) and not solo.met(m2, done)
    fewer = [c for c in done if c.tile != "T091"]
    assert not solo.met(m1, fewer)
    with_start = [*fewer[:-1], Completed(tile="S-YEL", animal="GRN-1", turn=1)]
    assert not solo.met(m1, with_start)  # WW-158: the starting tile has no colour
    assert solo.met(m2, [*done, Completed(tile="T003", animal="YEL-1", turn=2)])
    assert data.level(4).missions[0] == m1


def test_count_and_vp_missions() -> None:
    """WW-134 WW-141 WW-145 WW-142 WW-151 WW-138 WW-146 WW-150: pairs (4 of a colour =
    2 pairs), 3 of a colour, 6 colours, per-animal VP, one animal's completions in one
    turn (other animals in between do not break the count)."""
    pairs = data.level(2).missions[1]
    assert solo.met(pairs, _done({"YEL-1": ["T001", "T002", "T003", "T004"]}))
    assert not solo.met(pairs, _done({"YEL-1": ["T001", "T002", "T019"]}))
    three = data.level(4).missions[1]
    assert solo.met(three, _done({"YEL-1": ["T001"], "RED-1": ["T002"], "BLU-1": ["T003"]}))
    six = data.level(5).missions[1]
    assert solo.met(six, _done({"YEL-1": ["T001", "T019", "T037", "T055", "T073", "T091"]}))
    assert not solo.met(six, _done({"YEL-1": ["T001", "T019", "T037", "T055", "T073"]}))
    vp8 = data.level(4).missions[2]
    eight = _done(
        {
            "YEL-1": ["T001", "T002"],
            "RED-1": ["T007", "T019"],
            "BLU-1": ["T015"],
            "GRN-1": ["T020", "T021"],
        }
    )
    assert solo.met(vp8, eight)
    assert not solo.met(data.level(6).missions[2], eight)
    turn = [
        Completed(tile="T001", animal="RED-1", turn=5),
        Completed(tile="T002", animal="YEL-1", turn=5),
        Completed(tile="T003", animal="RED-1", turn=5),
    ]
    assert solo.met(data.level(3).missions[2], turn)
    assert not solo.met(data.level(5).missions[2], turn)
    assert solo.met(
        data.level(6).missions[1], [*turn, Completed(tile="T004", animal="RED-1", turn=5)]
    )
    assert not solo.met(
        data.level(3).missions[2], [Completed(tile="T001", animal="RED-1", turn=4), turn[2]]
    )


def test_score_tracker_and_bear() -> None:
    """WW-122 WW-123 WW-121: the marker advances by each tile's VP; at 60 the bear is
    taken and the marker restarts (58 + 6 -> bear, 4)."""
    assert solo.tracker(58) == (False, 58) and solo.tracker(64) == (True, 4)
    s = _solo(1)
    assert solo.score(s, [Completed(tile="T015", animal="YEL-1", turn=1, flipped=True)]) == 8


def test_rounds_and_extra_spaces_ex15_ex16() -> None:
    """WW-EX15 WW-EX16 WW-127 WW-128 WW-129 WW-130 WW-125 WW-126: 12 rounds plus one per
    achieved mission; an opened extra space takes the step-4 tile first; L1 13, L2 14,
    L3-6 15 rounds at most."""
    assert [solo.ROUND_SPACES + len(lv.missions) for lv in data.LEVELS] == [13, 14, 15, 15, 15, 15]
    s = _solo(3)
    s.track = [f"T{n:03d}" for n in range(1, 12)]
    assert solo.next_space(s) == "R12"
    s.achieved = [1]
    assert solo.next_space(s) == "E1" and solo.rounds_available(s) == 13
    s.extra = ["T050"]
    assert solo.next_space(s) == "R12" and solo.rounds_closed(s) == 12
    s.track.append("T051")
    assert solo.rounds_closed(s) == solo.rounds_available(s)  # the game ends after 13


def test_achieving_a_mission_and_clearing_level_one_ex17() -> None:
    """WW-EX17 WW-154 WW-155 WW-131 WW-132: Rocky, Level 1, 55 points, green has none;
    green completes T069 (9): every animal has a tile, 64 >= 60, bear taken, marker 4:
    Level 1 is cleared at once; the next level is 2."""
    done = _done(
        {"YEL-1": ["S-YEL", "T028", "T015"], "RED-1": ["T033", "T073"], "BLU-1": ["T051", "T007"]}
    )
    forest = {
        (1, -1): ("T069", "GRN-1"),  # BLU-GRN-GRY-RED-RED
        (2, -1): "T073",
        (3, -1): "T055",
        (4, -1): "T091",
        (5, -1): "T001",
        (6, -1): "T002",
        (1, 0): ("T003", "YEL-1"),
        (2, 0): ("T004", "RED-1"),
        (2, -2): ("T005", "BLU-1"),
    }
    forest.pop((2, -1))
    forest[(2, -1)] = "T074"  # BLU
    state = scenario(
        1, 0, phase="walk", completed={0: done}, forests={0: forest}, market=["T006"], level=1
    )
    assert state.solo is not None
    state.solo.marker = 55
    state.round = state.turn = 12
    events = GAME.decide(state, 0, Walk(1, -1, [(2, -1), (3, -1), (4, -1), (5, -1), (6, -1)]))
    assert "LevelMissionAchieved" in kinds(events)
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "level-cleared"
    after = play(state, 0, Walk(1, -1, [(2, -1), (3, -1), (4, -1), (5, -1), (6, -1)]))
    assert after.solo is not None and after.solo.bear and after.solo.marker == 4
    result = outcome(after)
    assert result is not None and result.won and result.scores == [64] == [spec_score(after, 0)]
    assert result.next_level == 2 and solo.next_level(6, True) == 6


def test_level_five_penalty_ex18() -> None:
    """WW-EX18 WW-148 WW-120: 90 VP and 2 refreshes on Level 5: 90 - 4 = 86 >= 85; with 3
    refreshes 84 fails."""
    tiles = ["T015", "T016", "T017", "T018", "T033", "T034", "T035", "T036", "T051", "T052"]
    s = _solo(5, [0, 1, 2])
    two = [Completed(tile=t, animal="YEL-1", turn=1, flipped=i < 2) for i, t in enumerate(tiles)]
    three = [Completed(tile=t, animal="YEL-1", turn=1, flipped=i < 3) for i, t in enumerate(tiles)]
    assert solo.points(two) == 90
    assert solo.score(s, two) == 86 and solo.cleared(s, two)
    assert solo.score(s, three) == 84 and not solo.cleared(s, three)
    assert solo.score(_solo(6), three) == 90 - 9  # WW-153: 3 per refresh on Level 6


def test_rounds_run_out_and_the_level_is_failed() -> None:
    """WW-118 WW-119 WW-156 WW-157 WW-130: a level not cleared when the last space is
    filled is failed; the next level is the same one. The base-game end conditions do
    not apply: the game ends by the round track."""
    state = solo_started(4, seed=9)
    while state.phase != "over":
        moves = GAME.legal_moves(state, 0)
        state = play(state, 0, moves[-1] if moves[-1] == EndTurn() else moves[0])
    assert state.solo is not None and not state.solo.cleared
    assert state.end_reason in ("rounds-run-out", "bag-empty")
    assert solo.rounds_closed(state.solo) == solo.rounds_available(state.solo)
    result = outcome(state)
    assert result is not None and result.won is False and result.next_level == 4
    assert result.winners == [0] and result.ranks == [1]  # the kit's rule: rank-1 seats


def test_achievement_event_in_play() -> None:
    """WW-125 WW-128: an achieved mission is announced once and opens an extra space."""
    done = _done({"YEL-1": ["T001"], "RED-1": ["T002"], "BLU-1": ["T003"]})
    forest = {
        (1, -1): ("T095", "GRN-1"),
        (2, -1): "T001",
        (3, -1): "T079",
        (4, -1): "T059",
        (1, 0): ("T078", "YEL-1"),
        (-1, 0): ("T010", "RED-1"),
        (0, 1): ("T011", "BLU-1"),
    }
    forest[(2, -1)] = "T012"  # RED (T001 is in the personal area)
    state = scenario(
        1, 0, phase="walk", completed={0: done}, forests={0: forest}, market=["T006"], level=2
    )
    events = GAME.decide(state, 0, Walk(1, -1, [(2, -1), (3, -1), (4, -1)]))
    assert [e.index for e in events if isinstance(e, LevelMissionAchieved)] == [0]
    closed = next(e for e in events if isinstance(e, RoundClosed))
    assert closed.space == "E1"
