"""A phone's start, measured (issue #37 item 5; not part of the test suite).

    .venv/bin/python bench/bench_phone.py [--repeat 2] [--down 9] [--up 1.5] [--rtt 150] [--cpu 4]

The real server (`kifu serve`, SQLite in a temporary folder) behind a shaping relay:
Chromium opens the relay's address as the app's origin, so every byte goes through it
(the page's, the engine worker's and the service worker's: CDP's page-level network
throttling misses the last two). The relay is one link shared by all connections:
`--down`/`--up` Mbit/s, `--rtt` ms added per round trip (half each way per chunk).

The CPU: every Chromium process runs in a cgroup (v1 `cpu`) with 1/`--cpu` of this
machine's cores (CDP's CPU throttle slows a page's main thread, not its workers). The
server and the relay are not throttled: they are the network.

Printed, median of `--repeat` runs, each in a fresh browser context:

- first visit: home on screen, the new-game form on screen, a new game's board taking
  its first move (the engine booted), bytes through the link until then and once the
  service worker has precached everything;
- warm start (online) and offline: a saved game's board on screen (drawn from the row,
  before the engine), and taking the first move;
- a shared replay on a fresh device: its board (with the players' names) on screen;
- the floors, under the same throttles: a bare Pyodide boot (runtime + msgspec, no
  Kifu) on a first visit and warm, and the transfer time of the first visit's bytes at
  the link's rate; each start's ratio to its floor.

Results also go to bench/results/phone.json (ignored).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core import games  # noqa: E402
from core.kernel import Rng, Timeline, encode_record, new_record, play_bots  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CGROUP = Path("/sys/fs/cgroup/cpu/kifu-phone-bench")
PHONE = {"width": 390, "height": 844}
MOVES = "() => document.querySelector('#board [data-move]') !== null"
INSTANT = "() => document.querySelector('#board[data-instant]') !== null"
SW_DONE = (
    "() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)"
)


# -- the link ----------------------------------------------------------------------


class Link:
    """One direction of the phone's link: chunks leave in order at `mbit` Mbit/s and
    arrive half a round trip later; every byte is counted."""

    def __init__(self, mbit: float, one_way: float) -> None:
        self.rate = mbit * 1e6 / 8
        self.one_way = one_way
        self.free_at = 0.0
        self.bytes = 0

    def arrival(self, size: int, now: float) -> float:
        start = max(now, self.free_at)
        self.free_at = start + size / self.rate
        self.bytes += size
        return self.free_at + self.one_way


class Relay:
    """A TCP relay on 127.0.0.1 in front of `target_port`, shaped by two Links."""

    def __init__(self, target_port: int, down: Link, up: Link) -> None:
        self.target_port = target_port
        self.down, self.up = down, up
        self.loop = asyncio.new_event_loop()
        self.port = 0
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait()

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self._pipe(reader, up_writer, self.up), self._pipe(up_reader, writer, self.down)
        )

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Link
    ) -> None:
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                at, data = await queue.get()
                if not data:
                    break
                await asyncio.sleep(max(0.0, at - self.loop.time()))
                writer.write(data)
                with contextlib.suppress(ConnectionError):
                    await writer.drain()

        sender = asyncio.create_task(deliver())
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(16384):
                queue.put_nowait((link.arrival(len(data), self.loop.time()), data))
        queue.put_nowait((0.0, b""))
        await sender
        with contextlib.suppress(Exception):
            writer.close()

    def counted(self) -> int:
        return self.down.bytes + self.up.bytes


# -- the server and a shared record ------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def kifu_server() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        kifu = Path(sys.executable).parent / "kifu"
        proc = subprocess.Popen(
            [str(kifu), "serve", "--port", str(port), "--data-dir", data],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(150):
                with contextlib.suppress(OSError), urllib.request.urlopen(url + "/health"):
                    break
                time.sleep(0.2)
            yield url
        finally:
            proc.terminate()
            proc.wait(10)


def shared_replay(url: str) -> str:
    """A finished Tulikko game (greedy against greedy) uploaded and shared: its link."""
    game = games.get("tulikko")
    timeline = Timeline(game, new_record(game, record_id="phone-bench", seats=2, seed=4))
    greedy = game.bots()["greedy"]
    play_bots(timeline, {0: greedy, 1: greedy}, Rng.seeded(4, 1), max_entries=2000)

    def post(path: str, body: bytes, token: str = "") -> Any:
        request = urllib.request.Request(url + path, data=body, method="POST")
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())

    owner = post("/api/records", encode_record(timeline.record))["owner_token"]
    share_id = post(f"/api/records/{timeline.record.id}/share", b"", owner)["share_id"]
    return f"/#/shared/{share_id}"  # the link the PWA's share box gives (web/src/share.js)


# -- the CPU -------------------------------------------------------------------------


def throttle_cpu(factor: float) -> None:
    """New processes of this one (Chromium, launched next) get 1/factor of the cores."""
    CGROUP.mkdir(exist_ok=True)
    period = 100_000
    (CGROUP / "cpu.cfs_period_us").write_text(str(period))
    (CGROUP / "cpu.cfs_quota_us").write_text(str(int(period * (os.cpu_count() or 1) / factor)))
    (CGROUP / "cgroup.procs").write_text(str(os.getpid()))


def unthrottle_self() -> None:
    """This process (and its relay thread) back in the root group; Chromium stays."""
    (CGROUP.parent / "cgroup.procs").write_text(str(os.getpid()))
    driver = [
        pid
        for pid in (CGROUP / "cgroup.procs").read_text().split()
        if b"playwright" in Path(f"/proc/{pid}/cmdline").read_bytes()
        and b"chromium" not in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]
    for pid in driver:  # Playwright's driver relays commands: not the phone's CPU
        with contextlib.suppress(OSError):
            (CGROUP.parent / "cgroup.procs").write_text(pid)


# -- the runs ------------------------------------------------------------------------


def since(start: float) -> float:
    took = round(time.perf_counter() - start, 2)
    print(f"  {took:6.2f} s", file=sys.stderr)
    return took


def first_visit(browser: Any, origin: str, relay: Relay) -> tuple[Any, str, dict[str, Any]]:
    """A fresh context's first visit: (the context, the new game's address, figures)."""
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    ctx.set_default_timeout(600_000)  # a throttled phone's boot takes its time
    page = ctx.new_page()
    counted = relay.counted()
    start = time.perf_counter()
    page.goto(origin + "/")
    page.wait_for_selector(".home-actions h1")
    home = since(start)
    page.goto(origin + "/#/new")
    page.wait_for_selector("#ng-create")
    form = since(start)
    page.select_option("#ng-game", "tulikko")
    page.click("#ng-create")
    page.wait_for_url("**/#/game/**")
    page.wait_for_function(MOVES, polling="raf", timeout=600_000)
    board = since(start)
    bytes_board = relay.counted() - counted
    page.wait_for_function(SW_DONE, timeout=600_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(2000)  # the precache's last writes
    result = {
        "home_s": home,
        "form_s": form,
        "board_first_move_s": board,
        "bytes_to_board": bytes_board,
        "bytes_with_precache": relay.counted() - counted,
    }
    game_url = str(page.url)
    page.close()
    return ctx, game_url, result


def warm_start(ctx: Any, game_url: str, offline: bool) -> dict[str, Any]:
    ctx.set_offline(offline)
    page = ctx.new_page()
    start = time.perf_counter()
    page.goto(game_url)
    page.wait_for_function(f"() => ({INSTANT})() || ({MOVES})()", polling="raf")
    saved_board = since(start)
    page.wait_for_function(
        "() => document.body.dataset.engine === 'ready' && document.querySelector("
        "'#board:not([data-instant]) [data-move]') !== null",
        polling="raf",
        timeout=600_000,
    )
    result = {"saved_board_s": saved_board, "board_first_move_s": since(start)}
    page.close()
    ctx.set_offline(False)
    return result


def shared_open(browser: Any, origin: str, path: str) -> float:
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = ctx.new_page()
    start = time.perf_counter()
    page.goto(origin + path)
    page.wait_for_function(
        "() => document.querySelector('#board svg') !== null",
        polling="raf",
        timeout=600_000,
    )
    took = since(start)
    ctx.close()
    return took


BARE = """async () => {
  const mod = await import('/engine/client.js');
  const client = new mod.EngineClient(
    { workerUrl: '/engine/worker.js', pyodideBase: '/pyodide/', bare: true });
  await client.ready;
}"""


def bare_boot(browser: Any, origin: str) -> tuple[float, float]:
    """The floor: Pyodide's own boot (runtime + msgspec), first visit then warm."""
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = ctx.new_page()
    start = time.perf_counter()
    page.goto(origin + "/engine/client.js")
    page.evaluate(BARE)
    first = since(start)
    page.reload()
    start = time.perf_counter()
    page.evaluate(BARE)
    warm = since(start)
    ctx.close()
    return first, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--down", type=float, default=9.0, help="Mbit/s to the phone")
    parser.add_argument("--up", type=float, default=1.5, help="Mbit/s from the phone")
    parser.add_argument("--rtt", type=float, default=150.0, help="ms per round trip")
    parser.add_argument("--cpu", type=float, default=4.0, help="times slower than here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    runs: list[dict[str, Any]] = []
    with kifu_server() as url:
        path = shared_replay(url)
        one_way = args.rtt / 2000
        relay = Relay(int(url.rsplit(":", 1)[1]), Link(args.down, one_way), Link(args.up, one_way))
        origin = f"http://127.0.0.1:{relay.port}"
        throttle_cpu(args.cpu)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            unthrottle_self()
            for _ in range(args.repeat):
                ctx, game_url, visit = first_visit(browser, origin, relay)
                online = warm_start(ctx, game_url, offline=False)
                offline = warm_start(ctx, game_url, offline=True)
                ctx.close()
                bare_first, bare_warm = bare_boot(browser, origin)
                runs.append(
                    {
                        **{f"first_{k}": v for k, v in visit.items()},
                        **{f"warm_{k}": v for k, v in online.items()},
                        **{f"offline_{k}": v for k, v in offline.items()},
                        "shared_board_s": shared_open(browser, origin, path),
                        "bare_first_s": bare_first,
                        "bare_warm_s": bare_warm,
                    }
                )
            browser.close()
    report(runs, args)


def report(runs: list[dict[str, Any]], args: argparse.Namespace) -> None:
    median = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    transfer = median["first_bytes_to_board"] * 8 / (args.down * 1e6)
    rows = [
        ("first visit: home on screen", median["first_home_s"], None, 2.5),
        ("first visit: new-game form", median["first_form_s"], None, 2.5),
        (
            "first visit: board takes the first move",
            median["first_board_first_move_s"],
            median["bare_first_s"],
            12.0,
        ),
        ("warm start: saved game's board", median["warm_saved_board_s"], None, 0.5),
        (
            "warm start: board takes the first move",
            median["warm_board_first_move_s"],
            median["bare_warm_s"],
            3.0,
        ),
        ("offline: saved game's board", median["offline_saved_board_s"], None, 0.5),
        (
            "offline: board takes the first move",
            median["offline_board_first_move_s"],
            median["bare_warm_s"],
            3.0,
        ),
        ("shared replay, fresh device: board", median["shared_board_s"], None, 3.0),
    ]
    print(
        f"\nphone: {args.down}/{args.up} Mbit/s, {args.rtt:.0f} ms, CPU {args.cpu}x "
        f"(median of {len(runs)})\n"
    )
    print(f"{'':44} {'ours s':>7} {'floor s':>8} {'ratio':>6} {'goal s':>7}")
    for name, ours, floor, goal in rows:
        ratio = f"{ours / floor:.2f}" if floor else ""
        floor_text = f"{floor:.2f}" if floor else ""
        print(f"{name:44} {ours:7.2f} {floor_text:>8} {ratio:>6} {goal:7.1f}")
    mb = 1e6
    print(
        f"\nbytes on a first visit: {median['first_bytes_to_board'] / mb:.2f} MB to the board "
        f"(transfer alone {transfer:.1f} s at {args.down} Mbit/s), "
        f"{median['first_bytes_with_precache'] / mb:.2f} MB once precached (goal 6.0 MB)"
    )
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "phone.json").write_text(json.dumps({"args": vars(args), "runs": runs}, indent=1))


if __name__ == "__main__":
    main()
