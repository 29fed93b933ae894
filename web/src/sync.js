// Reconciliation with the server, and the sync status every screen shows.
//
// Local games (this device is the authority): the record is uploaded (POST /api/records)
// and later entries appended (POST /api/records/{id}/entries) from the last tip the
// server confirmed. A "forked" answer means another device extended the same prefix
// first: the server kept both, this device's branch under a new id — nothing is lost;
// the game shows a notice until the player dismisses it.
//
// Hosted games (the server decides): moves made offline wait in `hosted.pending` and
// are sent in order with expected_seq null (rebased on whatever the server has). A move
// the server rejects is dropped from the queue, kept in `hosted.rejected` with the
// rule's wording, and shown.
import * as store from './storage.js';
import { api, ApiError } from './api.js';
import { rawField } from './jsontext.js';
import { t } from './i18n.js';
import { engineClient } from './engine.js';

let online = navigator.onLine;
let running = null;
let again = false;
const listeners = new Set();
let status = { state: 'synced', pending: 0, conflicts: 0, online };

export function onSyncStatus(fn) {
  listeners.add(fn);
  fn(status);
  return () => listeners.delete(fn);
}

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
    if (row.kind === 'local') pending += Math.max(0, (row.seq || 0) - (row.sync?.serverSeq || 0)) + (row.sync?.ownerToken ? 0 : row.seq === 0 ? 1 : 0);
    if (row.kind === 'hosted') pending += (row.hosted?.pending || []).length;
    if (row.sync?.notice || (row.hosted?.rejected || []).some((r) => !r.seen)) conflicts++;
  }
  const state = conflicts ? 'conflict' : !online ? 'offline' : pending ? 'pending' : 'synced';
  emit({ state, pending, conflicts, online });
}

export function requestSync() {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await syncAll();
    } while (again);
    running = null;
  })();
  return running;
}

async function syncAll() {
  const rows = await store.listGames();
  for (const row of rows) {
    try {
      if (row.kind === 'local') await syncLocal(row);
      else if (row.kind === 'hosted') await syncHosted(row.id);
      setOnline(true);
    } catch (err) {
      if (err instanceof ApiError && err.offline) {
        setOnline(false);
        break;
      }
      console.warn('sync', row.id, err);
    }
  }
  await recomputeStatus();
}

function setOnline(value) {
  if (!navigator.onLine) value = false;
  if (online !== value) {
    online = value;
    window.dispatchEvent(new CustomEvent('kifu:online', { detail: { online } }));
  }
}

let syncClientPromise = null;

/** web/engine/sync.js's SyncClient: core.sync decides what to send and folds replies. */
function syncClient() {
  if (!syncClientPromise) {
    syncClientPromise = (async () => {
      const [{ SyncClient }, engine, device] = await Promise.all([
        import(/* @vite-ignore */ '/engine/sync.js'),
        engineClient(),
        store.deviceId(),
      ]);
      return new SyncClient({ engine, deviceId: device });
    })().catch((err) => {
      syncClientPromise = null;
      throw err;
    });
  }
  return syncClientPromise;
}

/** Back up a local record: upload once, then append; forks and refusals become notices. */
async function syncLocal(row) {
  const sync = row.sync || {};
  const entries = (JSON.parse(row.record_json).entries || []).length;
  if (sync.ownerToken && (sync.serverSeq || 0) >= entries) return row;
  if (sync.blocked) return row; // refused by the server: the notice says why
  const client = await syncClient();
  const out = await client.syncLocal(row.id, row.record_json);
  if (out.offline) throw new ApiError(0, { code: 'offline', detail: 'server unreachable' });
  const state = out.state;
  const fork = out.steps.filter((step) => step.event === 'forked').pop();
  return store.updateGame(row.id, (r) => {
    r.sync = {
      ...r.sync,
      state: state.blocked ? 'conflict' : state.acked_seq >= entries ? 'synced' : 'pending',
      ownerToken: state.owner_token,
      remoteId: state.server_id,
      serverSeq: state.acked_seq,
      serverTip: state.acked_tip,
      lines: state.lines,
      blocked: state.blocked,
    };
    if (fork) r.sync.notice = { kind: 'fork', parentSeq: fork.detail.match(/after move (\d+)/)?.[1] ?? '?', detail: fork.detail };
    if (state.blocked) r.sync.notice = { kind: 'refused', detail: state.blocked };
    return r;
  });
}

/** Flush this hosted game's queued moves, then fetch its view. Returns the updated row. */
export async function syncHosted(id) {
  let row = await store.getGame(id);
  if (!row || row.kind !== 'hosted') return row;
  const h = row.hosted;
  for (const item of [...(h.pending || [])]) {
    const device = await store.deviceId();
    const path = item.kind === 'takeback' ? 'takebacks' : 'moves';
    const body = item.kind === 'takeback'
      ? { move_id: item.move_id, expected_seq: null, to_seq: item.to_seq ?? null, device_id: device, at: item.at }
      : { move_id: item.move_id, expected_seq: null, move: item.move, device_id: device, at: item.at };
    try {
      await api('POST', `/api/games/${h.gameId}/${path}`, { token: h.token, body });
      row = await store.updateGame(id, (r) => {
        r.hosted.pending = r.hosted.pending.filter((p) => p.move_id !== item.move_id);
        return r;
      });
    } catch (err) {
      if (!(err instanceof ApiError) || err.offline || err.status >= 500 || err.status === 429) throw err;
      row = await store.updateGame(id, (r) => {
        r.hosted.pending = r.hosted.pending.filter((p) => p.move_id !== item.move_id);
        r.hosted.rejected = [...(r.hosted.rejected || []), { ...item, code: err.code, rule_id: err.rule_id, detail: err.message, seen: false }];
        return r;
      });
    }
  }
  const { data } = await api('GET', `/api/games/${h.gameId}/view`, { token: h.token });
  if (data.over && !h.recordJson) {
    // Over: the whole record (seed included) is public now; keep it as a kernel Record's
    // text so the finished game opens in the engine (scrubbing, branching, export).
    const full = await api('GET', `/api/games/${h.gameId}/record?since=0`, { token: h.token });
    const recordJson = `{"id":${rawField(full.text, 'record_id')},"genesis":${rawField(full.text, 'genesis')},"entries":${rawField(full.text, 'entries')}}`;
    row = await store.updateGame(id, (r) => {
      r.hosted.recordJson = recordJson;
      return r;
    });
  }
  let entries = h.entries || [];
  try {
    const rec = await api('GET', `/api/games/${h.gameId}/record?since=${entries.length}`, { token: h.token });
    entries = [...entries.slice(0, rec.data.since), ...(rec.data.entries || [])];
  } catch (err) {
    if (err instanceof ApiError && err.offline) throw err;
  }
  row = await store.updateGame(id, (r) => {
    Object.assign(r.hosted, {
      seq: data.seq,
      tipHash: data.tip_hash,
      toMove: data.to_move,
      view: data.view,
      legal: data.legal_moves || [],
      over: data.over,
      outcome: data.outcome ?? null,
      entries,
    });
    r.seq = data.seq;
    r.toMove = data.to_move;
    r.over = data.over;
    r.outcome = data.outcome ?? null;
    return r;
  });
  await recomputeStatus();
  return row;
}

export function dismissNotice(id) {
  return store.updateGame(id, (r) => {
    if (r.sync) delete r.sync.notice;
    for (const item of r.hosted?.rejected || []) item.seen = true;
    return r;
  }).then(recomputeStatus);
}

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
  requestSync();
}

/** A fork's other line (what the other device played), downloaded and checked by the
 * engine, stored as a game of its own on this device. Returns the new row's id. */
export async function openOtherLine(row) {
  const line = row.sync?.lines?.[row.sync.lines.length - 1];
  if (!line) throw new Error('no other line');
  const client = await syncClient();
  const recordJson = await client.downloadLine(line, row.sync.ownerToken);
  const { saveRecordRow } = await import('./screens/open.js');
  // Its record id is the original's (this device's own line moved to the fork's id on
  // the server), so the row gets an id of its own.
  const id = await saveRecordRow(recordJson, { id: `${row.id}~line-${line.record_id}`, title: `${row.title || ''} ⑂`.trim() });
  await store.updateGame(id, (r) => {
    // The other line lives on the server already, under the same owner.
    r.seatKinds = row.seatKinds;
    r.names = row.names;
    r.bots = row.bots;
    r.sync = { state: 'synced', ownerToken: row.sync.ownerToken, remoteId: line.record_id, serverSeq: line.seq, serverTip: line.tip_hash, lines: [] };
    return r;
  });
  return id;
}
