// Sharing a finished game: make sure the record is on the server, ask for a share id
// (with the game's review when this device made one: it is shown with the replay once
// the server made the same), and build the link that opens it (#/shared/<id>) — in any
// browser, and offline on this device after its first visit.
import { api, ApiError } from './api.js';
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

/** Share `row` (a finished game): returns its share id. With `review` (the review this
 * device made of the record, review.js), the review travels with the share: the server
 * recomputes it off the request and shows it with the replay once it made the same
 * (server/sharing.py). A review the server will not take (too large, not this record's,
 * too many being checked) never stops the share itself: it is shared without. */
export async function shareGame(row, review = null) {
  let target;
  if (row.kind === 'hosted') {
    target = { path: `/api/games/${row.hosted.gameId}/share`, token: row.hosted.token };
  } else {
    await requestSync(row.id);
    const fresh = await store.getGame(row.id);
    const sync = fresh.sync || {};
    if (!sync.owner_token || (sync.acked_seq || 0) < (fresh.seq || 0)) throw new Error(t('share.notSynced'));
    target = { path: `/api/records/${sync.server_id || row.id}/share`, token: sync.owner_token };
  }
  let data;
  if (review) {
    const plain = { ...review };
    delete plain.ms; // the time it took on this device is not part of the review
    try {
      ({ data } = await api('POST', target.path, { token: target.token, body: { review: plain } }));
    } catch (err) {
      if (!(err instanceof ApiError) || err.offline || ![413, 422, 429, 503].includes(err.status)) throw err;
      console.warn('review not shared', err.message);
    }
  }
  if (!data) ({ data } = await api('POST', target.path, { token: target.token }));
  const sent = data.review === 'checking' || data.review === 'published';
  row.reviewShared = sent;
  await store.updateGame(row.id, (r) => {
    r.shareId = data.share_id;
    r.reviewShared = sent;
    return r;
  });
  return data.share_id;
}
