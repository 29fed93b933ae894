// Japanese and English. Every string the UI shows goes through t(key, params).
// Game terms follow the glossaries of shared/rules/<game>.md.
import { en } from './strings/en.js';
import { ja } from './strings/ja.js';
import { rulesEn } from './strings/rules.en.js';
import { rulesJa } from './strings/rules.ja.js';

// The rules' refusal wordings live in their own modules (see ruletext.js).
export const LANGS = { en: { ...en, ...rulesEn }, ja: { ...ja, ...rulesJa } };
let lang = 'en';
const listeners = new Set();

/** A title's own words (titles/<id>/strings.js), added by the titles' registry. */
export function addStrings({ en: more, ja: moreJa }) {
  Object.assign(LANGS.en, more);
  Object.assign(LANGS.ja, moreJa);
}

export function initialLang(saved) {
  if (saved && LANGS[saved]) return saved;
  const nav = (navigator.languages || [navigator.language || 'en']).map((l) => l.slice(0, 2));
  return nav.find((l) => LANGS[l]) || 'en';
}

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!LANGS[next]) return;
  lang = next;
  document.documentElement.lang = next;
  for (const fn of listeners) fn(next);
}

export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** "a" or "an" before an English word ("an orange duck", "a blue tile"). */
function article(word) {
  return `${/^[aeiou]/i.test(String(word)) ? 'an' : 'a'} ${word}`;
}

/** The string for `key` in the current language, `{name}` placeholders filled;
 * `{a:name}` is the value with its English article (the value decides a or an). */
export function t(key, params = {}) {
  let text = LANGS[lang][key];
  if (text === undefined) text = LANGS.en[key];
  if (text === undefined) return key;
  if (typeof text === 'function') return text(params);
  return text.replace(/\{(a:)?(\w+)\}/g, (whole, a, name) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    return a ? article(value) : value;
  });
}

export function has(key) {
  return LANGS[lang][key] !== undefined || LANGS.en[key] !== undefined;
}

/** `t(key)`, or `fallback` where no language has the key (an engine's id we have no
 * wording for yet: better the id than the key). */
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

/** A label from the engine's bilingual fields (title_en/title_ja, label_en/label_ja). */
export function pick(obj, field) {
  if (!obj) return '';
  return obj[`${field}_${lang}`] || obj[`${field}_en`] || obj[field] || '';
}

export function formatTime(ms) {
  if (!ms) return '';
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(ms));
}
