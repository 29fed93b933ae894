"""The view's printed content (DIT-050): card faces, formation cards, tile positions.

Every field the board draws comes from data.py; another seat's hand never shows, not
as an id, not as a face.
"""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow.data import (
    CARD_BY_ID,
    COLOURS,
    FORMATION_BY_ID,
    LOCATIONS,
    MAPS,
    NCOL,
    START_BY_ID,
)
from core.games.ducks_in_tow.state import State

from ..conformance import build
from .helpers import set_tableau

CARD_ID = re.compile(r"\b(?:[A-Z]{3}-[1-6]|ST[1-4])\b")


def _random_midgame(seats: int, seed: int, steps: int = 120) -> State:
    """A state some moves into a game (first legal move of a seeded choice each step)."""
    rng = random.Random(seed)
    state = build(GAME, seats, seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        seat = state.current
        moves = GAME.legal_moves(state, seat)
        if not moves:
            break
        _, state = GAME.apply(state, seat, rng.choice(moves))
    return state


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_card_faces_match_data(seats: int) -> None:
    state = _random_midgame(seats, 40 + seats)
    for seat in [None, *range(seats)]:
        view = GAME.view(state, seat)
        for card_id, face in view.cards.items():
            assert face.id == card_id
            assert face.grey_zone == [1, NCOL]
            if card_id in START_BY_ID:
                printed = START_BY_ID[card_id].ducks
                assert face.kind == "start" and face.location is None and face.needed == 0
            else:
                card = CARD_BY_ID[card_id]
                printed = card.ducks
                assert face.kind == "location" and face.location == card.location
                assert face.location_name == LOCATIONS[card.location]
                assert face.needed == len(card.ducks)
            assert sorted(face.ducks) == sorted(printed)
            assert face.rows == [c if c in printed else None for c in COLOURS]
            assert face.empty == [c for c in COLOURS if c not in printed]


def test_faces_cover_own_hand_display_and_tableaux_only() -> None:
    state = build(GAME, 3, 8)
    set_tableau(state, 1, [state.players[1].start_card, "KOI-5"])
    for seat in [None, 0, 1, 2]:
        view = GAME.view(state, seat)
        expected = set(state.display)
        for i, p in enumerate(state.players):
            expected |= {s.card for s in p.tableau}
            if i == seat:
                expected |= set(p.hand)
        assert set(view.cards) == expected
        assert "KOI-5" in view.cards


def test_other_hands_never_appear() -> None:
    """DIT-050: another seat's hand shows only as a size, in no field of the view."""
    for seats in (2, 3, 4):
        state = _random_midgame(seats, 7 * seats, steps=60)
        public = set(state.display)
        for p in state.players:
            public |= {s.card for s in p.tableau}
        for seat in [None, *range(seats)]:
            view = GAME.view(state, seat)
            text = msgspec.json.encode(view).decode()
            named = set(CARD_ID.findall(text))
            for other, p in enumerate(state.players):
                if other == seat:
                    continue
                secret = set(p.hand) - public
                assert not secret & named, (seat, other, secret & named)
                assert not secret & set(view.cards)
                assert view.players[other].hand is None
                assert view.players[other].hand_size == len(p.hand)
            for hidden in set(state.deck) | set(state.discards):
                assert hidden not in view.cards
            assert '"deck"' not in text and '"discards":[' not in text


def test_formation_cards_match_data() -> None:
    state = build(GAME, 4, 3)
    view = GAME.view(state, 0)
    assert set(view.formation_cards) == set(state.formations)
    for fid, face in view.formation_cards.items():
        f = FORMATION_BY_ID[fid]
        assert (face.id, face.name, face.points) == (f.id, f.name, f.points)
        assert [tuple(c) for c in face.cells] == list(f.cells)
        assert (face.width, face.height) == (f.width, f.height)


def test_claimed_formations_keep_their_face() -> None:
    from core.games.ducks_in_tow.state import Claim

    state = build(GAME, 2, 3)
    fid = state.formations.pop()
    state.players[1].claims.append(Claim(fid, ()))
    view = GAME.view(state, 0)
    assert fid in view.formation_cards
    assert view.formation_cards[fid].points == FORMATION_BY_ID[fid].points


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_tiles_carry_their_map_position(seats: int) -> None:
    state = build(GAME, seats, 11)
    view = GAME.view(state, None)
    assert len(view.tiles) == len(MAPS[seats])
    for tile, hex_, real in zip(view.tiles, MAPS[seats], state.tiles, strict=True):
        assert (tile.q, tile.r, tile.start) == (hex_.q, hex_.r, hex_.start)
        assert (tile.role, tile.location, tile.ducks) == (real.role, real.location, real.ducks)
