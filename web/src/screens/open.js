// Opening games from outside: an invite (claim a seat of a hosted game), a shared
// replay (stored on the device, so it opens offline after the first visit), a file.
import { h } from '../ui.js';
import { t } from '../i18n.js';
import * as store from '../storage.js';
import { api, ApiError } from '../api.js';
import { rawField } from '../jsontext.js';
import { go } from '../router.js';
import { saveHostedSeat } from '../records.js';

/** An invitation: the guest chooses the name the table will see, then takes the seat. */
export async function joinScreen(root, { args: [gameId, code] }) {
  const existing = (await store.listGames()).find((r) => r.kind === 'hosted' && r.hosted?.gameId === gameId && r.hosted?.code === code);
  if (existing) return go(`#/game/${encodeURIComponent(existing.id)}`);
  const status = h('p', { role: 'status' });
  const nameInput = h('input', { id: 'join-name', type: 'text', maxlength: 30, autocomplete: 'nickname', value: (await store.getSetting('playerName')) || '' });
  const form = h('form.inline-form', { id: 'join-form', on: { submit: async (e) => {
    e.preventDefault();
    const name = nameInput.value.trim();
    form.querySelector('button').disabled = true;
    status.textContent = t('join.claiming');
    status.className = '';
    try {
      await store.setSetting('playerName', name);
      const { data: claimed } = await api('POST', `/api/games/${gameId}/seats`, { body: name ? { code, name } : { code } });
      const id = await saveHostedSeat(gameId, claimed.seat, claimed.token, { code });
      go(`#/game/${encodeURIComponent(id)}`);
    } catch (err) {
      status.textContent = joinError(err);
      status.className = 'error';
      form.querySelector('button').disabled = false;
    }
  } } }, h('label', { for: 'join-name' }, t('join.name')), nameInput, h('button.primary', { id: 'join-claim', type: 'submit' }, t('join.claim')));
  root.append(h('h1', {}, t('join.title')), form, status);
  nameInput.focus();
}

/** The players' names the sharer chose to show (`?names=` of the link, a JSON list). */
function sharedNames(params) {
  try {
    const names = JSON.parse(params?.names || '[]');
    return Array.isArray(names) ? names.map((n) => String(n || '').slice(0, 30)) : [];
  } catch {
    return [];
  }
}

export async function sharedScreen(root, { args: [shareId], params }) {
  const id = `shared-${shareId}`;
  const names = sharedNames(params);
  const title = String(params?.title || '').trim().slice(0, 60); // the table's own, from the link
  const existing = await store.getGame(id);
  if (existing) {
    if ((names.length && !existing.names?.length) || (title && !existing.title)) {
      await store.updateGame(id, (r) => ({ ...r, names: r.names?.length ? r.names : names, title: r.title || title }));
    }
    if (!existing.sharedReview) laterReview(id, shareId); // published since the first visit?
    const { gameScreen } = await import('./game.js');
    return gameScreen(root, { args: [id], params: {}, screen: {} });
  }
  const status = h('p', { role: 'status' }, t('shared.loading'));
  root.append(h('h1', {}, t('shared.title')), status);
  try {
    const { text, data } = await api('GET', `/api/shared/${encodeURIComponent(shareId)}`);
    const recordJson = rawField(text, 'record');
    // Kept at once, without the engine: the server's final view draws the board while
    // the engine starts (a fresh device); the engine checks the record when it opens.
    await store.putGame(sharedRow(id, recordJson, data, { title, names, shareId }));
    go(`#/game/${encodeURIComponent(id)}`);
  } catch (err) {
    status.textContent = err instanceof ApiError && err.offline ? t('shared.offline') : `${t('shared.failed')} ${err.message}`;
    status.className = 'error';
  }
}

/** A shared replay kept before its review was published: ask once more, quietly (offline
 * or not yet: nothing changes); the next time it opens, the review shows. */
function laterReview(id, shareId) {
  api('GET', `/api/shared/${encodeURIComponent(shareId)}`).then(({ data }) => {
    if (data?.review) return store.updateGame(id, (r) => ({ ...r, sharedReview: data.review }));
    return null;
  }).catch(() => {});
}

/** A shared replay's row from the server's answer (GET /api/shared/{id}): the record as
 * its JSON text (the seed exact), and `shown`, the final board as a spectator sees it.
 * @param {string} id @param {string} recordJson @param {any} data
 * @param {{title: string, names: string[], shareId: string}} fields
 * @returns {import('../storage.js').GameRow} */
function sharedRow(id, recordJson, data, { title, names, shareId }) {
  const genesis = data.record.genesis;
  const seq = data.record.entries.length;
  const now = Date.now();
  return {
    id,
    game: genesis.game,
    kind: 'replay',
    title,
    names,
    shareId,
    seats: genesis.seats,
    seatKinds: Array.from({ length: genesis.seats }, () => 'human'),
    takeback: genesis.takeback,
    record_json: recordJson,
    seq,
    toMove: [],
    over: true,
    outcome: data.outcome ?? null,
    createdAt: now,
    lastMoveAt: now,
    shown: data.view ? { seq, toMove: [], over: true, view: data.view, legal: [], activeSeat: null, viewSeat: null } : undefined,
    // the review the sharer made, once the server made the same (review.js shows it)
    sharedReview: data.review ?? null,
    sync: { state: 'synced' },
  };
}

/** Why a join failed, in words (the server's codes; its own text names seats from 0). */
function joinError(err) {
  if (err instanceof ApiError && err.offline) return t('join.offline');
  if (err?.code === 'seat-taken') return t('join.taken');
  if (err?.code === 'not-found') return t('join.unknown');
  return `${t('join.failed')} ${err.message}`;
}
