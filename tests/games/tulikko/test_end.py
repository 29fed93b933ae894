"""End of the game, winner and tie-breaks: TUL-022, TUL-103..TUL-112."""

from __future__ import annotations

from core.games.tulikko import GAME, data, goals
from core.games.tulikko.events import GameEnded, LandscapeAchieved, TurnEnded, TurnStarted
from core.games.tulikko.moves import MoveTo, Place, PlaceToken, UseMoveTile
from core.games.tulikko.scoring import final_scores
from core.games.tulikko.state import State
from core.kernel import Rng, Timeline, bots_of, clone, new_record, play_bots

from ..conformance import play
from .helpers import edge, events_of, scenario, set_map


def over(supplies: list[tuple[int, int]], layouts: list[dict[tuple[int, int], str]]) -> State:
    """A finished game with these supplies (animals, rivers) and map colours."""
    state = scenario(seats=len(supplies), phase="over")
    for seat, layout in enumerate(layouts):
        state = set_map(state, seat, layout)
    for seat, (animals, rivers) in enumerate(supplies):
        state.players[seat].animals, state.players[seat].rivers = animals, rivers
    state.end_reason = "stacks-empty"
    return state


ZONE3 = {(0, 0): "GREEN", (0, 1): "GREEN", (0, 2): "GREEN"}
ZONE2 = {(0, 0): "BLUE", (1, 0): "BLUE", (3, 3): "GREEN"}
ZONE1 = {(0, 0): "BLUE", (1, 1): "BLUE"}  # diagonal: two zones of 1


def test_last_token_triggers_at_the_end_of_the_turn() -> None:
    """TUL-022 TUL-103: placing every token triggers the end when the turn ends."""
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="N", supply={0: (0, 1)})
    state = set_map(state, 0, {(2, 2): "BLUE"})
    events = events_of(state, 0, Place(2, 1))  # sun, next to (2,2)
    assert events[-1].__class__.__name__ == "TilePlaced"
    events = events_of(play(GAME, state, 0, Place(2, 1)), 0, PlaceToken(2, 2))
    assert TurnEnded(0, triggers_end=True) in events
    assert isinstance(events[-1], TurnStarted)  # the round goes on (TUL-104)


def test_tokens_returned_by_a_move_count_as_unplaced() -> None:
    """TUL-103: an empty supply refilled by the move-tile aurora in the same turn does not
    trigger the end (evaluated at the end of the turn)."""
    state = scenario(
        phase="place",
        taken="owl-GREEN-1",
        exit_side="N",
        supply={0: (0, 1)},
        auroras={"aurora-ORANGE-3": 0},
    )
    state = set_map(state, 0, {(2, 2): "BLUE"})
    state = play(GAME, play(GAME, state, 0, Place(2, 1)), 0, PlaceToken(2, 2))
    assert (state.players[0].animals, state.players[0].rivers) == (0, 0)
    assert state.phase == "finish"
    state = play(GAME, state, 0, UseMoveTile(2, 1))
    events = events_of(state, 0, MoveTo(3, 3))  # isolated: the river token stays out
    assert TurnEnded(0, triggers_end=False) in events  # no aurora left: the turn ends
    state = play(GAME, state, 0, MoveTo(3, 3))
    assert state.players[0].rivers == 1 and not state.end_triggered
    assert state.current == 1


def test_trigger_on_the_last_turn_of_a_round_ends_at_once() -> None:
    """TUL-104: the round is complete when the last seat triggers: the game ends."""
    state = scenario(seat=1, phase="place", taken="owl-GREEN-1", exit_side="S", supply={1: (0, 1)})
    state = set_map(state, 1, {(1, 0): "BLUE"})
    assert data.MAPS["wolf"][data.cell_of(0, 0)] == "RAIN_CLOUD"
    events = events_of(play(GAME, state, 1, Place(0, 0)), 1, PlaceToken(1, 0))
    assert events[-2:] == [TurnEnded(1, triggers_end=True), GameEnded("all-tokens-placed")]


def test_twelve_rounds_end_the_game() -> None:
    """TUL-025 TUL-105: without a trigger the game ends when every stack is empty,
    after 12 turns each."""
    endings = set()
    for seed in range(4):
        record = new_record(GAME, record_id=f"r{seed}", seats=3, seed=seed)
        timeline = Timeline(GAME, record)
        random = bots_of(GAME)["random"]
        play_bots(timeline, dict.fromkeys(range(3), random), Rng.seeded(seed, 9))
        state = timeline.state
        endings.add(state.end_reason)
        if state.end_reason == "stacks-empty":
            assert [p.turns for p in state.players] == [12, 12, 12]
            assert all(not p.stack for p in state.players) and state.round == 12
    assert "stacks-empty" in endings


def test_only_player_with_everything_placed_wins() -> None:
    """TUL-106: one player placed everything: they win, whatever the zones."""
    outcome = final_scores(over([(0, 0), (1, 0)], [ZONE1, ZONE3]))
    assert outcome.placed_all == [0] and outcome.winners == [0]
    assert not outcome.tie_break_used


def test_penalty_two_per_animal_one_per_river_lowest_wins() -> None:
    """TUL-107 TUL-108 TUL-109: 2 points per animal token, 1 per river token; lowest wins."""
    outcome = final_scores(over([(3, 0), (1, 3), (2, 2)], [ZONE1, ZONE1, ZONE3]))
    assert outcome.scores == [6, 5, 6]
    assert outcome.animals_left == [3, 1, 2] and outcome.rivers_left == [0, 3, 2]
    assert outcome.winners == [1]
    assert outcome.ranks == [3, 1, 2]  # below the winner: penalty, then zone


def test_tie_break_by_largest_zone_among_the_tied_only() -> None:
    """TUL-110: tied lowest totals compare their largest one-colour zone; a player outside
    the tie with a bigger zone does not matter."""
    outcome = final_scores(over([(1, 0), (0, 2), (5, 5)], [ZONE2, ZONE1, ZONE3]))
    assert outcome.scores == [2, 2, 15]
    assert outcome.tied == [0, 1] and outcome.tie_break_used
    assert outcome.largest_zone == [2, 1, 3]
    assert outcome.winners == [0] and outcome.ranks == [1, 2, 3]


def test_zones_are_orthogonal_and_count_tiles() -> None:
    """TUL-111: a zone is orthogonally connected same-colour tiles; diagonals don't join."""
    cells = [""] * data.CELLS
    for (r, c), colour in {**ZONE1, (2, 2): "BLUE", (2, 3): "BLUE", (3, 3): "BLUE"}.items():
        cells[data.cell_of(r, c)] = f"neutral-{colour}-1"
    assert goals.largest_zone(cells) == 3  # (2,2) (2,3) (3,3); (1,1) only touches diagonally
    cells[data.cell_of(1, 2)] = "neutral-BLUE-2"  # joins (1,1) (1,2) (2,2) (2,3) (3,3)
    assert goals.largest_zone(cells) == 5


def test_equal_zones_share_the_victory() -> None:
    """TUL-112: tied totals and tied zones: every tied player wins."""
    outcome = final_scores(over([(0, 0), (0, 0), (1, 1)], [ZONE2, ZONE2, ZONE3]))
    assert outcome.winners == [0, 1] and outcome.ranks == [1, 1, 3]
    assert outcome.placed_all == [0, 1]


def test_outcome_only_when_over() -> None:
    """TUL-104 TUL-105: no outcome and nobody to move only once the game has ended."""
    state = scenario(phase="slide")
    assert GAME.outcome(state) is None and GAME.to_move(state) == [0]
    finished = clone(state)
    finished.phase = "over"
    assert GAME.outcome(finished) is not None and GAME.to_move(finished) == []


def test_edge_helper_matches_data() -> None:
    """The test helper's edge numbering is the engine's."""
    assert edge((0, 0), (0, 1)) == 0 and edge((0, 0), (1, 0)) == 16


def test_a_middle_seat_triggers_and_the_round_is_finished() -> None:
    """TUL-103 TUL-104: with 3 players, seat 1 empties its supply; seat 2 still plays its
    turn, then the game ends before the first player's next turn."""
    state = scenario(seats=3, seat=1, phase="place", taken="owl-GREEN-1", exit_side="N")
    state = set_map(state, 1, {(3, 2): "BLUE"})  # wolf map: (3, 3) is a sun space
    state.players[1].animals, state.players[1].rivers = 0, 1
    state = play(GAME, state, 1, Place(3, 3))
    events = events_of(state, 1, PlaceToken(3, 2))
    assert TurnEnded(1, triggers_end=True) in events
    assert isinstance(events[-1], TurnStarted) and events[-1].seat == 2
    state = play(GAME, state, 1, PlaceToken(3, 2))
    rng = Rng.seeded(1)
    while state.current == 2 and state.phase != "over":
        state = play(GAME, state, 2, rng.choice(GAME.legal_moves(state, 2)))
    assert state.phase == "over" and state.end_reason == "all-tokens-placed"
    assert state.players[2].turns == 1 and state.players[0].turns == 0


def test_tokens_placed_on_a_card_can_empty_the_supply_and_trigger_the_end() -> None:
    """TUL-103 TUL-054: the last 2 animal tokens going onto an achieved landscape card empty
    the supply: the end is triggered when the turn ends."""
    corners = {(0, 0): "GREEN", (0, 4): "ORANGE", (3, 0): "BLUE"}
    state = scenario(phase="place", taken="owl-GREEN-1", exit_side="W", maps={0: corners})
    state.landscape = ["RIVER-07", "COLOUR-01", "SHAPE-01"]
    state.players[0].animals, state.players[0].rivers = 2, 0
    events = events_of(state, 0, Place(3, 4))
    assert LandscapeAchieved(0, "SHAPE-01", 2) in events
    assert TurnEnded(0, triggers_end=True) in events
