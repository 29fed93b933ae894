// A refused tap says why, in words, where the finger is: a tap on a space of the board
// that plays nothing now, a disabled control (Undo), a move the rules refuse. One bubble
// at a time, near the tap, inside the viewport; it goes on the next tap elsewhere, on
// Escape, when the screen changes, or after a few seconds. Players read words: the rule
// ID stays behind the "Why?" link (How to play, at that rule).
//
// Which taps count (`refusedTap`): a tap inside the board that reaches no target (no
// data-move, data-leads, data-select, button, link…) but lands on a space a board marked
// (`markSpace` in kit/board.js) or on one of its drawings (an SVG of the board that is
// not aria-hidden); and a tap on a disabled control marked `data-why` (`explainDisabled`).
import { h } from '../ui.js';
import { getLang, has, t } from '../i18n.js';

// Whatever plays, selects or opens something itself: its own tap is no refusal.
const LIVE = '[data-move], [data-leads], [data-select], .target, button, a, summary, input, select, textarea, label, dialog, [role=button], [contenteditable]';

/** The element a tap on `target` is refused at (a marked space, else the board's
 * drawing it fell on), or null when the tap is no refusal (it reached a target or a
 * control, or fell outside the board). */
export function refusedTap(target, board) {
  if (!(target instanceof Element) || !board.contains(target)) return null;
  if (target.closest(LIVE)) return null;
  const space = target.closest('[data-space]');
  if (space && board.contains(space)) return space;
  // a drawing of the board, not a decorative icon or a rule's diagram (aria-hidden)
  const drawing = target.closest('svg');
  return drawing && board.contains(drawing) && drawing.getAttribute('aria-hidden') !== 'true' ? drawing : null;
}

/** A disabled control says why on a tap. A disabled button gets no click: one marked
 * `data-why` lets the tap through (style.css: pointer-events none) to `root`, which
 * finds it under the finger and shows its `data-why`. */
export function explainDisabled(root) {
  root.addEventListener('click', (e) => {
    if (!e.detail) return; // a keyboard's click: a disabled button is never focused
    const at = { x: e.clientX, y: e.clientY };
    const hit = [...root.querySelectorAll('button:disabled[data-why]')].find((b) => {
      const r = b.getBoundingClientRect();
      return at.x >= r.left && at.x <= r.right && at.y >= r.top && at.y <= r.bottom;
    });
    if (hit) showRefusal({ text: hit.dataset.why }, { anchor: hit, point: at });
  });
}

/** The move a tap on `space` would have made (markSpace's `tried`), or null. */
export function triedMove(space) {
  try {
    return space?.dataset?.try ? JSON.parse(space.dataset.try) : null;
  } catch {
    return null;
  }
}

/** Would `tried` be played rather than refused? A legal move has every field the tap
 * names with the same value (the engine fills in a field the tap leaves out). */
export function offersMove(legal, tried) {
  return legal.some((m) => Object.entries(tried).every(([k, v]) => JSON.stringify(m[k]) === JSON.stringify(v)));
}

/** The rules' refusal (`err`: the engine's {code, rule_id, message}) in the player's
 * words: each game's wording of that code (and rule), which names no slot or recess
 * by its internal id; the engine's own message only in English and where no wording
 * exists; else null (the caller says it in general words). */
export function refusalWords(game, err) {
  const code = err?.code || '';
  const rule = err?.rule_id || '';
  const key = code ? [`rules.${game}.${code}.${rule}`, `rules.${game}.${code}`, `rules.kernel.${code}`].find(has) : undefined;
  if (key) return t(key);
  const message = String(err?.detail || err?.message || '').replace(/\s*\[[A-Z]{2,5}-\d{3}\]/g, '');
  return getLang() === 'en' && message && !/[A-Z]{2,5}-\d{3}/.test(message) ? message : null;
}

let shown = null; // {box, timer, off}

/** Take the bubble away (a tap elsewhere, Escape, a new screen). */
export function hideRefusal() {
  if (!shown) return;
  clearTimeout(shown.timer);
  shown.off();
  shown.box.remove();
  shown = null;
}

/**
 * Show why a tap did nothing: `text` (words), maybe a "Why?" link (`why`: the href of
 * How to play at the rule), near `point` ({x, y} in the viewport: where the finger was)
 * or, without one, at `anchor`'s box. Returns the bubble.
 */
export function showRefusal({ text, why = null }, { anchor = null, point = null } = {}) {
  hideRefusal();
  const box = h('div.refusal', { id: 'refusal', role: 'alert' },
    h('span.refusal-text', {}, text),
    why ? [' ', h('a.rule-link', { href: why, on: { click: () => hideRefusal() } }, t('howto.ruleLink'))] : null);
  document.body.append(box);
  place(box, point || centreOf(anchor));
  // a tap elsewhere, Escape or leaving the screen takes it away; a tap on it keeps it
  const onDown = (e) => { if (!box.contains(e.target)) hideRefusal(); };
  const onKey = (e) => { if (e.key === 'Escape') hideRefusal(); };
  const onLeave = () => hideRefusal();
  // the tap that opened it is still being handled: listen from the next one
  setTimeout(() => { if (shown?.box === box) document.addEventListener('pointerdown', onDown, true); }, 0);
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', onLeave);
  window.addEventListener('resize', onLeave);
  const off = () => {
    document.removeEventListener('pointerdown', onDown, true);
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('hashchange', onLeave);
    window.removeEventListener('resize', onLeave);
  };
  // long enough to read (a rule's wording runs to two lines), longer with a link to follow
  const timer = setTimeout(hideRefusal, Math.min(12000, 4000 + 60 * text.length + (why ? 3000 : 0)));
  shown = { box, timer, off };
  return box;
}

function centreOf(el) {
  if (!el) return { x: window.innerWidth / 2, y: window.innerHeight / 2 };
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 24) };
}

/** Above the finger when it fits (the finger hides what is under it), else below it;
 * always whole inside the viewport, 8 px from its edges. */
function place(box, { x, y }) {
  const margin = 8;
  const gap = 18;
  const vw = document.documentElement.clientWidth || window.innerWidth;
  const vh = window.innerHeight;
  box.style.maxWidth = `${Math.min(340, vw - 2 * margin)}px`;
  const { width, height } = box.getBoundingClientRect();
  const above = y - gap - height;
  const below = y + gap;
  const top = above >= margin ? above : below + height <= vh - margin ? below : Math.max(margin, vh - margin - height);
  const left = Math.min(Math.max(margin, x - width / 2), vw - margin - width);
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
  box.dataset.side = top === above ? 'above' : top === below ? 'below' : 'over';
  // the tail points at the finger
  box.style.setProperty('--tail-x', `${Math.round(Math.min(Math.max(x - left, 14), width - 14))}px`);
}
