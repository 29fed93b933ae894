"""Expert module 2's reserve plants (RW-167..RW-171, RW-EX35)."""

from __future__ import annotations

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.effects import count_types
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractWildlife,
    Decline,
    EndTurn,
    Reserve,
)
from core.games.rewild_south_america.state import Reservation, State
from tests.games.conformance import play, refused

from .helpers import f, fresh, give, ready, show, tile


def ex35_state() -> tuple[State, int]:
    """Bruno (seat 1) ends his turn with Jatobá in his shrubland row; wildlife slot 0 is
    empty and the Chacoan peccary tops the deck; Ana (seat 0) moves next."""
    state = fresh(2, 1, expert_plants=True)
    jatoba = give(state, 1, "X01", "S")
    state.decks[0].insert(0, state.display[0][0])
    state.display[0][0] = ""
    if "W28" in state.display[0]:
        show(state, "W01", state.display[0].index("W28"))
    state.decks[0].remove("W28")
    state.decks[0].append("W28")
    state.current = 1
    return ready(state), jatoba


def test_rw_ex35_rw_167_169_reserve_before_anothers_turn() -> None:
    """RW-EX35, RW-167, RW-169: the refill before Ana's turn reveals the peccary; Bruno
    reserves it onto his Jatobá; its slot is refilled before Ana chooses, so she sees 5
    wildlife cards and not the peccary."""
    state, jatoba = ex35_state()
    _, state = GAME.apply(state, 1, EndTurn())
    assert state.phase == "reserve" and GAME.to_move(state) == [1]
    assert state.display[0][0] == "W28" and Reserve(0) in GAME.legal_moves(state, 1)
    _, state = GAME.apply(state, 1, Reserve(0))
    assert state.expert is not None
    assert state.expert.reserved == [Reservation(1, jatoba, "W28")]
    assert state.current == 0 and state.phase == "play"
    assert all(state.display[0]) and "W28" not in state.display[0]


def reserved_state(room: bool) -> State:
    """Bruno holds the reserved peccary and attracts, with or without 3 free shrubland
    hexes (his other shrubland is taken by a rock cavy, whose hexes cannot host it)."""
    state, _ = ex35_state()
    _, state = GAME.apply(state, 1, EndTurn())
    _, state = GAME.apply(state, 1, Reserve(0))
    state.current = 1
    tile(state, 1, "S", [(0, 0), (0, 1), (1, 0)])
    give(state, 1, "W10", "S", [(0, 0), (0, 1)])
    if room:
        tile(state, 1, "S", [(4, 0), (4, 1), (5, 0)])
    return ready(state)


def test_rw_ex35_rw_168_171_reserved_card_comes_first() -> None:
    """RW-EX35, RW-168: Bruno's next wildlife card must be the peccary; while he cannot
    place it he attracts no wildlife card; RW-171: meanwhile it counts for no effect and
    not toward the animal count."""
    blocked = reserved_state(room=False)
    assert not [m for m in GAME.legal_moves(blocked, 1) if isinstance(m, AttractWildlife)]
    state = reserved_state(room=True)
    wildlife = [m for m in GAME.legal_moves(state, 1) if isinstance(m, AttractWildlife)]
    assert wildlife == [AttractWildlife(-1, "S", (f(4, 0), f(4, 1), f(5, 0)))]
    assert count_types(state.players[1], ("large_herbivore",)) == 0
    assert "W28" not in [c.card for c in state.players[1].cards]  # no animal of his yet
    refused(GAME, state, 1, AttractWildlife(0, "S", (f(4, 0), f(4, 1))), "RW-168")
    out = play(GAME, state, 1, wildlife[0])
    assert out.players[1].cards[-1].card == "W28" and out.expert is not None
    assert out.expert.reserved == []
    assert count_types(out.players[1], ("large_herbivore",)) == 1


def test_rw_167_169_reserve_when_attracted() -> None:
    """RW-167: taking the reserve plant lets its owner reserve a card that can live in
    its biome at once; RW-169: then the slot stays empty for the rest of the turn. The
    plant reserves once: a later refill does not ask it again."""
    state = fresh(2, 1, expert_plants=True)
    show(state, "X01", 0)
    show(state, "W28", 2)  # Chacoan peccary: can live in shrubland
    show(state, "W06", 3)  # blue morpho: rainforest only
    state = play(GAME, ready(state, stock=(0, 0, 2)), 0, AttractPlant(0, "S"))
    assert state.phase == "reserve"
    slots = [m.slot for m in GAME.legal_moves(state, 0) if isinstance(m, Reserve)]
    assert 2 in slots and 3 not in slots
    refused(GAME, state, 0, Reserve(3), "RW-167")
    state = play(GAME, state, 0, Reserve(2))
    assert state.phase == "attract" and state.display[0][2] == ""
    assert state.expert is not None and len(state.expert.used) == 1
    _, after = GAME.apply(state, 0, EndTurn())
    assert after.phase == "play" and after.current == 1  # no second reservation asked


def test_rw_167_declined_at_attraction_stays_open() -> None:
    """RW-167: reserving is optional; a plant that did not reserve may at a later refill."""
    state = fresh(2, 1, expert_plants=True)
    show(state, "X01", 0)
    state = play(GAME, ready(state, stock=(0, 0, 2)), 0, AttractPlant(0, "S"), Decline())
    assert state.phase == "attract"
    state.display[0][4] = ""
    state.decks[0].insert(0, next(c for c in state.decks[0][::-1] if c))
    state.decks[0].pop()
    _, after = GAME.apply(state, 0, EndTurn())
    assert after.phase == "reserve" and GAME.to_move(after) == [0]


def priority_state(current: int) -> tuple[State, int, int]:
    state = fresh(3, 1, expert_plants=True)
    one = give(state, 1, "X01", "S")
    two = give(state, 2, "X02", "G")
    state.decks[0].insert(0, state.display[0][0])
    state.display[0][0] = ""
    state.current = current
    return ready(state), one, two


def test_rw_170_priority_from_the_next_player() -> None:
    """RW-170: at a refill nobody is active: the player about to move asks first, then
    the others in turn order."""
    state, one, two = priority_state(current=0)
    _, state = GAME.apply(state, 0, EndTurn())
    assert state.phase == "reserve" and GAME.to_move(state) == [1]
    assert state.expert is not None and state.expert.plant == one
    _, state = GAME.apply(state, 1, Decline())
    assert GAME.to_move(state) == [2] and state.expert is not None and state.expert.plant == two
    _, state = GAME.apply(state, 2, Decline())
    assert state.phase == "play" and state.current == 1
    later, _, _ = priority_state(current=1)
    _, later = GAME.apply(later, 1, EndTurn())
    assert GAME.to_move(later) == [2]


def test_rw_167_solo_human_reserves_after_the_opponents_turn() -> None:
    """RW-167, RW-204: in solo the refill after the opponent's turn asks the human, whose
    reserve plant may take a revealed card (the opponent itself never reserves)."""
    state = fresh(1, 3, expert_plants=True)
    give(state, 0, "X01", "S")
    assert state.expert is not None
    state.expert.deck = ["H:up", *[e for e in state.expert.deck[1:] if e[:2] != "R1"], "R1:up"]
    state.players[1].stock = [0, 0, 0]  # no rainforest tile: it gains seeds, removes 2
    show(state, "W28", 0)  # a shrubland animal stays on display to be reserved
    _, after = GAME.apply(ready(state), 0, EndTurn())
    assert after.current == 1 and after.phase == "reserve"
    assert GAME.to_move(after) == [0]
    assert any(isinstance(m, Reserve) for m in GAME.legal_moves(after, 0))
