"""copy_state equals the kernel's clone and shares nothing; views hide the bag."""

from __future__ import annotations

import msgspec

from core.games.whispering_woods import GAME
from core.games.whispering_woods.state import copy_state
from core.games.whispering_woods.view import tile_view
from core.kernel import Rng, clone

from .helpers import leak_check, new_state, play


def _states() -> list:  # type: ignore[type-arg]
    out = []
    for seats, options in ((3, {}), (1, {"level": 5})):
        state = new_state(seats, 4, **options)
        rng = Rng.seeded(4, 9)
        for _ in range(60):
            if state.phase == "over":
                break
            out.append(state)
            state = play(state, state.current, rng.choice(GAME.legal_moves(state, state.current)))
    return out


def test_copy_state_equals_clone_and_shares_nothing() -> None:
    for state in _states():
        copied = copy_state(state)
        assert msgspec.json.encode(copied) == msgspec.json.encode(clone(state))
        copied.bag.append("X")
        copied.players[0].forest[0].animal = "X"
        copied.rng.next_u32()
        if copied.solo is not None:
            copied.solo.track.append("X")
        assert msgspec.json.encode(state) == msgspec.json.encode(clone(state))
        assert "X" not in state.bag and state.players[0].forest[0].animal != "X"


def test_views_show_the_bag_size_never_its_tiles() -> None:
    """Hidden information: every view (seats and spectator) names no bag tile, no Rng."""
    for state in _states():
        for seat in [None, *range(state.seats)]:
            view = GAME.view(state, seat)
            leak_check(state, seat, view)
            assert view.bag_size == len(state.bag)


def test_views_show_the_faces_of_completed_and_round_track_tiles() -> None:
    """WW-008/WW-GAP07: a tile's faces are public once it is out of the bag, so the view
    carries the face of every personal-area tile and every round-track tile (the board
    draws them by colour, path and VP, never by id)."""
    seen = {"completed": 0, "track": 0}
    for state in _states():
        view = GAME.view(state, None)
        for shown, player in zip(view.players, state.players, strict=True):
            faces = [f.id for f in shown.completed_faces]
            assert faces == [c.tile for c in player.completed]
            seen["completed"] += len(faces)
            for face in shown.completed_faces:
                assert face == tile_view(face.id)
        if state.solo is not None:
            assert view.solo is not None
            assert [f.id for f in view.solo.track_faces] == state.solo.track
            assert [f.id for f in view.solo.extra_faces] == state.solo.extra
            seen["track"] += len(view.solo.track_faces)
    assert seen["completed"] and seen["track"], seen
