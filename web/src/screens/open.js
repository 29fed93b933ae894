// Opening games from outside: an invite (claim a seat of a hosted game), a shared
// replay (stored on the device, so it opens offline after the first visit), a file.
import { h } from '../ui.js';
import { t } from '../i18n.js';
import * as store from '../storage.js';
import { api, ApiError } from '../api.js';
import { rawField } from '../jsontext.js';
import { go } from '../router.js';
import { saveHostedSeat, saveRecordRow } from '../records.js';

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

