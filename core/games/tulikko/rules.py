"""Tulikko rules: the Decider (initial, decide, evolve, legal_moves, outcome...).

Turn flow (TUL-024). Phases: `setup` (every seat places its start tile,
simultaneously), then per turn `slide` -> `place` -> `tokens` -> `finish`.
`move` is the move-tile aurora between picking a tile up and putting it down;
`over` is the end. The engine advances by itself through everything that
needs no choice: edges with no token of the needed kind are skipped, goals are
checked after every placement, discard or move (TUL-047), and the turn ends on
its own after step 3 unless an aurora tile could still be used (then EndTurn).

`decide` computes every event (including the automatic ones) by applying
each to a private working copy; `evolve` deep-copies its input (state.copy_state,
equal to the kernel's `clone` and 4x faster) and applies one event, so neither
ever mutates the state it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from core.kernel import (
    Bot,
    Decider,
    GameInfo,
    IllegalMove,
    OptionSpec,
    Rng,
    Setup,
    SetupError,
    ensure,
)

from . import data, goals
from .data import (
    ANIMAL,
    ANIMALS,
    AURORA_TILES,
    CELL_EDGES,
    CELLS,
    EDGE_INDEX,
    FREE_PLACEMENT,
    LANDSCAPE_CAPACITY,
    LANDSCAPE_WILDCARD,
    MOVE_TILE,
    NEIGHBOURS,
    NO_TOKEN,
    OPPOSITE,
    RESLIDE,
    RIVER,
    SIDE_SYMBOL,
    SIDES,
    SLOT_INDEX,
    SYMBOL_CAPACITY,
    SYMBOLS,
    TILE_COLOUR,
)
from .events import (
    AuroraTaken,
    AuroraUsed,
    Event,
    GameEnded,
    LandscapeAchieved,
    Slid,
    StartTilePlaced,
    StepDone,
    SymbolClaimed,
    TileDiscarded,
    TileLifted,
    TilePlaced,
    TokenPlaced,
    TokenSkipped,
    TurnEnded,
    TurnStarted,
)
from .moves import (
    Discard,
    EndTurn,
    Move,
    MoveTo,
    Place,
    PlaceToken,
    SkipToken,
    Slide,
    UseFreePlacement,
    UseMoveTile,
    UseReslide,
    UseWildcard,
)
from .state import Phase, PlayerState, State, copy_state
from .view import TulikkoOutcome, View, make_outcome, make_view, redact_event

RULES_VERSION = "1"

OPTIONS = [
    OptionSpec(
        name="beginner",
        kind="bool",
        default=False,
        label_en="First games: leave out landscape cards with the advanced icon",
        label_ja="最初の数回：アイコン付きの風景カードを除外",
        rule_id="TUL-113",
    ),
    OptionSpec(
        name="first_player",
        kind="int",
        default=0,
        minimum=0,
        maximum=3,
        label_en="First player (the youngest player's seat)",
        label_ja="最初のプレイヤー（最年少のプレイヤーの席）",
        rule_id="TUL-021",
    ),
    OptionSpec(
        name="maps",
        kind="choice",
        default="by-seat",
        choices=["by-seat", "random"],
        label_en="Wilderness maps: bear, wolf, owl, reindeer by seat, or dealt at random",
        label_ja="荒野マップ：席順（クマ・オオカミ・フクロウ・トナカイ）またはランダム",
        rule_id="TUL-005",
    ),
]

# Phases in which an aurora tile may be used "at any time during your turn" (TUL-085):
# between steps, never in the middle of a token decision or of a move-tile effect.
_BETWEEN_STEPS = ("slide", "place", "finish")

# A move made at the wrong step is refused with "wrong-step", the rule of the step at
# hand and what to do now: (rule ID, message) by phase, one rule per phase.
STEPS: dict[str, tuple[str, str]] = {
    "setup": ("TUL-019", "first every player places a starting neutral tile on any space"),
    "slide": ("TUL-027", "first slide your revealed tile into the central board (step 1)"),
    "place": (
        "TUL-031",
        "first place the tile you took on your map, or discard it if no space of its"
        " symbol is empty (step 2A)",
    ),
    "tokens": (
        "TUL-037",
        "first place or skip a token on each edge of the tile you just placed (step 2B)",
    ),
    "move": ("TUL-099", "first move the lifted tile to another empty space"),
    "finish": ("TUL-024", "step 3 is done: end your turn, or use an aurora tile first"),
}


def _cell(row: int, col: int) -> int:
    ensure(
        isinstance(row, int) and isinstance(col, int) and 0 <= row < 4 and 0 <= col < 5,
        "no-such-space",
        f"({row}, {col}) is not a space of the 4x5 map",
        "TUL-001",
    )
    return data.cell_of(row, col)


def _token_kind(cells: list[str], a: int, b: int) -> int:
    """Animal token for same colours, river token for different (TUL-038/039)."""
    return ANIMAL if TILE_COLOUR[cells[a]] == TILE_COLOUR[cells[b]] else RIVER


def _edge(a: int, b: int) -> int:
    return EDGE_INDEX[(min(a, b), max(a, b))]


class Tulikko(Decider[State, Move, Event, View]):
    info = GameInfo(
        id="tulikko",
        title_en="Tulikko",
        title_ja="トゥリッコ",
        min_players=2,
        max_players=4,
        rules_version=RULES_VERSION,
        turn_rule="TUL-023",
        end_rule="TUL-104",
        options=OPTIONS,
        lower_score_wins=True,
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    # -- setup ---------------------------------------------------------------------

    def check_setup(self, setup: Setup) -> None:
        first = int(setup.options.get("first_player", 0))
        if not 0 <= first < setup.seats:
            raise SetupError(f"first_player must be a seat in 0..{setup.seats - 1}, got {first}")

    def initial(self, setup: Setup) -> State:
        seats = setup.seats
        first = int(setup.options.get("first_player", 0))
        beginner = bool(setup.options.get("beginner", False))
        rng = Rng.seeded(setup.seed)
        animals = list(ANIMALS)
        if setup.options.get("maps", "by-seat") == "random":
            rng.shuffle(animals)
        players = []
        for seat in range(seats):
            stack = data.tile_ids(animals[seat])  # TUL-008
            rng.shuffle(stack)  # TUL-009
            players.append(
                PlayerState(
                    animal=animals[seat],
                    stack=stack,
                    cells=[""] * CELLS,
                    edges=[NO_TOKEN] * len(data.EDGES),
                    animals=data.ANIMAL_TOKENS,
                    rivers=data.RIVER_TOKENS,
                    start_tile="",
                    discarded=[],
                )
            )
        landscape: list[str] = []
        unused: list[str] = []
        for kind in data.LANDSCAPE_TYPES:  # TUL-011: three decks shuffled separately
            deck = [c.id for c in data.LANDSCAPE_DECKS[kind] if not (beginner and c.advanced)]
            rng.shuffle(deck)
            landscape.append(deck[0])  # TUL-012
            unused += sorted(c.id for c in data.LANDSCAPE_DECKS[kind] if c.id != deck[0])
        neutral = data.tile_ids("neutral")
        rng.shuffle(neutral)  # TUL-017: 5 at random into the cross
        for seat in range(seats):  # TUL-019: one random neutral tile each
            players[seat].start_tile = neutral[data.BOARD_TILES + seat]
        return State(
            rng=rng,
            seats=seats,
            first_player=first,
            current=first,
            turn=0,
            round=0,
            phase="setup",
            board=neutral[: data.BOARD_TILES],
            revealed="",
            taken="",
            exit_side="",
            free_placement=False,
            token_cell=-1,
            pending=[],
            lifted="",
            lifted_from=-1,
            resume="",
            landscape=landscape,
            landscape_tokens=[[0] * seats for _ in landscape],
            landscape_achieved=[[False] * seats for _ in landscape],
            symbol_holder=[-1] * len(SYMBOLS),  # TUL-075
            symbol_tokens=[0] * len(SYMBOLS),
            aurora_holder=[-1] * len(AURORA_TILES),  # TUL-015/016
            aurora_active=[True] * len(AURORA_TILES),
            players=players,
            boxed=sorted(neutral[data.BOARD_TILES + seats :]),  # TUL-020
            unused_cards=unused,  # TUL-013
        )

    # -- whose move ----------------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        if state.phase == "over":
            return []
        if state.phase == "setup":
            return [s for s in range(state.seats) if state.players[s].start_tile]
        return [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    # -- helpers on a state ---------------------------------------------------------

    @staticmethod
    def held(state: State, seat: int, effect: str) -> str | None:
        """The id of the active aurora tile with `effect` that `seat` holds, if any."""
        if seat not in state.aurora_holder:
            return None
        for i, tile in enumerate(AURORA_TILES):
            if state.aurora_holder[i] == seat and state.aurora_active[i] and tile.effect == effect:
                return tile.id
        return None

    @staticmethod
    def matching_empty(state: State, seat: int) -> list[int]:
        """Empty spaces with the exit side's symbol (TUL-032), in cell order."""
        player = state.players[seat]
        symbol = SIDE_SYMBOL[state.exit_side]
        return [c for c in data.SYMBOL_CELLS[player.animal][symbol] if not player.cells[c]]

    @staticmethod
    def wildcard_targets(state: State, seat: int) -> list[str]:
        """Landscape cards with no token of `seat` on them yet (TUL-089/090)."""
        return [
            card for i, card in enumerate(state.landscape) if state.landscape_tokens[i][seat] == 0
        ]

    def _aurora_usable_after_step3(self, state: State, seat: int) -> bool:
        if self.held(state, seat, MOVE_TILE) is not None:
            return True
        return self.held(state, seat, LANDSCAPE_WILDCARD) is not None and bool(
            self.wildcard_targets(state, seat)
        )

    # -- legal moves ----------------------------------------------------------------

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        player = state.players[seat]
        moves: list[Move] = []
        phase = state.phase
        if phase == "setup":
            return [Place(*data.rc(c)) for c in range(CELLS)]
        if phase == "slide":
            moves += [Slide(side) for side in SIDES]
        elif phase == "place":
            if state.free_placement:
                targets = [c for c in range(CELLS) if not player.cells[c]]
            else:
                targets = self.matching_empty(state, seat)
            moves += [Place(*data.rc(c)) for c in targets]
            if not targets:
                moves.append(Discard())
            if self.held(state, seat, RESLIDE) is not None:
                moves += [UseReslide(side) for side in SIDES]
            if not state.free_placement and self.held(state, seat, FREE_PLACEMENT) is not None:
                moves.append(UseFreePlacement())
        elif phase == "tokens":
            for n in state.pending:
                kind = _token_kind(player.cells, state.token_cell, n)
                if (player.animals if kind == ANIMAL else player.rivers) > 0:
                    moves.append(PlaceToken(*data.rc(n)))
                moves.append(SkipToken(*data.rc(n)))
        elif phase == "move":
            moves += [
                MoveTo(*data.rc(c))
                for c in range(CELLS)
                if not player.cells[c] and c != state.lifted_from
            ]
        elif phase == "finish":
            moves.append(EndTurn())
        if phase in _BETWEEN_STEPS:
            if self.held(state, seat, LANDSCAPE_WILDCARD) is not None:
                moves += [UseWildcard(card) for card in self.wildcard_targets(state, seat)]
            if self.held(state, seat, MOVE_TILE) is not None:
                moves += [UseMoveTile(*data.rc(c)) for c in range(CELLS) if player.cells[c]]
        return moves

    # -- decide ---------------------------------------------------------------------

    def decide(self, state: State, seat: int, move: Move) -> list[Event]:
        ensure(state.phase != "over", "game-over", "the game is over", "TUL-104")
        ensure(
            isinstance(seat, int) and 0 <= seat < state.seats,
            "no-such-seat",
            f"there is no seat {seat}",
            "TUL-023",
        )
        if state.phase != "setup":
            ensure(
                seat == state.current,
                "not-your-turn",
                f"it is seat {state.current}'s turn, not seat {seat}'s",
                "TUL-085" if type(move).__name__.startswith("Use") else "TUL-023",
            )
        handler = _HANDLERS.get(type(move))
        ensure(handler is not None, "unknown-move", f"unknown move {move!r}", "TUL-024")
        assert handler is not None
        if state.phase not in _PHASES[type(move)]:
            rule, now = STEPS[state.phase]
            raise IllegalMove("wrong-step", now, rule)
        events: list[Event] = []
        work = copy_state(state)

        def emit(event: Event) -> None:
            events.append(event)
            self._apply(work, event)

        if state.phase == "setup":
            self._decide_setup(work, seat, move, emit)
            return events
        handler(self, work, seat, move, emit)
        self._advance(work, seat, emit)
        return events

    def _decide_setup(
        self, work: State, seat: int, move: Move, emit: Callable[[Event], None]
    ) -> None:
        assert isinstance(move, Place)  # the only move of the setup phase (_PHASES)
        player = work.players[seat]
        ensure(bool(player.start_tile), "already-placed", "your start tile is placed", "TUL-019")
        cell = _cell(move.row, move.col)
        emit(StartTilePlaced(seat, player.start_tile, cell))
        if not any(p.start_tile for p in work.players):
            first = work.first_player
            emit(TurnStarted(first, 1, work.players[first].stack[-1]))

    def _slide_event(self, work: State, seat: int, side: str, tile: str, reslide: bool) -> Slid:
        board = work.board
        return Slid(
            seat=seat,
            side=side,
            inserted=tile,
            ejected=board[SLOT_INDEX[OPPOSITE[side]]],
            uncovered=board[data.CENTRE],
            centre=board[SLOT_INDEX[side]],
            reslide=reslide,
        )

    def _on_slide(self, work: State, seat: int, move: Slide, emit: Callable[[Event], None]) -> None:
        ensure(move.side in SIDES, "no-such-side", f"side must be one of {SIDES}", "TUL-027")
        emit(self._slide_event(work, seat, move.side, work.revealed, False))

    def _on_place(self, work: State, seat: int, move: Place, emit: Callable[[Event], None]) -> None:
        cell = _cell(move.row, move.col)
        player = work.players[seat]
        ensure(not player.cells[cell], "occupied", "that space already holds a tile", "TUL-033")
        if not work.free_placement:
            symbol = SIDE_SYMBOL[work.exit_side]
            ensure(
                data.MAPS[player.animal][cell] == symbol,
                "wrong-symbol",
                f"the tile left through {work.exit_side}: it must go on a {symbol} space",
                "TUL-032",
            )
        emit(TilePlaced(seat, work.taken, cell))

    def _on_discard(
        self, work: State, seat: int, move: Discard, emit: Callable[[Event], None]
    ) -> None:
        ensure(
            not work.free_placement,
            "must-place",
            "the free-placement aurora is in effect: place the tile on any empty space",
            "TUL-097",
        )
        ensure(
            not self.matching_empty(work, seat),
            "must-place",
            "a matching empty space exists: you must place the tile",
            "TUL-035",
        )
        emit(TileDiscarded(seat, work.taken))

    def _token_target(self, work: State, row: int, col: int) -> int:
        cell = _cell(row, col)
        ensure(
            cell in NEIGHBOURS[work.token_cell],
            "not-adjacent",
            "that space is not orthogonally adjacent to the tile just placed",
            "TUL-036",
        )
        player = work.players[work.current]
        ensure(bool(player.cells[cell]), "no-tile", "there is no tile on that space", "TUL-037")
        ensure(
            cell in work.pending,
            "edge-decided",
            "that edge is already decided; the choice is final",
            "TUL-046",
        )
        return cell

    def _on_place_token(
        self, work: State, seat: int, move: PlaceToken, emit: Callable[[Event], None]
    ) -> None:
        cell = self._token_target(work, move.row, move.col)
        player = work.players[seat]
        kind = _token_kind(player.cells, work.token_cell, cell)
        left = player.animals if kind == ANIMAL else player.rivers
        name = "animal" if kind == ANIMAL else "river"
        ensure(left > 0, "no-token", f"you have no {name} token left", "TUL-042")
        emit(TokenPlaced(seat, work.token_cell, cell, name))

    def _on_skip_token(
        self, work: State, seat: int, move: SkipToken, emit: Callable[[Event], None]
    ) -> None:
        cell = self._token_target(work, move.row, move.col)
        emit(TokenSkipped(seat, work.token_cell, cell, "choice"))

    def _aurora(self, work: State, seat: int, effect: str) -> str:
        tile = self.held(work, seat, effect)
        if tile is None:
            spent = any(
                work.aurora_holder[i] == seat and a.effect == effect and not work.aurora_active[i]
                for i, a in enumerate(AURORA_TILES)
            )
            if spent:
                raise IllegalMove("aurora-spent", "that aurora tile is already used", "TUL-086")
            raise IllegalMove("no-aurora", "you hold no such aurora tile", "TUL-084")
        return tile

    def _on_wildcard(
        self, work: State, seat: int, move: UseWildcard, emit: Callable[[Event], None]
    ) -> None:
        aurora = self._aurora(work, seat, LANDSCAPE_WILDCARD)
        ensure(
            move.card in work.landscape,
            "no-such-card",
            f"{move.card} is not a landscape card of this game",
            "TUL-049",
        )
        ensure(
            work.landscape_tokens[work.landscape.index(move.card)][seat] == 0,
            "card-has-tokens",
            "you already placed animal tokens on that landscape card",
            "TUL-090",
        )
        emit(AuroraUsed(seat, aurora, LANDSCAPE_WILDCARD))
        n = min(LANDSCAPE_CAPACITY, work.players[seat].animals)
        emit(LandscapeAchieved(seat, move.card, n, wildcard=True))

    def _on_reslide(
        self, work: State, seat: int, move: UseReslide, emit: Callable[[Event], None]
    ) -> None:
        aurora = self._aurora(work, seat, RESLIDE)
        ensure(move.side in SIDES, "no-such-side", f"side must be one of {SIDES}", "TUL-092")
        emit(AuroraUsed(seat, aurora, RESLIDE))
        emit(self._slide_event(work, seat, move.side, work.taken, True))

    def _on_free_placement(
        self, work: State, seat: int, move: UseFreePlacement, emit: Callable[[Event], None]
    ) -> None:
        ensure(
            not work.free_placement,
            "already-free",
            "free placement is already in effect",
            "TUL-086",
        )
        aurora = self._aurora(work, seat, FREE_PLACEMENT)
        emit(AuroraUsed(seat, aurora, FREE_PLACEMENT))

    def _on_move_tile(
        self, work: State, seat: int, move: UseMoveTile, emit: Callable[[Event], None]
    ) -> None:
        aurora = self._aurora(work, seat, MOVE_TILE)
        cell = _cell(move.row, move.col)
        player = work.players[seat]
        ensure(bool(player.cells[cell]), "no-tile", "there is no tile on that space", "TUL-098")
        tokens = [player.edges[e] for e in CELL_EDGES[cell]]
        emit(AuroraUsed(seat, aurora, MOVE_TILE))
        emit(
            TileLifted(
                seat,
                player.cells[cell],
                cell,
                animals=tokens.count(ANIMAL),
                rivers=tokens.count(RIVER),
            )
        )

    def _on_move_to(
        self, work: State, seat: int, move: MoveTo, emit: Callable[[Event], None]
    ) -> None:
        cell = _cell(move.row, move.col)
        ensure(
            not work.players[seat].cells[cell], "occupied", "move it to an empty space", "TUL-099"
        )
        ensure(
            cell != work.lifted_from,
            "not-moved",
            "the tile must move to another space",
            "TUL-099",
        )
        emit(TilePlaced(seat, work.lifted, cell, moved=True))

    def _on_end_turn(
        self, work: State, seat: int, move: EndTurn, emit: Callable[[Event], None]
    ) -> None:
        self._end_turn(work, seat, emit)

    # -- automatic steps ---------------------------------------------------------------

    def _advance(self, work: State, seat: int, emit: Callable[[Event], None]) -> None:
        """Play everything that needs no choice: exhausted edges, goals, end of turn."""
        if work.phase == "tokens":
            player = work.players[seat]
            for n in list(work.pending):
                kind = _token_kind(player.cells, work.token_cell, n)
                if (player.animals if kind == ANIMAL else player.rivers) == 0:
                    emit(TokenSkipped(seat, work.token_cell, n, "none-left"))  # TUL-042
            if work.pending:
                return
            for event in self._goal_events(work, seat):
                emit(event)
            emit(StepDone(seat))
        if work.phase == "finish" and not self._aurora_usable_after_step3(work, seat):
            self._end_turn(work, seat, emit)

    def _goal_events(self, work: State, seat: int) -> list[Event]:
        """Step 3 (TUL-047/048): landscape cards, then symbol cards, then aurora tiles.

        Token counts are taken in that order; each card gets min(2, tokens left)."""
        player = work.players[seat]
        animals = player.animals
        out: list[Event] = []
        for i, card in enumerate(work.landscape):  # TUL-054..058
            if not work.landscape_achieved[i][seat] and goals.landscape_met(
                card, player.cells, player.edges
            ):
                n = min(LANDSCAPE_CAPACITY, animals)
                animals -= n
                out.append(LandscapeAchieved(seat, card, n))
        for i, symbol in enumerate(SYMBOLS):  # TUL-076..078
            if work.symbol_holder[i] == -1 and goals.symbol_covered(
                player.animal, symbol, player.cells
            ):
                n = min(SYMBOL_CAPACITY, animals)
                animals -= n
                out.append(SymbolClaimed(seat, symbol, n))
        colours = goals.colours_of(player.cells)
        holder = work.aurora_holder
        for i in range(0, len(AURORA_TILES), 2):  # TUL-080..083: "3" then "4" of a colour
            three, four = AURORA_TILES[i], AURORA_TILES[i + 1]
            count = colours.count(three.colour)
            if holder[i] == -1:
                if count >= three.threshold:
                    out.append(AuroraTaken(seat, three.id))
            elif holder[i] != seat and holder[i + 1] == -1 and count >= four.threshold:
                out.append(AuroraTaken(seat, four.id))
        return out

    def _end_turn(self, work: State, seat: int, emit: Callable[[Event], None]) -> None:
        player = work.players[seat]
        emit(TurnEnded(seat, triggers_end=player.animals == 0 and player.rivers == 0))
        nxt = (seat + 1) % work.seats
        if nxt == work.first_player and (work.end_triggered or not work.players[nxt].stack):
            reason = "all-tokens-placed" if work.end_triggered else "stacks-empty"
            emit(GameEnded(reason))  # TUL-104/105
            return
        round_ = work.round + 1 if nxt == work.first_player else work.round
        emit(TurnStarted(nxt, round_, work.players[nxt].stack[-1]))

    # -- evolve -----------------------------------------------------------------------

    def evolve(self, state: State, event: Event) -> State:
        state = copy_state(state)  # == kernel clone(state), faster (see state.copy_state)
        self._apply(state, event)
        return state

    def _apply(self, state: State, event: Event) -> None:
        """Fold one event into `state` in place (only ever on a private copy)."""
        _APPLY[type(event)](state, event)

    # -- views, outcome, bots ----------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        return make_view(self, state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def reveals(self, event: Event) -> bool:
        """A stack's top tile turned face up, or the hidden centre tile pushed out."""
        return isinstance(event, (TurnStarted, Slid))

    def outcome(self, state: State) -> TulikkoOutcome | None:
        return make_outcome(state) if state.phase == "over" else None

    def bots(self) -> Mapping[str, Bot]:
        from .bots import greedy

        return {"greedy": greedy}


# -- evolve, one function per event ------------------------------------------------


def _apply_token_placed(state: State, event: TokenPlaced) -> None:
    player = state.players[event.seat]
    if event.kind == "animal":
        player.edges[_edge(event.a, event.b)] = ANIMAL
        player.animals -= 1
    else:
        player.edges[_edge(event.a, event.b)] = RIVER
        player.rivers -= 1
    state.pending.remove(event.b)


def _apply_token_skipped(state: State, event: TokenSkipped) -> None:
    state.pending.remove(event.b)


def _apply_tile_placed(state: State, event: TilePlaced) -> None:
    player = state.players[event.seat]
    player.cells[event.cell] = event.tile
    if event.moved:
        state.lifted, state.lifted_from = "", -1
    else:
        state.taken, state.exit_side, state.free_placement = "", "", False
    state.phase = "tokens"
    state.token_cell = event.cell
    state.pending = [n for n in NEIGHBOURS[event.cell] if player.cells[n]]


def _apply_slid(state: State, event: Slid) -> None:
    board = state.board
    arm, opp = SLOT_INDEX[event.side], SLOT_INDEX[OPPOSITE[event.side]]
    board[opp], board[data.CENTRE], board[arm] = (
        board[data.CENTRE],
        board[arm],
        event.inserted,
    )
    state.revealed = ""
    state.taken = event.ejected
    state.exit_side = OPPOSITE[event.side]
    state.phase = "place"


def _apply_tile_discarded(state: State, event: TileDiscarded) -> None:
    state.players[event.seat].discarded.append(event.tile)
    state.taken, state.exit_side, state.free_placement = "", "", False
    state.phase, state.token_cell, state.pending = "tokens", -1, []


def _apply_step_done(state: State, event: StepDone) -> None:
    state.phase = cast(Phase, state.resume or "finish")
    state.resume, state.token_cell, state.pending = "", -1, []


def _apply_landscape_achieved(state: State, event: LandscapeAchieved) -> None:
    i = state.landscape.index(event.card)
    state.landscape_tokens[i][event.seat] += event.tokens
    state.landscape_achieved[i][event.seat] = True
    state.players[event.seat].animals -= event.tokens


def _apply_symbol_claimed(state: State, event: SymbolClaimed) -> None:
    i = SYMBOLS.index(event.symbol)
    state.symbol_holder[i], state.symbol_tokens[i] = event.seat, event.tokens
    state.players[event.seat].animals -= event.tokens


def _apply_aurora_taken(state: State, event: AuroraTaken) -> None:
    state.aurora_holder[data.AURORA_INDEX[event.aurora]] = event.seat


def _apply_aurora_used(state: State, event: AuroraUsed) -> None:
    state.aurora_active[data.AURORA_INDEX[event.aurora]] = False
    if event.effect == FREE_PLACEMENT:
        state.free_placement = True


def _apply_tile_lifted(state: State, event: TileLifted) -> None:
    player = state.players[event.seat]
    for e in CELL_EDGES[event.cell]:  # TUL-098/101
        if player.edges[e] == ANIMAL:
            player.animals += 1
        elif player.edges[e] == RIVER:
            player.rivers += 1
        player.edges[e] = NO_TOKEN
    player.cells[event.cell] = ""
    state.lifted, state.lifted_from = event.tile, event.cell
    state.resume, state.phase = state.phase, "move"


def _apply_turn_started(state: State, event: TurnStarted) -> None:
    player = state.players[event.seat]
    state.revealed = player.stack.pop()
    state.current, state.round, state.phase = event.seat, event.round, "slide"
    state.turn += 1


def _apply_turn_ended(state: State, event: TurnEnded) -> None:
    state.players[event.seat].turns += 1
    if event.triggers_end:
        state.end_triggered = True


def _apply_start_tile_placed(state: State, event: StartTilePlaced) -> None:
    player = state.players[event.seat]
    player.cells[event.cell] = event.tile
    player.start_tile = ""


def _apply_game_ended(state: State, event: GameEnded) -> None:
    state.phase = "over"
    state.end_reason = event.reason


_APPLY: dict[type, Callable[[State, Any], None]] = {
    TokenPlaced: _apply_token_placed,
    TokenSkipped: _apply_token_skipped,
    TilePlaced: _apply_tile_placed,
    Slid: _apply_slid,
    TileDiscarded: _apply_tile_discarded,
    StepDone: _apply_step_done,
    LandscapeAchieved: _apply_landscape_achieved,
    SymbolClaimed: _apply_symbol_claimed,
    AuroraTaken: _apply_aurora_taken,
    AuroraUsed: _apply_aurora_used,
    TileLifted: _apply_tile_lifted,
    TurnStarted: _apply_turn_started,
    TurnEnded: _apply_turn_ended,
    StartTilePlaced: _apply_start_tile_placed,
    GameEnded: _apply_game_ended,
}


_PHASES: dict[type, tuple[str, ...]] = {
    Slide: ("slide",),
    Place: ("setup", "place"),
    Discard: ("place",),
    PlaceToken: ("tokens",),
    SkipToken: ("tokens",),
    UseWildcard: _BETWEEN_STEPS,
    UseReslide: ("place",),
    UseFreePlacement: ("place",),
    UseMoveTile: _BETWEEN_STEPS,
    MoveTo: ("move",),
    EndTurn: ("finish",),
}

_HANDLERS: dict[type, Callable[[Tulikko, State, int, Any, Callable[[Event], None]], None]] = {
    Slide: Tulikko._on_slide,
    Place: Tulikko._on_place,
    Discard: Tulikko._on_discard,
    PlaceToken: Tulikko._on_place_token,
    SkipToken: Tulikko._on_skip_token,
    UseWildcard: Tulikko._on_wildcard,
    UseReslide: Tulikko._on_reslide,
    UseFreePlacement: Tulikko._on_free_placement,
    UseMoveTile: Tulikko._on_move_tile,
    MoveTo: Tulikko._on_move_to,
    EndTurn: Tulikko._on_end_turn,
}
