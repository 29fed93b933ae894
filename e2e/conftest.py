"""Playwright end-to-end tests: the real server (`kifu serve`), real Chromium, the built PWA.

- The PWA must be built (web/dist); the session builds it when it is missing
  (`npm ci` + `npm run build` in web/), which needs pyodide/dist (`make bundle`).
- Chromium is Debian's /usr/bin/chromium (Playwright's own download cannot work here).
- Each test gets fresh browser contexts (their own IndexedDB and service worker). Their
  engine starts as on a returning device, from the interpreter snapshot a real boot made
  at the session's start (`engine_snapshot`); `@pytest.mark.cold_engine` gives a test a
  first visit's cold boot instead.
- The kernel's fixture game "high-card" is registered on the server (KIFU_EXTRA_GAMES)
  and in the browser's engine worker (protocol.js `register`, through the test-only
  localStorage key `kifu.extraEngines`), so the flows run on a small, fast game; the two
  real titles are played in full in test_games.py.

Screenshots land in /tmp/kifu-shots/ (KIFU_SHOTS), never in the repository.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the fork test builds an entry with core and the fixture game
    sys.path.insert(0, str(ROOT))
WEB = ROOT / "web"
ARTIFACTS = Path(os.environ.get("KIFU_SHOTS", "/tmp/kifu-shots"))
CHROMIUM = os.environ.get("KIFU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
FIXTURE_SOURCE = (ROOT / "tests" / "kernel" / "fixture_game.py").read_text()
PHONE = {"width": 375, "height": 812}
PHONE_390 = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
DESKTOP = {"width": 1280, "height": 800}
ENGINE_TIMEOUT = 120_000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def web_is_stale() -> bool:
    """dist/ is missing or older than any source of the app (or web/engine)."""
    stamp = WEB / "dist" / "build.json"
    if not stamp.exists() or not (WEB / "dist" / "sw.js").exists():
        return True
    built_at = stamp.stat().st_mtime
    sources = [WEB / "index.html", WEB / "package-lock.json", WEB / "vite.config.js"]
    for folder in ("src", "public", "scripts", "engine"):
        sources += [p for p in (WEB / folder).rglob("*") if p.is_file()]
    return any(p.stat().st_mtime > built_at for p in sources if p.exists())


def ensure_web_built() -> None:
    """Build the PWA when it is missing or stale (one xdist worker builds, the rest wait)."""
    import fcntl
    import tempfile

    with open(Path(tempfile.gettempdir()) / "kifu-e2e-web-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not web_is_stale():
            return
        if not (WEB / "node_modules").exists():
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
        subprocess.run(["npm", "run", "build"], cwd=WEB, check=True)


class Server:
    """`kifu serve` in a subprocess; stop() and start() again on the same port and data."""

    def __init__(self, data_dir: Path, env: dict[str, str] | None = None) -> None:
        self.extra_env = env or {}
        self.port = free_port()
        self.data_dir = data_dir
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(
            os.environ,
            KIFU_EXTRA_GAMES="tests.kernel.fixture_game",
            PYTHONPATH=str(ROOT),
            **({"KIFU_PYODIDE_DIST": str(SNAPSHOT["pyodide"])} if SNAPSHOT else {}),
            **self.extra_env,
        )
        kifu = Path(sys.executable).parent / "kifu"
        command = [str(kifu)] if kifu.exists() else [sys.executable, "-m", "server.cli"]
        self.log = open(self.data_dir / "server.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [*command, "serve", "--port", str(self.port), "--data-dir", str(self.data_dir)],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"kifu serve exited: see {self.data_dir / 'server.log'}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{self.url}/health", timeout=1) as response,
            ):
                if response.status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError("kifu serve did not answer /health within 30 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
        self.log.close()

    def api(self, method: str, path: str, body: Any = None, token: str = "") -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")


SNAPSHOT: dict[str, Path] = {}  # "pyodide": this session's copy of pyodide/dist


def snapshot_pyodide(into: Path) -> Path:
    """A consistent copy of pyodide/dist for this session's servers.

    The bundle is rebuilt whenever core/ changes (other suites run pyodide/build.py);
    a copy taken mid-rebuild could pair a lock file with another build's wheel, so the
    copy is checked against the lock file's sha256 of every package and retried.
    """
    import hashlib
    import shutil

    source = ROOT / "pyodide" / "dist"
    for _ in range(20):
        if into.exists():
            shutil.rmtree(into)
        shutil.copytree(source, into, ignore=shutil.ignore_patterns("*.tmp"))
        lock = json.loads((into / "pyodide-lock.json").read_text())
        ok = all(
            (into / pkg["file_name"]).exists()
            and hashlib.sha256((into / pkg["file_name"]).read_bytes()).hexdigest() == pkg["sha256"]
            for pkg in lock["packages"].values()
        )
        if ok:
            return into
        time.sleep(1)
    raise RuntimeError("pyodide/dist is not consistent (a rebuild in progress?)")


@pytest.fixture(scope="session", autouse=True)
def built(tmp_path_factory: pytest.TempPathFactory) -> None:
    ensure_web_built()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    SNAPSHOT["pyodide"] = snapshot_pyodide(tmp_path_factory.mktemp("pyodide") / "dist")


# The file, in this session's copy of pyodide/dist, holding the interpreter snapshot a
# real boot made (served at /pyodide/ by every test server). Its suffix is one the server
# sends as it is (server/static.py ALREADY_COMPRESSED): gzipping 31 MB would cost each
# fresh server a CPU-second.
WARM_FILE = "e2e-interpreter-snapshot.gz"
# Installed in every warm context: the first engine worker a page starts waits (its
# messages queued, in order) until the snapshot is in the context's Cache Storage under
# the key the worker looks for, so the boot restores it as a returning device's does
# (web/engine/worker.js startRuntime). A failed seed only means a cold boot.
WARM_SCRIPT = """
(() => {
  const key = location.origin + '/pyodide/%(key)s';
  let seeded = null;
  const seed = () => seeded || (seeded = caches.open('kifu-engine-snapshot').then(async (cache) => {
    if (await cache.match(key)) return;
    const response = await fetch('/pyodide/%(file)s');
    if (response.ok) await cache.put(key, response);
  }).catch(() => {}));
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes('/engine/worker.js')) return;
      const queued = [];
      this.postMessage = (...args) => { queued.push(args); };
      seed().then(() => {
        delete this.postMessage;
        for (const args of queued) this.postMessage(...args);
      });
    }
  };
})();
"""


@pytest.fixture(scope="session")
def engine_snapshot(built: None, browser: Any, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The init script of a warm context: one cold boot in a real page makes the snapshot
    (as any first visit does), which is then copied out of its Cache Storage."""
    srv = Server(tmp_path_factory.mktemp("snapshot-server"))
    srv.start()
    ctx = browser.new_context(bypass_csp=True)
    try:
        page = ctx.new_page()
        page.goto(srv.url + "/")
        wait_engine(page)
        key = page.wait_for_function(  # the worker stores it just after the boot
            "caches.open('kifu-engine-snapshot').then((c) => c.keys()).then((k) => k[0]?.url)",
            timeout=ENGINE_TIMEOUT,
        ).json_value()
        received = receive_one_post(
            page,
            f"""async (url) => {{
          const cache = await caches.open('kifu-engine-snapshot');
          const body = await (await cache.match({json.dumps(key)})).arrayBuffer();
          await fetch(url, {{method: 'POST', body, mode: 'no-cors'}});
        }}""",
        )
    finally:
        ctx.close()
        srv.stop()
    (SNAPSHOT["pyodide"] / WARM_FILE).write_bytes(received)
    return WARM_SCRIPT % {"key": key.rsplit("/pyodide/", 1)[1], "file": WARM_FILE}


def receive_one_post(page: Any, send: str) -> bytes:
    """The body `send(url)`, run in `page`, posts to a one-shot local receiver (a route
    would carry 31 MB through the DevTools protocol as base64: seconds instead of ms)."""
    from http.server import BaseHTTPRequestHandler, HTTPServer

    received: list[bytes] = []

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            received.append(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    with HTTPServer(("127.0.0.1", 0), Receiver) as receiver:
        import threading

        thread = threading.Thread(target=receiver.handle_request)
        thread.start()
        page.evaluate(send, f"http://127.0.0.1:{receiver.server_port}/")
        thread.join(30)
    return received[0]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


INIT_SCRIPT = """
(() => {
  if (!localStorage.getItem('kifu.init')) {
    localStorage.setItem('kifu.init', '1');
    localStorage.setItem('kifu.botDelay', '0');
    localStorage.setItem('kifu.extraEngines', JSON.stringify(%s));
  }
})();
"""


@pytest.fixture
def new_context(
    browser: Any, engine_snapshot: str, request: pytest.FixtureRequest
) -> Iterator[Any]:
    """new_context(viewport=PHONE, lang='en') -> a context whose pages log errors (and
    whose engine starts warm unless the test is marked cold_engine)."""
    contexts = []
    warm = request.node.get_closest_marker("cold_engine") is None

    def make(
        viewport: dict[str, int] | None = None, locale: str = "en-GB", *, bypass_csp: bool = True
    ) -> Any:
        # Playwright runs string predicates (wait_for_function) through eval, which the
        # server's Content-Security-Policy forbids; test_csp.py runs the app under it.
        ctx = browser.new_context(viewport=viewport or PHONE, locale=locale, bypass_csp=bypass_csp)
        engines = [{"module": "kifu_fixture_game", "source": FIXTURE_SOURCE}]
        ctx.add_init_script(INIT_SCRIPT % json.dumps(engines))
        if warm:
            ctx.add_init_script(engine_snapshot)
        ctx.set_default_timeout(30_000)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        with contextlib.suppress(Exception):
            ctx.close()


def open_app(page: Any, url: str, path: str = "/") -> Any:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + path)
    wait_engine(page)
    page.errors = errors  # type: ignore[attr-defined]
    return page


def wait_engine(page: Any) -> None:
    page.wait_for_function(
        "['ready', 'failed'].includes(document.body.dataset.engine)", timeout=ENGINE_TIMEOUT
    )
    assert page.evaluate("document.body.dataset.engine") == "ready", page.inner_text("#boot")


def wait_sw(page: Any) -> None:
    """The service worker is active, has precached everything and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
