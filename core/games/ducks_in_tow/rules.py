"""Ducks in Tow rules engine: a `core.kernel.StepRules` title.

A turn is a walk through the steps of `DucksInTow.steps` (state.phase):

- "actions": up to 4 actions (DIT-051) — MovePawn, Feed, ShakeBag, DropOff, GiftFood,
  GiftCards, Adopt — plus free formation claims right after a Drop Off / Adopt
  (DIT-101), and EndTurn. Consecutive DropOffs are one action (DIT-074).
- "shake": the duck drawn by Shake the Bag waits for KeepShaken / ReleaseShaken.
- "gift_draw": Gift Shop cards, TakeDisplay / TakeDeck / StopDrawing (up to 2).
- "discard_card" / "discard_food": Gift Shop overflow back to 4 (DIT-087, DIT-090).
- "disperse": Disperse(tile) per duck in front of the player (DIT-116..123).
- "food": ReturnFood any number, FinishFood draws to 4 (DIT-124, DIT-125).
- "hand": TakeDisplay / TakeDeck until 4 cards (DIT-127, DIT-128).
- then `automatic`: food refill with nothing to return (DIT-125), display refill
  (DIT-129), turn passes (DIT-131) or the game ends (DIT-139).

The kernel's `decide` refuses a move of another step citing the step's rule; each
handler (`_on_<move>`) checks its move and yields its events, each folded (evolve.py)
into the kernel's working copy before the handler resumes.

Chance: the duck bag is shuffled once at setup (ducks never return to it); food and
dispersal draws use the Rng in State. A handler draws on a copy of that Rng and
records the result in its event; the fold repeats the same draw on the state's Rng.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import product
from typing import Literal

from core.kernel import (
    Bot,
    GameInfo,
    OptionSpec,
    Rng,
    Setup,
    SetupError,
    Step,
    StepRules,
    ensure,
)

from . import events as ev
from . import moves as mv
from .data import (
    ACTIONS_PER_TURN,
    ADOPT,
    CARD_BY_ID,
    COLOURS,
    DISPLAY_SIZE,
    DUCKS_USED,
    FOOD_LIMIT,
    FOOD_PER_COLOUR,
    FORMATIONS,
    FORMATIONS_EXTRA,
    GIFT_FOOD,
    GIFT_SHOP,
    HAND_SIZE,
    LOCATION,
    LOCATION_CARDS,
    LOCATION_TILES_USED,
    LOCATIONS,
    MAPS,
    NCOL,
    RULES_VERSION,
    RULES_VERSIONS,
    START_BY_ID,
    START_CARDS,
    START_FOOD,
    TOW_SLOTS,
)
from .determinize import determinize
from .evolve import (
    FOLDS,
    colour_index,
    covers,
    deck_can_draw,
    draw_food,
    needs,
    new_slot,
    peek,
    pick,
)
from .scoring import DitOutcome, outcome, placement_problem, placements
from .stall import stalled
from .state import Player, State, Tile, copy_state
from .view import View, make_view, redact_event, redact_move, reveals_event

Move = mv.Move
Event = ev.Event

_GIFT_OPTIONS = [x for x in product(range(GIFT_FOOD + 1), repeat=NCOL) if 1 <= sum(x) <= GIFT_FOOD]
SIDES: tuple[Literal["left", "right"], ...] = ("left", "right")
# The rulebook has no variant, solo mode or expert module (DIT-150).
OPTIONS: list[OptionSpec] = []


def disperse_targets(state: State) -> list[int]:
    """Eligible tiles (no pawn, DIT-122) holding the fewest ducks (DIT-118, DIT-119)."""
    pawns = {p.pawn for p in state.players}
    eligible = [i for i in range(len(state.tiles)) if i not in pawns]
    if not eligible:
        return []
    least = min(sum(state.tiles[i].ducks) for i in eligible)
    return [i for i in eligible if sum(state.tiles[i].ducks) == least]


def _counts_ok(counts: list[int]) -> bool:
    return len(counts) == NCOL and all(isinstance(c, int) and c >= 0 for c in counts)


class DucksInTow(StepRules[State, Move, Event, View]):
    info = GameInfo(
        id="ducks-in-tow",
        title_en="Ducks in Tow",
        title_ja="アヒルを連れて",
        min_players=2,
        max_players=4,
        rules_version=RULES_VERSION,
        turn_rule="DIT-131",
        end_rule="DIT-139",
        options=OPTIONS,
    )
    state_type = State
    move_type = Move
    event_type = Event
    view_type = View

    # ------------------------------------------------------------------ setup

    def initial(self, setup: Setup) -> State:
        n = setup.seats
        if n not in MAPS:
            raise SetupError(f"Ducks in Tow takes 2, 3 or 4 players, not {n} (DIT-001)")
        if setup.rules_version not in RULES_VERSIONS:
            raise SetupError(f"Ducks in Tow has no rules version {setup.rules_version!r}")
        rng = Rng.seeded(setup.seed)
        # DIT-002..005: matching start cards, shuffled, one per seat; ST1 = First Player.
        starts = [card.id for card in START_CARDS if n in card.players]
        rng.shuffle(starts)
        first = next(s for s, c in enumerate(starts) if START_BY_ID[c].first_player)
        # DIT-013..018: location tiles chosen at random, placed at random.
        symbols = list(LOCATIONS)
        rng.shuffle(symbols)
        in_play = symbols[: LOCATION_TILES_USED[n]]
        tiles: list[Tile] = []
        it = iter(in_play)
        for hex_ in MAPS[n]:
            tiles.append(Tile(hex_.role, next(it) if hex_.role == LOCATION else None, [0] * NCOL))
        # DIT-021..026: cards of the symbols in play, 4 per hand, 4 face up, the rest the deck.
        cards = sorted(card.id for card in LOCATION_CARDS if card.location in in_play)
        rng.shuffle(cards)
        hands = [[cards.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
        display = [cards.pop() for _ in range(DISPLAY_SIZE)]
        # DIT-027..029: player count + 2 formation cards.
        formations = [f.id for f in FORMATIONS]
        rng.shuffle(formations)
        formations = formations[: n + FORMATIONS_EXTRA]
        # DIT-030..035: food by clockwise position from the first player.
        food_bag = [FOOD_PER_COLOUR] * NCOL
        food: list[list[int]] = [[0] * NCOL for _ in range(n)]
        for position in range(n):
            seat = (first + position) % n
            food[seat] = draw_food(rng, food_bag, START_FOOD[position])
        # DIT-036..041: ducks per player count into the bag, one on every tile.
        duck_bag = [c for c in range(NCOL) for _ in range(DUCKS_USED[n])]
        rng.shuffle(duck_bag)
        for tile in tiles:
            tile.ducks[duck_bag.pop()] += 1
        # DIT-019, DIT-020, DIT-GAP13: start card STk -> start space Sk.
        start_tile = {h.start: i for i, h in enumerate(MAPS[n]) if h.start}
        players = [
            Player(
                start_card=starts[seat],
                order=(seat - first) % n,
                pawn=start_tile[START_BY_ID[starts[seat]].start_space],
                tow=[0] * NCOL,
                food=food[seat],
                front=[0] * NCOL,
                hand=hands[seat],
                tableau=[new_slot(starts[seat])],
                claims=[],
            )
            for seat in range(n)
        ]
        return State(
            rng=rng,
            seats=n,
            players=players,
            tiles=tiles,
            duck_bag=duck_bag,
            food_bag=food_bag,
            deck=cards,
            display=display,
            discards=[],
            formations=formations,
            current=first,
            turn=0,
            phase="actions",
            actions_left=ACTIONS_PER_TURN,
            chain=False,
            claim_open=False,
            shaken=-1,
            draws_left=0,
            end_trigger=-1,
            end_reason="",
            final_turns_left=0,
            rules_version=RULES_VERSIONS[setup.rules_version],
        )

    # ------------------------------------------------------------ who, when

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    def outcome(self, state: State) -> DitOutcome | None:
        return outcome(state)

    # ------------------------------------------------------------ legal moves

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state.phase == "over" or seat != state.current:
            return []
        p = state.players[seat]
        phase = state.phase
        out: list[Move] = []
        if phase == "actions":
            if state.claim_open:
                for fid in state.formations:
                    out += [mv.ClaimFormation(fid, c, r) for c, r in placements(p, fid)]
            can_act = state.actions_left > 0
            if state.chain or can_act:
                out += self._drop_offs(state, p)
            if can_act:
                out += [mv.MovePawn(t) for t in sorted(MAPS[state.seats][p.pawn].neighbours)]
                out += self._feeds(state, p)
                if state.duck_bag:
                    out.append(mv.ShakeBag())
                role = state.tiles[p.pawn].role
                if role == GIFT_SHOP:
                    out += self._gift_foods(state)
                    if state.display or deck_can_draw(state):
                        out.append(mv.GiftCards())
                elif role == ADOPT:
                    out += self._adopts(p)
            out.append(mv.EndTurn())
        elif phase == "shake":
            if p.food[state.shaken] and sum(p.tow) < TOW_SLOTS:
                out.append(mv.KeepShaken())
            out.append(mv.ReleaseShaken())
        elif phase in ("gift_draw", "hand"):
            out += [mv.TakeDisplay(card) for card in state.display]
            if deck_can_draw(state):
                out.append(mv.TakeDeck())
            if phase == "gift_draw":
                out.append(mv.StopDrawing())
        elif phase == "discard_card":
            out += [mv.DiscardCard(card) for card in p.hand]
        elif phase in ("discard_food", "food"):
            out += [mv.ReturnFood(COLOURS[c]) for c in range(NCOL) if p.food[c]]
            if phase == "food":
                out.append(mv.FinishFood())
        elif phase == "disperse":
            out += [mv.Disperse(t) for t in disperse_targets(state)]
        return out

    def _drop_offs(self, state: State, p: Player) -> list[Move]:
        here = state.tiles[p.pawn].location
        return [
            mv.DropOff(card, side)
            for card in p.hand
            if CARD_BY_ID[card].location == here and covers(p.tow, needs(card))
            for side in SIDES
        ]

    def _feeds(self, state: State, p: Player) -> list[Move]:
        tile = state.tiles[p.pawn].ducks
        free = TOW_SLOTS - sum(p.tow)
        ranges = [range(min(tile[c], p.food[c], free) + 1) for c in range(NCOL)]
        return [mv.Feed(list(x)) for x in product(*ranges) if 1 <= sum(x) <= free]

    def _gift_foods(self, state: State) -> list[Move]:
        return [mv.GiftFood(list(x)) for x in _GIFT_OPTIONS if covers(state.food_bag, list(x))]

    def _adopts(self, p: Player) -> list[Move]:
        if sum(p.tow) < 2:
            return []
        out: list[Move] = []
        for keep in range(NCOL):
            if not p.tow[keep]:
                continue
            spaces = [s.card for s in p.tableau if not s.printed[keep] and not s.adopted[keep]]
            for release in range(NCOL):
                if p.tow[release] < 1 + (release == keep):
                    continue
                out += [mv.Adopt(COLOURS[keep], COLOURS[release], card) for card in spaces]
        return out

    # ------------------------------------------------------- automatic steps

    def automatic(self, state: State) -> Iterator[Event]:
        """The end-of-turn steps nobody chooses: a food refill with no food to
        return (DIT-125), the display refill (DIT-129) with a reshuffle of the discard
        pile when the deck runs out (DIT-130), passing the turn (DIT-131) or ending
        the game (DIT-139, or DIT-151 when it has stalled)."""
        phase = state.phase
        if phase == "food":
            seat = state.current
            if not sum(state.players[seat].food):
                yield ev.FoodRefilled(seat, draw_food(peek(state.rng), state.food_bag[:], 4))
        elif phase == "hand":
            seat = state.current
            hand = state.players[seat].hand
            if len(hand) >= HAND_SIZE or not (state.display or deck_can_draw(state)):
                short = DISPLAY_SIZE - len(state.display)
                missing = min(short, len(state.deck))
                if missing > 0:
                    yield ev.DisplayRefilled([state.deck[-1 - i] for i in range(missing)])
                elif short > 0 and deck_can_draw(state):
                    yield ev.DeckReshuffled(len(state.discards))
                elif state.rules_version >= 2 and state.end_trigger < 0 and stalled(state):
                    yield ev.GameStalled(seat)
                else:
                    yield ev.TurnPassed(seat, self._next_seat(state))

    def _next_seat(self, state: State) -> int:
        """Left neighbour (DIT-131), or -1 once every other player had the extra turn."""
        end_trigger = state.end_trigger
        if state.rules_version == 1 and end_trigger < 0 and not (state.deck or state.display):
            end_trigger = state.current  # rules 1 only: cards exhausted, see README
        if end_trigger >= 0:
            left = state.final_turns_left if state.end_trigger >= 0 else state.seats - 1
            if state.current != end_trigger:
                left -= 1
            if left <= 0:
                return -1  # DIT-138, DIT-139
        return (state.current + 1) % state.seats

    # ------------------------------------------------------------ handlers

    def _action(self, state: State) -> None:
        ensure(state.actions_left > 0, "no-actions", "you have used your 4 actions", "DIT-051")

    def _on_move(self, work: State, seat: int, move: mv.MovePawn) -> Iterator[Event]:
        self._action(work)
        here = work.players[seat].pawn
        ensure(
            move.to in MAPS[work.seats][here].neighbours,
            "not-adjacent",
            f"tile {move.to} is not next to your tile {here}",
            "DIT-055",
        )
        yield ev.PawnMoved(seat, move.to)

    def _on_feed(self, work: State, seat: int, move: mv.Feed) -> Iterator[Event]:
        self._action(work)
        p = work.players[seat]
        ensure(_counts_ok(move.ducks), "bad-counts", "give 4 duck counts (Y, O, B, G)", "DIT-058")
        ensure(sum(move.ducks) >= 1, "nothing-fed", "feed at least one duck", "DIT-058")
        tile = work.tiles[p.pawn]
        ensure(
            covers(tile.ducks, move.ducks),
            "not-here",
            "those ducks are not on your tile",
            "DIT-059",
        )
        ensure(
            covers(p.food, move.ducks),
            "no-food",
            "you need 1 food of each duck's colour",
            "DIT-061",
        )
        ensure(
            sum(p.tow) + sum(move.ducks) <= TOW_SLOTS,
            "tow-full",
            "your tow holds at most 4 ducks",
            "DIT-047",
        )
        yield ev.DucksFed(seat, list(move.ducks))

    def _on_shake(self, work: State, seat: int, move: mv.ShakeBag) -> Iterator[Event]:
        self._action(work)
        ensure(bool(work.duck_bag), "bag-empty", "the duck bag is empty", "DIT-069")
        yield ev.BagShaken(seat, COLOURS[work.duck_bag[-1]])

    def _on_keep(self, work: State, seat: int, move: mv.KeepShaken) -> Iterator[Event]:
        p = work.players[seat]
        ensure(sum(p.tow) < TOW_SLOTS, "tow-full", "your tow is full", "DIT-068")
        ensure(bool(p.food[work.shaken]), "no-food", "you have no food of its colour", "DIT-065")
        yield ev.ShakenKept(seat)

    def _on_release(self, work: State, seat: int, move: mv.ReleaseShaken) -> Iterator[Event]:
        yield ev.ShakenReleased(seat)

    def _on_drop_off(self, work: State, seat: int, move: mv.DropOff) -> Iterator[Event]:
        chained = work.chain
        ensure(chained or work.actions_left > 0, "no-actions", "no actions left", "DIT-051")
        p = work.players[seat]
        ensure(move.card in p.hand, "not-in-hand", "that card is not in your hand", "DIT-072")
        ensure(move.side in SIDES, "bad-side", "place it at the left or right end", "DIT-075")
        here = work.tiles[p.pawn].location
        ensure(
            CARD_BY_ID[move.card].location == here,
            "wrong-location",
            f"{move.card} is completed at {CARD_BY_ID[move.card].location}",
            "DIT-071",
        )
        ensure(covers(p.tow, needs(move.card)), "missing-ducks", "your tow lacks ducks", "DIT-073")
        yield ev.CardCompleted(seat, move.card, move.side, chained)
        colour = COLOURS[work.duck_bag[-1]] if work.duck_bag else None
        yield ev.BonusDuckDrawn(seat, colour)  # DIT-077, DIT-079

    def _at_gift_shop(self, work: State, seat: int) -> None:
        ensure(
            work.tiles[work.players[seat].pawn].role == GIFT_SHOP,
            "not-gift-shop",
            "stand on a Gift Shop",
            "DIT-082",
        )

    def _on_gift_food(self, work: State, seat: int, move: mv.GiftFood) -> Iterator[Event]:
        self._action(work)
        self._at_gift_shop(work, seat)
        ensure(_counts_ok(move.food), "bad-counts", "give 4 food counts (Y, O, B, G)", "DIT-085")
        ensure(1 <= sum(move.food) <= GIFT_FOOD, "gift-food", "take 1 or 2 food", "DIT-085")
        ensure(
            covers(work.food_bag, move.food),
            "not-in-bag",
            "that food is not in the bag",
            "DIT-086",
        )
        yield ev.GiftFoodTaken(seat, list(move.food))

    def _on_gift_cards(self, work: State, seat: int, move: mv.GiftCards) -> Iterator[Event]:
        self._action(work)
        self._at_gift_shop(work, seat)
        ensure(
            bool(work.display) or deck_can_draw(work), "no-cards", "no card left to draw", "DIT-130"
        )
        yield ev.GiftCardsChosen(seat)

    def _on_take_display(self, work: State, seat: int, move: mv.TakeDisplay) -> Iterator[Event]:
        ensure(move.card in work.display, "not-displayed", "that card is not face up", "DIT-089")
        yield ev.CardTaken(seat, move.card)

    def _on_take_deck(self, work: State, seat: int, move: mv.TakeDeck) -> Iterator[Event]:
        ensure(
            deck_can_draw(work), "deck-empty", "the deck and the discard pile are empty", "DIT-130"
        )
        if not work.deck:
            yield ev.DeckReshuffled(len(work.discards))
        yield ev.CardDrawn(seat, work.deck[-1])

    def _on_stop(self, work: State, seat: int, move: mv.StopDrawing) -> Iterator[Event]:
        yield ev.DrawingStopped(seat)

    def _on_discard(self, work: State, seat: int, move: mv.DiscardCard) -> Iterator[Event]:
        ensure(move.card in work.players[seat].hand, "not-in-hand", "not in your hand", "DIT-090")
        yield ev.CardDiscarded(seat, move.card)

    def _on_return_food(self, work: State, seat: int, move: mv.ReturnFood) -> Iterator[Event]:
        ensure(move.colour in COLOURS, "bad-colour", "there is no such colour", "DIT-061")
        p = work.players[seat]
        rule = "DIT-087" if work.phase == "discard_food" else "DIT-124"
        ensure(bool(p.food[colour_index(move.colour)]), "no-food", "you hold no such food", rule)
        yield ev.FoodReturned(seat, move.colour)

    def _on_finish_food(self, work: State, seat: int, move: mv.FinishFood) -> Iterator[Event]:
        k = max(0, FOOD_LIMIT - sum(work.players[seat].food))
        yield ev.FoodRefilled(seat, draw_food(peek(work.rng), work.food_bag[:], k))

    def _on_adopt(self, work: State, seat: int, move: mv.Adopt) -> Iterator[Event]:
        self._action(work)
        p = work.players[seat]
        ensure(work.tiles[p.pawn].role == ADOPT, "not-adopt", "stand on an Adopt tile", "DIT-093")
        ensure(sum(p.tow) >= 2, "few-ducks", "Adopt needs 2 ducks in your tow", "DIT-095")
        ensure(
            move.keep in COLOURS and move.release in COLOURS,
            "bad-colour",
            "there is no such colour",
            "DIT-094",
        )
        keep, release = colour_index(move.keep), colour_index(move.release)
        need = [0] * NCOL
        need[keep] += 1
        need[release] += 1
        ensure(covers(p.tow, need), "not-in-tow", "those 2 ducks are not in your tow", "DIT-094")
        slot = next((s for s in p.tableau if s.card == move.card), None)
        ensure(slot is not None, "no-card", "that card is not in your tableau", "DIT-096")
        assert slot is not None
        ensure(
            not slot.printed[keep] and not slot.adopted[keep],
            "no-space",
            f"{move.card} has no empty {move.keep} duck space",
            "DIT-097" if slot.printed[keep] else "DIT-099",
        )
        yield ev.DuckAdopted(seat, move.keep, move.release, move.card)

    def _on_claim(self, work: State, seat: int, move: mv.ClaimFormation) -> Iterator[Event]:
        ensure(
            work.claim_open,
            "not-now",
            "claim right after a Drop Off or an Adopt",
            "DIT-101",
        )
        ensure(
            move.formation in work.formations,
            "not-available",
            "that formation card is not on display",
            "DIT-113",
        )
        rule, reason = placement_problem(work.players[seat], move.formation, move.column, move.row)
        ensure(not rule, "no-match", reason, rule)
        yield ev.FormationClaimed(seat, move.formation, move.column, move.row)

    def _on_end_turn(self, work: State, seat: int, move: mv.EndTurn) -> Iterator[Event]:
        yield ev.TurnEnded(seat)

    def _on_disperse(self, work: State, seat: int, move: mv.Disperse) -> Iterator[Event]:
        ensure(0 <= move.tile < len(work.tiles), "no-tile", "no such tile", "DIT-123")
        pawns = [p.pawn for p in work.players]
        ensure(move.tile not in pawns, "pawn-there", "a pawn stands on that tile", "DIT-122")
        targets = disperse_targets(work)
        ensure(
            move.tile in targets,
            "not-least",
            "choose an empty tile, else one with the fewest ducks",
            "DIT-118" if not sum(work.tiles[targets[0]].ducks) else "DIT-119",
        )
        colour = pick(peek(work.rng), work.players[seat].front)
        yield ev.DuckDispersed(seat, move.tile, COLOURS[colour])

    # ------------------------------------------------------------ view, misc

    def copy(self, state: State) -> State:
        return copy_state(state)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def redact_move(self, move: Move, seat: int | None) -> Move:
        return redact_move(move, seat)

    def reveals(self, event: Event) -> bool:
        return reveals_event(event)

    def bots(self) -> Mapping[str, Bot]:
        from .bots import greedy, hard, medium

        return {"greedy": greedy, "medium": medium, "hard": hard}

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return determinize(state, seat, rng)

    # A move made at another step is refused with "wrong-step", this step's rule and
    # what to do now; no two steps share a rule, so the rule names the situation.
    steps = {
        "actions": Step(
            "DIT-052",
            "take an action (Move, Feed, Shake the Bag, Drop Off, a tile action) or end your turn",
            (
                mv.MovePawn,
                mv.Feed,
                mv.ShakeBag,
                mv.DropOff,
                mv.GiftFood,
                mv.GiftCards,
                mv.Adopt,
                mv.ClaimFormation,
                mv.EndTurn,
            ),
        ),
        "shake": Step(
            "DIT-065",
            "first keep the duck you shook out of the bag or release it",
            (mv.KeepShaken, mv.ReleaseShaken),
        ),
        "gift_draw": Step(
            "DIT-088",
            "first draw your Gift Shop cards (up to 2, display or deck) or stop drawing",
            (mv.TakeDisplay, mv.TakeDeck, mv.StopDrawing),
        ),
        "discard_card": Step(
            "DIT-090", "first discard location cards until you hold 4", (mv.DiscardCard,)
        ),
        "discard_food": Step(
            "DIT-087", "first return food to the food bag until you hold 4", (mv.ReturnFood,)
        ),
        "disperse": Step(
            "DIT-116", "first disperse the ducks in front of you: choose a tile", (mv.Disperse,)
        ),
        "food": Step(
            "DIT-124",
            "first return any unused food, then draw back up to 4",
            (mv.ReturnFood, mv.FinishFood),
        ),
        "hand": Step(
            "DIT-127",
            "first draw location cards until you hold 4 (display or deck)",
            (mv.TakeDisplay, mv.TakeDeck),
        ),
    }
    handlers = {
        mv.MovePawn: _on_move,
        mv.Feed: _on_feed,
        mv.ShakeBag: _on_shake,
        mv.KeepShaken: _on_keep,
        mv.ReleaseShaken: _on_release,
        mv.DropOff: _on_drop_off,
        mv.GiftFood: _on_gift_food,
        mv.GiftCards: _on_gift_cards,
        mv.TakeDisplay: _on_take_display,
        mv.TakeDeck: _on_take_deck,
        mv.StopDrawing: _on_stop,
        mv.DiscardCard: _on_discard,
        mv.ReturnFood: _on_return_food,
        mv.FinishFood: _on_finish_food,
        mv.Adopt: _on_adopt,
        mv.ClaimFormation: _on_claim,
        mv.EndTurn: _on_end_turn,
        mv.Disperse: _on_disperse,
    }
    folds = FOLDS


GAME = DucksInTow()
