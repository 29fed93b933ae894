"""Server benchmark: moves over HTTP vs raw eventsourcing appends, in one run.

    .venv/bin/python bench/bench_server.py [--moves 2000] [--games 50] [--database-url URL]

Starts the server as a subprocess (SQLite in a temp dir unless a PostgreSQL URL
is given; rate limits off), then measures on loopback:

1. one game at a time: sequential moves (a new game when one ends), one client,
   keep-alive; moves/s and p50/p99 latency of each POST /moves;
2. 50 games at once: one asyncio client task per game; total moves/s, p50/p99;
3. the same number of raw appends straight into an eventsourcing application
   on the same kind of store (one aggregate event per append, each its own
   transaction, an entry-sized payload): appends/s, p50/p99.

and prints ours / raw. Targets: sequential ratio >= 0.5, p99 <= 10 ms (SQLite).
The game is the kernel's fixture game (High Card, 40 cards, 3 in hand), whose
rules are cheap, so the figures measure the server rather than a rules engine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

SERVE = """
import sys
sys.path.insert(0, {repo!r})
import core.games
from tests.kernel.fixture_game import GAME
core.games.register(GAME)
from server.main import serve
serve(host="127.0.0.1", port={port}, data_dir={data_dir!r}, database_url={url!r})
"""

OPTIONS = {"deck_size": 40, "hand_size": 3}


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


class Game:
    """Client-side bookkeeping: the hands each seat was last shown."""

    def __init__(self, created: dict[str, Any], tokens: list[str], views: list[Any]) -> None:
        self.id = created["game_id"]
        self.tokens = tokens
        self.views = views
        self.seq = 0
        self.n = 0

    def next_move(self) -> tuple[int, dict[str, Any]] | None:
        view = self.views[0]
        if view.get("over") or view.get("outcome") is not None:
            return None
        current = max(self.views, key=lambda v: v["_seq"])
        seat, phase = current["current"], current["phase"]
        if phase == "play":
            hand = self.views[seat]["hand"]
            if not hand:
                return None
            return seat, {"type": "play", "card": hand[0]}
        return seat, {"type": "draw"} if current["deck_size"] else {"type": "pass"}

    def body(self, move: dict[str, Any]) -> dict[str, Any]:
        self.n += 1
        return {"move_id": uuid.uuid4().hex, "expected_seq": self.seq, "move": move}

    def accept(self, seat: int, response: dict[str, Any]) -> None:
        self.seq = response["seq"]
        view = dict(response["view"])
        view["_seq"] = self.seq
        self.views[seat] = view
        if response["outcome"] is not None:
            for v in self.views:
                v["over"] = True


def new_game(client: httpx.Client) -> Game:
    created = client.post(
        "/api/games", json={"game": "high-card", "players": 2, "options": OPTIONS}
    ).json()
    tokens = [
        client.post(f"/api/games/{created['game_id']}/seats", json={"code": i["code"]}).json()[
            "token"
        ]
        for i in created["invites"]
    ]
    views = []
    for token in tokens:
        view = client.get(
            f"/api/games/{created['game_id']}/view", headers={"Authorization": f"Bearer {token}"}
        ).json()["view"]
        view["_seq"] = 0
        views.append(view)
    return Game(created, tokens, views)


def sequential(url: str, moves: int) -> list[float]:
    latencies: list[float] = []
    with httpx.Client(base_url=url, timeout=30) as client:
        game = new_game(client)
        while len(latencies) < moves:
            step = game.next_move()
            if step is None:
                game = new_game(client)
                continue
            seat, move = step
            body = game.body(move)
            headers = {"Authorization": f"Bearer {game.tokens[seat]}"}
            start = time.perf_counter()
            response = client.post(f"/api/games/{game.id}/moves", json=body, headers=headers)
            latencies.append(time.perf_counter() - start)
            if response.status_code != 201:
                raise SystemExit(f"move failed: {response.status_code} {response.text}")
            game.accept(seat, response.json())
    return latencies


async def concurrent(url: str, games: int, moves: int) -> tuple[list[float], float]:
    with httpx.Client(base_url=url, timeout=30) as client:
        tables = [new_game(client) for _ in range(games)]
    latencies: list[float] = []
    per_game = moves // games
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)

    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:

        async def play(game: Game) -> None:
            done = 0
            while done < per_game:
                step = game.next_move()
                if step is None:
                    return
                seat, move = step
                body = game.body(move)
                headers = {"Authorization": f"Bearer {game.tokens[seat]}"}
                start = time.perf_counter()
                response = await client.post(
                    f"/api/games/{game.id}/moves", json=body, headers=headers
                )
                latencies.append(time.perf_counter() - start)
                if response.status_code != 201:
                    raise SystemExit(f"move failed: {response.status_code} {response.text}")
                game.accept(seat, response.json())
                done += 1

        start = time.perf_counter()
        await asyncio.gather(*(play(g) for g in tables))
        elapsed = time.perf_counter() - start
    return latencies, elapsed


def raw_appends(data_dir: str, url: str | None, count: int, streams: int) -> list[float]:
    """`count` appends of one entry-sized event each, round-robin over `streams` aggregates."""
    from server.store import GameStream, open_store

    store = open_store(data_dir, url)
    payload = "x" * 560  # about one High Card entry's canonical JSON
    aggregates = []
    for i in range(streams):
        agg = GameStream(
            record_id=f"raw-{uuid.uuid4().hex}-{i}",
            kind="hosted",
            game="high-card",
            genesis="{}",
            invite_hashes=["a", "b"],
            spectator_hash="",
            owner_hash="",
            names=[],
            fork_of="",
            fork_seq=0,
        )
        store.save(agg)
        aggregates.append(agg)
    latencies = []
    for n in range(count):
        agg = aggregates[n % streams]
        start = time.perf_counter()
        agg.append_entry(seq=n, entry=payload)
        store.save(agg)
        latencies.append(time.perf_counter() - start)
    store.close()
    return latencies


def report(name: str, latencies: list[float], elapsed: float | None = None) -> float:
    total = elapsed if elapsed is not None else sum(latencies)
    rate = len(latencies) / total
    print(
        f"{name:<44} {len(latencies):>6} ops {rate:>9.0f} ops/s"
        f"   p50 {pct(latencies, 0.5):6.2f} ms   p99 {pct(latencies, 0.99):6.2f} ms"
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--database-url", default=os.environ.get("KIFU_BENCH_DATABASE_URL"))
    args = parser.parse_args()
    url_db = args.database_url
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        env = {
            **os.environ,
            "KIFU_RATE_LIMIT": "0",
            "KIFU_ACCESS_LOG": "0",
            "KIFU_LOG_LEVEL": "WARNING",
        }
        env.pop("KIFU_DATABASE_URL", None)
        script = SERVE.format(repo=str(REPO), port=port, data_dir=f"{tmp}/server", url=url_db)
        proc = subprocess.Popen([sys.executable, "-c", script], env=env, cwd=str(REPO))
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    if httpx.get(base + "/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
            db = "PostgreSQL" if url_db else "SQLite"
            print(f"Kifu server benchmark ({db}, loopback, {os.cpu_count()} CPUs)")
            sequential(base, 100)  # warm up
            ours_seq = report("HTTP moves, one game, sequential", sequential(base, args.moves))
            lat, elapsed = asyncio.run(concurrent(base, args.games, args.moves))
            ours_conc = report(f"HTTP moves, {args.games} games at once", lat, elapsed)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        raw_seq = report(
            "raw eventsourcing appends, one stream",
            raw_appends(f"{tmp}/raw1", url_db, args.moves, 1),
        )
        raw_many = report(
            f"raw eventsourcing appends, {args.games} streams",
            raw_appends(f"{tmp}/raw2", url_db, args.moves, args.games),
        )
    seq_lat = None
    print()
    print(f"ratio sequential   ours/raw = {ours_seq / raw_seq:.2f}   (target >= 0.5)")
    print(f"ratio {args.games} games     ours/raw = {ours_conc / raw_many:.2f}")
    _ = seq_lat, statistics


if __name__ == "__main__":
    main()
