"""Rewild's TitleSpec: the move universe, conservation invariants, an independent
recount of final scores (written from the spec, not from the engine's scoring) and
the re-deal of the decks for the leak checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.board import SHAPES, field
from core.games.rewild_south_america.data import (
    ACTIONS,
    CARDS,
    DECKS,
    EXPERT_CARDS,
    EXPERT_PLANTS,
    HARVEST,
    OUTSIDE_EXPERT,
)
from core.games.rewild_south_america.moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    Decline,
    EndTurn,
    Extend,
    Flip,
    Harvest,
    PlaceMeeple,
    PlaceTile,
    PlantTree,
    PlayAction,
    Relocate,
    Reserve,
    Retrigger,
    StopUpgrading,
)
from core.games.rewild_south_america.scoring import RewildOutcome
from core.games.rewild_south_america.state import State, copy_state
from core.kernel import Rng
from tests.games.conformance import TitleSpec

DECK_NAMES = list(DECKS)
ALL_MODULES = {"long_game": True, "expert_plants": True, "expert_board": True, "expert_cards": True}
OPTION_SETS = (
    {},
    {"long_game": True},
    {"expert_plants": True},
    {"expert_board": True},
    {"expert_cards": True},
    ALL_MODULES,
    {"challenge": True},
)


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
    yield Decline()
    for slot in (-1, 0, 4, 5):
        yield Reserve(slot)
    for uid in range(-1, state.next_uid + 1, 3):
        yield Retrigger(uid)
        yield Retrigger(uid, uid - 1)
        yield PlaceMeeple(uid, 7)
    for tile in range(-1, 3):
        yield Relocate(tile, (0,))
        yield Relocate(tile, (10, 11))
        yield Relocate(tile, (12, 13, 17), 18)


def composition(state: State, name: str) -> Counter[str]:
    """A deck's cards by the modules in play: module 2 adds the 7 expert plants
    (RW-166), module 4 swaps one copy of each twin for its expert card (RW-191)."""
    want = Counter({c.id: c.copies for c in DECKS[name]})
    expert = state.expert
    if expert is not None and expert.expert_plants and name == "plant":
        want += Counter(c.id for c in EXPERT_PLANTS)
    if expert is not None and expert.expert_cards:
        for card in EXPERT_CARDS:
            if card.deck == name:
                want[card.twin] -= 1
                want[card.id] += 1
    return +want


def invariant(state: State) -> None:
    """Conservation of every component on every state."""
    for d, name in enumerate(DECK_NAMES):
        where = Counter(state.decks[d]) + Counter(c for c in state.display[d] if c)
        where += Counter(c for c in state.removed if CARDS[c].deck == name)
        if state.expert is not None and name == "wildlife":  # reserved (RW-167)
            where += Counter(r.card for r in state.expert.reserved)
        for player in state.players:
            where += Counter(p.card for p in player.cards if CARDS[p.card].deck == name)
        assert where == composition(state, name), name
    expert = state.expert
    solo = expert is not None and expert.solo
    assert len(state.players) == (2 if solo else state.seats)
    if expert is not None and solo:  # the opponent's pile holds what is not in front of it
        pile = [entry.split(":")[0] for entry in expert.deck]
        assert sorted(pile) == sorted(state.players[1].hand), (pile, state.players[1].hand)
        assert sum(entry.endswith(":down") for entry in expert.deck) <= 2
        assert not pile or pile[0] == HARVEST  # under the pile (RW-201)
    if expert is not None:
        for m in expert.meeples:  # one meeple per expert card, on distinct centres
            owner = state.players[m.seat]
            assert CARDS[next(c.card for c in owner.cards if c.uid == m.uid)].config
        keys = [(m.seat, m.field) for m in expert.meeples]
        assert len(set(keys)) == len(keys) and len({m.uid for m in expert.meeples}) == len(keys)
    uids = []
    for seat, player in enumerate(state.players):
        played = [p.split(":")[0] for p in player.played]
        assert sorted(player.hand + played + ([HARVEST] if HARVEST not in player.hand else []))
        assert sorted(set(player.hand) | set(played)) == sorted(player.hand + played)
        assert HARVEST in player.hand
        assert set(player.hand) | set(played) == {*ACTIONS, HARVEST}
        assert all(0 <= n <= 10 for n in player.stock), player.stock
        assert player.score >= 0
        # every covered field belongs to exactly one tile (or its extension)
        cover = [-1] * len(player.cover)
        if expert is not None and expert.expert_board and not (solo and seat == 1):
            for c, r in OUTSIDE_EXPERT:  # the expert side's boundary (RW-GAP03)
                cover[field(c, r)] = -2
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


def _ending(state: State, placed: Any) -> bool:
    """Does this card score at the end: printed end-game, or switched (RW-173..175)?
    Each switch changes the timing it finds: an odd number of switches flips it
    (rules 2); under rules 1 any switch left it flipped once."""
    printed = CARDS[placed.card].timing
    expert = state.expert
    flips = 0 if expert is None else expert.switched.count(placed.uid)
    switched = flips % 2 == 1 or (flips > 0 and expert is not None and expert.rules_version < 2)
    return printed == ("immediate" if switched else "end")


def raw_scores(state: State) -> list[int]:
    """Final scores from the spec: in-game VP plus every visible end-game effect; the
    resources of gains switched to the end first (RW-179)."""
    herb = {"small_herbivore", "medium_herbivore", "large_herbivore"}
    names = ["mineral", "water", "seed"]
    scores = []
    for player in state.players:
        total = player.score
        ending = [c for c in player.cards if not c.covered and _ending(state, c)]
        stock = list(player.stock)
        for c in ending:
            e = CARDS[c.card].effect
            if e.kind == "gain":
                for name in e.what:
                    i = names.index(name)
                    stock[i] = min(10, stock[i] + (e.x or 1))
        vis = [CARDS[c.card] for c in player.cards if not c.covered]
        for card in (CARDS[c.card] for c in ending):
            e = card.effect
            if e.kind in ("predation", "vp"):
                total += e.x  # RW-178
            elif e.kind == "gain":
                pass
            elif e.kind == "per_predated":
                total += e.x * sum(1 for c in player.cards if c.covered)
            elif e.kind == "per_covered_field":
                total += e.x * sum(1 for t in player.cover if t >= 0)
            elif e.kind == "per_type":
                kinds = herb if e.what == ("herbivore",) else set(e.what)
                total += e.x * sum(1 for v in vis if v.type in kinds)
            elif e.kind == "per_symbol":
                total += e.x * _symbols(player, e.what[0])
            elif e.kind == "per_tall_tree":
                total += e.x * _symbols(player, "T")
            elif e.kind == "per_resource":
                total += e.x * stock[names.index(e.what[0])]
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


def recount(state: State) -> list[int]:
    """The seats' final scores (solo: the human's alone)."""
    scores = raw_scores(state)
    return scores[:1] if state.expert is not None and state.expert.solo else scores


def at_end(state: State, outcome: Any) -> None:
    """Solo: the opponent's score x1.5 (x2 with the challenge or any module) rounded up,
    and a tie goes to it (RW-228..RW-230)."""
    assert isinstance(outcome, RewildOutcome)
    expert = state.expert
    if expert is None or not expert.solo:
        assert outcome.opponent is None
        return
    raw = raw_scores(state)[1]
    doubled = expert.challenge or any(
        (expert.long_game, expert.expert_plants, expert.expert_board, expert.expert_cards)
    )
    want = raw * 2 if doubled else (3 * raw + 1) // 2
    assert outcome.opponent == want
    assert (outcome.opponent_raw, outcome.opponent_factor) == (raw, "2" if doubled else "1.5")
    assert outcome.won == (outcome.scores[0] > want)


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """Every deck's order is hidden from everyone: shuffle each, and the Rng."""
    other = copy_state(state)
    for deck in other.decks:
        rng.shuffle(deck)
    other.rng = Rng.seeded(rng.below(1 << 30))
    if other.expert is not None and other.expert.deck:  # the opponent's face-down pile
        rest = other.expert.deck[1:]
        rng.shuffle(rest)
        other.expert.deck[1:] = rest
    return other


SPEC = TitleSpec(
    game=GAME,
    options=OPTION_SETS,
    universe=universe,
    invariant=invariant,
    recount=recount,
    redeal=redeal,
    at_end=at_end,
    rule_id=r"RW-\d{3}",
    games=1,
    slow_games=2,
    check_every=11,
    agree_every=29,
    sample=6,
)
