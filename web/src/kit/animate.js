// Every move shows what moved, and nothing a player needs is hidden while it does (#38):
// elements a board marks with `data-key` (a tile, a card, a pawn) move from where they
// were before the redraw to where they are now (FLIP), by these rules:
// - a key that stays in its area (the same drawing, its SVG; else the same row, its
//   parent: told by kind and data, in the same seat's panel) moves only within it; when
//   the area itself moved (a panel above it grew, the acting panel changed places) the key
//   goes with it at once, never flying across the headings between;
// - a key that changed areas (a card from the display into a hand) glides there, when
//   both ends are on screen (else there is nothing to follow: it is simply there);
// - a key that was on the board but out of sight (a folded panel) is simply there: it
//   neither glides in from nowhere nor fades;
// - only a key new to the board fades in; a key that disappears into a `data-anim-sink`
//   (the hidden centre of Tulikko's board) is drawn sliding into it;
// - every animation of a redraw ends within DURATION (no delays, no staggering), and a
//   redraw first finishes what the previous one left running;
// - nothing moves for a player who asks for reduced motion.
const DURATION = 420;
const FADE = 240;
const ORIGIN = { left: 0, top: 0 };

/** @type {Set<Animation>} what the last redraw started */
let running = new Set();

/** Where every keyed element of `container` is on screen now, and in which area. */
export function snapshot(container) {
  const rects = new Map();
  for (const el of container.querySelectorAll('[data-key]')) {
    rects.set(el.dataset.key, { rect: el.getBoundingClientRect(), fill: fillOf(el), area: areaOf(el), origin: originOf(el) });
  }
  return rects;
}

/** A key's area: the drawing it is part of (its SVG), else its row (its parent). */
function areaEl(el) {
  return el instanceof SVGElement && el.ownerSVGElement ? el.ownerSVGElement : el.parentElement;
}

/** An area told by its kind (tag, classes, data) and the seat whose panel holds it: the
 * same row or drawing drawn again is the same area. */
function areaOf(el) {
  const area = areaEl(el);
  if (!area) return '';
  const seat = area.closest('[data-seat]')?.getAttribute('data-seat') ?? '';
  const data = [...area.attributes].filter((a) => a.name.startsWith('data-')).map((a) => `${a.name}=${a.value}`).join(' ');
  return `${seat}|${area.tagName}|${area.getAttribute('class') || ''}|${data}`;
}

/** The top left corner of a key's area, on screen. */
function originOf(el) {
  const box = areaEl(el)?.getBoundingClientRect();
  return box ? { left: box.left, top: box.top } : { left: 0, top: 0 };
}

/** Some of `rect` is in the viewport. */
function onScreen(rect) {
  return rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
}

function fillOf(el) {
  const shape = el.matches('rect, circle, path') ? el : el.querySelector('rect, circle, path');
  return shape?.getAttribute('fill') || getComputedStyle(el).backgroundColor || '#888';
}

function reduced() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** @param {Animation} animation */
function track(animation) {
  running.add(animation);
  animation.finished.then(() => running.delete(animation), () => running.delete(animation));
  return animation;
}

/** Animate `container` from the `before` snapshot to how it is drawn now. */
export function animateFrom(container, before) {
  // the previous redraw's animations end now (the snapshot took them where they were)
  const left = running;
  running = new Set();
  for (const animation of left) animation.finish();
  if (!before?.size || reduced() || !Element.prototype.animate) return;
  const now = new Set();
  for (const el of container.querySelectorAll('[data-key]')) {
    const key = el.dataset.key;
    now.add(key);
    const was = before.get(key);
    const rect = el.getBoundingClientRect();
    if (!rect.width) continue;
    if (!was) {
      track(el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE, easing: 'ease-out' }));
      continue;
    }
    const old = was.rect;
    if (!old.width) continue; // out of sight before (a folded panel): there now, as drawn
    const scale = el instanceof SVGElement ? el.ownerSVGElement?.getScreenCTM()?.a || 1 : 1;
    // in the same area: where it sat in it before, against where it sits in it now (the
    // area may have moved on screen: the key goes with it); else where it was on screen
    const same = was.area === areaOf(el);
    if (!same && !(onScreen(old) && onScreen(rect))) continue; // a glide to or from off screen: nothing to follow
    const from = same ? was.origin : ORIGIN;
    const to = same ? originOf(el) : ORIGIN;
    const dx = (old.left - from.left + old.width / 2 - (rect.left - to.left + rect.width / 2)) / scale;
    const dy = (old.top - from.top + old.height / 2 - (rect.top - to.top + rect.height / 2)) / scale;
    if (Math.abs(dx) + Math.abs(dy) < 1) continue;
    track(el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], { duration: DURATION, easing: 'ease-in-out' }));
  }
  const sink = container.querySelector('[data-anim-sink]')?.getBoundingClientRect();
  if (!sink) return;
  for (const [key, { rect, fill }] of before) {
    if (now.has(key) || !rect.width) continue;
    ghost(rect, sink, fill);
  }
}

/** A stand-in for an element that left: it slides from `from` into `to` and fades. */
function ghost(from, to, fill) {
  const el = document.createElement('div');
  el.className = 'anim-ghost';
  Object.assign(el.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`, background: fill });
  document.body.append(el);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  track(el.animate([{ transform: 'translate(0, 0)', opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0 }], { duration: DURATION, easing: 'ease-in' }))
    .finished.finally(() => el.remove());
}
