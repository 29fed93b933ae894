// engine/protocol.js: the checks before a call crosses to the worker, bytes over the
// JSON door, move ids and seeds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EngineError,
  OPS,
  STAGES,
  checkCall,
  decodeReply,
  encodeRequest,
  newMoveId,
  newSeed,
  randomHex,
  recordField,
} from '../engine/protocol.js';

afterEach(() => vi.restoreAllMocks());

describe('checkCall', () => {
  it('refuses an op core.browser does not have', () => {
    expect(() => checkCall('nope', {})).toThrow(new TypeError('unknown engine op nope'));
  });

  it('names the missing field; null counts as missing', () => {
    expect(() => checkCall('play', { record_id: 'r', seat: 0, move: {} })).toThrow('engine op play needs move_id');
    expect(() => checkCall('legal_moves', { record_id: 'r', seat: null })).toThrow('engine op legal_moves needs seat');
    expect(() => checkCall('legal_moves', { record_id: 'r', seat: 0 })).not.toThrow();
  });

  it('takes either form of a record where a field allows both', () => {
    expect(() => checkCall('load', {})).toThrow('engine op load needs record_json or record_kifu');
    expect(() => checkCall('load', { record_json: '{}' })).not.toThrow();
    expect(() => checkCall('load', { record_kifu: new Uint8Array(1) })).not.toThrow();
  });

  it('knows every op the client has a method for, and the boot stages in order', () => {
    expect(Object.isFrozen(OPS)).toBe(true);
    for (const op of ['hello', 'new', 'load', 'branch', 'play', 'undo', 'takeback_refusal', 'record', 'bot_step', 'bot_begin', 'bot_think', 'bot_cancel', 'sync']) {
      expect(OPS).toHaveProperty(op);
    }
    expect(STAGES).toEqual(['runtime', 'packages', 'engine', 'ready']);
  });
});

describe('bytes across the JSON door', () => {
  it('sends Uint8Array and ArrayBuffer fields as base64', () => {
    const text = encodeRequest('load', { record_kifu: new Uint8Array([0, 1, 254, 255]), other: new Uint8Array([104, 105]).buffer });
    expect(JSON.parse(text)).toEqual({ op: 'load', record_kifu: 'AAH+/w==', other: 'aGk=' });
  });

  it('gives every *_kifu string of a reply back as the same bytes, whatever their size', () => {
    // More than one 0x8000 chunk, every byte value.
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 17 }, (_, i) => (i * 7) % 256);
    const request = JSON.parse(encodeRequest('convert', { record_kifu: bytes }));
    const reply = decodeReply(JSON.stringify({ ok: true, result: { record_kifu: request.record_kifu, seq: 3 } }));
    expect(reply.ok).toBe(true);
    expect(reply.result.seq).toBe(3);
    expect(reply.result.record_kifu).toBeInstanceOf(Uint8Array);
    expect(reply.result.record_kifu).toEqual(bytes);
  });

  it('leaves other strings alone, and a *_kifu that is not a string', () => {
    const reply = decodeReply('{"ok": true, "result": {"record_json": "AAH+", "body_kifu": null, "name_kifu_x": "AAH+"}}');
    expect(reply.result).toEqual({ record_json: 'AAH+', body_kifu: null, name_kifu_x: 'AAH+' });
  });

  it('keeps a record as the field its form needs', () => {
    const bytes = new Uint8Array([1, 2]);
    expect(recordField(bytes)).toEqual({ record_kifu: bytes });
    expect(recordField(bytes.buffer)).toEqual({ record_kifu: bytes.buffer });
    expect(recordField('{"id": "r"}')).toEqual({ record_json: '{"id": "r"}' });
  });
});

describe('ids and seeds', () => {
  it('counts move ids up by one per record, 16 hex digits each', () => {
    const a1 = newMoveId('record-a');
    const b1 = newMoveId('record-b');
    const a2 = newMoveId('record-a');
    for (const id of [a1, b1, a2]) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(BigInt(`0x${a2}`) - BigInt(`0x${a1}`)).toBe(1n);
    // Another record starts from its own random point.
    expect(b1).not.toBe(a2);
  });

  it('wraps a move id past 2**64 - 1 to 0', () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => array.fill(0xff));
    expect(newMoveId('record-wrap')).toBe('0000000000000000');
    expect(newMoveId('record-wrap')).toBe('0000000000000001');
  });

  it('makes 128-bit seeds as decimal text, which no JS number would hold', () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => array.fill(0xff));
    expect(newSeed()).toBe((2n ** 128n - 1n).toString());
    vi.restoreAllMocks();
    const seeds = Array.from({ length: 100 }, () => newSeed());
    for (const seed of seeds) {
      expect(seed).toMatch(/^(0|[1-9][0-9]*)$/);
      expect(BigInt(seed) < 2n ** 128n).toBe(true);
    }
    // 128 random bits: all but one in 2**64 of them lie past 2**64
    expect(seeds.filter((seed) => BigInt(seed) >= 2n ** 64n).length).toBeGreaterThan(98);
    expect(new Set(seeds).size).toBe(100);
  });

  it('makes record ids of the bytes asked for', () => {
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    expect(randomHex(1)).toMatch(/^[0-9a-f]{2}$/);
  });
});

it('EngineError keeps the engine\'s fields and shows its text', () => {
  const body = { kind: 'IllegalMove', code: 'not-in-hand', message: 'you do not hold it', rule_id: 'HC-3', seq: 4, text: 'IllegalMove [HC-3]: you do not hold it' };
  const err = new EngineError(body);
  expect(err).toBeInstanceOf(Error);
  expect(err.message).toBe(body.text);
  expect([err.name, err.kind, err.code, err.rule_id, err.detail, err.seq, err.body]).toEqual(['EngineError', 'IllegalMove', 'not-in-hand', 'HC-3', 'you do not hold it', 4, body]);
  const mine = new EngineError({ kind: 'IllegalMove', code: 'not-your-turn', text: 'Not your turn' });
  expect([mine.message, mine.rule_id, mine.detail, mine.seq]).toEqual(['Not your turn', '', '', null]);
});
