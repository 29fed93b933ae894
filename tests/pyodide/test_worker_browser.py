"""The engine worker in real headless Chromium, served by the real server.

The server (server.app, SQLite, uvicorn in a thread) serves web/engine/ at /engine/
and the built bundle at /pyodide/, as in production. The demo page boots the worker
(progress reported in order), creates a game of the first title and lets a bot
play; then web/engine/sync.js queues a move for a hosted seat, the page reloads
(a new worker: the queue must come back from IndexedDB) and syncs it to the server.

Needs /usr/bin/chromium (Debian's `chromium` package; Playwright's own browser
download is not used). Skipped, saying so, where it is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import core.games
from tests.kernel.fixture_game import GAME

core.games.register(GAME)

from tests.server.conftest import Table, ThreadServer, make_settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.skipif(
        shutil.which(CHROMIUM) is None, reason="needs Debian chromium at /usr/bin/chromium"
    ),
]


def _build_bundle() -> None:
    spec = importlib.util.spec_from_file_location("kifu_pyodide_build", ROOT / "pyodide/build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.build()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    _build_bundle()
    backend = {"data_dir": str(tmp_path_factory.mktemp("data")), "database_url": None}
    with ThreadServer(make_settings(backend)) as srv:
        yield srv


@pytest.fixture(scope="module")
def page(server: ThreadServer) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # The server sends a CSP without unsafe-eval; Playwright evaluates its string
        # predicates with eval (the CSP itself is tested in e2e/test_csp_hosted.py).
        yield browser.new_context(bypass_csp=True).new_page()
        browser.close()


def test_demo_boots_the_worker_and_plays(server: ThreadServer, page: Any) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/engine/demo.html?moves=6")
    page.wait_for_function(
        "window.kifuDemo && (window.kifuDemo.done || window.kifuDemo.error)", timeout=180_000
    )
    demo = page.evaluate("window.kifuDemo")
    assert demo["error"] is None and not errors, (demo, errors)
    stages = [p["stage"] for p in demo["progress"]]
    assert stages == ["runtime", "packages", "engine", "ready"]
    assert demo["verified"] and demo["summary"]["seq"] == len(demo["entries"]) > 0


SYNC_JS = """async ([gameId, seat, token, move, phase]) => {
  const { EngineClient } = await import("/engine/client.js");
  const { SyncClient } = await import("/engine/sync.js");
  const engine = new EngineClient({ deviceId: "chromium" });
  await engine.ready;
  const sync = new SyncClient({ engine, dbName: "kifu-sync-test", deviceId: "chromium" });
  if (phase === "queue") {
    await sync.joinHosted(gameId, seat, token);
    await sync.queueMove(gameId, { seat, move, based_on: 0, move_id: "from-chromium" });
    return { held: await sync.hosted(gameId) };
  }
  const before = await sync.hosted(gameId);
  const round = await sync.syncHosted(gameId);
  const after = await sync.hosted(gameId);
  // follow the game live: moves made through the API from Python arrive as "entry"
  const seen = [];
  window.kifuLiveSeen = seen;
  window.kifuLiveStop = sync.live(gameId, (change) => seen.push(change));
  while (seen.length < 1) await new Promise((r) => setTimeout(r, 50));  // the hello
  // a local game backed up: uploaded, then appended
  const game = await engine.newGame({ game: "tulikko", seats: 2, recordId: `local-${gameId}` });
  for (let i = 0; i < 3; i++) await engine.botStep(game.record_id, { botSeed: 1 });
  let text = (await engine.record(game.record_id)).record_json;
  const upload = await sync.syncLocal(game.record_id, text);
  await engine.botStep(game.record_id, { botSeed: 1 });
  text = (await engine.record(game.record_id)).record_json;
  const append = await sync.syncLocal(game.record_id, text);
  return { before, round, after, upload, append, stored: await sync.list("local") };
}"""


def test_sync_queue_survives_a_reload_and_reaches_the_server(
    server: ThreadServer, page: Any
) -> None:
    with server.client() as http:
        table = Table(http, players=2, game="tulikko")
        move = table.view(0)["legal_moves"][0]
        page.goto(f"{server.url}/health")  # any same-origin page; no engine of its own
        queued = page.evaluate(SYNC_JS, [table.id, 0, table.tokens[0], move, "queue"])
        assert [p["move_id"] for p in queued["held"]["state"]["pending"]] == ["from-chromium"]
        page.reload()  # a new page, a new worker: only IndexedDB remembers the queue
        out = page.evaluate(SYNC_JS, [table.id, 0, table.tokens[0], move, "sync"])
        assert [p["move_id"] for p in out["before"]["state"]["pending"]] == ["from-chromium"]
        assert [s["event"] for s in out["round"]["steps"]] == ["pulled", "accepted"]
        assert out["after"]["state"]["pending"] == []
        view = table.view(0)
        assert view["seq"] == 1
        # the game goes on through the API; the page's live socket pulls it into its copy
        for _ in range(2):
            response = table.play_one()
            assert response is not None and response.status_code == 201, response
        page.wait_for_function(
            "window.kifuLiveSeen.some((c) => c.steps && c.steps[0].seq >= 3)", timeout=60_000
        )
        page.evaluate("window.kifuLiveStop()")
        live = page.evaluate("window.kifuLiveSeen")
        assert not any("error" in change for change in live), live
        assert [s["event"] for s in out["upload"]["steps"]] == ["uploaded"]
        assert [s["event"] for s in out["append"]["steps"]] == ["appended"]
        (stored,) = out["stored"]
        assert stored["state"]["acked_seq"] == 4 and stored["state"]["owner_token"]
        record = http.get(
            f"/api/records/{stored['state']['server_id']}",
            headers={"Authorization": f"Bearer {stored['state']['owner_token']}"},
        )
        assert record.status_code == 200 and record.json()["seq"] == 4


SNAPSHOT_JS = """async ([recordJson, corrupt]) => {
  const { EngineClient } = await import("/engine/client.js");
  if (corrupt) {
    const cache = await caches.open("kifu-engine-snapshot");
    for (const key of await cache.keys()) await cache.put(key, new Response("not a snapshot"));
  }
  const started = performance.now();
  const engine = new EngineClient({ deviceId: "chromium" });
  const hello = await engine.ready;
  const ms = performance.now() - started;
  const hashes = await engine.hashes(recordJson);
  engine.terminate();
  const cache = await caches.open("kifu-engine-snapshot");
  return { restored: hello.restored, ms, hashes: hashes.hashes, kept: (await cache.keys()).length };
}"""


def test_a_warm_boot_restores_the_interpreter_snapshot_and_plays_the_same(
    server: ThreadServer, page: Any
) -> None:
    """#15: the first boot keeps a memory snapshot of the fresh interpreter; the next
    boots restore it and give the same state hashes; a broken snapshot is replaced."""
    from core import browser
    from tests.pyodide.corpus import long_record

    _, record_json = long_record(60)
    expected = browser.Engine().handle(json.dumps({"op": "hashes", "record_json": record_json}))
    expected_hashes = json.loads(expected)["result"]["hashes"]
    page.goto(f"{server.url}/health")
    page.evaluate("caches.delete('kifu-engine-snapshot')")
    fresh = page.evaluate(SNAPSHOT_JS, [record_json, False])
    restored = page.evaluate(SNAPSHOT_JS, [record_json, False])
    broken = page.evaluate(SNAPSHOT_JS, [record_json, True])
    again = page.evaluate(SNAPSHOT_JS, [record_json, False])
    assert [run["restored"] for run in (fresh, restored, broken, again)] == [
        False,
        True,
        False,
        True,
    ]
    for run in (fresh, restored, broken, again):
        assert run["hashes"] == expected_hashes
        assert run["kept"] == 1
    print(f"engine ready: fresh {fresh['ms']:.0f} ms, from the snapshot {restored['ms']:.0f} ms")


BYTES_JS = """async ([recordJson, recordId]) => {
  const { EngineClient } = await import("/engine/client.js");
  const { SyncClient } = await import("/engine/sync.js");
  const engine = new EngineClient({ deviceId: "chromium" });
  await engine.ready;
  const opened = await engine.load(recordJson);
  const { record_kifu: bytes } = await engine.record(opened.record_id, { form: "compact" });
  const kind = Object.prototype.toString.call(bytes);
  await engine.close(opened.record_id);
  const again = await engine.load(bytes);
  const back = (await engine.convert(bytes, "json")).record_json;
  const hashes = (await engine.hashes(bytes)).hashes;
  // a local backup from the bytes: the upload goes compact, with its media type
  const sent = [];
  const fetchSpy = (url, init) => {
    sent.push([url, init.headers["Content-Type"] || "", Object.prototype.toString.call(init.body)]);
    return fetch(url, init);
  };
  const sync = new SyncClient({ engine, fetch: fetchSpy, dbName: "kifu-sync-bytes" });
  const game = await engine.newGame({ game: "tulikko", seats: 2, recordId });
  const kept = async () => (await engine.record(recordId, { form: "compact" })).record_kifu;
  for (let i = 0; i < 3; i++) await engine.botStep(game.record_id, { botSeed: 1 });
  const upload = await sync.syncLocal(recordId, await kept());
  await engine.botStep(game.record_id, { botSeed: 1 });
  const append = await sync.syncLocal(recordId, await kept());
  engine.terminate();
  return { kind, length: bytes.length, opened, again, back, hashes, sent, upload, append };
}"""


def test_records_cross_the_worker_as_bytes(server: ThreadServer, page: Any) -> None:
    """#21: the page gets a compact record as a Uint8Array (base64 only inside the
    worker's JSON), opens it again from those bytes, and backs it up compact."""
    from core import browser
    from tests.pyodide.corpus import long_record

    _, record_json = long_record(40)
    expected = browser.Engine().handle(json.dumps({"op": "hashes", "record_json": record_json}))
    page.goto(f"{server.url}/health")
    out = page.evaluate(BYTES_JS, [record_json, "bytes-from-chromium"])
    assert out["kind"] == "[object Uint8Array]" and 0 < out["length"] * 4 < len(record_json)
    assert out["again"]["tip_hash"] == out["opened"]["tip_hash"]
    assert out["again"]["state_hash"] == out["opened"]["state_hash"]
    assert json.loads(out["back"]) == json.loads(record_json)
    assert out["hashes"] == json.loads(expected)["result"]["hashes"]
    assert [s["event"] for s in out["upload"]["steps"]] == ["uploaded"]
    assert [s["event"] for s in out["append"]["steps"]] == ["appended"]
    (upload, append) = out["sent"]
    assert upload[0].endswith("/api/records") and upload[1:] == [
        "application/vnd.kifu.record",
        "[object Uint8Array]",
    ]
    assert append[0].endswith("/entries") and append[1] == "application/json"
    assert out["append"]["state"]["acked_seq"] == 4
