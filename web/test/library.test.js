// src/library.js: what a device puts on its player's list and what it takes from it,
// over fake-indexeddb, a stubbed server (fetch) and a stubbed engine.
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../src/engine.js', () => ({
  call: vi.fn(async (op, args) => ({
    summary: { record_id: JSON.parse(args.record_json).id, game: 'tulikko', seats: 2, takeback: 'casual', seq: JSON.parse(args.record_json).entries.length, to_move: [0], outcome: null, tip_hash: 'tip-long' },
    record_kifu: new Uint8Array([7]),
  })),
}));
// the rows a record makes are records.js's own (over the stubbed engine); a hosted seat's
// asks the server for its table, which this stub does not play
vi.mock('../src/records.js', async (importOriginal) => ({
  ...(await importOriginal()),
  saveHostedSeat: vi.fn(async (gameId, seat, token) => {
    const store = await import('../src/storage.js');
    const id = `hosted-${gameId}-${seat}`;
    await store.putGame({ id, game: 'tulikko', kind: 'hosted', hosted: { gameId, seat, token, state: { game_id: gameId, seat } } });
    return id;
  }),
}));

let store;
let library;
/** @type {{method: string, path: string, body: any, token: string | null}[]} */
let sent;
/** @type {any[]} */
let listed;
let refuse = 0;

const me = { player_id: 'p-1', device_id: 'd-2', device_token: 'dev-token' };
const record = (id, n) => JSON.stringify({ id, genesis: {}, entries: Array.from({ length: n }, (_, i) => ({ seq: i + 1 })) });

beforeAll(async () => {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('fetch', async (path, init) => {
    const token = (init.headers.Authorization || '').replace('Bearer ', '') || null;
    sent.push({ method: init.method, path, body: init.body ? JSON.parse(init.body) : null, token });
    const json = (status, data) => ({ ok: status < 400, status, text: async () => JSON.stringify(data) });
    if (refuse) return json(refuse, { code: 'unauthorized', detail: 'no' });
    if (init.method === 'GET' && path.endsWith('/games')) return json(200, { games: listed });
    if (init.method === 'POST' && path.endsWith('/token')) return json(201, { token: `granted-${decodeURIComponent(path.split('/')[5])}` });
    return json(200, { key: 'k' });
  });
  store = await import('../src/storage.js');
  library = await import('../src/library.js');
});

beforeEach(async () => {
  for (const row of await store.listGames()) await store.deleteGame(row.id);
  await store.setSetting('player', me);
  await store.setSetting('libraryRegistered', {});
  await store.setSetting('libraryForgotten', []);
  sent = [];
  listed = [];
  refuse = 0;
});

const download = vi.fn(async (recordId) => record(recordId.split('~')[0], recordId.endsWith('long') ? 5 : 3));

describe('syncLibrary', () => {
  it('lists each backed-up record and hosted seat once, with the token that proves it', async () => {
    await store.putGame({ id: 'r1', game: 'tulikko', kind: 'local', seq: 2, title: 'Kitchen', names: ['Aiko'], seatKinds: ['human', 'bot'], bots: [null, 'easy'], sync: { record_id: 'x', server_id: 's1', owner_token: 'own-1', acked_seq: 2 } });
    await store.putGame({ id: 'r2', game: 'tulikko', kind: 'local', seq: 1 }); // never backed up: not listed
    await store.putGame({ id: 'hosted-g1-0', game: 'tulikko', kind: 'hosted', hosted: { gameId: 'g1', seat: 0, token: 'seat-1', state: { game_id: 'g1', seat: 0 } } });
    await library.syncLibrary(download);
    const puts = sent.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.body.kind, r.body.record_id || r.body.game_id, r.body.token, r.token]).sort()).toEqual([
      ['hosted', 'g1', 'seat-1', 'dev-token'],
      ['local', 's1', 'own-1', 'dev-token'],
    ]);
    expect(puts.find((r) => r.body.kind === 'local').body.meta).toMatchObject({ title: 'Kitchen', names: ['Aiko'], bots: [null, 'easy'] });
    sent = [];
    await library.syncLibrary(download);
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]); // nothing changed: nothing sent
  });

  it('adds a listed game this device lacks, with a token of its own', async () => {
    listed = [
      { key: 'h:g1:1', kind: 'hosted', game_id: 'g1', seat: 1, meta: { game: 'tulikko', title: 'At the server' }, seq: 4, tip_hash: 't', over: false, forks: [] },
      { key: 'l:s1', kind: 'local', record_id: 's1', seat: null, meta: { game: 'tulikko', title: 'Kitchen', names: ['Aiko'], seatKinds: ['human', 'bot'], bots: [null, 'easy'], botSeed: 5 }, seq: 3, tip_hash: 'tip3', over: false, forks: [] },
    ];
    await library.syncLibrary(download);
    const hosted = await store.getGame('hosted-g1-1');
    expect(hosted.hosted.token).toBe('granted-h:g1:1');
    const local = await store.getGame('s1');
    expect(local).toMatchObject({ title: 'Kitchen', names: ['Aiko'], seatKinds: ['human', 'bot'], bots: [null, 'easy'], botSeed: 5 });
    expect(local.sync).toMatchObject({ server_id: 's1', owner_token: 'granted-l:s1', acked_seq: 3, acked_tip: 'tip3' });
    expect(download).toHaveBeenCalledWith('s1', 'granted-l:s1');
  });

  it('brings a row up to a line that moved on elsewhere, but never over moves not yet sent', async () => {
    await store.putGame({ id: 's1', game: 'tulikko', kind: 'local', seq: 3, sync: { record_id: 'x', server_id: 's1~long', owner_token: 'own', acked_seq: 3 } });
    await store.putGame({ id: 's2', game: 'tulikko', kind: 'local', seq: 4, sync: { record_id: 'x', server_id: 's2~long', owner_token: 'own', acked_seq: 3 } });
    listed = ['s1~long', 's2~long'].map((id) => ({ key: `l:${id}`, kind: 'local', record_id: id, meta: { game: 'tulikko' }, seq: 5, tip_hash: 'x', over: false, forks: [] }));
    await library.syncLibrary(download);
    const moved = await store.getGame('s1');
    expect([moved.seq, moved.sync.acked_seq, moved.sync.acked_tip]).toEqual([5, 5, 'tip-long']);
    expect(moved.replacedAt).toBeGreaterThan(0);
    const ahead = await store.getGame('s2'); // its own move goes up and forks: untouched here
    expect([ahead.seq, ahead.sync.acked_seq, ahead.replacedAt]).toEqual([4, 3, undefined]);
  });

  it('gives another line of a record held here a row of its own, and notes a fork made elsewhere', async () => {
    await store.putGame({ id: 'rec', game: 'tulikko', kind: 'local', seq: 3, sync: { record_id: 'x', server_id: 'rec~fork', owner_token: 'own', acked_seq: 3 } });
    listed = [
      { key: 'l:rec', kind: 'local', record_id: 'rec', meta: { game: 'tulikko' }, seq: 3, tip_hash: 'a', over: false, forks: [] },
      { key: 'l:rec~fork', kind: 'local', record_id: 'rec~fork', meta: { game: 'tulikko' }, seq: 3, tip_hash: 'b', over: false, forks: [{ record_id: 'rec~other', seq: 4, tip_hash: 'c', parent_seq: 2 }] },
    ];
    await library.syncLibrary(download);
    expect((await store.getGame('rec~line-rec')).sync.server_id).toBe('rec');
    expect((await store.getGame('rec~line-rec')).title).toMatch(/other line/);
    expect((await store.getGame('rec')).sync.notice).toMatchObject({ kind: 'fork', parentSeq: '2' });
  });

  it('forgets the player when the server no longer takes this device', async () => {
    refuse = 401;
    await library.syncLibrary(download);
    expect(await store.getSetting('player')).toBeNull();
  });

  it('takes a game deleted here off the list', async () => {
    const row = { id: 'r1', game: 'tulikko', kind: 'local', seq: 2, sync: { record_id: 'x', server_id: 's1', owner_token: 'own-1', acked_seq: 2 } };
    await library.forgetGame(row);
    await library.syncLibrary(download);
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/players/p-1/games/l%3As1']);
    expect(await store.getSetting('libraryForgotten')).toEqual([]);
  });
});
