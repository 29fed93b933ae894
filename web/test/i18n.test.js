// src/i18n.js: t() fills placeholders, falls back to English, then to the key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let i18n;

beforeEach(async () => {
  vi.resetModules(); // a fresh language state each test
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('navigator', { languages: ['fr-FR', 'ja-JP'], language: 'fr-FR' });
  i18n = await import('../src/i18n.js');
  i18n.addStrings({
    en: { 'test.greet': 'Hello {name}, {n} new', 'test.duck': '{name} drew {a:colour} duck.', 'test.only-en': 'English only', 'test.fn': (p) => `${p.n} × 2 = ${p.n * 2}`,
      'test.left': '{n|none left|one left|# left}', 'test.ducks': 'needs {n|# duck|# ducks}, {a:colour} first' },
    ja: { 'test.greet': '{name}さん、新着{n}件', 'test.duck': '{name}は{colour}のアヒルを引いた。', 'test.left': '残り{n|なし|#つ|#つ}', 'test.ducks': 'アヒル{n|#羽|#羽}' },
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('t', () => {
  it('fills placeholders and keeps a missing one as written', () => {
    expect(i18n.t('test.greet', { name: 'Aki', n: 3 })).toBe('Hello Aki, 3 new');
    expect(i18n.t('test.greet', { name: 'Aki' })).toBe('Hello Aki, {n} new');
    expect(i18n.t('test.greet', { name: 'Aki', n: 0 })).toBe('Hello Aki, 0 new');
  });

  it('puts the English article the value needs', () => {
    expect(i18n.t('test.duck', { name: 'You', colour: 'orange' })).toBe('You drew an orange duck.');
    expect(i18n.t('test.duck', { name: 'You', colour: 'blue' })).toBe('You drew a blue duck.');
  });

  it('speaks the language set, English where it has no words, the key where none has', () => {
    i18n.setLang('ja');
    expect(i18n.getLang()).toBe('ja');
    expect(globalThis.document.documentElement.lang).toBe('ja');
    expect(i18n.t('test.duck', { name: 'Aki', colour: '黄色' })).toBe('Akiは黄色のアヒルを引いた。');
    expect(i18n.t('test.only-en')).toBe('English only');
    expect(i18n.t('test.nowhere')).toBe('test.nowhere');
    expect(i18n.tOr('test.nowhere', 'fallback')).toBe('fallback');
    expect(i18n.tOr('test.only-en', 'fallback')).toBe('English only');
  });

  it('gives a count its plural form: one or other, and a zero form where there are three', () => {
    // "1 action(s) left", "残り0つ": the tables said "(s)" and a bare 0 before this
    expect(i18n.t('test.ducks', { n: 1, colour: 'orange' })).toBe('needs 1 duck, an orange first');
    expect(i18n.t('test.ducks', { n: 2, colour: 'blue' })).toBe('needs 2 ducks, a blue first');
    expect(i18n.t('test.ducks', { n: 0, colour: 'blue' })).toBe('needs 0 ducks, a blue first');
    expect(i18n.t('test.left', { n: 0 })).toBe('none left');
    expect(i18n.t('test.left', { n: 1 })).toBe('one left');
    expect(i18n.t('test.left', { n: 3 })).toBe('3 left');
    expect(i18n.t('test.left', {})).toBe('{n|none left|one left|# left}');
    i18n.setLang('ja');
    expect(i18n.t('test.left', { n: 0 })).toBe('残りなし');
    expect(i18n.t('test.left', { n: 1 })).toBe('残り1つ');
    expect(i18n.t('test.left', { n: 4 })).toBe('残り4つ');
    expect(i18n.t('test.ducks', { n: 1 })).toBe('アヒル1羽');
  });

  it('calls a string that is a function with the params', () => {
    expect(i18n.t('test.fn', { n: 21 })).toBe('21 × 2 = 42');
  });
});

describe('languages', () => {
  it('starts in the saved language, else the browser\'s first one it has, else English', () => {
    expect(i18n.initialLang('en')).toBe('en');
    expect(i18n.initialLang(null)).toBe('ja'); // fr-FR is not one, ja-JP is
    expect(i18n.initialLang('constructor')).toBe('ja'); // not a language, whatever Object has
    vi.stubGlobal('navigator', { languages: ['de'] });
    expect(i18n.initialLang(undefined)).toBe('en');
  });

  it('ignores a language it does not have and tells listeners of a change', () => {
    const heard = [];
    const off = i18n.onLang((lang) => heard.push(lang));
    i18n.setLang('xx');
    i18n.setLang('toString');
    expect(i18n.getLang()).toBe('en');
    i18n.setLang('ja');
    off();
    i18n.setLang('en');
    expect(heard).toEqual(['ja']);
  });

  it('picks the engine\'s bilingual field in the current language', () => {
    const info = { title_en: 'Tulikko', title_ja: 'トゥリッコ', title: 'tulikko' };
    expect(i18n.pick(info, 'title')).toBe('Tulikko');
    i18n.setLang('ja');
    expect(i18n.pick(info, 'title')).toBe('トゥリッコ');
    expect(i18n.pick({ title_en: 'Only English' }, 'title')).toBe('Only English');
    expect(i18n.pick(null, 'title')).toBe('');
  });

  it('says a clock\'s time left in words, rounded down past a minute', async () => {
    const { en } = await import('../src/strings/en.js');
    const { ja } = await import('../src/strings/ja.js');
    i18n.addStrings({ en, ja });
    i18n.setLang('en');
    const hour = 3600_000;
    expect([999, 59_000, 61_000, 23.9 * hour, 47 * hour, 72 * hour, 0].map(i18n.formatTimeLeft)).toEqual(
      ['1 s left', '59 s left', '1 min left', '23 h left', '47 h left', '3 days left', 'time is up']);
    i18n.setLang('ja');
    expect([23.5 * hour, 30 * 60_000, 3 * 24 * hour, -1].map(i18n.formatTimeLeft)).toEqual(['残り23時間', '残り30分', '残り3日', '時間切れ']);
  });
});
