// src/options.js: the new-game form offers an option only where it applies, in words
// (issue 38, item 4: Torii's solo difficulty showed in a 2-player game, its custom
// board under "Standard", Woods' level was a number with "0 for the 2-4 player game").
import { describe, expect, it } from 'vitest';
import { applies, covers, intValues, placesOf } from '../src/options.js';

const layout = { name: 'board_layout', kind: 'choice', default: 'STANDARD', choices: ['STANDARD', 'ALT1', 'CUSTOM'] };
const paper = { name: 'custom_paper', kind: 'int', default: 0, minimum: 0, maximum: 2 ** 23 - 1, when: { board_layout: ['CUSTOM'] }, rows: [6, 5, 5, 4, 3] };
const difficulty = { name: 'difficulty', kind: 'choice', default: 'medium', choices: ['easy', 'medium', 'hard'], players: [1] };
const level = { name: 'level', kind: 'int', default: 0, minimum: 0, maximum: 6, players: [1], offered: [1, 2, 3, 4, 5, 6] };
const specs = [layout, paper, difficulty, level];
const defaults = (spec) => spec.default;

describe('applies', () => {
  it('offers a solo option to one player only', () => {
    expect(applies(difficulty, specs, 1, defaults)).toBe(true);
    expect(applies(difficulty, specs, 2, defaults)).toBe(false);
    expect(applies(level, specs, 4, defaults)).toBe(false);
  });

  it('offers the custom board only under "Custom"', () => {
    expect(applies(paper, specs, 2, defaults)).toBe(false);
    expect(applies(paper, specs, 2, (s) => (s.name === 'board_layout' ? 'CUSTOM' : s.default))).toBe(true);
  });

  it('an option hanging on one that does not apply does not apply either', () => {
    const soloLayout = { ...layout, players: [1] };
    const chosen = (s) => (s.name === 'board_layout' ? 'CUSTOM' : s.default);
    expect(applies(paper, [soloLayout, paper], 2, chosen)).toBe(false);
    expect(applies(paper, [soloLayout, paper], 1, chosen)).toBe(true);
  });

  it('always offers an option with no condition', () => {
    expect(applies(layout, specs, 3, defaults)).toBe(true);
  });
});

describe('intValues', () => {
  it('offers the listed values (a level picker: 1 to 6, no 0)', () => {
    expect(intValues(level)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('offers a short range as choices, a long one as a number', () => {
    expect(intValues({ minimum: 1, maximum: 3 })).toEqual([1, 2, 3]);
    expect(intValues({ minimum: 4, maximum: 2000 })).toBeNull();
    expect(intValues({ minimum: 0 })).toBeNull();
  });
});

describe('placesOf and covers', () => {
  it('counts the places row by row from the bottom', () => {
    const rows = placesOf(paper);
    expect(rows.map((r) => r.length)).toEqual([6, 5, 5, 4, 3]);
    expect(rows[2][0]).toEqual({ row: 3, n: 1, bit: 11 });
    expect(rows[4][2].bit).toBe(22);
  });

  it('reads a mask without 32-bit operators', () => {
    expect(covers(2 ** 11 + 2 ** 12, 11)).toBe(true);
    expect(covers(2 ** 11 + 2 ** 12, 13)).toBe(false);
    expect(covers(2 ** 22, 22)).toBe(true);
  });
});
