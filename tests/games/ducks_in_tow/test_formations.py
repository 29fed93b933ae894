"""Formation cards (DIT-044, DIT-101..114)."""

from __future__ import annotations

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import events as ev
from core.games.ducks_in_tow import moves as mv
from core.games.ducks_in_tow.data import ADOPT, FORMATION_BY_ID
from core.games.ducks_in_tow.scoring import longest_runs, score
from core.games.ducks_in_tow.state import State

from ..conformance import build
from .helpers import (
    adopt_duck,
    cc,
    free_tile,
    location_tile,
    neighbours,
    play,
    played,
    refused,
    set_ducks,
    set_hand,
    set_tableau,
)

# Y, O, B printed on each of the first 3 cards, then the first player's start card ST1
# (Y, B): rows Y and B run 4 long, O 3, G is empty.
GRID = ["GZB-6", "PIC-6", "FLW-6", "ST1"]


def claimable(formations: list[str], tableau: list[str], seats: int = 4) -> State:
    state = build(GAME, seats, 31)
    assert state.players[state.current].start_card == "ST1"
    set_tableau(state, state.current, tableau)
    state.formations = formations
    state.claim_open = True
    return state


def test_dit_101_claim_only_after_drop_off_or_adopt() -> None:
    """DIT-101: claims right after a Drop Off or an Adopt, at no other time."""
    state = claimable(["F1"], GRID)
    state.claim_open = False
    refused(GAME, state, state.current, mv.ClaimFormation("F1", 0, 0), "DIT-101")
    # a Drop Off opens the window ...
    seat = state.current
    p = state.players[seat]
    set_hand(state, p, ["KOI-1", *p.hand[1:]])
    p.pawn = location_tile(state, "KOI")
    set_ducks(state, p.tow, cc(Y=1))
    dropped = play(GAME, state, state.current, mv.DropOff("KOI-1", "left"))
    assert mv.ClaimFormation("F1", 0, 0) in GAME.legal_moves(dropped, seat)
    # ... and the next action closes it
    moved = play(GAME, dropped, dropped.current, mv.MovePawn(neighbours(dropped, p.pawn)[0]))
    refused(GAME, moved, moved.current, mv.ClaimFormation("F1", 0, 0), "DIT-101")
    # an Adopt opens it too
    adopt = claimable(["F1"], GRID)
    adopt.claim_open = False
    q = adopt.players[adopt.current]
    q.pawn = free_tile(adopt, ADOPT)
    set_ducks(adopt, q.tow, cc(G=2))
    adopted = play(GAME, adopt, adopt.current, mv.Adopt("G", "G", "PIC-6"))
    assert adopted.claim_open
    assert mv.ClaimFormation("F1", 0, 0) in GAME.legal_moves(adopted, adopt.current)


def test_dit_102_103_claim_is_free_and_optional() -> None:
    """DIT-102: claiming spends no action; DIT-103: the player may decline."""
    state = claimable(["F1"], GRID)
    state.actions_left = 0
    legal = GAME.legal_moves(state, state.current)
    assert mv.ClaimFormation("F1", 0, 0) in legal and mv.EndTurn() in legal
    events, after = played(GAME, state, state.current, mv.ClaimFormation("F1", 0, 0))
    assert events == [ev.FormationClaimed(state.current, "F1", 0, 0)]
    assert after.actions_left == 0 and after.claim_open
    declined = play(GAME, state, state.current, mv.EndTurn())
    assert declined.formations == ["F1"]


def test_dit_104_109_several_claims_overlapping_cards() -> None:
    """DIT-104: several formations at the same moment; DIT-109: their cards may overlap
    (Diagonal and Diamond share the 3x3 footprint but no duck)."""
    state = claimable(["F3", "F8"], GRID)
    seat = state.current
    one = play(GAME, state, state.current, mv.ClaimFormation("F3", 0, 0))
    two = play(GAME, one, one.current, mv.ClaimFormation("F8", 0, 0))
    assert [c.formation for c in two.players[seat].claims] == ["F3", "F8"]
    assert two.formations == []
    assert score(two.players[seat]) == 4 + 3 + 4 + 0 + 2 + 4


def test_dit_105_106_pattern_and_orientation() -> None:
    """DIT-105: the pattern must be matched by ducks; DIT-106: no rotation or mirroring —
    a horizontal line of three is not a Tower."""
    line = ["KOI-2", "BRG-1", "PIC-1"]  # one orange duck each: a horizontal line
    state = claimable(["F1", "F4"], line)
    legal = [m for m in GAME.legal_moves(state, state.current) if isinstance(m, mv.ClaimFormation)]
    assert legal == [mv.ClaimFormation("F1", 0, 1)]
    refused(GAME, state, state.current, mv.ClaimFormation("F4", 0, 0), "DIT-105")
    refused(GAME, state, state.current, mv.ClaimFormation("F1", 0, 0), "DIT-105")


def test_dit_107_adopted_ducks_complete_patterns() -> None:
    """DIT-107: printed symbols and adopted ducks both form the pattern."""
    state = claimable(["F1"], ["KOI-2", "BRG-2", "PIC-1"])  # orange, brown, orange
    seat = state.current
    refused(GAME, state, state.current, mv.ClaimFormation("F1", 0, 1), "DIT-105")
    adopt_duck(state, state.players[seat], 1, 1)
    after = play(GAME, state, state.current, mv.ClaimFormation("F1", 0, 1))
    assert after.players[seat].claims[0].cells == (("KOI-2", 1), ("BRG-2", 1), ("PIC-1", 1))


def test_dit_108_110_claimed_card_covers_its_ducks_for_good() -> None:
    """DIT-108: the card stays on the ducks it uses; DIT-110: those ducks serve no other."""
    state = claimable(["F3", "F1"], GRID)
    seat = state.current
    after = play(GAME, state, state.current, mv.ClaimFormation("F3", 0, 0))
    used = [s.used for s in after.players[seat].tableau]
    assert used[0][0] and used[1][1] and used[2][2] and sum(map(sum, used)) == 3
    refused(GAME, after, after.current, mv.ClaimFormation("F1", 0, 0), "DIT-110")
    assert mv.ClaimFormation("F1", 0, 1) not in GAME.legal_moves(after, seat)
    # a card completed later at the left end does not move the covered ducks
    p = after.players[seat]
    set_hand(after, p, ["KOI-1", *p.hand[1:]])
    p.pawn = location_tile(after, "KOI")
    set_ducks(after, p.tow, cc(Y=1))
    after.actions_left = 1
    later = play(GAME, after, after.current, mv.DropOff("KOI-1", "left"))
    assert [s.used for s in later.players[seat].tableau[1:]] == used


def test_dit_111_inside_the_grey_zone() -> None:
    """DIT-111: the formation card may not stick out of the grey zone."""
    state = claimable(["F1", "F4"], GRID)
    refused(GAME, state, state.current, mv.ClaimFormation("F1", 2, 0), "DIT-111")
    refused(GAME, state, state.current, mv.ClaimFormation("F4", 0, 2), "DIT-111")
    refused(GAME, state, state.current, mv.ClaimFormation("F1", -1, 0), "DIT-111")


def test_dit_112_044_points_added() -> None:
    """DIT-112: each formation is worth 2, 3 or 4; DIT-044: added at game end."""
    assert sorted({f.points for f in FORMATION_BY_ID.values()}) == [2, 3, 4]
    state = claimable(["F5"], GRID)
    seat = state.current
    before = score(state.players[seat])
    after = play(GAME, state, state.current, mv.ClaimFormation("F5", 1, 1))
    assert score(after.players[seat]) == before + FORMATION_BY_ID["F5"].points == before + 3


def test_dit_113_each_formation_once() -> None:
    """DIT-113: once claimed it leaves the display: nobody else can claim it."""
    state = claimable(["F1", "F2"], GRID)
    seat = state.current
    after = play(GAME, state, state.current, mv.ClaimFormation("F1", 0, 0))
    assert after.formations == ["F2"]
    other = (seat + 1) % 4
    after.current = other
    set_tableau(after, other, ["WIL-6", "BRG-6", "KOI-6"])  # a row of 3 yellow ducks
    refused(GAME, after, after.current, mv.ClaimFormation("F1", 0, 0), "DIT-113")


def test_dit_114_covered_ducks_still_score() -> None:
    """DIT-114: covered ducks count for rows."""
    state = claimable(["F1"], GRID)
    seat = state.current
    runs = longest_runs(state.players[seat].tableau)
    after = play(GAME, state, state.current, mv.ClaimFormation("F1", 0, 1))
    assert longest_runs(after.players[seat].tableau) == runs == [4, 3, 4, 0]
