// src/storage.js on a device the PWA before the one store left: its rows (with copies of
// the sync client's state) in 'kifu', the sync client's own database 'kifu-sync'. The
// first start folds the second into the first and deletes it (fake-indexeddb; the same
// from the real thing: e2e/test_one_store.py).
import 'fake-indexeddb/auto';
/* global indexedDB -- fake-indexeddb/auto puts it on globalThis */
import { beforeAll, describe, expect, it, vi } from 'vitest';

const pending = { move_id: 'q1', seat: 0, based_on: 4, kind: 'move', move: { type: 'play', card: 18 }, to_seq: null, device_id: 'dev-1', at: 50 };
const hostedState = { game_id: 'g1', seat: 0, pending: [pending], rejected: [], blocked: null, refetch: false, behind: false };
const localState = { record_id: 'l1', server_id: 'l1', owner_token: 'own', acked_seq: 7, acked_tip: 'tip7', uploads: 0, lines: [], blocked: null };

/** Open `name` at version 1 with `stores` ({name: keyPath | null}) and put `records`. */
function seed(name, stores, records) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => {
      for (const [store, keyPath] of Object.entries(stores)) open.result.createObjectStore(store, keyPath ? { keyPath } : {});
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction(Object.keys(stores), 'readwrite');
      for (const [store, key, value] of records) tx.objectStore(store).put(value, ...(key === null ? [] : [key]));
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
    };
  });
}

let store;

beforeAll(async () => {
  vi.stubGlobal('window', new EventTarget());
  await seed('kifu', { games: 'id', replays: 'shareId', settings: null }, [
    ['games', null, {
      id: 'h1', game: 'high-card', kind: 'hosted', seq: 4, lastMoveAt: 40, sync: { state: 'synced' },
      hosted: { gameId: 'g1', token: 'tok', seat: 0, seq: 4, view: { v: 1 }, legal: [], blocked: null, pending: [pending], rejected: [], entries: [{ seq: 1 }] },
    }],
    ['games', null, {
      id: 'l1', game: 'tulikko', kind: 'local', seq: 7, record_kifu: new Uint8Array([1, 2, 3]),
      sync: { state: 'synced', ownerToken: 'own', remoteId: 'l1', serverSeq: 7, serverTip: 'tip7', lines: [], blocked: null },
    }],
    ['settings', 'deviceId', 'dev-1'],
  ]);
  await seed('kifu-sync', { hosted: null, local: null }, [
    ['hosted', 'h1', { key: 'h1', gameId: 'g1', token: 'tok', state: hostedState, record_json: '{"entries": [{"seq": 1}]}' }],
    ['local', 'l1', { state: localState }],
  ]);
  store = await import('../src/storage.js');
});

describe('the first start after the one store', () => {
  it('folds the sync client\'s database into the rows, each state once, then deletes it', async () => {
    const [hosted, local] = [await store.getGame('h1'), await store.getGame('l1')];
    expect(hosted.hosted.state).toEqual(hostedState);
    expect(hosted.hosted.copyJson).toBe('{"entries": [{"seq": 1}]}');
    expect(hosted.hosted.pending).toEqual([pending]); // what the screens read
    expect(Object.keys(hosted.hosted)).not.toEqual(expect.arrayContaining(['pending'])); // the copy is gone
    expect(JSON.stringify(hosted).split('q1').length - 1).toBe(1); // the queued move, once
    expect(local.sync).toEqual(localState);
    expect(local.record_kifu).toEqual(new Uint8Array([1, 2, 3]));
    await vi.waitFor(async () => expect((await indexedDB.databases()).map((d) => d.name)).toEqual(['kifu']));
    expect(await store.getSetting('deviceId')).toBe('dev-1');
  });

  it('a second start finds nothing to fold, creates no database and changes no row', async () => {
    const before = await store.listGames();
    vi.resetModules();
    const again = await import('../src/storage.js');
    expect(await again.listGames()).toEqual(before);
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual(['kifu']);
  });
});
