"""Rewild: South America's engine on the kernel's step dispatch (core/kernel/steps.py).

A turn: play a player card (step "play"); an action may need a tile placed
("place") or upgrades made ("extend", "upgrade"); then attract cards ("attract")
until EndTurn; the rules refill the display and pass the turn ("refill").
Expert modules plug in by overriding the hook methods marked "module hook".
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterator, Mapping

from core.kernel import (
    Bot,
    GameInfo,
    OptionSpec,
    Outcome,
    Rng,
    Setup,
    SetupError,
    Step,
    StepRules,
    ensure,
)

from . import solo
from .actions import (
    EMPTY,
    extensions,
    flip_tiles,
    performable,
    placements,
    stars,
    tile_cost,
    tree_tiles,
)
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
    deck_cards,
)
from .determinize import determinize
from .events import (
    ActionPlayed,
    Attracted,
    Awaiting,
    Completed,
    Ended,
    EndTriggered,
    Event,
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
    Scored,
    SoloDeckBuilt,
    SoloDrew,
    Switched,
    TilePlaced,
    TreePlanted,
    TurnEnded,
    UpgradesDone,
)
from .evolve import FOLDS, solo_pile
from .modules.expert_board import board_cover, retrigger_events, retrigger_options
from .modules.expert_cards import pending
from .modules.expert_plants import (
    biome_of,
    is_expert_plant,
    movable_tiles,
    relocation_vp,
    relocations,
    reservation,
    reserve_slots,
    switch_targets,
    window_choice,
)
from .modules.long_game import end_animals
from .moves import (
    AttractPlant,
    AttractPredation,
    AttractWildlife,
    Decline,
    EndTurn,
    Extend,
    Flip,
    Harvest,
    Move,
    PlaceMeeple,
    PlaceTile,
    PlantTree,
    PlayAction,
    Relocate,
    Reserve,
    Retrigger,
    StopUpgrading,
)
from .resolve import resolve, timing
from .scoring import outcome
from .solo import OPPONENT, is_opponent
from .state import Expert, Player, State, copy_state
from .view import View, make_view, redact_event

RULES_VERSION = "2"
# The rules a record may have been played under (Setup.rules_version, "" = current), by
# the number the state keeps (Expert.rules_version). "1": a second switch plant on the
# same card left it switched (RW-173), and the solo opponent's wetland check compared
# ids, so an expert card never counted as its twin (RW-192, RW-213). Only games with an
# expert part differ, so a base game keeps no number and the encoding it always had.
RULES_VERSIONS = {"": 2, "1": 1, "2": 2}

OPTIONS: list[OptionSpec] = [
    OptionSpec(
        name="long_game",
        kind="bool",
        default=False,
        label_en="Expert module 1: the end comes at 9 animals, not 8",
        label_ja="エキスパートモード1：9匹の動物でゲーム終了",
        rule_id="RW-165",
        group="module",
    ),
    OptionSpec(
        name="expert_plants",
        kind="bool",
        default=False,
        label_en="Expert module 2: add the 7 expert-mode plant cards",
        label_ja="エキスパートモード2：エキスパートモード植物カード7枚を追加",
        rule_id="RW-166",
        group="module",
    ),
    OptionSpec(
        name="expert_board",
        kind="bool",
        default=False,
        label_en="Expert module 3: the expert side of the player boards",
        label_ja="エキスパートモード3：プレイヤーボードのエキスパートモード面",
        rule_id="RW-184",
        group="module",
    ),
    OptionSpec(
        name="expert_cards",
        kind="bool",
        default=False,
        label_en="Expert module 4: expert-mode cards and animal meeples",
        label_ja="エキスパートモード4：エキスパートモードカードと動物ミープル",
        rule_id="RW-191",
        group="module",
    ),
    OptionSpec(
        name="challenge",
        kind="bool",
        default=False,
        label_en="Solo: a real challenge (the opponent's score is doubled)",
        label_ja="ソロモード：本当の挑戦（対戦相手のスコアに2を掛ける）",
        rule_id="RW-230",
        group="mode",
        players=[1],
    ),
]
MODULES = ("long_game", "expert_plants", "expert_board", "expert_cards")

ROW_OF = {"wildlife": 0, "predation": 1, "plant": 2}
NEXT_PHASE = {"gain": "attract", "extend": "extend", "upgrade": "upgrade"}


class RewildSouthAmerica(StepRules[State, Move, Event, View]):
    info = GameInfo(
        id="rewild-south-america",
        title_en="Rewild: South America",
        title_ja="リワイルド：サウスアメリカ",
        min_players=1,
        max_players=4,
        rules_version=RULES_VERSION,
        turn_rule="RW-028",
        end_rule="RW-158",
        options=OPTIONS,
        solo=True,
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    # -- setup (RW-019..RW-028, RW-231, RW-164, RW-200) -------------------------------

    def check_setup(self, setup: Setup) -> None:
        """Every module combines with every other and with every player count and the
        solo mode (RW-164, RW-200); only the challenge is solo-only (RW-230)."""
        if setup.options.get("challenge") and setup.seats != 1:
            raise SetupError("the challenge doubles the solo opponent's score: --players 1")

    def initial(self, setup: Setup) -> State:
        if setup.rules_version not in RULES_VERSIONS:
            raise SetupError(f"Rewild has no rules version {setup.rules_version!r}")
        options = setup.options
        solo_game = setup.seats == 1
        on = {name: bool(options.get(name, False)) for name in MODULES}
        expert = None
        if solo_game or any(on.values()):
            expert = Expert(
                long_game=on["long_game"],
                expert_plants=on["expert_plants"],
                expert_board=on["expert_board"],
                expert_cards=on["expert_cards"],
                challenge=bool(options.get("challenge")),
                solo=solo_game,
                rules_version=RULES_VERSIONS[setup.rules_version],
            )
        rng = Rng.seeded(setup.seed)
        decks = []
        for name in DECKS:  # RW-025: EX cards only with modules 2 and 4
            deck = deck_cards(name, on["expert_plants"], on["expert_cards"])
            rng.shuffle(deck)
            decks.append(deck)
        display = []
        for deck, size in zip(decks, DISPLAY.values(), strict=True):  # RW-026
            display.append([deck.pop() for _ in range(size)][::-1])  # last revealed leftmost
        boards = 2 if solo_game else setup.seats  # RW-200: the opponent has a board
        players = [
            Player(
                list(START_STOCK),
                [*ACTIONS, HARVEST],
                [],
                board_cover(on["expert_board"] and not (solo_game and seat == OPPONENT)),
                [-1] * (COLS * ROWS),
            )
            for seat in range(boards)
        ]  # RW-202: the opponent always plays the base side
        start = 0 if solo_game else rng.below(setup.seats)  # RW-027; solo: the human
        if expert is not None and solo_game:
            expert.deck = solo_pile(rng)  # RW-201
        return State(
            setup.seats,
            rng,
            decks,
            display,
            players,
            [],
            start,
            start,
            1,
            0,
            0,
            0,
            "",
            0,
            False,
            False,
            "play",
            expert,
        )

    # -- whose turn, what now -----------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        if state.phase == "reserve" and state.expert is not None:
            return [state.expert.chooser]  # RW-170: a reservation before another's turn
        if state.phase in ("over", "refill") or is_opponent(state, state.current):
            return []
        return [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        player = state.players[seat]
        expert = state.expert
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
            case "retrigger":
                assert expert is not None
                moves += retrigger_options(state, seat, expert.biome)
                moves.append(Decline())
            case "meeple":
                moves += [
                    PlaceMeeple(uid, c) for uid, found in pending(state, seat) for c, _ in found
                ]
            case "relocate":
                for t in self._relocatable(state, seat):
                    moves += relocations(player, t)
            case "reserve":
                assert expert is not None
                moves += [Reserve(s) for s in reserve_slots(state, seat, expert.plant)]
                moves.append(Decline())
        return moves

    def automatic(self, state: State) -> Iterator[Event]:
        if is_opponent(state, state.current) and state.phase == "play":
            yield from solo.turn(self, state)  # RW-204
            return
        if state.phase != "refill":
            return
        wildlife_left = len(state.decks[0])
        for row in range(3):  # RW-030, RW-031
            refill = _refill(row, state.display[row], state.decks[row])
            if refill is not None:
                yield refill
        if wildlife_left and not len(state.decks[0]) and not state.final_round:
            yield EndTriggered(state.current, "wildlife-deck")  # RW-155
        nxt = (state.current + 1) % len(state.players)
        if state.final_round == state.round and nxt == state.start:
            yield Ended()  # RW-157
            return
        ask = window_choice(state, nxt)  # module 2: reserving before the turn (RW-167)
        if ask is not None:
            seat, plant, biome = ask
            yield Awaiting(seat, "reserve", "refill", biome, plant)
            return
        yield Passed(nxt)

    def copy(self, state: State) -> State:
        return copy_state(state)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def reveals(self, event: Event) -> bool:
        return (isinstance(event, Refilled) and event.revealed > 0) or isinstance(event, SoloDrew)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def bots(self) -> Mapping[str, Bot]:
        from .bots import greedy, hard, medium

        return {"greedy": greedy, "medium": medium, "hard": hard}

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return determinize(state, seat, rng)

    # -- module hooks ------------------------------------------------------------------

    def end_animals(self, state: State) -> int:
        """Visible animals that trigger the end (RW-153; module 1: 9, RW-165)."""
        return end_animals(state.expert)

    def on_completion(self, work: State, seat: int, biome: int) -> Iterator[Event]:
        """What completing a biome gives (RW-124); on the expert side a re-trigger instead
        of 6 VP (RW-185..RW-187); the solo opponent plays the base side (RW-202)."""
        yield Completed(seat, biome)
        expert = work.expert
        if expert is not None and expert.expert_board and not is_opponent(work, seat):
            if retrigger_options(work, seat, biome):
                yield Awaiting(seat, "retrigger", work.phase, biome)
            return
        yield Scored(seat, COMPLETION_VP, f"complete-{BIOMES[biome]}")

    # -- playing a card (RW-035..RW-060) -----------------------------------------------

    def _placing(self, state: State) -> str:
        card, _ = state.players[state.current].played[-1].split(":")
        return ACTIONS[card].top.action[-1]

    def harvest_events(self, work: State, seat: int) -> Iterator[Event]:
        """RW-042..RW-045; the solo opponent then builds its pile again (RW-207)."""
        tiles = work.players[seat].tiles
        rain = sum(t.kind == "R" for t in tiles)
        other = sum(t.kind in "SGW" for t in tiles)
        yield Harvested(seat)  # RW-042
        seeds = HARVEST_SEEDS_R * rain + math.ceil(other / 2)  # RW-043, RW-045
        if seeds:
            yield Gained(seat, 2, seeds)
        yield Gained(seat, 1, HARVEST_WATER)  # RW-044
        if is_opponent(work, seat):
            yield SoloDeckBuilt()

    def _on_harvest(self, work: State, seat: int, move: Harvest) -> Iterator[Event]:
        yield from self.harvest_events(work, seat)
        yield TurnEnded(seat)  # RW-049: no attracting after a harvest

    def _on_play(self, work: State, seat: int, move: PlayAction) -> Iterator[Event]:
        player = work.players[seat]
        ensure(move.card in ACTIONS, "no-such-card", "there is no such action card", "RW-050")
        ensure(
            move.card in player.hand,
            "not-in-hand",
            "that action card is not in your hand",
            "RW-040",
        )
        ensure(
            move.half in ("top", "bottom"),
            "bad-half",
            "choose the top or the bottom half of the card",
            "RW-038",
        )
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

    def place_events(
        self, work: State, seat: int, kind: str, fields: tuple[int, ...]
    ) -> Iterator[Event]:
        """Pay, place, score stars (RW-062..RW-066), then the end trigger and meeples."""
        mineral, water, vp = tile_cost(work.players[seat], kind, fields)
        if mineral or water:
            yield Paid(seat, mineral, water, 0)
        yield TilePlaced(seat, kind, fields)
        if vp:
            yield Scored(seat, vp, "stars")  # RW-066
        yield from self._board_full(work, seat)
        yield from self.meeple_events(work, seat, -1, "attract")

    def _on_place(self, work: State, seat: int, move: PlaceTile) -> Iterator[Event]:
        player = work.players[seat]
        kind = self._placing(work)
        ok = tuple(move.fields) in placements(player, kind)
        if not ok:
            free = all(0 <= f < COLS * ROWS and player.cover[f] == EMPTY for f in move.fields)
            ensure(free, "occupied", "place the tile on empty fields", "RW-063")
            ensure(False, "unaffordable", "not a tile shape you can pay for", "RW-062")
        yield from self.place_events(work, seat, kind, move.fields)

    def extend_events(self, work: State, seat: int, tile: int, f: int) -> Iterator[Event]:
        yield Extended(seat, tile, f)
        vp = stars(work.players[seat], (f,)) * STAR_VP["E"]
        if vp:
            yield Scored(seat, vp, "stars")  # RW-076
        yield from self._board_full(work, seat)
        yield from self.meeple_events(work, seat, -1, work.phase)

    def _on_extend(self, work: State, seat: int, move: Extend) -> Iterator[Event]:
        player = work.players[seat]
        ensure(
            (move.tile, move.field) in extensions(player),
            "no-extension",
            "extend a shrubland tile without extension onto an adjacent empty field",
            "RW-071",
        )
        yield from self.extend_events(work, seat, move.tile, move.field)

    def tree_events(self, work: State, seat: int, move: PlantTree) -> Iterator[Event]:
        player = work.players[seat]
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

    def _on_tree(self, work: State, seat: int, move: PlantTree) -> Iterator[Event]:
        player = work.players[seat]
        ensure(
            work.mode != "flip",
            "one-kind",
            "one upgrade plants trees or flips wetlands, not both",
            "RW-058",
        )
        ensure(
            move.tile in tree_tiles(player),
            "no-tree",
            "a tree is planted on a rainforest tile that has none",
            "RW-081",
        )
        yield from self.tree_events(work, seat, move)

    def _on_flip(self, work: State, seat: int, move: Flip) -> Iterator[Event]:
        player = work.players[seat]
        ensure(
            work.mode != "tree",
            "one-kind",
            "one upgrade plants trees or flips wetlands, not both",
            "RW-058",
        )
        ensure(
            move.tile in flip_tiles(player),
            "no-flip",
            "only a grassland tile flips to wetland",
            "RW-077",
        )
        yield Paid(seat, 0, 1, 0)
        yield Flipped(seat, move.tile)
        yield from self.meeple_events(work, seat, -1, work.phase)  # RW-194

    def _on_stop(self, work: State, seat: int, move: StopUpgrading) -> Iterator[Event]:
        ensure(work.made > 0, "nothing-upgraded", "make at least one upgrade", "RW-047")
        yield UpgradesDone(seat)

    # -- attracting (RW-092..RW-127) ---------------------------------------------------

    def _on_wildlife(self, work: State, seat: int, move: AttractWildlife) -> Iterator[Event]:
        player = work.players[seat]
        row = work.display[0]
        reserved = reservation(work, seat)
        if reserved is not None:
            ensure(move.slot == -1, "reserved", "attract the card you reserved first", "RW-168")
        else:
            ok = 0 <= move.slot < len(row) and row[move.slot] != ""
            ensure(ok, "no-card", "there is no card in that space", "RW-100")
        card = CARDS[self._wildlife_card(work, seat, move.slot)]
        ensure(
            move.biome in BIOMES,
            "no-biome",
            "an animal lives in shrubland, grassland or rainforest",
            "RW-092",
        )
        b = BIOMES.index(move.biome)  # type: ignore[arg-type]
        need = card.needs[b]
        ensure(need > 0, "cannot-live", "this animal cannot live in that biome", "RW-016")
        if move.canopy != -1:
            ensure(
                card.tree and move.biome == "R",
                "no-tree-symbol",
                "only a tree animal in the rainforest lives in a tall tree",
                "RW-083",
            )
            ensure(
                move.canopy in empty_trees(player) and not move.fields and not move.plant_hexes,
                "no-tree",
                "choose an empty tall tree, and no hexes",
                "RW-090",
            )
        else:
            ensure(
                0 <= move.plant_hexes <= player.plant_hexes[b],
                "no-plant-hex",
                "you do not have that many plant hexes there",
                "RW-146",
            )
            ensure(
                len(move.fields) + move.plant_hexes == need,
                "count",
                "choose as many hexes as this animal needs",
                "RW-101",
            )
            ensure(
                list(move.fields) == sorted(set(move.fields)),
                "order",
                "choose each hex once, in board order",
                "RW-101",
            )
            free = free_hexes(player, move.biome)
            for f in move.fields:
                if f not in free:
                    covered = 0 <= f < COLS * ROWS and player.cover[f] >= 0
                    mixed = covered and player.occ[f] < 0
                    ensure(not mixed, "mixed", "the hexes must all be of one biome", "RW-104")
                    ensure(False, "occupied", "choose unoccupied hexes of that biome", "RW-102")
            ensure(is_connected(move.fields), "apart", "the hexes must touch each other", "RW-103")
        yield from self.wildlife_events(work, seat, move)

    def _wildlife_card(self, work: State, seat: int, slot: int) -> str:
        reserved = reservation(work, seat)
        return reserved.card if slot < 0 and reserved is not None else work.display[0][slot]

    def wildlife_events(self, work: State, seat: int, move: AttractWildlife) -> Iterator[Event]:
        card = CARDS[self._wildlife_card(work, seat, move.slot)]
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
        yield from self._after_attract(work, seat, card.id, BIOMES.index(move.biome))  # type: ignore[arg-type]

    def _on_predation(self, work: State, seat: int, move: AttractPredation) -> Iterator[Event]:
        player = work.players[seat]
        row = work.display[1]
        ensure(
            0 <= move.slot < len(row) and row[move.slot] != "",
            "no-card",
            "there is no card in that space",
            "RW-108",
        )
        ensure(
            not work.took_predation,
            "one-predation",
            "you attract one predation card a turn",
            "RW-107",
        )
        card = CARDS[row[move.slot]]
        prey = next((c for c in player.cards if c.uid == move.prey), None)
        ensure(
            prey is not None and not prey.covered,
            "covered",
            "the prey must be one of your visible cards",
            "RW-112",
        )
        ensure(
            move.prey in prey_options(player, card),
            "wrong-prey",
            "that card is not this predator's prey",
            "RW-108",
        )
        yield from self.predation_events(work, seat, move)

    def predation_events(self, work: State, seat: int, move: AttractPredation) -> Iterator[Event]:
        card = CARDS[work.display[1][move.slot]]
        prey = next(c for c in work.players[seat].cards if c.uid == move.prey)
        yield Attracted(seat, 1, move.slot, card.id, prey.biome, on=move.prey)
        yield Scored(seat, card.effect.x, card.id)  # RW-109
        yield from self._after_attract(work, seat, card.id, BIOMES.index(prey.biome))  # type: ignore[arg-type]

    def _on_plant(self, work: State, seat: int, move: AttractPlant) -> Iterator[Event]:
        player = work.players[seat]
        row = work.display[2]
        ensure(
            0 <= move.slot < len(row) and row[move.slot] != "",
            "no-card",
            "there is no card in that space",
            "RW-120",
        )
        ensure(not work.took_plant, "one-plant", "you attract one plant card a turn", "RW-120")
        card = CARDS[row[move.slot]]
        ensure(
            player.stock[2] >= card.cost, "seeds", "you have too few seeds for this plant", "RW-121"
        )
        kind = card.effect.kind
        if kind == "predation":
            prey = next((c for c in player.cards if c.uid == move.prey), None)
            ok = move.prey in prey_options(player, card) and prey is not None
            ensure(
                ok and prey is not None and prey.biome == move.biome,
                "no-insect",
                "choose one of your visible insects in that biome",
                "RW-123",
            )
        elif kind == "switch_timing":
            target = next((c for c in switch_targets(work, seat) if c.uid == move.prey), None)
            ensure(
                target is not None,
                "no-target",
                "choose one of your visible cards with an effect",
                "RW-176",
            )
            ensure(
                target is not None and target.biome == move.biome,
                "biome",
                "the plant goes to its target's biome",
                "RW-172",
            )
        elif kind == "relocate_tile":
            biomes = [biome_of(player, t) for t in movable_tiles(work, seat)]
            ensure(move.prey == -1, "no-prey", "this plant names no card", "RW-182")
            ensure(
                move.biome in biomes,
                "no-tile",
                "choose a biome with a tile that can move",
                "RW-182",
            )
        else:
            ensure(move.prey == -1, "no-prey", "this plant names no card", "RW-122")
            ensure(
                move.biome in card.lives,
                "biome",
                "this plant cannot live in that biome",
                "RW-122",
            )
        yield from self.plant_events(work, seat, move)

    def plant_events(self, work: State, seat: int, move: AttractPlant) -> Iterator[Event]:
        card = CARDS[work.display[2][move.slot]]
        kind = card.effect.kind
        yield Paid(seat, 0, 0, card.cost)
        b = BIOMES.index(move.biome)  # type: ignore[arg-type]
        if not is_expert_plant(card.id) or is_opponent(work, seat):  # RW-217
            on = move.prey if kind == "predation" else -1
            yield Attracted(seat, 2, move.slot, card.id, move.biome, on=on)
            yield from self._after_attract(work, seat, card.id, b)
            return
        yield Attracted(seat, 2, move.slot, card.id, move.biome)
        if kind == "switch_timing":  # RW-173..RW-175
            yield Switched(seat, move.prey)
            target = next(c for c in work.players[seat].cards if c.uid == move.prey)
            if timing(work.expert, target) == "immediate":
                yield from resolve(seat, work.players[seat], target.card)
            yield from self._after_effect(work, seat, b)
        elif kind == "relocate_tile":
            yield Awaiting(seat, "relocate", "attract", b)  # the choice of destination
        else:  # a reserve plant: reserve now or later (RW-167)
            plant = work.players[seat].cards[-1].uid
            if reserve_slots(work, seat, plant):
                yield Awaiting(seat, "reserve", "attract", b, plant)
            else:
                yield from self._after_effect(work, seat, b)

    def _on_reserve(self, work: State, seat: int, move: Reserve) -> Iterator[Event]:
        expert = work.expert
        assert expert is not None
        slots = reserve_slots(work, seat, expert.plant)
        ensure(
            move.slot in slots, "cannot-live", "choose a card that can live in that biome", "RW-167"
        )
        yield Reserved(seat, expert.plant, move.slot, work.display[0][move.slot])
        yield from self._resume_reserve(work, seat)

    def _resume_reserve(self, work: State, seat: int) -> Iterator[Event]:
        """Back to the attraction (then its meeples and completion), or to the refill,
        which fills the slot again before the turn (RW-169)."""
        assert work.expert is not None
        back, b = work.expert.back, work.expert.biome
        yield Resumed(seat)
        if back == "attract":
            yield from self._after_effect(work, seat, b)

    def _relocatable(self, state: State, seat: int) -> list[int]:
        """Tiles of the relocate plant's biome that can move (RW-182, RW-183)."""
        assert state.expert is not None
        biome = BIOMES[state.expert.biome]
        player = state.players[seat]
        return [t for t in movable_tiles(state, seat) if biome_of(player, t) == biome]

    def _on_relocate(self, work: State, seat: int, move: Relocate) -> Iterator[Event]:
        player = work.players[seat]
        ok = move.tile in self._relocatable(work, seat)
        ensure(ok, "fixed", "choose a tile of that biome that no expert meeple uses", "RW-183")
        ensure(
            move in relocations(player, move.tile),
            "no-room",
            "the tile must move onto empty fields",
            "RW-180",
        )
        assert work.expert is not None
        b = work.expert.biome
        yield Relocated(seat, move.tile, move.fields, move.ext)
        vp = relocation_vp(player, move.tile, move)
        if vp:
            yield Scored(seat, vp, "stars")  # RW-180
        yield Resumed(seat)
        yield from self._after_effect(work, seat, b)

    def _on_end(self, work: State, seat: int, move: EndTurn) -> Iterator[Event]:
        yield TurnEnded(seat)

    def _after_attract(self, work: State, seat: int, cid: str, b: int) -> Iterator[Event]:
        """RW-232: immediate effect, meeples, completion, end triggers, in this order."""
        card = CARDS[cid]
        if card.timing == "immediate" and card.deck != "predation" and not is_expert_plant(cid):
            if card.effect.kind != "predation":
                yield from resolve(seat, work.players[seat], cid)  # RW-106, RW-141, RW-150
            else:
                yield Scored(seat, card.effect.x, cid)  # RW-123
        yield from self._after_effect(work, seat, b)

    def _after_effect(self, work: State, seat: int, b: int) -> Iterator[Event]:
        waiting = yield from self.meeple_events(work, seat, b, "attract")
        if not waiting:
            yield from self._finish_attract(work, seat, b)

    def _finish_attract(self, work: State, seat: int, b: int) -> Iterator[Event]:
        player = work.players[seat]
        if not player.completed[b] and _complete(player, BIOMES[b]):
            yield from self.on_completion(work, seat, b)  # RW-124, RW-125
        animals = sum(1 for c in player.cards if not c.covered and CARDS[c.card].deck != "plant")
        if animals >= self.end_animals(work) and not work.final_round:
            yield EndTriggered(seat, "animals")  # RW-153

    def meeple_events(
        self, work: State, seat: int, b: int, back: str
    ) -> Generator[Event, None, bool]:
        """Module 4: place every meeple whose card and configuration both exist now
        (RW-194); a card with several centres waits for the player's choice (RW-GAP13;
        the solo opponent takes the first). True if waiting."""
        while found := pending(work, seat):
            uid, centres = found[0]
            if len(centres) > 1 and not is_opponent(work, seat):
                yield Awaiting(seat, "meeple", back, b)
                return True
            yield from self._meeple(work, seat, uid, centres[0])
        return False

    def _meeple(
        self, work: State, seat: int, uid: int, centre: tuple[int, tuple[int, ...]]
    ) -> Iterator[Event]:
        cid = next(c.card for c in work.players[seat].cards if c.uid == uid)
        yield MeeplePlaced(seat, uid, centre[0], centre[1])
        yield Scored(seat, CARDS[cid].reward, cid)  # RW-193

    def _on_meeple(self, work: State, seat: int, move: PlaceMeeple) -> Iterator[Event]:
        choice = next(
            (
                c
                for uid, found in pending(work, seat)
                if uid == move.uid
                for c in found
                if c[0] == move.field
            ),
            None,
        )
        ensure(
            choice is not None,
            "no-match",
            "choose the centre of a matching configuration",
            "RW-193",
        )
        assert choice is not None and work.expert is not None
        yield from self._meeple(work, seat, move.uid, choice)
        while found := pending(work, seat):
            if len(found[0][1]) > 1:
                return  # the next choice
            yield from self._meeple(work, seat, found[0][0], found[0][1][0])
        b = work.expert.biome
        yield Resumed(seat)
        if b >= 0:
            yield from self._finish_attract(work, seat, b)

    def _on_retrigger(self, work: State, seat: int, move: Retrigger) -> Iterator[Event]:
        assert work.expert is not None
        ok = move in retrigger_options(work, seat, work.expert.biome)
        ensure(
            ok,
            "no-retrigger",
            "choose a visible card with an immediate effect in that biome",
            "RW-188",
        )
        yield from retrigger_events(work, seat, move)
        yield Resumed(seat)

    def _on_decline(self, work: State, seat: int, move: Decline) -> Iterator[Event]:
        if work.phase == "reserve":  # RW-167: reserving is optional
            assert work.expert is not None
            if work.expert.back == "refill":
                yield Reserved(seat, work.expert.plant, -1)
            yield from self._resume_reserve(work, seat)
            return
        yield Resumed(seat)  # RW-187: the chance is lost

    def _board_full(self, work: State, seat: int) -> Iterator[Event]:
        if all(t != EMPTY for t in work.players[seat].cover) and not work.final_round:
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
        "retrigger": Step(
            "RW-187", "re-trigger a card of the completed biome", (Retrigger, Decline)
        ),
        "meeple": Step("RW-193", "choose where the animal meeple goes", (PlaceMeeple,)),
        "relocate": Step("RW-180", "move the biome tile", (Relocate,)),
        "reserve": Step("RW-167", "reserve a wildlife card or let it pass", (Reserve, Decline)),
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
        Retrigger: _on_retrigger,
        Decline: _on_decline,
        PlaceMeeple: _on_meeple,
        Relocate: _on_relocate,
        Reserve: _on_reserve,
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
