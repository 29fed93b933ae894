// Whispering Woods' forest in its box on a small screen (#38 item 11): how large it is
// drawn, where the box scrolls to and which of its sides hide more. No DOM here
// (web/test/woods-fit.test.js); board.js measures the box and applies the answers.
//
// What a player of the table game expects: the whole forest in sight, as on the table.
// So the forest is drawn to fit its box, and only where that would make a place to tap
// smaller than a finger (`min`) is it drawn at that size and the box scrolls: then the
// box shows the places the player may tap now (as many as fit), the sides hiding more
// forest are shaded, and "Whole forest" shows it all at a glance.

/** @typedef {{x0: number, y0: number, x1: number, y1: number}} Rect  px, in the content */
/** @typedef {{left: number, top: number}} Scroll */

/** The scale (px a unit) for content of `w` × `h` units in a box of `boxW` × `boxH` px:
 * the whole content fits (never drawn larger than `max`), unless that is smaller than
 * `min` (places would be too small to tap): then `min`, and the box scrolls.
 * @param {{w: number, h: number, boxW: number, boxH: number, min: number, max: number}} a */
export function fitScale({ w, h, boxW, boxH, min, max }) {
  const fit = Math.min(boxW / w, boxH / h, max);
  return Math.max(fit, Math.min(min, max));
}

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/** Is `rect` whole inside the box scrolled to `at`? */
export function inside(rect, at, boxW, boxH) {
  return rect.x0 >= at.left - 0.5 && rect.y0 >= at.top - 0.5 && rect.x1 <= at.left + boxW + 0.5 && rect.y1 <= at.top + boxH + 0.5;
}

/** Where the box (`boxW` × `boxH` px over content of `contentW` × `contentH` px) scrolls
 * so the player sees the `places` to tap: where it is (`at`) if it shows them all; else
 * their middle if they fit in the box together; else the position showing the most of
 * them, the nearest to `at` among equals (a box scrolled by the player moves least).
 * @param {{boxW: number, boxH: number, contentW: number, contentH: number, places: Rect[], at?: Scroll}} a
 * @returns {Scroll} */
export function scrollToShow({ boxW, boxH, contentW, contentH, places, at = { left: 0, top: 0 } }) {
  const maxLeft = Math.max(0, contentW - boxW);
  const maxTop = Math.max(0, contentH - boxH);
  const here = { left: clamp(at.left, 0, maxLeft), top: clamp(at.top, 0, maxTop) };
  if (!places.length || places.every((p) => inside(p, here, boxW, boxH))) return here;
  const x0 = Math.min(...places.map((p) => p.x0));
  const x1 = Math.max(...places.map((p) => p.x1));
  const y0 = Math.min(...places.map((p) => p.y0));
  const y1 = Math.max(...places.map((p) => p.y1));
  if (x1 - x0 <= boxW && y1 - y0 <= boxH) {
    return { left: clamp((x0 + x1 - boxW) / 2, 0, maxLeft), top: clamp((y0 + y1 - boxH) / 2, 0, maxTop) };
  }
  // too far apart for the box: each place's edges are the positions worth trying
  const lefts = new Set([here.left, ...places.flatMap((p) => [p.x0, p.x1 - boxW])].map((v) => clamp(v, 0, maxLeft)));
  const tops = new Set([here.top, ...places.flatMap((p) => [p.y0, p.y1 - boxH])].map((v) => clamp(v, 0, maxTop)));
  let best = here;
  let bestSeen = -1;
  let bestMove = Infinity;
  for (const left of lefts) {
    for (const top of tops) {
      const seen = places.filter((p) => inside(p, { left, top }, boxW, boxH)).length;
      const move = Math.hypot(left - here.left, top - here.top);
      if (seen > bestSeen || (seen === bestSeen && move < bestMove)) {
        best = { left, top };
        bestSeen = seen;
        bestMove = move;
      }
    }
  }
  return best;
}

/** The box scrolled to `at` over its centre `point` (px in the content), kept inside.
 * @param {{boxW: number, boxH: number, contentW: number, contentH: number, point: [number, number]}} a
 * @returns {Scroll} */
export function centreOn({ boxW, boxH, contentW, contentH, point }) {
  return {
    left: clamp(point[0] - boxW / 2, 0, Math.max(0, contentW - boxW)),
    top: clamp(point[1] - boxH / 2, 0, Math.max(0, contentH - boxH)),
  };
}

/** The sides of the box with more content beyond them, scrolled to `at`.
 * @param {{boxW: number, boxH: number, contentW: number, contentH: number, at: Scroll}} a
 * @returns {string[]} of 'left', 'right', 'top', 'bottom' */
export function hiddenSides({ boxW, boxH, contentW, contentH, at }) {
  const sides = [];
  if (at.left > 1) sides.push('left');
  if (at.left + boxW < contentW - 1) sides.push('right');
  if (at.top > 1) sides.push('top');
  if (at.top + boxH < contentH - 1) sides.push('bottom');
  return sides;
}

/** The sides of the box beyond which some of `places` lie (wholly or in part).
 * @param {Rect[]} places @param {Scroll} at @param {number} boxW @param {number} boxH
 * @returns {string[]} */
export function placesBeyond(places, at, boxW, boxH) {
  const sides = new Set();
  for (const p of places) {
    if (p.x0 < at.left - 0.5) sides.add('left');
    if (p.x1 > at.left + boxW + 0.5) sides.add('right');
    if (p.y0 < at.top - 0.5) sides.add('top');
    if (p.y1 > at.top + boxH + 0.5) sides.add('bottom');
  }
  return ['left', 'right', 'top', 'bottom'].filter((s) => sides.has(s));
}
