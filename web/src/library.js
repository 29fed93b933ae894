// A player's games on every device of theirs (issue #36): the player's library on the
// server lists the games each device holds — hosted seats and backed-up local records,
// with what the rows need (title, names, seat kinds, bots) — and every device adds
// the ones it lacks and follows the others' moves.
//
// One round (`syncLibrary`, from the sync loop, after the games' own syncs):
// 1. register: each hosted seat and each backed-up local record of this device goes
//    on the list (PUT, with the token that proves it is this player's; again only
//    when its meta changed). A record's line on the server is its key: a local game
//    whose line forked (core.sync "forked") is listed again under its new line.
// 2. follow: each listed game this device lacks gets a token of its own for this
//    device (POST …/token; removing the device revokes it) and a row: a hosted seat
//    as a joined one, a local record downloaded and checked by the engine (another
//    line of a record this device holds gets a row of its own, as a fork's other
//    line does). A local row whose line moved on elsewhere while this device added
//    nothing is brought up to it; one that added moves meanwhile uploads them and
//    the server forks (both lines then reach both devices through the list). A line
//    forked off one of this device's rows puts the fork notice on that row.
//
// Games deleted on this device leave the list (`forgetGame`) and are not fetched again.
import * as store from './storage.js';
import { ApiError } from './api.js';
import { forgetIdentity, identity, playerApi } from './player.js';
import { checkedRecord, saveHostedSeat, saveLineRow } from './records.js';
import { t } from './i18n.js';
import { cachedCatalogue, gameTitle } from './catalogue.js';

/** @typedef {import('./storage.js').GameRow} GameRow */
/** A line forked off a listed record. @typedef {{record_id: string, seq: number, tip_hash: string, parent_seq: number}} LineFork */
/** A listed game (server/API.md `GET /api/players/{id}/games`).
 * @typedef {{key: string, kind: 'hosted' | 'local', game_id?: string, record_id?: string,
 *   seat?: number | null, meta: RowMeta, seq: number, tip_hash: string, over: boolean,
 *   forks: LineFork[]}} LibraryItem */
/** What a device needs to show a game as its first device does.
 * @typedef {{game: string, title?: string, names?: string[], seatKinds?: string[],
 *   bots?: (string | null)[], botSeed?: number, takeback?: string, createdAt?: number}} RowMeta */

/** The library key of a row, the request that lists it, and its meta; null for a row
 * that is not (yet) on the server.
 * @param {GameRow} row */
export function listing(row) {
  /** @type {RowMeta} */
  const meta = { game: row.game, title: row.title || '', names: row.names || [], createdAt: row.createdAt };
  if (row.kind === 'hosted') {
    const h = row.hosted;
    if (!h?.token || !h.gameId) return null;
    return { key: `h:${h.gameId}:${h.seat}`, body: { kind: 'hosted', game_id: h.gameId, token: h.token, meta } };
  }
  if (row.kind !== 'local' || !row.sync?.server_id || !row.sync.owner_token) return null;
  Object.assign(meta, { seatKinds: row.seatKinds, bots: row.bots, botSeed: row.botSeed, takeback: row.takeback });
  return { key: `l:${row.sync.server_id}`, body: { kind: 'local', record_id: row.sync.server_id, token: row.sync.owner_token, meta } };
}

/** One round of the library, when this device belongs to a player (else nothing).
 * @param {(recordId: string, token: string) => Promise<string>} download a line's
 *   record (JSON text), checked by the engine (SyncClient.downloadLine) */
export async function syncLibrary(download) {
  const me = await identity();
  if (!me) return;
  try {
    await forgetDeleted();
    await register();
    /** @type {LibraryItem[]} */
    const items = (await playerApi('GET', '/games')).games;
    for (const item of items) await follow(item, download, items);
  } catch (err) {
    // this device was removed, or the server no longer knows the player: on its own again
    if (err instanceof ApiError && (err.status === 401 || err.code === 'unknown-player')) return forgetIdentity();
    throw err;
  }
}

/** Put every listable row on the player's list (once per meta). */
async function register() {
  /** @type {Record<string, string>} */
  const done = (await store.getSetting('libraryRegistered', {})) || {};
  let changed = false;
  for (const row of await store.listGames()) {
    const entry = listing(row);
    if (!entry) continue;
    const stamp = JSON.stringify(entry.body.meta);
    if (done[entry.key] === stamp) continue;
    try {
      await playerApi('PUT', '/games', entry.body);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
        // a token the server no longer takes, or a game it lost: not this player's to list
        console.warn('library', entry.key, err.message);
      } else throw err;
    }
    done[entry.key] = stamp;
    changed = true;
  }
  if (changed) await store.setSetting('libraryRegistered', done);
}

/** A game deleted here leaves the list (sent once the server is reachable). */
async function forgetDeleted() {
  /** @type {string[]} */
  const keys = (await store.getSetting('libraryForgotten', [])) || [];
  for (const key of [...keys]) {
    await playerApi('DELETE', `/games/${encodeURIComponent(key)}`).catch((err) => {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    });
    keys.splice(keys.indexOf(key), 1);
    await store.setSetting('libraryForgotten', keys);
  }
}

/** The player deleted this row on this device: it leaves their list too.
 * @param {GameRow} row */
export async function forgetGame(row) {
  const entry = listing(row);
  if (!entry || !(await identity())) return;
  const keys = (await store.getSetting('libraryForgotten', [])) || [];
  if (!keys.includes(entry.key)) await store.setSetting('libraryForgotten', [...keys, entry.key]);
}

/** Bring one listed game to this device, or this device's row up to it.
 * @param {LibraryItem} item
 * @param {(recordId: string, token: string) => Promise<string>} download
 * @param {LibraryItem[]} items the whole list (which lines fork off which) */
async function follow(item, download, items) {
  const rows = await store.listGames();
  if (item.kind === 'hosted') {
    const held = rows.some((r) => r.kind === 'hosted' && r.hosted.gameId === item.game_id && r.hosted.seat === item.seat);
    if (held) return;
    const { token } = await playerApi('POST', `/games/${encodeURIComponent(item.key)}/token`);
    const id = await saveHostedSeat(/** @type {string} */ (item.game_id), /** @type {number} */ (item.seat), token, { title: item.meta.title });
    await store.updateGame(id, (r) => ({ ...r, createdAt: item.meta.createdAt || r.createdAt }));
    return;
  }
  const recordId = /** @type {string} */ (item.record_id);
  const row = rows.find((r) => r.kind === 'local' && r.sync?.server_id === recordId);
  if (!row) return adopt(item, recordId, rows, download, items);
  for (const fork of item.forks) {
    const known = rows.some((r) => r.sync?.server_id === fork.record_id || (r.sync?.lines || []).some((l) => l.record_id === fork.record_id));
    if (!known && !row.sync?.notice) {
      await store.updateGame(row.id, (r) => {
        r.sync = { ...r.sync, notice: { kind: 'fork', parentSeq: String(fork.parent_seq), detail: t('library.forkedElsewhere') } };
      });
    }
  }
  const acked = row.sync?.acked_seq || 0;
  if (item.seq > acked && (row.seq || 0) === acked && row.sync?.owner_token) {
    await fastForward(row, await download(recordId, row.sync.owner_token));
  }
}

/** A listed local record this device lacks: downloaded with a token of its own.
 * @param {LibraryItem} item @param {string} recordId @param {GameRow[]} rows
 * @param {(recordId: string, token: string) => Promise<string>} download
 * @param {LibraryItem[]} items */
async function adopt(item, recordId, rows, download, items) {
  const { token } = await playerApi('POST', `/games/${encodeURIComponent(item.key)}/token`);
  const recordJson = await download(recordId, token);
  const localId = JSON.parse(recordJson).id;
  // another line of a record held here (a fork's) gets a row of its own, named as one
  const taken = rows.some((r) => r.id === localId);
  const id = taken ? `${localId}~line-${recordId}` : localId;
  const { meta } = item;
  const otherLine = taken || items.some((other) => other.forks.some((f) => f.record_id === recordId));
  const title = otherLine ? t('sync.forkTitle', { title: meta.title || gameTitle(await cachedCatalogue(), meta.game) }) : meta.title || '';
  /** @type {Partial<import('./storage.js').LocalRow> & {id: string}} */
  const fields = { id, title, names: meta.names || [] };
  if (meta.seatKinds) fields.seatKinds = /** @type {any} */ (meta.seatKinds);
  if (meta.bots) fields.bots = meta.bots;
  if (meta.botSeed !== undefined) fields.botSeed = meta.botSeed;
  if (meta.createdAt) fields.createdAt = meta.createdAt;
  await saveLineRow(recordJson, fields, { serverId: recordId, token, seq: item.seq, tip: item.tip_hash });
}

/** A local row whose line moved on on another device: the longer line replaces its
 * record (this device had nothing unsent, so its record is that line's prefix).
 * @param {GameRow} row @param {string} recordJson */
async function fastForward(row, recordJson) {
  const { summary, position } = await checkedRecord(recordJson);
  await store.updateGame(row.id, (r) => {
    if (r.kind !== 'local' || (r.seq || 0) !== (r.sync?.acked_seq || 0)) return r; // moved meanwhile: its upload forks
    Object.assign(r, {
      ...position,
      lastMoveAt: Date.now(),
      replacedAt: Date.now(), // an open game screen reopens it (screens/game.js)
      shown: undefined,
    });
    delete r.record_json;
    r.sync = { ...r.sync, acked_seq: summary.seq, acked_tip: summary.tip_hash };
    return r;
  });
}
