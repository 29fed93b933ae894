"""A table's clock for turn-based play (issue #40 item 4).

A hosted table may have a time per move (`CreateGame.clock`: `move_seconds`, 1 s to 7
days, and `on_timeout`), kept on its `GameStream` by the `Created` event like the
table's other settings. Nobody's time runs while an invitation is unused; then each
seat whose turn it is has until its turn began (the last entry's time, or the last
seat taken) plus `move_seconds`; on a clocked table the
server stamps each entry's time itself, so no client moves its opponent's deadline.

When the time runs out, what the table chose happens, as events in the record:

- "bot": the title's easy bot (`clock_bot`: its first own bot, greedy in every title;
  random for a title without one) plays the seat's whole turn, each move an entry by
  that seat with device id "clock", stored, redacted and replayed like any move;
- "skip": where a legal move of the seat is a pass (a move whose type is "pass") it is
  played, likewise; otherwise the bot plays (no shipped title lets a turn be passed:
  their turns end by placing);
- "abandon": the table ends (`GameStream.Abandoned(seat, at)`): the record is kept as
  it is, the view says over and who ran out of time, and moves get 409 `game-over`.

A quarter of the time before, for move times of an hour or more, each seat to move
gets one Web Push "reminder" (`GameStream.Reminded(seat, seq)`: once per turn and seat,
whichever process sends it). Each of these writes goes through the record cache's
`write` with the library's optimistic concurrency: a person's move arriving at the
deadline and the clock's are never both stored; the later one sees the other's and
gives way (the clock recomputes, the person's move gets 409 `seq-conflict`).

`TableClock` is the background task (asyncio, one per server process, started and
stopped with the app's lifespan): it keeps each clocked table's next instant to look
at (its deadline or reminder time) and, every `interval`, looks at the tables due, in a
worker thread (`HostedGames.clock_tick`). It learns of the tables from the process
creating them (`watch`) and, at start and every `rescan` seconds, from
`ClockedTables`: one small aggregate whose events list each clocked table when it is
created and unlist it once it is over, so a restarted process (or another one) finds
every clocked table without scanning the records. Every process looks at every
clocked table; the store lets one act. `now` is injectable (the tests' fake clock).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

import anyio.to_thread
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from core.kernel import Bot, Decider, Timeline, random_bot

from .store import NAMESPACE

if TYPE_CHECKING:
    from .cache import RecordCache
    from .store import GameStream

log = logging.getLogger("kifu.clock")

CLOCK_DEVICE = "clock"  # the device id of the entries the clock makes
REMIND_FROM_SECONDS = 3600  # shorter move times get no reminder
PASS = "pass"  # the move type a "skip" plays where it is legal
INDEX_ID: UUID = uuid5(NAMESPACE, "clocked-tables")
MAX_RETRIES = 5


def clock_bot(game: Decider[Any, Any, Any, Any]) -> Bot:
    """The title's easy bot: its first own bot (greedy), else random."""
    own = game.bots()
    return next(iter(own.values()), random_bot)


def move_kind(move: Any) -> str:
    """A move's type (its msgspec tag: "pass", "play", ...)."""
    tag = getattr(getattr(type(move), "__struct_config__", None), "tag", None)
    return tag if isinstance(tag, str) else ""


def turn_began(agg: GameStream, tl: Timeline[Any, Any, Any]) -> int:
    """When the turn of the seats to move began (ms): the last entry's time, or the
    table's creation, or the last seat taken, whichever came last (a guest who joins a
    day after the invitation finds their whole time)."""
    entries = tl.record.entries
    began = int(entries[-1].at) if entries else int(tl.record.genesis.created_at or 0)
    return max(began, int(agg.__dict__.get("last_claim_at", 0)))


def deadline(agg: GameStream, tl: Timeline[Any, Any, Any], over: bool) -> int | None:
    """By when (ms) the people to move must move; None without a clock, once over, with
    nobody to move, or while an invitation is unused (nobody's time runs before every
    seat is taken)."""
    clock = agg.table_clock()
    if clock is None or over or agg.abandoned_by() is not None:
        return None
    bots = agg.bot_seats()
    if not [seat for seat in tl.to_move() if seat not in bots]:
        return None
    if any(not known for seat, known in enumerate(agg.seat_hashes) if seat not in bots):
        return None
    return turn_began(agg, tl) + int(clock["move_seconds"]) * 1000


def remind_at(clock: dict[str, Any], due: int) -> int | None:
    """When the seats to move are reminded (a quarter of the time left); None for move
    times under an hour."""
    seconds = int(clock["move_seconds"])
    if seconds < REMIND_FROM_SECONDS:
        return None
    return due - seconds * 1000 // 4


@dataclass(frozen=True)
class ClockAct:
    """What a look at a table did: `next`, when to look again (None: never, the table
    is over or has no clock); `seq`, the new tip if the clock made entries (0: none);
    `table`, whether the table changed (a live socket rings "table")."""

    next: int | None
    seq: int = 0
    table: bool = False


class ClockedTables(Aggregate):
    """The clocked tables not yet over, by record id: `Listed` when one is created,
    `Unlisted` once it is over. One aggregate, read whole at start (two rows per
    clocked table ever made)."""

    @staticmethod
    def create_id(**_: Any) -> UUID:
        return INDEX_ID

    @event("Created")
    def __init__(self) -> None:
        self.open: dict[str, bool] = {}

    @event("Listed")
    def list_table(self, *, record_id: str) -> None:
        self.open[record_id] = True

    @event("Unlisted")
    def unlist_table(self, *, record_id: str) -> None:
        self.open.pop(record_id, None)


class ClockIndex:
    """`ClockedTables` in this process: read when asked, written with optimistic
    concurrency (another process's write first: read again, write again)."""

    def __init__(self, cache: RecordCache) -> None:
        self.cache = cache
        self.lock = threading.Lock()
        self.agg: ClockedTables | None = None

    def _refresh(self) -> None:
        store = self.cache.store
        if self.agg is None:
            agg: Any = None
            stored: Any
            for stored in store.events.get(INDEX_ID):
                agg = stored.mutate(agg)
            self.agg = agg
            return
        for stored in store.events.get(INDEX_ID, gt=self.agg.version):
            stored.mutate(self.agg)

    def open_ids(self) -> list[str]:
        with self.lock:
            self._refresh()
            return list(self.agg.open) if self.agg is not None else []

    def add(self, record_id: str) -> None:
        self._change(record_id, listed=True)

    def remove(self, record_id: str) -> None:
        self._change(record_id, listed=False)

    def _change(self, record_id: str, *, listed: bool) -> None:
        with self.lock:
            for _ in range(MAX_RETRIES):
                self._refresh()
                if self.agg is None:
                    self.agg = ClockedTables()
                if (record_id in self.agg.open) == listed and not self.agg.pending_events:
                    return
                if listed and record_id not in self.agg.open:
                    self.agg.list_table(record_id=record_id)
                elif record_id in self.agg.open:
                    self.agg.unlist_table(record_id=record_id)
                try:
                    self.cache.put(self.agg)
                except IntegrityError:
                    self.agg = None  # another process wrote first: read it again
                    continue
                return
            change = "list" if listed else "unlist"
            log.warning("could not %s %s on the clock's index", change, record_id)


Publish = Callable[[str, int, bool], None]
"""publish(game id, seq, table): ring the table's live sockets."""


class TableClock:
    """The background task that makes the clocked tables' times run out (see the
    module docstring)."""

    def __init__(
        self,
        tick: Callable[[str, int], ClockAct],
        open_ids: Callable[[], list[str]],
        publish: Publish,
        *,
        now: Callable[[], int],
        interval: float = 0.5,
        rescan: float = 60.0,
    ) -> None:
        self.tick = tick
        self.open_ids = open_ids
        self.publish = publish
        self.now = now
        self.interval = interval
        self.rescan = rescan
        self.due: dict[str, int] = {}  # game id -> when to look at it next (ms)
        self.task: asyncio.Task[None] | None = None

    def watch(self, game_id: str) -> None:
        """A clocked table made in this process (any thread): look at it soon."""
        self.due[game_id] = 0

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name="kifu-clock")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        next_scan = 0.0
        while True:
            try:
                if loop.time() >= next_scan:
                    for game_id in await anyio.to_thread.run_sync(self.open_ids):
                        self.due.setdefault(game_id, 0)
                    next_scan = loop.time() + self.rescan
                await self.check()
            except Exception:  # the database is down: try again next time
                log.warning("the clock could not look at its tables", exc_info=True)
            await asyncio.sleep(self.interval)

    async def check(self) -> None:
        """Look at every table whose time to look has come."""
        now = self.now()
        for game_id, due in list(self.due.items()):
            if due > now:
                continue
            try:
                act = await anyio.to_thread.run_sync(self.tick, game_id, now)
            except Exception:
                log.warning("the clock could not look at %s", game_id, exc_info=True)
                self.due[game_id] = now + 60_000
                continue
            if act.next is None:
                self.due.pop(game_id, None)
            else:
                self.due[game_id] = act.next
            if act.seq:
                self.publish(game_id, act.seq, False)
            if act.table:
                self.publish(game_id, 0, True)
