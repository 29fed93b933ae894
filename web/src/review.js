// The game review on a finished game (issue #41): "Review the game" runs core's review
// (core/kernel/review.py, through core.browser review_begin / review_step /
// review_result) in the engine worker a slice at a time, with a progress bar and a
// cancel; leaving the screen cancels it. Then: a small graph of each seat's lead over
// the moves (one line per seat, its own colour and dash, the biggest swings marked), and
// per seat its weakest moves, each in words (the title's `label`) with "Play from here"
// (a branch just before that move, the scrubber's own path). A review is kept in memory
// for the session, per record and length (the same record reviews to the same bytes).
// A shared replay may carry the review its sharer made (checked by the server: the
// same record and seed give the same review): it shows at once, nothing recomputed.
import { h, s } from './ui.js';
import { t } from './i18n.js';
import { call } from './engine.js';

/** How long a slice of review_step should take (the screen stays live between). */
const SLICE_MS = 150;
const MAX_SLICE = 50;
const MARKED_SWINGS = 3;

/** Okabe–Ito colours, each seat with its own dash too (never the hue alone). */
export const SEAT_LINES = [
  { colour: '#0072B2', dash: '' },
  { colour: '#D55E00', dash: '6 3' },
  { colour: '#009E73', dash: '2 3' },
  { colour: '#CC79A7', dash: '8 3 2 3' },
];

/** Reviews made this session: `${record id}/${seq}` -> Review. */
const reviews = new Map();

/**
 * The review's panel for one game screen. `session` is a local or replay session (an
 * engine-open record); `names(seat)`, `title` (its `label(move)`), `onPlayFrom(seq)` opens
 * a branch holding entries 1..seq; `shared`, a shared replay's review as the server
 * sent it (made by the device that shared the game, recomputed by the server before it
 * is published): shown as it is, never recomputed here. Returns {el, update(snap),
 * stop(), result()}: `el` stays the same across redraws (a review running keeps running),
 * `stop()` cancels it, `result()` is the review of the record as it is, if made.
 */
export function reviewPanel({ session, names, title, onPlayFrom, shared = null }) {
  const el = h('section.review-box', { id: 'review', 'aria-labelledby': 'review-title' });
  let run = null; // {stopped} while slices run
  let shownKey = null;

  const key = () => `${session.rid}/${session.snapshot.seq}`;
  /** The shared review, for the shared record only (its seq: the moves it reviewed). */
  const sharedFor = (k) => (shared && k === `${session.rid}/${session.row.seq}` ? shared : null);

  function update() {
    if (run) return; // the progress bar is on screen
    const k = key();
    if (k === shownKey) return;
    shownKey = k;
    const done = reviews.get(k) || sharedFor(k);
    if (done) show(done);
    else showStart();
  }

  function result() {
    return reviews.get(key()) || sharedFor(key());
  }

  function showStart(message = '') {
    el.replaceChildren(
      h('button.primary', { id: 'review-start', type: 'button', on: { click: () => start() } }, t('review.start')),
      h('small.reason', {}, t('review.hint')),
      ...(message ? [h('p.note', { id: 'review-note', role: 'status' }, message)] : []), // (replaceChildren writes a null as text)
    );
  }

  async function start() {
    const k = key();
    const rid = session.rid;
    const mine = (run = { stopped: false });
    const bar = h('progress', { id: 'review-progress', max: 1, value: 0, 'aria-labelledby': 'review-status' });
    const words = h('span', { id: 'review-status', 'aria-live': 'polite' }, t('review.starting'));
    el.replaceChildren(
      h('div.review-running', {}, words, bar,
        h('button', { id: 'review-cancel', type: 'button', on: { click: () => stop() } }, t('common.cancel'))),
    );
    const began = performance.now();
    try {
      let progress = await call('review_begin', { record_id: rid });
      let slice = 1;
      while (progress.done < progress.total && !mine.stopped) {
        bar.max = progress.total;
        bar.value = progress.done;
        words.textContent = t('review.running', { done: progress.done, total: progress.total });
        const at = performance.now();
        const before = progress.done;
        progress = await call('review_step', { record_id: rid, moves: slice });
        const perMove = (performance.now() - at) / Math.max(progress.done - before, 1);
        slice = Math.max(1, Math.min(MAX_SLICE, Math.round(SLICE_MS / Math.max(perMove, 0.01))));
      }
      if (mine.stopped) {
        await call('review_cancel', { record_id: rid }).catch(() => {});
        return;
      }
      const review = await call('review_result', { record_id: rid });
      review.ms = Math.round(performance.now() - began);
      reviews.set(k, review);
      if (mine.stopped) return;
      run = null;
      shownKey = k;
      show(review);
    } catch (err) {
      run = null;
      shownKey = k;
      const msg = String(err?.message || err);
      showStart(/no bot/.test(msg) ? t('review.noJudge') : t('review.failed', { message: msg }));
    } finally {
      if (run === mine) run = null;
    }
  }

  /** Cancel a review running (a tap on Cancel, leaving the screen). */
  function stop() {
    if (!run) return;
    run.stopped = true;
    run = null;
    shownKey = key();
    showStart(t('review.cancelled'));
  }

  /** The review on screen at once; where the title words a move by its position
   * (`labelAt`: Torii's recesses name the tile there), again once each listed move's
   * position is in (the mover's view before it, from the engine). */
  function show(review) {
    showResult(review, null);
    if (!title.labelAt) return;
    const seqs = new Set([...review.summary.seats.flatMap((seat) => seat.weakest), ...review.summary.swings.slice(0, MARKED_SWINGS)]);
    const bySeq = new Map(review.entries.map((e) => [e.seq, e]));
    const shown = shownKey;
    Promise.all([...seqs].filter((seq) => bySeq.has(seq)).map(async (seq) =>
      [seq, await call('view', { record_id: session.rid, seat: bySeq.get(seq).seat, seq: seq - 1 })]))
      .then((views) => { if (!run && shownKey === shown) showResult(review, new Map(views)); })
      .catch((err) => { console.warn('review labels', err); el.dataset.labels = 'done'; });
  }

  function showResult(review, views) {
    /** A move of entry `e` in words, as it read before that move where known. */
    const label = (e, move) => (views?.has(e.seq) ? title.labelAt(move, views.get(e.seq)) : title.label(move));
    const entries = review.entries;
    const bySeq = new Map(entries.map((e) => [e.seq, e]));
    const nSeats = review.summary.seats.length;
    const lists = review.summary.seats.map((seat) => {
      const weak = seat.weakest.map((seq) => bySeq.get(seq)).filter(Boolean);
      return h('div.review-seat', { dataset: { seat: seat.seat } },
        h('h3', {}, lineKey(seat.seat), t('review.weakest', { name: names(seat.seat) })),
        weak.length ? h('ol.review-weakest', {}, weak.map((e) => h('li', { dataset: { seq: e.seq, best: JSON.stringify(e.best) } },
          h('span.review-move', {}, t('review.item', { seq: e.seq, played: label(e, e.played) })), t('review.sep'),
          h('span.review-better', {}, t('review.better', { best: label(e, e.best), loss: fmt(e.loss) })), t('review.sep'),
          h('button.review-play-from', { type: 'button', dataset: { seq: e.seq }, on: { click: () => onPlayFrom(e.seq - 1) } }, t('review.playFrom')))))
          : h('p.note', {}, t('review.none')));
    });
    const fromShare = review === shared;
    el.replaceChildren(
      h('h2', { id: 'review-title' }, t('review.title')),
      ...(fromShare ? [h('p.note', { id: 'review-shared' }, t('review.sharedNote'))] : []),
      graph(entries, nSeats, review.summary.swings.slice(0, MARKED_SWINGS), label),
      h('p.review-legend', {}, Array.from({ length: nSeats }, (_, seat) => h('span', {}, lineKey(seat), names(seat), ' ')),
        h('span', {}, h('span.review-swing-key', { 'aria-hidden': 'true' }, '◆'), ' ', t('review.swings'))),
      ...lists,
    );
    el.dataset.ms = String(review.ms ?? '');
    el.dataset.source = fromShare ? 'shared' : 'here';
    el.dataset.labels = views || !title.labelAt ? 'done' : 'pending'; // each move worded in its position
  }

  /** The lead curve: x the moves reviewed, y each seat's lead (0 dashed). */
  function graph(entries, nSeats, swings, label) {
    const W = 360, H = 120, PAD = 6;
    const leads = entries.flatMap((e) => e.leads);
    const top = Math.max(1, ...leads.map(Math.abs));
    const x = (i) => PAD + (entries.length > 1 ? (i * (W - 2 * PAD)) / (entries.length - 1) : (W - 2 * PAD) / 2);
    const y = (v) => H / 2 - (v / top) * (H / 2 - PAD);
    const lines = Array.from({ length: nSeats }, (_, seat) => s('polyline', {
      class: 'review-line', 'data-seat': seat, fill: 'none', stroke: SEAT_LINES[seat % 4].colour, 'stroke-width': 2,
      'stroke-dasharray': SEAT_LINES[seat % 4].dash || null, 'stroke-linejoin': 'round',
      points: entries.map((e, i) => `${x(i).toFixed(1)},${y(e.leads[seat] ?? 0).toFixed(1)}`).join(' '),
    }, s('title', {}, names(seat))));
    const marks = swings.map((seq) => {
      const i = entries.findIndex((e) => e.seq === seq);
      if (i < 0) return null;
      const e = entries[i];
      const cx = x(i), cy = y(e.leads[e.seat] ?? 0);
      return s('path', { class: 'review-swing', 'data-seq': seq, d: `M${cx} ${cy - 6}L${cx + 5} ${cy}L${cx} ${cy + 6}L${cx - 5} ${cy}Z`, fill: '#000', stroke: '#fff' },
        s('title', {}, t('review.swingAt', { seq, name: names(e.seat), move: label(e, e.played) })));
    });
    return s('svg', { id: 'review-graph', class: 'review-graph', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('review.graph') },
      s('line', { x1: PAD, x2: W - PAD, y1: H / 2, y2: H / 2, stroke: '#999', 'stroke-dasharray': '3 3' }),
      lines, marks);
  }

  function lineKey(seat) {
    const line = SEAT_LINES[seat % 4];
    return s('svg', { class: 'review-key', viewBox: '0 0 24 8', width: 24, height: 8, 'aria-hidden': 'true' },
      s('line', { x1: 0, x2: 24, y1: 4, y2: 4, stroke: line.colour, 'stroke-width': 3, 'stroke-dasharray': line.dash || null }));
  }

  return { el, update, stop, result };
}

function fmt(v) {
  return (Math.round(v * 10) / 10).toString();
}
