"""Combos (WW-070..079, WW-161), the end of the game and final scoring (WW-084..099)."""

from __future__ import annotations

from core.games.whispering_woods import GAME, data
from core.games.whispering_woods.events import ComboTaken
from core.games.whispering_woods.moves import EndTurn, TakeForest
from core.games.whispering_woods.rules import WhisperingWoods
from core.games.whispering_woods.scoring import outcome
from core.games.whispering_woods.state import Completed, State

from .helpers import play, scenario, spec_score

combo = WhisperingWoods._combo_card
ALL = ["X2-1", "X2-2", "X2-3", "X2-4", "X3-1", "X3-2", "X3-3", "X4-1", "X4-2", "X5-1"]


def _walked(n: int, supply: list[str]) -> list[ComboTaken]:
    state = scenario(2, 0, phase="walk", market=["T001"], combo_supply=supply)
    state.walked = n
    return [e for e in GAME.decide(state, 0, EndTurn()) if isinstance(e, ComboTaken)]


def test_one_combo_card_matching_the_count() -> None:
    """WW-070 WW-071 WW-072 WW-161 WW-079: exactly N (2..5) missions give one xN card;
    0 or 1 give none; never two cards in a turn; cards pile up in the personal area."""
    assert _walked(0, ALL) == [] and _walked(1, ALL) == []
    for n, card in ((2, "X2-1"), (3, "X3-1"), (4, "X4-1"), (5, "X5-1")):
        assert [e.card for e in _walked(n, ALL)] == [card]
    state = scenario(2, 0, phase="walk", market=["T001"])
    state.players[0].combos = []
    state.walked = 2
    state = play(state, 0, EndTurn())
    assert state.players[0].combos == ["X2-1"] and "X2-1" not in state.combo_supply


def test_exhausted_type_falls_back_ex08() -> None:
    """WW-EX08 WW-075: supplies x2 4, x3 3, x4 0, x5 1: four missions give an x3 (5 VP);
    the supplies become x2 4, x3 2, x4 0, x5 1."""
    supply = ["X2-1", "X2-2", "X2-3", "X2-4", "X3-1", "X3-2", "X3-3", "X5-1"]
    state = scenario(2, 0, phase="walk", market=["T001"], combo_supply=supply)
    state.walked = 4
    state = play(state, 0, EndTurn())
    assert state.players[0].combos == ["X3-1"]
    counts = [sum(c.startswith(f"X{k}") for c in state.combo_supply) for k in (2, 3, 4, 5)]
    assert counts == [4, 2, 0, 1]


def test_fallback_goes_down_never_up_ex22() -> None:
    """WW-EX22 WW-076 WW-077: x2 1, x3 0, x4 0, x5 1: four missions take the last x2,
    never the x5; then three missions get nothing; six missions take the x5."""
    assert combo(["X2-1", "X5-1"], 4) == "X2-1"
    assert combo(["X5-1"], 3) == ""
    assert combo(["X5-1"], 6) == "X5-1"
    assert [e.card for e in _walked(6, ["X2-1", "X5-1"])] == ["X5-1"]


def test_combo_cards_score_their_vp() -> None:
    """WW-074 WW-094: each combo card scores its printed VP at the end."""
    state = scenario(2, 0, phase="over")
    state.players[0].combos = ["X2-1", "X3-1"]
    state.combo_supply = [c for c in state.combo_supply if c not in ("X2-1", "X3-1")]
    result = outcome(state)
    assert result is not None and result.combo_vp[0] == 8 and result.scores[0] == 8


def test_final_scoring_ex10() -> None:
    """WW-EX10 WW-093 WW-094 WW-095 WW-096 WW-037 WW-065: the starting tile (12) and
    T015 9, T033 9, T007 6, T028 6, T001 4, T002 4, T019 4, T037 4 = 58; T001 and T002
    flipped (-2); x2 + x3 = 8: 58 - 2 + 8 = 64. Forest tiles score nothing."""
    tiles = ["T015", "T033", "T007", "T028", "T001", "T002", "T019", "T037"]
    done = [Completed(tile="S-RED", animal="RED-1", turn=1)]
    done += [
        Completed(tile=t, animal="RED-1", turn=2, flipped=t in ("T001", "T002")) for t in tiles
    ]
    state = scenario(
        2,
        1,
        phase="over",
        completed={1: done},
        forests={1: {(1, 0): ("T040", "RED-1"), (2, 0): "T041"}},
    )
    state.players[1].combos = ["X2-1", "X3-1"]
    state.combo_supply = [c for c in state.combo_supply if c not in ("X2-1", "X3-1")]
    result = outcome(state)
    assert result is not None
    assert (result.mission_vp[1], result.penalty[1], result.combo_vp[1]) == (58, 2, 8)
    assert result.scores[1] == 64 == spec_score(state, 1)


def _ex20(ann_size: int) -> State:
    """Ann and Ben on 52 VP each; Ann's forest `ann_size` tiles, Ben's 13."""
    ann = ["S-YEL", "T015", "T016", "T017", "T018", "T001"]  # 12 + 36 + 4
    ben = ["T033", "T034", "T035", "T036", "T007", "T008", "T002"]  # 36 + 12 + 4
    free = iter(t for t in sorted(data.TILE_IDS) if t > "T040" and t not in ("T073",))
    ann_forest = {(i, 0): next(free) for i in range(1, ann_size - 1)}
    ann_forest[(ann_size - 1, 0)] = (next(free), "YEL-1")
    ann_forest[(ann_size, 0)] = (next(free), "YEL-2")
    ben_forest = {(i, 0): next(free) for i in range(1, 12)}
    ben_forest[(12, 0)] = (next(free), "RED-2")
    return scenario(
        2,
        0,
        phase="over",
        completed={
            0: [Completed(tile=t, animal="YEL-1", turn=1) for t in ann],
            1: [Completed(tile=t, animal="RED-1", turn=1) for t in ben],
        },
        forests={0: ann_forest, 1: ben_forest},
    )


def test_most_vp_wins_then_fewer_forest_tiles_then_shared_ex20() -> None:
    """WW-EX20 WW-097 WW-098 WW-099 WW-002: 52 each: Ann 14 forest tiles, Ben 13 (his
    uncompleted starting tile counts): Ben wins; at 13 each they share. Personal-area
    tiles do not count (WW-162)."""
    state = _ex20(14)
    assert [len(p.forest) for p in state.players] == [14, 13]
    result = outcome(state)
    assert result is not None and result.scores == [52, 52]
    assert result.winners == [1] and result.ranks == [2, 1]
    shared = outcome(_ex20(13))
    assert shared is not None and shared.winners == [0, 1] and shared.ranks == [1, 1]


def test_threshold_makes_the_final_round_ex12() -> None:
    """WW-EX12 WW-084 WW-085 WW-086 WW-087 WW-088 WW-092: Ann (start), Ben, Cid: Ben
    reaches 9 in his turn: Cid still plays, then the game ends; Ann gets no turn.
    The thresholds are 10/9/8 for 2/3/4 players."""
    from core.games.whispering_woods.data import END_THRESHOLD

    assert END_THRESHOLD == {2: 10, 3: 9, 4: 8}
    done = [Completed(tile=t, animal="RED-1", turn=1) for t in ("T010", "T011", "T012", "T013")]
    done += [Completed(tile=t, animal="RED-1", turn=1) for t in ("T014", "T015", "T016", "T017")]
    forest = {
        (1, -1): ("T095", "RED-2"),
        (2, -1): "T001",
        (3, -1): "T079",
        (4, -1): "T059",
        (1, 0): "T078",
    }
    state = scenario(3, 1, phase="walk", completed={1: done}, forests={1: forest})
    from core.games.whispering_woods.moves import Walk

    state = play(state, 1, Walk(1, -1, [(2, -1), (3, -1), (4, -1)]))
    assert state.final_round and state.current == 2
    while state.current == 2 and state.phase != "over":
        move = next(
            (m for m in GAME.legal_moves(state, 2) if isinstance(m, TakeForest)),
            GAME.legal_moves(state, 2)[-1],
        )
        state = play(state, 2, move)
    assert state.phase == "over" and state.end_reason == "final-round"
    assert [p.turns for p in state.players] == [0, 1, 1]
