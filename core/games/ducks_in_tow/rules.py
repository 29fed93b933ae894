"""Ducks in Tow rules engine: the Decider (initial/decide/evolve/legal_moves/...).

Turn = phase machine (state.phase):

- "actions": up to 4 actions (DIT-051) — MovePawn, Feed, ShakeBag, DropOff, GiftFood,
  GiftCards, Adopt — plus free formation claims right after a Drop Off / Adopt
  (DIT-101), and EndTurn. Consecutive DropOffs are one action (DIT-074).
- "shake": the duck drawn by Shake the Bag waits for KeepShaken / ReleaseShaken.
- "gift_draw": Gift Shop cards, TakeDisplay / TakeDeck / StopDrawing (up to 2).
- "discard_card" / "discard_food": Gift Shop overflow back to 4 (DIT-087, DIT-090).
- "disperse": Disperse(tile) per duck in front of the player (DIT-116..123).
- "food": ReturnFood any number, FinishFood draws to 4 (DIT-124, DIT-125).
- "hand": TakeDisplay / TakeDeck until 4 cards (DIT-127, DIT-128).
- then automatic: display refill (DIT-129), turn passes (DIT-131), game end (DIT-139).
- "over".

Chance: the duck bag is shuffled once at setup (ducks never return to it); food and
dispersal draws use the Rng in State. `decide` computes every draw on a clone of the
state and records it in the event; `evolve` replays the same draw on its own clone.
The per-event fold functions live in evolve.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import product
from typing import Any, Literal

from core.kernel import (
    Bot,
    Decider,
    GameInfo,
    IllegalMove,
    Rng,
    Setup,
    SetupError,
    clone,
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
    START_BY_ID,
    START_CARDS,
    START_FOOD,
    TOW_SLOTS,
)
from .evolve import EVOLVERS, colour_index, covers, draw_food, needs, pick
from .evolve import new_slot as _slot
from .scoring import DitOutcome, final_outcome, placement_problem, placements
from .state import Player, State, Tile
from .view import View, make_view, redact_event, redact_move, reveals_event

Move = mv.Move
Event = ev.Event

PHASES = (
    "actions",
    "shake",
    "gift_draw",
    "discard_card",
    "discard_food",
    "disperse",
    "food",
    "hand",
    "over",
)
_GIFT_OPTIONS = [x for x in product(range(GIFT_FOOD + 1), repeat=NCOL) if 1 <= sum(x) <= GIFT_FOOD]
SIDES: tuple[Literal["left", "right"], ...] = ("left", "right")


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


class DucksInTow(Decider[State, Move, Event, View]):
    info = GameInfo(
        id="ducks-in-tow",
        title_en="Ducks in Tow",
        title_ja="アヒルを連れて",
        min_players=2,
        max_players=4,
        rules_version=RULES_VERSION,
        turn_rule="DIT-131",
        end_rule="DIT-139",
        options=[],
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
                tableau=[_slot(starts[seat])],
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
        )

    # ------------------------------------------------------------ who, when

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def turn(self, state: State) -> int:
        return state.turn

    def outcome(self, state: State) -> DitOutcome | None:
        if state.phase != "over":
            return None
        return final_outcome(state.players, state.end_reason)

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
                    if state.display or state.deck:
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
            if state.deck:
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

    # ----------------------------------------------------------------- decide

    def decide(self, state: State, seat: int, move: Move) -> list[Event]:
        ensure(state.phase != "over", "game-over", "the game is over", "DIT-139")
        ensure(seat == state.current, "not-your-turn", "it is not your turn", "DIT-131")
        handler = _HANDLERS.get(type(move))
        ensure(handler is not None, "unknown-move", f"unknown move {move!r}", "DIT-052")
        assert handler is not None
        if state.phase not in _PHASES[type(move)]:
            rule, now = STEPS[state.phase]
            raise IllegalMove("wrong-step", now, rule)
        events = handler(self, state, seat, move)
        if isinstance(move, _SETTLING) and self._may_settle(state, seat, move):
            events = self._settle(state, events)
        return events

    def _may_settle(self, state: State, seat: int, move: Move) -> bool:
        """Cheap pre-check: can this move's events reach an automatic step?"""
        p = state.players[seat]
        if isinstance(move, mv.FinishFood):
            return True
        if isinstance(move, mv.ReturnFood):
            return state.phase == "food" and sum(p.food) == 1
        if isinstance(move, mv.EndTurn):
            return not sum(p.front) and not sum(p.food)
        if isinstance(move, mv.Disperse):
            return sum(p.front) == 1 and not sum(p.food)
        # TakeDisplay / TakeDeck
        return state.phase == "hand" and (
            len(p.hand) + 1 >= HAND_SIZE or len(state.display) + len(state.deck) <= 1
        )

    def _settle(self, state: State, events: list[Event]) -> list[Event]:
        """Append the automatic end-of-turn events the folded state calls for."""
        for event in events:
            state = self.evolve(state, event)
        while True:
            auto = self._auto(state)
            if auto is None:
                return events
            events.append(auto)
            state = self.evolve(state, auto)

    def _auto(self, state: State) -> Event | None:
        seat = state.current
        p = state.players[seat]
        if state.phase == "food" and not sum(p.food):
            # No food left to return: nothing to choose, draw up to 4 (DIT-125).
            return ev.FoodRefilled(seat, draw_food(clone(state.rng), list(state.food_bag), 4))
        if state.phase == "hand" and (
            len(p.hand) >= HAND_SIZE or not (state.display or state.deck)
        ):
            missing = min(DISPLAY_SIZE - len(state.display), len(state.deck))
            if missing > 0:  # DIT-129, DIT-130
                return ev.DisplayRefilled([state.deck[-1 - i] for i in range(missing)])
            return ev.TurnPassed(seat, self._next_seat(state))
        return None

    def _next_seat(self, state: State) -> int:
        """Left neighbour (DIT-131), or -1 once every other player had the extra turn."""
        end_trigger = state.end_trigger
        if end_trigger < 0 and not state.deck and not state.display:
            end_trigger = state.current  # engine rule: cards exhausted, see README
        if end_trigger >= 0:
            left = state.final_turns_left if state.end_trigger >= 0 else state.seats - 1
            if state.current != end_trigger:
                left -= 1
            if left <= 0:
                return -1  # DIT-138, DIT-139
        return (state.current + 1) % state.seats

    # actions ---------------------------------------------------------------

    def _action(self, state: State) -> None:
        ensure(state.actions_left > 0, "no-actions", "you have used your 4 actions", "DIT-051")

    def _move(self, state: State, seat: int, move: mv.MovePawn) -> list[Event]:
        self._action(state)
        here = state.players[seat].pawn
        ensure(
            move.to in MAPS[state.seats][here].neighbours,
            "not-adjacent",
            f"tile {move.to} is not next to your tile {here}",
            "DIT-055",
        )
        return [ev.PawnMoved(seat, move.to)]

    def _feed(self, state: State, seat: int, move: mv.Feed) -> list[Event]:
        self._action(state)
        p = state.players[seat]
        ensure(_counts_ok(move.ducks), "bad-counts", "give 4 duck counts (Y, O, B, G)", "DIT-058")
        ensure(sum(move.ducks) >= 1, "nothing-fed", "feed at least one duck", "DIT-058")
        tile = state.tiles[p.pawn]
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
        return [ev.DucksFed(seat, list(move.ducks))]

    def _shake(self, state: State, seat: int, move: mv.ShakeBag) -> list[Event]:
        self._action(state)
        ensure(bool(state.duck_bag), "bag-empty", "the duck bag is empty", "DIT-069")
        return [ev.BagShaken(seat, COLOURS[state.duck_bag[-1]])]

    def _keep(self, state: State, seat: int, move: mv.KeepShaken) -> list[Event]:
        p = state.players[seat]
        ensure(sum(p.tow) < TOW_SLOTS, "tow-full", "your tow is full", "DIT-068")
        ensure(bool(p.food[state.shaken]), "no-food", "you have no food of its colour", "DIT-065")
        return [ev.ShakenKept(seat)]

    def _release(self, state: State, seat: int, move: mv.ReleaseShaken) -> list[Event]:
        return [ev.ShakenReleased(seat)]

    def _drop_off(self, state: State, seat: int, move: mv.DropOff) -> list[Event]:
        chained = state.chain
        ensure(chained or state.actions_left > 0, "no-actions", "no actions left", "DIT-051")
        p = state.players[seat]
        ensure(move.card in p.hand, "not-in-hand", "that card is not in your hand", "DIT-072")
        ensure(move.side in SIDES, "bad-side", "place it at the left or right end", "DIT-075")
        here = state.tiles[p.pawn].location
        ensure(
            CARD_BY_ID[move.card].location == here,
            "wrong-location",
            f"{move.card} is completed at {CARD_BY_ID[move.card].location}",
            "DIT-071",
        )
        ensure(covers(p.tow, needs(move.card)), "missing-ducks", "your tow lacks ducks", "DIT-073")
        colour = COLOURS[state.duck_bag[-1]] if state.duck_bag else None
        return [
            ev.CardCompleted(seat, move.card, move.side, chained),
            ev.BonusDuckDrawn(seat, colour),  # DIT-077, DIT-079
        ]

    def _gift_food(self, state: State, seat: int, move: mv.GiftFood) -> list[Event]:
        self._action(state)
        p = state.players[seat]
        ensure(
            state.tiles[p.pawn].role == GIFT_SHOP,
            "not-gift-shop",
            "stand on a Gift Shop",
            "DIT-082",
        )
        ensure(_counts_ok(move.food), "bad-counts", "give 4 food counts (Y, O, B, G)", "DIT-085")
        ensure(1 <= sum(move.food) <= GIFT_FOOD, "gift-food", "take 1 or 2 food", "DIT-085")
        ensure(
            covers(state.food_bag, move.food),
            "not-in-bag",
            "that food is not in the bag",
            "DIT-086",
        )
        return [ev.GiftFoodTaken(seat, list(move.food))]

    def _gift_cards(self, state: State, seat: int, move: mv.GiftCards) -> list[Event]:
        self._action(state)
        p = state.players[seat]
        ensure(
            state.tiles[p.pawn].role == GIFT_SHOP,
            "not-gift-shop",
            "stand on a Gift Shop",
            "DIT-082",
        )
        ensure(bool(state.display or state.deck), "no-cards", "no card left to draw", "DIT-130")
        return [ev.GiftCardsChosen(seat)]

    def _take_display(self, state: State, seat: int, move: mv.TakeDisplay) -> list[Event]:
        ensure(move.card in state.display, "not-displayed", "that card is not face up", "DIT-089")
        return [ev.CardTaken(seat, move.card)]

    def _take_deck(self, state: State, seat: int, move: mv.TakeDeck) -> list[Event]:
        ensure(bool(state.deck), "deck-empty", "the deck is empty", "DIT-130")
        return [ev.CardDrawn(seat, state.deck[-1])]

    def _stop(self, state: State, seat: int, move: mv.StopDrawing) -> list[Event]:
        return [ev.DrawingStopped(seat)]

    def _discard(self, state: State, seat: int, move: mv.DiscardCard) -> list[Event]:
        ensure(move.card in state.players[seat].hand, "not-in-hand", "not in your hand", "DIT-090")
        return [ev.CardDiscarded(seat, move.card)]

    def _return_food(self, state: State, seat: int, move: mv.ReturnFood) -> list[Event]:
        ensure(move.colour in COLOURS, "bad-colour", "unknown colour", "DIT-061")
        p = state.players[seat]
        rule = "DIT-087" if state.phase == "discard_food" else "DIT-124"
        ensure(bool(p.food[colour_index(move.colour)]), "no-food", "you hold no such food", rule)
        return [ev.FoodReturned(seat, move.colour)]

    def _finish_food(self, state: State, seat: int, move: mv.FinishFood) -> list[Event]:
        p = state.players[seat]
        k = max(0, FOOD_LIMIT - sum(p.food))
        return [ev.FoodRefilled(seat, draw_food(clone(state.rng), list(state.food_bag), k))]

    def _adopt(self, state: State, seat: int, move: mv.Adopt) -> list[Event]:
        self._action(state)
        p = state.players[seat]
        ensure(state.tiles[p.pawn].role == ADOPT, "not-adopt", "stand on an Adopt tile", "DIT-093")
        ensure(sum(p.tow) >= 2, "few-ducks", "Adopt needs 2 ducks in your tow", "DIT-095")
        ensure(
            move.keep in COLOURS and move.release in COLOURS,
            "bad-colour",
            "unknown colour",
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
        return [ev.DuckAdopted(seat, move.keep, move.release, move.card)]

    def _claim(self, state: State, seat: int, move: mv.ClaimFormation) -> list[Event]:
        ensure(
            state.claim_open,
            "not-now",
            "claim right after a Drop Off or an Adopt",
            "DIT-101",
        )
        ensure(
            move.formation in state.formations,
            "not-available",
            "that formation card is not on display",
            "DIT-113",
        )
        rule, reason = placement_problem(state.players[seat], move.formation, move.column, move.row)
        ensure(not rule, "no-match", reason, rule)
        return [ev.FormationClaimed(seat, move.formation, move.column, move.row)]

    def _end_turn(self, state: State, seat: int, move: mv.EndTurn) -> list[Event]:
        return [ev.TurnEnded(seat)]

    def _disperse(self, state: State, seat: int, move: mv.Disperse) -> list[Event]:
        ensure(0 <= move.tile < len(state.tiles), "no-tile", "no such tile", "DIT-123")
        pawns = [p.pawn for p in state.players]
        ensure(move.tile not in pawns, "pawn-there", "a pawn stands on that tile", "DIT-122")
        targets = disperse_targets(state)
        ensure(
            move.tile in targets,
            "not-least",
            "choose an empty tile, else one with the fewest ducks",
            "DIT-118" if not sum(state.tiles[targets[0]].ducks) else "DIT-119",
        )
        colour = pick(clone(state.rng), state.players[seat].front)
        return [ev.DuckDispersed(seat, move.tile, COLOURS[colour])]

    # ----------------------------------------------------------------- evolve

    def evolve(self, state: State, event: Event) -> State:
        state = clone(state)
        EVOLVERS[type(event)](state, event)
        return state

    # ------------------------------------------------------------ view, misc

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def redact_move(self, move: Move, seat: int | None) -> Move:
        return redact_move(move, seat)

    def reveals(self, event: Event) -> bool:
        return reveals_event(event)

    def bots(self) -> Mapping[str, Bot]:
        from .bots import greedy_bot

        return {"greedy": greedy_bot}


# A move made at the wrong step is refused with "wrong-step", the rule of the step at
# hand and what to do now: (rule ID, message) by phase, one rule per phase.
STEPS: dict[str, tuple[str, str]] = {
    "actions": (
        "DIT-052",
        "take an action (Move, Feed, Shake the Bag, Drop Off, a tile action) or end your turn",
    ),
    "shake": ("DIT-065", "first keep the duck you shook out of the bag or release it"),
    "gift_draw": (
        "DIT-088",
        "first draw your Gift Shop cards (up to 2, display or deck) or stop drawing",
    ),
    "discard_card": ("DIT-090", "first discard location cards until you hold 4"),
    "discard_food": ("DIT-087", "first return food to the food bag until you hold 4"),
    "disperse": ("DIT-116", "first disperse the ducks in front of you: choose a tile"),
    "food": ("DIT-124", "first return any unused food, then draw back up to 4"),
    "hand": ("DIT-127", "first draw location cards until you hold 4 (display or deck)"),
}
# The phases in which each move may be made.
_PHASES: dict[type, tuple[str, ...]] = {
    mv.MovePawn: ("actions",),
    mv.Feed: ("actions",),
    mv.ShakeBag: ("actions",),
    mv.KeepShaken: ("shake",),
    mv.ReleaseShaken: ("shake",),
    mv.DropOff: ("actions",),
    mv.GiftFood: ("actions",),
    mv.GiftCards: ("actions",),
    mv.TakeDisplay: ("gift_draw", "hand"),
    mv.TakeDeck: ("gift_draw", "hand"),
    mv.StopDrawing: ("gift_draw",),
    mv.DiscardCard: ("discard_card",),
    mv.ReturnFood: ("discard_food", "food"),
    mv.FinishFood: ("food",),
    mv.Adopt: ("actions",),
    mv.ClaimFormation: ("actions",),
    mv.EndTurn: ("actions",),
    mv.Disperse: ("disperse",),
}

_HANDLERS: dict[type, Callable[[DucksInTow, State, int, Any], list[Event]]] = {
    mv.MovePawn: DucksInTow._move,
    mv.Feed: DucksInTow._feed,
    mv.ShakeBag: DucksInTow._shake,
    mv.KeepShaken: DucksInTow._keep,
    mv.ReleaseShaken: DucksInTow._release,
    mv.DropOff: DucksInTow._drop_off,
    mv.GiftFood: DucksInTow._gift_food,
    mv.GiftCards: DucksInTow._gift_cards,
    mv.TakeDisplay: DucksInTow._take_display,
    mv.TakeDeck: DucksInTow._take_deck,
    mv.StopDrawing: DucksInTow._stop,
    mv.DiscardCard: DucksInTow._discard,
    mv.ReturnFood: DucksInTow._return_food,
    mv.FinishFood: DucksInTow._finish_food,
    mv.Adopt: DucksInTow._adopt,
    mv.ClaimFormation: DucksInTow._claim,
    mv.EndTurn: DucksInTow._end_turn,
    mv.Disperse: DucksInTow._disperse,
}
_SETTLING = (mv.EndTurn, mv.Disperse, mv.ReturnFood, mv.FinishFood, mv.TakeDisplay, mv.TakeDeck)
GAME = DucksInTow()
