// Every string in English and Japanese (src/strings, each title's strings.js), with the
// same placeholders, and no title's key overriding another's (i18n.js addStrings).
import { describe, expect, it } from 'vitest';
import { en } from '../src/strings/en.js';
import { ja } from '../src/strings/ja.js';
import { rulesEn } from '../src/strings/rules.en.js';
import { rulesJa } from '../src/strings/rules.ja.js';

const titles = Object.entries(import.meta.glob('../src/titles/*/strings.js', { eager: true })).map(([path, mod]) => ({
  id: path.split('/').at(-2),
  en: mod.en,
  ja: mod.ja,
}));

const TABLES = [
  { name: 'app', en, ja },
  { name: 'rules', en: rulesEn, ja: rulesJa },
  ...titles.map(({ id, en: words, ja: wordsJa }) => ({ name: `title ${id}`, en: words, ja: wordsJa })),
];

/** The placeholders of a string: `{name}`, `{a:name}` and a plural `{name|one|other}`
 * all name `name`. */
const placeholders = (text) => [...new Set([...String(text).matchAll(/\{(?:a:)?(\w+)(?:\|[^{}]*)?\}/g)].map((m) => m[1]))].sort();

it('finds every title folder', () => {
  expect(titles.map((title) => title.id)).toEqual(expect.arrayContaining(['tulikko', 'ducks-in-tow', 'valley-of-the-torii', 'whispering-woods', 'rewild-south-america']));
});

describe.each(TABLES)('$name strings', (table) => {
  it('holds the same keys in English and Japanese', () => {
    expect(Object.keys(table.ja).sort()).toEqual(Object.keys(table.en).sort());
  });

  it('fills the same placeholders in both languages', () => {
    const differ = Object.keys(table.en).filter((key) => placeholders(table.en[key]).join() !== placeholders(table.ja[key]).join());
    expect(differ).toEqual([]);
  });

  it('leaves no string blank in one language only (blank: a separator, like log.join)', () => {
    const blank = (text) => typeof text === 'string' && !text.trim();
    const halfBlank = Object.keys(table.en).filter((key) => blank(table.en[key]) !== blank(table.ja[key]));
    expect(halfBlank).toEqual([]);
  });
});

it('writes a count\'s plural as its forms, never "(s)": "1 action(s) left" (i18n.js {n|one|other})', () => {
  const unsure = TABLES.flatMap((table) => Object.entries(table.en).filter(([, text]) => /\w\((s|es)\)/.test(String(text))).map(([key]) => `${table.name}: ${key}`));
  expect(unsure).toEqual([]);
});

it('no title overrides a key of the app or of another title', () => {
  const owner = new Map(Object.keys({ ...en, ...rulesEn }).map((key) => [key, 'app']));
  const clashes = Object.keys(en).filter((key) => key in rulesEn);
  for (const title of titles) {
    for (const key of Object.keys(title.en)) {
      if (owner.has(key)) clashes.push(`${key}: ${owner.get(key)} and ${title.id}`);
      owner.set(key, title.id);
    }
  }
  expect(clashes).toEqual([]);
});
