// src/jsontext.js: raw fields cut out of JSON text, so a seed past 2**53 stays exact.
import { describe, expect, it } from 'vitest';
import { rawField, seedText } from '../src/jsontext.js';

describe('rawField', () => {
  it('cuts a top-level field out as its raw text', () => {
    const text = '{"id": "r-1", "genesis": {"seed": 18446744073709551615, "game": "tulikko"}, "entries": [1, {"a": [2]}]}';
    expect(rawField(text, 'id')).toBe('"r-1"');
    expect(rawField(text, 'genesis')).toBe('{"seed": 18446744073709551615, "game": "tulikko"}');
    expect(rawField(text, 'entries')).toBe('[1, {"a": [2]}]');
    expect(rawField(text, 'missing')).toBeNull();
  });

  it('never takes a nested field of the same name, nor a name inside a string', () => {
    const text = '{"outer": {"seed": 1}, "note": "\\"seed\\": 2 {[", "seed": 3}';
    expect(rawField(text, 'seed')).toBe('3');
    expect(rawField('{"a": {"seed": 1}}', 'seed')).toBeNull();
  });

  it('reads numbers, literals and strings with escapes to their end', () => {
    const text = '{ "n" :  -1.5e3 , "t":true,"s": "a\\\\\\"b}", "z": null}';
    expect(rawField(text, 'n')).toBe('-1.5e3');
    expect(rawField(text, 't')).toBe('true');
    expect(rawField(text, 's')).toBe('"a\\\\\\"b}"');
    expect(rawField(text, 'z')).toBe('null');
  });
});

describe('seedText', () => {
  it('gives the genesis seed exactly, digits JSON.parse would round', () => {
    const record = '{"genesis": {"seed": 9007199254740993}, "entries": []}';
    expect(JSON.parse(record).genesis.seed).toBe(9007199254740992); // what parsing would do
    expect(seedText(record)).toBe('9007199254740993');
  });

  it('is null for a redacted seed or no genesis', () => {
    expect(seedText('{"genesis": {"seed": null}}')).toBeNull();
    expect(seedText('{"entries": []}')).toBeNull();
  });
});
