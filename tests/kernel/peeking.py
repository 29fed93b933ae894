"""The no-peeking check for any bot of any title.

A bot may read only what its seat sees. Caught as a cheater would be: the same
position with every hidden piece re-dealt (by `redeal`, written in the title's
test from its rules, never the title's own `determinize`) must leave the seat's
view unchanged and the bot's choice, for the same bot seed, unchanged too.

A choice is a blunt witness: a bot that looks at a hidden card often picks the same
move anyway. So the check also compares everything the bot asks the game while it
decides (`Asking`, a recording proxy): every state it passes to `legal_moves`, `decide`,
`evolve`, `apply`, `view`, `to_move`..., as the seat sees it (its view), every event it
passes as redacted for the seat, every move, and what the game answers (the states
`evolve`, `apply` and `determinize` hand back, which are what the bot evaluates next;
legal moves, views, who is to move). A bot that never peeks asks the same questions in
the same order whatever the hidden pieces really are (`questions_under_redeal`).
"""

from __future__ import annotations

import hashlib
import typing
from collections.abc import Callable
from typing import Any

from core.kernel import Bot, Decider, Rng, canonical

Redeal = Callable[[Any, int, Rng], Any]

Question = tuple[str, tuple[bytes, ...]]
"""One call the bot made: the method's name (an answer: "=" and the name) and each
argument as the seat sees it (a digest of the seat's view of a state, of an event as
redacted for the seat, of a move or any other value)."""

# `decide` hands back every event of a move, the one that reveals a hidden card
# included: the kernel's `foresee` asks, passes each event to `reveals` and stops
# folding at the first that reveals. So neither decide's answer nor the event given to
# `reveals` is logged (its answer is: it depends on the event's kind), only what the
# bot does next with the events, such as folding one into a state (`evolve`).
_UNSEEN_ANSWERS = frozenset({"decide", "play_in_place"})
_UNSEEN_QUESTIONS = frozenset({"reveals"})
# Methods that change the state they are given (a private copy the bot made): `fold`
# folds one event into it, `play_in_place` plays a move on it (decide's events, then
# its state). What the state then holds is logged as an answer (as `evolve`'s and
# `apply`'s new states are), except after a move that revealed something: the kernel's
# `foresee` drops that copy and folds the events before the reveal into a fresh one.
_IN_PLACE = frozenset({"fold", "play_in_place"})


class Parted(Exception):
    """A run's questions left those of the run it is compared with (`Asking.expected`)."""


class Asking:
    """The game as a bot asks it, for the deciding `seat`: every method call is passed
    on and logged in `questions`; attributes that are not methods (`info`, the types)
    pass through. With `expected` (another run's questions) a call that differs from
    the one at the same place raises `Parted` at once."""

    def __init__(
        self,
        game: Decider[Any, Any, Any, Any],
        seat: int,
        expected: list[Question] | None = None,
    ) -> None:
        self._game = game
        self._seat = seat
        self._state_type = game.state_type
        self._events = frozenset(typing.get_args(game.event_type)) or {game.event_type}
        self.questions: list[Question] = []
        self.expected = expected
        # Each state is viewed once: a state is never changed once a Decider made it
        # (evolve and apply hand back new ones), and keeping it here keeps its id unique.
        self._states: dict[int, tuple[Any, bytes]] = {}

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._game, name)
        if not callable(attr) or isinstance(attr, type):
            return attr
        hide_question, hide_answer = name in _UNSEEN_QUESTIONS, name in _UNSEEN_ANSWERS
        in_place = name in _IN_PLACE
        seen, log = self._seen, self._log

        def asked(*args: Any) -> Any:
            log((name, () if hide_question else tuple(seen(arg) for arg in args)))
            answer = attr(*args)
            if not hide_answer:
                log(("=" + name, (seen(answer),)))
            if in_place:
                self._changed(name, args[0], answer)
            return answer

        setattr(self, name, asked)  # later calls skip __getattr__
        return asked

    def _changed(self, name: str, state: Any, answer: Any) -> None:
        """A state changed in place: its view is made again; logged unless the move
        played on it revealed something (the bot must not look at that copy)."""
        self._states.pop(id(state), None)
        if name == "play_in_place" and any(self._game.reveals(event) for event in answer):
            return
        self._log(("=" + name + " state", (self._seen(state),)))

    def _log(self, question: Question) -> None:
        expected, n = self.expected, len(self.questions)
        self.questions.append(question)
        if expected is None or (n < len(expected) and expected[n] == question):
            return
        if n >= len(expected):
            raise Parted(f"question {n}: {question[0]}, where it had asked nothing more")
        if expected[n][0] == question[0]:
            raise Parted(f"question {n}: {question[0]}, with what the seat sees otherwise")
        raise Parted(f"question {n}: {question[0]}, where it had asked {expected[n][0]}")

    def _seen(self, thing: Any) -> bytes:
        """`thing` as the seat sees it, in a few bytes."""
        kind = type(thing)
        if kind is self._state_type:
            known = self._states.get(id(thing))
            if known is None:
                view = canonical(self._game.view(thing, self._seat))
                known = self._states[id(thing)] = (thing, _short(view))
            return known[1]
        if kind in self._events:
            return _short(canonical(self._game.redact(thing, self._seat)))
        if kind is Rng:
            return b"rng"  # the bot's own: drawn in the same order by a bot that never peeks
        if kind is tuple:  # apply's answer (events, state): the state is what the seat sees
            return self._seen(thing[-1])
        return _short(canonical(thing))


def _short(shown: bytes) -> bytes:
    return shown if len(shown) <= 24 else hashlib.blake2b(shown, digest_size=16).digest()


def questions(
    game: Decider[Any, Any, Any, Any],
    bot: Bot,
    state: Any,
    seat: int,
    *,
    bot_seed: int = 12345,
    expected: list[Question] | None = None,
) -> tuple[bytes, list[Question]]:
    """The bot's choice (canonical bytes) in `state` and every question it asked
    (`Asking`; with `expected`, `Parted` at the first that differs)."""
    asking = Asking(game, seat, expected)
    move = bot(asking, state, seat, Rng.seeded(bot_seed, 9))  # type: ignore[arg-type]
    if expected is not None and len(asking.questions) != len(expected):
        raise Parted(f"{len(asking.questions)} questions where it asked {len(expected)}")
    return canonical(move), asking.questions


def choices_under_redeal(
    game: Decider[Any, Any, Any, Any],
    bot: Bot,
    state: Any,
    seat: int,
    redeal: Redeal,
    *,
    worlds: int = 4,
    bot_seed: int = 12345,
) -> set[bytes]:
    """The bot's choices (canonical bytes) in `state` and in `worlds` re-deals of it;
    a bot that never peeks gives one. Each re-deal is checked to look the same to
    `seat` (else the test's redeal is wrong, not the bot)."""
    view = canonical(game.view(state, seat))
    choices = {canonical(bot(game, state, seat, Rng.seeded(bot_seed, 9)))}
    for world_seed in range(worlds):
        world = redeal(state, seat, Rng.seeded(world_seed, 17))
        assert canonical(game.view(world, seat)) == view, "the re-deal changed the seat's view"
        choices.add(canonical(bot(game, world, seat, Rng.seeded(bot_seed, 9))))
    return choices


def questions_under_redeal(
    game: Decider[Any, Any, Any, Any],
    bot: Bot,
    state: Any,
    seat: int,
    redeal: Redeal,
    *,
    worlds: int = 2,
    bot_seed: int = 12345,
    first: bool = False,
    asked: tuple[bytes, list[Question]] | None = None,
) -> list[str]:
    """Where the bot's questions (`Asking`) or choice in each of `worlds` re-deals of
    `state` first differ from those in `state` itself (`asked`, when already known):
    empty for a bot that never peeks (with `first`, only the first re-deal that
    differs). Each re-deal is checked to look the same to `seat`."""
    view = canonical(game.view(state, seat))
    move, real = asked or questions(game, bot, state, seat, bot_seed=bot_seed)
    differences = []
    for world_seed in range(worlds):
        world = redeal(state, seat, Rng.seeded(world_seed, 17))
        assert canonical(game.view(world, seat)) == view, "the re-deal changed the seat's view"
        try:
            other = questions(game, bot, world, seat, bot_seed=bot_seed, expected=real)[0]
        except Parted as parted:
            differences.append(f"re-deal {world_seed}: {parted}")
        else:
            if other != move:
                differences.append(f"re-deal {world_seed}: chose {other!r}, not {move!r}")
        if differences and first:
            break
    return differences
