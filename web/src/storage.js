// IndexedDB through `idb`: the device's games, shared replays and settings. One database,
// 'kifu'; a game's record, what its screen shows and its sync state are one row, so a
// move is one write of one row.
//
// A game row (store "games", key `id` = the record id):
//   {id, game, kind: 'local' | 'hosted', title, names[], seatKinds[] ('human'|'bot'|'remote'),
//    takeback, record_kifu (local games and replays: the record in the compact form,
//    core/kernel/compact.py, a Uint8Array exactly as the engine wrote it: 20-65 bytes an
//    entry where its JSON took 300-575), seq (the number of entries), toMove[], over, outcome,
//    lastMoveAt, createdAt, branchOf, shareId, shown (the screen, for instant open),
//    reviewShared (its review went with the share), sharedReview (a shared replay's review),
//    replacedAt (when another device's longer line replaced its record: library.js),
//    hints ({seq, seat}: a hint shown to that seat at that position, sessions.js suggest),
//    guide ({title, step}: the guided first game's step while it runs, kit/guide.js; null after),
//    sync: a local record's backup, core.sync's LocalState as it is ({record_id, server_id,
//          owner_token, acked_seq, acked_tip, uploads, lines, blocked}), and `notice`,
//    hosted: {gameId, token, seat, invites[], view, legal[], undo, seq, tipHash (the seat's
//             view from the server), state (core.sync's HostedState: the queue `pending`,
//             `rejected`, `blocked`...), copyJson (the seat's redacted copy of the record,
//             JSON text), recordKifu (the full record, compact, once the game is over)}}
// web/engine/sync.js's SyncClient reads and writes `sync` and `hosted.state`/`copyJson`
// through `syncStore`; the screens read `hosted.pending`, `hosted.rejected` and
// `hosted.entries`, which are views of them (withReads: never stored).
//
// Older forms open as they are and are rewritten in this one on their next write:
// `record_json` (the record's JSON text, record formats 1-3) in place of `record_kifu`
// (rowRecord; sessions.js saved); a `sync` of {state, ownerToken, remoteId, serverSeq,
// serverTip, lines, blocked} and a hosted row's own queue `hosted.pending` (upgradeRow).
// The PWA before this kept the sync client's state in a database of its own,
// 'kifu-sync' (stores "hosted" and "local", keyed by the row id), and copies of it in the
// rows: on the first start of this one it is folded into the rows and deleted (foldOldSync).
// The typedefs below say the same for `tsc` (web/tsconfig.json).
import { openDB } from 'idb';

/** @typedef {import('../engine/sync.js').ForkInfo} ForkInfo */
/** @typedef {import('../engine/sync.js').Pending} Pending */
/** @typedef {import('../engine/sync.js').HostedState} HostedState */
/** @typedef {import('../engine/sync.js').LocalState} LocalState */
/** @typedef {import('../engine/sync.js').HostedHeld} HostedHeld */
/** @typedef {import('../engine/sync.js').LocalHeld} LocalHeld */
/** A rejected hosted move as the screens show it: core.sync's Rejection, its move beside it.
 * @typedef {import('../engine/sync.js').Rejection & {move_id: string, move: any}} ShownRejection */
/** What the game's screen says until the player dismisses it.
 * @typedef {{kind: 'fork', parentSeq: string, detail: string} | {kind: 'refused', detail: string}} Notice */
/** A local record's backup on the server (core.sync's LocalState); a hosted game's notice.
 * @typedef {Partial<LocalState> & {notice?: Notice}} RowSync */
/** A take-back waiting for the consent of the seats whose moves it undoes (the view's
 * `takeback_ask`, server/API.md).
 * @typedef {{ask_id: string, seat: number, to_seq: number, needs: number[], agreed: number[], expires_at: number}} TakebackAsk */
/** A seat at the table now (the view's `presence`): online while a device of its holds
 * the live socket, since when (ms; 0: unknown).
 * @typedef {{seat: number, online: boolean, since: number}} SeatPresence */
/** A table's clock (the view's `clock`): the time per move, what happens when it runs
 * out, and by when (unix ms) the seats to move must move (null: nobody now).
 * @typedef {{move_seconds: number, on_timeout: 'bot' | 'skip' | 'abandon', deadline: number | null}} TableClock */
/** The table ended because this seat ran out of time (the view's `abandoned`).
 * @typedef {{seat: number, at: number}} Abandoned */
/** Would the server take this seat's undo now (its view's `undo`, server/API.md)?
 * @typedef {{allowed: boolean, code?: string, message?: string, rule_id?: string, ask?: boolean, needs?: number[]}} UndoState */
/** A hosted game's seat on this device: the server's view of it, the sync state and the
 * seat's copy of the record; `pending`, `rejected` and `entries` read them (withReads).
 * @typedef {{gameId: string, token: string, seat: number, code?: string, invites?: any[],
 *   view?: any, legal?: any[], undo?: UndoState | null, ask?: TakebackAsk | null, claimed?: boolean[],
 *   presence?: SeatPresence[], clock?: TableClock | null, abandoned?: Abandoned | null,
 *   seq?: number, tipHash?: string, toMove?: number[],
 *   over?: boolean, outcome?: any, state: HostedState, copyJson?: string | null,
 *   readonly pending?: Pending[], rejected?: ShownRejection[], readonly entries?: any[],
 *   recordKifu?: Uint8Array, recordJson?: string}} HostedPart */
/** What every game row (store "games") has.
 * @typedef {{id: string, game: string, title?: string,
 *   names?: string[], seats?: number, seatKinds?: ('human' | 'bot' | 'remote')[],
 *   bots?: (string | null)[], botSeed?: number, takeback?: string,
 *   record_kifu?: Uint8Array, record_json?: string, seq?: number, toMove?: number[],
 *   over?: boolean, outcome?: any, lastMoveAt?: number, createdAt?: number,
 *   branchOf?: {id: string, seq: number}, shareId?: string, shown?: any,
 *   reviewShared?: boolean, sharedReview?: any, replacedAt?: number, hints?: {seq: number, seat: number}[],
 *   guide?: {title: string, step: number} | null, sync?: RowSync}} RowBase */
/** A game this device decides (or a replay). @typedef {RowBase & {kind: 'local' | 'replay', hosted?: undefined}} LocalRow */
/** A seat of a game the server decides. @typedef {RowBase & {kind: 'hosted', hosted: HostedPart}} HostedRow */
/** A game row. @typedef {LocalRow | HostedRow} GameRow */
/** A row's record as an engine op's field.
 * @typedef {{record_kifu: Uint8Array} | {record_json: string}} RowRecord */
/** The database's stores for `idb`.
 * @typedef {{games: {key: string, value: GameRow, indexes: {lastMoveAt: number}},
 *   replays: {key: string, value: {shareId: string} & Record<string, any>},
 *   settings: {key: string, value: any}}} KifuDB */

const DB_NAME = 'kifu';
const DB_VERSION = 1;
const OLD_SYNC_DB = 'kifu-sync'; // the sync client's own database, before this

/** @type {Promise<import('idb').IDBPDatabase<KifuDB>> | null} */
let dbPromise = null;

function db() {
  if (!dbPromise) {
    dbPromise = openKifu().then(async (database) => {
      await foldOldSync(database);
      return database;
    });
  }
  return dbPromise;
}

/** @returns {Promise<import('idb').IDBPDatabase<KifuDB>>} */
function openKifu() {
  return openDB(DB_NAME, DB_VERSION, {
    upgrade(database) {
      const games = database.createObjectStore('games', { keyPath: 'id' });
      games.createIndex('lastMoveAt', 'lastMoveAt');
      database.createObjectStore('replays', { keyPath: 'shareId' });
      database.createObjectStore('settings');
    },
  });
}

// -- the rows' older forms --------------------------------------------------------------

/** 'kifu-sync' when it is there, else null (never created here: a new database's
 * upgrade is aborted, and an aborted upgrade leaves no database).
 * @returns {Promise<IDBDatabase | null>} */
function openOldSync() {
  return new Promise((resolve) => {
    const request = indexedDB.open(OLD_SYNC_DB);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

/** Every value of an old store by its key. @param {IDBDatabase} old @param {string} name
 * @returns {Promise<Map<string, any>>} */
function oldEntries(old, name) {
  if (!old.objectStoreNames.contains(name)) return Promise.resolve(new Map());
  return new Promise((resolve, reject) => {
    const store = old.transaction(name).objectStore(name);
    const keys = store.getAllKeys();
    const values = store.getAll();
    values.onsuccess = () => resolve(new Map(keys.result.map((key, i) => [String(key), values.result[i]])));
    values.onerror = () => reject(values.error);
  });
}

/** The sync client's old database, folded into the rows, then deleted: a hosted seat's
 * entry becomes its row's `hosted.state` and `copyJson` (the row's copies of them go), a
 * local record's its row's `sync`. A row already in today's form is left as it is, so
 * a second run (two tabs starting at once, a crash before the delete) changes nothing.
 * @param {import('idb').IDBPDatabase<KifuDB>} database */
async function foldOldSync(database) {
  const old = await openOldSync();
  if (!old) return;
  const [hosted, local] = [await oldEntries(old, 'hosted'), await oldEntries(old, 'local')];
  old.close();
  const tx = database.transaction('games', 'readwrite');
  for (const row of await tx.store.getAll()) {
    if (upgradeRow(row, hosted.get(row.id), local.get(row.id))) await tx.store.put(row);
  }
  await tx.done;
  // Not awaited: a tab of the old PWA still open holds it, and the delete waits for it.
  indexedDB.deleteDatabase(OLD_SYNC_DB);
}

/** A rejection as the screens show it (its move beside it) as core.sync's Rejection.
 * @param {ShownRejection} shown @returns {import('../engine/sync.js').Rejection} */
function asRejection(shown) {
  return /** @type {any} */ (Object.fromEntries(Object.entries(shown).filter(([k]) => k !== 'move_id' && k !== 'move')));
}

/** A row of an older form in today's (in place): a hosted seat's queue, rejections and
 * copy as `hosted.state` and `copyJson`, from the old sync client's entry (`held`) or, with
 * none, from the row's own queue; a local record's backup as core.sync's LocalState, from
 * the old client's entry (`local`) or the row's own fields. Returns whether it changed.
 * @param {any} row
 * @param {HostedHeld} [held]
 * @param {LocalHeld} [local] */
export function upgradeRow(row, held, local) {
  let changed = false;
  const h = row?.kind === 'hosted' ? row.hosted : null;
  if (h && !h.state) {
    /** @type {Pending[]} */
    const pending = (h.pending || []).map((/** @type {any} */ p) => ({
      move_id: p.move_id, seat: p.seat ?? h.seat, based_on: p.based_on ?? p.expected_seq ?? 0, kind: p.kind || 'move',
      move: p.move ?? null, to_seq: p.to_seq ?? null, device_id: p.device_id || '', at: p.at || 0,
    }));
    const rejected = (h.rejected || []).filter((/** @type {any} */ r) => r.pending).map(asRejection);
    h.state = held?.state || { game_id: h.gameId, seat: h.seat, pending, rejected };
    h.copyJson = held?.record_json ?? null;
    for (const copy of ['pending', 'rejected', 'entries', 'blocked']) delete h[copy];
    changed = true;
  }
  const s = row?.sync;
  if (row?.kind === 'local' && !s?.record_id) {
    row.sync = {
      ...(local?.state || { server_id: s?.remoteId ?? null, owner_token: s?.ownerToken ?? null, acked_seq: s?.serverSeq ?? 0,
        acked_tip: s?.serverTip ?? null, lines: s?.lines ?? [], blocked: s?.blocked ?? null }),
      record_id: row.id,
      ...(s?.notice ? { notice: s.notice } : {}),
    };
    changed = true;
  }
  return changed;
}

// -- what the screens read of a hosted row's sync state ----------------------------------

let copyRead = { text: /** @type {string | null} */ (null), entries: /** @type {any[]} */ ([]) };

/** @type {Record<string, PropertyDescriptor & ThisType<HostedPart>>} */
const hostedReads = {
  pending: { get() { return this.state?.pending || []; } },
  rejected: {
    // ruleText reads code, rule_id and message; the notices name the move.
    get() { return (this.state?.rejected || []).map((r) => ({ ...r, move_id: r.pending.move_id, move: r.pending.move })); },
    /** @param {ShownRejection[]} list */
    set(list) {
      this.state = { ...this.state, rejected: list.map(asRejection) };
    },
  },
  entries: {
    get() {
      if (!this.copyJson) return [];
      if (copyRead.text !== this.copyJson) copyRead = { text: this.copyJson, entries: JSON.parse(this.copyJson).entries || [] };
      return copyRead.entries;
    },
  },
};

/** A row as the app reads it: in today's form (upgradeRow), a hosted row's `pending`,
 * `rejected` and `entries` views of its sync state (not enumerable: never stored).
 * @template {GameRow | null | undefined} R @param {R} row @returns {R} */
function withReads(row) {
  upgradeRow(row);
  if (row?.kind === 'hosted' && row.hosted) {
    for (const [name, read] of Object.entries(hostedReads)) {
      Object.defineProperty(row.hosted, name, { ...read, enumerable: false, configurable: true });
    }
  }
  return row;
}

/** A row's record as an engine op's field ({record_kifu} or {record_json}), or null
 * (a hosted game before its end: the device has no full record).
 * @param {GameRow | null | undefined} row
 * @returns {RowRecord | null} */
export function rowRecord(row) {
  if (row?.record_kifu) return { record_kifu: row.record_kifu };
  if (row?.record_json) return { record_json: row.record_json };
  if (row?.hosted?.recordKifu) return { record_kifu: row.hosted.recordKifu };
  if (row?.hosted?.recordJson) return { record_json: row.hosted.recordJson }; // kept as text before
  return null;
}

/** A finished hosted game whose full record is on this device (it opens as a replay).
 * @param {GameRow | null | undefined} row */
export function hostedFull(row) {
  return Boolean(row?.kind === 'hosted' && row.over && (row.hosted?.recordKifu || row.hosted?.recordJson));
}

/** Every game row, the last played first. */
export async function listGames() {
  const rows = (await (await db()).getAll('games')).map(withReads);
  return rows.sort((a, b) => (b.lastMoveAt || b.createdAt || 0) - (a.lastMoveAt || a.createdAt || 0));
}

/** @param {string} id */
export async function getGame(id) {
  return withReads(await (await db()).get('games', id));
}

/** @param {GameRow} row */
export async function putGame(row) {
  await (await db()).put('games', row);
  window.dispatchEvent(new CustomEvent('kifu:games-changed', { detail: { id: row.id } }));
  return withReads(row);
}

/** Read-modify-write one row inside a transaction: `change` edits the row in place (or
 * returns its replacement). Resolves to the row stored, or null when there is none.
 * @param {string} id
 * @param {(row: GameRow) => GameRow | void} change
 * @returns {Promise<GameRow | null>} */
export async function updateGame(id, change) {
  const database = await db();
  const tx = database.transaction('games', 'readwrite');
  const row = withReads(await tx.store.get(id));
  if (!row) {
    await tx.done;
    return null;
  }
  const next = change(row) || row;
  await tx.store.put(next);
  await tx.done;
  window.dispatchEvent(new CustomEvent('kifu:games-changed', { detail: { id } }));
  return withReads(next);
}

/** @param {string} id */
export async function deleteGame(id) {
  await (await db()).delete('games', id);
  window.dispatchEvent(new CustomEvent('kifu:games-changed', { detail: { id } }));
}

/** @param {string} shareId */
export async function getReplay(shareId) {
  return (await db()).get('replays', shareId);
}

/** @param {KifuDB['replays']['value']} row */
export async function putReplay(row) {
  return (await db()).put('replays', row);
}

/** A setting's value, or `fallback` when it was never set.
 * @param {string} key
 * @param {any} [fallback]
 * @returns {Promise<any>} */
export async function getSetting(key, fallback = null) {
  const value = await (await db()).get('settings', key);
  return value === undefined ? fallback : value;
}

/** @param {string} key @param {any} value */
export async function setSetting(key, value) {
  return (await db()).put('settings', value, key);
}

/** A stable id for this device (entries carry it as device_id).
 * @returns {Promise<string>} */
export async function deviceId() {
  let id = await getSetting('deviceId');
  if (!id) {
    id = `dev-${crypto.randomUUID().slice(0, 8)}`;
    await setSetting('deviceId', id);
  }
  return id;
}

// -- the sync client's store -------------------------------------------------------------

/** What the sync client holds of a row (web/engine/sync.js HostedHeld / LocalHeld).
 * @param {'hosted' | 'local'} kind @param {GameRow | null | undefined} row */
function heldOf(kind, row) {
  if (kind === 'hosted') {
    if (row?.kind !== 'hosted') return undefined;
    const h = row.hosted;
    return { key: row.id, gameId: h.gameId, token: h.token, state: h.state, record_json: h.copyJson ?? null };
  }
  if (row?.kind !== 'local') return undefined;
  const state = { ...row.sync, record_id: row.id };
  delete state.notice;
  return { state };
}

/** web/engine/sync.js's SyncStore over the game rows: a hosted seat's state and copy are
 * its row's `hosted.state` and `copyJson`, a local record's backup state its row's `sync`.
 * A put is one transaction of that row: a queued move is stored with the row it shows in
 * (and the row's lastMoveAt); a seat or record newly refused gets its notice in it.
 * @type {import('../engine/sync.js').SyncStore} */
export const syncStore = {
  async get(kind, key) {
    return heldOf(kind, await getGame(key));
  },
  async put(kind, key, value) {
    await updateGame(key, (row) => {
      const was = kind === 'hosted' ? row.hosted?.state : row.sync;
      const { state } = value;
      if (state.blocked && state.blocked !== was?.blocked) row.sync = { ...row.sync, notice: { kind: 'refused', detail: state.blocked } };
      if (kind === 'hosted' && row.kind === 'hosted' && 'record_json' in value) {
        const queued = Math.max(0, ...(/** @type {HostedState} */ (state).pending || []).map((p) => p.at || 0));
        if (queued > (row.lastMoveAt || 0)) row.lastMoveAt = queued; // a move made here
        row.hosted.state = /** @type {HostedState} */ (state);
        row.hosted.copyJson = value.record_json;
      } else if (kind === 'local' && row.kind === 'local') {
        row.sync = { ...state, record_id: row.id, ...(row.sync?.notice ? { notice: row.sync.notice } : {}) };
      }
    });
  },
  async delete(kind, key) {
    await updateGame(key, (row) => {
      if (kind === 'local' && row.kind === 'local') delete row.sync;
      else if (kind === 'hosted' && row.kind === 'hosted') Object.assign(row.hosted, { state: undefined, copyJson: null });
    });
  },
  async list(kind) {
    return (await listGames()).flatMap((row) => heldOf(kind, row) || []);
  },
};
