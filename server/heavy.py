"""CPU-heavy work off the serving process: verifying an upload, re-running a bug report,
checking a shared review (recomputing it: `rereviewed`, in a child of its own).

Both are pure CPU (a 2 MiB record is ~70 ms of `verify`) and, in a worker
thread, hold the GIL against the event loop: two uploads at once once took an
unrelated game's move from 2 ms to 88 ms. `Heavy` runs them in one child
process (spawned on first use, kept), one at a time per server process, at a
lower CPU priority than the server. The game object is sent along (pickled by
reference), so engines registered at runtime work too; so is the body, which the
child decodes (the server holds only bytes while a request waits). The serving
process waits on the event loop (`run`, a future), not in a request worker
thread: 24 uploads queued in worker threads once held all of them, so /health
took 0.3-2.4 s and a new game up to 3 s.

A request that needs the child is a generator of `Job`s (`Steps`): what it does
before and after (checking the body's shape, storing) runs in a thread, each job in
the child, and `calls.run_heavy` drives it. At most `queue` of them are under way at once
(`admitted`, the setting `heavy_queue`); one more is refused at once with 503
`busy` and a `Retry-After` of the queue's expected wait.

The child dies with the server, `kill -9` included (orphans.py): it is started
from a thread of `Heavy`'s own that lives until `close` (the parent-death signal
follows the thread that started a child, and the request threads come and go).
That thread also hands the child its jobs, one at a time: the child is one core.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple, TypeVar

import msgspec

from core.kernel import (
    Decider,
    Divergence,
    RecordError,
    Reproduction,
    SetupError,
    Timeline,
    canonical,
    decode_record,
    report_type,
    reproduce,
    tip_hash,
    verify,
)
from core.kernel.codec import Format
from core.kernel.record import RECORD_FORMAT

from .orphans import die_with_parent
from .schemas import Id
from .store import pack_chunk

T = TypeVar("T")
QUEUE = 32  # heavy requests under way per process (the setting heavy_queue; README)
NICE = 10  # the child's CPU priority below the server's


class Job(NamedTuple):
    """One call for the child: `func(*args)`, both picklable."""

    func: Callable[..., Any]
    args: tuple[Any, ...]


def job(func: Callable[..., Any], *args: Any) -> Job:
    return Job(func, args)


# A heavy request: yields the jobs it needs run in the child, is sent each one's
# result (or has its exception thrown in), and returns the answer.
Steps = Generator[Job, Any, T]


def busy(retry: int) -> Exception:
    from .problems import ApiError  # here: the child imports this module, not Litestar

    return ApiError(
        503,
        "busy",
        "the server is verifying as many uploads and bug reports as it queues; retry shortly",
        headers={"Retry-After": str(retry)},
    )


class Checked(NamedTuple):
    """What the child makes of an uploaded record: why it is refused, or what storing it
    takes (the parent never decodes a record: it holds only the body while it waits)."""

    bad: str | None = None  # not a record this server takes (400 bad-record): why
    entries: int = 0  # the record's entries (more than max_entries: not verified)
    divergence: dict[str, Any] | None = None  # the first that does not verify (422)
    record_id: str = ""
    genesis: str = ""  # canonical JSON, as stored
    tip_hash: str = ""
    chunk: bytes = b""  # the entries packed for the store (6,000 entries: CPU time too)


def checked_upload(
    game: Decider[Any, Any, Any, Any], body: bytes, fmt: Format, max_entries: int
) -> Checked:
    """An uploaded record decoded, checked and verified: its first divergence (seq 0: a
    genesis the engine refuses, e.g. a seat count outside its range) as builtins, else
    its entries packed for the store."""
    try:
        record = decode_record(body, game, fmt)
    except RecordError as exc:
        return Checked(bad=exc.message)
    try:
        msgspec.convert(record.id, Id)
    except msgspec.ValidationError:
        return Checked(bad=f"record id {record.id!r} must be 1-100 of A-Z a-z 0-9 _ . : ~ -")
    if not 1 <= record.format <= RECORD_FORMAT:
        return Checked(
            bad=f"record format {record.format} is not one this server reads (1-{RECORD_FORMAT})"
        )
    entries = len(record.entries)
    if entries > max_entries:
        return Checked(entries=entries)
    genesis = record.genesis
    try:
        game.setup(genesis.seats, genesis.seed if genesis.seed is not None else 0, genesis.options)
        found = verify(game, record)
    except SetupError as exc:
        found = Divergence(seq=0, message=str(exc))
    if found is not None:
        return Checked(entries=entries, divergence=msgspec.to_builtins(found))
    return Checked(
        entries=entries,
        record_id=record.id,
        genesis=canonical(genesis).decode(),
        tip_hash=tip_hash(record),
        chunk=pack_chunk(game, genesis, record.entries) if entries else b"",
    )


class Reproduced(NamedTuple):
    """What the child makes of a bug report: why it is refused, or its re-run."""

    bad: str | None = None  # not a report of this game (400 bad-report): why
    entries: int = 0  # its record's entries (more than max_entries: not re-run)
    reproduction: Reproduction | None = None


def reproduced(game: Decider[Any, Any, Any, Any], body: bytes, max_entries: int) -> Reproduced:
    """A bug report decoded with its game's types and re-run on this server's engine
    (the report may be anything: whatever the re-run raises goes back to the parent)."""
    game_id = game.info.id
    try:
        report = msgspec.json.decode(body, type=report_type(game))
    except msgspec.DecodeError as exc:
        return Reproduced(bad=f"not a {game_id} bug report: {exc}")
    if report.record.genesis.game != game_id:
        return Reproduced(bad="the report's record is for another game")
    entries = len(report.record.entries)
    if entries > max_entries:
        return Reproduced(entries=entries)
    return Reproduced(entries=entries, reproduction=reproduce(game, report))


class Rereviewed(NamedTuple):
    """What the child makes of a shared review: the server's own review of the record
    from the same seed (canonical JSON), or why the one sent is not it."""

    review: bytes = b""
    refused: str | None = None


def rereviewed(
    game: Decider[Any, Any, Any, Any], compact: bytes, seed: int, sent: bytes
) -> Rereviewed:
    """The record (compact form) reviewed here from `seed` with the default budget
    (core.kernel.review), compared with the review a client `sent` (JSON): equal as JSON
    values (a browser's JSON may write 2.0 as 2, or order keys its own way), else refused."""
    from core.kernel import decode_compact
    from core.kernel.review import encode_review, review

    record = decode_compact(compact, game)
    mine = encode_review(review(Timeline(game, record), seed=seed))
    try:
        theirs = msgspec.json.decode(sent)
    except msgspec.DecodeError as exc:
        return Rereviewed(refused=f"not JSON: {exc}")
    if msgspec.json.decode(mine) != theirs:
        return Rereviewed(refused="not the review this server makes of the record from its seed")
    return Rereviewed(review=mine)


def _child(parent_pid: int) -> None:
    """The child's initializer: it dies with the server, and yields the CPU to it (a
    nicer process: on a busy machine the event loop gets a core before a verifier)."""
    die_with_parent(parent_pid)
    with contextlib.suppress(OSError):
        os.nice(NICE)


class Heavy:
    def __init__(self, queue: int = QUEUE) -> None:
        self.queue = max(1, queue)
        self._under_way = 0
        self._count = threading.Lock()
        self._seconds = 0.05  # a job's time in the child, a moving average
        self._pool: ProcessPoolExecutor | None = None
        # One thread submits every job, so one long-lived thread starts the child; and
        # one at a time: the child is one core, not a queue to fill.
        self._starter = ThreadPoolExecutor(1, thread_name_prefix="kifu-heavy")

    @contextlib.contextmanager
    def admitted(self) -> Iterator[None]:
        """One heavy request under way; `busy` (503) when `queue` are already."""
        with self._count:
            if self._under_way >= self.queue:
                raise busy(self.retry_after())
            self._under_way += 1
        try:
            yield
        finally:
            with self._count:
                self._under_way -= 1

    def retry_after(self) -> int:
        """Seconds until the queue has likely drained: its jobs at their average time."""
        return max(1, math.ceil(self._under_way * self._seconds))

    def average(self) -> float:
        """A job's time in the child, a moving average (seconds)."""
        return self._seconds

    def submit(self, func: Callable[..., Any], *args: Any) -> Future[Any]:
        """`func(*args)` in the child, after the jobs submitted before it."""
        return self._starter.submit(self._run, func, *args)

    async def run(self, func: Callable[..., Any], *args: Any) -> Any:
        """`submit`, awaited on the event loop (no thread waits for it). Cancelled while
        it is still queued, the job never runs."""
        return await asyncio.wrap_future(self.submit(func, *args))

    def _run(self, func: Callable[..., Any], *args: Any) -> Any:
        for attempt in range(2):
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    1, mp_context=context, initializer=_child, initargs=(os.getpid(),)
                )
            try:
                began = time.perf_counter()
                result = self._pool.submit(func, *args).result()
                self._seconds = 0.8 * self._seconds + 0.2 * (time.perf_counter() - began)
                return result
            except BrokenProcessPool:  # the child died (killed, out of memory)
                self._pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._starter.shutdown(wait=False, cancel_futures=True)
