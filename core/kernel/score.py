"""The score so far: what each board has scored if the game ended now, and where
the points came from (issue #38: a running score on screen during play).

A title's view carries a `RunningScore` (its `score` field), made by the title's
`scoring.running(state)` from what every seat may see: the same rules as the final
scoring, applied to the public table, so it never depends on a hidden card, tile or
order (a title that scores hidden things only at the end counts the public part and
sets `public_only`). Each part's `key` is the end screen's word for that way to score
(`trail.<game>.<key>` in the PWA's strings), `ref` what it scored for when a way has
several (an objective card, a card with an end-game effect).
"""

from __future__ import annotations

import msgspec


class ScorePart(msgspec.Struct, kw_only=True):
    key: str  # the way to score, as the end screen's trail names it
    points: int
    ref: str = ""  # the component it scored for (a card), when a way has several


class SeatScore(msgspec.Struct, kw_only=True):
    total: int
    parts: list[ScorePart]


class RunningScore(msgspec.Struct, kw_only=True):
    seats: list[SeatScore]  # every board in seat order, then a solo opponent's
    public_only: bool = False  # hidden things that score at the end are not counted


def seat_score(parts: list[ScorePart]) -> SeatScore:
    """A board's total is the sum of its parts (the parts that scored nothing are kept:
    the breakdown names every way to score)."""
    return SeatScore(total=sum(p.points for p in parts), parts=parts)
