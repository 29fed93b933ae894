"""Final scoring (RW-158..RW-163): in-game VP plus every visible card's end-game
effect, ranked by VP, then completed biomes, then rainforest tiles + tall trees."""

from __future__ import annotations

import msgspec

from core.kernel import Outcome
from core.kernel.score import RunningScore, ScorePart, seat_score

from .data import CAP, CARDS, RESOURCES, SOLO_FACTOR, SOLO_FACTOR_EXPERT, gain_of
from .effects import effect_vp
from .resolve import timing
from .state import Expert, Player, State


class CardPoints(msgspec.Struct):
    seat: int
    card: str
    vp: int


class RewildOutcome(Outcome, kw_only=True):
    end_points: list[CardPoints]  # every end-game effect's VP (RW-158)
    completed: list[int]  # tie-break 1 (RW-161)
    rainforest: list[int]  # tie-break 2: rainforest tiles + tall trees (RW-162)
    opponent: int | None = None  # solo: the opponent's score after the factor (RW-228)
    opponent_raw: int | None = None  # solo: its score before the factor
    opponent_factor: str | None = None  # solo: the factor, "1.5" or "2" (RW-228, RW-230)


def end_points(player: Player, seat: int, expert: Expert | None = None) -> list[CardPoints]:
    """The end-game effects of visible cards (RW-114, RW-158, RW-159), as a switch
    plant left their timing (RW-174, RW-175): resources of effects switched to the end
    come first (RW-179, the RW-158 reading), a predation card scores its VP again
    (RW-178)."""
    ending = [c for c in player.cards if not c.covered and timing(expert, c) == "end"]
    stock = list(player.stock)
    for c in ending:
        effect = CARDS[c.card].effect
        if effect.kind == "gain":
            for name, n in gain_of(effect).items():
                i = RESOURCES.index(name)
                stock[i] = min(CAP, stock[i] + n)
    if stock != player.stock:
        player = msgspec.structs.replace(player, stock=stock)
    return [CardPoints(seat, c.card, effect_vp(player, CARDS[c.card])) for c in ending]


def solo_factor(expert: Expert) -> tuple[int, int]:
    """RW-228, RW-230: x1.5; x2 for the challenge or any expert module (a fraction)."""
    modules = (expert.long_game, expert.expert_plants, expert.expert_board, expert.expert_cards)
    return SOLO_FACTOR_EXPERT if expert.challenge or any(modules) else SOLO_FACTOR


def solo_score(raw: int, expert: Expert) -> int:
    """The opponent's final score: its raw score times the factor, rounded up (RW-228)."""
    num, den = solo_factor(expert)
    return -(-raw * num // den)


def outcome(state: State) -> RewildOutcome | None:
    if state.phase != "over":
        return None
    expert = state.expert
    trail = [
        p for seat, player in enumerate(state.players) for p in end_points(player, seat, expert)
    ]
    scores = [player.score for player in state.players]
    for p in trail:
        scores[p.seat] += p.vp
    completed = [sum(player.completed) for player in state.players]
    rainforest = [sum((t.kind == "R") + t.tree for t in player.tiles) for player in state.players]
    if expert is not None and expert.solo:
        theirs = solo_score(scores[1], expert)
        num, den = solo_factor(expert)
        return RewildOutcome(  # the one seat ranks first; `won`: it beat the opponent
            scores=scores[:1],
            ranks=[1],
            winners=[0],
            won=scores[0] > theirs,  # RW-229: a tie goes to the opponent
            end_points=trail,
            completed=completed,
            rainforest=rainforest,
            opponent=theirs,
            opponent_raw=scores[1],
            opponent_factor=f"{num // den}" if num % den == 0 else f"{num / den:g}",
        )
    keys = list(zip(scores, completed, rainforest, strict=True))
    ranks = [1 + sum(other > key for other in keys) for key in keys]  # RW-160..RW-163
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return RewildOutcome(
        scores=scores,
        ranks=ranks,
        winners=winners,
        end_points=trail,
        completed=completed,
        rainforest=rainforest,
    )


def running(state: State) -> RunningScore:
    """Each board's points so far: the victory points scored during the game, then the
    end-game effect of every visible card as it would score now (RW-158, the same count
    as the end, `end_points`). Solo: the opponent's board last, its raw points (the
    factor applies at the end, RW-228). Cards, resources and points are face up."""
    out = []
    for seat, player in enumerate(state.players):
        parts = [ScorePart(key="during_play", points=player.score)]
        parts += [
            ScorePart(key="end_points", points=p.vp, ref=p.card)
            for p in end_points(player, seat, state.expert)
        ]
        out.append(seat_score(parts))
    return RunningScore(seats=out)
