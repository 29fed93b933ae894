"""No seat brute-forces what was redacted from the entries it receives (issue #11).

A commitment that is a plain hash of hidden data gives it away: Tulikko's hidden
centre tile is one of 60 tiles, a Ducks in Tow draw or discard one of 48 cards, and
hashing each candidate into the redacted copy finds the one that matches. These
tests do exactly that, as every other seat and a spectator, against every hash the
copy carries and the entry hash the next entry names; then check that the
commitments do bind the hidden values once the seed is out.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.ducks_in_tow import events as dev
from core.games.ducks_in_tow import moves as dmv
from core.games.ducks_in_tow.data import CARD_BY_ID
from core.games.tulikko.data import TILE_COLOUR
from core.games.tulikko.events import Slid
from core.kernel import (
    Entry,
    Timeline,
    check_commitments,
    digest,
    entry_hash,
    redact_entry,
)

from .brute_force import blanks, matching_candidates
from .test_redacted_entries import play_with_takebacks

TILES = sorted(TILE_COLOUR)  # 60: every forest tile
CARDS = sorted(CARD_BY_ID)  # 48: every location card


def attack(timeline: Timeline[Any, Any, Any], entry: Entry[Any, Any], viewer: int | None,
           candidates: list[str]) -> list[tuple[str, ...]]:  # fmt: skip
    """What `viewer` finds by brute force in its copy of `entry` (and the next prev_hash)."""
    game = timeline.game
    copy = msgspec.to_builtins(redact_entry(game, entry, viewer))
    assert blanks(copy["events"]) + blanks(copy["move"]), "nothing was redacted"
    also = {entry_hash(entry)}  # the next entry's prev_hash, the server's tip_hash
    return matching_candidates(game, copy, candidates, also=also)


def test_tulikko_centre_tile_cannot_be_brute_forced() -> None:
    """TUL-018: the tile hidden in the centre stays hidden from every seat."""
    timeline = play_with_takebacks("tulikko", 3, 41, 60, undo_one_in=0)
    slides = [e for e in timeline.record.entries if any(isinstance(ev, Slid) for ev in e.events)]
    assert len(slides) >= 5
    for entry in slides:
        centre = next(ev.centre for ev in entry.events if isinstance(ev, Slid))
        for viewer in [None, 0, 1, 2]:
            assert attack(timeline, entry, viewer, TILES) == [], (entry.seq, viewer, centre)
        check_commitments(timeline.record.genesis, entry)  # binding, once the seed is out


def test_ducks_draws_and_discards_cannot_be_brute_forced() -> None:
    """DIT-050: a card drawn from the deck, or discarded, stays secret to its owner,
    in the events and in the discard move alike."""
    drawn = discarded = just_drawn = 0
    for seed in (3, 4, 5, 6, 7):
        timeline = play_with_takebacks("ducks-in-tow", 2, seed, 600, undo_one_in=0)
        draws_this_turn: set[str] = set()
        for entry in timeline.record.entries:
            cards = [ev.card for ev in entry.events if isinstance(ev, dev.CardDrawn)]
            discard = entry.move if isinstance(entry.move, dmv.DiscardCard) else None
            other = 1 - entry.seat
            if cards:
                drawn += 1
                assert attack(timeline, entry, other, CARDS) == []
                assert attack(timeline, entry, None, CARDS) == []
            if discard is not None:
                discarded += 1
                just_drawn += discard.card in draws_this_turn
                for viewer in (other, None):
                    copy = msgspec.to_builtins(redact_entry(timeline.game, entry, viewer))
                    assert discard.card not in msgspec.json.encode(copy).decode()
                    assert attack(timeline, entry, viewer, CARDS) == []
                mine = redact_entry(timeline.game, entry, entry.seat)
                assert mine.move == discard  # the discarder sees its own move whole
            draws_this_turn = (
                set() if any(isinstance(ev, dev.TurnEnded) for ev in entry.events) else
                draws_this_turn | {c for c in cards if c}
            )  # fmt: skip
            check_commitments(timeline.record.genesis, entry)
    assert drawn >= 5 and discarded >= 2 and just_drawn >= 1, (drawn, discarded, just_drawn)


def test_the_attack_finds_a_plainly_hashed_secret() -> None:
    """The brute force works: on an entry committed as format 1 did (plain sha256),
    it finds the hidden centre tile, and only that one."""
    timeline = play_with_takebacks("tulikko", 2, 41, 20, undo_one_in=0)
    entry = next(e for e in timeline.record.entries if any(isinstance(v, Slid) for v in e.events))
    centre = next(ev.centre for ev in entry.events if isinstance(ev, Slid))
    plain = msgspec.structs.replace(entry, events_hash=digest(entry.events), move_hash="")
    copy = msgspec.to_builtins(redact_entry(timeline.game, plain, 0))
    assert matching_candidates(timeline.game, copy, TILES) == [(centre,)]
