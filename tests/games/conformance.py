"""The checks every engine must pass over random legal play (shared by all games).

`random_games` plays seeded random games through a Timeline and, at every
step, checks that the Decider keeps its contract:

- every seat in `to_move` has at least one legal move, and every listed move
  (all of them, or a seeded sample on long lists) is accepted by `decide`;
- `decide` never mutates the state it is given;
- views and redacted events encode to JSON and pass the game's `leak_check`;
- (`check_redacted_entries`) whole redacted entries, moves and hashes included, leak
  nothing to any seat or spectator;
- the game's `invariant` holds after every move;
- the game ends within `max_entries`, and then replay (stored events),
  verification (re-running decide) and a fresh decode give the same hashes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

import msgspec

from core.kernel import (
    Decider,
    Rng,
    TakeBack,
    Timeline,
    check_chain,
    decode_record,
    digest,
    encode_record,
    entry_hash,
    new_record,
    redact_entry,
    redact_record,
    verify,
)

Check = Callable[[Any], None]
LeakCheck = Callable[[Any, int | None, Any], None]
"""leak_check(state, seat, view): fail if `view` shows `seat` what it may not see."""


def check_step(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    rng: Rng,
    *,
    seats: int,
    sample: int = 12,
    leak_check: LeakCheck | None = None,
) -> None:
    """The per-state part of the contract (see the module docstring)."""
    before = digest(state)
    movers = game.to_move(state)
    assert (game.outcome(state) is None) == bool(movers), "to_move and outcome disagree"
    for seat in movers:
        moves = game.legal_moves(state, seat)
        assert moves, f"seat {seat} is to move but has no legal move"
        assert len({digest(m) for m in moves}) == len(moves), "legal_moves lists a move twice"
        picked = list(moves)
        if len(picked) > sample:  # a sample without repeats
            rng.shuffle(picked)
            del picked[sample:]
        for move in picked:
            game.decide(state, seat, move)  # must not raise
            msgspec.json.decode(msgspec.json.encode(move), type=game.move_type)
    for seat in [None, *range(seats)]:
        view = game.view(state, seat)
        msgspec.json.encode(view)
        if leak_check is not None:
            leak_check(state, seat, view)
    assert digest(state) == before, "decide or view mutated the state"


def random_games(
    game: Decider[Any, Any, Any, Any],
    *,
    seats: int,
    seeds: Iterable[int],
    options: dict[str, Any] | None = None,
    max_entries: int = 5_000,
    invariant: Check | None = None,
    leak_check: LeakCheck | None = None,
    full_check_every: int = 1,
) -> list[Timeline[Any, Any, Any]]:
    """Play one random game per seed; assert the contract all along. Returns the timelines."""
    finished = []
    for seed in seeds:
        record = new_record(game, record_id=f"prop-{seed}", seats=seats, seed=seed, options=options)
        timeline = Timeline(game, record)
        rng = Rng.seeded(seed, stream=7)
        while game.outcome(timeline.state) is None:
            assert timeline.seq < max_entries, f"seed {seed}: no end after {max_entries} moves"
            if timeline.seq % full_check_every == 0:
                check_step(game, timeline.state, rng, seats=seats, leak_check=leak_check)
            seat = timeline.to_move()[0]
            move = rng.choice(timeline.legal_moves(seat))
            entry = timeline.play(seat, move, move_id=f"m{timeline.seq + 1}")
            for event in entry.events:
                for viewer in [None, *range(seats)]:
                    msgspec.json.encode(game.redact(event, viewer))
            if invariant is not None:
                invariant(timeline.state)
        check_step(game, timeline.state, rng, seats=seats, leak_check=leak_check)
        assert_replay_equals_verify(game, timeline)
        finished.append(timeline)
    return finished


def assert_replay_equals_verify(
    game: Decider[Any, Any, Any, Any], timeline: Timeline[Any, Any, Any]
) -> None:
    """Replay of the stored events, verification and a decoded copy agree on every hash."""
    record = decode_record(encode_record(timeline.record), game)
    replayed = Timeline(game, record)
    assert digest(replayed.state) == digest(timeline.state)
    divergence = verify(game, record)
    assert divergence is None, divergence
    msgpack_copy = decode_record(encode_record(timeline.record, "msgpack"), game, "msgpack")
    assert Timeline(game, msgpack_copy).tip_hash == timeline.tip_hash


Hidden = Callable[[Any, Any, int | None], Collection[str]]
"""hidden(before, after, seat): the names (card, tile ids) `seat` (None: a spectator)
may not learn from an entry that turned state `before` into `after`."""


def check_redacted_entries(
    game: Decider[Any, Any, Any, Any], timeline: Timeline[Any, Any, Any], hidden: Hidden
) -> None:
    """Every entry as each seat and a spectator receive it (the kernel's `redact_entry`,
    which the server and the browser door use) leaks nothing, hashes included:

    - its JSON (move, events, every field) names nothing `hidden` says that seat may not
      learn;
    - none of its hashes is a plain hash of the entry's move, events or the state after
      it: those are brute-forced in microseconds, so commitments must be salted;
    - it chains exactly as the full entry does, and the redacted record checks.
    """
    seats = timeline.record.genesis.seats
    for entry in timeline.record.entries:
        after = timeline.state_at(entry.seq)
        if isinstance(entry, TakeBack):
            assert entry.state_hash != digest(after), f"seq {entry.seq}: plain state hash"
            continue
        before = timeline.state_at(_line_before(timeline, entry.seq))
        plain = {digest(entry.events), digest(entry.move), digest(after)}
        for seat in [None, *range(seats)]:
            copy = redact_entry(game, entry, seat)
            text = msgspec.json.encode(copy).decode()
            named = [name for name in hidden(before, after, seat) if f'"{name}"' in text]
            assert not named, f"seq {entry.seq}: seat {seat} receives hidden {named}"
            hashes = {copy.events_hash, copy.state_hash, getattr(copy, "move_hash", "")}
            assert not hashes & plain, f"seq {entry.seq}: seat {seat} receives a plain hash"
            assert entry_hash(copy) == entry_hash(entry), f"seq {entry.seq}: copy does not chain"
    for seat in [None, *range(seats)]:
        check_chain(redact_record(game, timeline.record, seat, over=False), redacted=True)


def _line_before(timeline: Timeline[Any, Any, Any], seq: int) -> int:
    """The seq whose state entry `seq` was played on (take-backs cut the line)."""
    line = [0]
    for entry in timeline.record.entries[: seq - 1]:
        if isinstance(entry, TakeBack):
            del line[line.index(entry.to_seq) + 1 :]
        else:
            line.append(entry.seq)
    return line[-1]
