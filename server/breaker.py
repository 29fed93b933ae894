"""The database breaker: once PostgreSQL stops answering, requests are told so at once.

eventsourcing retries a connection ten times, each waiting up to the pool's timeout,
so without this every request would hold a worker thread for ~12 s (at a 1 s timeout)
before its 503, and a few dozen of them would starve the requests that need no
database at all. After a request fails to get a connection, the breaker is open for
`cooldown` seconds: every connection is refused at once with `DatabaseDown` (a
PersistenceError, so the app answers 503 with Retry-After). Then one request at a time
probes the database; the first that gets a connection closes the breaker.

Only failing to *get* a connection trips it: an error inside a transaction (a lock
timeout, a conflict) says nothing about the database being gone."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from eventsourcing.persistence import PersistenceError


class DatabaseDown(PersistenceError):
    """Refused without trying: the database did not answer a moment ago."""


class Breaker:
    def __init__(self, cooldown: float = 2.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.cooldown = cooldown
        self.clock = clock
        self._lock = threading.Lock()
        self._open_until: float | None = None  # None: closed
        self._probing = False

    def admit(self) -> None:
        """Let a connection attempt through, or raise DatabaseDown."""
        with self._lock:
            if self._open_until is None:
                return
            if self._probing or self.clock() < self._open_until:
                raise DatabaseDown("the database did not answer a moment ago; retry shortly")
            self._probing = True

    def failed(self) -> None:
        with self._lock:
            self._open_until = self.clock() + self.cooldown
            self._probing = False

    def succeeded(self) -> None:
        with self._lock:
            self._open_until = None
            self._probing = False


def guard_connections(datastore: Any, breaker: Breaker) -> None:
    """Put `breaker` in front of an eventsourcing PostgresDatastore's get_connection
    (which its recorders and `transaction()` all go through)."""
    connect = datastore.get_connection

    @contextmanager
    def get_connection() -> Iterator[Any]:
        breaker.admit()
        with ExitStack() as stack:
            try:
                conn = stack.enter_context(connect())
            except Exception:
                breaker.failed()
                raise
            breaker.succeeded()
            yield conn

    datastore.get_connection = get_connection
