// The score so far (issue #38 item 3): a strip above every board with each board's
// total as the end would count the table now (the engine's `view.score`,
// core/kernel/score.py, made from what every seat may see), and the change of the last
// turn; a tap on a total opens where its points came from, in the end screen's words
// (`trail.<game>.<key>`, or the title's `scorePart(part)`: a card's or objective's name;
// `scoreNote()`: a line under it, Tulikko's lowest-wins).
import { h } from '../ui.js';
import { t, tOr } from '../i18n.js';

/** What a strip remembers between draws of the same board box: the totals last drawn,
 * each board's change when they last changed, and the breakdown left open. */
const memory = new WeakMap();

/** The words for one part of a board's score. */
export function scorePartLabel(game, part, title) {
  return title?.scorePart?.(part) ?? tOr(`trail.${game}.${part.key}`, t('score.part.other'));
}

/** The change of the last turn: the totals now against those drawn before them, kept
 * while the totals stay (a move that scores nothing for anybody keeps the last change
 * on screen). A new game, another seat count or a scrub back starts again. */
function changes(box, game, totals) {
  const before = memory.get(box);
  const same = before && before.game === game && before.totals.length === totals.length;
  let deltas = totals.map(() => 0);
  if (same) {
    const moved = totals.some((v, i) => v !== before.totals[i]);
    deltas = moved ? totals.map((v, i) => v - before.totals[i]) : before.deltas;
  }
  const open = same ? before.open : null;
  memory.set(box, { game, totals, deltas, open });
  return { deltas, open };
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

/** The strip for `box` (the board's container) from ctx.view.score; null when the view
 * carries none (an older engine, the fixture game). `title` may name parts and seats. */
export function scoreStrip(box, game, ctx, title) {
  const score = ctx.view?.score;
  if (!score || !Array.isArray(score.seats) || !score.seats.length) return null;
  const totals = score.seats.map((b) => b.total);
  const { deltas, open } = changes(box, game, totals);
  const seats = typeof ctx.seats === 'number' ? ctx.seats : Array.isArray(ctx.seats) ? ctx.seats.length : score.seats.length;
  const nameOf = (i) => (i < seats ? ctx.names(i) : title?.seatName?.(i) ?? t('score.opponent'));
  const heading = tOr(`end.score.${game}`, t('score.title'));
  const panel = h('div.score-breakdown', { id: 'score-breakdown', role: 'region', 'aria-live': 'polite', hidden: true });
  const buttons = [];
  const show = (i) => {
    const state = memory.get(box);
    if (state) state.open = i;
    buttons.forEach((b, j) => b.setAttribute('aria-expanded', String(j === i)));
    if (i === null) {
      panel.hidden = true;
      panel.replaceChildren();
      return;
    }
    const board = score.seats[i];
    panel.hidden = false;
    panel.dataset.seat = String(i);
    panel.replaceChildren(...[
      h('p.score-breakdown-head', {}, t('score.of', { name: nameOf(i), n: board.total })),
      h('dl', {}, board.parts.flatMap((p) => [h('dt', {}, scorePartLabel(game, p, title)), h('dd', {}, String(p.points))])),
      h('p.score-breakdown-last', {}, deltas[i] ? t('score.lastTurn', { change: signed(deltas[i]) }) : t('score.lastTurnNone')),
      score.public_only ? h('p.note', {}, t('score.publicOnly')) : null,
      title?.scoreNote ? h('p.note', {}, title.scoreNote()) : null,
      h('p.note', {}, t('score.ifEndedNow')),
    ].filter(Boolean));
  };
  score.seats.forEach((board, i) => {
    const b = h('button.score-seat', {
      type: 'button', 'aria-expanded': 'false', 'aria-controls': 'score-breakdown', dataset: { seat: String(i) },
      on: { click: () => show(memory.get(box)?.open === i ? null : i) },
    },
    h('span.score-name', {}, nameOf(i)), ' ', h('strong.score-total', {}, String(board.total)),
    deltas[i] ? h('span.score-delta', { 'aria-label': t('score.lastTurn', { change: signed(deltas[i]) }) }, ` ${signed(deltas[i])}`) : null);
    buttons.push(b);
  });
  const strip = h('div.score-strip', { id: 'score-strip', role: 'group', 'aria-label': heading },
    h('span.score-heading', {}, heading), ...buttons);
  const wrap = h('div.score-box', {}, strip, panel);
  if (open !== null && open < score.seats.length) show(open);
  return wrap;
}
