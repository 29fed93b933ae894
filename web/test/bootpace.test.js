// src/bootpace.js: the boot bar moves with the time each stage is expected to take.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MS, STAGE_ORDER, fractionAt, loadPace, savePace } from '../src/bootpace.js';

const pace = { fetching: 100, runtime: 600, packages: 200, engine: 100 }; // 1000 in all

describe('fractionAt', () => {
  it('is the share of the expected time gone by, stage after stage', () => {
    expect(fractionAt(pace, 'fetching', 0)).toBe(0);
    expect(fractionAt(pace, 'runtime', 0)).toBeCloseTo(0.1);
    expect(fractionAt(pace, 'runtime', 300)).toBeCloseTo(0.4); // halfway through the longest stage
    expect(fractionAt(pace, 'packages', 100)).toBeCloseTo(0.8);
    expect(fractionAt(pace, 'ready', 0)).toBe(1);
  });

  it('never runs past 95% of a stage that takes longer than expected', () => {
    expect(fractionAt(pace, 'runtime', 60_000)).toBeCloseTo((100 + 0.95 * 600) / 1000);
    expect(fractionAt(pace, 'runtime', 60_000)).toBeLessThan(fractionAt(pace, 'packages', 0));
  });
});

describe('the pace of this device', () => {
  const store = new Map();
  beforeEach(() => {
    store.clear();
    globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)) };
  });

  it('starts from the defaults and moves halfway to what a boot took', () => {
    expect(loadPace()).toEqual(Object.fromEntries(STAGE_ORDER.map((s) => [s, DEFAULT_MS[s]])));
    savePace({ runtime: 2000 });
    expect(loadPace().runtime).toBe((DEFAULT_MS.runtime + 2000) / 2);
    expect(loadPace().packages).toBe(DEFAULT_MS.packages);
  });
});
