"""Whispering Woods rules: the engine on the kernel's StepRules.

A turn (WW-022): step 1 `refresh` (the refill is automatic; the step is offered only
when a refresh is possible, WW-028..036), step 2 `take` then, for option A, `second`
(WW-040..049), step 3 `walk` (WW-052..069; offered only while a walk is possible).
The rules do by themselves: refills, skipped steps, the combo card at the end of step
3 (WW-073), the final round (WW-085..089), the next turn and the end (WW-092). In
solitaire (WW-100..158, solo.py) the game opens with `setup` (choose the animal on the
starting tile) and every turn ends with step 4, `close` (WW-114..118), after the
level-cleared check (WW-154).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from core.kernel import Bot, GameInfo, OptionSpec, Rng, Setup, SetupError, Step, StepRules, ensure

from . import solo
from .data import (
    COMBO_CARDS,
    COMBO_TYPES,
    END_THRESHOLD,
    MARKET_SIZE,
    PLAYER_COLOURS,
    START_POSITION,
    START_TILES,
    TILE_IDS,
    animals_of,
    combo_type,
    neighbours,
    start_tile_of,
)
from .determinize import determinize
from .events import (
    ComboTaken,
    Event,
    FinalRound,
    ForestTaken,
    GameEnded,
    LevelMissionAchieved,
    MarketRefilled,
    MarketRefreshed,
    MissionCompleted,
    MissionTaken,
    RoundClosed,
    StartAnimalPlaced,
    StepSkipped,
    TurnStarted,
)
from .evolve import FOLDS
from .forest import (
    Pos,
    any_walk,
    by_position,
    colour_of,
    matches,
    open_positions,
    path_length,
    splits,
    vp_of,
    walks,
)
from .moves import EndTurn, Keep, Move, Refresh, StartAnimal, TakeForest, TakeMission, Walk
from .scoring import WoodsOutcome, outcome
from .state import Placed, PlayerState, SoloState, State, copy_state
from .view import View, make_view, redact_event

RULES_VERSION = "1"

OPTIONS = [
    OptionSpec(
        name="level",
        kind="int",
        default=0,
        minimum=0,
        maximum=6,
        label_en="Solitaire level",
        label_ja="ソリティアのレベル",
        rule_id="WW-110",
        group="mode",
        players=[1],
        offered=[1, 2, 3, 4, 5, 6],
    ),
    OptionSpec(
        name="start_player",
        kind="int",
        default=-1,
        minimum=-1,
        maximum=3,
        label_en="Start player (the seat that walked the most today), or at random",
        label_ja="スタートプレイヤー（その日に最も多く歩いた人の席）、またはランダム",
        rule_id="WW-018",
        players=[2, 3, 4],  # alone, there is no one else to start
    ),
]


class WhisperingWoods(StepRules[State, Move, Event, View]):
    info = GameInfo(
        id="whispering-woods",
        title_en="Whispering Woods",
        title_ja="ウィスペリング・ウッズ",
        min_players=1,
        max_players=4,
        rules_version=RULES_VERSION,
        turn_rule="WW-021",
        end_rule="WW-092",
        options=OPTIONS,
        solo=True,
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    # -- setup (WW-011..020, WW-101..109) ---------------------------------------------

    def check_setup(self, setup: Setup) -> None:
        lv = int(setup.options.get("level", 0))
        first = int(setup.options.get("start_player", -1))
        if setup.seats > 1 and lv != 0:
            raise SetupError(
                f"level {lv} is a solitaire level: play it with 1 player, or set level 0"
                f" for the {setup.seats}-player game (WW-001)"
            )
        if first >= setup.seats:
            raise SetupError(
                f"start_player must be a seat in 0..{setup.seats - 1} or -1 (random), not {first}"
            )

    def initial(self, setup: Setup) -> State:
        seats = setup.seats
        rng = Rng.seeded(setup.seed)
        bag = list(TILE_IDS)  # WW-016
        rng.shuffle(bag)
        market = bag[-MARKET_SIZE:][::-1]  # WW-017
        del bag[-MARKET_SIZE:]
        if seats == 1:
            return self._initial_solo(setup, rng, bag, market)
        first = int(setup.options.get("start_player", -1))
        start = rng.below(seats) if first < 0 else first  # WW-018
        colours = PLAYER_COLOURS[:seats]
        players = [
            PlayerState(
                colour=c,
                forest=[
                    Placed(
                        q=START_POSITION[0],
                        r=START_POSITION[1],
                        tile=start_tile_of(c),
                        mission=True,
                        animal=animals_of(c)[0],  # WW-013
                    )
                ],
                supply=animals_of(c)[1:],  # WW-014
                completed=[],
                combos=[],
            )
            for c in colours
        ]
        unused = [c for c in PLAYER_COLOURS if c not in colours]  # WW-012
        boxed = [start_tile_of(c) for c in unused] + [a for c in unused for a in animals_of(c)]
        return State(
            rng=rng,
            seats=seats,
            start_player=start,
            current=start,
            turn=1,
            round=1,
            phase="take",  # WW-025/032: the first turn has no refill and no refresh
            market=market,
            bag=bag,
            combo_supply=list(COMBO_CARDS),  # WW-015, WW-159
            boxed=boxed,
            players=players,
        )

    def _initial_solo(self, setup: Setup, rng: Rng, bag: list[str], market: list[str]) -> State:
        start = start_tile_of(solo.START_COLOUR)
        player = PlayerState(
            colour=solo.START_COLOUR,
            forest=[Placed(q=START_POSITION[0], r=START_POSITION[1], tile=start, mission=True)],
            supply=list(solo.ANIMALS),  # WW-104: on their solitaire tiles until placed
            completed=[],
            combos=[],
        )
        boxed = [t for t in START_TILES if t != start]  # WW-102
        boxed += [a for c in PLAYER_COLOURS for a in animals_of(c) if a not in solo.ANIMALS]
        boxed += list(COMBO_CARDS)
        return State(
            rng=rng,
            seats=1,
            start_player=0,
            current=0,
            turn=0,
            round=0,
            phase="setup",
            market=market,
            bag=bag,
            combo_supply=[],
            boxed=boxed,
            players=[player],
            solo=SoloState(
                level=max(1, int(setup.options.get("level", 0))),  # WW-105: Level 1 by default
                track=[],
                extra=[],
                achieved=[],
                set_aside=[],
            ),
        )

    # -- whose move ---------------------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    # -- what is possible -----------------------------------------------------------------

    @staticmethod
    def can_refresh(state: State, seat: int) -> bool:
        """An unflipped completed tile and 6 tiles in the bag (WW-031, WW-036)."""
        player = state.players[seat]
        return len(state.bag) >= MARKET_SIZE and any(not c.flipped for c in player.completed)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        player = state.players[seat]
        phase = state.phase
        moves: list[Move] = []
        if phase == "setup":
            moves += [StartAnimal(a) for a in player.supply]
        elif phase == "refresh":
            moves += [Refresh(c.tile) for c in player.completed if not c.flipped]
            moves.append(Keep())
        elif phase in ("take", "second"):
            spots = open_positions(player.forest)
            moves += [TakeForest(t, q, r) for t in state.market for q, r in spots]
            if phase == "take" and player.supply:
                animals = player.supply if state.solo is not None else [""]
                moves += [
                    TakeMission(t, q, r, a) for t in state.market for q, r in spots for a in animals
                ]
        elif phase == "walk":
            moves += [Walk(q, r, route) for (q, r), route in walks(player.forest)]
            moves.append(EndTurn())
        return moves

    # -- handlers -------------------------------------------------------------------------

    def _on_start_animal(self, work: State, seat: int, move: StartAnimal) -> Iterator[Event]:
        ensure(
            move.animal in work.players[seat].supply,
            "no-such-animal",
            f"{move.animal} is not one of your animals ({', '.join(solo.ANIMALS)})",
            "WW-103",
        )
        yield StartAnimalPlaced(seat, move.animal)

    def _on_refresh(self, work: State, seat: int, move: Refresh) -> Iterator[Event]:
        ensure(
            not work.refreshed,
            "refreshed",
            "you already refreshed the market this turn",
            "WW-030",
        )
        ensure(
            work.phase == "refresh",
            "too-late",
            "the market can be refreshed only at the start of your turn (step 1)",
            "WW-023",
        )
        player = work.players[seat]
        ensure(
            bool(player.completed),
            "nothing-to-flip",
            "you have no completed mission tile to flip",
            "WW-032",
        )
        tile = next((c for c in player.completed if c.tile == move.tile), None)
        ensure(
            tile is not None and not tile.flipped,
            "not-available",
            f"{move.tile} is not a completed mission tile of yours that is still unflipped",
            "WW-031",
        )
        ensure(
            len(work.bag) >= MARKET_SIZE,
            "bag-short",
            f"the bag holds {len(work.bag)} tiles: a refresh draws 6 first",
            "WW-036",
        )
        drawn = work.bag[-MARKET_SIZE:][::-1]
        yield MarketRefreshed(seat, move.tile, drawn, work.market[:])

    def _on_keep(self, work: State, seat: int, move: Keep) -> Iterator[Event]:
        yield StepSkipped(seat, "refresh", chosen=True)

    def _place_at(self, work: State, seat: int, tile: str, q: int, r: int) -> None:
        ensure(
            tile in work.market,
            "not-in-market",
            f"{tile} is not in the market",
            "WW-044",
        )
        forest = work.players[seat].forest
        cells = by_position(forest)
        ensure(
            isinstance(q, int) and isinstance(r, int) and (q, r) not in cells,
            "occupied",
            f"({q}, {r}) already holds a tile",
            "WW-042",
        )
        ensure(
            any(n in cells for n in neighbours(q, r)),
            "not-adjacent",
            f"({q}, {r}) shares no edge with a tile of your forest",
            "WW-041",
        )

    def _on_take_forest(self, work: State, seat: int, move: TakeForest) -> Iterator[Event]:
        self._place_at(work, seat, move.tile, move.q, move.r)
        yield ForestTaken(seat, move.tile, move.q, move.r)

    def _on_take_mission(self, work: State, seat: int, move: TakeMission) -> Iterator[Event]:
        ensure(
            work.phase == "take",
            "option-a",
            "you chose option A: take and place your second forest tile",
            "WW-043",
        )
        player = work.players[seat]
        ensure(
            bool(player.supply),
            "no-animal",
            "no animal is left in your supply, so option B is closed",
            "WW-048",
        )
        if work.solo is None:
            ensure(
                move.animal == "",
                "animal-named",
                "your animals are alike: the next one from your supply goes on the tile",
                "WW-047",
            )
            animal = player.supply[0]
        else:
            ensure(
                move.animal in player.supply,
                "no-such-animal",
                f"choose an animal still on its solitaire tile: {', '.join(player.supply)}",
                "WW-160",
            )
            animal = move.animal
        self._place_at(work, seat, move.tile, move.q, move.r)
        yield MissionTaken(seat, move.tile, move.q, move.r, animal)

    def _on_walk(self, work: State, seat: int, move: Walk) -> Iterator[Event]:
        ensure(
            work.phase == "walk",
            "too-early",
            "missions are completed in step 3, after you placed your tiles",
            "WW-023",
        )
        forest = work.players[seat].forest
        cells = by_position(forest)
        at = (move.q, move.r)
        mission = cells.get(at)
        ensure(
            mission is not None and mission.mission and bool(mission.animal),
            "no-mission",
            f"no mission tile with an animal stands at {at}",
            "WW-053",
        )
        assert mission is not None
        route: list[Pos] = [(int(q), int(r)) for q, r in move.route]
        need = path_length(mission.tile)
        ensure(
            len(route) == need,
            "wrong-length",
            f"the path of {mission.tile} takes exactly {need} tiles, not {len(route)}",
            "WW-057",
        )
        ensure(
            len(set(route)) == len(route),
            "repeated-tile",
            "a route may not use the same tile twice",
            "WW-060",
        )
        previous = at
        for pos in route:
            ensure(
                pos in neighbours(*previous),
                "not-adjacent",
                f"{pos} does not share an edge with {previous}",
                "WW-056",
            )
            tile = cells.get(pos)
            ensure(
                tile is not None and not tile.mission,
                "not-forest",
                f"{pos} is not a forest tile: animals walk over forest tiles only",
                "WW-058",
            )
            previous = pos
        colours = [colour_of(cells[pos].tile) for pos in route]
        ensure(
            matches(mission.tile, colours),
            "wrong-colours",
            f"the colours {'-'.join(colours)} do not walk the path of {mission.tile}",
            "WW-082" if mission.tile in START_TILES else "WW-057",
        )
        ensure(
            not splits(forest, at),
            "splits-forest",
            f"removing {mission.tile} would split your forest in two",
            "WW-061",
        )
        yield MissionCompleted(
            seat, mission.tile, move.q, move.r, mission.animal, route, vp_of(mission.tile)
        )

    def _on_end_turn(self, work: State, seat: int, move: EndTurn) -> Iterator[Event]:
        yield from self._end_step_three(work, seat, chosen=True)

    def _end_step_three(self, work: State, seat: int, *, chosen: bool) -> Iterator[Event]:
        """The combo card (WW-071..077; none in solitaire, WW-112), then step 3 is over."""
        if work.solo is None and work.walked >= 2:
            card = self._combo_card(work.combo_supply, work.walked)
            if card:
                yield ComboTaken(seat, work.walked, card)
        yield StepSkipped(seat, "walk", chosen=chosen)

    @staticmethod
    def _combo_card(supply: list[str], earned: int) -> str:
        """The first card of type x`min(earned, 5)`, else of the next lower type..., else
        "" (WW-075/076/077)."""
        for missions in range(min(earned, COMBO_TYPES[-1].missions), 1, -1):
            for card in supply:
                if combo_type(card).missions == missions:
                    return card
        return ""

    # -- automatic steps ------------------------------------------------------------------

    def automatic(self, state: State) -> Iterator[Event]:
        phase = state.phase
        seat = state.current
        if phase == "refresh":
            yield from self._refill(state, seat)
            if state.phase == "refresh" and not self.can_refresh(state, seat):
                yield StepSkipped(seat, "refresh")
        elif phase == "take" and not state.market:
            yield StepSkipped(seat, "take")  # WW-091
        elif phase == "walk":
            yield from self._walk_checks(state, seat)
        elif phase == "close":
            yield from self._close_round(state)
        elif phase == "end":
            yield from self._next_turn(state)

    def _refill(self, state: State, seat: int) -> Iterator[Event]:
        """Step 1: fill the market to 6 (WW-024); a short bag makes this the final round
        and its last tiles go to the market (WW-089/090; in solitaire WW-119)."""
        need = MARKET_SIZE - len(state.market)
        if need <= 0:
            return
        short = len(state.bag) < need
        if state.bag:
            yield MarketRefilled(state.bag[-need:][::-1], short=short)
        if short and state.solo is None and not state.final_round:
            yield FinalRound(seat, "bag")

    def _walk_checks(self, state: State, seat: int) -> Iterator[Event]:
        player = state.players[seat]
        if state.solo is None:
            threshold = END_THRESHOLD[state.seats]
            if not state.final_round and len(player.completed) >= threshold:
                yield FinalRound(seat, "missions")  # WW-085..088
                return
        else:
            for index in solo.newly_met(state.solo, player.completed):
                yield LevelMissionAchieved(index)  # WW-125/128
                return
        if not any_walk(player.forest):
            yield from self._end_step_three(state, seat, chosen=False)

    def _close_round(self, state: State) -> Iterator[Event]:
        """Solitaire: the level-cleared check (WW-154), then step 4 (WW-114..116)."""
        s = state.solo
        assert s is not None
        if solo.cleared(s, state.players[0].completed):
            yield GameEnded("level-cleared")
            return
        if not state.bag:
            yield GameEnded("bag-empty")  # WW-119
            return
        tile = state.bag[-1]
        colour = colour_of(tile)
        purged = [t for t in state.market if colour_of(t) == colour]
        yield RoundClosed(tile, solo.next_space(s), purged)

    def _next_turn(self, state: State) -> Iterator[Event]:
        s = state.solo
        if s is not None:
            if solo.rounds_closed(s) >= solo.rounds_available(s):
                yield GameEnded("rounds-run-out")  # WW-118, WW-130
                return
            yield from self._refill(state, 0)  # WW-117
            yield TurnStarted(0, state.round + 1)
            return
        nxt = (state.current + 1) % state.seats  # WW-021
        if nxt == state.start_player:
            if state.final_round:
                yield GameEnded("final-round")  # WW-084, WW-092
                return
            yield TurnStarted(nxt, state.round + 1)  # WW-019/020
            return
        yield TurnStarted(nxt, state.round)

    # -- the rest of the contract -----------------------------------------------------------

    def copy(self, state: State) -> State:
        return copy_state(state)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def reveals(self, event: Event) -> bool:
        """Tiles drawn from the bag were hidden until now."""
        return isinstance(event, (MarketRefilled, MarketRefreshed, RoundClosed))

    def outcome(self, state: State) -> WoodsOutcome | None:
        return outcome(state)

    def bots(self) -> Mapping[str, Bot]:
        from .bots import greedy, hard, medium

        return {"greedy": greedy, "medium": medium, "hard": hard}

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return determinize(state, seat, rng)

    steps = {
        "setup": Step(
            "WW-103", "first put one of your animals on the starting tile", (StartAnimal,)
        ),
        "refresh": Step(
            "WW-028",
            "step 1: refresh the market by flipping a completed mission tile, or keep it",
            (Refresh, Keep),
        ),
        "take": Step(
            "WW-043",
            "step 2: take 2 forest tiles (option A) or 1 tile as a mission tile (option B)",
            (TakeForest, TakeMission, Refresh, Walk),
        ),
        "second": Step(
            "WW-044",
            "option A: take and place your second forest tile",
            (TakeForest, TakeMission, Refresh, Walk),
        ),
        "walk": Step(
            "WW-052",
            "step 3: complete a mission tile, or end your turn",
            (Walk, EndTurn, Refresh),
        ),
        "close": Step("WW-114", "the round is being closed", ()),
        "end": Step("WW-021", "the turn passes", ()),
    }
    handlers = {
        StartAnimal: _on_start_animal,
        Refresh: _on_refresh,
        Keep: _on_keep,
        TakeForest: _on_take_forest,
        TakeMission: _on_take_mission,
        Walk: _on_walk,
        EndTurn: _on_end_turn,
    }
    folds = FOLDS


GAME = WhisperingWoods()

__all__ = ["GAME", "OPTIONS", "RULES_VERSION", "WhisperingWoods"]
