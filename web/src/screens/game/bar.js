// The bar at the bottom, always in reach: Undo (a disabled one says why on a tap) or a
// replay's ▶ and speed, and the history scrubber; its banner at the top ("viewing move
// N", the way back, "play from here"). A running hosted game scrubs too: its past views
// come from the server.
import { h, toast, icon } from '../../ui.js';
import { t } from '../../i18n.js';
import { titleOf } from '../../titles/index.js';
import { showRefusal } from '../../kit/refusal.js';
import { scrubber } from '../../scrubber.js';
import { seatName } from '../../seats.js';
import { go } from '../../router.js';

/** @typedef {import('./layout.js').View} View */

/** "Play from here": a branch of the record at `seq`, opened.
 * @param {View} v @param {number} seq */
export function playFrom(v, seq) {
  return v.ctl.act(async () => {
    const newId = await v.session.branchAt(seq);
    toast(t('scrub.branched'));
    go(`#/game/${encodeURIComponent(newId)}`);
  });
}

/** @param {View} v @param {any} snap @param {boolean} readOnly */
export function drawBar(v, snap, readOnly) {
  const { session, ctl } = v;
  const { bar, history } = v.parts;
  const scrub = scrubber({
    max: snap.seq,
    value: ctl.scrubSeq ?? snap.seq,
    entries: snap.entries,
    describe: (/** @type {any} */ entry) => entryLabel(v, entry),
    onChange: (/** @type {number} */ seq) => ctl.scrubTo(seq, snap.seq),
    noBranch: session.kind === 'hosted' ? t('scrub.hostedNoBranch') : null, // the seed is secret until the end
    onBranch: session.kind === 'hosted' ? null : () => playFrom(v, ctl.scrubSeq ?? snap.seq),
  });
  const undo = session.undoState();
  // a disabled Undo says why on a tap: the button lets the tap through to its column
  const undoOff = !undo.enabled || readOnly;
  const undoWhy = ctl.scrubSeq !== null ? t('refuse.viewing', { seq: ctl.scrubSeq }) : undo.reason;
  /** @param {MouseEvent} e */
  const whyUndo = (e) => {
    if (undoOff) showRefusal({ text: undoWhy }, { anchor: e.currentTarget, point: e.detail ? { x: e.clientX, y: e.clientY } : null });
  };
  bar.replaceChildren(
    session.kind === 'replay' ? autoplayControls(v, snap) : h(`div.bar-undo${undoOff ? '.off' : ''}`, { id: 'undo-box', on: { click: whyUndo } },
      h('button', { id: 'undo', type: 'button', disabled: undoOff, 'aria-describedby': 'undo-reason', title: undo.reason, on: { click: () => ctl.undo() } }, '↶ ', t('game.undo')),
      h('small.reason', { id: 'undo-reason' }, h('span', { 'aria-hidden': 'true' }, undo.short), h('span.visually-hidden', {}, undo.reason))),
    scrub.bar);
  // the scrubber's disabled steps and "play from here" say why on a tap
  const ends = { 'scrub-first': 'refuse.scrubStart', 'scrub-prev': 'refuse.scrubStart', 'scrub-next': 'refuse.scrubLatest', 'scrub-last': 'refuse.scrubLatest' };
  for (const [id, key] of Object.entries(ends)) {
    const b = scrub.bar.querySelector(`#${id}`);
    if (b?.disabled) b.dataset.why = t(key);
  }
  const noBranch = scrub.banner.querySelector('#play-from-here:disabled');
  if (noBranch) noBranch.dataset.why = t('scrub.hostedNoBranch');
  history.replaceChildren(scrub.banner);
  history.hidden = ctl.scrubSeq === null;
}

/** A replay plays itself: ▶/⏸ and a speed, stepping the history from the start.
 * @param {View} v @param {any} snap */
function autoplayControls(v, snap) {
  const { autoplay } = v.ctl;
  const playing = autoplay.timer !== null;
  const speed = h('select', { id: 'autoplay-speed', 'aria-label': t('replay.speed'), on: { change: () => { autoplay.speed = Number(speed.value); } } },
    [0.5, 1, 2, 4].map((x) => h('option', { value: x, selected: x === autoplay.speed }, `${x}×`)));
  const toggle = h('button.primary', { id: 'autoplay', type: 'button', 'aria-label': playing ? t('replay.pause') : t('replay.play'), title: playing ? t('replay.pause') : t('replay.play'), on: { click: () => autoplay.toggle(snap) } }, icon(playing ? 'pause' : 'play'));
  return h('div.bar-undo.autoplay', {}, h('div.autoplay-row', {}, toggle, speed));
}

/** A step of the scrubber, in words. @param {View} v @param {any} entry */
function entryLabel(v, entry) {
  const { session } = v;
  if (!entry) return t('scrub.start');
  if (entry.kind === 'takeback') return t('scrub.takeback', { name: seatName(session.row, entry.seat), to: entry.to_seq });
  return `${seatName(session.row, entry.seat)}: ${titleOf(session.game).label(entry.move)}`;
}
