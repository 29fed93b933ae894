"""Browser engine benchmark, side by side in one run (not part of the test suite).

    .venv/bin/python bench/bench_browser.py [--repeat 5] [--game ID]

Drives headless Debian Chromium (/usr/bin/chromium) with Python Playwright against a
local static server with gzip (the same paths the Kifu server uses: /engine/ is
web/engine/, /pyodide/ is pyodide/dist/), and prints:

1. engine ready, warm cache: a worker booting Pyodide (its interpreter restored from
   the memory snapshot the first boot kept) + the core wheel + import core.browser,
   vs a bare Pyodide boot + `import msgspec` on the same page, in alternation; and
   the engine with a fresh interpreter (no snapshot), as it booted before;
2. replaying the same 300-entry record in Pyodide (in the worker) vs CPython (this
   process), through the same core.browser ops: ``load`` (fold stored events and
   check every state hash) of the JSON record and of its compact form (what the
   PWA's rows hold), and ``hashes`` (re-decide every move) — the ratios, once warm
   (after WARM_UP runs) and on the first run after boot (V8 still tiering the
   interpreter's wasm up: what a player's first open of a session pays);
3. bytes downloaded on a first visit to the demo page with an empty cache,
   compressed as sent (and uncompressed).

Medians of --repeat runs; results also go to bench/results/browser.json (ignored).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import importlib.util
import json
import statistics
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core import browser, games  # noqa: E402
from core.kernel import decode_record  # noqa: E402
from core.kernel.compact import encode_compact  # noqa: E402
from tests.pyodide.corpus import FIXTURE, long_record  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python",
}
BLANK = b"<!doctype html><meta charset=utf-8><title>bench</title>"
WARM_UP = 4  # runs of each replay op before the timed ones (the median settles by then)


class StaticServer(BaseHTTPRequestHandler):
    """/engine/ and /pyodide/ with gzip (when smaller) and per-request byte counts."""

    mounts: ClassVar[dict[str, Path]] = {
        "/engine/": ROOT / "web" / "engine",
        "/pyodide/": ROOT / "pyodide" / "dist",
    }
    cache: ClassVar[dict[Path, tuple[float, bytes, bytes]]] = {}
    sent: ClassVar[list[tuple[str, int, int]]] = []  # (path, bytes sent, bytes raw)
    lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path == "/bench.html":
            self._send(BLANK, BLANK, ".html")
            return
        for prefix, folder in self.mounts.items():
            if path.startswith(prefix):
                file = (folder / path[len(prefix) :]).resolve()
                if file.is_file() and folder.resolve() in file.parents:
                    raw, packed = self._load(file)
                    self._send(raw, packed, file.suffix)
                    return
        self.send_error(HTTPStatus.NOT_FOUND)

    def _load(self, file: Path) -> tuple[bytes, bytes]:
        mtime = file.stat().st_mtime
        with self.lock:
            hit = self.cache.get(file)
            if hit is None or hit[0] != mtime:
                raw = file.read_bytes()
                hit = (mtime, raw, gzip.compress(raw, 6, mtime=0))
                self.cache[file] = hit
        return hit[1], hit[2]

    def _send(self, raw: bytes, packed: bytes, suffix: str) -> None:
        use_gzip = "gzip" in self.headers.get("Accept-Encoding", "") and len(packed) < len(raw)
        body = packed if use_gzip else raw
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", TYPES.get(suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "public, max-age=3600")
        if use_gzip:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.wfile.write(body)
        with self.lock:
            self.sent.append((self.path, len(body), len(raw)))


def build_bundle() -> None:
    spec = importlib.util.spec_from_file_location("kifu_pyodide_build", ROOT / "pyodide/build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.build()


BOOT_JS = """async ([bare, register, snapshot]) => {
  const { EngineClient } = await import("/engine/client.js");
  const t = performance.now();
  const client = new EngineClient({ bare, register, snapshot });
  await client.ready;
  const ms = performance.now() - t;
  client.terminate();
  return ms;
}"""

REPLAY_SETUP_JS = """async ([recordJson, kifuBase64, register]) => {
  const { EngineClient } = await import("/engine/client.js");
  const client = new EngineClient({ register });
  await client.ready;
  window.benchClient = client;
  window.benchRecord = recordJson;
  window.benchKifu = Uint8Array.from(atob(kifuBase64), (c) => c.charCodeAt(0));
  const h = await client.hashes(recordJson);
  return h.hashes[h.hashes.length - 1];
}"""

REPLAY_JS = """async (op) => {
  const client = window.benchClient;
  const t = performance.now();
  if (op === "load" || op === "load_compact") {
    const s = await client.load(op === "load" ? window.benchRecord : window.benchKifu);
    const ms = performance.now() - t;
    await client.close(s.record_id); // not timed: CPython's side closes untimed too
    return ms;
  }
  await client.hashes(window.benchRecord);
  return performance.now() - t;
}"""


class CPythonReplay:
    """The same ops through core.browser in this process."""

    def __init__(self, record_json: str, kifu_base64: str) -> None:
        self.engine = browser.Engine()
        self.requests = {
            "load": json.dumps({"op": "load", "record_json": record_json}),
            "load_compact": json.dumps({"op": "load", "record_kifu": kifu_base64}),
            "hashes": json.dumps({"op": "hashes", "record_json": record_json}),
        }

    def time(self, op: str) -> float:
        started = time.perf_counter()
        reply = json.loads(self.engine.handle(self.requests[op]))
        elapsed = (time.perf_counter() - started) * 1000
        assert reply["ok"], reply
        if op.startswith("load"):
            self.engine.open.clear()
        return elapsed

    def last_hash(self) -> str:
        reply = json.loads(self.engine.handle(self.requests["hashes"]))
        return str(reply["result"]["hashes"][-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--entries", type=int, default=300)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    build_bundle()
    games.register(FIXTURE)
    game_id, record_json = long_record(args.entries)
    register = []
    if game_id == FIXTURE.info.id:
        source = (ROOT / "tests/kernel/fixture_game.py").read_text()
        register = [{"module": "tests.kernel.fixture_game", "source": source}]

    server = ThreadingHTTPServer(("127.0.0.1", 0), StaticServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    results: dict[str, Any] = {"game": game_id, "entries": args.entries}

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = chromium.new_context()
        page = context.new_page()

        # 3. First visit: empty cache, the demo page boots the engine and plays.
        StaticServer.sent.clear()
        page.goto(f"{origin}/engine/demo.html?moves=5")
        page.wait_for_function(
            "window.kifuDemo && (window.kifuDemo.done || window.kifuDemo.error)", timeout=120_000
        )
        demo = page.evaluate("window.kifuDemo")
        if demo["error"]:
            sys.exit(f"demo failed: {demo['error']}")
        sent = sum(n for _, n, _ in StaticServer.sent)
        raw = sum(n for _, _, n in StaticServer.sent)
        results["first_visit"] = {
            "requests": len(StaticServer.sent),
            "bytes_sent": sent,
            "bytes_uncompressed": raw,
            "ready_ms": demo["readyMs"],
            "files": sorted(StaticServer.sent, key=lambda item: -item[1])[:8],
        }

        # 1. Warm boots on one page, alternating bare and engine.
        page.goto(f"{origin}/bench.html")
        bare: list[float] = []
        engine: list[float] = []
        fresh: list[float] = []
        page.evaluate(BOOT_JS, [True, [], False])  # warm the cache and the wasm code cache
        page.evaluate(BOOT_JS, [False, register, True])  # ... and keep the snapshot
        StaticServer.sent.clear()
        for _ in range(args.repeat):
            bare.append(page.evaluate(BOOT_JS, [True, [], False]))
            engine.append(page.evaluate(BOOT_JS, [False, register, True]))
            fresh.append(page.evaluate(BOOT_JS, [False, register, False]))
        results["boot"] = {
            "bare_ms": bare,
            "engine_ms": engine,
            "engine_fresh_ms": fresh,
            "warm_bytes_sent": sum(n for _, n, _ in StaticServer.sent),
        }

        # 2. Replay the same record in Pyodide and in CPython, interleaved run by run
        # (so both see the same machine load), after one warm-up each.
        record = decode_record(record_json.encode(), games.get(game_id))
        kifu = base64.b64encode(encode_compact(games.get(game_id), record)).decode()
        last = page.evaluate(REPLAY_SETUP_JS, [record_json, kifu, register])
        local = CPythonReplay(record_json, kifu)
        if last != local.last_hash():
            sys.exit("Pyodide and CPython disagree on the final state hash")
        ops = ("load", "load_compact", "hashes")
        pyodide: dict[str, list[float]] = {op: [] for op in ops}
        cpython: dict[str, list[float]] = {op: [] for op in ops}
        first_run: dict[str, tuple[float, float]] = {}
        for op in ops:
            # the first run of an op after boot pays for V8 tiering its hot wasm code
            # up (Liftoff, then TurboFan): kept apart, then WARM_UP runs before timing
            first_run[op] = (page.evaluate(REPLAY_JS, op), local.time(op))
            for _ in range(WARM_UP):
                page.evaluate(REPLAY_JS, op)
                local.time(op)
            for _ in range(args.repeat):
                pyodide[op].append(page.evaluate(REPLAY_JS, op))
                cpython[op].append(local.time(op))
        chromium.close()
    server.shutdown()
    results["replay"] = {"pyodide": pyodide, "cpython": cpython, "first_run": first_run}

    med = statistics.median
    b, e, f = med(bare), med(engine), med(fresh)
    first = results["first_visit"]
    print(f"Kifu browser benchmark — {args.repeat} runs, medians, Chromium headless")
    print(
        f"1. warm boot: engine ready {e:.0f} ms (interpreter from its memory snapshot) vs"
        f" bare Pyodide + import msgspec {b:.0f} ms  -> ratio {e / b:.2f}x"
        f"  (fresh interpreter, as before snapshots: {f:.0f} ms, {f / b:.2f}x)"
    )
    for op, label in (
        ("load", "replay (fold events, check hashes)"),
        ("load_compact", "replay from the compact form the PWA keeps"),
        ("hashes", "re-decide every move"),
    ):
        p, c = med(pyodide[op]), med(cpython[op])
        p1, c1 = first_run[op]
        print(
            f"2. {args.entries}-entry {game_id} record, {label}: Pyodide {p:.1f} ms vs "
            f"CPython {c:.1f} ms  -> ratio {p / c:.2f}x  (the first run after boot:"
            f" {p1:.1f} vs {c1:.1f} ms, {p1 / c1:.2f}x)"
        )
    print(
        f"3. first visit: {first['bytes_sent'] / 1e6:.2f} MB sent compressed "
        f"({first['bytes_uncompressed'] / 1e6:.2f} MB uncompressed, {first['requests']} requests);"
        f" engine ready after {first['ready_ms']:.0f} ms cold"
    )
    for path, n, raw_n in first["files"]:
        print(f"     {n / 1e3:9.1f} kB  (raw {raw_n / 1e3:9.1f} kB)  {path}")
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "browser.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
