"""Every title: the entries each seat and a spectator receive leak nothing (issue #11).

Runs `conformance.check_redacted_entries` on seeded random games with take-backs at
every player count. Each title says here what a seat may not learn from an entry;
a title without that is a failure, so a new engine cannot skip the check.
"""

from __future__ import annotations

from typing import Any

import pytest

from core import games
from core.games.ducks_in_tow.data import CARD_BY_ID, START_BY_ID
from core.kernel import Rng, Timeline, canonical, new_record

from .conformance import Hidden, check_redacted_entries
from .tulikko.helpers import hidden_tiles


def public_cards(state: Any, seat: int | None) -> set[str]:
    """Ducks in Tow cards `seat` sees: the display, every tableau and its own hand
    (the deck, other hands and the face-down discard pile are hidden)."""
    out = set(state.display)
    for i, p in enumerate(state.players):
        out |= {s.card for s in p.tableau}
        if i == seat:
            out |= set(p.hand)
    return out


DUCKS_CARDS = sorted({*CARD_BY_ID, *START_BY_ID})


def ducks_hidden(before: Any, after: Any, seat: int | None) -> set[str]:
    """DIT-050: cards in other hands, the deck and the discards, before and after."""
    return set(DUCKS_CARDS) - public_cards(before, seat) - public_cards(after, seat)


def tulikko_hidden(before: Any, after: Any, seat: int | None) -> set[str]:
    """TUL-009 TUL-018 TUL-020: stacks, the centre tile, the boxed tiles (for everyone)."""
    return set(hidden_tiles(after))


def torii_hidden(before: Any, after: Any, seat: int | None) -> set[str]:
    """TOR: tiles in the bag before and after (tiles put back were seen), and
    village/cherry tiles drawn by another artist."""
    hidden = set(before.bag) & set(after.bag)
    for state in (before, after):
        if state.current != seat:
            hidden |= set(state.drawn)
    return hidden - set(after.holding and [after.holding])


def woods_hidden(before: Any, after: Any, seat: int | None) -> set[str]:
    """WW: tiles in the bag before and after the entry (drawn tiles are shown to
    everyone, and tiles put back into the bag were seen on the way)."""
    return _unseen(set(before.bag) & set(after.bag), "whispering-woods", after)


def _unseen(names: set[str], game_id: str, after: Any) -> set[str]:
    """Names still hidden: a title with several copies of one tile or card shows one
    copy while another stays hidden, so a name a spectator sees is public."""
    shown = canonical(games.get(game_id).view(after, None)).decode()
    return {name for name in names if f'"{name}"' not in shown}


def rewild_hidden(before: Any, after: Any, seat: int | None) -> set[str]:
    """RW: cards face down in the wildlife, predation and plant decks before and
    after the entry (a card put back was seen on the way)."""
    hidden = {c for deck in before.decks for c in deck} & {c for deck in after.decks for c in deck}
    return _unseen(hidden, "rewild-south-america", after)


HIDDEN: dict[str, Hidden] = {
    "tulikko": tulikko_hidden,
    "ducks-in-tow": ducks_hidden,
    "valley-of-the-torii": torii_hidden,
    "whispering-woods": woods_hidden,
    "rewild-south-america": rewild_hidden,
}


def titles() -> list[str]:
    """Every registered title whose engine is written (the fixture game is not a title)."""
    ready = []
    for game_id in games.ids():
        try:
            games.get(game_id)
        except (ModuleNotFoundError, AttributeError):
            continue
        if game_id != "high-card":
            ready.append(game_id)
    return ready


def play_with_takebacks(
    game_id: str, seats: int, seed: int, entries: int, *, undo_one_in: int = 6
) -> Timeline[Any, Any, Any]:
    """Random legal moves; after one, a take-back (when allowed) one time in
    `undo_one_in` (0: never)."""
    game = games.get(game_id)
    timeline = Timeline(game, new_record(game, record_id="leak", seats=seats, seed=seed))
    rng = Rng.seeded(seed, stream=9)
    while timeline.seq < entries and timeline.to_move():
        seat = timeline.to_move()[0]
        timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=f"m{timeline.seq}")
        target = timeline.undo_target()
        if (
            target is not None
            and undo_one_in
            and rng.below(undo_one_in) == 0
            and timeline.takeback_refusal(seat, target) is None
        ):
            timeline.take_back(seat, target, move_id=f"u{timeline.seq}")
    return timeline


def test_every_title_says_what_is_hidden() -> None:
    assert sorted(titles()) == sorted(HIDDEN)


@pytest.mark.parametrize(
    ("game_id", "seats"),
    [
        (g, n)
        for g in sorted(HIDDEN)
        for n in range(games.get(g).info.min_players, games.get(g).info.max_players + 1)
    ],
)
def test_redacted_entries_leak_nothing(game_id: str, seats: int) -> None:
    timeline = play_with_takebacks(game_id, seats, 50 + seats, 160)
    if seats > 1:  # take-backs too (a solitaire turn reveals a tile at nearly every move)
        assert any(not hasattr(e, "events") for e in timeline.record.entries)
    check_redacted_entries(games.get(game_id), timeline, HIDDEN[game_id])
