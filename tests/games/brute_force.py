"""Try as another seat would: fill each blank of a redacted entry with every candidate
and hash the result every way a record hashes things, looking for a hash it received.

Shared by the kernel-level tests (tests/games/test_hidden_commitments.py), the server
(tests/server/test_leaks.py) and the browser door (tests/pyodide/test_browser_leaks.py):
they all hand over entries as JSON builtins, exactly as a seat receives them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

from core.kernel import Decider, digest, entry_hash

BLANK_FIELDS = ("card", "centre")  # where Ducks in Tow and Tulikko blank what is hidden


def blanks(obj: Any) -> int:
    """How many hidden fields (None or "" under a BLANK_FIELDS key) `obj` holds."""
    if isinstance(obj, dict):
        return sum(
            1 if key in BLANK_FIELDS and value in (None, "") else blanks(value)
            for key, value in obj.items()
        )
    if isinstance(obj, list):
        return sum(blanks(item) for item in obj)
    return 0


def fill(obj: Any, values: Iterator[str]) -> Any:
    """`obj` with its blanks filled, in order, from `values`."""
    if isinstance(obj, dict):
        return {
            key: next(values)
            if key in BLANK_FIELDS and value in (None, "")
            else fill(value, values)
            for key, value in obj.items()
        }
    if isinstance(obj, list):
        return [fill(item, values) for item in obj]
    return obj


def received_hashes(entry: dict[str, Any]) -> set[str]:
    """Every hash a seat holds about one entry: its fields and the entry hash."""
    hashes = {
        entry[k] for k in ("events_hash", "state_hash", "prev_hash", "move_hash") if k in entry
    }
    return hashes - {""}


def matching_candidates(
    game: Decider[Any, Any, Any, Any],
    entry: dict[str, Any],
    candidates: Iterable[str],
    *,
    also: set[str] = frozenset(),  # type: ignore[assignment]
) -> list[tuple[str, ...]]:
    """The fillings of `entry`'s blanks whose plain hash (of the events, the move, or
    the whole entry as format 1 hashes it) is among the hashes the seat received
    (`received_hashes` and `also`: the next prev_hash, a tip_hash...). Empty: no leak."""
    from core.kernel import Entry

    known = received_hashes(entry) | set(also)
    entry_kind = Entry[game.move_type, game.event_type]  # type: ignore[name-defined]
    found = []
    holes = blanks(entry["events"]) + blanks(entry["move"])
    pool = list(candidates)
    # Every candidate in every blank: the blanks of one entry name one thing (a discard
    # names its card in the move and in the event); a Ducks draw is one card a move.
    for filling in [(c,) * holes for c in pool]:
        values = iter(filling)
        events = fill(entry["events"], values)
        move = fill(entry["move"], values)
        typed_events = [msgspec.convert(e, game.event_type) for e in events]
        typed_move = msgspec.convert(move, game.move_type)
        tries = {digest(typed_events), digest(typed_move)}
        guessed = dict(entry, events=events, move=move, events_hash=digest(typed_events))
        guessed.pop("move_hash", None)  # format 1: the entry hash covers the move itself
        tries.add(entry_hash(msgspec.convert(guessed, entry_kind)))
        if tries & known:
            found.append(filling)
    return found
