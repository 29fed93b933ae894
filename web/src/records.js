// Game rows made from outside: a claimed seat of a hosted game, a record (a shared
// replay, a file, the other line of a fork). Screens and the sync loop both use these,
// so they live here, below both (no screen is imported by the sync loop).
import { t } from './i18n.js';
import * as store from './storage.js';
import { api } from './api.js';
import { call } from './engine.js';
import { rawField } from './jsontext.js';

/** @typedef {import('./storage.js').GameRow} GameRow */
/** A hosted game as the server describes it (server/API.md `GET /api/games/{id}`; the fields read here).
 * @typedef {{game: string, players: number, takeback: string, seq: number, to_move: number[],
 *   over: boolean, outcome: any, seats: {seat: number, name: string, bot: string | null}[]}} GameInfoResponse */

/** Store a claimed seat of a hosted game as a game row; returns its id.
 * @param {string} gameId
 * @param {number} seat
 * @param {string} token the seat's
 * @param {{title?: string, code?: string, invites?: any[]}} [extra]
 * @returns {Promise<string>} */
export async function saveHostedSeat(gameId, seat, token, extra = {}) {
  /** @type {{data: GameInfoResponse}} */
  const { data: info } = await api('GET', `/api/games/${gameId}`, { token });
  const id = `hosted-${gameId}-${seat}`;
  const now = Date.now();
  const names = info.seats.map((s) => s.name || '');
  await store.putGame({
    id,
    game: info.game,
    kind: 'hosted',
    title: extra.title || '',
    names,
    seats: info.players,
    seatKinds: info.seats.map((s) => (s.seat === seat ? 'human' : s.bot ? 'bot' : 'remote')),
    bots: info.seats.map((s) => s.bot || null), // played by the server
    takeback: info.takeback,
    seq: info.seq,
    toMove: info.to_move,
    over: info.over,
    outcome: info.outcome ?? null,
    createdAt: now,
    lastMoveAt: now,
    hosted: { gameId, seat, token, code: extra.code || '', invites: extra.invites || [], seq: info.seq, toMove: info.to_move, state: { game_id: gameId, seat }, copyJson: null },
  });
  return id;
}

/** A record as an engine op's field: compact bytes (Uint8Array) or JSON text.
 * @param {Uint8Array | string} record */
function recordField(record) {
  return record instanceof Uint8Array ? { record_kifu: record } : { record_json: record };
}

/** A record (compact bytes or JSON text) checked by the engine (replayed): its summary,
 * and what a row keeps of the position it reaches (the record compact, seq, who is to
 * move, over and the outcome).
 * @param {Uint8Array | string} record */
export async function checkedRecord(record) {
  /** @type {import('../engine/protocol.js').Screen} */
  const { summary, record_kifu: recordKifu } = await call('load', { ...recordField(record), check: 'replay', screen: { record: true } });
  const position = {
    record_kifu: recordKifu ?? undefined, // asked for: always there
    seq: summary.seq,
    toMove: summary.to_move,
    over: summary.outcome !== null && summary.outcome !== undefined,
    outcome: summary.outcome ?? null,
  };
  return { summary, position };
}

/** A line of a record on the server (another device's, a fork's other line) as a game
 * row of its own, its backup state that line's: `token` its owner token, `seq`/`tip`
 * what the server holds. Returns the row's id.
 * @param {string} recordJson
 * @param {Partial<import('./storage.js').LocalRow> & {id: string}} fields
 * @param {{serverId: string, token: string | null | undefined, seq: number, tip: string}} line */
export async function saveLineRow(recordJson, fields, { serverId, token, seq, tip }) {
  return saveRecordRow(recordJson, {
    ...fields,
    sync: { record_id: fields.id, server_id: serverId, owner_token: token ?? null, acked_seq: seq, acked_tip: tip, lines: [] },
  });
}

/** Validate a record (compact bytes or JSON text) with the engine and store it as a
 * game row, in the compact form. Returns the row's id.
 * @param {Uint8Array | string} record
 * @param {Partial<import('./storage.js').LocalRow>} fields the row's own (id, title, names, kind, ...)
 * @returns {Promise<string>} */
export async function saveRecordRow(record, fields) {
  const { summary, position } = await checkedRecord(record);
  const now = Date.now();
  /** @type {GameRow} */
  const row = {
    id: summary.record_id,
    game: summary.game,
    kind: position.over ? 'replay' : 'local',
    names: [],
    seats: summary.seats,
    seatKinds: Array.from({ length: summary.seats }, () => 'human'),
    takeback: summary.takeback,
    ...position,
    createdAt: now,
    lastMoveAt: now,
    ...fields, // its backup's state (sync) starts empty unless given: storage.js upgradeRow
  };
  if (!position.over && row.kind === 'replay') row.kind = 'local';
  await store.putGame(row);
  return row.id;
}

/** A record file: a `.kifu` file (the compact form, as exported), a record's JSON
 * (`.kifu.json`, as exported before) or a bug report. Opens as a local game or a replay;
 * a record already on this device opens as it is. Returns the row's id.
 * @param {Uint8Array} bytes the file's
 * @param {string} [filename]
 * @returns {Promise<string>} */
export async function importRecordFile(bytes, filename = '') {
  const title = filename.replace(/\.kifu$|\.(kifu\.)?json$/, '');
  const first = bytes.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
  if (first !== 0x7b) {
    // not JSON: the compact form (the engine tells a record from anything else)
    let summary;
    try {
      summary = await call('load', { record_kifu: bytes, check: 'replay' });
    } catch {
      throw new Error(t('import.notRecord'));
    }
    if (await store.getGame(summary.record_id)) return summary.record_id;
    return saveRecordRow(bytes, { title });
  }
  let recordJson = new TextDecoder().decode(bytes).trim();
  recordJson = rawField(recordJson, 'record') || recordJson; // a bug report or shared reply: its record
  const parsed = JSON.parse(recordJson);
  if (!parsed.genesis || !Array.isArray(parsed.entries)) throw new Error(t('import.notRecord'));
  const id = parsed.id;
  if (await store.getGame(id)) return id;
  return saveRecordRow(recordJson, { id, title });
}
