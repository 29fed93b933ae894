"""One action, one encoding: the mutated-move property every title passes.

A record is canonical only if every action it can hold has exactly one encoding: the
one `legal_moves` lists. A move that decodes from JSON (the server's and the browser's
door) but differs, field for field, from every listed move must be refused by `decide`
with an IllegalMove citing a rule of the title, never accepted (it would store a
second encoding of some action) and never crash (a 5xx at the server).

`mutations(move)` derives from a listed move its near misses: numbers shifted,
negated, zero and huge (32- and 64-bit edges), strings emptied and altered, sequences
cut, grown, repeated and reordered, booleans flipped, fields dropped or added, values
of the wrong type and the tag swapped. Each is decoded as the doors decode a move
(`msgspec.convert` into the title's move type, strict): a decode error is a refusal;
a decoded move equal to a listed one is the same action (an unknown field is ignored,
a dropped field with a default takes it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgspec

from core.kernel import Decider, IllegalMove, Rng, canonical
from core.kernel.steps import union_members

from .conformance import Mode, TitleSpec

# Integers a mutation puts in a numeric field: the usual near misses and the edges
# where a signed 32- or 64-bit reading wraps.
_NUMBERS = (-(1 << 63), -(1 << 31), -2, -1, 0, 1, 2, 99, (1 << 31) - 1, (1 << 63) - 1)


def mutations(plain: Any, tags: list[str]) -> Iterator[Any]:
    """Near misses of a move in its JSON form (`msgspec.to_builtins`)."""
    yield from _mutate(plain, tags, top=True)


def _mutate(value: Any, tags: list[str], *, top: bool = False) -> Iterator[Any]:
    if isinstance(value, bool):
        yield not value
        yield int(value)
        yield None
    elif isinstance(value, int):
        for number in (value + 1, value - 1, -value, *_NUMBERS):
            if number != value:
                yield number
        yield str(value)
        yield float(value)
        yield None
    elif isinstance(value, str):
        yield ""
        yield value + "x"
        yield value.upper() if value != value.upper() else value.lower()
        yield 0
        yield [value]
    elif value is None:
        yield 0
        yield -1
        yield ""
    elif isinstance(value, list):
        yield from _mutate_list(value, tags)
    elif isinstance(value, dict):
        yield from _mutate_dict(value, tags, top=top)


def _mutate_list(items: list[Any], tags: list[str]) -> Iterator[list[Any] | int]:
    if items:
        yield items[:-1]
        yield items[1:]
        yield [*items, items[-1]]
        yield [*items, items[0]]
        if len(items) > 1:
            yield items[::-1]
            yield sorted(items, key=repr, reverse=True)
        for index, item in enumerate(items):
            for other in _mutate(item, tags):
                yield [*items[:index], other, *items[index + 1 :]]
    yield [*items, 0]
    yield [*items, -1]
    yield []
    yield 0


def _mutate_dict(fields: dict[str, Any], tags: list[str], *, top: bool) -> Iterator[dict[str, Any]]:
    for name, value in fields.items():
        if top and name == "type":
            for tag in tags:
                if tag != value:
                    yield {**fields, "type": tag}
            continue
        for other in _mutate(value, tags):
            yield {**fields, name: other}
        yield {key: item for key, item in fields.items() if key != name}
    yield {**fields, "extra": 1}


def move_tags(game: Decider[Any, Any, Any, Any]) -> list[str]:
    """The tags of the title's move union, in a stable order."""
    return [str(member.__struct_config__.tag) for member in union_members(game.move_type)]


def assert_moves_canonical(
    spec: TitleSpec,
    mode: Mode,
    *,
    games: int = 1,
    every: int = 5,
    sample: int = 3,
    checks: int | None = None,
) -> int:
    """Random games of `mode`; at every `every`-th state (the stride doubling after
    each `checks` checked states, so a long game is sampled to its end), `sample`
    listed moves of each seat to move are mutated and each near miss decoded and
    decided: refused (by the decoder, or by `decide` citing a rule of the title)
    unless it is a listed move. Returns how many near misses reached `decide` (so a
    caller sees it tested something)."""
    game = spec.game
    rule = re.compile(spec.rule_id)
    tags = move_tags(game)
    decided = 0
    for seed in range(games):
        state = game.initial(game.setup(mode.seats, seed, dict(mode.options)))
        rng = Rng.seeded(seed, stream=11)
        step, stride, checked = 0, every, 0
        while movers := game.to_move(state):
            if step % stride == 0:
                checked += 1
                if checks is not None and checked % checks == 0:
                    stride *= 2
                for seat in movers:
                    decided += _check_near_misses(game, state, seat, rng, rule, tags, sample)
            step += 1
            seat = rng.choice(movers)
            _, state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return decided


def _check_near_misses(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    seat: int,
    rng: Rng,
    rule: re.Pattern[str],
    tags: list[str],
    sample: int,
) -> int:
    listed = game.legal_moves(state, seat)
    keys = {canonical(move) for move in listed}
    picked = list(listed)
    rng.shuffle(picked)
    decided = 0
    for move in picked[:sample]:
        for near in mutations(msgspec.to_builtins(move), tags):
            try:
                candidate = msgspec.convert(near, game.move_type)
            except msgspec.ValidationError:
                continue
            if canonical(candidate) in keys:
                continue
            decided += 1
            try:
                game.decide(state, seat, candidate)
            except IllegalMove as exc:
                assert rule.fullmatch(exc.rule_id), (
                    f"{candidate!r} (from {move!r}) refused citing {exc.rule_id!r}"
                )
            except Exception as exc:
                raise AssertionError(
                    f"{candidate!r} (from {move!r}) raised {type(exc).__name__}: {exc}"
                ) from exc
            else:
                raise AssertionError(
                    f"seat {seat}: {candidate!r} accepted, but legal_moves lists the action "
                    f"only as another encoding (mutated from {move!r})"
                )
    return decided
