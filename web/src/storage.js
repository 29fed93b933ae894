// IndexedDB through `idb`: the device's games, shared replays and settings.
//
// A game row (store "games", key `id` = the record id):
//   {id, game, kind: 'local' | 'hosted', title, names[], seatKinds[] ('human'|'bot'|'remote'),
//    takeback, record_kifu (local games and replays: the record in the compact form,
//    core/kernel/compact.py, a Uint8Array exactly as the engine wrote it: 20-65 bytes an
//    entry where its JSON took 300-575), seq (the number of entries), toMove[], over, outcome,
//    lastMoveAt, createdAt, branchOf, shareId,
//    sync: {state, ownerToken, serverTip, serverSeq, message},
//    hosted: {gameId, token, seat, invites[], view, legal[], seq, tipHash, and copies for
//             the screens of the sync client's queue and redacted record (web/engine/sync.js
//             holds the originals): pending[], rejected[], entries[]; recordKifu, the
//             full record (seed included) in the compact form once the game is over}}
//
// Rows written before the compact form hold `record_json` (the record's JSON text, record
// formats 1-3) instead: they open as they are (rowRecord) and are rewritten with
// `record_kifu` the next time the game is saved (sessions.js saved).
// The typedefs below say the same for `tsc` (web/tsconfig.json).
import { openDB } from 'idb';

/** @typedef {import('../engine/sync.js').ForkInfo} ForkInfo */
/** A row's copy of a queued move (rows written before the sync client kept their own
 * queue, with `expected_seq` for `based_on`).
 * @typedef {Omit<import('../engine/sync.js').Pending, 'based_on'> & {based_on?: number, expected_seq?: number}} RowPending */
/** A rejected hosted move as the screens show it: core.sync's Rejection, its move beside it.
 * @typedef {import('../engine/sync.js').Rejection & {move_id: string, move: any}} ShownRejection */
/** What the game's screen says until the player dismisses it.
 * @typedef {{kind: 'fork', parentSeq: string, detail: string} | {kind: 'refused', detail: string}} Notice */
/** A local record's backup on the server (sync.js syncLocal); a hosted game's notice.
 * @typedef {{state?: 'synced' | 'pending' | 'conflict', ownerToken?: string | null,
 *   remoteId?: string | null, serverSeq?: number, serverTip?: string | null,
 *   lines?: ForkInfo[], blocked?: string | null, notice?: Notice}} RowSync */
/** Would the server take this seat's undo now (its view's `undo`, server/API.md)?
 * @typedef {{allowed: boolean, code?: string, message?: string, rule_id?: string}} UndoState */
/** A hosted game's seat on this device, the server's view of it and copies of the sync
 * client's queue (web/engine/sync.js holds the originals).
 * @typedef {{gameId: string, token: string, seat: number, code?: string, invites?: any[],
 *   view?: any, legal?: any[], undo?: UndoState | null, seq?: number, tipHash?: string, toMove?: number[],
 *   over?: boolean, outcome?: any, pending?: RowPending[], rejected?: ShownRejection[],
 *   entries?: any[], blocked?: string | null, recordKifu?: Uint8Array,
 *   recordJson?: string}} HostedPart */
/** What every game row (store "games") has.
 * @typedef {{id: string, game: string, title?: string,
 *   names?: string[], seats?: number, seatKinds?: ('human' | 'bot' | 'remote')[],
 *   bots?: (string | null)[], botSeed?: number, takeback?: string,
 *   record_kifu?: Uint8Array, record_json?: string, seq?: number, toMove?: number[],
 *   over?: boolean, outcome?: any, lastMoveAt?: number, createdAt?: number,
 *   branchOf?: {id: string, seq: number}, shareId?: string, shown?: any,
 *   sync?: RowSync}} RowBase */
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

/** @type {Promise<import('idb').IDBPDatabase<KifuDB>> | null} */
let dbPromise = null;

function db() {
  if (!dbPromise) {
    dbPromise = openDB(DB_NAME, DB_VERSION, {
      upgrade(database) {
        const games = database.createObjectStore('games', { keyPath: 'id' });
        games.createIndex('lastMoveAt', 'lastMoveAt');
        database.createObjectStore('replays', { keyPath: 'shareId' });
        database.createObjectStore('settings');
      },
    });
  }
  return dbPromise;
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
  const rows = await (await db()).getAll('games');
  return rows.sort((a, b) => (b.lastMoveAt || b.createdAt || 0) - (a.lastMoveAt || a.createdAt || 0));
}

/** @param {string} id */
export async function getGame(id) {
  return (await db()).get('games', id);
}

/** @param {GameRow} row */
export async function putGame(row) {
  await (await db()).put('games', row);
  window.dispatchEvent(new CustomEvent('kifu:games-changed', { detail: { id: row.id } }));
  return row;
}

/** Read-modify-write one row inside a transaction: `change` edits the row in place (or
 * returns its replacement). Resolves to the row stored, or null when there is none.
 * @param {string} id
 * @param {(row: GameRow) => GameRow | void} change
 * @returns {Promise<GameRow | null>} */
export async function updateGame(id, change) {
  const database = await db();
  const tx = database.transaction('games', 'readwrite');
  const row = await tx.store.get(id);
  if (!row) {
    await tx.done;
    return null;
  }
  const next = change(row) || row;
  await tx.store.put(next);
  await tx.done;
  window.dispatchEvent(new CustomEvent('kifu:games-changed', { detail: { id } }));
  return next;
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
