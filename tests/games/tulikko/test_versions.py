"""Records played under older rules replay and verify exactly as they were played.

Rules 2 changed the landscape wildcard (TUL-090) and river side connections
(TUL-070/071). `records/v1-wildcard-without-tokens.json` was recorded by the rules-1
engine (before the change): at seq 89 seat 0 uses the wildcard with no animal token
left, which rules 2 refuses. A game keeps the rules it began under (State.rules_version,
from Setup.rules_version), and a rules-1 state encodes (and hashes) as it always did.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from core.games.tulikko import GAME, data, goals
from core.games.tulikko.events import LandscapeAchieved
from core.games.tulikko.moves import UseWildcard
from core.games.tulikko.rules import RULES_VERSION
from core.kernel import SetupError, Timeline, canonical, clone, decode_record, digest
from core.kernel.record import Entry

from ..conformance import refused
from .helpers import scenario

V1_RECORD = Path(__file__).parent / "records" / "v1-wildcard-without-tokens.json"


def test_a_rules_1_record_verifies_and_replays_to_its_stored_hashes() -> None:
    """TUL-090 TUL-055: the rules-1 record (a wildcard used with 0 tokens) re-decides and
    folds to every state hash it stored, under today's engine."""
    record = decode_record(V1_RECORD.read_bytes(), GAME)
    assert record.genesis.rules_version == "1" and RULES_VERSION == "2"
    verified = Timeline(GAME, record, check="verify")
    replayed = Timeline(GAME, record, check="replay", snapshot_every=10_000)
    for entry in record.entries:
        assert digest(replayed.state_at(entry.seq)) == entry.state_hash
    assert digest(verified.state) == record.entries[-1].state_hash
    wildcard = record.entries[88]
    assert isinstance(wildcard, Entry) and isinstance(wildcard.move, UseWildcard)
    achieved = [e for e in wildcard.events if isinstance(e, LandscapeAchieved)]
    assert achieved == [LandscapeAchieved(0, wildcard.move.card, 0, wildcard=True)]
    # The same move under rules 2 is refused: no animal token to place.
    before = clone(verified.state_at(88))
    assert before.players[0].animals == 0
    before.rules_version = "2"
    refused(GAME, before, 0, wildcard.move, "TUL-090", "no-token")


def test_rules_1_states_encode_as_before_and_rules_2_states_say_so() -> None:
    """TUL-090: the rules version is kept in the state, and left out of a rules-1 encoding."""
    v1 = GAME.initial(msgspec.structs.replace(GAME.setup(2, 5, {}), rules_version="1"))
    v2 = GAME.initial(GAME.setup(2, 5, {}))
    assert (v1.rules_version, v2.rules_version) == ("1", "2")
    assert b"rules_version" not in canonical(v1)
    assert b'"rules_version":"2"' in canonical(v2)
    assert canonical(v2).replace(b',"rules_version":"2"', b"") == canonical(v1)
    with pytest.raises(SetupError):
        GAME.initial(msgspec.structs.replace(GAME.setup(2, 5, {}), rules_version="9"))


def test_a_rules_1_game_keeps_rules_1() -> None:
    """TUL-090 TUL-070: a game begun under rules 1 still offers the wildcard with 0 tokens
    and counts tokens meeting at one vertex as a side-to-side river."""
    state = scenario(phase="slide", auroras={"aurora-PURPLE-3": 0})
    state.players[0].animals = 0
    assert not [m for m in GAME.legal_moves(state, 0) if isinstance(m, UseWildcard)]
    state.rules_version = "1"
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, UseWildcard)]
    star = [data.NO_TOKEN] * len(data.EDGES)
    for segment in [((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (2, 1)), ((1, 1), (1, 2))]:
        star[data.SEGMENT_EDGE[segment]] = data.RIVER
    assert goals.landscape_met("RIVER-06", [""] * data.CELLS, star, chains=True)
    assert not goals.landscape_met("RIVER-06", [""] * data.CELLS, star)
