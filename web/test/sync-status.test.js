// src/sync.js without a server: one run at a time (coalesced) and the badge's count of
// what waits and what needs attention, from rows in the store (fake-indexeddb).
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';

let sync;
let store;

beforeAll(async () => {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: true, languages: ['en'] });
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  store = await import('../src/storage.js');
  sync = await import('../src/sync.js');
});

/** A promise and the function that resolves it. */
function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}

describe('coalesced', () => {
  it('gives a call made during a run that run, which then goes exactly once more', async () => {
    const gates = [deferred(), deferred()];
    let runs = 0;
    const run = sync.coalesced(async () => {
      await gates[runs++].promise;
      return runs;
    });
    const first = run();
    const second = run();
    const third = run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    gates[0].resolve();
    await vi.waitFor(() => expect(runs).toBe(2));
    gates[1].resolve();
    expect(await first).toBe(2); // the last pass's result
    expect(runs).toBe(2); // two calls meanwhile: one more pass, not two
  });

  it('starts afresh once a run is over, a failed one too', async () => {
    let runs = 0;
    const run = sync.coalesced(async () => {
      runs++;
      if (runs === 1) throw new Error('first fails');
      return runs;
    });
    await expect(run()).rejects.toThrow('first fails');
    expect(await run()).toBe(2);
    expect(await run()).toBe(3);
  });
});

describe('the sync badge', () => {
  it('is empty with no game, then counts what waits and what needs attention', async () => {
    const seen = [];
    const off = sync.onSyncStatus((status) => seen.push(status));
    await sync.recomputeStatus();
    expect(seen.at(-1)).toEqual({ state: 'empty', pending: 0, conflicts: 0, online: true });

    // Backed up to entry 1 of 3: 2 entries wait. A new game never uploaded: 1.
    await store.putGame({ id: 'l1', game: 'g', kind: 'local', seq: 3, sync: { record_id: 'l1', owner_token: 'o', acked_seq: 1 } });
    await store.putGame({ id: 'l2', game: 'g', kind: 'local', seq: 0, sync: { record_id: 'l2' } });
    await store.putGame({ id: 'h1', game: 'g', kind: 'hosted', hosted: { gameId: 'g1', token: 't', seat: 0, state: { game_id: 'g1', seat: 0, pending: [{ move_id: 'm1', seat: 0, based_on: 0 }], rejected: [] } } });
    await sync.recomputeStatus();
    expect(seen.at(-1)).toEqual({ state: 'pending', pending: 4, conflicts: 0, online: true });
    expect(sync.statusText(seen.at(-1))).toBe('⟳ Pending 4');

    // A rejected move not dismissed yet, and a fork notice: each game needs attention once.
    const rejected = { pending: { move_id: 'm0', seat: 0, based_on: 0 }, code: 'illegal', message: 'no', rule_id: '', by: 'server', after: null, seen: false };
    await store.updateGame('h1', (row) => {
      if (row.kind === 'hosted') row.hosted.state.rejected = [rejected];
    });
    await store.updateGame('l1', (row) => {
      row.sync = { ...row.sync, notice: { kind: 'fork', parentSeq: '1', detail: 'forked after move 1' } };
    });
    await sync.recomputeStatus();
    expect(seen.at(-1)).toMatchObject({ state: 'conflict', conflicts: 2 });
    expect(sync.statusText(seen.at(-1))).toBe('⚑ Needs attention (2)');

    // Seen rejections and a dismissed notice no longer count.
    await store.updateGame('h1', (row) => {
      if (row.kind === 'hosted') row.hosted.state.rejected = [{ ...rejected, seen: true }];
    });
    await store.updateGame('l1', (row) => {
      delete row.sync?.notice;
    });
    await sync.recomputeStatus();
    expect(seen.at(-1).state).toBe('pending');
    off();
  });

  it('words an offline device with or without moves waiting', () => {
    expect(sync.statusText({ state: 'offline', pending: 0, conflicts: 0, online: false })).toBe('⚠ Offline');
    expect(sync.statusText({ state: 'offline', pending: 2, conflicts: 0, online: false })).toBe('⚠ Offline · pending 2');
    expect(sync.statusText({ state: 'synced', pending: 0, conflicts: 0, online: true })).toBe('✓ Synced');
  });
});
