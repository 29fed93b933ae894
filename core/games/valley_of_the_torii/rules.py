"""Valley of the Torii rules on the kernel's step dispatch (core/kernel/steps.py).

A turn (TOR-022): in `choose` the artist may use the water seal, then obtains one
tile (an available wheel tile, the paintbrush, the mountain seal's reserved tile or
the village seal, which adds a `village` pick); a wheel emptied by the take is
refilled at once and the mountain-seal holder may `reserve`; in `place` the tile
goes on the board (maybe with the bamboo seal, and naming the seal a completed ≠
line gives); the placement's effects follow in the rulebook's order (scroll,
paintbrush, seal, rainbow effect in `rainbow`/`rainbow_put`, end trigger), then the
turn ends. At the start of a turn the rules pass it by themselves when the artist
can take or place nothing (TOR-037, TOR-053) and end the game once the round that
saw the trigger is complete; the cherry seal's holder then acts (`cherry`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar

from core.kernel import (
    GameInfo,
    OptionSpec,
    Rng,
    Setup,
    SetupError,
    Step,
    StepRules,
    ensure,
)

from . import data, solo
from .board import available, placements, seal_offer, supports
from .determinize import determinize
from .events import (
    BrushLeftBoard,
    BrushTaken,
    CherryDrawn,
    CherryOffered,
    CherryReplaced,
    CherrySkipped,
    EndTriggered,
    Event,
    GameEnded,
    OpponentPlaced,
    Picked,
    Placed,
    RainbowDone,
    RainbowPicked,
    RainbowStarted,
    RainbowSwapped,
    Refilled,
    Reserved,
    ReservedTaken,
    ReserveOffered,
    ReserveSkipped,
    ScrollTaken,
    SealGained,
    SealReturned,
    Took,
    TurnEnded,
    TurnPassed,
    VillageDrawn,
    WheelsEmptied,
    WheelSwapped,
)
from .evolve import FOLDS
from .moves import (
    CherryReplace,
    DrawVillage,
    Move,
    Paint,
    Pick,
    Place,
    RainbowPick,
    RainbowPut,
    RainbowSkip,
    Reserve,
    SkipCherry,
    SkipReserve,
    SwapWheel,
    Take,
    TakeReserved,
    UseCherry,
)
from .scoring import ValleyOfTheToriiOutcome, outcome
from .state import CHERRY, MOUNTAIN, State, copy_state, movers
from .view import View, make_view, redact_event

RULES_VERSION = "1"

SEAL = {seal: i for i, seal in enumerate(data.SEAL_IDS)}

OPTIONS = [
    OptionSpec(
        name="objectives",
        kind="choice",
        default="random",
        choices=["random", "A", "B", "C"],
        label_en="Objective cards: one at random per landscape, or every card of one letter"
        " (A for a first game; solo plays one letter, drawn at random unless you choose one)",
        label_ja="目標カード：風景ごとにランダム、または同じ文字のカード（初めてのゲームはA、ソロは1文字）",
        rule_id="TOR-011",
        group="setup",
    ),
    OptionSpec(
        name="start_player",
        kind="int",
        default=-1,
        minimum=-1,
        maximum=3,
        label_en="Start player: the seat of the artist who painted most recently, or at random",
        label_ja="開始プレイヤー：一番最近絵を描いたアーティストの席、またはランダム",
        rule_id="TOR-018",
        group="setup",
        players=[2, 3, 4],  # alone, there is no one else to start
    ),
    OptionSpec(
        name="board_layout",
        kind="choice",
        default="STANDARD",
        choices=list(data.LAYOUTS),
        label_en="Painting board",
        label_ja="絵画ボード",
        rule_id="TOR-127",
        group="variant",
    ),
    OptionSpec(
        name="custom_paper",
        kind="int",
        default=0,
        minimum=0,
        maximum=(1 << data.SLOT_COUNT) - 1,
        label_en="Custom board: tap the slots that paper tiles cover",
        label_ja="自作の代替ボード：紙タイルで覆うスロットをタップ",
        rule_id="TOR-128",
        group="variant",
        when={"board_layout": ["CUSTOM"]},
        rows=list(data.ROWS),
        row_offsets=list(data.ROW_OFFSETS),
    ),
    OptionSpec(
        name="rainbow",
        kind="bool",
        default=False,
        label_en="Rainbow promo tile",
        label_ja="虹プロモタイル",
        rule_id="TOR-159",
        group="promo",
    ),
    OptionSpec(
        name="difficulty",
        kind="choice",
        default="medium",
        choices=list(data.DIFFICULTIES),
        label_en="Solo difficulty: the opponent's bonus",
        label_ja="ソロの難易度：相手のボーナス",
        rule_id="TOR-153",
        group="mode",
        players=[1],
    ),
]


def paper_of(options: dict[str, Any]) -> tuple[int, ...]:
    layout = str(options.get("board_layout", "STANDARD"))
    if layout == "CUSTOM":
        return data.custom_paper(int(options.get("custom_paper", 0)))
    return data.LAYOUTS[layout][1]


def _wheel(state: State, name: str) -> int:
    ensure(name in data.WHEEL_IDS, "no-such-wheel", f"{name!r} is not a wheel", "TOR-024")
    w = data.WHEEL_IDS.index(name)
    ensure(bool(state.wheels[w]), "no-such-wheel", "the small wheel is not used in solo", "TOR-140")
    return w


def _recess(state: State, w: int, recess: int, rule: str) -> str:
    wheel = state.wheels[w]
    ensure(
        isinstance(recess, int) and 0 <= recess < len(wheel),
        "no-such-recess",
        f"recess {recess} is not on the {data.WHEEL_IDS[w]} wheel",
        "TOR-024",
    )
    ensure(bool(wheel[recess]), "empty-recess", f"recess {recess} holds no tile", rule)
    return wheel[recess]


def _slot(name: str) -> int:
    ensure(name in data.SLOT_INDEX, "no-such-slot", f"{name!r} is not a board slot", "TOR-048")
    return data.SLOT_INDEX[name]


def _holds(state: State, seat: int, seal: str) -> bool:
    return state.seal_holder[SEAL[seal]] == seat


def _refill(state: State, w: int) -> Iterator[Event]:
    """Draw into the empty wheel from its arrow, clockwise, while the bag lasts (TOR-034,
    TOR-037)."""
    n = min(len(state.wheels[w]), len(state.bag))
    if n:
        yield Refilled(w, [state.bag[-1 - i] for i in range(n)])


def _end_reason(state: State) -> str:
    """Why the game ends: the round after a trigger is complete (TOR-101), or a whole
    round passed without a tile, which nothing can change any more (README)."""
    return "round-complete" if state.end_triggered else "stalled"


def _setup_draw(bag: list[str], rng: Rng) -> str:
    """A setup draw: a drawn rainbow tile is replaced by the next tile, then goes back
    into the bag (TOR-160, TOR-161)."""
    tile = bag.pop()
    if tile != data.RAINBOW:
        return tile
    other = bag.pop()
    bag.append(data.RAINBOW)
    rng.shuffle(bag)
    return other


class ValleyOfTheTorii(StepRules[State, Move, Event, View]):
    info = GameInfo(
        id="valley-of-the-torii",
        title_en="Valley of the Torii",
        title_ja="鳥居の谷",
        min_players=1,
        max_players=4,
        rules_version=RULES_VERSION,
        turn_rule="TOR-001",
        end_rule="TOR-101",
        options=OPTIONS,
        lower_score_wins=False,
        solo=True,
        cooperative=False,
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    # -- setup ----------------------------------------------------------------------

    def check_setup(self, setup: Setup) -> None:
        options, seats = setup.options, setup.seats
        start = int(options.get("start_player", -1))
        if start >= seats:
            raise SetupError(f"start_player must be -1 (random) or a seat in 0..{seats - 1}")
        layout = str(options.get("board_layout", "STANDARD"))
        if layout != "CUSTOM" and int(options.get("custom_paper", 0)):
            raise SetupError("custom_paper is only used with board_layout=CUSTOM (TOR-128)")
        boards = 2 if seats == 1 else seats
        problem = data.layout_problem(paper_of(options), boards)
        if problem:
            raise SetupError(f"board_layout {layout}: {problem} (TOR-128, TOR-181)")
        if seats > 1 and options.get("difficulty", "medium") != "medium":
            raise SetupError("difficulty is for the solo mode only (--players 1, TOR-153)")

    def initial(self, setup: Setup) -> State:
        options, seats = setup.options, setup.seats
        is_solo = seats == 1
        rng = Rng.seeded(setup.seed)
        mode = str(options.get("objectives", "random"))
        if is_solo and mode == "random":  # TOR-141: one letter for all five
            mode = rng.choice(data.LETTERS)
        objectives = []
        for landscape in data.LANDSCAPE_IDS:  # TOR-011
            letter = rng.choice(data.LETTERS) if mode == "random" else mode
            objectives.append(f"OBJ_{landscape.upper()}_{letter}")
        boxed = [o.id for o in data.OBJECTIVES if o.id not in objectives]  # TOR-013
        rainbow = bool(options.get("rainbow", False))
        bag = [t.id for t in data.LANDSCAPE_TILES] + ([data.RAINBOW] if rainbow else [])
        rng.shuffle(bag)  # TOR-014
        wheels = [
            [_setup_draw(bag, rng) for _ in range(data.RECESSES["large"])],  # TOR-015
            [] if is_solo else [_setup_draw(bag, rng) for _ in range(data.RECESSES["small"])],
        ]
        centre = _setup_draw(bag, rng)  # TOR-016
        start = int(options.get("start_player", -1))
        if start < 0:
            start = rng.below(seats)  # TOR-GAP16
        boards = 2 if is_solo else seats
        stack = list(data.SCROLL_STACKS[max(boards, 2)])
        difficulty = str(options.get("difficulty", "medium"))
        return State(
            rng=rng,
            seats=seats,
            solo=is_solo,
            paper=sorted(paper_of(options)),
            rainbow=rainbow,
            bonus=data.DIFFICULTIES[difficulty][1] if is_solo else 0,
            objectives=objectives,
            boxed_objectives=boxed,
            start=start,
            current=start,
            turn=1,
            round=1,
            phase="choose",
            bag=bag,
            wheels=wheels,
            centre=centre,
            boards=[[""] * data.SLOT_COUNT for _ in range(boards)],
            scrolls=[""] * boards,
            stack=stack,
            boxed_scrolls=[s for s in data.SCROLLS if s not in stack],
            seal_holder=[-1] * len(data.SEAL_IDS),
            lines=[[False] * len(data.SEAL_LINES) for _ in range(seats)],
            reserved=[""] * seats,
            brush_owner=-1,
            brush_on_board=False,
            brush_turn=0,
            turns=[0] * seats,
            passes=0,
            holding="",
            holding_from="",
            taken_recess=-1,
            drawn=[],
            refilled=-1,
            placed_slot=-1,
            placed_bamboo=False,
            rainbow_queue=[],
            rainbow_pick=[],
        )

    # -- the contract ---------------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        return movers(state)

    def turn(self, state: State) -> int:
        return state.turn

    def copy(self, state: State) -> State:
        return copy_state(state)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def reveals(self, event: Event) -> bool:
        """Bag draws show tiles nobody knew (take-backs stop there)."""
        if isinstance(event, Refilled | VillageDrawn | CherryDrawn):
            return True
        return isinstance(event, OpponentPlaced) and event.recess < 0

    def outcome(self, state: State) -> ValleyOfTheToriiOutcome | None:
        return outcome(state)

    def bots(self) -> dict[str, Any]:
        from .bots import greedy, hard, medium

        return {"greedy": greedy, "medium": medium, "hard": hard}

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return determinize(state, seat, rng)

    # -- what an artist may do ------------------------------------------------------

    def brush_usable(self, state: State, seat: int) -> bool:
        """The paintbrush is on this artist's board: this is its turn (TOR-092, TOR-095)."""
        return state.brush_owner == seat and state.brush_on_board

    def can_obtain(self, state: State, seat: int) -> bool:
        """Some way to obtain a tile exists (TOR-022 step 3, TOR-037)."""
        if any(t for wheel in state.wheels for t in wheel) or state.reserved[seat]:
            return True
        return _holds(state, seat, "village") and bool(state.bag)

    def slots_for(self, state: State, seat: int) -> list[tuple[int, bool]]:
        return placements(state.boards[seat], state.paper, _holds(state, seat, "bamboo"))

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move of `seat`, by step, in a stable order."""
        if seat not in movers(state):
            return []
        return self._listings[state.phase](self, state, seat)

    def _choose_moves(self, state: State, seat: int) -> list[Move]:
        moves: list[Move] = []
        for w, wheel in enumerate(state.wheels):
            name = data.WHEEL_IDS[w]
            moves += [Take(name, r) for r in available(wheel)]
            if self.brush_usable(state, seat):
                moves += [Paint(name, r) for r, t in enumerate(wheel) if t]
            if _holds(state, seat, "water"):
                filled = [r for r, t in enumerate(wheel) if t]
                moves += [SwapWheel(name, a, b) for a in filled for b in filled if a < b]
        if _holds(state, seat, "village") and state.bag:
            moves.append(DrawVillage())
        if state.reserved[seat]:
            moves.append(TakeReserved())
        return moves

    def _village_moves(self, state: State, seat: int) -> list[Move]:
        return [Pick(t) for t in state.drawn]

    def _reserve_moves(self, state: State, seat: int) -> list[Move]:
        return [*(Reserve(r) for r in available(state.wheels[state.refilled])), SkipReserve()]

    def _place_moves(self, state: State, seat: int) -> list[Move]:
        moves: list[Move] = []
        for slot, bamboo in self.slots_for(state, seat):
            board = state.boards[seat][:]
            board[slot] = state.holding
            freed: tuple[str, ...] = ("bamboo",) if bamboo else ()
            if state.holding_from == "reserve":
                freed += ("mountain",)
            for seal in self._offer(state, seat, board, slot, freed):
                moves.append(Place(data.SLOTS[slot].id, bamboo, seal))
        return moves

    def _rainbow_moves(self, state: State, seat: int) -> list[Move]:
        moves: list[Move] = [RainbowSkip()]
        if any(state.boards[seat]):
            for w, wheel in enumerate(state.wheels):
                moves += [RainbowPick(data.WHEEL_IDS[w], r) for r, t in enumerate(wheel) if t]
        return moves

    def _rainbow_put_moves(self, state: State, seat: int) -> list[Move]:
        w, r = state.rainbow_pick
        moves: list[Move] = []
        for slot, tile in enumerate(state.boards[seat]):
            if tile:
                board = state.boards[seat][:]
                board[slot] = state.wheels[w][r]
                for seal in self._offer(state, seat, board, slot, ()):
                    moves.append(RainbowPut(data.SLOTS[slot].id, seal))
        return moves

    def _cherry_moves(self, state: State, seat: int) -> list[Move]:
        return [UseCherry(), SkipCherry()]

    def _cherry_pick_moves(self, state: State, seat: int) -> list[Move]:
        board = state.boards[seat]
        return [
            CherryReplace(t, data.SLOTS[slot].id)
            for t in state.drawn
            for slot, here in enumerate(board)
            if here
        ]

    def _offer(
        self, state: State, seat: int, board: list[str], slot: int, freed: tuple[str, ...]
    ) -> list[str]:
        """The `seal` values a placement in `slot` takes: "" when no seal is gained,
        else one of the seals the completed line offers (TOR-061)."""
        if state.solo:
            return [""]
        _, seals = seal_offer(
            board,
            state.paper,
            slot,
            claimed=state.lines[seat],
            holders=state.seal_holder,
            freed=freed,
        )
        return seals or [""]

    # -- handlers: choose -----------------------------------------------------------

    def _on_take(self, work: State, seat: int, move: Take) -> Iterator[Event]:
        w = _wheel(work, move.wheel)
        tile = _recess(work, w, move.recess, "TOR-020")
        ensure(
            move.recess in available(work.wheels[w]),
            "not-available",
            f"recess {move.recess} is neither at the arrow nor next to an empty recess",
            "TOR-025",
        )
        yield Took(seat, w, move.recess, tile, False)
        yield from self._after_take(work, w)

    def _on_paint(self, work: State, seat: int, move: Paint) -> Iterator[Event]:
        ensure(
            self.brush_usable(work, seat),
            "no-paintbrush",
            "the paintbrush is not on your board",
            "TOR-092",
        )
        w = _wheel(work, move.wheel)
        tile = _recess(work, w, move.recess, "TOR-092")
        yield Took(seat, w, move.recess, tile, True)
        yield from self._after_take(work, w)

    def _after_take(self, work: State, w: int) -> Iterator[Event]:
        """An emptied wheel is refilled at once (TOR-033; solo: after the opponent's
        tile, TOR-180) and offered to the mountain seal (TOR-073)."""
        if work.solo or any(work.wheels[w]):
            return
        yield from _refill(work, w)
        holder = work.seal_holder[MOUNTAIN]
        if holder >= 0 and not work.reserved[holder] and available(work.wheels[w]):
            yield ReserveOffered(holder, w)

    def _on_swap_wheel(self, work: State, seat: int, move: SwapWheel) -> Iterator[Event]:
        ensure(_holds(work, seat, "water"), "no-water-seal", "you hold no water seal", "TOR-070")
        w = _wheel(work, move.wheel)
        _recess(work, w, move.a, "TOR-070")
        _recess(work, w, move.b, "TOR-070")
        ensure(move.a < move.b, "swap-order", "name the lower recess first (a < b)", "TOR-070")
        yield WheelSwapped(seat, w, move.a, move.b)

    def _on_draw_village(self, work: State, seat: int, move: DrawVillage) -> Iterator[Event]:
        ensure(
            _holds(work, seat, "village"), "no-village-seal", "you hold no village seal", "TOR-078"
        )
        ensure(bool(work.bag), "empty-bag", "the bag is empty: nothing to draw", "TOR-176")
        count = min(3, len(work.bag))
        yield VillageDrawn(seat, count, [work.bag[-1 - i] for i in range(count)])

    def _on_take_reserved(self, work: State, seat: int, move: TakeReserved) -> Iterator[Event]:
        ensure(
            bool(work.reserved[seat]), "no-reserved-tile", "you have no reserved tile", "TOR-075"
        )
        yield ReservedTaken(seat, work.reserved[seat])

    def _on_pick(self, work: State, seat: int, move: Pick) -> Iterator[Event]:
        ensure(move.tile in work.drawn, "not-drawn", f"{move.tile} is not a drawn tile", "TOR-079")
        yield Picked(seat, move.tile, [t for t in work.drawn if t != move.tile])

    def _on_reserve(self, work: State, seat: int, move: Reserve) -> Iterator[Event]:
        w = work.refilled
        tile = _recess(work, w, move.recess, "TOR-073")
        ensure(
            move.recess in available(work.wheels[w]),
            "not-available",
            "reserve one of the refilled wheel's available (arrow) tiles",
            "TOR-073",
        )
        yield Reserved(seat, w, move.recess, tile)

    def _on_skip_reserve(self, work: State, seat: int, move: SkipReserve) -> Iterator[Event]:
        yield ReserveSkipped(seat)

    # -- handlers: place and its effects --------------------------------------------

    def _on_place(self, work: State, seat: int, move: Place) -> Iterator[Event]:
        slot = _slot(move.slot)
        board = work.boards[seat]
        ensure(slot not in work.paper, "paper", "a paper tile covers this slot", "TOR-124")
        ensure(not board[slot], "occupied", f"{move.slot} already holds a tile", "TOR-048")
        ensure(
            any(board) or data.SLOTS[slot].row == 1,
            "first-tile-bottom",
            "your first tile goes in the bottom row",
            "TOR-042",
        )
        have, need = supports(board, work.paper, slot)
        if move.bamboo:
            ensure(
                _holds(work, seat, "bamboo"), "no-bamboo-seal", "you hold no bamboo seal", "TOR-071"
            )
            ensure(
                have < need,
                "bamboo-not-needed",
                f"{move.slot} is fully supported: place it without the bamboo seal",
                "TOR-071",
            )
            ensure(
                have == need - 1,
                "unsupported",
                "even the bamboo seal needs all but one supporting tile",
                "TOR-071",
            )
        elif have < need:
            edge_only = data.SLOTS[slot].edge and have == 1
            if edge_only:
                why, rule = "rests only on the board edge", "TOR-047"
            elif have == 1:
                why, rule = "rests on only one tile: it is not fully supported", "TOR-045"
            else:
                why, rule = "is not supported by the tiles below", "TOR-044"
            ensure(False, "unsupported", f"{move.slot} {why}", rule)
        yield Placed(seat, move.slot, work.holding, move.bamboo)
        if work.holding_from == "reserve":
            yield SealReturned(seat, "mountain")  # TOR-076
        yield from self._entered(work, seat, slot, move.seal)
        if work.solo:
            yield from solo.opponent_places(work, slot)
            if slot not in data.END_SLOTS and not any(work.wheels[0]):
                yield from _refill(work, 0)  # TOR-149, TOR-180
        tile = work.boards[seat][slot]
        if tile == data.RAINBOW:  # TOR-166, TOR-167
            yield RainbowStarted([(seat + k) % work.seats for k in range(work.seats)])
            return
        yield from self._finish_turn(work)

    def _entered(
        self, work: State, seat: int, slot: int, seal: str, lines: bool = True
    ) -> Iterator[Event]:
        """A tile just entered `slot` of `seat`'s board: scroll (TOR-055, TOR-059),
        paintbrush (TOR-090, TOR-091), ≠ line (TOR-060..064); `seal` is the artist's
        choice among the seals the line offers."""
        tile = data.TILES[work.boards[seat][slot]]
        if (
            slot == data.SCROLL_SLOT
            and tile.landscape == data.TILES[work.centre].landscape
            and not work.scrolls[seat]
            and work.stack
        ):
            yield ScrollTaken(seat, work.stack[0])
        if work.solo:
            ensure(seal == "", "no-seal", "seals are not used in solo", "TOR-143")
            return
        if tile.brush and not (work.brush_on_board and work.brush_owner != seat):
            yield BrushTaken(seat)
        offered: list[str] = []
        line = -1
        if lines:
            line, offered = seal_offer(
                work.boards[seat],
                work.paper,
                slot,
                claimed=work.lines[seat],
                holders=work.seal_holder,
            )
        if offered:
            ensure(
                seal in offered,
                "choose-seal",
                f"this completes a ≠ line: name the seal you take ({', '.join(offered)})",
                "TOR-061",
            )
            yield SealGained(seat, seal, line)
        else:
            ensure(seal == "", "no-seal", "this placement gains no seal", "TOR-060")

    def _finish_turn(self, work: State) -> Iterator[Event]:
        seat = work.current
        slot = work.placed_slot
        if work.solo:
            if slot in data.END_SLOTS:  # TOR-150, TOR-151
                yield GameEnded("solo-top-row")
            else:
                yield TurnEnded(seat, seat)
            return
        if slot in data.END_SLOTS and not work.placed_bamboo and not work.end_triggered:
            yield EndTriggered(seat)  # TOR-100, TOR-072
        if self.brush_usable(work, seat) and work.brush_turn < work.turn:
            yield BrushLeftBoard(seat)  # TOR-095
        yield TurnEnded(seat, (seat + 1) % work.seats)  # TOR-023

    # -- handlers: the rainbow effect ------------------------------------------------

    def _on_rainbow_pick(self, work: State, seat: int, move: RainbowPick) -> Iterator[Event]:
        ensure(
            any(work.boards[seat]),
            "no-board-tile",
            "your board has no tile to swap",
            "TOR-167",
        )
        w = _wheel(work, move.wheel)
        _recess(work, w, move.recess, "TOR-169")
        yield RainbowPicked(seat, w, move.recess)

    def _on_rainbow_skip(self, work: State, seat: int, move: RainbowSkip) -> Iterator[Event]:
        yield RainbowDone(seat, False)  # TOR-168
        yield from self._after_rainbow(work)

    def _on_rainbow_put(self, work: State, seat: int, move: RainbowPut) -> Iterator[Event]:
        slot = _slot(move.slot)
        old = work.boards[seat][slot]
        ensure(bool(old), "empty-slot", f"{move.slot} holds no tile to swap", "TOR-170")
        w, r = work.rainbow_pick
        yield RainbowSwapped(seat, move.slot, w, r, old, work.wheels[w][r])
        yield from self._entered(work, seat, slot, move.seal)  # TOR-173
        yield RainbowDone(seat, True)
        yield from self._after_rainbow(work)

    def _after_rainbow(self, work: State) -> Iterator[Event]:
        if not work.rainbow_queue:  # TOR-172, TOR-179
            yield from self._finish_turn(work)

    # -- handlers: the cherry seal at the end ---------------------------------------

    def _on_use_cherry(self, work: State, seat: int, move: UseCherry) -> Iterator[Event]:
        tiles = [t for wheel in work.wheels for t in wheel if t]
        yield WheelsEmptied(tiles)  # TOR-082
        count = min(4, len(work.bag))  # TOR-083, TOR-176
        yield CherryDrawn(seat, count, [work.bag[-1 - i] for i in range(count)])

    def _on_skip_cherry(self, work: State, seat: int, move: SkipCherry) -> Iterator[Event]:
        yield CherrySkipped(seat)
        yield GameEnded(_end_reason(work))

    def _on_cherry_replace(self, work: State, seat: int, move: CherryReplace) -> Iterator[Event]:
        ensure(move.tile in work.drawn, "not-drawn", f"{move.tile} is not a drawn tile", "TOR-083")
        slot = _slot(move.slot)
        old = work.boards[seat][slot]
        ensure(bool(old), "empty-slot", f"{move.slot} holds no tile to replace", "TOR-084")
        rest = [t for t in work.drawn if t != move.tile]
        yield CherryReplaced(seat, move.slot, old, move.tile, rest)
        yield from self._entered(work, seat, slot, "", lines=False)  # TOR-088
        yield GameEnded(_end_reason(work))

    # -- what the rules do by themselves ---------------------------------------------

    def automatic(self, state: State) -> Iterable[Event]:
        """At the start of a turn: end the game once the round is complete (TOR-101,
        TOR-102) or when a whole round passed without a tile; pass the turn of an
        artist who can obtain or place nothing (TOR-037, TOR-053)."""
        if state.phase != "choose":
            return
        seat = state.current
        if seat == state.start and (state.end_triggered or state.passes >= state.seats):
            reason = _end_reason(state)
            holder = state.seal_holder[CHERRY]
            has_tiles = state.bag or any(t for wheel in state.wheels for t in wheel)
            if holder >= 0 and has_tiles:
                yield CherryOffered(holder)  # TOR-081, TOR-106
            else:
                yield GameEnded(reason)
            return
        if not self.slots_for(state, seat):
            yield TurnPassed(seat, "no-slot")
        elif not self.can_obtain(state, seat):
            yield TurnPassed(seat, "no-tile")
        else:
            return
        yield from self._finish_turn(state)

    steps = {
        "choose": Step(
            "TOR-020",
            "first obtain a tile: choose an available wheel tile (or use a seal or the paintbrush)",
            (Take, Paint, SwapWheel, DrawVillage, TakeReserved),
        ),
        "village": Step("TOR-079", "first choose one of the tiles the village seal drew", (Pick,)),
        "reserve": Step(
            "TOR-073",
            "first the mountain-seal holder reserves a tile of the refilled wheel, or not",
            (Reserve, SkipReserve),
        ),
        "place": Step("TOR-021", "first place the tile you took on your board", (Place,)),
        "rainbow": Step(
            "TOR-167",
            "first pick a wheel tile to swap with one of your board tiles, or decline",
            (RainbowPick, RainbowSkip),
        ),
        "rainbow_put": Step(
            "TOR-170",
            "first choose the board tile the picked wheel tile replaces",
            (RainbowPut,),
        ),
        "cherry": Step(
            "TOR-085", "first the cherry-seal holder uses it or not", (UseCherry, SkipCherry)
        ),
        "cherry_pick": Step(
            "TOR-084",
            "first choose a drawn tile and the board tile it replaces",
            (CherryReplace,),
        ),
    }
    _listings: ClassVar[dict[str, Callable[[Any, State, int], list[Move]]]] = {
        "choose": _choose_moves,
        "village": _village_moves,
        "reserve": _reserve_moves,
        "place": _place_moves,
        "rainbow": _rainbow_moves,
        "rainbow_put": _rainbow_put_moves,
        "cherry": _cherry_moves,
        "cherry_pick": _cherry_pick_moves,
    }
    handlers = {
        Take: _on_take,
        Paint: _on_paint,
        SwapWheel: _on_swap_wheel,
        DrawVillage: _on_draw_village,
        TakeReserved: _on_take_reserved,
        Pick: _on_pick,
        Reserve: _on_reserve,
        SkipReserve: _on_skip_reserve,
        Place: _on_place,
        RainbowPick: _on_rainbow_pick,
        RainbowSkip: _on_rainbow_skip,
        RainbowPut: _on_rainbow_put,
        UseCherry: _on_use_cherry,
        SkipCherry: _on_skip_cherry,
        CherryReplace: _on_cherry_replace,
    }
    folds = FOLDS


GAME = ValleyOfTheTorii()
