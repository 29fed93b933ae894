// A local game's seed (web/src/ui.js newGameSeed): 128 random bits as decimal text, which
// the engine's `new` op reads exactly; the end-to-end tests' fixed seeds still come first.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { newGameSeed, newSeed } from '../src/ui.js';

/** @type {Map<string, string>} */
let stored;

beforeEach(() => {
  stored = new Map();
  globalThis.localStorage = /** @type {any} */ ({
    getItem: (/** @type {string} */ key) => stored.get(key) ?? null,
    setItem: (/** @type {string} */ key, /** @type {string} */ value) => stored.set(key, value),
  });
});

afterEach(() => {
  delete (/** @type {any} */ (globalThis)).localStorage;
});

it('makes a game seed of 128 random bits, as decimal text', () => {
  const seeds = Array.from({ length: 50 }, () => newGameSeed());
  for (const seed of seeds) {
    expect(seed).toMatch(/^(0|[1-9][0-9]*)$/);
    expect(BigInt(seed) < 2n ** 128n).toBe(true);
  }
  // below 2**64 once in 2**64 draws: a 64-bit (or 53-bit) seed would fail here
  expect(seeds.every((seed) => BigInt(seed) >= 2n ** 64n)).toBe(true);
  expect(new Set(seeds).size).toBe(50);
});

it('hands out the fixed seeds first: the game\'s as text, the bots\' as a number', () => {
  stored.set('kifu.seeds', JSON.stringify([7, 11]));
  expect(newGameSeed()).toBe('7');
  expect(newSeed()).toBe(11);
  expect(JSON.parse(stored.get('kifu.seeds') ?? 'null')).toEqual([]);
  expect(Number.isSafeInteger(newSeed())).toBe(true);
});
