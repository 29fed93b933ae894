// The page's handle on the engine worker: promises over protocol.js messages.
//
//   import { EngineClient } from "/engine/client.js";
//   const engine = new EngineClient({ onProgress: (p) => console.log(p.stage, p.ms) });
//   await engine.ready;
//   const game = await engine.newGame({ game: "tulikko", seats: 2 });
//   const moves = await engine.legalMoves(game.record_id, game.to_move[0]);
//   await engine.play(game.record_id, game.to_move[0], moves[0]);

import { EngineError, checkCall, newMoveId, newSeed, randomHex, recordField } from "./protocol.js";

export { EngineError, newMoveId, newSeed, recordField };

/** @typedef {import("./protocol.js").Progress} Progress */
/** @typedef {import("./protocol.js").WorkerMessage} WorkerMessage */
/** @typedef {import("./protocol.js").GameSummary} GameSummary */
/** @typedef {import("./protocol.js").Played} Played */
/** @typedef {import("./protocol.js").Thinking} Thinking */
/** @typedef {import("./protocol.js").RecordData} RecordData */
/** @typedef {import("./protocol.js").RecordReply} RecordReply */
/** A message to the worker before the client gives it its id.
 * @typedef {import("./protocol.js").PageMessage extends infer M ? M extends any ? Omit<M, "id"> : never : never} Unsent */
/** @typedef {{resolve: (value: any) => void, reject: (reason: Error) => void}} Waiting */

export class EngineClient {
  /**
   * @param {{workerUrl?: string | URL, pyodideBase?: string, bare?: boolean,
   *          snapshot?: boolean, register?: import("./protocol.js").ExtraEngine[],
   *          onProgress?: (p: Progress) => void,
   *          deviceId?: string}} options
   */
  constructor(options = {}) {
    const workerUrl = options.workerUrl || new URL("./worker.js", import.meta.url);
    this.worker = new Worker(workerUrl, { type: "module" });
    this.deviceId = options.deviceId || "";
    /** @type {Progress[]} every progress message so far */
    this.progress = [];
    this._next = 1;
    /** @type {Map<number, Waiting>} */
    this._pending = new Map();
    this.worker.onmessage = (event) => this._receive(event.data, options.onProgress);
    this.worker.onerror = (event) => {
      const error = new Error(`engine worker failed: ${event.message || "error"}`);
      for (const { reject } of this._pending.values()) reject(error);
      this._pending.clear();
    };
    /** @type {Promise<import("./protocol.js").Booted>} */
    this.ready = this._send({
      type: "boot",
      pyodideBase: options.pyodideBase || "/pyodide/",
      bare: !!options.bare,
      snapshot: options.snapshot !== false,
      register: options.register || [],
    });
  }

  /**
   * @param {WorkerMessage} msg
   * @param {((p: Progress) => void) | undefined} onProgress
   */
  _receive(msg, onProgress) {
    if (msg.type === "progress") {
      this.progress.push(msg);
      if (onProgress) onProgress(msg);
      return;
    }
    const waiting = this._pending.get(msg.id);
    if (!waiting) return;
    this._pending.delete(msg.id);
    if (msg.ok) waiting.resolve(msg.result);
    else waiting.reject(new EngineError(msg.error));
  }

  /**
   * @param {Unsent} msg
   * @returns {Promise<any>}
   */
  _send(msg) {
    const id = this._next++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Run one core.browser op (protocol.js OPS). Rejects with EngineError.
   * @param {string} op
   * @param {Record<string, any>} [args]
   * @returns {Promise<any>} */
  call(op, args = {}) {
    checkCall(op, args);
    return this._send({ type: "call", op, args });
  }

  /** Tests and benchmarks: run Python in the worker, get str() of the result.
   * @param {string} code
   * @returns {Promise<string>} */
  eval(code) {
    return this._send({ type: "eval", code });
  }

  terminate() {
    this.worker.terminate();
  }

  // -- the ops, by name ------------------------------------------------------------

  /** @returns {Promise<import("./protocol.js").Hello>} */
  hello() { return this.call("hello"); }
  /** GameInfo per game, with its bots' names. @returns {Promise<Record<string, any>[]>} */
  catalogue() { return this.call("catalogue"); }

  /**
   * @param {{game: string, seats: number, seed?: number | string, recordId?: string,
   *          options?: Record<string, any>, takeback?: string, createdAt?: number}} fields
   * @returns {Promise<GameSummary>}
   */
  newGame({ game, seats, seed = newSeed(), recordId = randomHex(8), options = {}, takeback = "casual", createdAt = Date.now() }) {
    return this.call("new", { game, seats, seed, record_id: recordId, options, takeback, created_at: createdAt });
  }
  /** Open a record: compact bytes (Uint8Array) or JSON text.
   * @param {RecordData} record
   * @param {"replay" | "verify"} [check]
   * @returns {Promise<GameSummary>} */
  load(record, check = "replay") { return this.call("load", { ...recordField(record), check }); }
  /** "Play from here": open a new game with entries 1..seq of `recordId` (seed kept exactly).
   * @param {string} recordId
   * @param {number} seq
   * @param {{newRecordId?: string, createdAt?: number}} [fields]
   * @returns {Promise<GameSummary>} */
  branch(recordId, seq, { newRecordId = randomHex(8), createdAt = Date.now() } = {}) {
    return this.call("branch", { record_id: recordId, seq, new_record_id: newRecordId, created_at: createdAt });
  }
  /** @param {string} recordId @returns {Promise<null>} */
  close(recordId) { return this.call("close", { record_id: recordId }); }
  /** @param {string} recordId @returns {Promise<GameSummary>} */
  summary(recordId) { return this.call("summary", { record_id: recordId }); }
  /** The moves `seat` may play now (the game's Move objects).
   * @param {string} recordId @param {number} seat @returns {Promise<any[]>} */
  legalMoves(recordId, seat) { return this.call("legal_moves", { record_id: recordId, seat }); }
  /**
   * @param {string} recordId
   * @param {number} seat
   * @param {any} move one of legalMoves'
   * @param {string} [moveId]
   * @returns {Promise<Played>}
   */
  play(recordId, seat, move, moveId = newMoveId(recordId)) {
    return this.call("play", { record_id: recordId, seat, move, move_id: moveId, device_id: this.deviceId, at: Date.now() });
  }
  /**
   * @param {string} recordId
   * @param {number} seat
   * @param {{toSeq?: number | null, bots?: number[], moveId?: string}} [fields]
   * @returns {Promise<Played>}
   */
  undo(recordId, seat, { toSeq = null, bots = [], moveId = newMoveId(recordId) } = {}) {
    return this.call("undo", { record_id: recordId, seat, to_seq: toSeq, bots, move_id: moveId, device_id: this.deviceId, at: Date.now() });
  }
  /** Why `seat` may not take back to `toSeq` (null: the undo target past the `bots`
   * seats' replies): null or {code, message, rule_id}.
   * @param {string} recordId
   * @param {number} seat
   * @param {{toSeq?: number | null, bots?: number[]}} [fields]
   * @returns {Promise<import("./protocol.js").Refusal | null>} */
  takebackRefusal(recordId, seat, { toSeq = null, bots = [] } = {}) {
    return this.call("takeback_refusal", { record_id: recordId, seat, to_seq: toSeq, bots });
  }
  /** @param {string} recordId @param {number} seq @returns {Promise<import("./protocol.js").StateReply>} */
  stateAt(recordId, seq) { return this.call("state_at", { record_id: recordId, seq }); }
  /** What `seat` sees (null: a spectator) at `seq` (null: now): the game's view.
   * @param {string} recordId @param {{seat?: number | null, seq?: number | null}} [fields] @returns {Promise<any>} */
  view(recordId, { seat = null, seq = null } = {}) { return this.call("view", { record_id: recordId, seat, seq }); }
  /** The open record: {record_json} or, with form "compact", {record_kifu} (a Uint8Array).
   * @param {string} recordId
   * @param {{seat?: number | null, redact?: boolean, form?: "json" | "compact"}} [fields]
   * @returns {Promise<RecordReply>} */
  record(recordId, { seat = null, redact = false, form = "json" } = {}) { return this.call("record", { record_id: recordId, seat, redact, form }); }
  /** The open record's entries after `since` (objects), whole or redacted for `seat`.
   * @param {string} recordId
   * @param {{since?: number, seat?: number | null, redact?: boolean}} [fields]
   * @returns {Promise<any[]>} */
  entries(recordId, { since = 0, seat = null, redact = false } = {}) { return this.call("entries", { record_id: recordId, since, seat, redact }); }
  /** A record (bytes or JSON text) in the other form, not opened: {record_kifu} | {record_json}.
   * @param {RecordData} record @param {"compact" | "json"} [form] @returns {Promise<RecordReply>} */
  convert(record, form = "compact") { return this.call("convert", { ...recordField(record), form }); }
  /** Replay and check every stored hash: null, or where the record diverges.
   * @param {RecordData} record @returns {Promise<any>} */
  verify(record) { return this.call("verify", recordField(record)); }
  /** @param {RecordData} record @returns {Promise<import("./protocol.js").HashesReply>} */
  hashes(record) { return this.call("hashes", recordField(record)); }
  /** Play a bot's move (the begun decision, if any): null when it has nothing to play.
   * @param {string} recordId
   * @param {{bot?: string, seat?: number | null, botSeed?: number, moveId?: string}} [fields]
   * @returns {Promise<Played | null>} */
  botStep(recordId, { bot = "random", seat = null, botSeed = 0, moveId = newMoveId(recordId) } = {}) {
    return this.call("bot_step", { record_id: recordId, bot, seat, bot_seed: botSeed, move_id: moveId, device_id: this.deviceId, at: Date.now() });
  }
  /** Begin a bot's decision to think in slices (an undo can stop it in between): {done, total}.
   * @param {string} recordId
   * @param {{bot?: string, seat?: number | null, botSeed?: number}} [fields]
   * @returns {Promise<Thinking>} */
  botBegin(recordId, { bot = "random", seat = null, botSeed = 0 } = {}) {
    return this.call("bot_begin", { record_id: recordId, bot, seat, bot_seed: botSeed });
  }
  /** @param {string} recordId @param {number} iterations @returns {Promise<Thinking>} */
  botThink(recordId, iterations) { return this.call("bot_think", { record_id: recordId, iterations }); }
  /** @param {string} recordId @returns {Promise<null>} */
  botCancel(recordId) { return this.call("bot_cancel", { record_id: recordId }); }
  /** One core.sync call (sync.js's SyncClient): `call` is core.sync.dispatch's name.
   * @param {string} call @param {Record<string, any>} args @returns {Promise<any>} */
  sync(call, args) { return this.call("sync", { call, args }); }
}
