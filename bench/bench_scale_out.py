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
from collections.abc import Iterator
from pathlib import Path

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
            for _ in range(args.rounds):
                lat, elapsed = one.play(chunk)
                lat_one += lat
                t_one += elapsed
                lat, elapsed = two.play(chunk)
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


if __name__ == "__main__":
    main()
