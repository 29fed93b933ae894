"""Group commit: the quick writes made on the event loop share one transaction.

A move on SQLite runs on the event loop (`calls.run_quick`: the thread hand-off
costs more than the move). Committing it there held the loop for a whole fsync
per move, so twenty games' moves took twenty fsyncs in a row while no request
was read. Instead a quick request's events are queued and the loop goes on; one
flush, scheduled behind the requests already running, stores everything queued
in one transaction (one fsync) and then answers them all. Nothing is
acknowledged before it is committed: each request awaits its batch.

- **Order.** A record's quick requests first wait for its queued write
  (`RecordCache.settled`), so each decides on committed state and a record has
  at most one write queued. Any other writer (a worker thread) first commits what
  is queued, under the same write lock, so events reach the store in the order
  they were made.
- **Failure.** A batch that cannot be stored is retried one request at a time; a
  request whose events still cannot be stored has its record rebuilt from the
  store (so memory never holds what was not saved) and gets the error —
  `IntegrityError` when another process stored first.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass
class Queued:
    """One quick request's events, waiting for the next flush."""

    events: list[Any]
    record_id: str
    future: asyncio.Future[None]  # on the event loop of the request that awaits it


class GroupCommit:
    def __init__(
        self,
        save: Callable[[list[Any]], None],
        rebuild: Callable[[str], None],
        lock: threading.Lock,
    ) -> None:
        self._save = save  # stores events in one transaction
        self._rebuild = rebuild  # a record's Live from the store, after a failed write
        self.lock = lock  # held by whoever commits (the cache's write lock)
        self._queue: list[Queued] = []
        self._queue_lock = threading.Lock()
        self._local = threading.local()
        self._flush_scheduled = False

    # -- collecting a quick request's events -----------------------------------

    @contextlib.contextmanager
    def deferring(self) -> Iterator[list[Any]]:
        """Within it, in this thread, `defer` takes the events a save would store."""
        events: list[Any] = []
        self._local.events = events
        try:
            yield events
        finally:
            self._local.events = None

    def defer(self, events: list[Any]) -> bool:
        """Keep `events` for the group commit if this thread is `deferring`."""
        into: list[Any] | None = getattr(self._local, "events", None)
        if into is None:
            return False
        into.extend(events)
        return True

    def is_deferring(self) -> bool:
        """Whether this thread's saves are being kept for a group commit."""
        return getattr(self._local, "events", None) is not None

    def commit_soon(self, events: list[Any], record_id: str) -> asyncio.Future[None]:
        """Queue a quick request's events; the future is done once they are stored."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._queue_lock:
            self._queue.append(Queued(events, record_id, future))
        if not self._flush_scheduled:
            self._flush_scheduled = True
            loop.call_soon(self._flush_on_loop, loop)  # after the requests already running
        return future

    # -- committing -------------------------------------------------------------

    def _flush_on_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        self._flush_scheduled = False
        if self.lock.acquire(blocking=False):
            try:
                with contextlib.suppress(Exception):  # each request got its own error
                    self.commit_queued()
            finally:
                self.lock.release()
        else:  # a worker thread is committing (an upload): wait for it off the loop
            loop.run_in_executor(None, self._flush_blocking)

    def _flush_blocking(self) -> None:
        with self.lock, contextlib.suppress(Exception):  # each request got its own error
            self.commit_queued()

    def commit_queued(self) -> None:
        """Store everything queued, in one transaction if it can be (the caller holds
        `lock`). Raises the first failure after answering every queued request, so a
        writer that follows does not store events after ones that were lost."""
        with self._queue_lock:
            batch, self._queue = self._queue, []
        if not batch:
            return
        try:
            self._save([event for queued in batch for event in queued.events])
        except Exception:
            failure: Exception | None = None
            for queued in batch:  # one at a time: only the ones that cannot be stored fail
                try:
                    self._save(queued.events)
                except Exception as exc:
                    failure = failure or exc
                    self._rebuild(queued.record_id)
                    self._answer(queued, exc)
                else:
                    self._answer(queued, None)
            if failure is not None:
                raise failure from None
            return
        for queued in batch:
            self._answer(queued, None)

    @staticmethod
    def _answer(queued: Queued, error: Exception | None) -> None:
        def settle() -> None:
            if queued.future.done():
                return
            if error is None:
                queued.future.set_result(None)
            else:
                queued.future.set_exception(error)

        loop = queued.future.get_loop()
        try:
            on_loop = asyncio.get_running_loop() is loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            settle()
        else:
            loop.call_soon_threadsafe(settle)
