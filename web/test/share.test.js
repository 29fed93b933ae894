// src/share.js against a stubbed server: the review made on this device travels with
// the share (issue 41); a review the server will not take never stops the share.
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

let share;
let store;
let requests;
let answers;

beforeAll(async () => {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: true, languages: ['en'] });
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('fetch', async (path, init) => {
    requests.push({ path, body: init.body === undefined ? undefined : JSON.parse(init.body), token: init.headers.Authorization });
    const [status, body] = answers.shift();
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' } });
  });
  store = await import('../src/storage.js');
  share = await import('../src/share.js');
});

let n = 0;
/** A finished hosted game's row, stored. */
async function hostedRow() {
  n += 1;
  const row = { id: `hosted-${n}`, game: 'tulikko', kind: 'hosted', seq: 3, over: true, hosted: { gameId: `g-${n}`, token: 'seat-token', seat: 0 } };
  await store.putGame(row);
  return row;
}

const REVIEW = { game: 'tulikko', record_id: 'g-1', tip_hash: 'ab', seed: 0, judging: {}, entries: [], summary: { seats: [], swings: [], lead_changes: [] }, ms: 1234 };

beforeEach(() => {
  requests = [];
  answers = [];
});

describe('shareGame', () => {
  it('sends the review with the share, without the time it took here', async () => {
    const row = await hostedRow();
    answers.push([201, { share_id: 's1', path: '/api/shared/s1', review: 'checking' }]);
    expect(await share.shareGame(row, REVIEW)).toBe('s1');
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe(`/api/games/${row.hosted.gameId}/share`);
    expect(requests[0].token).toBe('Bearer seat-token');
    const { ms, ...sent } = REVIEW;
    expect(ms).toBe(1234);
    expect(requests[0].body).toEqual({ review: sent });
    const kept = await store.getGame(row.id);
    expect(kept.shareId).toBe('s1');
    expect(kept.reviewShared).toBe(true);
    expect(row.reviewShared).toBe(true);
  });

  it('shares without the review when the server will not take it', async () => {
    for (const status of [413, 422, 429, 503]) {
      const row = await hostedRow();
      requests = [];
      answers.push([status, { status, code: 'bad-review', title: 'no', detail: 'not the review of this record' }]);
      answers.push([201, { share_id: `s${status}`, path: '/api/shared/x', review: 'none' }]);
      expect(await share.shareGame(row, REVIEW)).toBe(`s${status}`);
      expect(requests.map((r) => r.body === undefined)).toEqual([false, true]);
      expect((await store.getGame(row.id)).reviewShared).toBe(false);
    }
  });

  it('sends no body without a review, and fails as before when the share itself fails', async () => {
    const row = await hostedRow();
    answers.push([201, { share_id: 's2', path: '/api/shared/s2', review: 'none' }]);
    expect(await share.shareGame(row)).toBe('s2');
    expect(requests[0].body).toBeUndefined();
    answers.push([403, { status: 403, code: 'forbidden', title: 'no', detail: 'spectators cannot share a game' }]);
    await expect(share.shareGame(await hostedRow(), REVIEW)).rejects.toThrow('spectators');
  });
});
