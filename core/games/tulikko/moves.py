"""Tulikko moves: small steps, so every legal-move list stays short (at most ~20).

Cells are given as `row`, `col` (row 0 at the top, TUL-GAP04). A turn is
Slide -> Place/Discard -> one PlaceToken/SkipToken per adjacent tile ->
(EndTurn, only when an aurora could still be used). Aurora tiles are used with
their own moves whenever the rules allow (TUL-085).
"""

from __future__ import annotations

import msgspec


class Slide(msgspec.Struct, tag="slide"):
    """Step 1B: slide the revealed tile in from `side` (N, E, S, W) (TUL-027)."""

    side: str


class Place(msgspec.Struct, tag="place"):
    """Step 2A: place the taken tile on (row, col); in setup: place the start tile."""

    row: int
    col: int


class Discard(msgspec.Struct, tag="discard"):
    """Step 2A: discard the taken tile, only when no matching space is empty (TUL-034)."""


class PlaceToken(msgspec.Struct, tag="place-token"):
    """Step 2B: put a token on the edge between the new tile and the tile at (row, col)."""

    row: int
    col: int


class SkipToken(msgspec.Struct, tag="skip-token"):
    """Step 2B: leave that edge empty, for good (TUL-045/046)."""

    row: int
    col: int


class UseWildcard(msgspec.Struct, tag="use-wildcard"):
    """Landscape wildcard aurora: claim landscape card `card` (TUL-089)."""

    card: str


class UseReslide(msgspec.Struct, tag="use-reslide"):
    """Re-slide aurora: slide the taken tile back in from `side` (TUL-092)."""

    side: str


class UseFreePlacement(msgspec.Struct, tag="use-free-placement"):
    """Free-placement aurora: the taken tile may go on any empty space (TUL-096)."""


class UseMoveTile(msgspec.Struct, tag="use-move-tile"):
    """Move-tile aurora, part 1: pick up the tile at (row, col) (TUL-098)."""

    row: int
    col: int


class MoveTo(msgspec.Struct, tag="move-to"):
    """Move-tile aurora, part 2: put the picked tile on empty (row, col) (TUL-099)."""

    row: int
    col: int


class EndTurn(msgspec.Struct, tag="end-turn"):
    """End the turn (offered only while an aurora tile could still be used)."""


Move = (
    Slide
    | Place
    | Discard
    | PlaceToken
    | SkipToken
    | UseWildcard
    | UseReslide
    | UseFreePlacement
    | UseMoveTile
    | MoveTo
    | EndTurn
)
