"""The database breaker (server/breaker.py) on a fake datastore and clock: a failed
connection opens it, it refuses at once while open, lets one probe through after the
cooldown, and a connection that works closes it; errors inside a transaction do not
count."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from eventsourcing.persistence import OperationalError

from server.breaker import Breaker, DatabaseDown, guard_connections


class FakeDatastore:
    def __init__(self) -> None:
        self.up = True
        self.attempts = 0
        self.while_connecting: Callable[[], None] | None = None

    @contextmanager
    def get_connection(self) -> Iterator[str]:
        self.attempts += 1
        if self.while_connecting:
            self.while_connecting()
        if not self.up:
            raise OperationalError("couldn't get a connection")
        yield "conn"


def guarded() -> tuple[FakeDatastore, list[float]]:
    now = [100.0]
    store = FakeDatastore()
    guard_connections(store, Breaker(cooldown=2.0, clock=lambda: now[0]))
    return store, now


def connect(store: Any) -> str:
    with store.get_connection() as conn:
        return str(conn)


def test_a_failed_connection_refuses_the_next_at_once_until_the_cooldown() -> None:
    store, now = guarded()
    assert connect(store) == "conn"
    store.up = False
    with pytest.raises(OperationalError):
        connect(store)
    with pytest.raises(DatabaseDown):
        connect(store)
    now[0] += 1.9
    with pytest.raises(DatabaseDown):
        connect(store)
    assert store.attempts == 2  # the refused ones never reached the pool
    store.up = True
    now[0] += 0.2
    assert connect(store) == "conn"  # the probe
    assert connect(store) == "conn" and store.attempts == 4


def test_one_probe_at_a_time_and_a_failed_probe_opens_it_again() -> None:
    store, now = guarded()
    store.up = False
    with pytest.raises(OperationalError):
        connect(store)
    now[0] += 2.0
    refused: list[Exception] = []

    def another_request() -> None:
        store.while_connecting = None
        with pytest.raises(DatabaseDown) as caught:  # while the probe is connecting
            connect(store)
        refused.append(caught.value)

    store.while_connecting = another_request
    with pytest.raises(OperationalError):  # the probe fails: open for another cooldown
        connect(store)
    assert len(refused) == 1
    with pytest.raises(DatabaseDown):
        connect(store)
    now[0] += 2.0
    store.up = True
    assert connect(store) == "conn"


def test_an_error_inside_a_transaction_does_not_open_it() -> None:
    store, _ = guarded()
    with pytest.raises(OperationalError), store.get_connection():
        raise OperationalError("lock timeout")
    assert connect(store) == "conn"
