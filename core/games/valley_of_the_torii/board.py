"""The painting board and the wheels as pure functions: support (TOR-043..047, TOR-129),
placement (TOR-042, TOR-048, TOR-071, TOR-124) and ≠ lines (TOR-060..064, TOR-181)."""

from __future__ import annotations

from . import data
from .data import SEAL_LINES, SLOTS, TILES


def supports(board: list[str], paper: list[int], slot: int) -> tuple[int, int]:
    """(supports present, supports needed): tiles and paper tiles below, and the edge."""
    s = SLOTS[slot]
    if s.row == 1:
        return 0, 0
    have = sum(1 for j in s.supports if board[j] or j in paper) + (1 if s.edge else 0)
    return have, 2


def placements(board: list[str], paper: list[int], bamboo: bool) -> list[tuple[int, bool]]:
    """Every (slot, with the bamboo seal) where a tile may go now, slot order.

    The bamboo seal is only listed where it is needed: one support short (TOR-071)."""
    first = not any(board)  # TOR-042: the first tile goes in the bottom row
    out = []
    for i, tile in enumerate(board):
        if tile or i in paper or (first and SLOTS[i].row != 1):
            continue
        have, need = supports(board, paper, i)
        if have >= need:
            out.append((i, False))
        elif bamboo and have == need - 1:
            out.append((i, True))
    return out


def line_of(slot: int) -> int:
    """The ≠ line holding `slot`, or -1."""
    for n, line in enumerate(SEAL_LINES):
        if slot in line:
            return n
    return -1


def line_landscapes(board: list[str], paper: list[int], line: int) -> list[str]:
    """The landscapes of a completed ≠ line when they are pairwise different (TOR-060,
    TOR-063, TOR-164); its uncovered slots only, at least 2 (TOR-181). Else []."""
    slots = [i for i in SEAL_LINES[line] if i not in paper]
    if len(slots) < 2 or not all(board[i] for i in slots):
        return []
    kinds = [TILES[board[i]].landscape for i in slots]
    if "" in kinds or len(set(kinds)) != len(kinds):
        return []
    return kinds


def seal_offer(
    board: list[str],
    paper: list[int],
    slot: int,
    *,
    claimed: list[bool],
    holders: list[int],
    freed: tuple[str, ...] = (),
) -> tuple[int, list[str]]:
    """(line, seals the artist may take) once `board` has a tile in `slot` (TOR-061,
    TOR-064): the line must be complete, all different, not have given a seal yet,
    and the seals must be in the centre (`freed` counts as returned)."""
    line = line_of(slot)
    if line < 0 or claimed[line]:
        return line, []
    kinds = line_landscapes(board, paper, line)
    free = [
        seal
        for n, seal in enumerate(data.SEAL_IDS)
        if seal in kinds and (holders[n] < 0 or seal in freed)
    ]
    return line, free


def available(wheel: list[str]) -> list[int]:
    """Available recesses of one wheel: the arrow's two positions, and every tile next
    to an empty recess along the closed ring (TOR-025..030)."""
    n = len(wheel)
    return [
        i
        for i, tile in enumerate(wheel)
        if tile and (i in (0, n - 1) or not wheel[i - 1] or not wheel[(i + 1) % n])
    ]
