"""Views and redaction: the bag's order and other seats' drawn tiles stay hidden."""

from __future__ import annotations

import msgspec

from core.games.valley_of_the_torii import GAME, data
from core.games.valley_of_the_torii.events import CherryDrawn, Picked, VillageDrawn
from core.games.valley_of_the_torii.moves import DrawVillage, Pick, UseCherry

from .helpers import at_phase, give_seal, leak_check, play, scenario


def test_views_never_show_the_bag() -> None:
    """TOR-017: the bag is shown as a size only, to every seat and spectators."""
    state = scenario(3)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        leak_check(state, seat, view)
        assert view.bag_size == 87


def test_village_draw_is_the_drawers_alone() -> None:
    """TOR-078 TOR-080: the 3 drawn tiles are seen by their drawer only, in the view
    and in the redacted events; the tiles sent back are hidden from the others."""
    state = scenario(3)
    give_seal(state, 0, "village")
    events = GAME.decide(state, 0, DrawVillage())
    state = play(state, 0, DrawVillage())
    assert GAME.view(state, 0).drawn == state.drawn
    for seat in (None, 1, 2):
        view = GAME.view(state, seat)
        assert view.drawn is None and view.drawn_count == 3
        leak_check(state, seat, view)
        redacted = GAME.redact(events[0], seat)
        assert isinstance(redacted, VillageDrawn) and redacted.tiles is None
        text = msgspec.json.encode(redacted).decode()
        assert not any(t in text for t in state.drawn)
    assert GAME.redact(events[0], 0) == events[0] and GAME.reveals(events[0])
    picked = GAME.decide(state, 0, Pick(state.drawn[0]))[0]
    assert isinstance(picked, Picked) and picked.returned
    assert GAME.redact(picked, 1).returned is None  # type: ignore[union-attr]


def test_cherry_draw_is_the_holders_alone() -> None:
    """TOR-083: the 4 cherry-seal tiles are the holder's alone until one is placed."""
    state = at_phase(scenario(2), 1, "cherry")
    give_seal(state, 1, "cherry")
    events = GAME.decide(state, 1, UseCherry())
    drawn = events[1]
    assert isinstance(drawn, CherryDrawn) and drawn.tiles
    assert GAME.redact(drawn, 0).tiles is None  # type: ignore[union-attr]
    assert GAME.redact(drawn, None).tiles is None  # type: ignore[union-attr]
    state = play(state, 1, UseCherry())
    assert GAME.view(state, 0).drawn is None and GAME.view(state, 1).drawn == state.drawn
    leak_check(state, 0, GAME.view(state, 0))


def test_view_names_objectives_in_both_languages() -> None:
    view = GAME.view(scenario(2, objectives="A"), 0)
    assert [o.id for o in view.objectives] == [f"OBJ_{x.upper()}_A" for x in data.LANDSCAPE_IDS]
    assert all(o.name_ja and o.text_ja for o in view.objectives)


def test_bag_draws_reveal_and_nothing_else_does() -> None:
    """TOR-034 TOR-147: a refill and a fan draw show tiles nobody knew (take-backs stop
    there); taking a visible tile or a linked opponent tile does not."""
    from core.games.valley_of_the_torii.events import OpponentPlaced, Refilled, Took

    assert GAME.reveals(Refilled(1, ["T001"]))
    assert GAME.reveals(OpponentPlaced("r1c0", "T001", -1))
    assert not GAME.reveals(OpponentPlaced("r1c0", "T001", 6))
    assert not GAME.reveals(Took(0, 0, 0, "T001", False))


def test_view_gives_the_faces_of_the_tiles_in_sight_only() -> None:
    """TOR-038 TOR-039 TOR-040: a board draws each tile's landscape, torii and
    paintbrush from the view; the faces cover every tile in sight and nothing else
    (no bag tile, no other seat's drawn tile)."""
    state = scenario(3)
    give_seal(state, 0, "village")
    state = play(state, 0, DrawVillage())
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        leak_check(state, seat, view)
        sight = {*view.wheels[0], *view.wheels[1], view.centre, *(view.drawn or [])} - {""}
        assert set(view.tiles) == sight
        for tile, face in view.tiles.items():
            printed = data.TILES[tile]
            assert (face.landscape, face.torii, face.brush) == (
                printed.landscape,
                printed.torii,
                printed.brush,
            )
    assert set(state.drawn) <= set(GAME.view(state, 0).tiles)
    assert not set(state.drawn) & set(GAME.view(state, 1).tiles)


def test_view_gives_the_board_layout_as_printed() -> None:
    """TOR-055 TOR-060 TOR-145 TOR-147: the view names every slot in the boards' order
    with its row and place, the ≠ lines, the scroll slot and the solo wheel's links."""
    view = GAME.view(scenario(2), 0)
    assert [s.id for s in view.layout.slots] == [s.id for s in data.SLOTS]
    assert [(s.row, s.x2) for s in view.layout.slots] == [(s.row, s.x2) for s in data.SLOTS]
    assert view.layout.seal_lines == [["r2c1", "r2c2", "r2c3"], ["r4c0", "r4c1", "r4c2"]]
    assert view.layout.scroll_slot == "r3c4"
    assert sorted(r for pair in view.layout.links for r in pair) + view.layout.fans == [
        0,
        2,
        3,
        5,
        6,
        8,
        9,
        11,
        1,
        4,
        7,
        10,
    ]
