"""Greedy bot: a goal-directed policy with one-ply lookahead where the result is known.

It reads only what its seat may see (its own hand, the public board) and never looks
at the result of a draw before choosing: it simulates only moves whose outcome does
not depend on hidden order (claims, Drop Off sides, Adopt), and picks every other
move from the plan "complete the cheapest card in hand": fetch food for the missing
colours at a Gift Shop, walk to a tile with a missing duck, feed it, walk to the card's
location, drop off; adopt surplus ducks; draw cards that match the tow.
"""

from __future__ import annotations

from typing import Any

from core.kernel import Decider, Rng

from . import moves as mv
from .data import ADOPT, CARD_BY_ID, COLOURS, GIFT_SHOP, MAPS, NCOL, TOW_SLOTS
from .scoring import score
from .state import Player, State


def _needs(card: str) -> list[int]:
    return [int(c in CARD_BY_ID[card].ducks) for c in COLOURS]


def _missing(p: Player, card: str) -> list[int]:
    return [max(0, n - t) for n, t in zip(_needs(card), p.tow, strict=True)]


def _distances(state: State, goals: list[int]) -> list[int]:
    """Steps from every tile to the nearest goal tile (99 if unreachable)."""
    hexes = MAPS[state.seats]
    dist = [99] * len(hexes)
    frontier = sorted(set(goals))
    for g in frontier:
        dist[g] = 0
    while frontier:
        nxt = []
        for t in frontier:
            for u in hexes[t].neighbours:
                if dist[u] == 99:
                    dist[u] = dist[t] + 1
                    nxt.append(u)
        frontier = sorted(nxt)
    return dist


def _card_value(p: Player, card: str) -> int:
    """Lower is better: ducks still missing, then fewer ducks (cheaper)."""
    return 10 * sum(_missing(p, card)) - len(CARD_BY_ID[card].ducks)


def _simulated_score(game: Decider[Any, Any, Any, Any], state: State, seat: int, move: Any) -> int:
    after = state
    for event in game.decide(state, seat, move):
        after = game.evolve(after, event)
    return score(after.players[seat])


def _step_towards(state: State, legal: list[Any], goals: list[int]) -> Any | None:
    steps = [m for m in legal if isinstance(m, mv.MovePawn)]
    if not goals or not steps:
        return None
    dist = _distances(state, goals)
    here = dist[state.players[state.current].pawn]
    best = min(steps, key=lambda m: (dist[m.to], m.to))
    return best if dist[best.to] < here else None


def greedy(game: Decider[Any, Any, Any, Any], state: State, seat: int, rng: Rng) -> Any:
    legal = game.legal_moves(state, seat)
    p = state.players[seat]
    phase = state.phase

    def of(kind: type) -> list[Any]:
        return [m for m in legal if isinstance(m, kind)]

    hand = sorted(p.hand, key=lambda c: (_card_value(p, c), c))
    wants = [0] * NCOL
    for card in hand[:2]:
        wants = [max(a, b) for a, b in zip(wants, _missing(p, card), strict=True)]

    if phase == "shake":
        keep = of(mv.KeepShaken)
        return keep[0] if keep and wants[state.shaken] else mv.ReleaseShaken()
    if phase in ("gift_draw", "hand", "discard_card"):
        if phase == "discard_card":
            worst = max(p.hand, key=lambda c: (_card_value(p, c), c))
            return mv.DiscardCard(worst)
        shown = of(mv.TakeDisplay)
        if shown:
            best = min(shown, key=lambda m: (_card_value(p, m.card), m.card))
            if sum(_missing(p, best.card)) < len(CARD_BY_ID[best.card].ducks) or not of(
                mv.TakeDeck
            ):
                return best
        return (of(mv.TakeDeck) or shown or of(mv.StopDrawing))[0]
    if phase in ("discard_food", "food"):
        spare = [
            m
            for m in of(mv.ReturnFood)
            if p.food[COLOURS.index(m.colour)] > wants[COLOURS.index(m.colour)]
        ]
        if phase == "discard_food":
            return (spare or of(mv.ReturnFood))[0]
        return spare[0] if spare else mv.FinishFood()
    if phase == "disperse":
        return legal[rng.below(len(legal))]

    # actions: points first
    claims = of(mv.ClaimFormation)
    if claims:
        return max(claims, key=lambda m: _simulated_score(game, state, seat, m))
    drops = of(mv.DropOff)
    if drops:
        return max(drops, key=lambda m: _simulated_score(game, state, seat, m))
    if state.actions_left == 0:
        return mv.EndTurn()
    adopts = of(mv.Adopt)
    if adopts:
        surplus = [max(0, t - w) for t, w in zip(p.tow, wants, strict=True)]
        useful = [m for m in adopts if surplus[COLOURS.index(m.release)] or sum(p.tow) == TOW_SLOTS]
        if useful:
            base = score(p)
            best = max(useful, key=lambda m: _simulated_score(game, state, seat, m))
            if _simulated_score(game, state, seat, best) > base:
                return best

    here = state.tiles[p.pawn]
    # 1. a card is ready: walk to its location
    ready = [c for c in hand if not sum(_missing(p, c))]
    if ready:
        goals = [
            i for i, t in enumerate(state.tiles) if t.location == CARD_BY_ID[ready[0]].location
        ]
        step = _step_towards(state, legal, goals)
        if step is not None:
            return step
    # 2. feed wanted ducks on this tile
    feeds = of(mv.Feed)
    if feeds:
        best_feed = max(
            feeds,
            key=lambda m: (
                sum(min(a, w) for a, w in zip(m.ducks, wants, strict=True)),
                -sum(m.ducks),
            ),
        )
        if all(a <= w for a, w in zip(best_feed.ducks, wants, strict=True)) and sum(
            best_feed.ducks
        ):
            return best_feed
    free = TOW_SLOTS - sum(p.tow)
    lacking = [c for c in range(NCOL) if wants[c] > p.food[c]]
    # 3. at a Gift Shop: food for the missing colours, else new cards when stuck
    if here.role == GIFT_SHOP:
        gifts = [
            m
            for m in of(mv.GiftFood)
            if all(m.food[c] <= max(0, wants[c] - p.food[c]) for c in range(NCOL))
        ]
        if lacking and gifts:
            return max(gifts, key=lambda m: (sum(m.food), m.food))
        if not free and not ready and of(mv.GiftCards):
            return mv.GiftCards()
    # 4. tow clogged: go adopt
    if not free and not ready:
        step = _step_towards(
            state, legal, [i for i, t in enumerate(state.tiles) if t.role == ADOPT]
        )
        if step is not None:
            return step
    # 5. walk to a wanted duck we can pay for, or to a Gift Shop for food
    if free:
        payable = [c for c in range(NCOL) if wants[c] and p.food[c]]
        goals = [i for i, t in enumerate(state.tiles) if any(t.ducks[c] for c in payable)]
        if not goals and (lacking or not payable):
            goals = [i for i, t in enumerate(state.tiles) if t.role == GIFT_SHOP]
        step = _step_towards(state, legal, goals)
        if step is not None:
            return step
        if payable and of(mv.ShakeBag) and not goals:
            return mv.ShakeBag()
    return mv.EndTurn()
