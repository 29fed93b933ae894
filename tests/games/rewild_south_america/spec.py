"""Rewild's TitleSpec: the move universe, conservation invariants, an independent
recount of final scores (written from the spec, not from the engine's scoring) and
the re-deal of the decks for the leak checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.board import SHAPES
from core.games.rewild_south_america.data import ACTIONS, CARDS, DECKS, HARVEST
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    EndTurn,
    Extend,
    Flip,
    Harvest,
    PlaceTile,
    PlantTree,
    PlayAction,
    StopUpgrading,
)
from core.games.rewild_south_america.state import State, copy_state
from core.kernel import Rng
from tests.games.conformance import TitleSpec

DECK_NAMES = list(DECKS)


def universe(state: State, seat: int) -> Iterable[Any]:
    """Moves of every shape, legal or not."""
    yield from GAME.legal_moves(state, state.current)
    yield Harvest()
    yield EndTurn()
    yield StopUpgrading()
    for card in [*ACTIONS, "X9"]:
        yield PlayAction(card, "top")
        yield PlayAction(card, "bottom")
    for kind in ("S", "G", "R"):
        for fields in SHAPES[kind][::9]:
            yield PlaceTile(fields)
    yield PlaceTile((0, 99))
    for tile in range(-1, 4):
        yield PlantTree(tile)
        yield Flip(tile)
        for f in (0, 6, 17, 34):
            yield Extend(tile, f)
    for slot in (-1, 0, 2, 4, 5):
        for biome in ("S", "G", "R", "X"):
            yield AttractWildlife(slot, biome)
            yield AttractWildlife(slot, biome, (0, 1))
            yield AttractWildlife(slot, biome, (5,), 1)
            yield AttractWildlife(slot, biome, (), 0, 0)
            yield AttractPlant(slot, biome)
        for uid in range(-1, state.next_uid + 1):
            yield AttractPredation(slot, uid)
            yield AttractPlant(slot, "G", uid)


def invariant(state: State) -> None:
    """Conservation of every component on every state."""
    for d, name in enumerate(DECK_NAMES):
        where = Counter(state.decks[d]) + Counter(c for c in state.display[d] if c)
        where += Counter(c for c in state.removed if CARDS[c].deck == name)
        for player in state.players:
            where += Counter(p.card for p in player.cards if CARDS[p.card].deck == name)
        assert where == Counter({c.id: c.copies for c in DECKS[name]}), name
    uids = []
    for player in state.players:
        played = [p.split(":")[0] for p in player.played]
        assert sorted(player.hand + played + ([HARVEST] if HARVEST not in player.hand else []))
        assert sorted(set(player.hand) | set(played)) == sorted(player.hand + played)
        assert HARVEST in player.hand
        assert set(player.hand) | set(played) == {*ACTIONS, HARVEST}
        assert all(0 <= n <= 10 for n in player.stock), player.stock
        assert player.score >= 0
        # every covered field belongs to exactly one tile (or its extension)
        cover = [-1] * len(player.cover)
        for i, tile in enumerate(player.tiles):
            for f in [*tile.fields, *([tile.ext] if tile.ext >= 0 else [])]:
                assert cover[f] == -1, f"field {f} covered twice"
                cover[f] = i
            assert tile.canopy < 0 or tile.tree
        assert cover == player.cover
        # markers: each marked field holds the marker of exactly the card listing it
        occ = [-1] * len(player.occ)
        for card in player.cards:
            uids.append(card.uid)
            for f in card.hexes:
                assert occ[f] == -1 and player.cover[f] >= 0
                occ[f] = card.uid
        assert occ == player.occ
        for b, biome in enumerate("SGR"):
            given = sum(
                1
                for c in player.cards
                if CARDS[c.card].effect.kind == "extra_hex"
                and CARDS[c.card].effect.what[0] == biome
            )
            used = sum(c.plant_hexes for c in player.cards if c.biome == biome)
            assert player.plant_hexes[b] == given - used >= 0
        # a covered card lies under exactly one card
        under = Counter(c.on for c in player.cards if c.on >= 0)
        assert all(n == 1 for n in under.values())
        assert {c.uid for c in player.cards if c.covered} == set(under)
    assert len(uids) == len(set(uids)) == state.next_uid


def _symbols(player: Any, symbol: str) -> int:
    """Symbols on tiles, upright action halves and plants, counted independently."""
    n = 0
    for tile in player.tiles:
        if symbol == "T" and tile.tree:
            n += 1
        if symbol == tile.kind:
            n += 2 if tile.ext >= 0 else 1
    table = {  # RW-GAP06
        ("S1", "top"): "S", ("S2", "top"): "S", ("S2", "bottom"): "S",
        ("G1", "top"): "G", ("G2", "top"): "G", ("G2", "bottom"): "W",
        ("R1", "top"): "R", ("R2", "top"): "R", ("R2", "bottom"): "T",
    }  # fmt: skip
    for played in player.played:
        card, half = played.split(":")
        n += table.get((card, half)) == symbol
    for c in player.cards:
        effect = CARDS[c.card].effect
        if effect.kind == "extra_symbols":
            n += list(effect.what).count(symbol)
    return n


def recount(state: State) -> list[int]:
    """Final scores from the spec: in-game VP plus every visible end-game effect."""
    herb = {"small_herbivore", "medium_herbivore", "large_herbivore"}
    scores = []
    for player in state.players:
        total = player.score
        vis = [CARDS[c.card] for c in player.cards if not c.covered]
        for card in vis:
            if card.timing != "end":
                continue
            e = card.effect
            if e.kind == "per_type":
                kinds = herb if e.what == ("herbivore",) else set(e.what)
                total += e.x * sum(1 for v in vis if v.type in kinds)
            elif e.kind == "per_symbol":
                total += e.x * _symbols(player, e.what[0])
            elif e.kind == "per_tall_tree":
                total += e.x * _symbols(player, "T")
            elif e.kind == "per_resource":
                total += e.x * player.stock[["mineral", "water", "seed"].index(e.what[0])]
            elif e.kind == "per_predated_herbivore":
                total += e.x * sum(
                    1 for c in player.cards if c.covered and CARDS[c.card].type in herb
                )
            elif e.kind == "per_canopy_meeple":
                total += e.x * sum(1 for t in player.tiles if t.canopy >= 0)
            elif e.kind == "per_wetland_marker":
                total += e.x * sum(
                    1
                    for card_ in player.cards
                    for f in card_.hexes
                    if player.tiles[player.cover[f]].kind == "W"
                )
            else:
                raise AssertionError(f"unknown end effect {e.kind}")
        scores.append(total)
    return scores


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """Every deck's order is hidden from everyone: shuffle each, and the Rng."""
    other = copy_state(state)
    for deck in other.decks:
        rng.shuffle(deck)
    other.rng = Rng.seeded(rng.below(1 << 30))
    return other


SPEC = TitleSpec(
    game=GAME,
    universe=universe,
    invariant=invariant,
    recount=recount,
    redeal=redeal,
    rule_id=r"RW-\d{3}",
    games=1,
    slow_games=20,
    check_every=11,
    agree_every=29,
    sample=6,
)
