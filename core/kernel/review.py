"""Game review: where the game turned, judged from what each player could see.

For every move on a record's active line (take-backs cut the line, so undone moves
are not reviewed), the review judges the move actually played against its best
alternatives *from the mover's information set at that moment*: the position is never
read but through the title's `determinize` (a world the mover cannot tell from the
game, every hidden piece re-dealt from the review's own Rng), as the search bots read
it. So a review can not leak a card nobody saw, and two positions the mover could not
tell apart get the same review (tests/kernel/test_review.py checks it for every title).

The judge is the title's own: the strongest bot that says how it judges a state
(a `core.kernel.bots.one_ply` planner or a `core.kernel.search.search_bot`, the last
of `Decider.bots()` that has an `evaluate`), as a turn planner: a move is scored by
`evaluate(state, mover)` after it and the mover's best continuation of the same
decision (`lookahead` more moves, at most `BEAM` a step, as `one_ply` plans). A search
bot weighs a move by playing on past it, so its judge does too, within the budget: its
evaluate planned `MIN_LOOKAHEAD` moves into the decision, then `ROLLOUT` more moves of
one-step play by every seat, and the mover's lead then is the score (Tulikko, Torii).
Inside a world nothing is hidden any more (its draws are its guesses), so the move is
folded whole, draws included, and its value is its score averaged over the worlds: what
a draw may bring, as the mover could expect it. A search's own value estimates are not
used: ISMCTS visits a poor move too seldom to value it, and its playouts cost far more
than this budget. Where the judge is weaker than the bot that played (a search of
hundreds of playouts), a move it does not understand shows as a loss.

The moves judged: the `candidates` the judge ranks best in the first world, never past
a draw (one step ahead where the bot itself ranks so, a planner with a beam; else along
the best line of its lookahead: the first step of a multi-step decision, an action
card, means nothing alone), and the move played. Per move (`EntryReview`): each judged
move's value, the best one, and the *loss*: best value - played value, >= 0, 0 for a
move as good as any judged. Values are in the title's `evaluate` units (points for most
titles; Ducks in Tow counts 100 a point; a lead where the judge plays on), so losses
compare moves of one title, not across titles.

Budget (`Budget`): at most `worlds` worlds a move, another only while the move's
`decide` calls so far plus what one world took on average stay within `effort`. A
count, not a clock, so the budget is the same on every runtime and so are the bytes;
wide positions (Whispering Woods' ~100 moves a step) get fewer worlds, not more time.

The curve (`EntryReview.leads`, one point per reviewed move, per seat): each seat's
lead right after the move (where the judge plays on: after its `ROLLOUT` moves),
`evaluate(seat)` minus the best other seat's (alone: its value), averaged over the
mover's worlds. A lead, not a value, because every title is
a race (a point gained by another is a point lost); the judge's evaluate, because it
is what the moves are judged by, so the curve and the losses agree; no win chance,
because no title has a calibrated map from a lead to one and playing games out to the
end costs far beyond the budget. Rewild's evaluate is itself a lead, so its curve is a
lead of leads (twice the margin with two players: same sign, same turns). `swing` is
the mover's lead after the move minus before it, in the same worlds.

Who may see it: a move's review names the moves its mover could have made (its hand,
its tiles held), so it is that seat's, like its view. A record held whole (a local
game, a finished one) can be reviewed for every seat; while a game with other people
goes on, give each seat the review of its own moves only (`seats`). The values of the
other seats are guesses from the mover's worlds, never their real hidden pieces.

Determinism: the review draws only from `Rng.seeded(seed, stream=seq)`, one per entry,
so an entry's review depends on the record, the seed and the budget, never on the
slicing or the other entries; no `random`, no clock, no set iteration; values are sums
in a fixed order, rounded to 4 decimals (the same bytes on CPython and Pyodide).

Sliced (`begin_review` -> `Reviewing`): `step(n)` reviews up to n more moves, so the
browser's engine worker reviews a slice at a time, shows `done` of `total` moves and
can drop it between slices; `result()` reviews what is left. `review` runs it in one go.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

import msgspec

from .bots import Evaluate, foresee, foreseen_score
from .contract import Decider
from .encoding import canonical
from .errors import KifuError
from .record import Entry
from .rng import Rng
from .search import _lead
from .timeline import Timeline

WORLDS = 8
"""Worlds a move is judged in at most (the draws it may bring, the hidden hands)."""

EFFORT = 600
"""The work a move's review may take, counted in `decide` calls (the same count on
every runtime, unlike a clock): worlds are added while one more fits."""

CANDIDATES = 3
"""Moves judged besides the one played, by default: those the judge ranks best."""

MIN_LOOKAHEAD = 2
"""A search bot's evaluate is planned this many moves into the same decision."""

BEAM = 3
"""A planner looks at most this many moves further at each step of a continuation."""

ROLLOUT = 4
"""Moves a search bot's judge plays past a decision (at most its own playout depth)."""

WEAKEST = 3
"""Each seat's weakest moves listed in the summary."""

SWINGS = 5
"""Biggest swings listed in the summary."""


# -- the result ---------------------------------------------------------------------------


class Candidate(msgspec.Struct, kw_only=True):
    """A move judged, and its value for the mover (mean over the worlds)."""

    move: Any
    value: float


class EntryReview(msgspec.Struct, kw_only=True):
    """One move of the record, judged from its mover's view."""

    seq: int
    seat: int
    played: Any
    best: Any  # the played move itself when it is as good as any judged
    played_value: float
    best_value: float
    loss: float  # best_value - played_value, >= 0
    choices: int  # legal moves the mover had
    worlds: int  # worlds it was judged in
    candidates: list[Candidate]  # every move judged, best first (legal order among equals)
    values: list[float]  # each seat's evaluate after the move, in the mover's worlds
    leads: list[float]  # each seat's lead after the move (the curve)
    swing: float  # the mover's lead after the move minus before it


class SeatSummary(msgspec.Struct, kw_only=True):
    """One seat's moves over the review."""

    seat: int
    moves: int  # moves reviewed
    best_moves: int  # moves with no loss
    total_loss: float
    mean_loss: float
    weakest: list[int]  # seqs of its biggest losses, biggest first (losses > 0 only)


class ReviewSummary(msgspec.Struct, kw_only=True):
    seats: list[SeatSummary]
    swings: list[int]  # seqs of the biggest swings (either sign), biggest first
    lead_changes: list[int]  # seqs after which another seat leads the curve


class Judging(msgspec.Struct, kw_only=True):
    """How the review judged: the bot whose evaluate it used and the budget."""

    bot: str
    lookahead: int
    beam: int
    ranked: int
    rollout: int
    worlds: int
    effort: int
    candidates: int


class Review(msgspec.Struct, kw_only=True):
    game: str
    record_id: str
    tip_hash: str  # the record reviewed (its tip): a cached review is this record's
    seed: int
    judging: Judging
    entries: list[EntryReview]
    summary: ReviewSummary


_encoder = msgspec.json.Encoder(order="deterministic")


def encode_review(review: Review) -> bytes:
    """The review's canonical JSON: the same bytes for the same record, seed and budget."""
    return _encoder.encode(review)


# -- the judge ----------------------------------------------------------------------------


class Judge(NamedTuple):
    """How moves are judged. `evaluate` scores a state for a seat; a move is planned
    `lookahead` more moves into its decision, the `beam` best a step (0: every one).
    The moves judged are those `ranked` best by a single line of up to that many moves
    (0: one step ahead, where the bot itself ranks its moves so: a beam at its root).
    With `rollout` n > 0 a state is scored instead by the seat's lead after n more moves
    of one-step play by every seat (each mover's move that `evaluate` scores best)."""

    name: str
    evaluate: Evaluate
    lookahead: int
    beam: int
    ranked: int = 0
    rollout: int = 0


def judge_of(game: Decider[Any, Any, Any, Any]) -> Judge:
    """The title's strongest bot that says how it judges (the last of `bots()` with an
    `evaluate`), as a turn planner: a `one_ply` planner with its own lookahead, at most
    `BEAM` moves further a step, its moves ranked as it ranks them (with a beam: one step
    ahead; without: along their best line); a `search_bot`, which weighs every move by
    playing on, with at least `MIN_LOOKAHEAD`, ranked along their best line, each state
    scored by the lead after `ROLLOUT` moves of one-step play (at most its own playouts'
    depth)."""
    for name, bot in reversed(list(game.bots().items())):
        evaluate = getattr(bot, "evaluate", None)
        if evaluate is None:
            continue
        lookahead = int(getattr(bot, "lookahead", 0))
        beam = int(getattr(bot, "beam", 0))
        depth = getattr(bot, "rollout_depth", None)
        if depth is None:  # a planner
            return Judge(
                name,
                evaluate,
                lookahead,
                min(beam, BEAM) if beam else BEAM,
                0 if beam else lookahead,
            )
        lookahead = max(lookahead, MIN_LOOKAHEAD)
        return Judge(name, evaluate, lookahead, BEAM, lookahead, min(int(depth), ROLLOUT))
    raise KifuError(f"{game.info.id}: no bot says how it judges a state (an evaluate)")


class _Seen:
    """The game as the judge asks it, counting `decide` calls (the review's effort).
    `imagined`: inside a world nothing is hidden any more (its draws are the world's
    guesses), so a move is foreseen whole, draws included; otherwise a move is
    foreseen up to its first reveal, as greedy sees it."""

    def __init__(self, game: Decider[Any, Any, Any, Any], *, imagined: bool) -> None:
        self.game = game
        self.evolve = game.evolve
        self.legal_moves = game.legal_moves
        self.to_move = game.to_move
        self.turn = game.turn
        self.imagined = imagined
        self.decided = 0

    def decide(self, state: Any, seat: int, move: Any) -> list[Any]:
        self.decided += 1
        return self.game.decide(state, seat, move)

    def reveals(self, event: Any) -> bool:
        return False if self.imagined else self.game.reveals(event)


# -- one position -------------------------------------------------------------------------


class Budget(NamedTuple):
    """How much a move's review may do: at most `worlds` worlds, and another only while
    its `decide` calls so far plus one world's more stay within `effort`; `candidates`
    moves judged besides the one played."""

    worlds: int = WORLDS
    effort: int = EFFORT
    candidates: int = CANDIDATES


DEFAULT_BUDGET = Budget()


def review_position(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    seat: int,
    played: Any,
    *,
    seq: int,
    seed: int,
    judge: Judge | None = None,
    budget: Budget = DEFAULT_BUDGET,
) -> EntryReview:
    """The review of `played`, by `seat` in `state`, as entry `seq` of a record reviewed
    with `seed` (what `review` gives that entry).

    `state` is read only through `game.determinize(state, seat, rng)`: the first world
    lists the legal moves and shortlists the candidates (those the judge ranks best,
    never past a draw), every world scores them, and each seat's value before and after
    the move played."""
    judge = judge or judge_of(game)
    if budget.worlds < 1 or budget.candidates < 0:
        raise KifuError("a review needs at least one world and no negative candidates")
    rng = _entry_rng(seed, seq)
    foreseen = _Seen(game, imagined=False)
    imagined = _Seen(game, imagined=True)
    evaluate = judge.evaluate
    scoring = _rolled_out(imagined, evaluate, judge.rollout) if judge.rollout else evaluate
    moves: list[Any] = []
    choices = 0
    sums: list[float] = []
    before: list[float] = []
    after: list[float] = []
    worlds = 0
    while True:
        world = game.determinize(state, seat, rng)
        if not worlds:
            choices, moves = _shortlist(
                foreseen, world, seat, played, judge=judge, candidates=budget.candidates
            )
            count = game.seat_count(world)
            sums, before, after = [0.0] * len(moves), [0.0] * count, [0.0] * count
        _add(before, _values(imagined, world, evaluate, judge.rollout, len(before)))
        scores = [
            foreseen_score(
                imagined,  # type: ignore[arg-type]
                world,
                seat,
                move,
                evaluate=scoring,
                lookahead=judge.lookahead,
                beam=judge.beam,
            )
            for move in moves
        ]
        _add(sums, scores)
        world = game.apply(world, seat, played)[1]
        imagined.decided += 1
        _add(after, _values(imagined, world, evaluate, judge.rollout, len(after)))
        worlds += 1
        # one world more costs about what each cost so far (the shortlist was once)
        spent = foreseen.decided + imagined.decided
        if worlds == budget.worlds or spent + imagined.decided / worlds > budget.effort:
            break
    return _judged(
        seq,
        seat,
        played,
        moves=moves,
        choices=choices,
        sums=sums,
        before_sums=before,
        after_sums=after,
        worlds=worlds,
    )


def _played_out(game: _Seen, state: Any, evaluate: Evaluate, moves: int) -> Any:
    """`state` after up to `moves` more moves, each the one `evaluate` scores best for
    its mover one step ahead (the first among equals), folded whole."""
    for _ in range(moves):
        movers = game.to_move(state)
        if not movers:
            break
        mover = movers[0]
        best, top = state, 0.0
        for n, move in enumerate(game.legal_moves(state, mover)):
            after = foresee(game, state, mover, move)[0]  # type: ignore[arg-type]
            score = evaluate(after, mover)
            if not n or score > top:
                best, top = after, score
        state = best
    return state


def _rolled_out(game: _Seen, evaluate: Evaluate, moves: int) -> Evaluate:
    """A seat's lead by `evaluate` after `moves` more moves of one-step play."""

    def lead(state: Any, seat: int) -> float:
        end = _played_out(game, state, evaluate, moves)
        return _lead([evaluate(end, s) for s in range(game.game.seat_count(end))], seat)

    return lead


def _values(game: _Seen, state: Any, evaluate: Evaluate, moves: int, seats: int) -> list[float]:
    """Each seat's value in `state`, or after `moves` more moves of one-step play."""
    end = _played_out(game, state, evaluate, moves) if moves else state
    return [evaluate(end, s) for s in range(seats)]


def _shortlist(
    game: _Seen, world: Any, seat: int, played: Any, *, judge: Judge, candidates: int
) -> tuple[int, list[Any]]:
    """How many legal moves the seat has, and the `candidates` the judge ranks best in
    `world` (`Judge.ranked`), never past a draw (as the bots see them), with the move
    played, in legal order."""
    legal = game.legal_moves(world, seat)
    key = canonical(played)
    scores = [
        foreseen_score(
            game,  # type: ignore[arg-type]
            world,
            seat,
            move,
            evaluate=judge.evaluate,
            lookahead=judge.ranked,
            beam=1,
        )
        for move in legal
    ]
    kept = set(sorted(range(len(legal)), key=lambda i: (-scores[i], i))[:candidates])
    moves = [move for i, move in enumerate(legal) if i in kept or canonical(move) == key]
    if not any(canonical(move) == key for move in moves):
        moves.append(played)  # a determinize that lost it: judged all the same
    return len(legal), moves


def _judged(
    seq: int,
    seat: int,
    played: Any,
    *,
    moves: list[Any],
    choices: int,
    sums: list[float],
    before_sums: list[float],
    after_sums: list[float],
    worlds: int,
) -> EntryReview:
    """The entry's review from its sums over `worlds` worlds."""
    values = [total / worlds for total in sums]
    key = canonical(played)
    at = next(i for i, move in enumerate(moves) if canonical(move) == key)
    top = max(values)
    best = at if values[at] == top else values.index(top)
    ranked = sorted(range(len(values)), key=lambda i: (-values[i], i))
    after = [total / worlds for total in after_sums]
    before = [total / worlds for total in before_sums]
    leads = [_lead(after, s) for s in range(len(after))]
    return EntryReview(
        seq=seq,
        seat=seat,
        played=played,
        best=moves[best],
        played_value=_round(values[at]),
        best_value=_round(top),
        loss=_round(_round(top) - _round(values[at])),  # as the values shown say
        choices=choices,
        worlds=worlds,
        candidates=[Candidate(move=moves[i], value=_round(values[i])) for i in ranked],
        values=[_round(value) for value in after],
        leads=[_round(lead) for lead in leads],
        swing=_round(leads[seat] - _lead(before, seat)),
    )


# -- a record -----------------------------------------------------------------------------


class Reviewing:
    """A record's review, run in slices: `step(n)` reviews up to n more moves,
    `result()` reviews what is left and answers. Slicing changes nothing: each move is
    reviewed from its own Rng, whatever was reviewed before it."""

    def __init__(
        self,
        timeline: Timeline[Any, Any, Any],
        *,
        seed: int,
        judge: Judge,
        budget: Budget,
        seats: Collection[int] | None,
    ) -> None:
        self.timeline = timeline
        self.seed = seed
        self.judge = judge
        self.budget = budget
        line = timeline.line
        entries = timeline.record.entries
        # (the seq of the position it was played in, the entry), along the active line
        self._todo: list[tuple[int, Entry[Any, Any]]] = []
        for before, seq in itertools.pairwise(line):
            entry = entries[seq - 1]
            if isinstance(entry, Entry) and (seats is None or entry.seat in seats):
                self._todo.append((before, entry))
        self.total = len(self._todo)
        self.reviews: list[EntryReview] = []
        self.tip_hash = timeline.tip_hash  # the record reviewed, whatever is played since

    @property
    def done(self) -> int:
        return len(self.reviews)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self, moves: int) -> int:
        """Review up to `moves` more moves; returns how many are done."""
        timeline = self.timeline
        for _ in range(max(0, min(moves, self.total - self.done))):
            before, entry = self._todo[self.done]
            self.reviews.append(
                review_position(
                    timeline.game,
                    timeline.state_at(before),
                    entry.seat,
                    entry.move,
                    seq=entry.seq,
                    seed=self.seed,
                    judge=self.judge,
                    budget=self.budget,
                )
            )
        return self.done

    def result(self) -> Review:
        """The review, after the moves left."""
        self.step(self.total - self.done)
        timeline, judge, budget = self.timeline, self.judge, self.budget
        return Review(
            game=timeline.game.info.id,
            record_id=timeline.record.id,
            tip_hash=self.tip_hash,
            seed=self.seed,
            judging=Judging(
                bot=judge.name,
                lookahead=judge.lookahead,
                beam=judge.beam,
                ranked=judge.ranked,
                rollout=judge.rollout,
                worlds=budget.worlds,
                effort=budget.effort,
                candidates=budget.candidates,
            ),
            entries=list(self.reviews),
            summary=summarize(self.reviews, timeline.record.genesis.seats),
        )


def begin_review(
    timeline: Timeline[Any, Any, Any],
    *,
    seed: int = 0,
    budget: Budget = DEFAULT_BUDGET,
    seats: Collection[int] | None = None,
    judge: Judge | None = None,
) -> Reviewing:
    """The review of `timeline`'s record (its active line; only `seats`' moves if given),
    to be run in slices (`Reviewing`). `judge` defaults to the title's (`judge_of`)."""
    return Reviewing(
        timeline, seed=seed, judge=judge or judge_of(timeline.game), budget=budget, seats=seats
    )


def review(timeline: Timeline[Any, Any, Any], **kwargs: Any) -> Review:
    """`begin_review(timeline, ...)` run in one go."""
    return begin_review(timeline, **kwargs).result()


def summarize(
    entries: Sequence[EntryReview], seats: int, *, weakest: int = WEAKEST, swings: int = SWINGS
) -> ReviewSummary:
    """Per seat its weakest moves; the biggest swings; where the lead changed hands."""
    per_seat = []
    for seat in range(seats):
        mine = [entry for entry in entries if entry.seat == seat]
        total = sum(entry.loss for entry in mine)
        worst = sorted((entry for entry in mine if entry.loss > 0), key=lambda e: (-e.loss, e.seq))
        per_seat.append(
            SeatSummary(
                seat=seat,
                moves=len(mine),
                best_moves=sum(1 for entry in mine if entry.loss == 0),
                total_loss=_round(total),
                mean_loss=_round(total / len(mine)) if mine else 0.0,
                weakest=[entry.seq for entry in worst[:weakest]],
            )
        )
    by_swing = sorted(entries, key=lambda e: (-abs(e.swing), e.seq))
    changes = []
    leader = None  # the last seat that led alone (a tie changes nothing)
    for entry in entries:
        top = max(entry.leads)
        ahead = [seat for seat, lead in enumerate(entry.leads) if lead == top]
        if len(ahead) == 1:
            if leader is not None and ahead[0] != leader:
                changes.append(entry.seq)
            leader = ahead[0]
    return ReviewSummary(
        seats=per_seat,
        swings=[entry.seq for entry in by_swing[:swings] if entry.swing != 0],
        lead_changes=changes,
    )


def _entry_rng(seed: int, seq: int) -> Rng:
    """Entry `seq`'s own Rng: its review depends on no other entry's."""
    return Rng.seeded(seed, stream=seq)


def _add(totals: list[float], values: list[float]) -> None:
    for i, value in enumerate(values):
        totals[i] += value


def _round(x: float) -> float:
    """4 decimals (correctly rounded, so every runtime agrees), never -0.0."""
    return round(x, 4) + 0.0
