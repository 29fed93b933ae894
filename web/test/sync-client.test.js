// engine/sync.js's SyncClient: fetch + storage around core.sync, here a stand-in engine
// that keeps a hosted seat's queue the way core.sync does; its state in a database of its
// own (idbStore, over fake-indexeddb) or in the caller's store (the PWA's rows).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { SyncClient } from '../engine/sync.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** core.sync's hosted queue, in brief: a move is POSTed, a 200 takes it off the queue. */
function fakeEngine() {
  const calls = [];
  const ops = {
    'hosted.queue': ({ state, item }) => ({ state: { ...state, pending: [...(state.pending || []), item] } }),
    'hosted.next': ({ state }) => {
      const first = (state.pending || [])[0];
      return { request: first ? { method: 'POST', path: `/api/games/${state.game_id}/moves`, body_json: JSON.stringify({ move: first.move }), move_id: first.move_id, auth: 'seat' } : null };
    },
    'hosted.reply': ({ state, record_json, move_id, status }) => {
      if (status !== 200) return { state, record_json, step: { event: 'retry', detail: `HTTP ${status}` } };
      return { state: { ...state, pending: state.pending.filter((p) => p.move_id !== move_id) }, record_json, step: { event: 'accepted', detail: move_id } };
    },
    'hosted.pull': ({ state }) => ({ request: { method: 'GET', path: `/api/games/${state.game_id}/record`, accept: 'application/vnd.kifu.record' } }),
    'hosted.pulled': ({ state, body_kifu }) => ({ state, record_json: `{"bytes": ${(body_kifu || []).length}}`, step: { event: 'pulled', detail: '' } }),
    'local.next': ({ state, record_kifu }) => ({ request: state.acked_seq ? null : { method: 'POST', path: '/api/records', body_kifu: record_kifu, auth: 'owner' } }),
    'local.reply': ({ state, status }) => ({ state: { ...state, acked_seq: status === 201 ? 5 : 0, owner_token: 'owner-1' }, step: { event: 'uploaded', detail: '' } }),
  };
  // core.sync's door: a hosted step's reply names the next request and the pull for it
  const ahead = (out, args) => {
    const copy = { ...args, ...out };
    return { ...out, next: ops['hosted.next'](copy).request, pull: ops['hosted.pull'](copy).request };
  };
  return {
    calls,
    async sync(call, args) {
      calls.push(call);
      await tick(); // the worker answers later: room for races
      const out = ops[call](structuredClone(args));
      return ['hosted.queue', 'hosted.reply', 'hosted.pulled'].includes(call) ? ahead(out, args) : out;
    },
  };
}

function fakeFetch(reply = () => new Response('{}', { status: 200 })) {
  return vi.fn(async (url, init) => reply(url, init));
}

function client({ engine = fakeEngine(), fetch = fakeFetch(), dbName = `kifu-sync-${Math.random()}` } = {}) {
  return new SyncClient({ engine, fetch, dbName, deviceId: 'dev-test' });
}

describe('hosted seats', () => {
  it('remember a seat once, and keep it across a reload', async () => {
    const first = client();
    const held = await first.joinHosted('g1', 1, 'seat-token', { key: 'row-1' });
    expect(held).toMatchObject({ key: 'row-1', gameId: 'g1', token: 'seat-token', state: { game_id: 'g1', seat: 1 } });
    expect(await first.joinHosted('g1', 1, 'another-token', { key: 'row-1' })).toEqual(held);
    const reloaded = new SyncClient({ engine: fakeEngine(), fetch: fakeFetch(), dbName: await dbNameOf(first) });
    expect(await reloaded.hosted('row-1')).toEqual(held);
    await reloaded.forget('hosted', 'row-1');
    expect(await reloaded.hosted('row-1')).toBeUndefined();
  });

  it('store a queued move before anything is sent', async () => {
    const fetch = fakeFetch();
    const sync = client({ fetch });
    await sync.joinHosted('g1', 0, 'tok', { key: 'k' });
    const id = await sync.queueMove('k', { seat: 0, move: { type: 'pass' }, based_on: 4 });
    expect(fetch).not.toHaveBeenCalled();
    const reloaded = new SyncClient({ engine: fakeEngine(), fetch, dbName: await dbNameOf(sync) });
    const { state } = await reloaded.hosted('k');
    expect(state.pending).toEqual([expect.objectContaining({ move_id: id, seat: 0, kind: 'move', move: { type: 'pass' }, based_on: 4, device_id: 'dev-test' })]);
  });

  it('lose no move queued at the same time as another', async () => {
    const sync = client();
    await sync.joinHosted('g1', 0, 'tok', { key: 'k' });
    const ids = await Promise.all([1, 2, 3].map((n) => sync.queueMove('k', { seat: 0, move: { n }, based_on: 0 })));
    expect((await sync.hosted('k')).state.pending.map((p) => p.move_id)).toEqual(ids);
  });

  it('send the queue in order with the seat\'s token, one round at a time', async () => {
    const fetch = fakeFetch();
    const sync = client({ fetch });
    await sync.joinHosted('g1', 0, 'tok', { key: 'k' });
    await sync.queueMove('k', { seat: 0, move: { n: 1 }, based_on: 0 });
    await sync.queueMove('k', { seat: 0, move: { n: 2 }, based_on: 0 });
    const [round, again] = [sync.syncHosted('k'), sync.syncHosted('k')];
    expect(again).toBe(round);
    const result = await round;
    expect(result.offline).toBe(false);
    expect(result.steps.map((s) => s.event)).toEqual(['accepted', 'accepted']);
    expect(result.state.pending).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/games/g1/moves');
    expect(init).toMatchObject({ method: 'POST', body: '{"move":{"n":1}}', headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json', Accept: 'application/json' } });
    expect(JSON.parse(fetch.mock.calls[1][1].body)).toEqual({ move: { n: 2 } });
  });

  it('send in the same round a move queued while it runs', async () => {
    let sync;
    let queued = false;
    const fetch = fakeFetch(async () => {
      if (!queued) {
        queued = true;
        await sync.queueMove('k', { seat: 0, move: { n: 2 }, based_on: 1 });
      }
      return new Response('{}', { status: 200 });
    });
    sync = client({ fetch });
    await sync.joinHosted('g1', 0, 'tok', { key: 'k' });
    await sync.queueMove('k', { seat: 0, move: { n: 1 }, based_on: 0 });
    const result = await sync.syncHosted('k');
    expect(fetch.mock.calls.map(([, init]) => JSON.parse(init.body).move.n)).toEqual([1, 2]);
    expect(result.state.pending).toEqual([]);
  });

  it('cross to the engine three times for a move: queue, reply, pulled', async () => {
    const engine = fakeEngine();
    const sync = client({ engine });
    await sync.joinHosted('g1', 0, 'tok', { key: 'k' });
    await sync.queueMove('k', { seat: 0, move: { n: 1 }, based_on: 0 });
    await sync.syncHosted('k');
    await sync.pullHosted('k');
    expect(engine.calls).toEqual(['hosted.queue', 'hosted.reply', 'hosted.pulled']);
    // a state the client did not make itself (another tab, a reload): the engine is asked
    const other = new SyncClient({ engine, fetch: fakeFetch(), dbName: await dbNameOf(sync) });
    await other.queueMove('k', { seat: 0, move: { n: 2 }, based_on: 1 });
    engine.calls.length = 0;
    await sync.syncHosted('k');
    expect(engine.calls).toEqual(['hosted.next', 'hosted.reply']);
  });

  it('stop the round offline and keep the queue', async () => {
    const sync = client({ fetch: fakeFetch(() => { throw new TypeError('network down'); }) });
    await sync.joinHosted('g1', 0, 'tok', { key: 'k' });
    await sync.queueMove('k', { seat: 0, move: { n: 1 }, based_on: 0 });
    const result = await sync.syncHosted('k');
    expect(result.offline).toBe(true);
    expect(result.steps).toEqual([{ event: 'offline', detail: 'network down' }]);
    expect((await sync.hosted('k')).state.pending).toHaveLength(1);
  });

  it('hand a compact reply to the engine as bytes', async () => {
    const engine = fakeEngine();
    const fetch = fakeFetch(() => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'Content-Type': 'application/vnd.kifu.record; v=1' } }));
    const sync = client({ engine, fetch });
    await sync.joinHosted('g1', 0, 'tok', { key: 'k' });
    const out = await sync.pullHosted('k');
    expect(fetch.mock.calls[0][1].headers.Accept).toBe('application/vnd.kifu.record');
    expect(out.record_json).toBe('{"bytes": 3}');
    expect((await sync.hosted('k')).record_json).toBe('{"bytes": 3}');
  });

  it('say a seat that was never joined (or forgotten) is not there', async () => {
    const sync = client();
    await expect(sync.syncHosted('nobody')).rejects.toThrow('no hosted game nobody: joinHosted first');
    await expect(sync.queueMove('nobody', { seat: 0, based_on: 0 })).rejects.toThrow('no hosted game nobody');
  });
});

describe('the caller\'s store', () => {
  /** A SyncStore over a Map, counting its writes. */
  function mapStore() {
    const held = new Map();
    const puts = [];
    return {
      held,
      puts,
      get: async (kind, key) => structuredClone(held.get(`${kind}/${key}`)),
      put: async (kind, key, value) => {
        puts.push(`${kind}/${key}`);
        held.set(`${kind}/${key}`, structuredClone(value));
      },
      delete: async (kind, key) => held.delete(`${kind}/${key}`),
      list: async (kind) => [...held].filter(([k]) => k.startsWith(`${kind}/`)).map(([, v]) => v),
    };
  }

  it('is where everything is kept: no database of its own', async () => {
    const store = mapStore();
    const fetch = fakeFetch(() => new Response(new Uint8Array([1]), { status: 200, headers: { 'Content-Type': 'application/vnd.kifu.record' } }));
    const sync = new SyncClient({ engine: fakeEngine(), fetch, store });
    await sync.joinHosted('g1', 0, 'tok', { key: 'row-1' });
    const id = await sync.queueMove('row-1', { seat: 0, move: { n: 1 }, based_on: 0 });
    expect(store.puts).toEqual(['hosted/row-1', 'hosted/row-1']); // joined; the move, in one write
    expect(store.held.get('hosted/row-1').state.pending.map((p) => p.move_id)).toEqual([id]);
    await sync.pullHosted('row-1');
    expect(store.puts).toHaveLength(3); // the pull brought a copy
    await sync.pullHosted('row-1');
    expect(store.puts).toHaveLength(3); // the same copy again: nothing written
    expect((await sync.list('hosted')).map((h) => h.key)).toEqual(['row-1']);
    await sync.forget('hosted', 'row-1');
    expect(await sync.hosted('row-1')).toBeUndefined();
  });

  it('or a database of its own, named: one of the two is needed', () => {
    expect(() => new SyncClient({ engine: fakeEngine(), fetch: fakeFetch() })).toThrow('give it a store');
  });
});

describe('local records', () => {
  it('upload compact bytes as the compact media type and keep the owner token', async () => {
    const fetch = fakeFetch(() => new Response('{}', { status: 201 }));
    const sync = client({ fetch });
    const bytes = new Uint8Array([7, 7, 7]);
    const result = await sync.syncLocal('r-1', bytes);
    expect(result).toMatchObject({ offline: false, state: { record_id: 'r-1', acked_seq: 5, owner_token: 'owner-1' } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/records');
    expect(init.headers['Content-Type']).toBe('application/vnd.kifu.record');
    expect(init.headers.Authorization).toBeUndefined(); // no owner token before the upload
    expect(init.body).toEqual(bytes);
    const [stored] = await sync.list('local');
    expect(stored.state.owner_token).toBe('owner-1');
  });
});

/** The database a client was opened on (its name is random per test). */
async function dbNameOf(sync) {
  return sync.store.name;
}
