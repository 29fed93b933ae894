"""How a route reaches the service: the bearer token, the client's address, the
`Service`, blocking work in worker threads (`run`), a quick request on the event loop
(`run_quick`), a heavy one (an upload, a bug report) that waits for the verifying
child without holding a worker (`run_heavy`), and each game's channel for live
updates (`channel`, `publish`).

On the event loop runs only what costs less than a thread hand-off (a quick
request, `run_quick`); whatever may take longer (loading a record, decoding a body,
a commit outside the group commit) runs in a thread; waiting for the child (a
future) is done on the loop, holding no thread."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import anyio.to_thread
import msgspec
from eventsourcing.persistence import IntegrityError
from litestar import Request
from litestar.channels import ChannelsPlugin
from litestar.connection import WebSocket

from .heavy import Heavy, Job, Steps
from .service import Service

T = TypeVar("T")
WORKER_THREADS = 8
# Threads for what a heavy request does before and after the child (checking a body's
# shape and game, ~1.6 ms for 2 MiB; storing the record): apart from the request
# workers, so uploads never take the threads that serve moves and /health.
HEAVY_THREADS = 2


def bearer(request: Request[Any, Any, Any]) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def client_of(connection: Request[Any, Any, Any] | WebSocket[Any, Any, Any]) -> str:
    """The client's address as guard.py resolved it (trusted proxies)."""
    return str(connection.scope.get("state", {}).get("client", "unknown"))


def service_of(request: Request[Any, Any, Any] | WebSocket[Any, Any, Any]) -> Service:
    svc = request.app.state.service
    assert isinstance(svc, Service)
    return svc


_limiters: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[str, anyio.CapacityLimiter]
] = weakref.WeakKeyDictionary()


def _limiter(kind: str, threads: int) -> anyio.CapacityLimiter:
    """This event loop's limiter for `kind` ("workers", "heavy") of `threads` threads."""
    mine = _limiters.setdefault(asyncio.get_running_loop(), {})
    if kind not in mine:
        mine[kind] = anyio.CapacityLimiter(threads)
    return mine[kind]


async def run(func: Callable[..., T], *args: Any) -> T:
    """Run blocking store work in a worker thread; at most WORKER_THREADS at once (per
    event loop), and HEAVY_THREADS more for heavy requests (`run_heavy`), so the
    database connection pools (15 SQLite, 20 PostgreSQL connections) never run dry."""
    return await anyio.to_thread.run_sync(func, *args, limiter=_limiter("workers", WORKER_THREADS))


def _advance(steps: Steps[T], value: Any, error: Exception | None) -> tuple[bool, Any]:
    """The next job of `steps` (False, job), or its answer (True, answer); StopIteration
    is turned into a value here, since it may not cross a coroutine."""
    try:
        job = steps.throw(error) if error is not None else steps.send(value)
    except StopIteration as stop:
        return True, stop.value
    return False, job


async def run_heavy(heavy: Heavy, steps: Steps[T]) -> T:
    """A heavy request (heavy.py): admitted or refused at once with 503 `busy`; its
    steps in one of HEAVY_THREADS threads, each job it yields in the child, awaited
    here on the event loop, its result (or exception) sent back into the steps."""
    with heavy.admitted():
        value: Any = None
        error: Exception | None = None
        try:
            while True:
                done, out = await anyio.to_thread.run_sync(
                    _advance, steps, value, error, limiter=_limiter("heavy", HEAVY_THREADS)
                )
                if done:
                    return out  # type: ignore[no-any-return]
                assert isinstance(out, Job)
                try:
                    value, error = await heavy.run(out.func, *out.args), None
                except Exception as exc:  # the steps decide (a report that fails to re-run)
                    value, error = None, exc
        finally:
            steps.close()


async def run_quick(
    request: Request[Any, Any, Any], func: Callable[..., T], record_id: str, *args: Any
) -> T:
    """A request on one record: on the event loop when the service says it is quick
    (a thread hand-off costs more than the work, and worker threads would make the
    event loop wait for the GIL; its writes join a group commit), else like `run`."""
    svc = service_of(request)
    if svc.is_quick(record_id):
        try:
            return await svc.cache.quick(record_id, lambda: func(record_id, *args))
        except IntegrityError:  # another process stored first: the full path retries
            pass
    return await run(func, record_id, *args)


def channel(game_id: str) -> str:
    return f"kifu_{game_id}"


def publish(
    request: Request[Any, Any, Any], game_id: str, seq: int, *, table: bool = False
) -> None:
    """Ring the game's live sockets: a new entry up to `seq`, or (`table`) a change
    around the record (a take-back ask or its answer) that each seat fetches itself."""
    channels = request.app.plugins.get(ChannelsPlugin)
    message = {"seq": seq, "table": True} if table else {"seq": seq}
    channels.publish(msgspec.json.encode(message), channel(game_id))
