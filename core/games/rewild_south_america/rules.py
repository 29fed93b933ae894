"""Rewild: South America's engine on the kernel's step dispatch (core/kernel/steps.py).

A turn: play a player card (step "play"); an action may need a tile placed
("place") or upgrades made ("extend", "upgrade"); then attract cards ("attract")
until EndTurn; the rules refill the display and pass the turn ("refill").
Expert modules plug in by overriding the hook methods marked "module hook".
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from core.kernel import Bot, GameInfo, OptionSpec, Outcome, Rng, Setup, Step, StepRules, ensure
from core.kernel.search import search_bot

from .actions import extensions, flip_tiles, performable, placements, stars, tile_cost, tree_tiles
from .attract import attract_options, empty_trees, free_hexes, prey_options
from .board import is_connected
from .data import (
    ACTIONS,
    BIOMES,
    CARDS,
    COLS,
    COMPLETION_VP,
    DECKS,
    DISPLAY,
    END_ANIMALS,
    GAIN_AMOUNT,
    HARVEST,
    HARVEST_SEEDS_R,
    HARVEST_WATER,
    HERBIVORES,
    PREDATORS,
    RESOURCES,
    ROWS,
    STAR_VP,
    START_STOCK,
    TREE_VP,
    gain_of,
)
from .determinize import determinize
from .effects import effect_vp
from .events import (
    ActionPlayed,
    Attracted,
    Completed,
    Ended,
    EndTriggered,
    Event,
    Extended,
    Flipped,
    Gained,
    Harvested,
    Paid,
    Passed,
    Refilled,
    RemovedCard,
    Scored,
    TilePlaced,
    TreePlanted,
    TurnEnded,
    UpgradesDone,
)
from .evolve import FOLDS
from .moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    EndTurn,
    Extend,
    Flip,
    Harvest,
    Move,
    PlaceTile,
    PlantTree,
    PlayAction,
    StopUpgrading,
)
from .scoring import outcome
from .state import Player, State, copy_state
from .view import View, make_view, redact_event

RULES_VERSION = "1"

# Expert modules (RW-164) and the solo opponent follow in the next issue as
# OptionSpec(group="module") entries with modules/<name>.py and solo.py.
OPTIONS: list[OptionSpec] = []

ROW_OF = {"wildlife": 0, "predation": 1, "plant": 2}
NEXT_PHASE = {"gain": "attract", "extend": "extend", "upgrade": "upgrade"}


class RewildSouthAmerica(StepRules[State, Move, Event, View]):
    info = GameInfo(
        id="rewild-south-america",
        title_en="Rewild: South America",
        title_ja="リワイルド：サウスアメリカ",
        min_players=2,
        max_players=4,
        rules_version=RULES_VERSION,
        turn_rule="RW-028",
        end_rule="RW-158",
        options=OPTIONS,
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    # -- setup (RW-019..RW-028, RW-231) ------------------------------------------------

    def initial(self, setup: Setup) -> State:
        rng = Rng.seeded(setup.seed)
        decks = []
        for cards in DECKS.values():  # RW-025: EX cards are not in these decks
            deck = [card.id for card in cards for _ in range(card.copies)]
            rng.shuffle(deck)
            decks.append(deck)
        display = []
        for deck, size in zip(decks, DISPLAY.values(), strict=True):  # RW-026
            display.append([deck.pop() for _ in range(size)][::-1])  # last revealed leftmost
        empty = [-1] * (COLS * ROWS)
        players = [
            Player(list(START_STOCK), [*ACTIONS, HARVEST], [], list(empty), list(empty))
            for _ in range(setup.seats)
        ]
        start = rng.below(setup.seats)  # RW-027: chosen at random
        return State(setup.seats, rng, decks, display, players, start=start, current=start)

    # -- whose turn, what now -----------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase in ("over", "refill") else [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        player = state.players[seat]
        moves: list[Move] = []
        match state.phase:
            case "play":
                for cid in ACTIONS:
                    if cid in player.hand:
                        action = ACTIONS[cid]
                        if performable(player, action.top):
                            moves.append(PlayAction(cid, "top"))
                        if performable(player, action.bottom):
                            moves.append(PlayAction(cid, "bottom"))
                moves.append(Harvest())
            case "place":
                kind = self._placing(state)
                moves += [PlaceTile(fields) for fields in placements(player, kind)]
            case "extend":
                moves += [Extend(tile, f) for tile, f in extensions(player)]
                if state.made:
                    moves.append(StopUpgrading())
            case "upgrade":
                if state.mode != "flip":
                    moves += [PlantTree(t) for t in tree_tiles(player)]
                if state.mode != "tree":
                    moves += [Flip(t) for t in flip_tiles(player)]
                if state.made:
                    moves.append(StopUpgrading())
            case "attract":
                moves += attract_options(state, seat)  # type: ignore[arg-type]
                moves.append(EndTurn())
        return moves

    def automatic(self, state: State) -> Iterator[Event]:
        if state.phase != "refill":
            return
        wildlife_left = len(state.decks[0])
        for row in range(3):  # RW-030, RW-031
            refill = _refill(row, state.display[row], state.decks[row])
            if refill is not None:
                yield refill
        if wildlife_left and not len(state.decks[0]) and not state.final_round:
            yield EndTriggered(state.current, "wildlife-deck")  # RW-155
        nxt = (state.current + 1) % state.seats
        if state.final_round == state.round and nxt == state.start:
            yield Ended()  # RW-157
        else:
            yield Passed(nxt)

    def copy(self, state: State) -> State:
        return copy_state(state)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def reveals(self, event: Event) -> bool:
        return isinstance(event, Refilled) and event.revealed > 0

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def bots(self) -> Mapping[str, Bot]:
        """greedy, and the search levels: ISMCTS over the greedy bot's three best moves
        (its two-step score), each world scored by `evaluate` right after the tree."""
        from .bots import evaluate, greedy

        def search(iterations: int) -> Bot:
            return search_bot(
                iterations,
                evaluate=evaluate,
                rollout_depth=0,
                scale=4.0,
                candidates=3,
                lookahead=1,
                exploration=0.1,
            )

        return {"greedy": greedy, "medium": search(120), "hard": search(200)}

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return determinize(state, seat, rng)

    # -- module hooks ------------------------------------------------------------------

    def end_animals(self, state: State) -> int:
        """Visible animals that trigger the end (RW-153; module 1 makes it 9). Module hook."""
        return END_ANIMALS

    def on_completion(self, work: State, seat: int, biome: int) -> Iterator[Event]:
        """What completing a biome gives (RW-124; module 3 re-triggers). Module hook."""
        yield Completed(seat, biome)
        yield Scored(seat, COMPLETION_VP, f"complete-{BIOMES[biome]}")

    # -- playing a card (RW-035..RW-060) -----------------------------------------------

    def _placing(self, state: State) -> str:
        card, _ = state.players[state.current].played[-1].split(":")
        return ACTIONS[card].top.action[-1]

    def _on_harvest(self, work: State, seat: int, move: Harvest) -> Iterator[Event]:
        tiles = work.players[seat].tiles
        rain = sum(t.kind == "R" for t in tiles)
        other = sum(t.kind in "SGW" for t in tiles)
        yield Harvested(seat)  # RW-042
        seeds = HARVEST_SEEDS_R * rain + math.ceil(other / 2)  # RW-043, RW-045
        if seeds:
            yield Gained(seat, 2, seeds)
        yield Gained(seat, 1, HARVEST_WATER)  # RW-044
        yield TurnEnded(seat)  # RW-049: no attracting after a harvest

    def _on_play(self, work: State, seat: int, move: PlayAction) -> Iterator[Event]:
        player = work.players[seat]
        ensure(move.card in ACTIONS, "no-such-card", "no such action card", "RW-050")
        ensure(move.card in player.hand, "not-in-hand", "that card is in front of you", "RW-040")
        ensure(move.half in ("top", "bottom"), "bad-half", "top or bottom", "RW-038")
        action = ACTIONS[move.card]
        half = action.top if move.half == "top" else action.bottom
        ensure(performable(player, half), "unperformable", "that action cannot be done", "RW-047")
        then = "place" if half.action.startswith("place") else NEXT_PHASE[half.action]
        yield ActionPlayed(seat, move.card, move.half, then)
        if half.action == "gain":  # RW-052, RW-055, RW-057
            yield Gained(seat, RESOURCES.index(half.gain), GAIN_AMOUNT)
            row = ROW_OF[half.remove]
            slots = [s for s, cid in enumerate(work.display[row]) if cid]
            if slots:  # RW-033: the rightmost card
                yield RemovedCard(row, slots[-1], work.display[row][slots[-1]])

    def _on_place(self, work: State, seat: int, move: PlaceTile) -> Iterator[Event]:
        player = work.players[seat]
        kind = self._placing(work)
        ok = tuple(move.fields) in placements(player, kind)
        if not ok:
            free = all(0 <= f < COLS * ROWS and player.cover[f] < 0 for f in move.fields)
            ensure(free, "occupied", "place the tile on empty fields", "RW-063")
            ensure(False, "unaffordable", "not a tile shape you can pay for", "RW-062")
        mineral, water, vp = tile_cost(player, kind, move.fields)
        if mineral or water:
            yield Paid(seat, mineral, water, 0)
        yield TilePlaced(seat, kind, move.fields)
        if vp:
            yield Scored(seat, vp, "stars")  # RW-066
        yield from self._board_full(work, seat)

    def _on_extend(self, work: State, seat: int, move: Extend) -> Iterator[Event]:
        player = work.players[seat]
        ensure(
            (move.tile, move.field) in extensions(player),
            "no-extension",
            "extend a shrubland tile without extension onto an adjacent empty field",
            "RW-071",
        )
        yield Extended(seat, move.tile, move.field)
        vp = stars((move.field,)) * STAR_VP["E"]
        if vp:
            yield Scored(seat, vp, "stars")  # RW-076
        yield from self._board_full(work, seat)

    def _on_tree(self, work: State, seat: int, move: PlantTree) -> Iterator[Event]:
        player = work.players[seat]
        ensure(work.mode != "flip", "one-kind", "trees or wetland flips, not both", "RW-058")
        ensure(move.tile in tree_tiles(player), "no-tree", "a rainforest without a tree", "RW-081")
        ground = player.tiles[move.tile].fields[0]
        uid = player.occ[ground]
        lifted = next(
            (c.uid for c in player.cards if c.uid == uid and c.meeple == ground and not c.covered),
            -1,
        )  # RW-086, RW-116
        yield Paid(seat, 0, 1, 0)
        yield TreePlanted(seat, move.tile, lifted)
        if lifted >= 0:
            yield Scored(seat, TREE_VP, "tree")  # RW-086, RW-087

    def _on_flip(self, work: State, seat: int, move: Flip) -> Iterator[Event]:
        player = work.players[seat]
        ensure(work.mode != "tree", "one-kind", "trees or wetland flips, not both", "RW-058")
        ensure(move.tile in flip_tiles(player), "no-flip", "a grassland tile", "RW-077")
        yield Paid(seat, 0, 1, 0)
        yield Flipped(seat, move.tile)

    def _on_stop(self, work: State, seat: int, move: StopUpgrading) -> Iterator[Event]:
        ensure(work.made > 0, "nothing-upgraded", "make at least one upgrade", "RW-047")
        yield UpgradesDone(seat)

    # -- attracting (RW-092..RW-127) ---------------------------------------------------

    def _on_wildlife(self, work: State, seat: int, move: AttractWildlife) -> Iterator[Event]:
        player = work.players[seat]
        row = work.display[0]
        ensure(0 <= move.slot < len(row) and row[move.slot] != "", "no-card", "no card", "RW-100")
        card = CARDS[row[move.slot]]
        ensure(move.biome in BIOMES, "no-biome", "shrubland, grassland or rainforest", "RW-092")
        b = BIOMES.index(move.biome)  # type: ignore[arg-type]
        need = card.needs[b]
        ensure(need > 0, "cannot-live", "this animal cannot live in that biome", "RW-016")
        if move.canopy != -1:
            ensure(card.tree and move.biome == "R", "no-tree-symbol", "tree animals", "RW-083")
            ensure(
                move.canopy in empty_trees(player) and not move.fields and not move.plant_hexes,
                "no-tree",
                "an empty tall tree",
                "RW-090",
            )
        else:
            ensure(0 <= move.plant_hexes <= player.plant_hexes[b], "no-plant-hex", "", "RW-146")
            ensure(len(move.fields) + move.plant_hexes == need, "count", "hexes needed", "RW-101")
            ensure(list(move.fields) == sorted(set(move.fields)), "order", "sorted", "RW-101")
            free = free_hexes(player, move.biome)
            for f in move.fields:
                if f not in free:
                    covered = 0 <= f < COLS * ROWS and player.cover[f] >= 0
                    mixed = covered and player.occ[f] < 0
                    ensure(not mixed, "mixed", "one biome only", "RW-104")
                    ensure(False, "occupied", "unoccupied hexes of that biome", "RW-102")
            ensure(is_connected(move.fields), "apart", "connected hexes", "RW-103")
        tree_ground = card.tree and move.biome == "R" and move.fields
        yield Attracted(
            seat,
            0,
            move.slot,
            card.id,
            move.biome,
            move.fields,
            move.plant_hexes,
            move.canopy,
            -1,
            move.fields[0] if tree_ground else -1,
        )
        if move.canopy >= 0:
            yield Scored(seat, TREE_VP, "tree")  # RW-090
        yield from self._after_attract(work, seat, card.id, b)

    def _on_predation(self, work: State, seat: int, move: AttractPredation) -> Iterator[Event]:
        player = work.players[seat]
        row = work.display[1]
        ensure(0 <= move.slot < len(row) and row[move.slot] != "", "no-card", "no card", "RW-108")
        ensure(not work.took_predation, "one-predation", "one predation card a turn", "RW-107")
        card = CARDS[row[move.slot]]
        prey = next((c for c in player.cards if c.uid == move.prey), None)
        ensure(prey is not None and not prey.covered, "covered", "a visible card", "RW-112")
        ensure(move.prey in prey_options(player, card), "wrong-prey", "its prey", "RW-108")
        assert prey is not None
        yield Attracted(seat, 1, move.slot, card.id, prey.biome, on=move.prey)
        yield Scored(seat, card.effect.x, card.id)  # RW-109
        yield from self._after_attract(work, seat, card.id, BIOMES.index(prey.biome))  # type: ignore[arg-type]

    def _on_plant(self, work: State, seat: int, move: AttractPlant) -> Iterator[Event]:
        player = work.players[seat]
        row = work.display[2]
        ensure(0 <= move.slot < len(row) and row[move.slot] != "", "no-card", "no card", "RW-120")
        ensure(not work.took_plant, "one-plant", "one plant card a turn", "RW-120")
        card = CARDS[row[move.slot]]
        ensure(player.stock[2] >= card.cost, "seeds", "pay its seeds", "RW-121")
        if card.effect.kind == "predation":
            prey = next((c for c in player.cards if c.uid == move.prey), None)
            ok = move.prey in prey_options(player, card) and prey is not None
            ensure(ok and prey.biome == move.biome, "no-insect", "a visible insect", "RW-123")  # type: ignore[union-attr]
        else:
            ensure(move.prey < 0 and move.biome in card.lives, "biome", "its biomes", "RW-122")
        yield Paid(seat, 0, 0, card.cost)
        yield Attracted(seat, 2, move.slot, card.id, move.biome, on=move.prey)
        yield from self._after_attract(work, seat, card.id, BIOMES.index(move.biome))  # type: ignore[arg-type]

    def _on_end(self, work: State, seat: int, move: EndTurn) -> Iterator[Event]:
        yield TurnEnded(seat)

    def _after_attract(self, work: State, seat: int, cid: str, b: int) -> Iterator[Event]:
        """RW-232: immediate effect, completion, end triggers, in this order."""
        card = CARDS[cid]
        player = work.players[seat]
        if card.timing == "immediate" and card.deck != "predation":
            if card.effect.kind == "gain":  # RW-141, RW-150
                for name, n in gain_of(card.effect).items():
                    yield Gained(seat, RESOURCES.index(name), n)
            else:
                yield Scored(seat, effect_vp(player, card), cid)  # RW-106
        if not player.completed[b] and _complete(player, BIOMES[b]):
            yield from self.on_completion(work, seat, b)  # RW-124, RW-125
        animals = sum(1 for c in player.cards if not c.covered and CARDS[c.card].deck != "plant")
        if animals >= self.end_animals(work) and not work.final_round:
            yield EndTriggered(seat, "animals")  # RW-153

    def _board_full(self, work: State, seat: int) -> Iterator[Event]:
        if all(t >= 0 for t in work.players[seat].cover) and not work.final_round:
            yield EndTriggered(seat, "board-full")  # RW-154

    steps = {
        "play": Step("RW-037", "play a player card", (PlayAction, Harvest)),
        "place": Step("RW-062", "place your biome tile", (PlaceTile,)),
        "extend": Step("RW-053", "extend your shrublands", (Extend, StopUpgrading)),
        "upgrade": Step(
            "RW-058", "plant trees or flip grasslands", (PlantTree, Flip, StopUpgrading)
        ),
        "attract": Step(
            "RW-093",
            "attract cards or end your turn",
            (AttractWildlife, AttractPredation, AttractPlant, EndTurn),
        ),
        "refill": Step("RW-030", "wait for the refill", ()),
    }
    handlers = {
        Harvest: _on_harvest,
        PlayAction: _on_play,
        PlaceTile: _on_place,
        Extend: _on_extend,
        PlantTree: _on_tree,
        Flip: _on_flip,
        StopUpgrading: _on_stop,
        AttractWildlife: _on_wildlife,
        AttractPredation: _on_predation,
        AttractPlant: _on_plant,
        EndTurn: _on_end,
    }
    folds = FOLDS


def _complete(player: Player, biome: str) -> bool:
    """RW-124, RW-126: a plant, an insect, a herbivore and a predator, covered or not."""
    types = {CARDS[c.card].type for c in player.cards if c.biome == biome}
    return (
        "plant" in types
        and "insect" in types
        and any(t in types for t in HERBIVORES)
        and any(t in types for t in PREDATORS)
    )


def _refill(index: int, row: list[str], deck: list[str]) -> Refilled | None:
    """Slide the row's cards right, then fill from the right with the last revealed
    leftmost (RW-030, RW-031); slots the deck cannot fill stay empty (RW-032)."""
    cards = [cid for cid in row if cid]
    if len(cards) == len(row):
        return None
    gaps = len(row) - len(cards)
    revealed = [deck[len(deck) - 1 - i] for i in range(min(gaps, len(deck)))]
    filled = [""] * (gaps - len(revealed)) + revealed[::-1] + cards
    if filled == row:
        return None
    return Refilled(index, filled, len(revealed))


GAME = RewildSouthAmerica()
