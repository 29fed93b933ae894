"""Rewild: South America's folds: each applies one event to a state in place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.kernel import Rng

from .data import ACTIONS, BIOMES, CAP, CARDS, HARVEST, SOLO_FLIPPED
from .events import (
    ActionPlayed,
    Attracted,
    Awaiting,
    Completed,
    Ended,
    EndTriggered,
    Extended,
    Flipped,
    Gained,
    Harvested,
    MeeplePlaced,
    Paid,
    Passed,
    Refilled,
    Relocated,
    RemovedCard,
    Reserved,
    Resumed,
    Retriggered,
    Scored,
    SoloDeckBuilt,
    SoloDrew,
    Switched,
    TilePlaced,
    TreePlanted,
    TurnEnded,
    UpgradesDone,
)
from .state import Expert, Meeple, Placed, Reservation, State, Tile


def _harvested(state: State, event: Harvested) -> None:
    player = state.players[event.seat]
    player.hand = [*ACTIONS, HARVEST]  # RW-042
    player.played = []


def _action_played(state: State, event: ActionPlayed) -> None:
    player = state.players[event.seat]
    player.hand.remove(event.card)
    player.played.append(f"{event.card}:{event.half}")
    state.phase = event.then  # type: ignore[assignment]
    state.mode, state.made = "", 0


def _gained(state: State, event: Gained) -> None:
    stock = state.players[event.seat].stock
    stock[event.resource] = min(CAP, stock[event.resource] + event.amount)  # RW-005


def _paid(state: State, event: Paid) -> None:
    stock = state.players[event.seat].stock
    stock[0] -= event.mineral
    stock[1] -= event.water
    stock[2] -= event.seed


def _scored(state: State, event: Scored) -> None:
    state.players[event.seat].score += event.vp


def _removed(state: State, event: RemovedCard) -> None:
    state.display[event.row][event.slot] = ""
    state.removed.append(event.card)


def _tile_placed(state: State, event: TilePlaced) -> None:
    player = state.players[event.seat]
    for f in event.fields:
        player.cover[f] = len(player.tiles)
    player.tiles.append(Tile(event.kind, list(event.fields)))
    state.phase = "attract"


def _extended(state: State, event: Extended) -> None:
    player = state.players[event.seat]
    player.tiles[event.tile].ext = event.field
    player.cover[event.field] = event.tile
    state.made += 1


def _tree_planted(state: State, event: TreePlanted) -> None:
    player = state.players[event.seat]
    tile = player.tiles[event.tile]
    tile.tree = True
    if event.lifted >= 0:  # RW-086, RW-088
        card = next(c for c in player.cards if c.uid == event.lifted)
        player.occ[card.meeple] = -1
        card.hexes.remove(card.meeple)
        card.meeple = -1
        tile.canopy = event.lifted
    state.mode, state.made = "tree", state.made + 1


def _flipped(state: State, event: Flipped) -> None:
    state.players[event.seat].tiles[event.tile].kind = "W"
    state.mode, state.made = "flip", state.made + 1


def _upgrades_done(state: State, event: UpgradesDone) -> None:
    state.phase = "attract"


def _attracted(state: State, event: Attracted) -> None:
    player = state.players[event.seat]
    card = CARDS[event.card]
    if event.slot >= 0:
        state.display[event.row][event.slot] = ""
    else:  # module 2: the seat's reserved card (RW-168)
        reserved = _expert(state).reserved
        reserved.remove(next(r for r in reserved if r.seat == event.seat))
    uid = state.next_uid
    state.next_uid += 1
    placed = Placed(uid, event.card, event.biome, event.on, False, list(event.fields))
    placed.plant_hexes = event.plant_hexes
    placed.meeple = event.meeple
    for f in event.fields:
        player.occ[f] = uid
    b = BIOMES.index(event.biome)  # type: ignore[arg-type]
    player.plant_hexes[b] -= event.plant_hexes
    if event.canopy >= 0:
        player.tiles[event.canopy].canopy = uid
    if event.on >= 0:
        next(c for c in player.cards if c.uid == event.on).covered = True
    if card.effect.kind == "extra_hex":
        player.plant_hexes[BIOMES.index(card.effect.what[0])] += 1  # type: ignore[arg-type]
    player.cards.append(placed)
    if card.deck == "plant":
        state.took_plant = True
    elif card.deck == "predation":
        state.took_predation = True


def _completed(state: State, event: Completed) -> None:
    state.players[event.seat].completed[event.biome] = True


def _end_triggered(state: State, event: EndTriggered) -> None:
    state.final_round = state.round + 1  # RW-157


def _turn_ended(state: State, event: TurnEnded) -> None:
    state.phase = "refill"


def _refilled(state: State, event: Refilled) -> None:
    state.display[event.row] = list(event.display)
    deck = state.decks[event.row]
    del deck[len(deck) - event.revealed :]
    expert = state.expert
    if expert is not None and expert.expert_plants and event.row == 0 and event.revealed:
        expert.window = True  # RW-167: reserving at a pre-turn refill


def _passed(state: State, event: Passed) -> None:
    if state.expert is not None:
        state.expert.window, state.expert.asked = False, []
    if event.to == state.start:
        state.round += 1
    state.current = event.to
    state.turn += 1
    state.took_plant = state.took_predation = False
    state.mode, state.made = "", 0
    state.phase = "play"


def _ended(state: State, event: Ended) -> None:
    state.phase = "over"


def _expert(state: State) -> Expert:
    assert state.expert is not None
    return state.expert


def _awaiting(state: State, event: Awaiting) -> None:
    expert = _expert(state)
    expert.back, expert.biome = event.back, event.biome
    expert.chooser, expert.plant = event.seat, event.plant
    state.phase = event.phase  # type: ignore[assignment]


def _resumed(state: State, event: Resumed) -> None:
    expert = _expert(state)
    state.phase = expert.back  # type: ignore[assignment]
    expert.back, expert.biome, expert.chooser, expert.plant = "", -1, -1, -1


def _reserved(state: State, event: Reserved) -> None:
    expert = _expert(state)
    if event.slot < 0:
        expert.asked.append(event.plant)  # let pass: not again in this window
        return
    state.display[0][event.slot] = ""
    expert.reserved.append(Reservation(event.seat, event.plant, event.card))
    expert.used.append(event.plant)


def _retriggered(state: State, event: Retriggered) -> None:
    if event.onto < 0:
        return
    cards = {c.uid: c for c in state.players[event.seat].cards}
    bottom = cards[event.uid]
    while bottom.on >= 0:  # RW-189: the stack moves with everything beneath it
        bottom = cards[bottom.on]
    bottom.on = event.onto
    cards[event.onto].covered = True


def _meeple_placed(state: State, event: MeeplePlaced) -> None:
    _expert(state).meeples.append(Meeple(event.seat, event.uid, event.field, list(event.tiles)))


def _switched(state: State, event: Switched) -> None:
    _expert(state).switched.append(event.uid)


def _relocated(state: State, event: Relocated) -> None:
    """RW-180: the tile and everything on it move; the old fields are empty again."""
    player = state.players[event.seat]
    tile = player.tiles[event.tile]
    old = [*tile.fields, *([tile.ext] if tile.ext >= 0 else [])]
    new = [*event.fields, *([event.ext] if event.ext >= 0 else [])]
    where = dict(zip(old, new, strict=True))
    marks = [player.occ[f] for f in old]
    for f in old:
        player.cover[f] = -1
        player.occ[f] = -1
    for f, uid in zip(new, marks, strict=True):
        player.cover[f] = event.tile
        player.occ[f] = uid
    for c in player.cards:
        if c.uid in marks:
            c.hexes = [where.get(h, h) for h in c.hexes]
            c.meeple = where.get(c.meeple, c.meeple)
    tile.fields, tile.ext = list(event.fields), event.ext


def _solo_drew(state: State, event: SoloDrew) -> None:
    _expert(state).deck.pop()


def solo_pile(rng: Rng) -> list[str]:
    """RW-201: shuffle the 6 action cards, turn the bottom two by 180 degrees, shuffle
    again, on top of the harvest card (top = last)."""
    cards = list(ACTIONS)
    rng.shuffle(cards)
    pile = [f"{c}:{'down' if i < SOLO_FLIPPED else 'up'}" for i, c in enumerate(cards)]
    rng.shuffle(pile)
    return [f"{HARVEST}:up", *pile]


def _solo_deck_built(state: State, event: SoloDeckBuilt) -> None:
    _expert(state).deck = solo_pile(state.rng)  # RW-207: as at setup


FOLDS: dict[type, Callable[[State, Any], None]] = {
    Harvested: _harvested,
    ActionPlayed: _action_played,
    Gained: _gained,
    Paid: _paid,
    Scored: _scored,
    RemovedCard: _removed,
    TilePlaced: _tile_placed,
    Extended: _extended,
    TreePlanted: _tree_planted,
    Flipped: _flipped,
    UpgradesDone: _upgrades_done,
    Attracted: _attracted,
    Completed: _completed,
    EndTriggered: _end_triggered,
    TurnEnded: _turn_ended,
    Refilled: _refilled,
    Passed: _passed,
    Ended: _ended,
    Awaiting: _awaiting,
    Resumed: _resumed,
    Retriggered: _retriggered,
    MeeplePlaced: _meeple_placed,
    Switched: _switched,
    Relocated: _relocated,
    Reserved: _reserved,
    SoloDrew: _solo_drew,
    SoloDeckBuilt: _solo_deck_built,
}
