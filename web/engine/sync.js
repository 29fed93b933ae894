// Sync glue: fetch + storage around core/sync.py (which decides what to send and how
// to rebase; it runs in the engine worker through the "sync" op).
//
//   const sync = new SyncClient({ engine, store });    // engine: an EngineClient; store: a SyncStore
//   await sync.joinHosted(gameId, seat, seatToken, { key });  // remember a hosted seat
//   await sync.queueMove(key, { seat, move, based_on: seq });  // persisted first
//   const { steps, state } = await sync.syncHosted(key);       // submit, pull, rebase
//   state.rejected  -> moves the server (or the engine) refused, each with its reason
//   await sync.markSeen(key, [moveId]);                        // the player dismissed them
//   await sync.syncLocal(recordId, record);                    // back up a local record (bytes or JSON text)
//   const stop = sync.live(key, onChange);                     // follow a hosted game (WebSocket)
//   const stop = sync.ring(key, (type, seq) => ...);          // just the doorbell: fetch yourself
//
// Everything the queue holds is stored *before* it is sent, so pending moves survive a
// reload or a crash; a move_id makes every resend idempotent. Where it is stored is the
// caller's: `store` (a SyncStore: the PWA keeps a seat's state in its game's row,
// web/src/storage.js syncStore), else an IndexedDB database of the client's own
// (`dbName`: idbStore, for pages other than the PWA). Pulls
// ask for the compact form (application/vnd.kifu.record, a third of the JSON's bytes
// or less) and hand its bytes to the engine, which checks that they chain onto the
// copy; hosted copies are kept as JSON text (seeds may exceed 2**53); a local record is passed in as
// the caller keeps it, compact bytes (uploaded as application/vnd.kifu.record) or JSON. Offline (fetch throws) just stops the
// round: call sync again when the browser says it is online (see watch()).

import { newMoveId, recordField } from "./protocol.js";

const COMPACT_TYPE = "application/vnd.kifu.record"; // core.kernel.compact.MEDIA_TYPE

// -- the shapes (core/sync.py's structs, as JSON; checked by `tsc`: web/tsconfig.json) --

/** @typedef {import("./client.js").EngineClient} EngineClient */
/** @typedef {import("./protocol.js").RecordData} RecordData */
/** A move (or take-back) made on this device that the server has not stored yet.
 * @typedef {{move_id: string, seat: number, based_on: number, kind?: "move" | "takeback",
 *   move?: any, to_seq?: number | null, device_id?: string, at?: number}} Pending */
/** A pending move that will not be stored, and why.
 * @typedef {{pending: Pending, code: string, message: string, rule_id: string,
 *   by: "server" | "local", after: string | null, seen: boolean}} Rejection */
/** What to send (`auth`: the token to use).
 * @typedef {{method: "GET" | "POST", path: string, body?: any, auth?: "seat" | "owner" | "none",
 *   move_id?: string | null, body_json?: string | null, body_kifu?: Uint8Array<ArrayBuffer> | null,
 *   accept?: string}} HttpRequest */
/** A reply as core.sync reads it: the body as text, or a compact record as bytes.
 * @typedef {{status: number, body: string, body_kifu?: Uint8Array}} HttpAnswer */
/** A hosted seat's sync state (joinHosted stores the first two fields only).
 * @typedef {{game_id: string, seat: number, pending?: Pending[], rejected?: Rejection[],
 *   blocked?: string | null, refetch?: boolean, behind?: boolean}} HostedState */
/** A line of a game on the server. @typedef {{record_id: string, seq: number, tip_hash: string}} ForkInfo */
/** A local record's backup state.
 * @typedef {{record_id: string, server_id?: string | null, owner_token?: string | null,
 *   acked_seq?: number, acked_tip?: string | null, uploads?: number, lines?: ForkInfo[],
 *   blocked?: string | null}} LocalState */
/** What a reply did (an "offline" step has no seq; a "forked" one says where the other
 * line left ours: parent_seq). @typedef {{event: string, detail: string, seq?: number, parent_seq?: number | null}} Step */
/** A hosted seat as stored (kind "hosted", under `key`).
 * @typedef {{key: string, gameId: string, token: string, state: HostedState, record_json: string | null}} HostedHeld */
/** A local record's backup as stored (kind "local", under its record id). @typedef {{state: LocalState}} LocalHeld */
/** @typedef {{offline: boolean, steps: Step[], state: HostedState, record_json: string | null}} HostedRound */
/** The requests core.sync named with a hosted step's reply, and the state (as JSON) and
 * copy they are for. @typedef {{state: string, record_json: string | null, next: HttpRequest | null, pull: HttpRequest}} Ahead */
/** @typedef {{offline: boolean, steps: Step[], state: LocalState}} LocalRound */
/** @typedef {"hosted" | "local"} StoreName */
/** Where a SyncClient keeps what it holds: hosted seats (kind "hosted", under their key)
 * and local records' backup states ("local", under the record id). `put` replaces what
 * is held under the key; a reply that changed nothing is not written.
 * @typedef {{get: (kind: StoreName, key: string) => Promise<any>,
 *   put: (kind: StoreName, key: string, value: HostedHeld | LocalHeld) => Promise<unknown>,
 *   delete: (kind: StoreName, key: string) => Promise<unknown>,
 *   list: (kind: StoreName) => Promise<any[]>, name?: string}} SyncStore */

const STORES = ["hosted", "local"];

/** A thrown value's message (or the value itself, as text). @param {any} err */
const errorText = (err) => String(err && err.message ? err.message : err);

/** @param {string} name @returns {Promise<IDBDatabase>} */
function openDb(name) {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      for (const store of STORES) {
        if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * One request in a transaction of its own; resolves to its result once committed.
 * @param {IDBDatabase} db
 * @param {StoreName} store
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} action
 * @returns {Promise<any>}
 */
function tx(db, store, mode, action) {
  return new Promise((resolve, reject) => {
    const t = db.transaction(store, mode);
    const request = action(t.objectStore(store));
    t.oncomplete = () => resolve(request.result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

/** A SyncStore of its own: IndexedDB database `name`, an object store per kind.
 * @param {string} name @returns {SyncStore} */
export function idbStore(name) {
  const db = openDb(name);
  /** @param {StoreName} kind @param {IDBTransactionMode} mode @param {(store: IDBObjectStore) => IDBRequest} action */
  const run = async (kind, mode, action) => tx(await db, kind, mode, action);
  return {
    name,
    get: (kind, key) => run(kind, "readonly", (s) => s.get(key)),
    put: (kind, key, value) => run(kind, "readwrite", (s) => s.put(value, key)),
    delete: (kind, key) => run(kind, "readwrite", (s) => s.delete(key)),
    list: (kind) => run(kind, "readonly", (s) => s.getAll()),
  };
}

/** Did a reply change nothing (then nothing is written)?
 * @param {HostedHeld} held @param {{state: HostedState, record_json: string | null}} out */
const unchanged = (held, out) =>
  out.record_json === held.record_json && JSON.stringify(out.state) === JSON.stringify(held.state);

export class SyncClient {
  /**
   * @param {{engine: import("./client.js").EngineClient, baseUrl?: string,
   *          fetch?: typeof fetch, store?: SyncStore, dbName?: string, deviceId?: string}} options
   *   `store`: where the client keeps its state; else its own IndexedDB database `dbName`
   */
  constructor({ engine, baseUrl = "", fetch: fetchImpl, store, dbName, deviceId = "" }) {
    if (!store && !dbName) throw new Error("SyncClient: give it a store, or a dbName for one of its own");
    this.engine = engine;
    this.baseUrl = baseUrl;
    this.fetch = fetchImpl || globalThis.fetch.bind(globalThis);
    this.deviceId = deviceId;
    /** @type {SyncStore} */
    this.store = store || idbStore(/** @type {string} */ (dbName));
    /** @type {Map<string, Promise<HostedRound>>} */
    this._running = new Map(); // one round per game at a time
    /** @type {Map<string, Promise<unknown>>} */
    this._locks = new Map(); // per game: the last state update queued
    /** @type {Map<string, Ahead>} */
    this._ahead = new Map(); // per game: the requests core.sync named with its last state
  }

  /** Keep the requests a hosted step's reply named (`next`, `pull`) with the state and
   * copy they were made for.
   * @param {string} key @param {{state: HostedState, next?: HttpRequest | null, pull?: HttpRequest}} out
   * @param {string | null} recordJson the copy after the step */
  _keepAhead(key, out, recordJson) {
    if (out.pull === undefined) return;
    this._ahead.set(key, { state: JSON.stringify(out.state), record_json: recordJson, next: out.next ?? null, pull: out.pull });
  }

  /** The request core.sync named for exactly this state and copy, else null: then the
   * engine is asked (the state changed elsewhere, e.g. another tab, or after a reload).
   * @param {string} key @param {HostedHeld} held @param {"next" | "pull"} which
   * @returns {{request: HttpRequest | null} | null} */
  _aheadOf(key, held, which) {
    const ahead = this._ahead.get(key);
    if (!ahead || ahead.record_json !== held.record_json || ahead.state !== JSON.stringify(held.state)) return null;
    return { request: ahead[which] };
  }

  /** A hosted seat's state; a seat never joined (or forgotten since) is an error.
   * @param {string} key @returns {Promise<HostedHeld>} */
  async _held(key) {
    const held = await this.store.get("hosted", key);
    if (!held) throw new Error(`no hosted game ${key}: joinHosted first`);
    return held;
  }

  /** Everything held in a store.
   * @param {StoreName} store @returns {Promise<any[]>} */
  async list(store) {
    return this.store.list(store);
  }

  /** @param {HttpRequest} request @param {string | null | undefined} token @returns {Promise<HttpAnswer>} */
  async _http(request, token) {
    /** @type {Record<string, string>} */
    const headers = { Accept: request.accept || "application/json" };
    const compact = request.body_kifu instanceof Uint8Array;
    const json = request.body_json !== null && request.body_json !== undefined;
    if (compact) headers["Content-Type"] = COMPACT_TYPE;
    else if (json) headers["Content-Type"] = "application/json";
    if (token && request.auth !== "none") headers.Authorization = `Bearer ${token}`;
    const response = await this.fetch(this.baseUrl + request.path, {
      method: request.method,
      headers,
      // The body as core.sync encoded it: a whole record's compact bytes, or JSON text
      // (a record's seed may exceed 2**53: it never goes through JSON.parse here).
      body: compact ? request.body_kifu : json ? request.body_json : undefined,
    });
    // A compact reply (a hosted pull: core.sync asks for it) goes to the engine as bytes.
    const type = (response.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
    if (type === COMPACT_TYPE) return { status: response.status, body: "", body_kifu: new Uint8Array(await response.arrayBuffer()) };
    return { status: response.status, body: await response.text() };
  }

  // -- hosted games ----------------------------------------------------------------

  /** Remember a seat. `key` names it in every other call (default: the game id; a
   * device holding two seats of one game gives each its own key).
   * @param {string} gameId
   * @param {number} seat
   * @param {string} token the seat's
   * @param {{key?: string}} [options]
   * @returns {Promise<HostedHeld>} */
  async joinHosted(gameId, seat, token, { key = gameId } = {}) {
    const held = await this.store.get("hosted", key);
    if (held) return held;
    /** @type {HostedHeld} */
    const entry = { key, gameId, token, state: { game_id: gameId, seat }, record_json: null };
    await this.store.put("hosted", key, entry);
    return entry;
  }

  /** @param {string} key @returns {Promise<HostedHeld | undefined>} */
  async hosted(key) {
    return this.store.get("hosted", key);
  }

  /** Drop what is held for a hosted seat or a local record ("hosted" | "local"): the
   * player deleted that game on this device.
   * @param {StoreName} store @param {string} key */
  async forget(store, key) {
    return this.store.delete(store, key);
  }

  /**
   * Run `fn(held)` alone among this game's state updates and store what it returns.
   * A round's fold and a queueMove in between must not both read, then write: the
   * later write would drop the other's change (a queued move lost).
   * @template R
   * @param {string} key
   * @param {(held: HostedHeld) => Promise<{held: HostedHeld, result?: R}>} fn
   * @returns {Promise<R | undefined>}
   */
  _update(key, fn) {
    const before = this._locks.get(key) || Promise.resolve();
    const next = before.then(async () => {
      const held = await this._held(key);
      const { held: after, result } = await fn(held);
      if (after !== held) await this.store.put("hosted", key, after);
      return result;
    });
    const settled = next.catch(() => {});
    this._locks.set(key, settled);
    settled.then(() => { if (this._locks.get(key) === settled) this._locks.delete(key); });
    return next;
  }

  /** Queue a move (or {kind: "takeback", to_seq}) and persist it before any send.
   * @param {string} key
   * @param {{seat: number, move?: any, kind?: "move" | "takeback", to_seq?: number | null,
   *          based_on: number, move_id?: string}} item
   * @returns {Promise<string>} the move's id */
  async queueMove(key, { seat, move = null, kind = "move", to_seq = null, based_on, move_id = newMoveId(key) }) {
    /** @type {Pending} */
    const item = { move_id, seat, kind, move, to_seq, based_on, device_id: this.deviceId, at: Date.now() };
    await this._update(key, async (held) => {
      const out = await this.engine.sync("hosted.queue", { state: held.state, item, record_json: held.record_json });
      this._keepAhead(key, out, held.record_json);
      return { held: { ...held, state: out.state } };
    });
    return move_id;
  }

  /** Mark rejections as seen (the player dismissed them): `moveIds`, or all (null).
   * @param {string} key @param {string[] | null} [moveIds] @returns {Promise<HostedState | undefined>} */
  markSeen(key, moveIds = null) {
    return this._update(key, async (held) => {
      const out = await this.engine.sync("hosted.seen", { state: held.state, move_ids: moveIds, record_json: held.record_json });
      this._keepAhead(key, out, held.record_json);
      return { held: { ...held, state: out.state }, result: out.state };
    });
  }

  /** Submit the queue in order, folding every answer in; pull first if needed. One
   * round per game at a time: a second call while one runs gets that round.
   * @param {string} key @param {{maxRequests?: number}} [options] @returns {Promise<HostedRound>} */
  syncHosted(key, { maxRequests = 50 } = {}) {
    const running = this._running.get(key);
    if (running) return running;
    const round = this._hostedRound(key, maxRequests).finally(() => this._running.delete(key));
    this._running.set(key, round);
    return round;
  }

  /** @param {string} key @param {number} maxRequests @returns {Promise<HostedRound>} */
  async _hostedRound(key, maxRequests) {
    /** @type {Step[]} */
    const steps = [];
    let held = await this._held(key);
    for (let i = 0; i < maxRequests; i++) {
      /** @type {{request: HttpRequest | null}} */
      const { request } =
        this._aheadOf(key, held, "next") || (await this.engine.sync("hosted.next", { state: held.state, record_json: held.record_json }));
      if (!request) break;
      let answer;
      try {
        answer = await this._http(request, held.token);
      } catch (err) {
        steps.push({ event: "offline", detail: errorText(err) });
        return { offline: true, steps, state: held.state, record_json: held.record_json };
      }
      const call = request.method === "GET" ? "hosted.pulled" : "hosted.reply";
      /** @type {Step} */
      const step = await this._update(key, async (current) => {
        const out = await this.engine.sync(call, {
          state: current.state,
          record_json: current.record_json,
          move_id: request.move_id || "",
          status: answer.status,
          body: answer.body,
          body_kifu: answer.body_kifu,
        });
        held = unchanged(current, out) ? current : { ...current, state: out.state, record_json: out.record_json };
        this._keepAhead(key, out, out.record_json);
        return { held, result: out.step };
      });
      steps.push(step);
      if (step.event === "retry" || step.event === "blocked") break;
      // Read afresh each time: moves queued while this round runs are sent by it.
      held = await this._held(key);
    }
    return { offline: false, steps, state: held.state, record_json: held.record_json };
  }

  /** Fetch what changed since the copy's last seq (e.g. after a live "entry" message).
   * @param {string} key
   * @returns {Promise<{state: HostedState, record_json: string | null, step: Step}>} */
  async pullHosted(key) {
    const held = await this._held(key);
    /** @type {{request: HttpRequest}} */
    const { request } = /** @type {{request: HttpRequest}} */ (
      this._aheadOf(key, held, "pull") || (await this.engine.sync("hosted.pull", { state: held.state, record_json: held.record_json }))
    );
    const answer = await this._http(request, held.token);
    return this._update(key, async (current) => {
      const out = await this.engine.sync("hosted.pulled", {
        state: current.state,
        record_json: current.record_json,
        status: answer.status,
        body: answer.body,
        body_kifu: answer.body_kifu,
      });
      this._keepAhead(key, out, out.record_json);
      return { held: unchanged(current, out) ? current : { ...current, state: out.state, record_json: out.record_json }, result: out };
    });
  }

  // -- local records ---------------------------------------------------------------

  /** Upload or append a local record (compact bytes, a Uint8Array, or JSON text); a
   * fork reply lists the other line in state.lines. Bytes go up compact, appends as JSON.
   * @param {string} recordId
   * @param {RecordData} record
   * @param {{maxRequests?: number}} [options]
   * @returns {Promise<LocalRound>} */
  async syncLocal(recordId, record, { maxRequests = 10 } = {}) {
    const given = recordField(record);
    /** @type {LocalHeld} */
    const held = (await this.store.get("local", recordId)) || { state: { record_id: recordId } };
    let state = held.state;
    /** @type {Step[]} */
    const steps = [];
    for (let i = 0; i < maxRequests; i++) {
      /** @type {{request: HttpRequest | null}} */
      const { request } = await this.engine.sync("local.next", { state, ...given });
      if (!request) break;
      let answer;
      try {
        answer = await this._http(request, state.owner_token);
      } catch (err) {
        steps.push({ event: "offline", detail: errorText(err) });
        return { offline: true, steps, state };
      }
      /** @type {{state: LocalState, step: Step}} */
      const out = await this.engine.sync("local.reply", {
        state,
        ...given,
        status: answer.status,
        body: answer.body,
      });
      state = out.state;
      await this.store.put("local", recordId, { state });
      steps.push(out.step);
      if (out.step.event === "blocked") break;
    }
    return { offline: false, steps, state };
  }

  /** Download another line of a game (a fork's other branch), checked, as record JSON text.
   * @param {ForkInfo} line @param {string | null | undefined} ownerToken @returns {Promise<string>} */
  async downloadLine(line, ownerToken) {
    const answer = await this._http({ method: "GET", path: `/api/records/${line.record_id}`, auth: "owner" }, ownerToken);
    if (answer.status !== 200) throw new Error(`download ${line.record_id}: HTTP ${answer.status}`);
    const { record_json } = await this.engine.sync("local.download", { state: {}, body: answer.body });
    return record_json;
  }

  /**
   * Call `onRing(type, seq)` on every message of a hosted game's live socket ("hello",
   * then "entry" per new entry, with its seq): the socket is only a doorbell, the caller
   * fetches what changed (nothing, when it already holds that seq: its own move's echo). Reconnects with backoff (1 s doubling to 30 s) until the returned stop
   * function is called; `stop.isOpen()` says whether the socket is up now.
   * @param {string} key
   * @param {(type: "hello" | "entry" | "table", seq?: number) => void} onRing
   * @returns {(() => void) & {isOpen: () => boolean}}
   */
  ring(key, onRing) {
    /** @type {WebSocket | null} */
    let socket = null;
    let stopped = false;
    let delay = 1000;
    const connect = async () => {
      const held = await this.store.get("hosted", key);
      if (stopped || !held) return;
      const base = new URL(this.baseUrl || globalThis.location.href, globalThis.location.href);
      base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
      const query = new URLSearchParams({ token: held.token });
      const open = new WebSocket(new URL(`/api/games/${held.gameId}/live?${query}`, base));
      socket = open;
      open.onopen = () => { delay = 1000; };
      open.onmessage = (event) => {
        /** @type {{type?: string, seq?: number}} */
        let message;
        try { message = JSON.parse(event.data); } catch { return; }
        const { type, seq } = message;
        if (type === "hello" || type === "entry" || type === "table") onRing(type, typeof seq === "number" ? seq : undefined);
      };
      open.onclose = () => {
        if (stopped) return;
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30000);
      };
    };
    connect();
    const stop = () => {
      stopped = true;
      if (socket) socket.close();
    };
    stop.isOpen = () => socket?.readyState === 1;
    return stop;
  }

  /**
   * Follow a hosted game live: on every ring pull what changed and submit what is
   * pending. `onChange({steps, state, record_json})`, or `onChange({error})`.
   * @param {string} key
   * @param {(change: HostedRound | {error: string}) => void} [onChange]
   */
  live(key, onChange = () => {}) {
    let chain = Promise.resolve();
    return this.ring(key, () => {
      chain = chain
        .then(async () => {
          const pulled = await this.pullHosted(key);
          const round = await this.syncHosted(key);
          return { ...round, steps: [pulled.step, ...round.steps] };
        })
        .then(onChange, (err) => onChange({ error: errorText(err) }));
    });
  }

  /** Sync every hosted game and local record again whenever the browser comes online.
   * @param {() => Promise<{recordId: string, recordJson: RecordData}[]>} [localRecords]
   * @returns {() => void} the unsubscribe */
  watch(localRecords = async () => []) {
    const again = async () => {
      for (const held of await this.list("hosted")) await this.syncHosted(held.key ?? held.gameId);
      for (const { recordId, recordJson } of await localRecords()) await this.syncLocal(recordId, recordJson);
    };
    globalThis.addEventListener("online", again);
    return () => globalThis.removeEventListener("online", again);
  }
}
