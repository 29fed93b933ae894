// src/storage.js, the client store, over fake-indexeddb.
import 'fake-indexeddb/auto';
/* global indexedDB -- fake-indexeddb/auto puts it on globalThis */
import { beforeAll, describe, expect, it, vi } from 'vitest';

let store;
const changed = [];

beforeAll(async () => {
  const page = new EventTarget();
  page.addEventListener('kifu:games-changed', (event) => changed.push(event.detail.id));
  vi.stubGlobal('window', page);
  store = await import('../src/storage.js');
});

/** @returns {import('../src/storage.js').GameRow} */
const localRow = (id, fields = {}) => ({ id, game: 'tulikko', kind: 'local', seq: 0, createdAt: 1, lastMoveAt: 0, ...fields });

describe('rowRecord', () => {
  it('prefers the compact bytes, then a JSON text, then a finished hosted game\'s', () => {
    const bytes = new Uint8Array([1]);
    expect(store.rowRecord(localRow('a', { record_kifu: bytes, record_json: '{}' }))).toEqual({ record_kifu: bytes });
    expect(store.rowRecord(localRow('a', { record_json: '{}' }))).toEqual({ record_json: '{}' });
    expect(store.rowRecord({ id: 'h', game: 'g', kind: 'hosted', hosted: { gameId: 'g', token: 't', seat: 0, recordKifu: bytes } })).toEqual({ record_kifu: bytes });
    expect(store.rowRecord({ id: 'h', game: 'g', kind: 'hosted', hosted: { gameId: 'g', token: 't', seat: 0, recordJson: '{"x": 1}' } })).toEqual({ record_json: '{"x": 1}' });
    // A running hosted game: the device has no full record.
    expect(store.rowRecord({ id: 'h', game: 'g', kind: 'hosted', hosted: { gameId: 'g', token: 't', seat: 0 } })).toBeNull();
    expect(store.rowRecord(undefined)).toBeNull();
  });

  it('calls a hosted game full once it is over and its record is here', () => {
    const hosted = { gameId: 'g', token: 't', seat: 0, recordKifu: new Uint8Array([1]) };
    expect(store.hostedFull({ id: 'h', game: 'g', kind: 'hosted', over: true, hosted })).toBe(true);
    expect(store.hostedFull({ id: 'h', game: 'g', kind: 'hosted', over: false, hosted })).toBe(false);
    expect(store.hostedFull({ id: 'h', game: 'g', kind: 'hosted', over: true, hosted: { ...hosted, recordKifu: undefined } })).toBe(false);
    expect(store.hostedFull(localRow('l', { over: true, record_kifu: new Uint8Array([1]) }))).toBe(false);
  });
});

describe('game rows', () => {
  it('stores rows, bytes intact, and lists the last played first', async () => {
    await store.putGame(localRow('old', { createdAt: 100, lastMoveAt: 0, record_kifu: new Uint8Array([9, 8, 7]) }));
    await store.putGame(localRow('new', { createdAt: 50, lastMoveAt: 300 }));
    await store.putGame(localRow('mid', { createdAt: 10, lastMoveAt: 200 }));
    expect((await store.listGames()).map((row) => row.id)).toEqual(['new', 'mid', 'old']);
    expect((await store.getGame('old')).record_kifu).toEqual(new Uint8Array([9, 8, 7]));
    expect(changed).toEqual(expect.arrayContaining(['old', 'new', 'mid']));
  });

  it('updates a row in place or by a replacement, and leaves a missing one missing', async () => {
    await store.putGame(localRow('u', { seq: 1 }));
    const edited = await store.updateGame('u', (row) => {
      row.seq = 2;
    });
    expect(edited.seq).toBe(2);
    const replaced = await store.updateGame('u', (row) => ({ ...row, title: 'renamed' }));
    expect([replaced.title, (await store.getGame('u')).title, (await store.getGame('u')).seq]).toEqual(['renamed', 'renamed', 2]);
    const change = vi.fn();
    expect(await store.updateGame('nobody', change)).toBeNull();
    expect(change).not.toHaveBeenCalled();
    expect(await store.getGame('nobody')).toBeUndefined();
  });

  it('deletes a row and says so', async () => {
    await store.putGame(localRow('gone'));
    changed.length = 0;
    await store.deleteGame('gone');
    expect(await store.getGame('gone')).toBeUndefined();
    expect(changed).toEqual(['gone']);
  });
});

describe('a hosted row\'s sync state', () => {
  const rejection = { pending: { move_id: 'm0', seat: 0, based_on: 2, kind: 'move', move: { type: 'pass' } }, code: 'not-your-turn', message: 'no', rule_id: '', by: 'server', after: null, seen: false };
  /** @returns {import('../src/storage.js').GameRow} */
  const hostedRow = (id, state = {}) => ({
    id, game: 'g', kind: 'hosted', lastMoveAt: 5,
    hosted: { gameId: 'g1', token: 'tok', seat: 0, seq: 2, state: { game_id: 'g1', seat: 0, pending: [], rejected: [], ...state }, copyJson: '{"entries": [{"seq": 1}, {"seq": 2}]}' },
  });

  it('is kept once, in the row; the screens read its queue, rejections and copy from it', async () => {
    await store.putGame(hostedRow('h1', { pending: [{ move_id: 'm1', seat: 0, based_on: 2 }], rejected: [rejection] }));
    const row = await store.getGame('h1');
    expect(row.hosted.pending.map((p) => p.move_id)).toEqual(['m1']);
    expect(row.hosted.rejected).toEqual([{ ...rejection, move_id: 'm0', move: { type: 'pass' } }]);
    expect(row.hosted.entries).toEqual([{ seq: 1 }, { seq: 2 }]);
    expect(Object.keys(row.hosted)).not.toContain('pending'); // views, never stored
    // a screen writing the rejections it was shown back writes the state's
    row.hosted.rejected = row.hosted.rejected.map((r) => ({ ...r, seen: true }));
    expect(row.hosted.state.rejected).toEqual([{ ...rejection, seen: true }]);
    await store.updateGame('h1', (r) => {
      r.hosted.rejected = [];
    });
    expect((await store.getGame('h1')).hosted.state.rejected).toEqual([]);
  });

  it('is the sync client\'s store: a queued move is one write of the row, lastMoveAt with it', async () => {
    await store.putGame(hostedRow('h2'));
    const held = await store.syncStore.get('hosted', 'h2');
    expect(held).toMatchObject({ key: 'h2', gameId: 'g1', token: 'tok', state: { game_id: 'g1', seat: 0 }, record_json: '{"entries": [{"seq": 1}, {"seq": 2}]}' });
    changed.length = 0;
    const pending = [{ move_id: 'm2', seat: 0, based_on: 2, at: 1000 }];
    await store.syncStore.put('hosted', 'h2', { ...held, state: { ...held.state, pending } });
    expect(changed).toEqual(['h2']);
    const row = await store.getGame('h2');
    expect([row.hosted.pending, row.lastMoveAt, row.sync?.notice]).toEqual([pending, 1000, undefined]);
    // a seat newly refused (blocked) gets its notice in the same write
    await store.syncStore.put('hosted', 'h2', { ...held, state: { ...held.state, blocked: 'bad token' } });
    expect((await store.getGame('h2')).sync.notice).toEqual({ kind: 'refused', detail: 'bad token' });
    expect((await store.syncStore.list('hosted')).map((h) => h.key)).toEqual(expect.arrayContaining(['h1', 'h2']));
    expect(await store.syncStore.get('hosted', 'nobody')).toBeUndefined();
  });

  it('keeps a local record\'s backup state as core.sync\'s LocalState, beside the notice', async () => {
    await store.putGame(localRow('l1', { seq: 3, sync: { record_id: 'l1', notice: { kind: 'fork', parentSeq: '1', detail: 'forked' } } }));
    expect(await store.syncStore.get('local', 'l1')).toEqual({ state: { record_id: 'l1' } });
    const state = { record_id: 'l1', server_id: 's1', owner_token: 'o', acked_seq: 3, acked_tip: 't', uploads: 0, lines: [], blocked: null };
    await store.syncStore.put('local', 'l1', { state });
    expect((await store.getGame('l1')).sync).toEqual({ ...state, notice: { kind: 'fork', parentSeq: '1', detail: 'forked' } });
  });
});

describe('rows of older forms', () => {
  it('open in today\'s: a hosted row\'s own queue, a local row\'s camelCase backup', async () => {
    await store.putGame({
      id: 'old-h', game: 'g', kind: 'hosted',
      hosted: {
        gameId: 'g1', token: 't', seat: 1, entries: [{ seq: 1 }],
        pending: [{ kind: 'move', move_id: 'legacy-1', move: { n: 1 }, expected_seq: 4, at: 7 }],
        rejected: [{ pending: { move_id: 'm0', seat: 1, based_on: 2 }, code: 'c', message: 'no', seen: false, move_id: 'm0', move: null }],
      },
    });
    await store.putGame(localRow('old-l', { sync: { state: 'synced', ownerToken: 'o', remoteId: 'r', serverSeq: 2, serverTip: 'tip', lines: [], blocked: null } }));
    await store.putGame(localRow('new-l', { sync: { state: 'pending' } }));
    const hosted = await store.getGame('old-h');
    expect(hosted.hosted.state).toEqual({
      game_id: 'g1', seat: 1, rejected: [{ pending: { move_id: 'm0', seat: 1, based_on: 2 }, code: 'c', message: 'no', seen: false }],
      pending: [{ move_id: 'legacy-1', seat: 1, based_on: 4, kind: 'move', move: { n: 1 }, to_seq: null, device_id: '', at: 7 }],
    });
    expect(hosted.hosted.entries).toEqual([]); // the copy is pulled afresh
    expect((await store.getGame('old-l')).sync).toEqual({ record_id: 'old-l', server_id: 'r', owner_token: 'o', acked_seq: 2, acked_tip: 'tip', lines: [], blocked: null });
    expect((await store.getGame('new-l')).sync).toMatchObject({ record_id: 'new-l', owner_token: null, acked_seq: 0 });
    // written back in today's form with the next change
    await store.updateGame('old-h', (row) => {
      row.title = 'x';
    });
    const stored = await rawRow('old-h');
    expect(Object.keys(stored.hosted).sort()).toEqual(['copyJson', 'gameId', 'seat', 'state', 'token']);
  });
});

/** A row as IndexedDB holds it (no views). */
function rawRow(id) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('kifu');
    open.onsuccess = () => {
      const get = open.result.transaction('games').objectStore('games').get(id);
      get.onsuccess = () => {
        open.result.close();
        resolve(get.result);
      };
    };
    open.onerror = () => reject(open.error);
  });
}

describe('settings', () => {
  it('gives the fallback until a setting is set, falsy values included', async () => {
    expect(await store.getSetting('lang', 'en')).toBe('en');
    await store.setSetting('lang', 'ja');
    await store.setSetting('notifyTurn', false);
    expect(await store.getSetting('lang', 'en')).toBe('ja');
    expect(await store.getSetting('notifyTurn', true)).toBe(false);
  });

  it('keeps one device id', async () => {
    const id = await store.deviceId();
    expect(id).toMatch(/^dev-[0-9a-f]{8}$/);
    expect(await store.deviceId()).toBe(id);
  });
});
