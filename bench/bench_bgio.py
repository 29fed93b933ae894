"""Kifu side by side with boardgame.io: the same 5×5 placement game on both servers.

    .venv/bin/python bench/bench_bgio.py [--moves 2000] [--games 20] [--rounds 5]
        [--flatfile-moves 100] [--database-url URL]

Needs node and npm. boardgame.io (pinned, BGIO_VERSION) and node-persist (its
FlatFile storage's dependency) are installed from the npm registry at run time
into a cache folder outside the repository (~/.cache/kifu-bench/, or
$XDG_CACHE_HOME), never committed; the Node server script is written there too.

The game (bench/placement_game.py for Kifu, the same rules in JavaScript for
boardgame.io): two players alternately place on an empty cell until the 25 cells
are full; a finished game is replaced by a new one (creating games is not timed).

Servers, all on loopback, started here:
- Kifu: `serve()` in a subprocess, SQLite in a temp dir (PostgreSQL with
  --database-url), rate limit and hosted-game quota off. Every acknowledged move is committed
  and fsynced (SQLite WAL with its default synchronous=FULL; PostgreSQL's default
  synchronous_commit).
- boardgame.io: its Node server (`Server` from boardgame.io/server) with its
  in-memory storage, and another with its only disk storage, FlatFile
  (node-persist: the whole match rewritten per move, no fsync). Matches are made
  and joined through its REST lobby API. boardgame.io takes moves only over its
  socket.io transport, whose `update` message has no reply; so that one driver can
  make "one move" requests to both, the script adds one HTTP route to that same
  Koa app that does exactly what the socket handler does (a new `Master` over the
  server's storage and auth, `master.onUpdate(action, stateID, matchID,
  playerID)`) and answers, once the move is stored, with the state the transport
  would have broadcast (409 if the Master refused the move).

One driver (Python, http.client keep-alive, the `Wire` of bench_server.py) for
every server; the rounds interleave (Kifu, boardgame.io in memory, FlatFile, at 1
game then at `games` games at once, one thread and connection per game, closed
loop), so every side sees the same machine load. Prints moves/s, p50/p99 and
Kifu / boardgame.io for each. FlatFile is slow: node-persist queues writes and
flushes them once a second, and a move is stored at the flush, so one match makes
one move a second; it plays --flatfile-moves per round on one game and two a
game at once.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import httpx
import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_server import Wire, free_port, load, pct, start_server

BGIO_VERSION = "0.50.2"
NODE_PERSIST_VERSION = "3.1.3"
CELLS = 25

NODE_SERVER = r"""
// Written by bench/bench_bgio.py: boardgame.io's own server with one added route.
const http = require('http');
const { Server, FlatFile } = require('boardgame.io/server');
const { Master } = require('boardgame.io/master');
const { INVALID_MOVE } = require('boardgame.io/core');

const [port, storage, dir] = process.argv.slice(2);

const Placement = {
  name: 'placement',
  setup: () => ({ cells: Array(25).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    place: ({ G, playerID }, cell) => {
      if (!Number.isInteger(cell) || cell < 0 || cell >= 25 || G.cells[cell] !== null) {
        return INVALID_MOVE;
      }
      G.cells[cell] = playerID;
    },
  },
  endIf: ({ G }) => (G.cells.every((c) => c !== null) ? { draw: true } : undefined),
};

const db = storage === 'flatfile' ? new FlatFile({ dir, logging: false }) : undefined;
const server = Server({ games: [Placement], db, origins: [] });

function readJSON(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
    req.on('error', reject);
  });
}

// What the socket.io transport does on 'update', answered over HTTP.
server.router.post('/bench/:matchID/move', async (ctx) => {
  const body = await readJSON(ctx.req);
  let sent = null;
  const transport = { send: () => {}, sendAll: (payload) => { sent = payload; } };
  const master = new Master(Placement, server.db, transport, server.auth);
  const { action, stateID, playerID } = body;
  const result = await master.onUpdate(action, stateID, ctx.params.matchID, playerID);
  if (result && result.error) {
    ctx.status = 403;
    ctx.body = result;
  } else if (sent === null) {
    ctx.status = 409;
    ctx.body = { error: 'move refused' };
  } else {
    const state = sent.args[1];
    ctx.status = 200;
    ctx.body = { stateID: state._stateID, G: state.G, ctx: state.ctx };
  }
});

// Loopback only: koa-socket-2 replaced app.listen by app.server.listen(...args).
const listen = server.app.listen.bind(server.app);
server.app.listen = (p, cb) => listen(p, '127.0.0.1', cb);
server.run({ port: Number(port), callback: () => console.log('ready') });
"""


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "kifu-bench" / f"bgio-{BGIO_VERSION}"


def install_bgio() -> Path:
    """boardgame.io and node-persist from the npm registry, once, into the cache."""
    folder = cache_dir()
    marker = folder / "node_modules" / "boardgame.io" / "package.json"
    persist = folder / "node_modules" / "node-persist" / "package.json"
    if not (marker.exists() and persist.exists()):
        if not shutil.which("npm"):
            raise SystemExit("bench_bgio.py needs node and npm")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "package.json").write_text('{"private": true}\n')
        subprocess.run(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--save-exact",
                f"boardgame.io@{BGIO_VERSION}",
                f"node-persist@{NODE_PERSIST_VERSION}",
            ],
            cwd=folder,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    installed = json.loads(marker.read_text())["version"]
    if installed != BGIO_VERSION:
        raise SystemExit(f"{folder} holds boardgame.io {installed}, not {BGIO_VERSION}")
    (folder / "bench_server.js").write_text(NODE_SERVER)
    return folder


def start_bgio(folder: Path, storage: str, data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        ["node", "bench_server.js", str(port), storage, data_dir],
        cwd=folder,
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(base + "/games", timeout=1).raise_for_status()
            return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the boardgame.io server did not start")


class Match(Protocol):
    def move(self, wire: Wire, n: int) -> None:
        """Move number `n` (0-24): the seat to move places on cell `n`."""


class KifuMatch:
    def __init__(self, client: httpx.Client) -> None:
        created = client.post("/api/games", json={"game": "placement", "players": 2}).json()
        self.id = created["game_id"]
        self.tokens = [
            client.post(f"/api/games/{self.id}/seats", json={"code": i["code"]}).json()["token"]
            for i in created["invites"]
        ]
        self.seq = 0

    def move(self, wire: Wire, n: int) -> None:
        body = {
            "move_id": uuid.uuid4().hex,
            "expected_seq": self.seq,
            "move": {"type": "place", "cell": n},
        }
        status, data = wire.post(f"/api/games/{self.id}/moves", body, self.tokens[n % 2])
        if status != 201:
            raise SystemExit(f"Kifu move failed: {status} {data!r}")
        self.seq = msgspec.json.decode(data)["seq"]


class BgioMatch:
    def __init__(self, client: httpx.Client) -> None:
        self.id = client.post("/games/placement/create", json={"numPlayers": 2}).json()["matchID"]
        self.credentials = [
            client.post(
                f"/games/placement/{self.id}/join", json={"playerID": str(seat), "playerName": "p"}
            ).json()["playerCredentials"]
            for seat in (0, 1)
        ]
        self.state_id = 0

    def move(self, wire: Wire, n: int) -> None:
        seat = str(n % 2)
        action = {
            "type": "MAKE_MOVE",
            "payload": {
                "type": "place",
                "args": [n],
                "playerID": seat,
                "credentials": self.credentials[n % 2],
            },
        }
        body = {"action": action, "stateID": self.state_id, "playerID": seat}
        status, data = wire.post(f"/bench/{self.id}/move", body, "")
        if status != 200:
            raise SystemExit(f"boardgame.io move failed: {status} {data!r}")
        self.state_id = msgspec.json.decode(data)["stateID"]


class Player:
    """One client playing game after game on one server, keep-alive."""

    def __init__(self, base: str, make: Callable[[httpx.Client], Match]) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        self.wire = Wire(base)
        self.make = make
        self.match = make(self.http)
        self.n = 0

    def play(self, moves: int) -> list[float]:
        latencies = []
        for _ in range(moves):
            if self.n == CELLS:
                self.match, self.n = self.make(self.http), 0
            start = time.perf_counter()
            self.match.move(self.wire, self.n)
            latencies.append(time.perf_counter() - start)
            self.n += 1
        return latencies

    def close(self) -> None:
        self.wire.close()
        self.http.close()


class Side:
    """One server at 1 game and at `games` games at once; its latencies and times."""

    def __init__(self, name: str, base: str, make: Callable[[httpx.Client], Match], games: int):
        self.name = name
        self.one = Player(base, make)
        self.many = [Player(base, make) for _ in range(games)]
        self.lat_one: list[float] = []
        self.lat_many: list[float] = []
        self.time_many = 0.0

    def round(self, one: int, many: int) -> None:
        """`one` moves on the lone game, then `many` spread over the games at once."""
        self.lat_one += self.one.play(one)
        per = max(1, many // len(self.many))
        results: list[list[float]] = [[] for _ in self.many]

        def run(i: int) -> None:
            results[i] = self.many[i].play(per)

        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(self.many))]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.time_many += time.perf_counter() - start
        self.lat_many += [x for r in results for x in r]

    def close(self) -> None:
        for player in [self.one, *self.many]:
            player.close()


def line(name: str, latencies: list[float], elapsed: float) -> float:
    rate = len(latencies) / elapsed
    print(
        f"  {name:<34} {len(latencies):>6} moves {rate:>8.0f} moves/s"
        f"   p50 {pct(latencies, 0.5):7.2f} ms   p99 {pct(latencies, 0.99):7.2f} ms"
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=2000, help="moves per side and load")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--flatfile-moves",
        type=int,
        default=10,
        help="FlatFile moves per round on one game (about 1 s each); 2 per game at once",
    )
    parser.add_argument("--database-url", default=os.environ.get("KIFU_BENCH_DATABASE_URL"))
    args = parser.parse_args()
    folder = install_bgio()
    chunk = max(1, args.moves // args.rounds)
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            kifu, kifu_base = start_server(args.database_url, f"{tmp}/kifu", "bench.placement_game")
            memory, memory_base = start_bgio(folder, "memory", "")
            flat, flat_base = start_bgio(folder, "flatfile", f"{tmp}/flatfile")
            procs += [kifu, memory, flat]
            db = "PostgreSQL" if args.database_url else "SQLite"
            print(
                f"Kifu ({db}) vs boardgame.io {BGIO_VERSION} (Node {node_version()}), 5x5 "
                f"placement, loopback, {os.cpu_count()} CPUs, {args.rounds} interleaved rounds, "
                f"load average {load()} before"
            )
            sides = [
                (Side("Kifu", kifu_base, KifuMatch, args.games), (chunk, chunk)),
                (
                    Side("boardgame.io in memory", memory_base, BgioMatch, args.games),
                    (chunk, chunk),
                ),
                (
                    Side("boardgame.io FlatFile", flat_base, BgioMatch, args.games),
                    (args.flatfile_moves, 2 * args.games),
                ),
            ]
            for side, _ in sides:  # warm up
                side.one.play(CELLS)
            for _ in range(args.rounds):
                for side, moves in sides:
                    side.round(*moves)
            for side, _ in sides:
                side.close()
        finally:
            for proc in procs:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    rates: dict[str, tuple[float, float]] = {}
    print("one game (sequential):")
    for side, _ in sides:
        rates[side.name] = (line(side.name, side.lat_one, sum(side.lat_one)), 0.0)
    print(f"{args.games} games at once:")
    for side, _ in sides:
        rates[side.name] = (rates[side.name][0], line(side.name, side.lat_many, side.time_many))
    kifu_one, kifu_many = rates["Kifu"]
    for name in ("boardgame.io in memory", "boardgame.io FlatFile"):
        one, many = rates[name]
        print(
            f"Kifu / {name}: {kifu_one / one:.2f}x at one game, "
            f"{kifu_many / many:.2f}x at {args.games} games"
        )
    print(f"load average after: {load()}")


def node_version() -> str:
    node = subprocess.run(["node", "--version"], check=True, capture_output=True, text=True)
    return node.stdout.strip()


if __name__ == "__main__":
    main()
