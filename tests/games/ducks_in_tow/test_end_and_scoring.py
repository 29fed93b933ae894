"""End of the game (DIT-132..140) and scoring (DIT-141..149); examples EX02, EX03, EX05, EX06."""

from __future__ import annotations

import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import moves as mv
from core.games.ducks_in_tow.data import CARD_BY_ID, DUCKS_USED, END_CARDS
from core.games.ducks_in_tow.evolve import needs
from core.games.ducks_in_tow.scoring import DitOutcome, final_outcome, longest_runs, score
from core.games.ducks_in_tow.stall import stalled
from core.games.ducks_in_tow.state import Claim, Player, Slot, State

from ..conformance import build
from .helpers import (
    adopt_duck,
    build_with,
    cc,
    finish_turn,
    location_tile,
    play,
    set_display,
    set_ducks,
    set_hand,
    set_tableau,
)


def ready_to_complete(state: State, seat: int, have: int, card: str = "KOI-1") -> State:
    """`seat` to move, with `have` tableau cards (its start card and cards from the deck)
    and `card` completable where it stands."""
    state.current = seat
    fillers = [c for c in state.deck if c != card][: have - 1]
    set_tableau(state, seat, [state.players[seat].start_card, *fillers])
    p = state.players[seat]
    set_hand(state, p, [card, *[c for c in p.hand if c != card][:3]])
    p.pawn = location_tile(state, CARD_BY_ID[card].location)
    set_ducks(state, p.tow, needs(card))
    return state


@pytest.mark.parametrize(("seats", "rule"), [(2, "DIT-133"), (3, "DIT-134"), (4, "DIT-135")])
def test_dit_132_to_135_card_count_trigger(seats: int, rule: str) -> None:
    """DIT-132: the end triggers at 8/7/6 tableau cards, start card included
    (DIT-133: 2 players 8; DIT-134: 3 players 7; DIT-135: 4 players 6)."""
    target = {"DIT-133": 8, "DIT-134": 7, "DIT-135": 6}[rule]
    assert END_CARDS[seats] == target
    state = build_with(seats, 51, locations=("KOI",))
    seat = state.current
    short = ready_to_complete(build_with(seats, 51, locations=("KOI",)), seat, target - 2)
    after = play(GAME, short, short.current, mv.DropOff("KOI-1", "left"))
    assert after.end_trigger == -1
    ready = ready_to_complete(state, seat, target - 1)
    after = play(GAME, ready, ready.current, mv.DropOff("KOI-1", "left"))
    assert after.end_trigger == seat and after.end_reason == "cards"


GRID = ["GZB-6", "PIC-6", "FLW-6"]  # Y, O, B printed on each


def last_formation(seats: int, seed: int) -> State:
    """The player to move can claim F8 then F3, the last two formation cards."""
    state = build_with(seats, seed, locations=("GZB", "PIC", "FLW"))
    set_tableau(state, state.current, GRID)
    state.formations = ["F8", "F3"]
    state.claim_open = True
    return state


def test_dit_136_last_formation_triggers() -> None:
    """DIT-136: claiming the last formation card triggers the end."""
    state = last_formation(2, 52)
    seat = state.current
    one = play(GAME, state, state.current, mv.ClaimFormation("F8", 0, 0))
    assert one.end_trigger == -1
    two = play(GAME, one, one.current, mv.ClaimFormation("F3", 0, 0))
    assert two.end_trigger == seat and two.end_reason == "formations"


def final_turns(state: State) -> tuple[list[int], State]:
    """Seats that move from here to the end, one entry per turn; the final state."""
    order = []
    while GAME.outcome(state) is None:
        order.append(state.current)
        state = finish_turn(state)
    assert GAME.to_move(state) == []
    return order, state


def test_dit_136_137_138_139_formation_trigger_four_players() -> None:
    """DIT-136 in a 4-player game: the claimer finishes the turn (DIT-137), each of the
    3 others gets exactly one more turn, clockwise from the claimer's left (DIT-138),
    then the game is over (DIT-139)."""
    state = last_formation(4, 55)
    seat = state.current
    state = play(GAME, state, state.current, mv.ClaimFormation("F8", 0, 0))
    state = play(GAME, state, state.current, mv.ClaimFormation("F3", 0, 0))
    assert state.end_trigger == seat and state.current == seat
    order, end = final_turns(state)
    assert order == [seat, (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4]
    assert GAME.outcome(end).end_reason == "formations"  # type: ignore[union-attr]


def test_dit_140_a_formation_trigger_after_the_card_trigger_changes_nothing() -> None:
    """DIT-140 in a 4-player game: after the card count triggered the end, the last
    formation claimed by the next player neither restarts the countdown nor changes the
    reason; every other player still gets exactly one turn."""
    state = build_with(4, 56, locations=("KOI",))
    first = state.current
    state = ready_to_complete(state, first, 5)
    state = play(GAME, state, state.current, mv.DropOff("KOI-1", "left"))
    assert state.end_trigger == first and state.end_reason == "cards"
    state = finish_turn(state)
    second = state.current
    assert second == (first + 1) % 4
    set_tableau(state, second, ["WIL-6", "BRG-6", "KOI-6"])  # a row of 3 yellow ducks
    state.formations = ["F1"]
    state.claim_open = True
    state = play(GAME, state, state.current, mv.ClaimFormation("F1", 0, 0))
    assert (state.end_trigger, state.end_reason, state.final_turns_left) == (first, "cards", 3)
    order, end = final_turns(state)
    assert order == [second, (first + 2) % 4, (first + 3) % 4]
    assert GAME.outcome(end).end_reason == "cards"  # type: ignore[union-attr]


def test_dit_137_138_139_ex05_three_players() -> None:
    """DIT-EX05: 3 players, P2 completes a 7th card: P2 finishes the turn (DIT-137), P3 and
    P1 get one turn each (DIT-138), then the game ends before P2 plays again (DIT-139)."""
    state = build_with(3, 53, locations=("KOI",))
    p1 = state.current
    p2, p3 = (p1 + 1) % 3, (p1 + 2) % 3
    state = ready_to_complete(state, p2, 6)
    state = play(GAME, state, state.current, mv.DropOff("KOI-1", "right"))
    assert state.end_trigger == p2 and len(state.players[p2].tableau) == 7
    assert state.current == p2 and state.actions_left == 3  # the rest of the turn is P2's
    assert GAME.outcome(state) is None
    order, state = final_turns(state)
    assert order == [p2, p3, p1]
    assert GAME.legal_moves(state, p2) == []
    result = GAME.outcome(state)
    assert isinstance(result, DitOutcome) and result.end_reason == "cards"


def test_dit_140_later_triggers_change_nothing() -> None:
    """DIT-140: once triggered, another trigger does not restart the countdown."""
    state = build_with(2, 54, locations=("KOI",))
    first = state.current
    state = ready_to_complete(state, first, 7)
    state = play(GAME, state, state.current, mv.DropOff("KOI-1", "left"))
    state = finish_turn(state)
    other = state.current
    state = ready_to_complete(state, other, 7, card="KOI-2")
    state = play(GAME, state, state.current, mv.DropOff("KOI-2", "left"))
    assert state.end_trigger == first and state.final_turns_left == 1
    state = finish_turn(state)
    assert GAME.outcome(state) is not None


def slots(runs: list[int]) -> list[Slot]:
    width = max(runs)
    return [
        Slot(f"X{i}", tuple(i < r for r in runs), (False,) * 4, (False,) * 4) for i in range(width)
    ]


def player(runs: list[int], formations: list[str]) -> Player:
    return Player(
        start_card="ST1",
        order=0,
        pawn=0,
        tow=cc(),
        food=cc(),
        front=cc(),
        hand=[],
        tableau=slots(runs),
        claims=[Claim(f, ()) for f in formations],
    )


def test_dit_ex02_141_143_145_rows_plus_formations() -> None:
    """DIT-EX02: longest rows 2+5+4+2 = 13, formations 2, total 15 (DIT-141: 1 point per
    duck of each colour's longest row; DIT-143: 4 values; DIT-144/DIT-145: plus formations)."""
    result = final_outcome([player([2, 5, 4, 2], ["F1"])], "cards")
    assert result.rows == [[2, 5, 4, 2]]
    assert result.row_points == [13] and result.formation_points == [2]
    assert result.scores == [15]


def test_dit_142_empty_space_breaks_a_row() -> None:
    """DIT-142: a run continues across adjacent cards; an empty space ends it."""
    tableau = [
        Slot(f"X{i}", (b, False, False, False), (False,) * 4, (False,) * 4)
        for i, b in enumerate([True, True, False, True, True, True, False, True])
    ]
    assert longest_runs(tableau) == [3, 0, 0, 0]
    tableau[2] = Slot("X2", (False,) * 4, (True, False, False, False), (False,) * 4)
    assert longest_runs(tableau) == [6, 0, 0, 0]


def test_dit_ex03_tableau_example() -> None:
    """DIT-EX03: ST2, KOI-4, FTN-4, PIC-4, GZB-6, KOI-3 with Line of Three on the orange
    ducks of c1-c3: yellow 2, orange 5, brown 4, green 2, rows 13, formation 2, total 15."""
    state = build_with(2, 56, locations=("KOI", "FTN", "PIC", "GZB"))
    seat = state.current
    set_tableau(state, seat, ["ST2", "KOI-4", "FTN-4", "PIC-4", "GZB-6", "KOI-3"])
    state.formations = ["F1"]
    state.claim_open = True
    state = play(GAME, state, state.current, mv.ClaimFormation("F1", 1, 1))
    assert state.players[seat].claims[0].cells == (("KOI-4", 1), ("FTN-4", 1), ("PIC-4", 1))
    state.phase = "over"
    result = GAME.outcome(state)
    assert isinstance(result, DitOutcome)
    assert result.rows[seat] == [2, 5, 4, 2]
    assert result.row_points[seat] == 13 and result.formation_points[seat] == 2
    assert result.scores[seat] == 15


def test_dit_146_most_points_wins() -> None:
    """DIT-146: the highest score wins."""
    result = final_outcome([player([1, 1, 1, 1], []), player([2, 1, 1, 1], [])], "cards")
    assert result.winners == [1] and result.ranks == [2, 1] and result.scores == [4, 5]


def test_dit_ex06_147_148_149_tie_breaks() -> None:
    """DIT-EX06: 16 v 16; DIT-147 longest row 5 v 5 ties; DIT-148 next-longest 4 v 3: A wins;
    with B = 5, 4, 2, 3 both win (DIT-149 shared victory)."""
    a = player([5, 4, 3, 2], ["F1"])
    b = player([5, 3, 3, 3], ["F2"])
    result = final_outcome([a, b], "cards")
    assert result.scores == [16, 16]
    assert result.tiebreak == [[5, 4], [5, 3]]
    assert result.winners == [0] and result.ranks == [1, 2]
    shared = final_outcome([a, player([5, 4, 2, 3], ["F2"])], "cards")
    assert shared.winners == [0, 1] and shared.ranks == [1, 1]
    longest = final_outcome([player([4, 4, 4, 4], []), player([6, 4, 3, 3], [])], "cards")
    assert longest.scores == [16, 16] and longest.winners == [1]  # DIT-147 decides


def test_outcome_only_when_over() -> None:
    """DIT-139: no outcome before the end; to_move is empty once it is over."""
    state = build(GAME, 2, 57)
    assert GAME.outcome(state) is None and GAME.to_move(state) == [state.current]
    state.phase = "over"
    assert GAME.to_move(state) == []
    assert isinstance(GAME.outcome(state), DitOutcome)


def _adopt_every_duck_but(state: State, spare: list[int]) -> State:
    """Deck and display laid out in the two tableaux, every duck but `spare` adopted."""
    set_display(state, [])
    cards = list(state.deck)
    for seat in range(state.seats):
        set_tableau(state, seat, [state.players[seat].start_card, *cards[seat::2]])
    for colour in range(4):
        for _ in range(DUCKS_USED[state.seats] - spare[colour]):
            p, column = next(
                (p, i)
                for p in state.players
                for i, s in enumerate(p.tableau)
                if not s.printed[colour] and not s.adopted[colour]
            )
            adopt_duck(state, p, column, colour)
    return state


def test_dit_151_a_true_stall_ends_the_game_scored_as_usual() -> None:
    """DIT-151: with every duck adopted nobody can complete a card or claim a formation:
    the game ends when the turn passes, scored as usual; one duck left that completes a
    card still in play is no stall."""
    state = _adopt_every_duck_but(build(GAME, 2, 59), spare=[0, 0, 0, 0])
    assert stalled(state)
    after = finish_turn(state)
    assert after.phase == "over" and after.turn == state.turn
    result = GAME.outcome(after)
    assert isinstance(result, DitOutcome) and result.end_reason == "stall"
    assert result.scores == [score(p) for p in after.players] and max(result.scores) > 0
    hopeful = _adopt_every_duck_but(build(GAME, 2, 59), spare=[1, 0, 0, 0])
    assert any(CARD_BY_ID[c].ducks == ("Y",) for p in hopeful.players for c in p.hand)
    assert not stalled(hopeful)
    going_on = finish_turn(hopeful)
    assert going_on.phase == "actions" and going_on.turn == hopeful.turn + 1
