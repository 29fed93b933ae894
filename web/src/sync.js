// Reconciliation with the server, and the sync status every screen shows.
//
// Local games (this device is the authority): the record is uploaded (POST /api/records,
// in the compact form the row keeps: application/vnd.kifu.record) and later entries appended (POST /api/records/{id}/entries) from the last tip the
// server confirmed. A "forked" answer means another device extended the same prefix
// first: the server kept both, this device's branch under a new id — nothing is lost;
// the game shows a notice until the player dismisses it.
//
// Hosted games (the server decides): the queue is web/engine/sync.js's SyncClient's
// (core.sync decides; moves made offline are persisted before any send, sent in order
// against the seq this device last saw, and one the server rejects leaves the queue
// with its reason). The client keeps it in the game's row (storage.js syncStore:
// hosted.state and the seat's redacted copy, hosted.copyJson), which the screens read —
// hosted.pending, hosted.rejected (unseen until dismissed), hosted.entries — beside the
// seat's view from GET /api/games/{id}/view: the device has no seed, so the server says
// what it sees. One sync of a game runs at a time (syncHosted).
import * as store from './storage.js';
import { api, ApiError } from './api.js';
import { seedText } from './jsontext.js';
import { t } from './i18n.js';
import { cachedCatalogue, gameTitle } from './catalogue.js';
import { noticeTurn } from './notify.js';
import { engineClient } from './engine.js';
import { saveLineRow } from './records.js';
import { syncLibrary } from './library.js';

/** @typedef {import('./storage.js').GameRow} GameRow */
/** @typedef {import('./storage.js').HostedRow} HostedRow */
/** @typedef {import('../engine/sync.js').SyncClient} SyncClient */
/** @typedef {import('./storage.js').UndoState} UndoState */
/** @typedef {import('./storage.js').TakebackAsk} TakebackAsk */
/** @typedef {import('./storage.js').SeatPresence} SeatPresence */
/** The overall state the badge shows.
 * @typedef {{state: 'empty' | 'synced' | 'pending' | 'offline' | 'conflict', pending: number,
 *   conflicts: number, online: boolean}} SyncStatus */
/** A seat's view as the server answers it (server/API.md `GET /api/games/{id}/view`).
 * @typedef {{seq: number, tip_hash: string, seat: number | null, to_move: number[], view: any,
 *   legal_moves: any[], outcome: any, over: boolean, names?: string[],
 *   undo?: UndoState | null, takeback_ask?: TakebackAsk | null, claimed?: boolean[],
 *   presence?: SeatPresence[], clock?: TableClock | null, abandoned?: Abandoned | null}} ViewResponse */
/** @typedef {import('./storage.js').TableClock} TableClock */
/** @typedef {import('./storage.js').Abandoned} Abandoned */

let online = navigator.onLine;
/** @type {Set<(status: SyncStatus) => void>} */
const listeners = new Set();
// 'empty': nothing on this device to sync yet (no badge claims "synced" about nothing)
/** @type {SyncStatus} */
let status = { state: 'empty', pending: 0, conflicts: 0, online };

/** Call `fn` with the status now and on every change; returns the unsubscribe.
 * @param {(status: SyncStatus) => void} fn */
export function onSyncStatus(fn) {
  listeners.add(fn);
  fn(status);
  return () => listeners.delete(fn);
}

/** @param {SyncStatus} next */
function emit(next) {
  status = next;
  for (const fn of listeners) fn(status);
}

export function isOnline() {
  return online;
}

/** Count what waits and what conflicts, and publish the overall state. */
export async function recomputeStatus() {
  const rows = await store.listGames();
  let pending = 0;
  let conflicts = 0;
  for (const row of rows) {
    if (row.kind === 'local') pending += Math.max(0, (row.seq || 0) - (row.sync?.acked_seq || 0)) + (row.sync?.owner_token ? 0 : row.seq === 0 ? 1 : 0);
    if (row.kind === 'hosted') pending += (row.hosted?.pending || []).length;
    if (row.sync?.notice || (row.hosted?.rejected || []).some((r) => !r.seen)) conflicts++;
  }
  const state = conflicts ? 'conflict' : !online ? 'offline' : pending ? 'pending' : rows.length ? 'synced' : 'empty';
  emit({ state, pending, conflicts, online });
}

/** `fn` run one at a time: a call while it runs gets that run, which then goes once
 * more (what was asked for meanwhile is done by it, never by a second run beside it).
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {() => Promise<T>} */
export function coalesced(fn) {
  /** @type {Promise<T> | null} */
  let run = null;
  let again = false;
  return () => {
    if (run) {
      again = true;
      return run;
    }
    run = (async () => {
      try {
        let out;
        do {
          again = false;
          out = await fn();
        } while (again);
        return out;
      } finally {
        run = null;
      }
    })();
    return run;
  };
}

/** Sync every game (one round at a time). */
export const requestSync = coalesced(() => syncAll());

// The player's list costs the server a look at each listed game: asked for every
// 15 s, not at every 5-second round, and at once on `requestLibrary`.
const LIBRARY_EVERY_MS = 15000;
let libraryAt = 0;
let libraryAsked = false;

/** A sync round that also brings the player's list (a device just linked; Kifu again
 * in front: what the player did on their other device shows at once). */
export function requestLibrary() {
  libraryAsked = true;
  return requestSync();
}

async function syncAll() {
  const rows = await store.listGames();
  let reached = true;
  for (const row of rows) {
    try {
      if (row.kind === 'local') await syncLocal(row);
      else if (row.kind === 'hosted' && !store.hostedFull(row)) await syncHosted(row.id); // finished: nothing changes
      setOnline(true);
    } catch (err) {
      if (err instanceof ApiError && err.offline) {
        setOnline(false);
        reached = false;
        break;
      }
      console.warn('sync', row.id, err);
    }
  }
  // The player's other devices' games, and theirs of this device's (library.js): every
  // LIBRARY_EVERY_MS, and at once when asked (a device just linked, Kifu back in front).
  if (reached && (libraryAsked || Date.now() - libraryAt >= LIBRARY_EVERY_MS)) {
    libraryAsked = false;
    libraryAt = Date.now();
    await syncLibrary(async (recordId, token) => (await syncClient()).downloadLine({ record_id: recordId, seq: 0, tip_hash: '' }, token))
      .catch((err) => (err instanceof ApiError && err.offline ? setOnline(false) : console.warn('library', err)));
  }
  await recomputeStatus();
}

/** @param {boolean} value */
function setOnline(value) {
  if (!navigator.onLine) value = false;
  if (online !== value) {
    online = value;
    window.dispatchEvent(new CustomEvent('kifu:online', { detail: { online } }));
  }
}

/** @type {Promise<SyncClient> | null} */
let syncClientPromise = null;
// Served by the server beside the app, never bundled (as engine.js's client.js).
const SYNC_URL = '/engine/sync.js';

/** web/engine/sync.js's SyncClient: core.sync decides what to send and folds replies.
 * @returns {Promise<SyncClient>} */
function syncClient() {
  if (!syncClientPromise) {
    syncClientPromise = (async () => {
      /** @type {[typeof import('../engine/sync.js'), import('../engine/client.js').EngineClient, string]} */
      const [{ SyncClient }, engine, device] = await Promise.all([
        import(/* @vite-ignore */ SYNC_URL),
        engineClient(),
        store.deviceId(),
      ]);
      return new SyncClient({ engine, deviceId: device, store: store.syncStore });
    })().catch((err) => {
      syncClientPromise = null;
      throw err;
    });
  }
  return syncClientPromise;
}

/** Back up a local record: upload once, then append (the client keeps its state in the
 * row, storage.js syncStore); a fork becomes a notice.
 * @param {GameRow} row */
async function syncLocal(row) {
  const sync = row.sync || {};
  const entries = row.seq || 0; // the record's entry count, kept with it (sessions.js saved)
  if (sync.owner_token && (sync.acked_seq || 0) >= entries) return;
  if (sync.blocked) return; // refused by the server: the notice says why
  const record = store.rowRecord(row);
  if (!record) return;
  const client = await syncClient();
  // compact bytes, or the JSON text of a row saved before them: core.sync reads either
  const out = await client.syncLocal(row.id, 'record_kifu' in record ? record.record_kifu : record.record_json);
  if (out.offline) throw new ApiError(0, { code: 'offline', detail: 'server unreachable' });
  const fork = out.steps.filter((step) => step.event === 'forked').pop();
  if (!fork) return;
  await store.updateGame(row.id, (r) => {
    r.sync = { ...r.sync, notice: { kind: 'fork', parentSeq: String(fork.parent_seq ?? '?'), detail: fork.detail } };
  });
}

/** @param {unknown} err */
function isOffline(err) {
  // fetch rejects with a TypeError when the network is down; api() says so itself.
  return (err instanceof ApiError && err.offline) || err instanceof TypeError;
}

/** Call `onRing(type, seq)` on every message of this hosted row's live socket
 * (SyncClient `ring`; an entry's with its seq). Resolves to the stop function
 * (`stop.isOpen()`: is the socket up now).
 * @param {string} id
 * @param {(type: 'hello' | 'entry' | 'table', seq?: number) => void} onRing */
export async function followHosted(id, onRing) {
  return (await syncClient()).ring(id, onRing);
}

/** The hosted row `id`; one deleted meanwhile (or not hosted) is an error.
 * @param {string} id
 * @returns {Promise<HostedRow>} */
async function hostedRow(id) {
  const row = await store.getGame(id);
  if (row?.kind !== 'hosted') throw new Error(`no hosted game ${id} on this device`);
  return row;
}

/** Queue a move ({move} or {kind: 'takeback', to_seq}) of this row's seat; persisted
 * before anything is sent. Returns the row, its pending list updated.
 * @param {string} id
 * @param {{move?: any, kind?: 'move' | 'takeback', to_seq?: number | null, move_id?: string}} item
 * @returns {Promise<GameRow | undefined>} */
export async function queueHosted(id, { move = null, kind = 'move', to_seq = null, move_id }) {
  const row = await hostedRow(id);
  // one write of the row: the queue, and with it what the screens show (and lastMoveAt);
  // the badge follows the row (startSyncLoop: kifu:games-changed)
  await (await syncClient()).queueMove(id, { seat: row.hosted.seat, move, kind, to_seq, based_on: row.hosted.seq || 0, move_id });
  return store.getGame(id);
}

/** @type {Map<string, () => Promise<GameRow | null | undefined>>} */
const hostedRuns = new Map(); // row id -> its coalesced sync: one per game at a time

/** Send this hosted game's queue, pull what changed, fetch its view. Returns the row.
 * A call while one runs gets that run, which goes once more (a move queued meanwhile
 * is sent by it, never by a second round beside it).
 * @param {string} id */
export function syncHosted(id) {
  let run = hostedRuns.get(id);
  if (!run) hostedRuns.set(id, (run = coalesced(() => hostedOnce(id))));
  return run();
}

/** @param {string} id @returns {Promise<GameRow | null | undefined>} */
async function hostedOnce(id) {
  /** @type {GameRow | null | undefined} */
  let row = await store.getGame(id);
  if (!row || row.kind !== 'hosted') return row;
  const before = row;
  const h = row.hosted;
  const client = await syncClient();
  /** @type {ViewResponse} */
  let view;
  /** @type {string | null} */
  let copy;
  try {
    const round = await client.syncHosted(id);
    if (round.offline) throw new ApiError(0, { code: 'offline', detail: 'server unreachable' });
    // Entries the queue did not bring (other seats, the server's bots); once the game
    // is over the next pull fetches its full record (seed included).
    let pulled = await client.pullHosted(id);
    if (pulled.state.refetch) pulled = await client.pullHosted(id);
    copy = pulled.record_json;
    ({ data: view } = await api('GET', `/api/games/${h.gameId}/view`, { token: h.token }));
  } catch (err) {
    if (!isOffline(err)) throw err;
    await recomputeStatus();
    throw new ApiError(0, { code: 'offline', detail: 'server unreachable' });
  }
  // Over: the full record is public; kept compact it opens in the engine (scrubbing,
  // branching, export). The sync client keeps its own copy (JSON text).
  const full = view.over && copy && seedText(copy) !== null && !store.hostedFull(row) ? await compactOf(copy) : null;
  row = await store.updateGame(id, (r) => {
    if (r.kind !== 'hosted') return r;
    Object.assign(r.hosted, {
      seq: view.seq,
      tipHash: view.tip_hash,
      toMove: view.to_move,
      view: view.view,
      legal: view.legal_moves || [],
      undo: view.undo ?? null,
      ask: view.takeback_ask ?? null,
      claimed: view.claimed || [],
      presence: view.presence || [],
      clock: view.clock ?? null,
      abandoned: view.abandoned ?? null,
      over: view.over,
      outcome: view.outcome ?? null,
    });
    if (full) {
      r.hosted.recordKifu = full;
      delete r.hosted.recordJson;
    }
    // A guest's name arrives when they join; a seat with none keeps this device's.
    if (view.names) r.names = view.names.map((name, seat) => name || r.names?.[seat] || '');
    r.seq = view.seq;
    r.toMove = view.to_move;
    r.over = view.over;
    r.outcome = view.outcome ?? null;
    return r;
  });
  if (row) noticeTurn(before, row).catch((err) => console.warn('notify', id, err));
  return row;
}

/** A record's JSON text in the compact form (the engine's `convert`), or null when the
 * engine cannot read it (then the game stays hosted and the next round tries again).
 * @param {string} recordJson
 * @returns {Promise<Uint8Array | null>} */
async function compactOf(recordJson) {
  try {
    return (await (await engineClient()).call('convert', { record_json: recordJson, form: 'compact' })).record_kifu;
  } catch (err) {
    console.warn('compact', err);
    return null;
  }
}

/** The player dismissed the notices: a fork's or refusal's, and the rejected moves
 * (all of them, or those of `moveIds`; they stay in the client as seen).
 * @param {string} id
 * @param {string[] | null} [moveIds] */
export async function dismissNotice(id, moveIds = null) {
  const row = await store.getGame(id);
  if (row?.kind === 'hosted' && row.hosted.rejected?.some((r) => !r.seen)) await (await syncClient()).markSeen(id, moveIds);
  if (row?.sync?.notice && !moveIds) {
    await store.updateGame(id, (r) => {
      if (r.sync) delete r.sync.notice;
    });
  }
  await recomputeStatus();
}

/** The badge's words for a status. @param {SyncStatus} st */
export function statusText(st) {
  if (st.state === 'conflict') return t('sync.conflict', { n: st.conflicts });
  if (st.state === 'offline') return st.pending ? t('sync.offlinePending', { n: st.pending }) : t('sync.offline');
  if (st.state === 'pending') return t('sync.pending', { n: st.pending });
  return t('sync.synced');
}

export function startSyncLoop() {
  window.addEventListener('online', () => {
    online = true;
    requestSync();
  });
  window.addEventListener('offline', () => {
    online = false;
    recomputeStatus();
  });
  window.addEventListener('kifu:games-changed', () => recomputeStatus());
  setInterval(() => requestSync(), 5000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') requestLibrary();
  });
  requestSync();
}

/** A fork's other line (what the other device played), downloaded and checked by the
 * engine, stored as a game of its own on this device. Returns the new row's id.
 * @param {GameRow} row
 * @returns {Promise<string>} */
export async function openOtherLine(row) {
  const lines = row.sync?.lines || [];
  const line = lines[lines.length - 1];
  const ownerToken = row.sync?.owner_token;
  if (!line) throw new Error('no other line');
  const client = await syncClient();
  const recordJson = await client.downloadLine(line, ownerToken);
  // Its record id is the original's (this device's own line moved to the fork's id on
  // the server), so the row gets an id of its own.
  // The other line lives on the server already, under the same owner.
  return saveLineRow(recordJson, {
    id: `${row.id}~line-${line.record_id}`,
    title: t('sync.forkTitle', { title: row.title || gameTitle(await cachedCatalogue(), row.game) }),
    seatKinds: row.seatKinds,
    names: row.names,
    bots: row.bots,
  }, { serverId: line.record_id, token: ownerToken, seq: line.seq, tip: line.tip_hash });
}
