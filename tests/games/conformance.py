r"""The conformance harness: the checks every title passes, driven by one `TitleSpec`.

A title's tests describe the title once and call the harness; they never re-write
these checks (tests/kernel/test_conformance.py runs them on the fixture game and on
Counting, and proves each one fails on an engine that breaks it)::

    SPEC = TitleSpec(
        game=GAME,
        seats=(2, 3, 4),                      # player counts (default: min..max)
        options=({}, {"beginner": True}),     # option sets / modes, each with every count
        universe=move_universe,               # (state, seat) -> moves of every shape, legal or not
        invariant=check_invariants,           # (state) -> None on every state: conservation...
        recount=recount_scores,               # (state) -> final scores, written from the spec
        redeal=redeal_hidden,                 # (state, seat, rng) -> state, the unseen re-dealt
        rule_id=r"TUL-\d{3}",                 # every refusal must cite a rule of the title
        games=3, slow_games=50, check_every=9, agree_every=97,
    )

    @pytest.mark.parametrize("mode", SPEC.modes, ids=str)
    def test_random_play_keeps_the_contract(mode: Mode) -> None:
        random_playouts(SPEC, mode)

    @pytest.mark.slow
    @pytest.mark.parametrize("mode", SPEC.modes, ids=str)
    def test_many_random_games(mode: Mode) -> None:   # KIFU_GAMES=1000 for the full run
        random_playouts(SPEC, mode, games=slow_games(SPEC), first_seed=10_000)

    def test_greedy_plays_legal_games() -> None:
        bot_playouts(SPEC, Mode(2), {0: greedy})      # other seats: the random bot

    def test_greedy_beats_random() -> None:          # core.kernel.bots.beats
        assert beats(GAME, greedy, random_bot, games=8)

What `random_playouts` checks, per seeded game, through a Timeline (casual take-backs):

- on every state: the title's `invariant`;
- every `check_every`-th state (`check_state`): `to_move` and `outcome` agree, every
  seat to move has legal moves, no move listed twice, a sample of them accepted by
  `decide` and JSON round-tripping, views encode; `decide`, `evolve`, `legal_moves`,
  `view`, `outcome`, `turn` leave their inputs' encodings unchanged; and, given
  `redeal`, the leak checks: a seat's view and legal moves are the same when
  everything it cannot see is re-dealt;
- on every move: `redact` leaves the recorded events unchanged;
- every `agree_every`-th state (`assert_legal_moves_agree`): for every seat, every
  listed move is accepted and every move of the `universe` that is not listed is
  refused with an IllegalMove whose rule fully matches `rule_id` (seats not to move
  list nothing);
- after every checked move (`assert_events_hide`): the move made in a world re-dealt
  for a seat gives that seat the same redacted events whenever its views after the
  move agree (otherwise the same ones up to the first event that `reveals`);
- random take-backs (about one move in `takeback_odds`) where the policy allows;
- the end: the game ends within `max_entries`; the outcome has a score and a rank per
  seat, winners are the rank-1 seats and a better score never ranks worse (the
  direction `GameInfo.lower_score_wins` says; not for co-operative games); `recount`
  (the differential check) equals `outcome.scores`; `at_end(state, outcome)`; and
  replay == verify == the stored state hash of every seq (`assert_record_consistent`).

`bot_playouts` plays the title's bots the same way (a bot may not change the state it
is shown, so it cannot touch the game's Rng, and plays only listed moves); `build`,
`play` (`played`: with the events) and `refused` are the one-liners rule tests use
("refused citing rule X"); a title adding a check to them (Ducks in Tow: conservation
before every move) wraps them, keeping their signatures.

The default run plays `games` games per mode; slow tests (`@pytest.mark.slow`, left out
of the default run and CI; `pytest -m slow` runs them) play `slow_games(spec)`: the env
var KIFU_GAMES (e.g. 1000 for the full property run), else `spec.slow_games`. Keep a
title's default run under ~60 s.

`check_step` and `assert_replay_equals_verify` are the parts the checks above build on.

`check_redacted_entries` (records of every title at every count): whole redacted
entries, moves and hashes included, leak nothing to any seat or spectator.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from core.kernel import (
    Bot,
    Decider,
    IllegalMove,
    OptionValue,
    Outcome,
    Rng,
    SetupError,
    TakeBack,
    Timeline,
    canonical,
    check_chain,
    decode_record,
    digest,
    encode_compact,
    encode_record,
    entry_hash,
    new_record,
    random_bot,
    redact_entry,
    redact_record,
    verify,
)


def check_step(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    rng: Rng,
    *,
    seats: int,
    sample: int = 12,
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
        msgspec.json.encode(game.view(state, seat))
    assert digest(state) == before, "decide or view mutated the state"


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


# -- the title kit's harness ---------------------------------------------------------

Universe = Callable[[Any, int], Iterable[Any]]
"""universe(state, seat): moves of every shape with every argument, legal or not."""
Invariant = Callable[[Any], None]
"""invariant(state): fail if the state breaks the title's rules (conservation...)."""
Recount = Callable[[Any], Sequence[int]]
"""recount(final_state): the scores, recomputed from the spec, not by the engine."""
Redeal = Callable[[Any, int | None, Rng], Any]
"""redeal(state, seat, rng): a copy with everything `seat` cannot see re-dealt
(decks, bags, other seats' hands, the Rng), consistent with what it can see."""
EndCheck = Callable[[Any, Outcome], None]
"""at_end(final_state, outcome): the title's own checks of a finished game."""


@dataclass(frozen=True)
class Mode:
    """One way to play a title: a player count and an option set."""

    seats: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def __str__(self) -> str:
        opts = ",".join(f"{name}={value}" for name, value in sorted(self.options.items()))
        return f"{self.seats}p" + (f"-{opts}" if opts else "")


@dataclass(frozen=True, kw_only=True)
class TitleSpec:
    """What the harness needs to know about a title (see the module docstring)."""

    game: Decider[Any, Any, Any, Any]
    seats: Sequence[int] = ()  # player counts; () = every count the title allows
    options: Sequence[Mapping[str, OptionValue]] = ({},)
    universe: Universe | None = None
    invariant: Invariant | None = None
    recount: Recount | None = None
    redeal: Redeal | None = None
    at_end: EndCheck | None = None
    rule_id: str = r"[A-Z]+-\d+"  # a regex every refusal's rule_id must fully match
    games: int = 2  # per mode in the default run
    slow_games: int = 20  # per mode in slow runs when KIFU_GAMES is unset
    max_entries: int = 5_000
    check_every: int = 1  # check_state (and the events' leak check) every N states
    agree_every: int = 1  # the move-universe agreement every N states
    takeback_odds: int = 10  # about one take-back attempt per N moves; 0: none
    sample: int = 12  # listed moves decided per checked state (all of them on agree)

    @property
    def modes(self) -> list[Mode]:
        """Every player count with every option set the title accepts."""
        info = self.game.info
        counts = self.seats or range(info.min_players, info.max_players + 1)
        modes = []
        for seats in counts:
            for options in self.options:
                try:
                    self.game.setup(seats, 0, options)
                except SetupError:
                    continue
                modes.append(Mode(seats, dict(options)))
        return modes


def slow_games(spec: TitleSpec) -> int:
    """Games per mode in a slow run: $KIFU_GAMES if set, else `spec.slow_games`."""
    return int(os.environ.get("KIFU_GAMES", spec.slow_games))


# -- one-liners for rule tests -------------------------------------------------------


def build(
    game: Decider[Any, Any, Any, Any],
    seats: int = 2,
    seed: int = 1,
    options: Mapping[str, OptionValue] | None = None,
) -> Any:
    """A new game's state, options checked and completed as a table would."""
    return game.initial(game.setup(seats, seed, options or {}))


def play(game: Decider[Any, Any, Any, Any], state: Any, seat: int, *moves: Any) -> Any:
    """The state after `seat` makes `moves` in order; the input is never mutated."""
    for move in moves:
        _, state = played(game, state, seat, move)
    return state


def played(
    game: Decider[Any, Any, Any, Any], state: Any, seat: int, move: Any
) -> tuple[list[Any], Any]:
    """The events of `seat`'s `move` and the state after it; the input is never mutated."""
    before = canonical(state)
    events, after = game.apply(state, seat, move)
    assert canonical(state) == before, f"{move!r} mutated the state it was played on"
    return events, after


def refused(
    game: Decider[Any, Any, Any, Any],
    state: Any,
    seat: int,
    move: Any,
    rule_id: str,
    code: str | None = None,
) -> IllegalMove:
    """Assert `decide` refuses `move` citing `rule_id` (and `code`), changing nothing."""
    before = canonical(state)
    try:
        game.decide(state, seat, move)
    except IllegalMove as exc:
        assert exc.rule_id == rule_id, f"{move!r} refused citing {exc.rule_id!r}, not {rule_id}"
        assert code is None or exc.code == code, f"{move!r} refused as {exc.code!r}, not {code}"
        assert canonical(state) == before, "a refused move mutated the state"
        return exc
    raise AssertionError(f"{move!r} by seat {seat} was accepted; expected {rule_id}")


# -- the per-state checks ------------------------------------------------------------


def check_state(spec: TitleSpec, state: Any, seats: int, rng: Rng) -> bool:
    """The contract on one state (module docstring); True if a re-deal changed it."""
    game = spec.game
    before = canonical(state)
    check_step(game, state, rng, seats=seats, sample=spec.sample)
    for seat in range(seats):
        game.legal_moves(state, seat)
    game.turn(state)
    movers = game.to_move(state)
    if movers:
        seat = rng.choice(movers)
        current = state
        for event in game.decide(state, seat, rng.choice(game.legal_moves(state, seat))):
            state_then, event_then = canonical(current), canonical(event)
            following = game.evolve(current, event)
            assert canonical(current) == state_then, f"evolve({event!r}) mutated its state"
            assert canonical(event) == event_then, f"evolve mutated its event {event!r}"
            current = following
    changed = spec.redeal is not None and assert_views_hide(spec, state, seats, rng)
    assert canonical(state) == before, "a call on the state (or the re-deal) mutated it"
    return changed


def assert_legal_moves_agree(spec: TitleSpec, state: Any, seats: int) -> None:
    """Every listed move is accepted; every other move of the universe is refused
    with an IllegalMove citing a rule of the title; seats not to move list nothing."""
    assert spec.universe is not None, "the agreement check needs the title's move universe"
    game = spec.game
    rule = re.compile(spec.rule_id)
    before = canonical(state)
    movers = game.to_move(state)
    for seat in range(seats):
        listed = game.legal_moves(state, seat)
        assert seat in movers or not listed, f"seat {seat} is not to move but lists {listed}"
        keys = {canonical(move) for move in listed}
        for move in listed:
            try:
                game.decide(state, seat, move)
            except IllegalMove as exc:
                raise AssertionError(f"seat {seat}: listed {move!r} refused: {exc}") from None
        for move in spec.universe(state, seat):
            if canonical(move) in keys:
                continue
            try:
                game.decide(state, seat, move)
            except IllegalMove as exc:
                assert rule.fullmatch(exc.rule_id), f"{move!r} refused citing {exc.rule_id!r}"
            else:
                raise AssertionError(f"seat {seat}: unlisted {move!r} accepted")
    assert canonical(state) == before, "decide mutated the state"


def assert_views_hide(spec: TitleSpec, state: Any, seats: int, rng: Rng) -> bool:
    """Each seat's (and a spectator's) view, and a seat's legal moves, are unchanged
    when everything it cannot see is re-dealt. True if some re-deal changed the state."""
    assert spec.redeal is not None
    game = spec.game
    changed = False
    movers = game.to_move(state)
    for viewer in [None, *range(seats)]:
        other = spec.redeal(state, viewer, rng)
        changed = changed or canonical(other) != canonical(state)
        seen, seen_there = game.view(state, viewer), game.view(other, viewer)
        assert canonical(seen) == canonical(seen_there), (
            f"the view of seat {viewer} changes when what it cannot see is re-dealt"
        )
        if viewer in movers:
            here, there = game.legal_moves(state, viewer), game.legal_moves(other, viewer)
            assert canonical(here) == canonical(there), (
                f"seat {viewer}'s legal moves depend on what it cannot see"
            )
    return changed


def assert_events_hide(
    spec: TitleSpec, state: Any, seat: int, move: Any, events: Sequence[Any], seats: int, rng: Rng
) -> None:
    """A seat's redacted events tell it nothing its view does not show: when `move` is
    made in a world where what the seat cannot see was re-dealt (and it is still legal
    there), the seat receives the same redacted events whenever its views after the
    move agree, and at least the same ones up to the first event that `reveals`
    something when they do not (its own draw)."""
    assert spec.redeal is not None
    game = spec.game
    after = _folded(game, state, events)
    for viewer in [None, *range(seats)]:
        other = spec.redeal(state, viewer, rng)
        try:
            events_there = game.decide(other, seat, move)
        except IllegalMove:
            continue  # e.g. another seat's card that the re-deal gave away
        after_there = _folded(game, other, events_there)
        same_view = canonical(game.view(after, viewer)) == canonical(game.view(after_there, viewer))
        if same_view:
            here = [canonical(game.redact(e, viewer)) for e in events]
            there = [canonical(game.redact(e, viewer)) for e in events_there]
        else:
            here, there = (
                _until_reveal(game, events, viewer),
                _until_reveal(game, events_there, viewer),
            )
        assert here == there, (
            f"seat {viewer}'s copy of the events of {move!r} depends on what it cannot see"
        )


def _folded(game: Decider[Any, Any, Any, Any], state: Any, events: Sequence[Any]) -> Any:
    for event in events:
        state = game.evolve(state, event)
    return state


def _until_reveal(
    game: Decider[Any, Any, Any, Any], events: Sequence[Any], seat: int | None
) -> list[bytes]:
    """The redacted events up to the first that reveals something, and that one's type."""
    shown = []
    for event in events:
        if game.reveals(event):
            shown.append(type(event).__name__.encode())
            break
        shown.append(canonical(game.redact(event, seat)))
    return shown


# -- whole games ---------------------------------------------------------------------


def random_playouts(
    spec: TitleSpec, mode: Mode, *, games: int | None = None, first_seed: int = 0
) -> list[Timeline[Any, Any, Any]]:
    """Seeded random games with take-backs, checked all along (module docstring)."""
    count = spec.games if games is None else games
    timelines, redeals_changed = [], False
    for seed in range(first_seed, first_seed + count):
        timeline, changed = _random_playout(spec, mode, seed)
        timelines.append(timeline)
        redeals_changed = redeals_changed or changed
    if spec.redeal is not None and count:
        assert redeals_changed, "the re-deal never changed a state: the leak checks test nothing"
    return timelines


def _random_playout(spec: TitleSpec, mode: Mode, seed: int) -> tuple[Timeline[Any, Any, Any], bool]:
    game = spec.game
    record = new_record(
        game,
        record_id=f"conformance-{seed}",
        seats=mode.seats,
        seed=seed,
        options=dict(mode.options),
        takeback="casual",
    )
    timeline = Timeline(game, record)
    rng = Rng.seeded(seed, stream=7)
    changed = False
    _invariant(spec, timeline.state)
    steps = 0
    while movers := timeline.to_move():
        assert timeline.seq < spec.max_entries, f"seed {seed}: no end after {spec.max_entries}"
        state = timeline.state
        checked = steps % spec.check_every == 0
        if checked:
            changed = check_state(spec, state, mode.seats, rng) or changed
        if spec.universe is not None and steps % spec.agree_every == 0:
            assert_legal_moves_agree(spec, state, mode.seats)
        steps += 1
        if spec.takeback_odds and rng.below(spec.takeback_odds) == 0:
            target = timeline.undo_target()
            if target is not None and timeline.takeback_refusal(movers[0], target) is None:
                timeline.take_back(movers[0], target, move_id=f"u{timeline.seq + 1}")
                _invariant(spec, timeline.state)
                continue
        seat = rng.choice(movers)
        move = rng.choice(game.legal_moves(state, seat))
        decided = canonical(game.decide(state, seat, move))
        entry = timeline.play(seat, move, move_id=f"m{timeline.seq + 1}")
        stored = canonical(entry.events)
        # play redacts the events for every viewer (is the entry open?) before storing
        assert stored == decided, "redact mutated a recorded event (or decide is not pure)"
        for event in entry.events:
            for viewer in [None, *range(mode.seats)]:
                msgspec.json.encode(game.redact(event, viewer))
        assert canonical(entry.events) == stored, "redact mutated a recorded event"
        if checked and spec.redeal is not None:
            assert_events_hide(spec, state, seat, move, entry.events, mode.seats, rng)
        _invariant(spec, timeline.state)
    changed = check_state(spec, timeline.state, mode.seats, rng) or changed
    _check_end(spec, mode, timeline)
    return timeline, changed


def bot_playouts(
    spec: TitleSpec,
    mode: Mode,
    bots: Bot | Mapping[int, Bot],
    *,
    games: int | None = None,
    first_seed: int = 0,
) -> list[Timeline[Any, Any, Any]]:
    """Seeded games of bots (one Bot for every seat, or a Bot per seat with the
    random bot in the others): bots play listed moves only and never change the
    state they are shown (so never the game's Rng); invariants and the end checks
    hold as in random play."""
    game = spec.game
    per_seat = bots if isinstance(bots, Mapping) else dict.fromkeys(range(mode.seats), bots)
    count = spec.games if games is None else games
    timelines = []
    for seed in range(first_seed, first_seed + count):
        record = new_record(
            game, record_id=f"bots-{seed}", seats=mode.seats, seed=seed, options=dict(mode.options)
        )
        timeline = Timeline(game, record)
        rng = Rng.seeded(seed, stream=9)
        _invariant(spec, timeline.state)
        while movers := timeline.to_move():
            assert timeline.seq < spec.max_entries, f"seed {seed}: no end after {spec.max_entries}"
            seat, state = movers[0], timeline.state
            before = canonical(state)
            move = per_seat.get(seat, random_bot)(game, state, seat, rng)
            assert canonical(state) == before, f"seat {seat}'s bot changed the state it was shown"
            listed = {canonical(m) for m in game.legal_moves(state, seat)}
            assert canonical(move) in listed, f"seat {seat}'s bot played unlisted {move!r}"
            timeline.play(seat, move, move_id=f"b{timeline.seq + 1}")
            _invariant(spec, timeline.state)
        _check_end(spec, mode, timeline)
        timelines.append(timeline)
    return timelines


def assert_record_consistent(
    game: Decider[Any, Any, Any, Any], timeline: Timeline[Any, Any, Any]
) -> None:
    """Replay == verify == decoded copies (the compact form too), every seq's state the
    same however the record is loaded, and a state hash where format 3 keeps one."""
    assert_replay_equals_verify(game, timeline)
    record = timeline.record
    fresh = Timeline(game, record, snapshot_every=7)
    for entry in record.entries:
        seq = entry.seq
        assert digest(fresh.state_at(seq)) == digest(timeline.state_at(seq)), f"seq {seq}"
        over = game.outcome(fresh.state_at(seq)) is not None
        if isinstance(entry, TakeBack) or seq % 32 == 0 or over:
            assert fresh.state_commitment(seq) == entry.state_hash, f"seq {seq}"
        else:
            assert entry.state_hash == "", f"seq {seq}: format 3 keeps no state hash here"
    packed = decode_record(encode_compact(game, record), game, "compact")
    assert msgspec.msgpack.encode(packed) == msgspec.msgpack.encode(record)


def _invariant(spec: TitleSpec, state: Any) -> None:
    if spec.invariant is not None:
        spec.invariant(state)


def _check_end(spec: TitleSpec, mode: Mode, timeline: Timeline[Any, Any, Any]) -> None:
    game, state = spec.game, timeline.state
    outcome = game.outcome(state)
    assert outcome is not None, "no seat is to move but the game has no outcome"
    seats = range(mode.seats)
    assert len(outcome.scores) == len(outcome.ranks) == mode.seats, outcome
    assert all(1 <= rank <= mode.seats for rank in outcome.ranks), outcome
    if not game.info.cooperative:
        assert outcome.winners == [s for s in seats if outcome.ranks[s] == 1], outcome
        sign = -1 if game.info.lower_score_wins else 1
        for a in seats:
            for b in seats:
                if sign * outcome.scores[a] > sign * outcome.scores[b]:
                    assert outcome.ranks[a] < outcome.ranks[b], f"seat {a} outscored {b}: {outcome}"
    if spec.recount is not None:
        recounted = list(spec.recount(state))
        assert recounted == outcome.scores, f"recounted {recounted}, engine {outcome.scores}"
    if spec.at_end is not None:
        spec.at_end(state, outcome)
    assert_record_consistent(game, timeline)


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
