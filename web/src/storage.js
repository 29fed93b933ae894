// IndexedDB through `idb`: the device's games, shared replays and settings.
//
// A game row (store "games", key `id` = the record id):
//   {id, game, kind: 'local' | 'hosted', title, names[], seatKinds[] ('human'|'bot'|'remote'),
//    takeback, record_kifu (local games and replays: the record in the compact form,
//    core/kernel/compact.py, a Uint8Array exactly as the engine wrote it: 20-65 bytes an
//    entry where its JSON took 300-575), seq (the number of entries), toMove[], over, outcome,
//    lastMoveAt, createdAt, forkOf, shareId,
//    sync: {state, ownerToken, serverTip, serverSeq, message},
//    hosted: {gameId, token, seat, invites[], view, legal[], seq, tipHash, and copies for
//             the screens of the sync client's queue and redacted record (web/engine/sync.js
//             holds the originals): pending[], rejected[], entries[]; recordKifu, the
//             full record (seed included) in the compact form once the game is over}}
//
// Rows written before the compact form hold `record_json` (the record's JSON text, record
// formats 1-3) instead: they open as they are (rowRecord) and are rewritten with
// `record_kifu` the next time the game is saved (sessions.js saved).
import { openDB } from 'idb';

const DB_NAME = 'kifu';
const DB_VERSION = 1;

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
 * (a hosted game before its end: the device has no full record). */
export function rowRecord(row) {
  if (row?.record_kifu) return { record_kifu: row.record_kifu };
  if (row?.record_json) return { record_json: row.record_json };
  if (row?.hosted?.recordKifu) return { record_kifu: row.hosted.recordKifu };
  if (row?.hosted?.recordJson) return { record_json: row.hosted.recordJson }; // kept as text before
  return null;
}

/** A finished hosted game whose full record is on this device (it opens as a replay). */
export function hostedFull(row) {
  return Boolean(row?.kind === 'hosted' && row.over && (row.hosted?.recordKifu || row.hosted?.recordJson));
}

export async function listGames() {
  const rows = await (await db()).getAll('games');
  return rows.sort((a, b) => (b.lastMoveAt || b.createdAt || 0) - (a.lastMoveAt || a.createdAt || 0));
}

export async function getGame(id) {
  return (await db()).get('games', id);
}

export async function putGame(row) {
  await (await db()).put('games', row);
  window.dispatchEvent(new CustomEvent('kifu:games-changed', { detail: { id: row.id } }));
  return row;
}

/** Read-modify-write one row inside a transaction. */
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

export async function deleteGame(id) {
  await (await db()).delete('games', id);
  window.dispatchEvent(new CustomEvent('kifu:games-changed', { detail: { id } }));
}

export async function getReplay(shareId) {
  return (await db()).get('replays', shareId);
}

export async function putReplay(row) {
  return (await db()).put('replays', row);
}

export async function getSetting(key, fallback = null) {
  const value = await (await db()).get('settings', key);
  return value === undefined ? fallback : value;
}

export async function setSetting(key, value) {
  return (await db()).put('settings', value, key);
}

/** A stable id for this device (entries carry it as device_id). */
export async function deviceId() {
  let id = await getSetting('deviceId');
  if (!id) {
    id = `dev-${crypto.randomUUID().slice(0, 8)}`;
    await setSetting('deviceId', id);
  }
  return id;
}
