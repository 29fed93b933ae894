"""How a route reaches the service: the bearer token, the client's address, the
`Service`, blocking work in worker threads (`run`), a quick request on the event loop
(`run_quick`), and each game's channel for live updates (`channel`, `publish`)."""

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

from .service import Service

T = TypeVar("T")
WORKER_THREADS = 8


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


_limiters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = (
    weakref.WeakKeyDictionary()
)


async def run(func: Callable[..., T], *args: Any) -> T:
    """Run blocking store work in a worker thread; at most WORKER_THREADS at once (per
    event loop), so the database connection pools (15 SQLite, 20 PostgreSQL
    connections) never run dry."""
    loop = asyncio.get_running_loop()
    limiter = _limiters.get(loop)
    if limiter is None:
        limiter = _limiters[loop] = anyio.CapacityLimiter(WORKER_THREADS)
    return await anyio.to_thread.run_sync(func, *args, limiter=limiter)


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


def publish(request: Request[Any, Any, Any], game_id: str, seq: int) -> None:
    channels = request.app.plugins.get(ChannelsPlugin)
    channels.publish(msgspec.json.encode({"seq": seq}), channel(game_id))
