"""CPU-heavy work off the serving process: verifying an upload, re-running a bug report.

Both are pure CPU (a 2 MiB record is ~100 ms of `verify`) and, in a worker
thread, hold the GIL against the event loop: two uploads at once once took an
unrelated game's move from 2 ms to 88 ms. `Heavy` runs them in one child
process (spawned on first use, kept), one at a time per server process; the
serving process only waits. The game object is sent along (pickled by
reference), so engines registered at runtime work too.

The child dies with the server, `kill -9` included (orphans.py): it is started
from a thread of `Heavy`'s own that lives until `close` (the parent-death signal
follows the thread that started a child, and the request threads that call `run`
come and go).
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import msgspec

from core.kernel import Decider, Divergence, SetupError, decode_record, reproduce, verify
from core.kernel.codec import Format

from .orphans import die_with_parent
from .store import pack_chunk


def checked_upload(
    game: Decider[Any, Any, Any, Any], body: bytes, fmt: Format = "json"
) -> tuple[dict[str, Any] | None, bytes]:
    """An uploaded record's first divergence (seq 0: a genesis the engine refuses, e.g.
    a seat count outside its range) as builtins, None when it verifies; and its
    entries packed for the store (packing 6,000 entries is CPU time too)."""
    record = decode_record(body, game, fmt)
    genesis = record.genesis
    try:
        game.setup(genesis.seats, genesis.seed if genesis.seed is not None else 0, genesis.options)
        found = verify(game, record)
    except SetupError as exc:
        found = Divergence(seq=0, message=str(exc))
    if found is not None:
        return msgspec.to_builtins(found), b""
    return None, pack_chunk(game, genesis, record.entries)


def reproduced(game: Decider[Any, Any, Any, Any], report: Any) -> Any:
    return reproduce(game, report)


class Heavy:
    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        # One thread submits every job, so one long-lived thread starts the child; and
        # one at a time: the child is one core, not a queue to fill.
        self._starter = ThreadPoolExecutor(1, thread_name_prefix="kifu-heavy")

    def run(self, func: Any, *args: Any) -> Any:
        return self._starter.submit(self._run, func, *args).result()

    def _run(self, func: Any, *args: Any) -> Any:
        for attempt in range(2):
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    1, mp_context=context, initializer=die_with_parent, initargs=(os.getpid(),)
                )
            try:
                return self._pool.submit(func, *args).result()
            except BrokenProcessPool:  # the child died (killed, out of memory)
                self._pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._starter.shutdown(wait=False)
