"""Rewild: South America's state: ints, strings and lists only."""

from __future__ import annotations

from typing import Literal

import msgspec

from core.kernel import Rng

Phase = Literal[
    "play",
    "place",
    "extend",
    "upgrade",
    "attract",
    "refill",
    "retrigger",
    "meeple",
    "relocate",
    "reserve",
    "over",
]


class Tile(msgspec.Struct):
    """A biome tile on a board (RW-061): its kind (S, G, W, R) and fields; a shrubland's
    extension field (RW-072), a rainforest's tall tree and the animal on top of it."""

    kind: str
    fields: list[int]
    ext: int = -1
    tree: bool = False
    canopy: int = -1  # uid of the animal whose meeple stands on the tree


class Placed(msgspec.Struct):
    """A card in a biome row (RW-092). `on`: the card it covers (predation); `covered`:
    predated (RW-113); `hexes`: its markers' fields; `meeple`: the field of its branch
    meeple on the ground, -1 when none stands on the board's ground."""

    uid: int
    card: str
    biome: str
    on: int = -1
    covered: bool = False
    hexes: list[int] = []
    plant_hexes: int = 0
    meeple: int = -1


class Player(msgspec.Struct):
    stock: list[int]  # mineral, water, seed (RW-003)
    hand: list[str]  # player cards in hand (RW-022)
    played: list[str]  # played action cards in front, "<card>:<half>" (RW-039)
    cover: list[int]  # field -> index in tiles, -1 empty
    occ: list[int]  # field -> uid of the animal marking it, -1 unoccupied
    tiles: list[Tile] = []
    cards: list[Placed] = []
    plant_hexes: list[int] = msgspec.field(
        default_factory=lambda: [0, 0, 0]
    )  # free plant-provided hexes per biome (RW-146)
    completed: list[bool] = msgspec.field(default_factory=lambda: [False] * 3)  # RW-125
    score: int = 0


class Meeple(msgspec.Struct):
    """An expert meeple on a board (RW-193): whose card it is, its centre field and
    the tiles of its configuration (they can no longer move, RW-183)."""

    seat: int
    uid: int
    field: int
    tiles: list[int] = []


class Reservation(msgspec.Struct):
    """Module 2: a wildlife card lying on reserve plant `plant`, `seat`'s alone (RW-168)."""

    seat: int
    plant: int
    card: str


class Expert(msgspec.Struct, omit_defaults=True):
    """What the expert modules and the solo opponent add (RW-164, RW-200); absent from
    a base game's state, so base games keep their encoding and hashes."""

    long_game: bool = False  # module 1 (RW-165)
    expert_plants: bool = False  # module 2 (RW-166)
    expert_board: bool = False  # module 3 (RW-184)
    expert_cards: bool = False  # module 4 (RW-191)
    challenge: bool = False  # solo: the opponent's score x2 (RW-230)
    solo: bool = False  # players[1] is the opponent (RW-200)
    deck: list[str] = []  # the opponent's face-down pile, "<card>:up|down", top = last
    switched: list[int] = []  # uids whose effect timing a switch plant flipped (RW-173)
    meeples: list[Meeple] = []  # expert meeples placed (RW-193)
    back: str = ""  # the phase a re-trigger or meeple choice returns to
    biome: int = -1  # the biome just completed (re-trigger) or still to check (meeple)
    reserved: list[Reservation] = []  # RW-167, RW-168
    used: list[int] = []  # reserve plants that have reserved (once, RW-167)
    window: bool = False  # a pre-turn refill revealed wildlife: reserving is open
    asked: list[int] = []  # reserve plants that let this window pass
    chooser: int = -1  # the seat deciding a reservation
    plant: int = -1  # the reserve plant it decides for
    # The rules the game is played under (rules.RULES_VERSIONS). 1, omitted from the
    # encoding: records made before RULES_VERSION "2" (a second switch plant on a card
    # left it switched; the solo opponent compared card ids, so an expert card never
    # counted as its twin), replayed as played. 2: a switch flips the timing it finds
    # (RW-173); an expert card is its twin to every rule but its reward (RW-192).
    rules_version: int = 1


class State(msgspec.Struct, omit_defaults=True):
    """Every field but `expert` is required, so `omit_defaults` drops only an absent
    `expert` (a base game's encoding is what it was before the modules)."""

    seats: int
    rng: Rng
    decks: list[list[str]]  # wildlife, predation, plant (top = last)
    display: list[list[str]]  # slot 0 leftmost; "" = empty (RW-029)
    players: list[Player]
    removed: list[str]  # RW-059
    start: int
    current: int
    round: int
    final_round: int  # 0 = the end is not triggered (RW-157)
    turn: int
    next_uid: int
    mode: str  # the upgrade chosen this action: "", "tree", "flip" (RW-058)
    made: int  # upgrades made by this action (RW-047)
    took_plant: bool  # RW-034
    took_predation: bool
    phase: Phase
    expert: Expert | None = None


def copy_tile(t: Tile) -> Tile:
    return Tile(t.kind, list(t.fields), t.ext, t.tree, t.canopy)


def copy_placed(p: Placed) -> Placed:
    return Placed(p.uid, p.card, p.biome, p.on, p.covered, list(p.hexes), p.plant_hexes, p.meeple)


def copy_player(p: Player) -> Player:
    return Player(
        list(p.stock),
        list(p.hand),
        list(p.played),
        list(p.cover),
        list(p.occ),
        [copy_tile(t) for t in p.tiles],
        [copy_placed(c) for c in p.cards],
        list(p.plant_hexes),
        list(p.completed),
        p.score,
    )


def copy_expert(e: Expert) -> Expert:
    return Expert(
        e.long_game,
        e.expert_plants,
        e.expert_board,
        e.expert_cards,
        e.challenge,
        e.solo,
        list(e.deck),
        list(e.switched),
        [Meeple(m.seat, m.uid, m.field, list(m.tiles)) for m in e.meeples],
        e.back,
        e.biome,
        [Reservation(r.seat, r.plant, r.card) for r in e.reserved],
        list(e.used),
        e.window,
        list(e.asked),
        e.chooser,
        e.plant,
        e.rules_version,
    )


def copy_state(state: State) -> State:
    """A deep copy, by hand (faster than the kernel's `clone`, tested equal to it)."""
    return State(
        state.seats,
        Rng(state.rng.state, state.rng.inc),
        [list(d) for d in state.decks],
        [list(d) for d in state.display],
        [copy_player(p) for p in state.players],
        list(state.removed),
        state.start,
        state.current,
        state.round,
        state.final_round,
        state.turn,
        state.next_uid,
        state.mode,
        state.made,
        state.took_plant,
        state.took_predation,
        state.phase,
        None if state.expert is None else copy_expert(state.expert),
    )
