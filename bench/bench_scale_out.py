"""Scale-out benchmark: one server process vs two on one PostgreSQL, 20 games at once.

    .venv/bin/python bench/bench_scale_out.py [--games 20] [--moves 2000] [--rounds 4]
        [--database-url postgresql://postgres@127.0.0.1:5432/DB]

Starts three servers as subprocesses on one fresh PostgreSQL database (made and
dropped here unless a URL is given): A alone, and B + C together. Each round,
`games` clients (one thread and keep-alive connection each, see bench_server.py)
play their games on A, then the same number play on B and C (half each); the
rounds interleave so both sides see the same machine load. Prints moves/s of
each and the ratio two/one (goal: >= 1.6). Every acknowledged move is committed
(PostgreSQL's default synchronous_commit).

On a machine with few cores the clients' own threads compete with the servers,
so the ratio also tells how much CPU is left for a second process.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_server import Concurrent, Sequential, load, report, start_server


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    from tests.server.conftest import postgres_database

    with postgres_database() as fresh:
        yield fresh


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def postgres_seconds() -> float:
    """CPU time of every PostgreSQL process on the machine (the backends serving us)."""
    total = 0.0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/comm") as f:
                if f.read().strip() != "postgres":
                    continue
            total += cpu_seconds(int(name))
        except OSError:
            continue
    return total


def machine_busy() -> float:
    """CPU seconds the whole machine spent busy (all cores), from /proc/stat."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / TICK


class CpuUse:
    """CPU time each side of a run used, in cores (seconds of CPU a second)."""

    def __init__(self) -> None:
        self.seconds = {"servers": 0.0, "driver": 0.0, "postgres": 0.0, "machine": 0.0}
        self.wall = 0.0

    def measure(self, pids: list[int], run: Callable[[], tuple[list[float], float]]) -> Any:
        def sample() -> dict[str, float]:
            times = os.times()
            return {
                "servers": sum(cpu_seconds(pid) for pid in pids),
                "driver": times.user + times.system,
                "postgres": postgres_seconds(),
                "machine": machine_busy(),
            }

        before = sample()
        result = run()
        after = sample()
        for key in self.seconds:
            self.seconds[key] += after[key] - before[key]
        self.wall += result[1]
        return result

    def line(self) -> str:
        return "   ".join(f"{k} {v / self.wall:.2f}" for k, v in self.seconds.items())


def spread(urls: list[str], games: int) -> Concurrent:
    """`games` clients, dealt round-robin over the servers."""
    clients = Concurrent.__new__(Concurrent)
    clients.players = [Sequential(urls[i % len(urls)]) for i in range(games)]
    return clients


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--database-url", default=os.environ.get("KIFU_BENCH_DATABASE_URL"))
    args = parser.parse_args()
    chunk = max(args.games, args.moves // args.rounds)
    with database(args.database_url) as url, tempfile.TemporaryDirectory() as tmp:
        procs = []
        try:
            for _ in range(3):
                procs.append(start_server(url, tmp))
            one = spread([procs[0][1]], args.games)
            two = spread([procs[1][1], procs[2][1]], args.games)
            print(
                f"Kifu scale-out benchmark (PostgreSQL, loopback, {os.cpu_count()} CPUs, "
                f"{args.games} games, {args.rounds} interleaved rounds, load {load()} before)"
            )
            one.play(args.games * 5)  # warm up
            two.play(args.games * 5)
            lat_one: list[float] = []
            lat_two: list[float] = []
            t_one = t_two = 0.0
            cpu_one, cpu_two = CpuUse(), CpuUse()
            for _ in range(args.rounds):
                lat, elapsed = cpu_one.measure([procs[0][0].pid], lambda: one.play(chunk))
                lat_one += lat
                t_one += elapsed
                pids = [procs[1][0].pid, procs[2][0].pid]
                lat, elapsed = cpu_two.measure(pids, lambda: two.play(chunk))
                lat_two += lat
                t_two += elapsed
            one.close()
            two.close()
        finally:
            for proc, _ in procs:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=10)
    a = report(f"one process, {args.games} games", lat_one, t_one)
    b = report(f"two processes, {args.games} games", lat_two, t_two)
    print(f"\ntwo / one = {b / a:.2f}   (goal >= 1.6)   load average after: {load()}")
    print(f"CPU cores used, one process:   {cpu_one.line()}")
    print(f"CPU cores used, two processes: {cpu_two.line()}")
    print(f"(this machine has {os.cpu_count()} cores; the driver's clients share them)")


if __name__ == "__main__":
    main()
