// Every move shows what moved: elements a board marks with `data-key` (a tile, a card,
// a pawn) glide from where they were before the redraw to where they are now (FLIP);
// a key that appears fades in; a key that disappears into a `data-anim-sink` (the hidden
// centre of Tulikko's board) is drawn sliding into it. Nothing moves for a player who
// asks for reduced motion.
const DURATION = 420;

/** Where every keyed element of `container` is on screen now. */
export function snapshot(container) {
  const rects = new Map();
  for (const el of container.querySelectorAll('[data-key]')) rects.set(el.dataset.key, { rect: el.getBoundingClientRect(), fill: fillOf(el) });
  return rects;
}

function fillOf(el) {
  const shape = el.matches('rect, circle, path') ? el : el.querySelector('rect, circle, path');
  return shape?.getAttribute('fill') || getComputedStyle(el).backgroundColor || '#888';
}

function reduced() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Animate `container` from the `before` snapshot to how it is drawn now. */
export function animateFrom(container, before) {
  if (!before?.size || reduced() || !Element.prototype.animate) return;
  const now = new Set();
  for (const el of container.querySelectorAll('[data-key]')) {
    const key = el.dataset.key;
    now.add(key);
    const old = before.get(key)?.rect;
    const rect = el.getBoundingClientRect();
    if (!rect.width) continue;
    if (!old) {
      el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION, easing: 'ease-out' });
      continue;
    }
    const scale = el instanceof SVGElement ? el.ownerSVGElement?.getScreenCTM()?.a || 1 : 1;
    const dx = (old.left + old.width / 2 - (rect.left + rect.width / 2)) / scale;
    const dy = (old.top + old.height / 2 - (rect.top + rect.height / 2)) / scale;
    if (Math.abs(dx) + Math.abs(dy) < 1) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], { duration: DURATION, easing: 'ease-in-out' });
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
  el.animate([{ transform: 'translate(0, 0)', opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0 }], { duration: DURATION, easing: 'ease-in' })
    .finished.finally(() => el.remove());
}
