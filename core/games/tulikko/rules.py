"""Tulikko rules: the engine on the title kit (core.kernel.StepRules).

Turn flow (TUL-024). Phases: `setup` (every seat places its start tile,
simultaneously), then per turn `slide` -> `place` -> `tokens` -> `finish`.
`move` is the move-tile aurora between picking a tile up and putting it down;
`over` is the end. `steps` says which moves each phase accepts and the rule a
move of another step breaks; the kernel's `decide` refuses those, runs the
move's handler and then `automatic`, which plays everything that needs no
choice: edges with no token of the needed kind are skipped, goals are checked
after every placement, discard or move (TUL-047), and the turn ends on its own
after step 3 unless an aurora tile could still be used (then EndTurn).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from core.kernel import (
    Bot,
    GameInfo,
    IllegalMove,
    OptionSpec,
    Rng,
    Setup,
    SetupError,
    Step,
    StepRules,
    ensure,
)

from . import data, goals
from .data import (
    ANIMAL,
    ANIMALS,
    AURORA_TILES,
    CELL_EDGES,
    CELLS,
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
from .determinize import determinize
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
from .evolve import FOLDS
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
from .scoring import TulikkoOutcome, outcome
from .state import PlayerState, State, copy_state, to_move
from .view import View, make_view, redact_event

# "2": the landscape wildcard needs an animal token and skips achieved cards (TUL-090),
# river sides connect only by a simple path (TUL-070/071). Games begun under "1" keep
# its rules (State.rules_version), so their records replay and verify as played.
RULES_VERSION = "2"
RULES_VERSIONS = ("1", "2")

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

# Between steps an aurora tile may be used "at any time during your turn" (TUL-085);
# never in the middle of a token decision or of a move-tile effect.
_AURORA_ANY_TIME = (UseWildcard, UseMoveTile)


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


def _slid(work: State, seat: int, side: str, tile: str, reslide: bool) -> Slid:
    """`tile` slides in at `side`: what comes out, what shows, what hides (TUL-027..029)."""
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


class Tulikko(StepRules[State, Move, Event, View]):
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
        version = setup.rules_version or RULES_VERSION
        if version not in RULES_VERSIONS:
            raise SetupError(f"unknown Tulikko rules version {version!r}")
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
            end_triggered=False,
            end_reason="",
            rules_version=version,
        )

    # -- whose move ----------------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        return to_move(state)

    def turn(self, state: State) -> int:
        return state.turn

    def turn_rule(self, move: Move) -> str:
        """Aurora tiles are used only in your own turn (TUL-085); other moves wait for
        your turn (TUL-023)."""
        aurora = (UseWildcard, UseReslide, UseFreePlacement, UseMoveTile)
        return "TUL-085" if isinstance(move, aurora) else "TUL-023"

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
        """The landscape cards `seat` may claim with the wildcard (TUL-089/090): none
        without an animal token to place; else the cards it has not achieved.
        Rules 1: the cards without its tokens, even with no token left."""
        if state.rules_version == "1":
            tokens = state.landscape_tokens
            return [card for i, card in enumerate(state.landscape) if tokens[i][seat] == 0]
        if state.players[seat].animals == 0:
            return []
        achieved = state.landscape_achieved
        return [card for i, card in enumerate(state.landscape) if not achieved[i][seat]]

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
            if not targets and not state.free_placement:  # TUL-035, TUL-097
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
        if any(move in self.steps[phase].moves for move in _AURORA_ANY_TIME):
            if self.held(state, seat, LANDSCAPE_WILDCARD) is not None:
                moves += [UseWildcard(card) for card in self.wildcard_targets(state, seat)]
            if self.held(state, seat, MOVE_TILE) is not None:
                moves += [UseMoveTile(*data.rc(c)) for c in range(CELLS) if player.cells[c]]
        return moves

    # -- handlers: each checks its move and yields its events -------------------------

    def _on_place(self, work: State, seat: int, move: Place) -> Iterator[Event]:
        if work.phase == "setup":
            yield StartTilePlaced(seat, work.players[seat].start_tile, _cell(move.row, move.col))
            return
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
        yield TilePlaced(seat, work.taken, cell)

    def _on_slide(self, work: State, seat: int, move: Slide) -> Iterator[Event]:
        ensure(move.side in SIDES, "no-such-side", f"side must be one of {SIDES}", "TUL-027")
        yield _slid(work, seat, move.side, work.revealed, False)

    def _on_discard(self, work: State, seat: int, move: Discard) -> Iterator[Event]:
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
        yield TileDiscarded(seat, work.taken)

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

    def _on_place_token(self, work: State, seat: int, move: PlaceToken) -> Iterator[Event]:
        cell = self._token_target(work, move.row, move.col)
        player = work.players[seat]
        kind = _token_kind(player.cells, work.token_cell, cell)
        left = player.animals if kind == ANIMAL else player.rivers
        name = "animal" if kind == ANIMAL else "river"
        ensure(left > 0, "no-token", f"you have no {name} token left", "TUL-042")
        yield TokenPlaced(seat, work.token_cell, cell, name)

    def _on_skip_token(self, work: State, seat: int, move: SkipToken) -> Iterator[Event]:
        cell = self._token_target(work, move.row, move.col)
        yield TokenSkipped(seat, work.token_cell, cell, "choice")

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

    def _on_wildcard(self, work: State, seat: int, move: UseWildcard) -> Iterator[Event]:
        aurora = self._aurora(work, seat, LANDSCAPE_WILDCARD)
        ensure(
            move.card in work.landscape,
            "no-such-card",
            f"{move.card} is not a landscape card of this game",
            "TUL-049",
        )
        ensure(
            work.rules_version == "1" or work.players[seat].animals > 0,
            "no-token",
            "the wildcard places animal tokens: you have none left",
            "TUL-090",
        )
        ensure(
            move.card in self.wildcard_targets(work, seat),
            "card-achieved",
            "you already achieved that landscape card",
            "TUL-090",
        )
        yield AuroraUsed(seat, aurora, LANDSCAPE_WILDCARD)
        n = min(LANDSCAPE_CAPACITY, work.players[seat].animals)
        yield LandscapeAchieved(seat, move.card, n, wildcard=True)

    def _on_reslide(self, work: State, seat: int, move: UseReslide) -> Iterator[Event]:
        aurora = self._aurora(work, seat, RESLIDE)
        ensure(move.side in SIDES, "no-such-side", f"side must be one of {SIDES}", "TUL-092")
        yield AuroraUsed(seat, aurora, RESLIDE)
        yield _slid(work, seat, move.side, work.taken, True)

    def _on_free_placement(self, work: State, seat: int, move: UseFreePlacement) -> Iterator[Event]:
        ensure(
            not work.free_placement,
            "already-free",
            "free placement is already in effect",
            "TUL-086",
        )
        aurora = self._aurora(work, seat, FREE_PLACEMENT)
        yield AuroraUsed(seat, aurora, FREE_PLACEMENT)

    def _on_move_tile(self, work: State, seat: int, move: UseMoveTile) -> Iterator[Event]:
        aurora = self._aurora(work, seat, MOVE_TILE)
        cell = _cell(move.row, move.col)
        player = work.players[seat]
        ensure(bool(player.cells[cell]), "no-tile", "there is no tile on that space", "TUL-098")
        tokens = [player.edges[e] for e in CELL_EDGES[cell]]
        yield AuroraUsed(seat, aurora, MOVE_TILE)
        yield TileLifted(
            seat,
            player.cells[cell],
            cell,
            animals=tokens.count(ANIMAL),
            rivers=tokens.count(RIVER),
        )

    def _on_move_to(self, work: State, seat: int, move: MoveTo) -> Iterator[Event]:
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
        yield TilePlaced(seat, work.lifted, cell, moved=True)

    def _on_end_turn(self, work: State, seat: int, move: EndTurn) -> Iterator[Event]:
        yield from self._end_turn(work, seat)

    # -- automatic steps ---------------------------------------------------------------

    def automatic(self, state: State) -> Iterator[Event]:
        """Everything that needs no choice: the first turn once every start tile is
        placed, edges whose token kind is used up, goals, the end of the turn."""
        seat = state.current
        if state.phase == "setup":
            if not any(p.start_tile for p in state.players):
                first = state.first_player
                yield TurnStarted(first, 1, state.players[first].stack[-1])
        elif state.phase == "tokens":
            player = state.players[seat]
            for n in list(state.pending):
                kind = _token_kind(player.cells, state.token_cell, n)
                if (player.animals if kind == ANIMAL else player.rivers) == 0:
                    yield TokenSkipped(seat, state.token_cell, n, "none-left")  # TUL-042
            if not state.pending:
                yield from self._goal_events(state, seat)
                yield StepDone(seat)
        elif state.phase == "finish" and not self._aurora_usable_after_step3(state, seat):
            yield from self._end_turn(state, seat)

    def _goal_events(self, work: State, seat: int) -> list[Event]:
        """Step 3 (TUL-047/048): landscape cards, then symbol cards, then aurora tiles.

        Token counts are taken in that order; each card gets min(2, tokens left)."""
        player = work.players[seat]
        animals = player.animals
        out: list[Event] = []
        for i, card in enumerate(work.landscape):  # TUL-054..058
            if not work.landscape_achieved[i][seat] and goals.landscape_met(
                card, player.cells, player.edges, chains=work.rules_version == "1"
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

    def _end_turn(self, work: State, seat: int) -> Iterator[Event]:
        player = work.players[seat]
        yield TurnEnded(seat, triggers_end=player.animals == 0 and player.rivers == 0)
        nxt = (seat + 1) % work.seats
        if nxt == work.first_player and (work.end_triggered or not work.players[nxt].stack):
            reason = "all-tokens-placed" if work.end_triggered else "stacks-empty"
            yield GameEnded(reason)  # TUL-104/105
            return
        round_ = work.round + 1 if nxt == work.first_player else work.round
        yield TurnStarted(nxt, round_, work.players[nxt].stack[-1])

    # -- copies, views, outcome, bots ---------------------------------------------------

    def copy(self, state: State) -> State:
        return copy_state(state)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def reveals(self, event: Event) -> bool:
        """A stack's top tile turned face up, or the hidden centre tile pushed out."""
        return isinstance(event, (TurnStarted, Slid))

    def outcome(self, state: State) -> TulikkoOutcome | None:
        return outcome(state)

    def bots(self) -> Mapping[str, Bot]:
        from .bots import greedy, hard, medium

        return {"greedy": greedy, "medium": medium, "hard": hard}

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return determinize(state, seat, rng)

    # -- the tables the kernel dispatches from ------------------------------------------

    # What each phase accepts; a move of another step is refused as "wrong-step" with
    # the step's rule and what to do now (the PWA words each by rules.tulikko.wrong-step.<rule>).
    steps = {
        "setup": Step(
            "TUL-019",
            "first every player places a starting neutral tile on any space",
            (Place,),
        ),
        "slide": Step(
            "TUL-027",
            "first slide your revealed tile into the central board (step 1)",
            (Slide, *_AURORA_ANY_TIME),
        ),
        "place": Step(
            "TUL-031",
            "first place the tile you took on your map, or discard it if no space of its"
            " symbol is empty (step 2A)",
            (Place, Discard, UseReslide, UseFreePlacement, *_AURORA_ANY_TIME),
        ),
        "tokens": Step(
            "TUL-037",
            "first place or skip a token on each edge of the tile you just placed (step 2B)",
            (PlaceToken, SkipToken),
        ),
        "move": Step("TUL-099", "first move the lifted tile to another empty space", (MoveTo,)),
        "finish": Step(
            "TUL-024",
            "step 3 is done: end your turn, or use an aurora tile first",
            (EndTurn, *_AURORA_ANY_TIME),
        ),
    }
    handlers = {
        Slide: _on_slide,
        Place: _on_place,
        Discard: _on_discard,
        PlaceToken: _on_place_token,
        SkipToken: _on_skip_token,
        UseWildcard: _on_wildcard,
        UseReslide: _on_reslide,
        UseFreePlacement: _on_free_placement,
        UseMoveTile: _on_move_tile,
        MoveTo: _on_move_to,
        EndTurn: _on_end_turn,
    }
    folds = FOLDS


GAME = Tulikko()
