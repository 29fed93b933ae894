// The engine worker: Pyodide plus Kifu's core, driven by protocol.js messages.
//
// Start it as a module worker: new Worker("/engine/worker.js", {type: "module"}).
// Everything is loaded from the same origin (pyodideBase, default "/pyodide/"): the
// runtime, then the core wheel and msgspec's wasm wheel by name through the bundle's
// pyodide-lock.json. No CDN, nothing from the network once the files are cached.

import { decodeReply, encodeRequest } from "./protocol.js";

// Checked by `tsc` with the worker's globals: web/tsconfig.worker.json.
/** @typedef {import("./protocol.js").Stage} Stage */
/** @typedef {import("./protocol.js").EngineErrorBody} EngineErrorBody */
/** @typedef {import("./protocol.js").PageMessage} PageMessage */
/** The parts of Pyodide's API this worker uses.
 * @typedef {{loadPackage: (names: string, options?: {messageCallback?: (message: string) => void}) => Promise<unknown>,
 *   runPython: (code: string) => unknown, pyimport: (name: string) => any,
 *   makeMemorySnapshot: () => Uint8Array<ArrayBuffer>,
 *   FS: {mkdirTree: (path: string) => void, analyzePath: (path: string) => {exists: boolean},
 *        writeFile: (path: string, data: string) => void}}} Pyodide */
/** pyodide.mjs's loadPyodide (`_loadSnapshot`, `_makeSnapshot`: its memory snapshots).
 * @typedef {(options: {indexURL: string, _loadSnapshot?: Uint8Array, _makeSnapshot?: boolean}) => Promise<Pyodide>} LoadPyodide */

/** @type {Pyodide | null} */
let pyodide = null;
/** @type {((request: string) => string) | null} */
let handle = null; // core.browser.handle: JSON text in, JSON text out
/** @type {Promise<object> | null} */
let booting = null;

const t0 = performance.now();
/** @param {Stage} stage @param {string} [detail] */
const progress = (stage, detail = "") =>
  self.postMessage({ type: "progress", stage, detail, ms: Math.round(performance.now() - t0) });
/** @param {number} id @param {boolean} ok @param {any} payload the result, or an EngineErrorBody */
const reply = (id, ok, payload) =>
  self.postMessage(ok ? { type: "reply", id, ok, result: payload } : { type: "reply", id, ok, error: payload });
/** A JS failure as an engine error. @param {any} err @returns {EngineErrorBody} */
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

/**
 * @param {LoadPyodide} loadPyodide
 * @param {string} version Pyodide's (the snapshot is kept per version)
 * @param {string} indexURL
 * @param {boolean} useSnapshot
 * @returns {Promise<{runtime: Pyodide, restored: boolean}>}
 */
async function startRuntime(loadPyodide, version, indexURL, useSnapshot) {
  const cache = useSnapshot && self.caches ? await caches.open(SNAPSHOT_CACHE).catch(() => null) : null;
  const key = new URL(`interpreter-${version}.snapshot`, indexURL).href; // a cache key, never fetched
  const saved = cache ? await cache.match(key) : undefined;
  if (cache && saved) {
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

/** @param {import("./protocol.js").BootMessage} msg */
async function boot({ pyodideBase = "/pyodide/", bare = false, register = [], snapshot = true }) {
  const base = pyodideBase.endsWith("/") ? pyodideBase : pyodideBase + "/";
  progress("runtime", "loading the Python runtime");
  const { loadPyodide, version } = await import(new URL(base + "pyodide.mjs", self.location.href).href);
  const indexURL = new URL(base, self.location.href).href;
  // `bare` is the benchmark's floor: Pyodide's plain boot, never a snapshot.
  const started = await startRuntime(loadPyodide, version, indexURL, snapshot && !bare);
  const runtime = started.runtime;
  pyodide = runtime;
  progress("packages", bare ? "loading msgspec" : "loading the game engine");
  if (bare) {
    await runtime.loadPackage("msgspec", { messageCallback: () => {} });
    runtime.runPython("import msgspec");
    progress("ready", "bare runtime");
    return { bare: true };
  }
  await runtime.loadPackage("kifu-core", { messageCallback: () => {} });
  progress("engine", "starting the engine");
  runtime.runPython("import core.browser");
  for (const { module, source } of register) {
    const path = `/home/pyodide/kifu_extra/${module.replaceAll(".", "/")}.py`;
    const parts = module.split(".");
    for (let i = 1; i < parts.length; i++) {
      const dir = `/home/pyodide/kifu_extra/${parts.slice(0, i).join("/")}`;
      runtime.FS.mkdirTree(dir);
      const init = `${dir}/__init__.py`;
      if (!runtime.FS.analyzePath(init).exists) runtime.FS.writeFile(init, "");
    }
    runtime.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    runtime.FS.writeFile(path, source);
    runtime.runPython(`
import sys, importlib
if "/home/pyodide/kifu_extra" not in sys.path:
    sys.path.append("/home/pyodide/kifu_extra")
from core import games
games.register(importlib.import_module(${JSON.stringify(module)}).GAME)
`);
  }
  const browserHandle = runtime.pyimport("core.browser").handle;
  handle = browserHandle;
  const hello = JSON.parse(browserHandle(JSON.stringify({ op: "hello" }))).result;
  progress("ready", `core ${hello.core}: ${hello.games.join(", ")}`);
  return { ...hello, restored: started.restored };
}

/** @param {MessageEvent<PageMessage>} event */
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
      if (!pyodide) throw new Error("the engine is not booted");
      reply(msg.id, true, String(pyodide.runPython(msg.code)));
    } else {
      const unknown = /** @type {{type: unknown, id: number}} */ (msg);
      reply(unknown.id, false, crash(new Error(`unknown message type ${unknown.type}`)));
    }
  } catch (err) {
    if (msg.type === "boot") progress("failed", String(crash(err).message));
    reply(msg.id, false, crash(err));
  }
};
