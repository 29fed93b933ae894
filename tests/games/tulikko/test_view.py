"""Goal requirements in the view: every landscape card, symbol card and aurora tile in
play carries what it requires, straight from data.py; hidden tiles stay hidden."""

from __future__ import annotations

import pytest

from core.games.tulikko import GAME, data

from .helpers import hidden_tiles, leak_check, started


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 5), (4, 9), (4, 12)])
def test_landscape_requirements_match_data(seats: int, seed: int) -> None:
    state = started(seats, seed)
    view = GAME.view(state, 0)
    assert [card.id for card in view.landscape] == list(state.landscape)
    for card in view.landscape:
        source = data.LANDSCAPE[card.id]
        assert card.kind == source.kind
        if isinstance(source, data.ShapeCard):
            assert card.name == source.name
            assert [tuple(c) for c in card.cells] == list(source.cells)
            assert card.distinct == source.distinct and card.absolute == source.absolute
            assert [(source.cells[i], source.cells[j]) for i, j in card.neq] == list(source.neq)
            assert card.colours == [] and card.segments == []
        elif isinstance(source, data.ColourCard):
            assert [tuple(c) for c in card.cells] == list(source.cells)
            assert card.colours == list(source.colours)
        else:
            assert card.name == source.name and card.rule == source.rule
            assert card.min_chain == source.min_chain
            assert [(tuple(a), tuple(b)) for a, b in card.segments] == list(source.segments)
            assert card.cells == []


def test_every_landscape_card_has_a_requirement() -> None:
    """Every card of every deck turns into a view with something to draw."""
    from core.games.tulikko.view import landscape_view

    state = started(2, 1)
    for card_id in data.LANDSCAPE:
        card = landscape_view(state, 0, card_id)
        assert card.cells or card.segments or card.min_chain, card_id


def test_symbol_and_aurora_requirements_match_data() -> None:
    state = started(3, 4)
    for seat in [None, 0, 1, 2]:
        view = GAME.view(state, seat)
        for sym, symbol in zip(view.symbols, data.SYMBOLS, strict=True):
            assert sym.symbol == symbol
            assert sym.cells == [list(data.SYMBOL_CELLS[p.animal][symbol]) for p in state.players]
            assert all(len(cells) == 5 for cells in sym.cells)
        for aurora, tile in zip(view.auroras, data.AURORA_TILES, strict=True):
            assert aurora.tiles == [tile.colour] * tile.threshold
            if tile.threshold == 4:
                assert data.AURORA_TILES[data.AURORA_INDEX[aurora.after]].colour == tile.colour
            else:
                assert aurora.after == ""


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_requirements_leak_nothing(seats: int) -> None:
    state = started(seats, 30 + seats)
    assert hidden_tiles(state)
    for seat in [None, *range(seats)]:
        leak_check(state, seat, GAME.view(state, seat))
