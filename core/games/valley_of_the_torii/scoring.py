"""Final scoring (TOR-107..122) and the outcome with its trail (score sheet TOR-GAP15).

Solo (TOR-152..157): the opponent board is scored with the same cards, torii sets,
scroll and rainbow rules, never a paintbrush, plus the difficulty bonus; you win
only with a strictly higher score.
"""

from __future__ import annotations

import msgspec

from core.kernel import Outcome
from core.kernel.score import RunningScore, ScorePart, seat_score

from . import data
from .objectives import card_vp
from .state import State


class Sheet(msgspec.Struct, kw_only=True):
    """One board's column of the score pad (TOR-GAP15)."""

    scroll: int
    paintbrush: int
    objectives: list[int]  # one per card in play, state.objectives order
    torii: int
    rainbow: int
    bonus: int  # solo opponent's difficulty bonus
    total: int
    torii_count: int  # tie-break (TOR-120)


class ValleyOfTheToriiOutcome(Outcome, kw_only=True):
    """`sheets[i]` is board i's score pad column (in solo, the opponent's is last)."""

    sheets: list[Sheet]
    objectives: list[str]
    tied: list[int]  # artists tied on points before the tie-breaks
    tie_break: str  # "" | torii | paintbrush | shared (TOR-120..122)
    rainbow: bool = False  # the rainbow tiles variant was played (TOR-165): its pad row


def torii_sets(colours: list[str]) -> list[int]:
    """Set sizes, built greedily: one torii of every colour left, again and again (TOR-116)."""
    counts = [colours.count(c) for c in data.COLOUR_IDS]
    sizes = []
    while any(counts):
        sizes.append(sum(1 for n in counts if n))
        counts = [n - 1 if n else 0 for n in counts]
    return sizes


def board_torii(board: list[str]) -> list[str]:
    """Torii colours on a board's tiles (TOR-117)."""
    return [data.TILES[t].torii for t in board if t and data.TILES[t].torii]


def torii_vp(board: list[str]) -> int:
    return sum(data.TORII_SET_VP[n] for n in torii_sets(board_torii(board)))


def sheet(state: State, board: int) -> Sheet:
    tiles = state.boards[board]
    objectives = [card_vp(card, tiles) for card in state.objectives]
    scroll = data.SCROLLS[state.scrolls[board]] if state.scrolls[board] else 0
    brush = data.PAINTBRUSH_VP if board < state.seats and state.brush_owner == board else 0
    rainbow = data.RAINBOW_VP if data.RAINBOW in tiles else 0
    torii = torii_vp(tiles)
    bonus = state.bonus if board == state.seats else 0
    return Sheet(
        scroll=scroll,
        paintbrush=brush,
        objectives=objectives,
        torii=torii,
        rainbow=rainbow,
        bonus=bonus,
        total=scroll + brush + sum(objectives) + torii + rainbow + bonus,
        torii_count=len(board_torii(tiles)),
    )


def solo_won(mine: int, opponent: int) -> bool:
    """You win only with more than the opponent's score, its bonus included (TOR-157)."""
    return mine > opponent


def rank(
    totals: list[int], torii: list[int], brush_owner: int
) -> tuple[list[int], list[int], list[int], str]:
    """(ranks, winners, tied on points, tie-break used) for the artists' totals: most
    VP (TOR-119), then most torii (TOR-120), then the paintbrush owner (TOR-121),
    otherwise a shared victory (TOR-122)."""
    seats = range(len(totals))

    def key(s: int) -> tuple[int, int, int]:
        return (totals[s], torii[s], int(brush_owner == s))

    best = max(totals)
    tied = [s for s in seats if totals[s] == best]
    top = max(key(s) for s in seats)
    winners = [s for s in seats if key(s) == top]
    tie_break = ""
    if len(tied) > 1:
        most = max(torii[s] for s in tied)
        if sum(torii[s] == most for s in tied) == 1:
            tie_break = "torii"
        elif len(winners) == 1:
            tie_break = "paintbrush"
        else:
            tie_break = "shared"
    ranks = [1 + sum(key(o) > key(s) for o in seats) for s in seats]
    return ranks, winners, tied, tie_break


def outcome(state: State) -> ValleyOfTheToriiOutcome | None:
    if state.phase != "over":
        return None
    sheets = [sheet(state, b) for b in range(len(state.boards))]
    if state.solo:
        mine, won = sheets[0].total, solo_won(sheets[0].total, sheets[1].total)
        return (
            ValleyOfTheToriiOutcome(  # the one seat ranks first; `won` says if it beat the opponent
                scores=[mine],
                ranks=[1],
                winners=[0],
                won=won,
                sheets=sheets,
                objectives=list(state.objectives),
                tied=[],
                tie_break="",
                rainbow=state.rainbow,
            )
        )
    seats = range(state.seats)
    totals = [sheets[s].total for s in seats]
    ranks, winners, tied, tie_break = rank(
        totals, [sheets[s].torii_count for s in seats], state.brush_owner
    )
    return ValleyOfTheToriiOutcome(
        scores=totals,
        ranks=ranks,
        winners=winners,
        sheets=sheets,
        objectives=list(state.objectives),
        tied=tied,
        tie_break=tie_break,
        rainbow=state.rainbow,
    )


def running(state: State) -> RunningScore:
    """Every board's score pad so far (TOR-107..111; solo: the opponent board last,
    with its bonus, TOR-153): the objective cards, the scrolls and the paintbrush are
    face up, so nothing hidden is counted. The rainbow, the paintbrush and the bonus are
    named only where they can score (the variant, an artist's board, solo)."""
    out = []
    for board in range(len(state.boards)):
        s = sheet(state, board)
        parts = [ScorePart(key="torii", points=s.torii), ScorePart(key="scroll", points=s.scroll)]
        parts += [
            ScorePart(key="objective", points=vp, ref=card)
            for card, vp in zip(state.objectives, s.objectives, strict=True)
        ]
        if board < state.seats and not state.solo:
            parts.append(ScorePart(key="paintbrush", points=s.paintbrush))
        if state.rainbow:
            parts.append(ScorePart(key="rainbow", points=s.rainbow))
        if board == state.seats:
            parts.append(ScorePart(key="bonus", points=s.bonus))
        out.append(seat_score(parts))
    return RunningScore(seats=out)
