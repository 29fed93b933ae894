// Tiny DOM helpers: h('tag.class', {attrs, on: {click}}, ...children). No framework.

export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split('.');
  const el = document.createElement(tag || 'div');
  if (classes.length) el.className = classes.join(' ');
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'on') {
      for (const [event, fn] of Object.entries(value)) el.addEventListener(event, fn);
    } else if (key === 'text') {
      el.textContent = value;
    } else if (key === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (key in el && typeof value !== 'string' && !(el instanceof SVGElement)) {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function uuid() {
  return crypto.randomUUID();
}

/** The next of the end-to-end tests' fixed seeds (localStorage `kifu.seeds`, a JSON
 * list used up in order: a game's, then its bots'), so a game they play is the same
 * game every run; undefined when there is none. */
function fixedSeed() {
  const fixed = JSON.parse(localStorage.getItem('kifu.seeds') || '[]');
  if (!Array.isArray(fixed) || !fixed.length) return undefined;
  localStorage.setItem('kifu.seeds', JSON.stringify(fixed.slice(1)));
  return fixed[0];
}

/** A seed below 2**53 so it survives JSON numbers on the JS side: a local game's bots'
 * (their choices, not the deal; the device that runs them holds the game's seed). */
export function newSeed() {
  const fixed = fixedSeed();
  if (fixed !== undefined) return Number(fixed);
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
}

/** A new game's seed: 128 random bits as decimal digits (the `new` op reads the text
 * exactly; no JS number holds it). The seed decides every hidden card, so it must be
 * past guessing. */
export function newGameSeed() {
  const fixed = fixedSeed();
  if (fixed !== undefined) return String(fixed);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`).toString();
}

export function download(filename, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A control's icon drawn as inline SVG (currentColor), never a symbol font's glyph:
 * ⏸ is in none of the fonts a phone may have (it drew an empty box). */
const ICONS = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M6 4.5h4.5v15H6zM13.5 4.5H18v15h-4.5z',
};
export function icon(name) {
  return s('svg', { class: `icon icon-${name}`, viewBox: '0 0 24 24', width: '1.2em', height: '1.2em', 'aria-hidden': 'true', focusable: 'false', style: 'vertical-align: -0.2em' },
    s('path', { d: ICONS[name], fill: 'currentColor' }));
}

/** Announce a message to screen readers and show it as a toast, above the game's bottom
 * bar when there is one (Undo and the scrubber stay in reach). */
export function toast(message, kind = 'info') {
  const region = document.getElementById('toasts');
  if (!region) return;
  const bar = document.getElementById('game-bar');
  region.style.bottom = bar && bar.getClientRects().length ? `${bar.offsetHeight + 12}px` : '';
  const item = h(`div.toast.${kind}`, { role: kind === 'error' ? 'alert' : 'status' }, message);
  region.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 8000 : 4000);
}
