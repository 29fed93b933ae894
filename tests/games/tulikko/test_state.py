"""State plumbing: copy_state == kernel clone with nothing shared, evolve never mutates,
events and moves round-trip, redaction and reveals (TUL-018, TUL-026)."""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.tulikko import GAME
from core.games.tulikko.events import Slid, TurnStarted
from core.games.tulikko.state import State, copy_state
from core.kernel import Rng, clone, digest

from ..conformance import build, play
from .helpers import started


def _mutables(obj: Any, out: list[int]) -> list[int]:
    """ids of every mutable container (lists, structs) reachable from obj."""
    if isinstance(obj, msgspec.Struct):
        out.append(id(obj))
        for name in obj.__struct_fields__:
            _mutables(getattr(obj, name), out)
    elif isinstance(obj, list):
        out.append(id(obj))
        for item in obj:
            _mutables(item, out)
    return out


def _midgame_states() -> list[State]:
    states = []
    state = started(4, 3)
    rng = Rng.seeded(3, 1)
    while GAME.outcome(state) is None and len(states) < 120:
        seat = GAME.to_move(state)[0]
        state = play(GAME, state, seat, rng.choice(GAME.legal_moves(state, seat)))
        states.append(state)
    return states


def test_copy_state_equals_clone_and_shares_nothing() -> None:
    """The engine's fast copy is a true deep copy (guards added fields)."""
    for state in [build(GAME, 2), *_midgame_states()[::10]]:
        copied = copy_state(state)
        assert copied == clone(state) and digest(copied) == digest(state)
        shared = set(_mutables(state, [])) & set(_mutables(copied, []))
        assert not shared, "copy_state shares a mutable object with its input"


def test_evolve_and_decide_never_mutate_their_input() -> None:
    """Every step of a game leaves the state it started from untouched."""
    state = started(3, 8)
    rng = Rng.seeded(8, 2)
    for _ in range(60):
        seat = GAME.to_move(state)[0]
        before = digest(state)
        move = rng.choice(GAME.legal_moves(state, seat))
        events = GAME.decide(state, seat, move)
        for event in events:
            after = GAME.evolve(state, event)
            assert digest(state) == before
            state, before = after, digest(after)


def test_moves_and_events_round_trip_as_tagged_unions() -> None:
    """Moves and events encode with their tag and decode back."""
    state = started(2)
    for move in GAME.legal_moves(state, state.current):
        raw = msgspec.json.encode(move)
        assert b'"type":"slide"' in raw
        assert msgspec.json.decode(raw, type=GAME.move_type) == move
    events = GAME.decide(state, state.current, GAME.legal_moves(state, state.current)[0])
    raw = msgspec.json.encode(events)
    assert msgspec.json.decode(raw, type=list[GAME.event_type]) == events  # type: ignore[name-defined]


def test_redact_hides_the_centre_tile_from_every_seat() -> None:
    """TUL-018: the tile now hidden in the centre is removed from every seat's copy;
    a stack reveal and the uncovered tile are public (TUL-026)."""
    state = started(3)
    seat = state.current
    slid = GAME.decide(state, seat, GAME.legal_moves(state, seat)[0])[0]
    assert isinstance(slid, Slid) and slid.centre == state.board[0]
    for viewer in (None, 0, 1, 2):
        seen = GAME.redact(slid, viewer)
        assert seen.centre is None and seen.uncovered == slid.uncovered
        assert seen.ejected == slid.ejected
    assert GAME.reveals(slid)
    started_event = TurnStarted(1, 1, "bear-GREEN-1")
    assert GAME.redact(started_event, 0) == started_event and GAME.reveals(started_event)


def test_take_backs_stop_at_reveals_and_stay_in_the_turn() -> None:
    """TUL-018 TUL-026: a placement can be taken back (friendly:
    within the turn), never the slide that uncovered the centre tile, nor a move whose
    entry revealed the next player's tile."""
    from core.games.tulikko.moves import Place, Slide
    from core.kernel import Timeline, new_record

    record = new_record(GAME, record_id="tb", seats=2, seed=4, takeback="friendly")
    timeline = Timeline(GAME, record)
    for seat in (0, 1):
        timeline.play(seat, Place(seat, seat), move_id=f"s{seat}")
    slide_seq = timeline.seq + 1
    timeline.play(0, Slide("N"), move_id="slide")  # exits S: rain cloud
    place = Place(1, 0)  # a rain cloud space next to the start tile on (0, 0)
    assert place in timeline.legal_moves(0)
    timeline.play(0, place, move_id="place")
    assert timeline.state.phase == "tokens"  # the turn is not over: nothing revealed
    assert timeline.takeback_refusal(0, slide_seq) is None  # undo the placement only
    refusal = timeline.takeback_refusal(0, slide_seq - 1)
    assert refusal is not None and refusal.code == "takeback-revealed"
    assert timeline.takeback_refusal(1, slide_seq) is not None  # not seat 1's move
