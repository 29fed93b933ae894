// Japanese and English. Every string the UI shows goes through t(key, params).
// Game terms follow the glossaries of shared/rules/<game>.md.
import { en } from './strings/en.js';
import { ja } from './strings/ja.js';
import { rulesEn } from './strings/rules.en.js';
import { rulesJa } from './strings/rules.ja.js';

/** A language's strings by key; a value may be a function of the params.
 * @typedef {Record<string, string | ((params: Record<string, any>) => string)>} Strings */
/** @typedef {'en' | 'ja'} Lang */

// The rules' refusal wordings live in their own modules (see ruletext.js).
/** @type {Record<Lang, Strings>} */
export const LANGS = { en: { ...en, ...rulesEn }, ja: { ...ja, ...rulesJa } };
/** @type {Lang} */
let lang = 'en';
/** @type {Set<(lang: Lang) => void>} */
const listeners = new Set();

/** @param {string | null | undefined} code @returns {code is Lang} */
const isLang = (code) => Boolean(code && Object.hasOwn(LANGS, code));

/** A title's own words (titles/<id>/strings.js), added by the titles' registry.
 * @param {{en: Strings, ja: Strings}} strings */
export function addStrings({ en: more, ja: moreJa }) {
  Object.assign(LANGS.en, more);
  Object.assign(LANGS.ja, moreJa);
}

/** The language to start in: the saved choice, else the browser's first we have.
 * @param {string | null | undefined} saved
 * @returns {Lang} */
export function initialLang(saved) {
  if (isLang(saved)) return saved;
  const nav = (navigator.languages || [navigator.language || 'en']).map((l) => l.slice(0, 2));
  return nav.find(isLang) || 'en';
}

export function getLang() {
  return lang;
}

/** @param {string} next */
export function setLang(next) {
  if (!isLang(next)) return;
  lang = next;
  document.documentElement.lang = next;
  for (const fn of listeners) fn(next);
}

/** @param {(lang: Lang) => void} fn */
export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** "a" or "an" before an English word ("an orange duck", "a blue tile").
 * @param {unknown} word */
function article(word) {
  return `${/^[aeiou]/i.test(String(word)) ? 'an' : 'a'} ${word}`;
}

/** The form of `forms` (split at `|`) for the count `value`: two forms are [one, other],
 * three are [zero, one, other] (the zero form for 0 only: "残りなし", "none left"); the
 * language's plural rules pick one or other (Japanese has no "one": always other). `#`
 * in the form is the count.
 * @param {unknown} value
 * @param {string} forms */
function plural(value, forms) {
  const list = forms.split('|');
  const n = Number(value);
  let form = list[list.length - 1];
  if (list.length === 3 && n === 0) form = list[0];
  else if (list.length > 1 && new Intl.PluralRules(lang).select(n) === 'one') form = list[list.length - 2];
  return form.replace(/#/g, String(value));
}

/** The string for `key` in the current language, `{name}` placeholders filled;
 * `{a:name}` is the value with its English article (the value decides a or an);
 * `{name|one|other}` (or `{name|zero|one|other}`) is the form for the count `name`,
 * `#` in it the count: '{n|# duck|# ducks}', '残り{n|なし|#つ|#つ}'.
 * @param {string} key
 * @param {Record<string, any>} [params]
 * @returns {string} */
export function t(key, params = {}) {
  let text = LANGS[lang][key];
  if (text === undefined) text = LANGS.en[key];
  if (text === undefined) return key;
  if (typeof text === 'function') return text(params);
  return text.replace(/\{(a:)?(\w+)(?:\|([^{}]*))?\}/g, (/** @type {string} */ whole, /** @type {string | undefined} */ a, /** @type {string} */ name, /** @type {string | undefined} */ forms) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    if (forms !== undefined) return plural(value, forms);
    return a ? article(value) : value;
  });
}

/** @param {string} key */
export function has(key) {
  return LANGS[lang][key] !== undefined || LANGS.en[key] !== undefined;
}

/** `t(key)`, or `fallback` where no language has the key (an engine's id we have no
 * wording for yet: better the id than the key).
 * @param {string} key
 * @param {string} fallback
 * @param {Record<string, any>} [params] */
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

/** A label from the engine's bilingual fields (title_en/title_ja, label_en/label_ja).
 * @param {Record<string, any> | null | undefined} obj
 * @param {string} field
 * @returns {string} */
export function pick(obj, field) {
  if (!obj) return '';
  return obj[`${field}_${lang}`] || obj[`${field}_en`] || obj[field] || '';
}

/** A moment as the current language writes a date and time ('' for none).
 * @param {number | null | undefined} ms */
export function formatTime(ms) {
  if (!ms) return '';
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(ms));
}

/** A time left in words (an online table's clock): "40 s left", "12 min left", "23 h
 * left", "3 days left" (「残り23時間」; rounded down past a minute), "time is up".
 * @param {number} ms */
export function formatTimeLeft(ms) {
  if (ms <= 0) return t('clock.up');
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return t('clock.left.s', { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('clock.left.min', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('clock.left.h', { n: hours });
  return t('clock.left.days', { n: Math.floor(hours / 24) });
}
