"""A record brought to life: states along it, appending, take-back, scrubbing.

A Timeline holds a record and the game states it implies. The *line* is the
list of entries in effect (take-backs cut it), so the current state is the
state after its last seq. States are snapshotted every `snapshot_every`
entries, so `state_at(seq)` folds at most that many entries' events whatever
the record's length.

Entries arrive in two ways: `play`/`take_back` make them from a move, and
`append` takes one made elsewhere (a file, a device) and checks it, either by
folding its stored events (``replay``: fast, survives rule changes) or by
re-running `decide` (``verify``: catches nondeterminism and engine drift). A record
carries the rules version it was played under to `initial` (`Genesis.setup`), so a
title that changed its rules since can still fold its events as they were played.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Generic, Literal, TypeVar

import msgspec

from .. import __version__
from .contract import Decider, OptionValue, TakeBackPolicy
from .encoding import canonical
from .errors import IllegalMove, RecordError
from .record import (
    RECORD_FORMAT,
    STATE_HASH_EVERY,
    Commitment,
    Entry,
    Genesis,
    ParentRef,
    Record,
    TakeBack,
    check_commitments,
    commitment,
    entry_hash,
    genesis_hash,
    keeps_state_hash,
    keyed_commitment,
    open_parts,
    seed_commitment,
)
from .steps import StepRules
from .takeback import takeback_refusal

S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E")

Check = Literal["chained", "replay", "hashes", "verify"]
"""How entries from elsewhere are checked: `replay` folds their stored events (state
hashes at snapshots and the tip; events against their commitment, not the move, which
a replay never reads), `hashes` too but checks every state hash and move commitment,
`verify` re-runs `decide` as well and checks everything. `chained` is `replay` for
entries whose reader derived every prev_hash and commitment itself and checked the
chain to its tip (the compact form): only the state hashes are left to check."""


class Mismatch(RecordError):
    """An entry that does not reproduce: what it stored vs what the engine gives now."""

    def __init__(
        self,
        message: str,
        seq: int,
        *,
        expected_hash: str = "",
        actual_hash: str = "",
        expected_events: Any = None,
        actual_events: Any = None,
    ) -> None:
        super().__init__(message, seq)
        self.expected_hash = expected_hash
        self.actual_hash = actual_hash
        self.expected_events = expected_events
        self.actual_events = actual_events


def new_record(
    game: Decider[Any, Any, Any, Any],
    *,
    record_id: str,
    seats: int,
    seed: int,
    options: dict[str, OptionValue] | None = None,
    takeback: TakeBackPolicy = "casual",
    created_at: int = 0,
    parent: ParentRef | None = None,
) -> Record[Any, Any]:
    """An empty record; options are checked and completed with their defaults."""
    setup = game.setup(seats, seed, options or {})
    genesis = Genesis(
        game=game.info.id,
        engine_version=f"{__version__}/{game.info.id}-{game.info.rules_version}",
        seats=seats,
        options=setup.options,
        seed_hash=seed_commitment(seed),
        seed=seed,
        takeback=takeback,
        created_at=created_at,
        parent=parent,
    )
    return Record(id=record_id, genesis=genesis, entries=[])


class Timeline(Generic[S, M, E]):
    """The states of one record. Returned states are shared: never mutate them."""

    def __init__(
        self,
        game: Decider[S, M, E, Any],
        record: Record[M, E],
        *,
        check: Check = "replay",
        snapshot_every: int = 32,
    ) -> None:
        self.game = game
        self.snapshot_every = snapshot_every
        self.record: Record[M, E] = Record(
            id=record.id, genesis=record.genesis, entries=[], format=record.format
        )
        self.state: S = game.initial(record.genesis.setup())
        self._snapshots: dict[int, S] = {0: self.state}
        self._line: list[int] = [0]
        self._tip = genesis_hash(record.genesis)  # after an entry: "" until tip_hash asks
        # (seat, move_id) -> seq: a move id is its seat's idempotency key, so no other
        # seat can take one (ids may be predictable: the PWA's count up, see compact.py)
        self._by_move_id: dict[tuple[int, str], int] = {}
        self._hashed_seq = 0  # the last entry that keeps a state hash
        # True while self.state is this timeline's own working copy: shared with no
        # snapshot and not yet handed out, so a StepRules title may fold into it.
        self._private = False
        last = len(record.entries)
        for entry in record.entries:
            # Loading a whole record checks state hashes at snapshots and the tip
            # only: the hash chain already binds every entry, and verify checks all.
            seq = entry.seq
            kept = seq % snapshot_every == 0 or seq % STATE_HASH_EVERY == 0  # format 3 keeps
            spot = check not in ("replay", "chained") or kept or seq == last
            self._append(entry, check=check, hash_check=spot)
        self._private = False  # the loaded state is handed out from here on

    # -- reading -------------------------------------------------------------

    @property
    def seq(self) -> int:
        """The last seq of the record (0 before the first move)."""
        return len(self.record.entries)

    @property
    def line(self) -> list[int]:
        """Seqs of the moves in effect, 0 (the start) first."""
        return list(self._line)

    @property
    def tip_hash(self) -> str:
        if not self._tip:  # hashed when first asked: a chained load never needs the others
            self._tip = entry_hash(self.record.entries[-1])
        return self._tip

    def state_at(self, seq: int) -> S:
        """The state after entry `seq` (0: the start), undone entries included."""
        entries = self.record.entries
        if not 0 <= seq <= len(entries):
            raise RecordError(f"no entry {seq}: the record has {len(entries)}")
        if seq == len(entries):
            return self.state
        pending: list[Entry[M, E]] = []
        cursor = seq
        while cursor not in self._snapshots:
            entry = entries[cursor - 1]
            if isinstance(entry, TakeBack):
                state = self.state_at(entry.to_seq)
                break
            pending.append(entry)
            cursor -= 1
        else:
            state = self._snapshots[cursor]
        if not pending:
            return state
        game = self.game
        if isinstance(game, StepRules):  # one copy of the snapshot, folded in place
            state = game.copy(state)
            for entry in reversed(pending):
                for event in entry.events:
                    game.fold(state, event)
            return state
        for entry in reversed(pending):
            for event in entry.events:
                state = game.evolve(state, event)
        return state

    def state_commitment(self, seq: int) -> str:
        """What entry `seq` must store as its state_hash: the state after it, committed
        as that entry was made (salted in format 2, plain in format 1)."""
        if not 1 <= seq <= self.seq:
            raise RecordError(f"no entry {seq}: the record has {self.seq}")
        salted = self.record.entries[seq - 1].salted
        return self._commitment(seq, "state", self.state_at(seq), salted=salted)

    def to_move(self) -> list[int]:
        return self.game.to_move(self.state)

    def legal_moves(self, seat: int) -> list[M]:
        return self.game.legal_moves(self.state, seat)

    def entry_by_move_id(self, seat: int, move_id: str) -> Entry[M, E] | TakeBack | None:
        """The entry `seat` made under `move_id` (another seat's id is not its own)."""
        seq = self._by_move_id.get((seat, move_id))
        return None if seq is None else self.record.entries[seq - 1]

    # -- making entries ------------------------------------------------------

    def play(
        self, seat: int, move: M, *, move_id: str, device_id: str = "", at: int = 0
    ) -> Entry[M, E]:
        """Decide and append one move. The same move_id again returns the same entry."""
        earlier = self._replayed(move_id, seat, move)
        if earlier is not None:
            return earlier
        turn = self._turn_refusal(seat)
        if turn is not None:
            raise turn
        events, state = self.game.apply(self.state, seat, move)
        seq = self.seq + 1
        over = self.game.outcome(state) is not None
        genesis = self.record.genesis
        move_open, events_open = open_parts(self.game, genesis.seats, seat, move, events)
        events_hash = keyed_commitment(genesis, seq, "events", events, open_=events_open)
        move_hash = keyed_commitment(genesis, seq, "move", move, open_=move_open)
        entry: Entry[M, E] = Entry(
            seq=seq,
            seat=seat,
            move=move,
            events=events,
            events_hash=events_hash,
            state_hash=self._commitment(seq, "state", state)
            if keeps_state_hash(seq, over=over)
            else "",
            prev_hash=self.tip_hash,
            move_id=move_id,
            device_id=device_id,
            at=at,
            move_hash=move_hash,
        )
        self._commit(entry, state)
        self.record.format = RECORD_FORMAT  # a game of an older format goes on in this one
        return entry

    def refusal(self, seat: int, move: M) -> IllegalMove | None:
        """Why `play` would refuse `seat`'s `move` now (the rule it breaks), or None;
        nothing is recorded either way (a screen explaining a tap)."""
        turn = self._turn_refusal(seat)
        if turn is not None:
            return turn
        try:
            self.game.apply(self.state, seat, move)
        except IllegalMove as refused:
            return refused
        return None

    def _turn_refusal(self, seat: int) -> IllegalMove | None:
        if seat in self.game.to_move(self.state):
            return None
        over = self.game.outcome(self.state) is not None
        info = self.game.info
        return IllegalMove(
            "game-over" if over else "not-your-turn",
            "the game is over" if over else f"it is not seat {seat}'s turn",
            info.end_rule if over else info.turn_rule,
        )

    def takeback_refusal(
        self,
        seat: int,
        to_seq: int | None = None,
        *,
        bots: Collection[int] = (),
        people: Collection[int] = (),
    ) -> IllegalMove | None:
        """Why `seat` may not return the game to the state after `to_seq`, or None.

        `to_seq` None means "undo": the undo target (given the table's `bots`), or
        (with nothing to undo) the current state, which the policy then refuses as
        strict or nothing-to-undo. `people`: the seats of other people at other
        devices (a hosted table), whose moves are never taken back for them.
        """
        to_seq = self._resolve_target(to_seq, bots)
        if to_seq not in self._line:
            return IllegalMove(
                "takeback-target",
                f"seq {to_seq} is not a move in effect",
                f"table:takeback={self.record.genesis.takeback}",
            )
        undone_seqs = self._line[self._line.index(to_seq) + 1 :]
        undone = [self.record.entries[s - 1] for s in undone_seqs]
        return takeback_refusal(
            self.game,
            policy=self.record.genesis.takeback,
            seat=seat,
            undone=[entry for entry in undone if isinstance(entry, Entry)],
            turn_then=self.game.turn(self.state_at(to_seq)),
            turn_now=self.game.turn(self.state),
            game_over=self.game.outcome(self.state) is not None,
            people=people,
        )

    def undo_target(self, bots: Collection[int] = ()) -> int | None:
        """The seq an "undo" returns to: the latest earlier point in effect where no
        bot seat is to move (with no bots: the move in effect before the last one).
        Going back past the bots' replies gives the person their turn back; stopping
        where a bot is to move would only let it move again."""
        for seq in reversed(self._line[:-1]):
            if not bots or not any(seat in bots for seat in self.game.to_move(self.state_at(seq))):
                return seq
        return None

    def take_back(
        self,
        seat: int,
        to_seq: int | None = None,
        *,
        move_id: str,
        device_id: str = "",
        at: int = 0,
        bots: Collection[int] = (),
        people: Collection[int] = (),
    ) -> TakeBack:
        """Append a TakeBack to the state after `to_seq` (None: undo, see
        `undo_target`), if the table's policy allows and no other person's move
        (`people`) is in what it undoes. The same move_id again returns the same entry."""
        earlier = self.entry_by_move_id(seat, move_id)
        if isinstance(earlier, TakeBack) and to_seq in (None, earlier.to_seq):
            return earlier
        if earlier is not None:
            raise IllegalMove("move-id-reused", f"move_id {move_id} was used for another entry")
        to_seq = self._resolve_target(to_seq, bots)
        refusal = self.takeback_refusal(seat, to_seq, people=people)
        if refusal is not None:
            raise refusal
        state = self.state_at(to_seq)
        seq = self.seq + 1
        entry = TakeBack(
            seq=seq,
            seat=seat,
            to_seq=to_seq,
            state_hash=self._commitment(seq, "state", state),
            prev_hash=self.tip_hash,
            move_id=move_id,
            device_id=device_id,
            at=at,
            salted=True,
        )
        self._commit(entry, state)
        self.record.format = RECORD_FORMAT
        return entry

    def append(self, entry: Entry[M, E] | TakeBack, *, check: Check = "replay") -> None:
        """Append an entry made elsewhere, checking chain, hashes and (verify) the rules."""
        self._append(entry, check=check, hash_check=True)
        self._private = False  # handed out: a later entry folds into a copy

    def _append(self, entry: Entry[M, E] | TakeBack, *, check: Check, hash_check: bool) -> None:
        seq = self.seq + 1
        if entry.seq != seq:
            raise RecordError(f"expected seq {seq}, found {entry.seq}", entry.seq)
        if check != "chained" and entry.prev_hash != self.tip_hash:
            raise RecordError("prev_hash does not match the entry before it", seq)
        if (entry.seat, entry.move_id) in self._by_move_id:
            raise RecordError(f"seat {entry.seat}'s move_id {entry.move_id} appears twice", seq)
        private = False
        if isinstance(entry, TakeBack):
            refusal = self.takeback_refusal(entry.seat, entry.to_seq)
            if refusal is not None and (check == "verify" or refusal.code == "takeback-target"):
                raise Mismatch(f"take-back refused: {refusal.message}", seq)
            state = self.state_at(entry.to_seq)
        else:
            # A replay folds the events, so they must match their commitment; it never
            # reads the move, whose commitment the chain binds and verify checks.
            if check != "chained":
                check_commitments(self.record.genesis, entry, move=check != "replay")
            if check == "verify":
                self._verify_events(entry)
            state, private = self._folded(entry.events)
        if entry.salted and not entry.state_hash:  # format 3: this entry keeps none
            hash_check = False
            self.record.format = max(self.record.format, 3)
        actual = (
            self._commitment(seq, "state", state, salted=entry.salted)
            if hash_check
            else entry.state_hash
        )
        if actual != entry.state_hash:
            since = self._hashed_seq + 1
            where = f" (after one of seqs {since}-{seq}: those between keep none)"
            raise Mismatch(
                "state hash differs" + (where if since < seq else ""),
                seq,
                expected_hash=entry.state_hash,
                actual_hash=actual,
            )
        self._commit(entry, state, private=private)

    def branch(self, seq: int, *, record_id: str, created_at: int = 0) -> Record[M, E]:
        """ "Play from here": a new record holding this one's entries 1..seq."""
        genesis = msgspec.structs.replace(
            self.record.genesis,
            created_at=created_at,
            parent=ParentRef(record_id=self.record.id, seq=seq),
        )
        if not 0 <= seq <= self.seq:
            raise RecordError(f"no entry {seq}: the record has {self.seq}")
        child: Timeline[S, M, E] = Timeline(
            self.game,
            Record(id=record_id, genesis=genesis, entries=[]),
            snapshot_every=self.snapshot_every,
        )
        for entry in self.record.entries[:seq]:
            child.append(msgspec.structs.replace(entry, prev_hash=child.tip_hash))
        return child.record

    # -- internals -----------------------------------------------------------

    def _commitment(self, seq: int, what: Commitment, obj: Any, *, salted: bool = True) -> str:
        return commitment(self.record.genesis.seed, seq, what, obj, salted=salted)

    def _resolve_target(self, to_seq: int | None, bots: Collection[int]) -> int:
        if to_seq is not None:
            return to_seq
        target = self.undo_target(bots)
        return self._line[-1] if target is None else target

    def _replayed(self, move_id: str, seat: int, move: M) -> Entry[M, E] | None:
        earlier = self.entry_by_move_id(seat, move_id)
        if earlier is None:
            return None
        if isinstance(earlier, Entry) and canonical(earlier.move) == canonical(move):
            return earlier
        raise IllegalMove("move-id-reused", f"move_id {move_id} was used for another move")

    def _verify_events(self, entry: Entry[M, E]) -> None:
        try:
            events = self.game.decide(self.state, entry.seat, entry.move)
        except IllegalMove as exc:
            raise Mismatch(f"the engine now rejects this move: {exc}", entry.seq) from None
        if canonical(events) != canonical(entry.events):
            raise Mismatch(
                "the engine now gives other events",
                entry.seq,
                expected_events=entry.events,
                actual_events=events,
            )

    def _folded(self, events: list[E]) -> tuple[S, bool]:
        """The current state with `events` applied, and whether it is a private copy.

        A StepRules title folds them into one working copy, copied only when the
        current state is shared (after a snapshot, a take-back, or once handed out),
        so loading a record copies a state at snapshots, not once per event. Other
        Deciders evolve event by event. The current state is folded into in place
        only while it is private, i.e. while a record loads (a failure there
        abandons the whole Timeline); otherwise a failed check leaves it untouched.
        """
        game = self.game
        if isinstance(game, StepRules):
            work = self.state if self._private else game.copy(self.state)
            for event in events:
                game.fold(work, event)
            return work, True
        state = self.state
        for event in events:
            state = game.evolve(state, event)
        return state, False

    def _commit(self, entry: Entry[M, E] | TakeBack, state: S, *, private: bool = False) -> None:
        self._private = private
        self.record.entries.append(entry)
        if entry.salted:  # salted: at least format 2 (a format-1 record read on)
            self.record.format = max(self.record.format, 2)
        self.state = state
        self._tip = ""
        self._by_move_id[entry.seat, entry.move_id] = entry.seq
        if entry.state_hash:
            self._hashed_seq = entry.seq
        if isinstance(entry, TakeBack):
            del self._line[self._line.index(entry.to_seq) + 1 :]
        else:
            self._line.append(entry.seq)
        if entry.seq % self.snapshot_every == 0:
            self._snapshots[entry.seq] = state
            self._private = False  # the snapshot shares it: the next fold copies
