"""Counting what one client may do: fixed-window counters in bounded memory.

`Window(limit, period)` admits `limit` hits per key (a client address, an
owner) per `period` seconds and says, when it refuses, how many seconds until
the window resets (the `Retry-After` of a 429). It holds at most `max_keys`
keys: past that, keys whose window has ended are dropped first, then the
oldest, so an attacker rotating addresses can reset counters but never grow
the server's memory. Those counters are per process; `RedisWindow` keeps them
in Redis instead, shared by every process (setting `limits_url`).
"""

from __future__ import annotations

import math
import threading
import time


class Window:
    def __init__(self, limit: int, period: float, *, max_keys: int = 100_000) -> None:
        self.limit = limit
        self.period = period
        self.max_keys = max_keys
        self._counts: dict[str, tuple[float, int]] = {}
        self._lock = threading.Lock()

    def hit(self, key: str, cost: int = 1, now: float | None = None) -> int | None:
        """Count `cost` hits; None when admitted, else whole seconds until it would be."""
        if self.limit <= 0:
            return None
        now = time.monotonic() if now is None else now
        with self._lock:
            start, count = self._counts.get(key, (now, 0))
            if now - start >= self.period:
                start, count = now, 0
            if count + cost > self.limit:
                return max(1, math.ceil(start + self.period - now))
            if key not in self._counts and len(self._counts) >= self.max_keys:
                self._prune(now)
            self._counts[key] = (start, count + cost)
            return None

    def _prune(self, now: float) -> None:
        for key in [k for k, (start, _) in self._counts.items() if now - start >= self.period]:
            del self._counts[key]
        while len(self._counts) >= self.max_keys:
            del self._counts[next(iter(self._counts))]

    async def ahit(self, key: str, cost: int = 1) -> int | None:
        return self.hit(key, cost)


class RedisWindow:
    """The same counters in Redis, shared by every server process that uses it:
    one key per client and window (`INCRBY` + `EXPIRE`), windows aligned to the
    clock. A refused hit is not counted."""

    def __init__(self, url: str, name: str, limit: int, period: float) -> None:
        from redis import Redis
        from redis.asyncio import Redis as AsyncRedis

        self.sync = Redis.from_url(url)
        self.async_ = AsyncRedis.from_url(url)
        self.name = name
        self.limit = limit
        self.period = period

    def _key(self, key: str, now: float) -> tuple[str, int]:
        window = int(now // self.period)
        retry = max(1, math.ceil((window + 1) * self.period - now))
        return f"kifu:limit:{self.name}:{window}:{key}", retry

    def hit(self, key: str, cost: int = 1) -> int | None:
        if self.limit <= 0:
            return None
        name, retry = self._key(key, time.time())
        pipe = self.sync.pipeline()
        pipe.incrby(name, cost)
        pipe.expire(name, math.ceil(self.period) + 1)
        count = pipe.execute()[0]
        if count > self.limit:
            self.sync.decrby(name, cost)
            return retry
        return None

    async def ahit(self, key: str, cost: int = 1) -> int | None:
        if self.limit <= 0:
            return None
        name, retry = self._key(key, time.time())
        pipe = self.async_.pipeline()
        pipe.incrby(name, cost)
        pipe.expire(name, math.ceil(self.period) + 1)
        count = (await pipe.execute())[0]
        if count > self.limit:
            await self.async_.decrby(name, cost)
            return retry
        return None


def window(url: str | None, name: str, limit: int, period: float) -> Window | RedisWindow:
    """Counters in this process, or in Redis (`limits_url`) shared by all processes."""
    if url and url.startswith(("redis://", "rediss://")):
        return RedisWindow(url, name, limit, period)
    return Window(limit, period)
