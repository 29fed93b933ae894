"""Server benchmark: moves over HTTP vs raw eventsourcing appends, in one run.

    .venv/bin/python bench/bench_server.py [--moves 2000] [--games 50] [--database-url URL]

Starts the server as a subprocess (SQLite in a temp dir unless a PostgreSQL URL
is given; rate limit and hosted-game quota off), then measures on loopback:

1. one game at a time: sequential moves (a new game when one ends), one client,
   keep-alive; moves/s and p50/p99 latency of each POST /moves;
2. 50 games at once: one client thread and connection per game; total moves/s,
   p50/p99 (closed loop: each waits for its reply, so the mean latency is games /
   throughput; the p99 is the first move of each round, when all 50 start at once);
3. the same number of raw appends straight into an eventsourcing application
   on the same kind of store (one aggregate event per append, each its own
   transaction, an entry-sized payload): appends/s, p50/p99.

and prints ours / raw, and the load average before and after (the machine may be
shared). Targets: sequential ratio >= 0.5, p99 <= 10 ms (SQLite).

`--fronts kifu,h11,granian,kifu@/path/to/checkout` runs the same moves against
several HTTP front ends side by side (one server each, rounds interleaved):
`kifu` is `serve()` (uvicorn, httptools, server/slow_clients.py's caps); `h11` is
uvicorn's pure-Python h11 parser with `h11_max_incomplete_event_size` at the
same header cap; `granian` is Granian (Rust, hyper) with `--http1-buffer-size`
at that cap, run by `--granian-python` (a venv where `pip install granian`
worked); `kifu@DIR` is `serve()` from another checkout (e.g. a `git worktree` of
the commit before). `--flood` then sends each front 1 MB header blocks (one
big header, and many small ones) from two connections back to back while a
third client calls /health, and one 20 MB block: what each answered, /health
before and during, and the server's peak memory.
The game is the kernel's fixture game (High Card, 40 cards, 3 in hand), whose
rules are cheap, so the figures measure the server rather than a rules engine.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import importlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import msgspec

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

SERVE = """
import importlib
import sys
sys.path.insert(0, {repo!r})
import core.games
core.games.register(importlib.import_module({module!r}).GAME)
from server.main import serve
serve(host="127.0.0.1", port={port}, data_dir={data_dir!r}, database_url={url!r})
"""

SERVE_H11 = """
import importlib
import sys
sys.path.insert(0, {repo!r})
import core.games
core.games.register(importlib.import_module({module!r}).GAME)
import uvicorn
from server.app import create_app
from server.main import uvicorn_options
from server.settings import Settings
settings = Settings.from_env(data_dir={data_dir!r}, database_url={url!r})
options = uvicorn_options(settings)
options["http"] = "h11"
sys.setswitchinterval(0.001)
uvicorn.run(create_app(settings), host="127.0.0.1", port={port},
            h11_max_incomplete_event_size={header_cap}, **options)
"""

HEADER_CAP = 32 * 1024  # the header cap every front is given (server/settings.py's default)


def bench_app() -> Any:
    """Granian's factory (`bench_server:bench_app`): the bench's engine registered,
    then the app as `uvicorn --factory server.app:create_app_from_env` makes it."""
    import core.games

    core.games.register(importlib.import_module(os.environ["KIFU_BENCH_MODULE"]).GAME)
    from server.app import create_app_from_env

    return create_app_from_env()


OPTIONS = {"deck_size": 40, "hand_size": 3}


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


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


class Wire:
    """A minimal keep-alive HTTP/1.1 client (http.client): the bench should measure
    the server, not the cost of a feature-rich client."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)

    def post(self, path: str, body: dict[str, Any], token: str) -> tuple[int, bytes]:
        payload = msgspec.json.encode(body)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        for attempt in range(2):  # an idle keep-alive connection may have been closed
            try:
                self.conn.request("POST", path, body=payload, headers=headers)
                response = self.conn.getresponse()
                return response.status, response.read()
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.conn.close()


class Sequential:
    """One client, one game at a time (a new one when it ends), keep-alive."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.wire = Wire(url)
        self.http = httpx.Client(base_url=url, timeout=30)
        self.game = new_game(self.http)

    def play(self, moves: int) -> list[float]:
        latencies: list[float] = []
        while len(latencies) < moves:
            step = self.game.next_move()
            if step is None:
                self.game = new_game(self.http)
                continue
            seat, move = step
            body = self.game.body(move)
            start = time.perf_counter()
            status, data = self.wire.post(
                f"/api/games/{self.game.id}/moves", body, self.game.tokens[seat]
            )
            latencies.append(time.perf_counter() - start)
            if status != 201:
                raise SystemExit(f"move failed: {status} {data!r}")
            self.game.accept(seat, msgspec.json.decode(data))
        return latencies

    def close(self) -> None:
        self.wire.close()
        self.http.close()


class Concurrent:
    """`games` clients at once, one thread and one connection each."""

    def __init__(self, url: str, games: int) -> None:
        self.players = [Sequential(url) for _ in range(games)]

    def play(self, moves: int) -> tuple[list[float], float]:
        per = max(1, moves // len(self.players))
        results: list[list[float]] = [[] for _ in self.players]

        def run(i: int) -> None:
            results[i] = self.players[i].play(per)

        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(self.players))]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
        return [x for r in results for x in r], elapsed

    def close(self) -> None:
        for player in self.players:
            player.close()


class Raw:
    """Raw appends straight into the eventsourcing application: one entry-sized
    event per append, each its own transaction, round-robin over `streams`."""

    def __init__(self, data_dir: str, url: str | None, streams: int) -> None:
        from server.store import GameStream, open_store

        self.store = open_store(data_dir, url)
        self.payload = "x" * 560  # about one High Card entry's canonical JSON
        self.aggregates = []
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
                shares_prefix=False,
            )
            self.store.save(agg)
            self.aggregates.append(agg)
        self.n = 0

    def run(self, count: int) -> list[float]:
        latencies = []
        for _ in range(count):
            agg = self.aggregates[self.n % len(self.aggregates)]
            self.n += 1
            start = time.perf_counter()
            agg.append_entry(seq=self.n, entry=self.payload)
            self.store.save(agg)
            latencies.append(time.perf_counter() - start)
        return latencies

    def close(self) -> None:
        self.store.close()


def report(name: str, latencies: list[float], elapsed: float | None = None) -> float:
    total = elapsed if elapsed is not None else sum(latencies)
    rate = len(latencies) / total
    print(
        f"{name:<44} {len(latencies):>6} ops {rate:>9.0f} ops/s"
        f"   p50 {pct(latencies, 0.5):6.2f} ms   p99 {pct(latencies, 0.99):6.2f} ms"
    )
    return rate


def start_server(
    url: str | None,
    data_dir: str,
    module: str = "tests.kernel.fixture_game",
    front: str = "kifu",
    granian_python: str = sys.executable,
) -> tuple[subprocess.Popen[bytes], str]:
    """`serve()` in a subprocess (rate limit, game quota and access log off) with the engine of
    `module` registered; it and its base URL. `front` picks the HTTP server (see the
    module doc)."""
    port = free_port()
    env = {
        **os.environ,
        "KIFU_RATE_LIMIT": "0",
        "KIFU_GAMES_PER_HOUR": "0",
        "KIFU_ACCESS_LOG": "0",
        "KIFU_LOG_LEVEL": "WARNING",
    }
    env.pop("KIFU_DATABASE_URL", None)
    name, _, repo = front.partition("@")
    repo = repo or str(REPO)
    fields = {"repo": repo, "module": module, "port": port, "data_dir": data_dir, "url": url}
    if name == "kifu":
        command = [sys.executable, "-c", SERVE.format(**fields)]
    elif name == "h11":
        command = [sys.executable, "-c", SERVE_H11.format(header_cap=HEADER_CAP, **fields)]
    elif name == "granian":
        env.update(KIFU_DATA_DIR=data_dir, KIFU_BENCH_MODULE=module)
        if url:
            env["KIFU_DATABASE_URL"] = url
        env["PYTHONPATH"] = os.pathsep.join([repo, str(REPO / "bench")])
        command = [
            granian_python, "-m", "granian", "--interface", "asgi", "--factory",
            "--host", "127.0.0.1", "--port", str(port), "--workers", "1", "--http", "1",
            "--http1-buffer-size", str(HEADER_CAP), "--log-level", "warning",
            "bench_server:bench_app",
        ]  # fmt: skip
    else:
        raise SystemExit(f"unknown front {front!r}")
    # granian's own workers are its children: a session of its own, to stop them all
    proc = subprocess.Popen(command, env=env, cwd=repo, start_new_session=name == "granian")
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, 9)  # a front in a session of its own (granian's workers)


def tree_rss_mb(pid: int) -> float:
    """Resident memory of `pid` and every process below it, in MB."""
    total = 0
    pids = [pid]
    while pids:
        current = pids.pop()
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{current}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
            pids += [int(child) for child in children]
    return total / 1024


def header_block(size: int, many: bool) -> bytes:
    if many:
        line = b"X-Pad: aaaaaaaaaaaaaaaaaaaaaaa\r\n"
        return line * (size // len(line))
    return b"X-Pad: " + b"a" * size + b"\r\n"


def send_block(port: int, block: bytes) -> str:
    """One GET with `block` as its headers; the status line's code, or the error."""
    request = b"GET /health HTTP/1.1\r\nHost: x\r\n" + block + b"\r\n"
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                sock.sendall(request)
            line = sock.recv(64).split(b"\r\n")[0]
        return line.split(b" ")[1].decode() if line.startswith(b"HTTP/") else "closed"
    except (ConnectionResetError, TimeoutError) as exc:
        return type(exc).__name__


def flood(proc: subprocess.Popen[bytes], base: str, seconds: float = 3.0) -> str:
    """What a header flood does to one front (see the module doc); one line."""
    port = int(base.rsplit(":", 1)[1])

    def health_ms(client: httpx.Client) -> float:
        start = time.perf_counter()
        client.get("/health")
        return (time.perf_counter() - start) * 1000

    with httpx.Client(base_url=base, timeout=60) as client:
        idle = [health_ms(client) for _ in range(30)]
        before = tree_rss_mb(proc.pid)
        peak = before
        stop = threading.Event()
        answers: list[str] = []

        def attack(block: bytes) -> None:
            while not stop.is_set():
                answers.append(send_block(port, block))

        blocks = [header_block(1 << 20, many=False), header_block(1 << 20, many=True)]
        threads = [threading.Thread(target=attack, args=(block,)) for block in blocks]
        for thread in threads:
            thread.start()
        during: list[float] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            during.append(health_ms(client))
            peak = max(peak, tree_rss_mb(proc.pid))
            time.sleep(0.01)
        stop.set()
        for thread in threads:
            thread.join()
        big: dict[str, str] = {}
        one = threading.Thread(
            target=lambda: big.update(answer=send_block(port, header_block(20 << 20, many=True)))
        )
        one.start()
        big_during: list[float] = []
        while one.is_alive() or not big_during:
            big_during.append(health_ms(client))
            peak = max(peak, tree_rss_mb(proc.pid))
            time.sleep(0.01)
        one.join()
    counts = {answer: answers.count(answer) for answer in sorted(set(answers))}
    return (
        f"1 MB blocks: {len(answers)} sent in {seconds:.0f} s, answers {counts}; /health p50 "
        f"{statistics.median(idle):.1f} ms idle, {statistics.median(during):.1f} ms during "
        f"(max {max(during):.0f}); 20 MB block: {big['answer']}, /health max "
        f"{max(big_during):.0f} ms; memory {before:.0f} -> peak {peak:.0f} MB"
    )


def run_fronts(args: argparse.Namespace) -> None:
    """Moves on every front side by side (interleaved rounds), then the flood."""
    fronts = args.fronts.split(",")
    chunk = max(1, args.moves // args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
        try:
            for i, front in enumerate(fronts):
                servers[front] = start_server(
                    args.database_url, f"{tmp}/{i}", front=front, granian_python=args.granian_python
                )
            db = "PostgreSQL" if args.database_url else "SQLite"
            print(
                f"Kifu fronts side by side ({db}, loopback, {os.cpu_count()} CPUs, "
                f"{args.rounds} interleaved rounds, load average {load()} before)"
            )
            seqs = {front: Sequential(base) for front, (_, base) in servers.items()}
            concs = {front: Concurrent(base, args.games) for front, (_, base) in servers.items()}
            for seq in seqs.values():
                seq.play(50)  # warm up
            one: dict[str, list[float]] = {front: [] for front in fronts}
            many: dict[str, list[float]] = {front: [] for front in fronts}
            many_time = dict.fromkeys(fronts, 0.0)
            for _ in range(args.rounds):
                for front in fronts:
                    one[front] += seqs[front].play(chunk)
                    lat, elapsed = concs[front].play(chunk)
                    many[front] += lat
                    many_time[front] += elapsed
            for front in fronts:
                seqs[front].close()
                concs[front].close()
            for front in fronts:
                report(f"{front}: one game", one[front])
                report(f"{front}: {args.games} games at once", many[front], many_time[front])
            print(f"load average after: {load()}")
            if args.flood:
                for front, (proc, base) in servers.items():
                    print(f"{front} flood: {flood(proc, base)}")
        finally:
            for proc, _ in servers.values():
                stop_server(proc)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database-url", default=os.environ.get("KIFU_BENCH_DATABASE_URL"))
    parser.add_argument("--fronts", help="compare HTTP front ends: kifu,h11,granian,kifu@DIR")
    parser.add_argument("--flood", action="store_true", help="with --fronts: a header flood")
    parser.add_argument("--granian-python", default=sys.executable)
    args = parser.parse_args()
    if args.fronts:
        run_fronts(args)
        return
    url_db = args.database_url
    chunk = max(1, args.moves // args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(url_db, f"{tmp}/server")
        try:
            db = "PostgreSQL" if url_db else "SQLite"
            print(
                f"Kifu server benchmark ({db}, loopback, {os.cpu_count()} CPUs, "
                f"{args.rounds} interleaved rounds, load average {load()} before)"
            )
            seq = Sequential(base)
            conc = Concurrent(base, args.games)
            raw_one = Raw(f"{tmp}/raw1", url_db, 1)
            raw_many = Raw(f"{tmp}/raw2", url_db, args.games)
            seq.play(50)  # warm up
            raw_one.run(50)
            ours_seq: list[float] = []
            raw_seq: list[float] = []
            ours_conc: list[float] = []
            conc_time = 0.0
            raw_conc: list[float] = []
            # Interleaved, so that both sides see the same machine load.
            for _ in range(args.rounds):
                ours_seq += seq.play(chunk)
                raw_seq += raw_one.run(chunk)
                lat, elapsed = conc.play(chunk)
                ours_conc += lat
                conc_time += elapsed
                raw_conc += raw_many.run(chunk)
            seq.close()
            conc.close()
            raw_one.close()
            raw_many.close()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    a = report("HTTP moves, one game, sequential", ours_seq)
    b = report("raw eventsourcing appends, one stream", raw_seq)
    c = report(f"HTTP moves, {args.games} games at once", ours_conc, conc_time)
    d = report(f"raw eventsourcing appends, {args.games} streams", raw_conc)
    print()
    print(f"ratio one game   ours/raw = {a / b:.2f}   (target >= 0.5)")
    print(f"ratio {args.games} games  ours/raw = {c / d:.2f}")
    print(
        f"queueing at {args.games} games: {args.games} clients / {c:.0f} moves/s = "
        f"{args.games / c * 1000:.1f} ms a move on average (Little's law), whatever the server"
    )
    print(f"p99 one game     {pct(ours_seq, 0.99):.2f} ms   (target <= 10 ms on SQLite)")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
