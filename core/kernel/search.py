"""A search bot that never peeks: information-set Monte Carlo tree search.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): every iteration
samples a *world* — the game's `determinize(state, seat, rng)`, a state the
bot's seat cannot tell apart from the real one, with every hidden card, tile,
bag and the game's own Rng re-dealt — then walks one tree shared by all worlds,
choosing among the moves legal in that world (UCB1 with availability counts),
expands one untried move, plays the world out with a rollout policy and backs up
each seat's reward. The move played is the root's most-visited child.

Never peeking is a property of the inputs: the search reads the real state only
through `determinize`, whose result depends on the seat's view and the bot's own
Rng, and through the seat's own `legal_moves` (a function of what it sees). The
bot's randomness never touches the game's: the game's Rng inside a world is
re-seeded from the bot's.

Rewards: a finished world pays each winner 1 / (number of winners); a world cut
off at `rollout_depth` pays the leaders by the title's `evaluate(state, seat)`
the same way, so long games (hundreds of moves) still give a signal, or, with a
`scale`, pays every seat by how far it leads. With `candidates` the root weighs
only the moves the greedy bot would rank best, where playouts are too costly to
sort out a wide choice.

A title's `determinize` re-deals its hidden pieces with `unseen` (sorted, then
shuffled by the bot's Rng: the world cannot depend on the real order) and gives the
world `world_rng(rng)`.

A decision can be run in slices (`begin(bot, ...)` -> `Thinking`): the browser's engine
worker thinks a slice at a time, so an undo stops it in between, and the page shows how
many iterations of the budget are done. The move is the same however it is sliced.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .bots import foreseen_score
from .contract import Bot, Decider
from .encoding import canonical
from .errors import IllegalMove
from .rng import Rng

Evaluate = Callable[[Any, int], float]
K = TypeVar("K", str, int)


def unseen(items: Iterable[K], rng: Rng) -> list[K]:
    """Hidden pieces re-dealt for a determinized world: sorted first, so the order
    depends only on which pieces they are (what the seat may know) and `rng`, never on
    the real order a cheater would read."""
    pool = sorted(items)
    rng.shuffle(pool)
    return pool


def world_rng(rng: Rng) -> Rng:
    """The game's Rng inside a determinized world: seeded from the bot's, so a world's
    future draws are the bot's guesses, not the game's."""
    return rng.split(54)


class _Node:
    """A move's statistics in the shared tree, from the view of the seat that made it."""

    __slots__ = ("available", "children", "move", "reward", "seat", "visits")

    def __init__(self, move: Any, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.children: dict[bytes, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class _Search:
    """One decision's search: the game, the bot's Rng and the budget's settings."""

    def __init__(
        self,
        game: Decider[Any, Any, Any, Any],
        rng: Rng,
        *,
        evaluate: Evaluate | None,
        rollout: Bot | None,
        depth: int,
        exploration: float,
        scale: float,
    ) -> None:
        self.game = game
        self.rng = rng
        self.evaluate = evaluate
        self.rollout = rollout
        self.depth = depth
        self.exploration = exploration
        self.scale = scale
        # A world is the iteration's own (determinize makes it afresh): a StepRules title
        # plays each move on it in place (one copy an iteration, not one a move); a
        # rollout policy's slip (IllegalMove) could leave a move half played, so its
        # moves are applied on copies.
        in_place = getattr(game, "play_in_place", None)
        self.play: Callable[[Any, int, Any], Any] = (
            (lambda world, seat, move: (in_place(world, seat, move), world)[1])
            if in_place is not None
            else (lambda world, seat, move: game.apply(world, seat, move)[1])
        )
        self.rollout_play: Callable[[Any, int, Any], Any] = (
            self.play if rollout is None else (lambda w, s, m: game.apply(w, s, m)[1])
        )

    def iterate(self, root: _Node, world: Any, shortlist: set[bytes] | None = None) -> None:
        """Selection and expansion (follow the tree while every move legal in this
        world was tried; at the root only the `shortlist`, when given), then a
        playout, then back up each mover's reward."""
        game = self.game
        path = [root]
        node = root
        while True:
            seats = game.to_move(world)
            if not seats:
                break
            mover = seats[0]
            legal = {canonical(move): move for move in game.legal_moves(world, mover)}
            if node is root and shortlist is not None:
                legal = {key: move for key, move in legal.items() if key in shortlist}
            untried = [key for key in legal if key not in node.children]
            if untried:
                key = untried[self.rng.below(len(untried))]
                child = _Node(legal[key], mover)
                node.children[key] = child
                world = self.play(world, mover, child.move)
                path.append(child)
                break
            options = [node.children[key] for key in legal]
            for option in options:
                option.available += 1
            node = max(options, key=self.ucb)
            world = self.play(world, mover, node.move)
            path.append(node)
        rewards = self.playout(world)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
        root.visits += 1

    def ucb(self, node: _Node) -> float:
        return node.reward / node.visits + self.exploration * math.sqrt(
            math.log(max(node.available, 1)) / node.visits
        )

    def leads(self, world: Any) -> list[float]:
        """How far each seat leads the best other seat by `evaluate` (alone at the
        table: its value itself)."""
        assert self.evaluate is not None
        values = [self.evaluate(world, seat) for seat in range(self.game.seat_count(world))]
        return [_lead(values, seat) for seat in range(len(values))]

    def playout(self, world: Any) -> list[float]:
        game = self.game
        for _ in range(self.depth):
            seats = game.to_move(world)
            if not seats:
                break
            seat = seats[0]
            if self.rollout is None:
                move = self.rng.choice(game.legal_moves(world, seat))
            else:
                move = self.rollout(game, world, seat, self.rng)
            try:
                world = self.rollout_play(world, seat, move)
            except IllegalMove:  # a rollout policy's slip ends the playout, not the search
                break
        outcome = game.outcome(world)
        if outcome is not None:
            if outcome.won is not None:  # solo or co-operative: the table won or lost
                return [1.0 if outcome.won else 0.0] * len(outcome.scores)
            return _shares(outcome.winners, len(outcome.scores))
        count = game.seat_count(world)
        if self.evaluate is None:
            return [1.0 / count] * count
        if self.scale:
            return [_squashed(lead / self.scale) for lead in self.leads(world)]
        values = [self.evaluate(world, seat) for seat in range(count)]
        best = max(values)
        return _shares([seat for seat, value in enumerate(values) if value == best], count)


class Thinking:
    """One decision of a bot, run in slices: `think(n)` runs up to n more iterations of
    the budget and `move()` runs what is left, then answers. The browser's engine worker
    thinks a slice at a time, so a player's undo can stop the search in between (and the
    page can show how far it got: `done` of `total`). Slicing changes nothing: the
    iterations, the draws from the bot's Rng and so the move are those of one run.

    A bot that decides in one go (random, greedy) or a decision with one legal move has
    no budget (`total` 0): it is `finished` from the start and `move()` decides it."""

    def __init__(self, total: int, decide: Callable[[], Any], step: Callable[[], None]) -> None:
        self.total = total
        self.done = 0
        self._decide = decide
        self._step = step

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def think(self, iterations: int) -> int:
        """Run up to `iterations` more iterations; returns how many are done."""
        for _ in range(min(iterations, self.total - self.done)):
            self._step()
            self.done += 1
        return self.done

    def move(self) -> Any:
        """The bot's choice, after the rest of the budget."""
        self.think(self.total - self.done)
        return self._decide()


def begin(bot: Bot, game: Decider[Any, Any, Any, Any], state: Any, seat: int, rng: Rng) -> Thinking:
    """`bot`'s decision for `seat`, to be run in slices (`Thinking`): a search bot's
    iterations, any other bot in one go at `move()`."""
    start = getattr(bot, "begin", None)
    if start is not None:
        thinking: Thinking = start(game, state, seat, rng)
        return thinking
    return Thinking(0, lambda: bot(game, state, seat, rng), lambda: None)


class SearchBot:
    """A Bot that runs `iterations` ISMCTS iterations per decision (`search_bot`);
    `begin` hands the same decision out in slices."""

    def __init__(
        self,
        iterations: int,
        *,
        evaluate: Evaluate | None,
        rollout: Bot | None,
        rollout_depth: int,
        exploration: float,
        scale: float,
        candidates: int,
        lookahead: int,
    ) -> None:
        self.iterations = iterations
        self.evaluate = evaluate
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.scale = scale
        self.candidates = candidates
        self.lookahead = lookahead

    def __call__(self, game: Decider[Any, Any, Any, Any], state: Any, seat: int, rng: Rng) -> Any:
        return self.begin(game, state, seat, rng).move()

    def begin(self, game: Decider[Any, Any, Any, Any], state: Any, seat: int, rng: Rng) -> Thinking:
        moves = game.legal_moves(state, seat)
        if len(moves) == 1:
            return Thinking(0, lambda: moves[0], lambda: None)
        search = _Search(
            game,
            rng,
            evaluate=self.evaluate,
            rollout=self.rollout,
            depth=self.rollout_depth,
            exploration=self.exploration,
            scale=self.scale,
        )
        shortlist = None
        if self.candidates and self.evaluate is not None:
            shortlist = _shortlist(
                game,
                state,
                seat,
                moves,
                evaluate=self.evaluate,
                candidates=self.candidates,
                lookahead=self.lookahead,
            )
        root = _Node(None, seat)

        def step() -> None:
            search.iterate(root, game.determinize(state, seat, rng), shortlist)

        def decide() -> Any:
            return max(root.children.values(), key=lambda node: node.visits).move

        return Thinking(self.iterations, decide, step)


def search_bot(
    iterations: int,
    *,
    evaluate: Evaluate | None = None,
    rollout: Bot | None = None,
    rollout_depth: int = 200,
    exploration: float = 0.7,
    scale: float = 0.0,
    candidates: int = 0,
    lookahead: int = 0,
) -> SearchBot:
    """A Bot that runs `iterations` ISMCTS iterations per decision.

    `rollout` plays out the worlds (default: uniformly random legal moves);
    `evaluate(state, seat)` scores worlds cut off after `rollout_depth` moves: the
    leaders share the win, or, with a `scale` > 0, each seat is paid by how far it leads
    the best other seat, lead / scale squashed into (0, 1), so a short playout still says
    by how much a move helps. With
    `candidates` n > 0 the root weighs only the n moves the greedy bot scores best
    (`core.kernel.bots.foreseen_score`, never past a draw, with `lookahead` as
    `one_ply`'s), so a small budget is spent where a good player would look. Its
    `begin` runs the same decision in slices (`Thinking`).
    """
    return SearchBot(
        iterations,
        evaluate=evaluate,
        rollout=rollout,
        rollout_depth=rollout_depth,
        exploration=exploration,
        scale=scale,
        candidates=candidates,
        lookahead=lookahead,
    )


def _shortlist(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    seat: int,
    moves: list[Any],
    *,
    evaluate: Evaluate,
    candidates: int,
    lookahead: int,
) -> set[bytes]:
    """The `candidates` moves whose foreseen state scores best (the first listed among
    equals): what the seat can see decides them, as for the greedy bot."""
    scores = [
        foreseen_score(game, state, seat, move, evaluate=evaluate, lookahead=lookahead)
        for move in moves
    ]
    order = sorted(range(len(moves)), key=lambda i: (-scores[i], i))
    return {canonical(moves[i]) for i in order[:candidates]}


def _shares(winners: list[int], seats: int) -> list[float]:
    rewards = [0.0] * seats
    for seat in winners:
        rewards[seat] = 1.0 / len(winners)
    return rewards


def _lead(values: list[float], seat: int) -> float:
    """How far `seat`'s value leads the best other seat's (alone: its value itself)."""
    others = [other for index, other in enumerate(values) if index != seat]
    return values[seat] - (max(others) if others else 0.0)


def _squashed(x: float) -> float:
    """x squashed into (0, 1) by x / (1 + |x|): only correctly rounded operations, so
    every platform agrees."""
    return 0.5 + 0.5 * x / (1.0 + abs(x))
