// The engine, reached only through web/engine/client.js (served at /engine/ by the
// server, precached by the service worker). This module adapts that client to the
// small surface the screens use:
//   boot(onProgress)    start the worker (Pyodide + wheels), reporting 0..1 progress
//   call(op, fields)    one core.browser request; resolves to `result` or throws EngineError
import { t, tOr } from './i18n.js';

export class EngineError extends Error {
  constructor(error) {
    super(error?.text || error?.message || String(error));
    this.kind = error?.kind || 'Crash';
    this.code = error?.code || '';
    this.rule_id = error?.rule_id || '';
    this.detail = error?.message || '';
    this.seq = error?.seq ?? null;
  }
}

let clientPromise = null;
let client = null;
let clientModule = null;
const listeners = new Set();
let status = { phase: 'idle', progress: 0, message: '' };

export function engineStatus() {
  return status;
}

export function onEngineStatus(fn) {
  listeners.add(fn);
  fn(status);
  return () => listeners.delete(fn);
}

function setStatus(next) {
  status = { ...status, ...next };
  for (const fn of listeners) fn(status);
}

const CLIENT_URL = '/engine/client.js';

// What the engine waits for before it loads: on a first visit, the service worker's
// precache (main.js), so each of its files is downloaded once, not once per copy.
let gate = Promise.resolve();

/** Start the engine only after `promise` settles (whoever asks for it first). */
export function bootAfter(promise) {
  gate = promise.then(() => {}, () => {});
  if (!navigator.serviceWorker?.controller) setStatus({ phase: 'loading', progress: 0.01, message: t('boot.precaching') });
}

export function boot() {
  if (!clientPromise) clientPromise = gate.then(start);
  return clientPromise;
}

async function start() {
  setStatus({ phase: 'loading', progress: 0.02, message: t('boot.fetching') });
  try {
    const mod = await import(/* @vite-ignore */ CLIENT_URL);
    clientModule = mod;
    client = await makeClient(mod, (progress, message) =>
      setStatus({ phase: 'loading', progress: Math.max(status.progress, progress), message: message || status.message }),
    );
    const hello = await client.call('hello', {});
    setStatus({ phase: 'ready', progress: 1, message: t('boot.ready'), hello });
    return client;
  } catch (err) {
    setStatus({ phase: 'failed', message: String(err?.message || err) });
    clientPromise = null;
    throw err;
  }
}

const STAGE_FRACTION = { runtime: 0.08, packages: 0.55, engine: 0.85, ready: 1 };

/** Build the adapter over web/engine/client.js's EngineClient. */
async function makeClient(mod, progress) {
  const onProgress = (p) => {
    // client.js reports {type: "progress", stage, detail, ms}; stages in protocol.js STAGES.
    if (p.stage === 'failed') return;
    progress(STAGE_FRACTION[p.stage] ?? status.progress, stageText(p.stage));
  };
  // Tests (and only tests) may register extra engines, e.g. the kernel's fixture game:
  // localStorage['kifu.extraEngines'] = JSON [{module, source}] (protocol.js "register").
  let register;
  try {
    register = JSON.parse(localStorage.getItem('kifu.extraEngines') || '[]');
  } catch {
    register = [];
  }
  const instance = new mod.EngineClient({ onProgress, workerUrl: '/engine/worker.js', pyodideBase: '/pyodide/', register });
  await instance.ready;
  return instance;
}

function stageText(stage) {
  if (!stage) return undefined;
  return tOr(`boot.stage.${stage}`, String(stage));
}

/** The booted EngineClient itself (for web/engine/sync.js's SyncClient). */
export async function engineClient() {
  if (!client) await boot();
  return client;
}

/** A fresh move id for record `recordId` from the engine's own counter (web/engine/
 * protocol.js newMoveId), the one its sync queue counts with too. */
export async function moveId(recordId) {
  if (!client) await boot();
  return clientModule.newMoveId(recordId);
}

/** One request; its result, or EngineError carrying the rule's wording. */
export async function call(op, fields = {}) {
  if (!client) await boot();
  try {
    return await client.call(op, fields);
  } catch (err) {
    if (err && err.body) throw new EngineError(err.body);
    throw new EngineError({ kind: 'Crash', message: String(err?.message || err), text: String(err?.message || err) });
  }
}
