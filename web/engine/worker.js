// The engine worker: Pyodide plus Kifu's core, driven by protocol.js messages.
//
// Start it as a module worker: new Worker("/engine/worker.js", {type: "module"}).
// Everything is loaded from the same origin (pyodideBase, default "/pyodide/"): the
// runtime, then the core wheel and msgspec's wasm wheel by name through the bundle's
// pyodide-lock.json. No CDN, nothing from the network once the files are cached.

import { decodeReply, encodeRequest } from "./protocol.js";

let pyodide = null;
let handle = null; // core.browser.handle: JSON text in, JSON text out
let booting = null;

const t0 = performance.now();
const progress = (stage, detail = "") =>
  self.postMessage({ type: "progress", stage, detail, ms: Math.round(performance.now() - t0) });
const reply = (id, ok, payload) =>
  self.postMessage(ok ? { type: "reply", id, ok, result: payload } : { type: "reply", id, ok, error: payload });
const crash = (err) => ({
  kind: "Crash",
  code: "",
  message: String(err && err.message ? err.message : err),
  rule_id: "",
  seq: null,
  text: `crash ${err && err.name ? err.name : "Error"}: ${err && err.message ? err.message : err}`,
});

// A memory snapshot of the interpreter just after it started, kept in Cache Storage
// under the Pyodide version: a warm boot restores it in a fraction of a second
// instead of starting Python from scratch (the longest part of a boot). It is taken
// before any package is loaded (Pyodide can only snapshot a clean interpreter), so
// the core wheel, msgspec and every game still load fresh on each boot. A snapshot
// that fails to restore is dropped and the boot starts fresh. The API is Pyodide's
// own (`_makeSnapshot`/`_loadSnapshot`, used by Cloudflare's Python Workers).
const SNAPSHOT_CACHE = "kifu-engine-snapshot";

async function startRuntime(loadPyodide, version, indexURL, useSnapshot) {
  const cache = useSnapshot && self.caches ? await caches.open(SNAPSHOT_CACHE).catch(() => null) : null;
  const key = new URL(`interpreter-${version}.snapshot`, indexURL).href; // a cache key, never fetched
  const saved = cache ? await cache.match(key) : undefined;
  if (saved) {
    try {
      const snapshot = new Uint8Array(await saved.arrayBuffer());
      return { runtime: await loadPyodide({ indexURL, _loadSnapshot: snapshot }), restored: true };
    } catch {
      await cache.delete(key);
    }
  }
  const runtime = await loadPyodide({ indexURL, _makeSnapshot: Boolean(cache) });
  if (cache) {
    try {
      const snapshot = runtime.makeMemorySnapshot();
      for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
      cache.put(key, new Response(snapshot)).catch(() => {});
    } catch {
      // No snapshot this time: the engine works the same, the next boot starts fresh.
    }
  }
  return { runtime, restored: false };
}

async function boot({ pyodideBase = "/pyodide/", bare = false, register = [], snapshot = true }) {
  const base = pyodideBase.endsWith("/") ? pyodideBase : pyodideBase + "/";
  progress("runtime", "loading the Python runtime");
  const { loadPyodide, version } = await import(new URL(base + "pyodide.mjs", self.location.href).href);
  const indexURL = new URL(base, self.location.href).href;
  // `bare` is the benchmark's floor: Pyodide's plain boot, never a snapshot.
  const started = await startRuntime(loadPyodide, version, indexURL, snapshot && !bare);
  pyodide = started.runtime;
  progress("packages", bare ? "loading msgspec" : "loading the game engine");
  if (bare) {
    await pyodide.loadPackage("msgspec", { messageCallback: () => {} });
    pyodide.runPython("import msgspec");
    progress("ready", "bare runtime");
    return { bare: true };
  }
  await pyodide.loadPackage("kifu-core", { messageCallback: () => {} });
  progress("engine", "starting the engine");
  pyodide.runPython("import core.browser");
  for (const { module, source } of register) {
    const path = `/home/pyodide/kifu_extra/${module.replaceAll(".", "/")}.py`;
    const parts = module.split(".");
    for (let i = 1; i < parts.length; i++) {
      const dir = `/home/pyodide/kifu_extra/${parts.slice(0, i).join("/")}`;
      pyodide.FS.mkdirTree(dir);
      const init = `${dir}/__init__.py`;
      if (!pyodide.FS.analyzePath(init).exists) pyodide.FS.writeFile(init, "");
    }
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, source);
    pyodide.runPython(`
import sys, importlib
if "/home/pyodide/kifu_extra" not in sys.path:
    sys.path.append("/home/pyodide/kifu_extra")
from core import games
games.register(importlib.import_module(${JSON.stringify(module)}).GAME)
`);
  }
  handle = pyodide.pyimport("core.browser").handle;
  const hello = JSON.parse(handle(JSON.stringify({ op: "hello" }))).result;
  progress("ready", `core ${hello.core}: ${hello.games.join(", ")}`);
  return { ...hello, restored: started.restored };
}

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    if (msg.type === "boot") {
      booting = booting || boot(msg);
      reply(msg.id, true, await booting);
    } else if (msg.type === "call") {
      if (booting) await booting;
      if (!handle) throw new Error("the engine is not booted");
      // JSON text both ways; compact records (`*_kifu`) as base64 there, bytes here
      const out = decodeReply(handle(encodeRequest(msg.op, msg.args)));
      reply(msg.id, out.ok, out.ok ? out.result : out.error);
    } else if (msg.type === "eval") {
      if (booting) await booting;
      reply(msg.id, true, String(pyodide.runPython(msg.code)));
    } else {
      reply(msg.id, false, crash(new Error(`unknown message type ${msg.type}`)));
    }
  } catch (err) {
    if (msg.type === "boot") progress("failed", String(err && err.message ? err.message : err));
    reply(msg.id, false, crash(err));
  }
};
