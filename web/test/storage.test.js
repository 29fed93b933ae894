// src/storage.js, the client store, over fake-indexeddb.
import 'fake-indexeddb/auto';
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
