"""Records made under older rules replay exactly as they were played (DIT-091, DIT-130).

`records/v1-*.json` were made by the engine of rules version "1-provisional" (before
the discard pile was reshuffled into a new deck): a bot that empties the deck, so both
games end by that version's "cards-exhausted" end, with take-backs on the way. They
must open, verify (re-deciding every move) and replay to the state hashes they carry.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.games.ducks_in_tow import GAME
from core.games.ducks_in_tow import moves as mv
from core.games.ducks_in_tow.data import RULES_VERSION
from core.games.ducks_in_tow.state import State
from core.kernel import Setup, SetupError, TakeBack, Timeline, canonical, decode_record, verify
from core.kernel import new_record as make_record

from .helpers import finish_turn, set_display, set_tableau

RECORDS = sorted((Path(__file__).parent / "records").glob("v1-*.json"))


def test_rules_version_is_3() -> None:
    """The discard pile (DIT-091, DIT-130) made rules 2, the exact stall test rules 3
    (a game may end earlier): the version a new record carries in its genesis; the
    older ones still open."""
    assert GAME.info.rules_version == RULES_VERSION == "3"
    record = make_record(GAME, record_id="n", seats=2, seed=1)
    assert record.genesis.rules_version == "3"
    assert GAME.initial(record.genesis.setup()).rules_version == 3
    for version, number in (("1-provisional", 1), ("2", 2), ("3", 3), ("", 3)):
        setup = Setup(game="ducks-in-tow", seats=2, seed=1, rules_version=version)
        assert GAME.initial(setup).rules_version == number


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_v1_records_verify_and_replay_to_their_hashes(path: Path) -> None:
    """A rules-1 record re-decides to the same events and folds to every stored hash."""
    record = decode_record(path.read_bytes(), GAME)
    assert record.genesis.rules_version == "1-provisional"
    assert any(isinstance(e, TakeBack) for e in record.entries)
    assert verify(GAME, record) is None
    timeline = Timeline(GAME, record, check="replay", snapshot_every=1)  # every hash
    outcome = GAME.outcome(timeline.state)
    assert outcome is not None and outcome.end_reason == "cards-exhausted"


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_v1_states_encode_as_before(path: Path) -> None:
    """Nothing new in a rules-1 state's encoding (its hash is sha256 of it)."""
    timeline = Timeline(GAME, decode_record(path.read_bytes(), GAME))
    for seq in timeline.line:
        state = timeline.state_at(seq)
        assert state.rules_version == 1 and b"rules_version" not in canonical(state)
    assert b'"rules_version":3' in canonical(GAME.initial(GAME.setup(2, 1, {})))


def test_an_unknown_rules_version_is_refused() -> None:
    with pytest.raises(SetupError, match="rules version"):
        GAME.initial(Setup(game="ducks-in-tow", seats=2, seed=1, rules_version="9"))


def _no_cards_to_draw(rules_version: str) -> tuple[int, State]:
    """The player to move, with deck and display empty and the discard pile holding
    cards (the other player's deck draws were discarded), about to end the turn."""
    state = GAME.initial(Setup(game="ducks-in-tow", seats=2, seed=58, rules_version=rules_version))
    seat = state.current
    set_display(state, [])
    pile = state.deck[:3]
    set_tableau(state, 1 - seat, [state.players[1 - seat].start_card, *state.deck[3:]])
    state.deck, state.discards = [], pile  # three cards lie face down on the pile
    return seat, state


def test_the_old_rules_still_end_when_cards_run_out_the_new_do_not() -> None:
    """Rules 1 ended the game when deck and display were both empty ("cards-exhausted",
    its discards having left the game); rules 2 reshuffle the discard pile (DIT-130) and
    have no such end, the rulebook's triggers being only DIT-132 and DIT-136."""
    seat, old = _no_cards_to_draw("1-provisional")
    old = finish_turn(old)
    assert (old.end_trigger, old.end_reason) == (seat, "cards-exhausted")
    assert GAME.outcome(finish_turn(old)) is not None
    seat, new = _no_cards_to_draw("")
    assert mv.TakeDeck() not in GAME.legal_moves(new, seat)  # no hand step: hand is full
    new = finish_turn(new)
    assert (new.end_trigger, new.end_reason) == (-1, "")
    assert len(new.display) == 3 and new.discards == []  # reshuffled, then turned
    for _ in range(4):
        new = finish_turn(new)
    assert GAME.outcome(new) is None
