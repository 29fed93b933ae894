// Sharing a finished game: make sure the record is on the server, ask for a share id,
// and build the link that opens it (#/shared/<id>) — in any browser, and offline on
// this device after its first visit.
import { api } from './api.js';
import * as store from './storage.js';
import { requestSync } from './sync.js';
import { t } from './i18n.js';

/** The link to a shared replay; `names` (the sharer's choice) and the table's own title
 * ("Sunday game") travel in the link, the server keeps neither. */
export function shareLink(shareId, names = null, title = '') {
  const base = `${location.origin}/#/shared/${encodeURIComponent(shareId)}`;
  const params = [
    names?.length ? `names=${encodeURIComponent(JSON.stringify(names))}` : null,
    title ? `title=${encodeURIComponent(title)}` : null,
  ].filter(Boolean);
  return params.length ? `${base}?${params.join('&')}` : base;
}

/** Share `row` (a finished game): returns its share id. */
export async function shareGame(row) {
  let data;
  if (row.kind === 'hosted') {
    ({ data } = await api('POST', `/api/games/${row.hosted.gameId}/share`, { token: row.hosted.token }));
  } else {
    await requestSync(row.id);
    const fresh = await store.getGame(row.id);
    const sync = fresh.sync || {};
    if (!sync.owner_token || (sync.acked_seq || 0) < (fresh.seq || 0)) throw new Error(t('share.notSynced'));
    ({ data } = await api('POST', `/api/records/${sync.server_id || row.id}/share`, { token: sync.owner_token }));
  }
  await store.updateGame(row.id, (r) => {
    r.shareId = data.share_id;
    return r;
  });
  return data.share_id;
}
