"""Counting what one client may do: fixed-window counters in bounded memory.

`Window(limit, period)` admits `limit` hits per key (a client address, an
owner) per `period` seconds and says, when it refuses, how many seconds until
the window resets (the `Retry-After` of a 429). It holds at most `max_keys`
keys: past that, keys whose window has ended are dropped first, then the
oldest, so an attacker rotating addresses can reset counters but never grow
the server's memory. Counters are per process (see server/README.md, "Limits").
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
