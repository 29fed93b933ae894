// The message protocol between the page (client.js) and the engine worker (worker.js).
//
// Page -> worker
//   {type: "boot", id, pyodideBase, bare?, snapshot?, register?: [{module, source}]}
//       boot Pyodide from `pyodideBase` (same origin, e.g. "/pyodide/"), load the core
//       wheel and import core.browser; reply with core.browser's hello plus
//       `restored` (the interpreter came from the memory snapshot in Cache Storage).
//       `bare`: runtime + msgspec only, never a snapshot (benchmarks). `snapshot`
//       (default true): false starts the interpreter fresh and keeps no snapshot.
//       `register`: extra engine modules (tests/benchmarks: the kernel's fixture game),
//       written into the worker's file system and registered by their GAME.
//   {type: "call", id, op, args}
//       run one core.browser op (see OPS); args are that op's fields.
//   {type: "eval", id, code}        (tests/benchmarks only) run Python, reply with str()
// Worker -> page
//   {type: "progress", stage, detail, ms}   stage: one of STAGES, in order
//   {type: "reply", id, ok: true, result}    | {type: "reply", id, ok: false, error}
//
// `error` is core.browser's ErrorReply: {kind, code, message, rule_id, seq, text}; kind
// "IllegalMove" carries the rule id to show. Records travel as compact bytes
// (`record_kifu`, a Uint8Array: what the PWA keeps) or as JSON *text* (`record_json`),
// never as parsed objects: a genesis seed may exceed 2**53, which a JS number cannot
// hold. Every op that reads a record takes either field.
//
// Bytes: core.browser's door is JSON text both ways, where msgspec writes bytes as
// base64. A field whose name ends in `_kifu` is bytes: the worker turns every
// Uint8Array (or ArrayBuffer) of a request into base64 (encodeRequest) and hands the
// page a Uint8Array for every `*_kifu` string of a reply (decodeReply), so the page
// never sees base64 and IndexedDB stores the bytes themselves.

// -- the messages (checked by `tsc`: web/tsconfig.json) ---------------------------------

/** @typedef {"runtime" | "packages" | "engine" | "ready" | "failed"} Stage */
/** @typedef {{type: "progress", stage: Stage, detail: string, ms: number}} Progress */
/** core.browser's ErrorReply.
 * @typedef {{kind: string, code: string, message: string, rule_id: string, seq: number | null, text: string}} EngineErrorBody */
/** @typedef {{type: "reply", id: number, ok: true, result: any}} ReplyOk */
/** @typedef {{type: "reply", id: number, ok: false, error: EngineErrorBody}} ReplyError */
/** @typedef {ReplyOk | ReplyError} Reply */
/** Worker -> page.
 * @typedef {Progress | Reply} WorkerMessage */

/** An extra engine module (tests, benchmarks): its dotted name and Python source.
 * @typedef {{module: string, source: string}} ExtraEngine */
/** @typedef {{type: "boot", id: number, pyodideBase?: string, bare?: boolean, snapshot?: boolean, register?: ExtraEngine[]}} BootMessage */
/** @typedef {{type: "call", id: number, op: string, args: Record<string, any>}} CallMessage */
/** @typedef {{type: "eval", id: number, code: string}} EvalMessage */
/** Page -> worker.
 * @typedef {BootMessage | CallMessage | EvalMessage} PageMessage */

// -- the replies of the ops (core/browser.py's structs) ------------------------------

/** @typedef {{protocol: number, core: string, games: string[]}} Hello */
/** The "boot" reply: hello plus whether the interpreter came from the snapshot
 * (`{bare: true}` only for a bare boot).
 * @typedef {(Hello & {restored: boolean}) | {bare: true}} Booted */
/** A game's state at its tip ("new", "load", "branch", "summary"; within "play"...).
 * @typedef {{record_id: string, game: string, seq: number, line: number[], to_move: number[],
 *   tip_hash: string, state_hash: string, outcome: any, rules_version: string,
 *   engine_rules_version: string, seats: number, takeback: string,
 *   options: Record<string, any>, seeded: boolean, engine_version: string}} GameSummary */
/** A move played (or taken back) and the game after it.
 * @typedef {{entry: any, summary: GameSummary}} Played */
/** Why a take-back is refused. @typedef {{code: string, message: string, rule_id: string}} Refusal */
/** What a game screen wants back with a change (`screen` on new, load, branch, play,
 * undo, bot_step, and the `screen` op): core/browser.py ScreenAsk.
 * @typedef {{humans?: number[], perspective?: number | null, read_only?: boolean,
 *   since?: number, log_over?: boolean, bots?: number[], record?: boolean}} ScreenAsk */
/** One reply with everything the screen and the store need: core/browser.py Screen.
 * `log` holds the entries after `log_since` as the device's people may see them.
 * @typedef {{summary: GameSummary, entry: any, active_seat: number | null,
 *   view_seat: number | null, view: any, legal: any[], log: any[], log_since: number,
 *   log_over: boolean, undo_seat: number | null, undo_refusal: Refusal | null,
 *   record_kifu: Uint8Array | null}} Screen */
/** A bot's decision thought in slices. @typedef {{done: number, total: number}} Thinking */
/** One move of a game review (core/kernel/review.py EntryReview): the move `played`
 * and the `best` one judged (the same when it lost nothing), their values for the
 * mover, `loss` = best - played, each seat's `leads` after it (the curve), `swing`.
 * @typedef {{seq: number, seat: number, played: any, best: any, played_value: number,
 *   best_value: number, loss: number, choices: number, worlds: number,
 *   candidates: {move: any, value: number}[], values: number[], leads: number[],
 *   swing: number}} EntryReview */
/** A seat's moves over a review: `weakest` holds the seqs of its biggest losses.
 * @typedef {{seat: number, moves: number, best_moves: number, total_loss: number,
 *   mean_loss: number, weakest: number[]}} SeatSummary */
/** A game review (review_result): core/kernel/review.py Review.
 * @typedef {{game: string, record_id: string, tip_hash: string, seed: number,
 *   judging: Record<string, any>, entries: EntryReview[],
 *   summary: {seats: SeatSummary[], swings: number[], lead_changes: number[]}}} Review */
/** @typedef {{seq: number, state_hash: string, state: any}} StateReply */
/** @typedef {{seq: number, record_json?: string, record_kifu?: Uint8Array}} RecordReply */
/** @typedef {{hashes: string[], error: string | null}} HashesReply */

/** A record as the page holds it: compact bytes or JSON text.
 * @typedef {Uint8Array | ArrayBuffer | string} RecordData */
/** A record as an op's field.
 * @typedef {{record_kifu: Uint8Array | ArrayBuffer} | {record_json: string}} RecordField */

/** Boot stages, in the order the worker reports them. */
export const STAGES = Object.freeze(["runtime", "packages", "engine", "ready"]);

/**
 * Every op core.browser handles, with the fields each requires (the rest optional).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const OPS = Object.freeze({
  hello: [],
  catalogue: [], // GameInfo fields + bots: the names bot_step accepts ("random" first)
  new: ["game", "seats", "seed", "record_id"], // options, takeback, created_at
  load: ["record_json|record_kifu"], // check: "replay" | "verify"
  branch: ["record_id", "seq", "new_record_id"], // created_at; "play from here", opened
  close: ["record_id"],
  summary: ["record_id"],
  screen: ["record_id", "screen"], // -> Screen; new/load/branch/play/undo/bot_step take `screen` too
  legal_moves: ["record_id", "seat"],
  play: ["record_id", "seat", "move", "move_id"], // device_id, at
  why_not: ["record_id", "seat", "move"], // -> null | ErrorReply: what play would refuse, nothing recorded
  suggest: ["record_id", "seat"], // bot, bot_seed -> move | null: a hint (the bot's move from the seat's view), nothing recorded
  undo: ["record_id", "seat", "move_id"], // to_seq, bots (seats the undo goes back past), device_id, at
  takeback_refusal: ["record_id", "seat"], // to_seq (null: the undo target), bots -> null | {code, message, rule_id}
  state_at: ["record_id", "seq"],
  view: ["record_id"], // seat (null: spectator), seq (null: now)
  record: ["record_id"], // seat, redact, form: "json" (record_json) | "compact" (record_kifu)
  entries: ["record_id"], // since (the entries after it), seat, redact -> [entry, ...]
  convert: ["record_json|record_kifu"], // form: "compact" (default) | "json"; not replayed
  verify: ["record_json|record_kifu"],
  hashes: ["record_json|record_kifu"],
  bot_step: ["record_id", "move_id"], // bot, seat, bot_seed, device_id, at (plays a begun decision)
  bot_begin: ["record_id"], // bot, seat, bot_seed -> {done, total}: a decision to think in slices
  bot_think: ["record_id", "iterations"], // -> {done, total}; refused once the position changed
  bot_cancel: ["record_id"], // drop the begun decision: it is never played
  // a game review in slices (one per open game; a move, take-back or close drops it):
  review_begin: ["record_id"], // seats, seed (0), worlds, effort, candidates -> {done, total}
  review_step: ["record_id", "moves"], // -> {done, total}; refused once the game changed
  review_result: ["record_id"], // -> Review (what is left is reviewed first)
  review_cancel: ["record_id"], // drop the begun review
  sync: ["call", "args"], // core.sync.dispatch
});

/** An op's failure as a JS Error that keeps the engine's fields, named as the engine
 * and the server's problems name them (`rule_id`, `detail`): the one error type of the
 * engine, on the page too (web/src/engine.js). Any part may be missing (a refusal the
 * page makes itself: not your turn). */
export class EngineError extends Error {
  /** @param {Partial<EngineErrorBody>} body */
  constructor(body) {
    super(body.text || body.message || body.kind || "engine error");
    this.name = "EngineError";
    this.kind = body.kind || "Crash";
    this.code = body.code || "";
    this.rule_id = body.rule_id || "";
    this.detail = body.message || "";
    this.seq = body.seq ?? null;
    this.body = body;
  }
}

/**
 * Check a call before it crosses to the worker: a wrong op or a missing field is a
 * programming error, reported at the caller rather than as a Python traceback.
 * @param {string} op
 * @param {Record<string, any>} args
 */
export function checkCall(op, args) {
  const required = OPS[op];
  if (!required) throw new TypeError(`unknown engine op ${op}`);
  for (const field of required) {
    // "a|b": one of them
    if (field.split("|").every((f) => args[f] === undefined || args[f] === null)) {
      throw new TypeError(`engine op ${op} needs ${field.replace("|", " or ")}`);
    }
  }
}

const KIFU_FIELD = /_kifu$/;

/** @param {Uint8Array} bytes */
function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** @param {string} text */
function fromBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** A record as an op's field: compact bytes as `record_kifu`, JSON text as `record_json`.
 * @param {RecordData} record
 * @returns {RecordField} */
export function recordField(record) {
  if (record instanceof Uint8Array || record instanceof ArrayBuffer) return { record_kifu: record };
  return { record_json: record };
}

/** The JSON text of a core.browser request; bytes (Uint8Array, ArrayBuffer) as base64.
 * @param {string} op
 * @param {Record<string, any>} args
 * @returns {string} */
export function encodeRequest(op, args) {
  return JSON.stringify({ op, ...args }, (key, value) => {
    if (value instanceof Uint8Array) return toBase64(value);
    if (value instanceof ArrayBuffer) return toBase64(new Uint8Array(value));
    return value;
  });
}

/** A core.browser reply from its JSON text; every `*_kifu` string as a Uint8Array.
 * @param {string} text
 * @returns {{ok: true, result: any} | {ok: false, error: EngineErrorBody}} */
export function decodeReply(text) {
  if (!text.includes('_kifu"')) return JSON.parse(text);
  return JSON.parse(text, (key, value) => (KIFU_FIELD.test(key) && typeof value === "string" ? fromBase64(value) : value));
}

/** @type {Map<string, bigint>} */
const lastMoveIds = new Map(); // record id -> its last move id, as a number

/** A fresh id for a move of record `recordId`, its seat's idempotency key: 16 hex
 * digits counting up by one from a random 64-bit start, one count per record (so the
 * ids another seat sees say nothing of this device's other games). The compact record
 * stores an id that is its device's last + 1 as one byte where a random id takes 8
 * that no compression shrinks; ids that count can be guessed, so the engine and the
 * server hold each seat's ids apart (another seat cannot take yours).
 * @param {string} [recordId]
 * @returns {string} */
export function newMoveId(recordId = "") {
  const last = lastMoveIds.get(recordId) ?? BigInt(`0x${randomHex(8)}`);
  const next = (last + 1n) % 2n ** 64n;
  lastMoveIds.set(recordId, next);
  return next.toString(16).padStart(16, "0");
}

/** `bytes` random bytes from the platform's CSPRNG, as hex (a new record's id).
 * @param {number} bytes
 * @returns {string} */
export function randomHex(bytes) {
  const values = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A game seed of 128 bits from the platform's CSPRNG, as its decimal digits: the
 * seed decides every hidden card, so it must be past guessing, and no JS number holds
 * it exactly (the `new` op takes a seed as an int or as this text).
 * @returns {string} */
export function newSeed() {
  return BigInt(`0x${randomHex(16)}`).toString();
}
