"""Whispering Woods state structs: everything a game needs, nothing derived, no floats.

A forest is a list of `Placed` tiles at axial hex positions (data.py, WW-GAP01);
a tile id names its colour, path and VP (data.TILES), a starting tile is `S-<colour>`.
Hidden: the bag's order (tiles are drawn from its end, and it is reshuffled when
tiles go back in, WW-035) and the Rng. Everything else is on the table.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.kernel import Rng

# setup: solitaire only, choose the animal for the starting tile (WW-103);
# close and end are automatic (the refill happens on entering refresh);
# refresh, take, second and walk are the player's steps.
Phase = Literal["setup", "refresh", "take", "second", "walk", "close", "end", "over"]


class Placed(msgspec.Struct, kw_only=True):
    """A tile in a forest: side A up (forest tile) or side B up (mission tile)."""

    q: int
    r: int
    tile: str
    mission: bool  # side B up (WW-009); the starting tile always is
    animal: str = ""  # the animal standing on it ("" on a forest tile, WW-050)


class Completed(msgspec.Struct, kw_only=True):
    """A mission tile in the personal area (WW-063), and who completed it when."""

    tile: str
    animal: str  # the animal that walked its path (WW-113)
    turn: int  # the game's turn counter when it was completed (WW-138)
    flipped: bool = False  # spent to refresh the market (WW-031)


class PlayerState(msgspec.Struct, kw_only=True):
    colour: str  # player colour (data.PLAYER_COLOURS)
    forest: list[Placed]
    supply: list[str]  # animals not yet in the forest (WW-014; solitaire tiles, WW-104)
    completed: list[Completed]  # personal area, in completion order
    combos: list[str]  # combo cards taken (WW-079)
    turns: int = 0


class SoloState(msgspec.Struct, kw_only=True):
    """The solitaire board (WW-GAP09/10/11)."""

    level: int
    track: list[str]  # step-4 tiles on R1..R12, in order (WW-114)
    extra: list[str]  # step-4 tiles on the level card's extra spaces E1..Ek (WW-128)
    achieved: list[int]  # indices of achieved level missions, in achievement order
    set_aside: list[str]  # market tiles purged in step 4 (WW-115)
    marker: int = 0  # score marker position 0..59 (WW-122)
    bear: bool = False  # the bear piece is taken: 60 points reached (WW-123)
    cleared: bool = False


class State(msgspec.Struct, kw_only=True):
    rng: Rng
    seats: int
    start_player: int  # holds the start player token, never passes (WW-019)
    current: int
    turn: int  # +1 whenever a turn starts (the take-back scope)
    round: int
    phase: Phase
    market: list[str]  # side A up (WW-017)
    bag: list[str]  # hidden order; drawn from the end
    combo_supply: list[str]  # combo cards left (data.COMBO_CARDS order)
    boxed: list[str]  # starting tiles, animals and cards left in the box (WW-012, WW-102)
    players: list[PlayerState]
    refreshed: bool = False  # the current player refreshed this turn (WW-030)
    walked: int = 0  # missions completed in the current turn (WW-071)
    final_round: bool = False  # WW-085..089
    end_reason: str = ""
    solo: SoloState | None = None


def copy_state(state: State) -> State:
    """A deep copy of `state`, much faster than the kernel's `clone`.

    `decide` and `evolve` copy a state for every move, so this is the hot path.
    tests/games/whispering_woods/test_state.py checks it equals `clone(state)` and
    shares no mutable object with its input (a field added here but not copied fails
    there, not in a game)."""
    solo = state.solo
    return msgspec.structs.replace(
        state,
        rng=Rng(state.rng.state, state.rng.inc),
        market=state.market[:],
        bag=state.bag[:],
        combo_supply=state.combo_supply[:],
        boxed=state.boxed[:],
        players=[
            msgspec.structs.replace(
                p,
                forest=[msgspec.structs.replace(t) for t in p.forest],
                supply=p.supply[:],
                completed=[msgspec.structs.replace(c) for c in p.completed],
                combos=p.combos[:],
            )
            for p in state.players
        ],
        solo=None
        if solo is None
        else msgspec.structs.replace(
            solo,
            track=solo.track[:],
            extra=solo.extra[:],
            achieved=solo.achieved[:],
            set_aside=solo.set_aside[:],
        ),
    )
