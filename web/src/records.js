// Game rows made from outside: a claimed seat of a hosted game, a record (a shared
// replay, a file, the other line of a fork). Screens and the sync loop both use these,
// so they live here, below both (no screen is imported by the sync loop).
import { t } from './i18n.js';
import * as store from './storage.js';
import { api } from './api.js';
import { call } from './engine.js';
import { rawField } from './jsontext.js';

/** Store a claimed seat of a hosted game as a game row; returns its id. */
export async function saveHostedSeat(gameId, seat, token, extra = {}) {
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
    hosted: { gameId, seat, token, code: extra.code || '', invites: extra.invites || [], pending: [], rejected: [], seq: info.seq, toMove: info.to_move, entries: [] },
    sync: { state: 'synced' },
  });
  return id;
}

/** Validate a record with the engine and store it as a game row. */
export async function saveRecordRow(recordJson, fields) {
  const summary = await call('load', { record_json: recordJson, check: 'replay' });
  const genesis = JSON.parse(recordJson).genesis;
  const now = Date.now();
  const over = summary.outcome !== null && summary.outcome !== undefined;
  const row = {
    game: summary.game,
    kind: over ? 'replay' : 'local',
    names: [],
    seats: genesis.seats,
    seatKinds: Array.from({ length: genesis.seats }, () => 'human'),
    takeback: genesis.takeback,
    record_json: recordJson,
    seq: summary.seq,
    toMove: summary.to_move,
    over,
    outcome: summary.outcome ?? null,
    createdAt: now,
    lastMoveAt: now,
    sync: { state: fields.kind === 'replay' ? 'synced' : 'pending' },
    ...fields,
  };
  if (!over && row.kind === 'replay') row.kind = 'local';
  await store.putGame(row);
  return row.id;
}

/** A record file (as exported) or a bug report: open it as a local game or a replay. */
export async function importRecordText(text, filename = '') {
  let recordJson = text.trim();
  if (rawField(recordJson, 'record')) recordJson = rawField(recordJson, 'record'); // a bug report or shared reply
  const parsed = JSON.parse(recordJson);
  if (!parsed.genesis || !Array.isArray(parsed.entries)) throw new Error(t('import.notRecord'));
  const id = parsed.id;
  if (await store.getGame(id)) return id;
  return saveRecordRow(recordJson, { id, title: filename.replace(/\.(kifu\.)?json$/, '') });
}
