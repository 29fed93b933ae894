// The engine, reached only through web/engine/client.js (served at /engine/ by the
// server, precached by the service worker). This module adapts that client to the
// small surface the screens use:
//   boot(onProgress)    start the worker (Pyodide + wheels), reporting 0..1 progress
//   call(op, fields)    one core.browser request; resolves to `result` or throws EngineError
import { t, tOr } from './i18n.js';
import { EngineError } from '../engine/protocol.js';
import { fractionAt, loadPace, savePace } from './bootpace.js';

// Types only (in comments: the page imports the client at run time, from /engine/).
/** @typedef {import('../engine/client.js').EngineClient} EngineClient */
/** @typedef {typeof import('../engine/client.js')} ClientModule */
/** @typedef {import('../engine/protocol.js').Progress} Progress */
/** @typedef {'idle' | 'loading' | 'ready' | 'failed'} Phase */
/** @typedef {{phase: Phase, progress: number, message: string, hello?: import('../engine/protocol.js').Hello}} EngineStatus */

// The engine's one error type (web/engine/protocol.js): kind, code, rule_id, detail, seq.
export { EngineError };

/** @type {Promise<EngineClient> | null} */
let clientPromise = null;
/** @type {EngineClient | null} */
let client = null;
/** @type {ClientModule | null} */
let clientModule = null;
/** @type {Set<(status: EngineStatus) => void>} */
const listeners = new Set();
/** @type {EngineStatus} */
let status = { phase: 'idle', progress: 0, message: '' };

export function engineStatus() {
  return status;
}

/** Call `fn` with the status now and on every change; returns the unsubscribe.
 * @param {(status: EngineStatus) => void} fn */
export function onEngineStatus(fn) {
  listeners.add(fn);
  fn(status);
  return () => listeners.delete(fn);
}

/** @param {Partial<EngineStatus>} next */
function setStatus(next) {
  status = { ...status, ...next };
  for (const fn of listeners) fn(status);
}

const CLIENT_URL = '/engine/client.js';

// What the engine waits for before it loads: on a first visit, the service worker's
// precache (main.js), so each of its files is downloaded once, not once per copy.
let gate = Promise.resolve();

/** Start the engine only after `promise` settles (whoever asks for it first).
 * @param {Promise<unknown>} promise */
export function bootAfter(promise) {
  gate = promise.then(() => {}, () => {});
  if (!navigator.serviceWorker?.controller) setStatus({ phase: 'loading', progress: 0.01, message: t('boot.precaching') });
}

/** @returns {Promise<EngineClient>} */
export function boot() {
  if (!clientPromise) clientPromise = gate.then(start);
  return clientPromise;
}

// Where the boot is: its stage, when that began, what each stage took (bootpace.js).
const pace = { expected: loadPace(), stage: '', since: 0, took: /** @type {Record<string, number>} */ ({}), timer: 0 };

/** A stage began: the one before it is done (what it took is kept for the next boot).
 * @param {string} stage @param {string} message */
function enterStage(stage, message) {
  const now = performance.now();
  if (pace.stage) pace.took[pace.stage] = now - pace.since;
  pace.stage = stage;
  pace.since = now;
  if (stage === 'ready') {
    clearInterval(pace.timer);
    savePace(pace.took);
    return;
  }
  setStatus({ phase: 'loading', progress: Math.max(status.progress, fractionAt(pace.expected, stage, 0)), message });
  if (!pace.timer) {
    // between the worker's words the bar moves with the time a stage is expected to take
    pace.timer = setInterval(() => {
      if (status.phase !== 'loading') return clearInterval(pace.timer);
      const now = fractionAt(pace.expected, pace.stage, performance.now() - pace.since);
      if (now > status.progress) setStatus({ progress: now });
    }, 250);
  }
}

/** @returns {Promise<EngineClient>} */
async function start() {
  enterStage('fetching', t('boot.fetching'));
  try {
    /** @type {ClientModule} */
    const mod = await import(/* @vite-ignore */ CLIENT_URL);
    clientModule = mod;
    const booted = await makeClient(mod, (stage, message) => enterStage(stage, message || status.message));
    client = booted;
    const hello = await booted.call('hello', {});
    enterStage('ready', t('boot.ready'));
    setStatus({ phase: 'ready', progress: 1, message: t('boot.ready'), hello });
    return booted;
  } catch (err) {
    clearInterval(pace.timer);
    pace.timer = 0;
    setStatus({ phase: 'failed', message: errorText(err) });
    clientPromise = null;
    throw err;
  }
}

/** A thrown value's message (or the value itself, as text). @param {any} err */
function errorText(err) {
  return String(err?.message || err);
}

/** Build the adapter over web/engine/client.js's EngineClient.
 * @param {ClientModule} mod
 * @param {(stage: string, message: string | undefined) => void} progress
 * @returns {Promise<EngineClient>} */
async function makeClient(mod, progress) {
  /** @param {Progress} p */
  const onProgress = (p) => {
    // client.js reports {type: "progress", stage, detail, ms}; stages in protocol.js STAGES.
    if (p.stage === 'failed' || p.stage === 'ready') return; // ready: once hello answers
    progress(p.stage, stageText(p.stage));
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

/** @param {string} stage */
function stageText(stage) {
  if (!stage) return undefined;
  return tOr(`boot.stage.${stage}`, String(stage));
}

/** The booted EngineClient itself (for web/engine/sync.js's SyncClient).
 * @returns {Promise<EngineClient>} */
export async function engineClient() {
  return client || boot();
}

/** A fresh move id for record `recordId` from the engine's own counter (web/engine/
 * protocol.js newMoveId), the one its sync queue counts with too.
 * @param {string} recordId
 * @returns {Promise<string>} */
export async function moveId(recordId) {
  if (!client) await boot();
  return /** @type {ClientModule} */ (clientModule).newMoveId(recordId);
}

/** One request; its result, or EngineError carrying the rule's wording.
 * @param {string} op a core.browser op (engine/protocol.js OPS)
 * @param {Record<string, any>} [fields]
 * @returns {Promise<any>} */
export async function call(op, fields = {}) {
  const engine = await engineClient();
  try {
    return await engine.call(op, fields);
  } catch (err) {
    // the client's EngineError (its own copy of protocol.js) as it is; anything else a crash
    if (err && /** @type {any} */ (err).body) throw err;
    throw new EngineError({ kind: 'Crash', message: errorText(err), text: errorText(err) });
  }
}
