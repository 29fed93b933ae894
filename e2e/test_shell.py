"""The installable shell: manifest, service worker, boot, language switch."""

from __future__ import annotations

import json
import urllib.request

import pytest
from conftest import DESKTOP, PHONE, open_app, shot, wait_sw


@pytest.mark.cold_engine  # a first visit: the boot bar shows while Pyodide starts
def test_manifest_and_service_worker(server, new_context):
    with urllib.request.urlopen(f"{server.url}/manifest.webmanifest") as response:
        manifest = json.loads(response.read())
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{server.url}{icon['src']}") as response:
            assert response.status == 200

    page = new_context(PHONE).new_page()
    page.goto(server.url)
    # The boot progress bar shows while Pyodide loads, then gives way to the app.
    page.wait_for_selector("#boot:not([hidden])", timeout=10_000)
    assert page.get_attribute("#boot", "role") == "progressbar"
    page = open_app(page, server.url)
    assert page.is_hidden("#boot")
    assert page.get_attribute("link[rel=manifest]", "href") == "/manifest.webmanifest"
    wait_sw(page)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == f"{server.url}/"
    # Everything the engine needs is precached: the app shell, Pyodide, the wheels, the worker.
    cached = page.evaluate(
        """async () => {
          const urls = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
          }
          return urls;
        }"""
    )
    for path in [
        "/index.html",
        "/pyodide/pyodide.asm.wasm",
        "/pyodide/python_stdlib.zip",
        "/pyodide/pyodide-lock.json",
        "/engine/worker.js",
        "/engine/client.js",
    ]:
        assert path in cached, path
    assert any(p.startswith("/pyodide/kifu_core-") and p.endswith(".whl") for p in cached)
    assert any(p.startswith("/pyodide/msgspec-") and p.endswith(".whl") for p in cached)
    assert page.errors == []
    shot(page, "home-phone")


def test_language_switch(server, new_context):
    page = open_app(new_context(DESKTOP).new_page(), server.url)
    assert page.inner_text("#new-game") == "New game"
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    assert page.inner_text("#new-game") == "新しいゲームを始める"
    assert "マイゲーム" in page.inner_text("main")
    shot(page, "home-desktop-ja")
    page.reload()
    page.wait_for_selector("#new-game")
    assert page.inner_text("#new-game") == "新しいゲームを始める"  # the choice is kept
    page.click("#new-game")
    page.wait_for_selector("#ng-create")
    assert page.inner_text("#ng-create") == "ゲームを始める"
    shot(page, "new-game-desktop-ja")
    page.select_option("#lang-select", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.inner_text("#ng-create") == "Start the game"


def test_update_available_prompt(tmp_path, new_context):
    """A new release (a changed service worker) waits; the page offers to update."""
    import shutil

    from conftest import WEB, Server

    dist = tmp_path / "dist"
    shutil.copytree(WEB / "dist", dist)
    data = tmp_path / "data"
    data.mkdir()
    srv = Server(data, env={"KIFU_WEB_DIST": str(dist)})
    srv.start()
    try:
        page = open_app(new_context(PHONE).new_page(), srv.url)
        wait_sw(page)
        assert page.is_hidden("#update-banner")
        sw = dist / "sw.js"
        sw.write_text(sw.read_text() + "\n// release 2\n")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
        assert "new version" in page.inner_text("#update-banner")
        shot(page, "update-available-phone")
        with page.expect_navigation(timeout=60_000):
            page.click("#update-banner button.primary")
        page.wait_for_selector("#new-game")
        assert page.is_hidden("#update-banner")
    finally:
        srv.stop()
