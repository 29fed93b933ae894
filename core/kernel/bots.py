"""Bots play through the same door as people: `legal_moves` then `decide`.

A bot's randomness comes from its own Rng, never the game's, so a bot can
not change what the game deals. A title writes only how good a state is for a
seat (`evaluate(state, seat) -> float`); `one_ply(evaluate)` turns that into a
bot, and `match`/`beats` pit two bots against each other (greedy beats random).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .contract import Bot, Decider
from .encoding import canonical
from .rng import Rng
from .timeline import Timeline


def random_bot(game: Decider[Any, Any, Any, Any], state: Any, seat: int, rng: Rng) -> Any:
    """Any legal move, uniformly."""
    return rng.choice(game.legal_moves(state, seat))


def bots_of(game: Decider[Any, Any, Any, Any]) -> dict[str, Bot]:
    """Every bot a game offers: 'random' plus the game's own."""
    return {"random": random_bot, **game.bots()}


def play_bots(
    timeline: Timeline[Any, Any, Any],
    bots: Mapping[int, Bot],
    rng: Rng,
    *,
    max_entries: int = 100_000,
    move_id: Callable[[int], str] = lambda seq: f"bot-{seq}",
    at: int = 0,
) -> int:
    """Let the bots move for their seats until no bot seat is to move.

    Returns the number of moves made. Stops at `max_entries` (a guard against
    an engine that never ends, which the property tests treat as a failure).
    """
    made = 0
    while timeline.seq < max_entries:
        seats = [seat for seat in timeline.to_move() if seat in bots]
        if not seats:
            break
        seat = seats[0]
        move = bots[seat](timeline.game, timeline.state, seat, rng)
        timeline.play(seat, move, move_id=move_id(timeline.seq + 1), at=at)
        made += 1
    return made


Evaluate = Callable[[Any, int], float]
"""evaluate(state, seat): how good `state` is for `seat` (higher is better)."""


def foresee(
    game: Decider[Any, Any, Any, Any], state: Any, seat: int, move: Any
) -> tuple[Any, bool]:
    """The state `move` leads to as far as `seat` can foresee it, and whether it stopped
    short: its events are folded up to (not including) the first that reveals hidden
    information, so a bot never chooses by a card it has not seen yet.

    A StepRules title plays the move on one private copy (`play_in_place`, as `decide`
    does) and hands that copy out when nothing was revealed; otherwise the events before
    the first reveal are folded into one fresh copy. The same states as folding event by
    event through `evolve` (a copy each), with one copy instead of one an event."""
    play_in_place = getattr(game, "play_in_place", None)
    if play_in_place is not None:
        work = game.copy(state)  # type: ignore[attr-defined]
        events = play_in_place(work, seat, move)
        for i, event in enumerate(events):
            if game.reveals(event):
                if not i:
                    return state, True
                seen = game.copy(state)  # type: ignore[attr-defined]
                for before in events[:i]:
                    game.fold(seen, before)  # type: ignore[attr-defined]
                return seen, True
        return work, False
    after = state
    for event in game.decide(state, seat, move):
        if game.reveals(event):
            return after, True
        after = game.evolve(after, event)
    return after, False


class OnePly:
    """A bot that plays the legal move whose foreseen state `evaluate` scores best,
    breaking ties with the bot's own Rng (`one_ply`). It keeps how it judges (`evaluate`,
    `lookahead`, `beam`) so other kernel services judge moves as it does (the game
    review, core.kernel.review).

    A planner with a beam (`lookahead` and `beam` > 0) remembers, per seat, what its
    last decision foresaw: each state it looked past, each move's foreseen state and its
    value (`_Memo`). The next step of the same turn starts where that plan went, so all
    but its last level are read back instead of played and judged again (Whispering
    Woods' take decision re-planned the turn its refresh decision had just planned).
    What is read back is exactly what would be recomputed (keyed by the whole state and
    move, of the same game object), so the choices are the same. Without a beam the
    last level is nearly all of the work and the keys cost more than they save (Ducks
    in Tow's medium: ~25% slower with them)."""

    def __init__(self, evaluate: Evaluate, *, lookahead: int = 0, beam: int = 0) -> None:
        self.evaluate = evaluate
        self.lookahead = lookahead
        self.beam = beam
        self._game: Any = None  # the game the remembered plans were made in
        self._plans: dict[int, dict[tuple[bytes, bytes], list[Any]]] = {}  # seat: last plan

    def __call__(self, game: Decider[Any, Any, Any, Any], state: Any, seat: int, rng: Rng) -> Any:
        evaluate, lookahead, beam = self.evaluate, self.lookahead, self.beam
        memo = None
        if lookahead and beam:
            if game is not self._game:
                self._game, self._plans = game, {}
            memo = _Memo(self._plans.get(seat, {}))
            self._plans[seat] = memo.kept
        moves = game.legal_moves(state, seat)
        kept = _best(game, state, seat, moves, evaluate=evaluate, beam=beam, memo=memo)
        scores = [
            _continued(
                game,
                state,
                seat,
                seen,
                evaluate=evaluate,
                lookahead=lookahead,
                beam=beam,
                memo=memo,
            )
            for seen in kept
        ]
        top = max(scores)
        return kept[rng.choice([i for i, s in enumerate(scores) if s == top])].move


class _Memo:
    """What one planner decision foresaw, and what the decision before it (the same
    seat's, in the same game object) had: per (state, move) a cell [after, stopped,
    value], the value None until judged. Only the earlier decision's cells are read
    (a decision never reads its own), so a decision asks the game what it would ask
    without them, less what the earlier one already asked."""

    def __init__(self, known: dict[tuple[bytes, bytes], list[Any]]) -> None:
        self.known = known
        self.kept: dict[tuple[bytes, bytes], list[Any]] = {}

    def foreseen(
        self, game: Decider[Any, Any, Any, Any], state: Any, seat: int, moves: list[Any]
    ) -> list[_Foreseen]:
        place = canonical(state)
        out = []
        for move in moves:
            key = (place, canonical(move))
            cell = self.known.get(key)
            if cell is None:
                cell = [*foresee(game, state, seat, move), None]
            self.kept[key] = cell
            out.append(_Foreseen(move, cell[0], cell[1], cell[2], cell))
        return out


def one_ply(evaluate: Evaluate, *, lookahead: int = 0, beam: int = 0) -> OnePly:
    """A bot that plays the legal move whose foreseen state `evaluate` scores best,
    breaking ties with the bot's own Rng.

    A move that does not end the seat's decision (the seat is still to move in the
    same turn: take a tile, then place it) is scored on the state it leads to; with
    `lookahead` n > 0 it is scored by its best continuation of up to n more moves
    of that decision instead. With `beam` k > 0 only the k moves that score best one
    step ahead are looked at further, here and at every step of a continuation: a
    turn of several steps planned as a whole at the cost of k^n, not of every
    combination (Whispering Woods' two tiles and walks, ~100 moves a step).
    """
    return OnePly(evaluate, lookahead=lookahead, beam=beam)


def foreseen_score(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    seat: int,
    move: Any,
    *,
    evaluate: Evaluate,
    lookahead: int = 0,
    beam: int = 0,
) -> float:
    """`evaluate` of the state `move` leads to as far as `seat` can foresee it, or, with
    `lookahead` n > 0 and the seat's decision not over, of its best continuation of up
    to n more moves of that decision, among the `beam` best a step if `beam` > 0
    (`one_ply`'s score)."""
    seen = _Foreseen(move, *foresee(game, state, seat, move))
    return _continued(game, state, seat, seen, evaluate=evaluate, lookahead=lookahead, beam=beam)


class _Foreseen(NamedTuple):
    """A move, the state it leads to as far as the seat can foresee it, whether that
    stopped short, and its `evaluate` when a beam has already scored it (or a planner's
    earlier decision did: `cell`, where a value judged now is remembered)."""

    move: Any
    after: Any
    stopped: bool
    value: float | None = None
    cell: list[Any] | None = None


def _continued(
    game: Decider[Any, Any, Any, Any],
    before: Any,
    seat: int,
    seen: _Foreseen,
    *,
    evaluate: Evaluate,
    lookahead: int,
    beam: int,
    memo: _Memo | None = None,
) -> float:
    """`foreseen_score` of a move already foreseen (each state is foreseen and scored
    once, whether a beam ranked it or not)."""
    after = seen.after
    if lookahead and not seen.stopped and _same_decision(game, before, after, seat):
        moves = game.legal_moves(after, seat)
        follow = _best(game, after, seat, moves, evaluate=evaluate, beam=beam, memo=memo)
        if follow:
            return max(
                _continued(
                    game,
                    after,
                    seat,
                    step,
                    evaluate=evaluate,
                    lookahead=lookahead - 1,
                    beam=beam,
                    memo=memo,
                )
                for step in follow
            )
    if seen.value is not None:
        return seen.value
    value = evaluate(after, seat)
    if seen.cell is not None:
        seen.cell[2] = value
    return value


def _best(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    seat: int,
    moves: list[Any],
    *,
    evaluate: Evaluate,
    beam: int,
    memo: _Memo | None = None,
) -> list[_Foreseen]:
    """The `beam` moves whose foreseen state scores best, in their listed order (the
    first listed among equals), foreseen; every move when `beam` is 0 or covers them all."""
    if memo is None:
        seen = [_Foreseen(move, *foresee(game, state, seat, move)) for move in moves]
    else:
        seen = memo.foreseen(game, state, seat, moves)
    if not beam or beam >= len(moves):
        return seen
    scores = []
    for step in seen:
        value = step.value
        if value is None:
            value = evaluate(step.after, seat)
            if step.cell is not None:
                step.cell[2] = value
        scores.append(value)
    kept = sorted(range(len(moves)), key=lambda i: -scores[i])[:beam]
    return [seen[i]._replace(value=scores[i]) for i in sorted(kept)]


def _same_decision(game: Decider[Any, Any, Any, Any], before: Any, after: Any, seat: int) -> bool:
    """Is `seat` still to move in the same turn (a multi-step decision)?"""
    return seat in game.to_move(after) and game.turn(after) == game.turn(before)


class Match(NamedTuple):
    """Games won by bot a, by bot b, and tied (equal mean rank)."""

    a: int
    b: int
    ties: int


def match(
    game: Decider[Any, Any, Any, Any],
    bot_a: Bot,
    bot_b: Bot,
    *,
    games: int,
    seats: int = 2,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    max_moves: int = 100_000,
) -> Match:
    """Play `games` seeded games, bot a in seats of one parity and bot b in the
    other, alternating which sits first; a game is won by the bot whose seats have
    the better (lower) mean rank."""
    if seats < 2:
        raise ValueError("a match needs at least two seats")
    a = b = ties = 0
    for n in range(games):
        state = game.initial(game.setup(seats, seed + n, options or {}))
        a_seats = [seat for seat in range(seats) if (seat + n) % 2 == 0]
        rng = Rng.seeded(seed + n, stream=101)
        for _ in range(max_moves):
            movers = game.to_move(state)
            if not movers:
                break
            seat = movers[0]
            bot = bot_a if seat in a_seats else bot_b
            _, state = game.apply(state, seat, bot(game, state, seat, rng))
        outcome = game.outcome(state)
        if outcome is None:
            raise RuntimeError(f"{game.info.id}: seed {seed + n} did not end in {max_moves} moves")
        b_seats = [seat for seat in range(seats) if seat not in a_seats]
        # mean ranks compared without division: sum_a / |a| < sum_b / |b|
        rank_a = sum(outcome.ranks[seat] for seat in a_seats) * len(b_seats)
        rank_b = sum(outcome.ranks[seat] for seat in b_seats) * len(a_seats)
        a += rank_a < rank_b
        b += rank_b < rank_a
        ties += rank_a == rank_b
    return Match(a, b, ties)


def beats(game: Decider[Any, Any, Any, Any], bot_a: Bot, bot_b: Bot, **kwargs: Any) -> bool:
    """Does bot a win more games of a `match` than bot b?"""
    result = match(game, bot_a, bot_b, **kwargs)
    return result.a > result.b
