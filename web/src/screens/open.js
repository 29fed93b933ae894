// Opening games from outside: an invite (claim a seat of a hosted game), a shared
// replay (stored on the device, so it opens offline after the first visit), a file.
import { h } from '../ui.js';
import { t } from '../i18n.js';
import * as store from '../storage.js';
import { api, ApiError } from '../api.js';
import { call } from '../engine.js';
import { rawField } from '../jsontext.js';
import { go } from '../router.js';

export async function joinScreen(root, { args: [gameId, code] }) {
  const status = h('p', { role: 'status' }, t('join.claiming'));
  root.append(h('h1', {}, t('join.title')), status);
  const existing = (await store.listGames()).find((r) => r.kind === 'hosted' && r.hosted?.gameId === gameId && r.hosted?.code === code);
  if (existing) return go(`#/game/${encodeURIComponent(existing.id)}`);
  try {
    const name = (await store.getSetting('playerName')) || '';
    const { data: claimed } = await api('POST', `/api/games/${gameId}/seats`, { body: name ? { code, name } : { code } });
    const id = await saveHostedSeat(gameId, claimed.seat, claimed.token, { code });
    go(`#/game/${encodeURIComponent(id)}`);
  } catch (err) {
    status.textContent = err instanceof ApiError && err.offline ? t('join.offline') : `${t('join.failed')} ${err.message}`;
    status.className = 'error';
  }
}

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

export async function sharedScreen(root, { args: [shareId] }) {
  const id = `shared-${shareId}`;
  const existing = await store.getGame(id);
  if (existing) {
    const { gameScreen } = await import('./game.js');
    return gameScreen(root, { args: [id], params: {}, screen: {} });
  }
  const status = h('p', { role: 'status' }, t('shared.loading'));
  root.append(h('h1', {}, t('shared.title')), status);
  try {
    const { text, data } = await api('GET', `/api/shared/${encodeURIComponent(shareId)}`);
    const recordJson = rawField(text, 'record');
    await saveRecordRow(recordJson, { id, kind: 'replay', title: t('shared.rowTitle', { id: shareId }), shareId, outcome: data.outcome });
    go(`#/game/${encodeURIComponent(id)}`);
  } catch (err) {
    status.textContent = err instanceof ApiError && err.offline ? t('shared.offline') : `${t('shared.failed')} ${err.message}`;
    status.className = 'error';
  }
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
