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

export class EngineClient {
  /**
   * @param {{workerUrl?: string | URL, pyodideBase?: string, bare?: boolean,
   *          snapshot?: boolean, register?: {module: string, source: string}[],
   *          onProgress?: (p: import("./protocol.js").Progress) => void,
   *          deviceId?: string}} options
   */
  constructor(options = {}) {
    const workerUrl = options.workerUrl || new URL("./worker.js", import.meta.url);
    this.worker = new Worker(workerUrl, { type: "module" });
    this.deviceId = options.deviceId || "";
    this.progress = [];
    this._next = 1;
    this._pending = new Map();
    this.worker.onmessage = (event) => this._receive(event.data, options.onProgress);
    this.worker.onerror = (event) => {
      const error = new Error(`engine worker failed: ${event.message || "error"}`);
      for (const { reject } of this._pending.values()) reject(error);
      this._pending.clear();
    };
    this.ready = this._send({
      type: "boot",
      pyodideBase: options.pyodideBase || "/pyodide/",
      bare: !!options.bare,
      snapshot: options.snapshot !== false,
      register: options.register || [],
    });
  }

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

  _send(msg) {
    const id = this._next++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Run one core.browser op (protocol.js OPS). Rejects with EngineError. */
  call(op, args = {}) {
    checkCall(op, args);
    return this._send({ type: "call", op, args });
  }

  /** Tests and benchmarks: run Python in the worker, get str() of the result. */
  eval(code) {
    return this._send({ type: "eval", code });
  }

  terminate() {
    this.worker.terminate();
  }

  // -- the ops, by name ------------------------------------------------------------

  hello() { return this.call("hello"); }
  catalogue() { return this.call("catalogue"); }

  newGame({ game, seats, seed = newSeed(), recordId = randomHex(8), options = {}, takeback = "casual", createdAt = Date.now() }) {
    return this.call("new", { game, seats, seed, record_id: recordId, options, takeback, created_at: createdAt });
  }
  /** Open a record: compact bytes (Uint8Array) or JSON text. */
  load(record, check = "replay") { return this.call("load", { ...recordField(record), check }); }
  /** "Play from here": open a new game with entries 1..seq of `recordId` (seed kept exactly). */
  branch(recordId, seq, { newRecordId = randomHex(8), createdAt = Date.now() } = {}) {
    return this.call("branch", { record_id: recordId, seq, new_record_id: newRecordId, created_at: createdAt });
  }
  close(recordId) { return this.call("close", { record_id: recordId }); }
  summary(recordId) { return this.call("summary", { record_id: recordId }); }
  legalMoves(recordId, seat) { return this.call("legal_moves", { record_id: recordId, seat }); }
  play(recordId, seat, move, moveId = newMoveId(recordId)) {
    return this.call("play", { record_id: recordId, seat, move, move_id: moveId, device_id: this.deviceId, at: Date.now() });
  }
  undo(recordId, seat, { toSeq = null, bots = [], moveId = newMoveId(recordId) } = {}) {
    return this.call("undo", { record_id: recordId, seat, to_seq: toSeq, bots, move_id: moveId, device_id: this.deviceId, at: Date.now() });
  }
  /** Why `seat` may not take back to `toSeq` (null: the undo target past the `bots`
   * seats' replies): null or {code, message, rule_id}. */
  takebackRefusal(recordId, seat, { toSeq = null, bots = [] } = {}) {
    return this.call("takeback_refusal", { record_id: recordId, seat, to_seq: toSeq, bots });
  }
  stateAt(recordId, seq) { return this.call("state_at", { record_id: recordId, seq }); }
  view(recordId, { seat = null, seq = null } = {}) { return this.call("view", { record_id: recordId, seat, seq }); }
  /** The open record: {record_json} or, with form "compact", {record_kifu} (a Uint8Array). */
  record(recordId, { seat = null, redact = false, form = "json" } = {}) { return this.call("record", { record_id: recordId, seat, redact, form }); }
  /** The open record's entries after `since` (objects), whole or redacted for `seat`. */
  entries(recordId, { since = 0, seat = null, redact = false } = {}) { return this.call("entries", { record_id: recordId, since, seat, redact }); }
  /** A record (bytes or JSON text) in the other form, not opened: {record_kifu} | {record_json}. */
  convert(record, form = "compact") { return this.call("convert", { ...recordField(record), form }); }
  verify(record) { return this.call("verify", recordField(record)); }
  hashes(record) { return this.call("hashes", recordField(record)); }
  botStep(recordId, { bot = "random", seat = null, botSeed = 0, moveId = newMoveId(recordId) } = {}) {
    return this.call("bot_step", { record_id: recordId, bot, seat, bot_seed: botSeed, move_id: moveId, device_id: this.deviceId, at: Date.now() });
  }
  /** Begin a bot's decision to think in slices (an undo can stop it in between): {done, total}. */
  botBegin(recordId, { bot = "random", seat = null, botSeed = 0 } = {}) {
    return this.call("bot_begin", { record_id: recordId, bot, seat, bot_seed: botSeed });
  }
  botThink(recordId, iterations) { return this.call("bot_think", { record_id: recordId, iterations }); }
  botCancel(recordId) { return this.call("bot_cancel", { record_id: recordId }); }
  sync(call, args) { return this.call("sync", { call, args }); }
}
