// The move log: what happened, in words (the newest first; another player's turn summed
// up), and that last turn in one line above the board that opens to the whole of it.
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { moveLog } from '../../kit/movelog.js';

/** @param {import('./layout.js').View} v @param {any} snap @param {any[]} log the log entries
 * @param {any} title the game's title (titles/index.js) */
export function drawLog(v, snap, log, title) {
  const { session, names } = v;
  const { logBox, lastTurn } = v.parts;
  const scrubSeq = v.ctl.scrubSeq;
  const entries = moveLog(session.game, title, log, scrubSeq === null ? snap.line : (snap.line || []).filter((/** @type {number} */ seq) => seq <= scrubSeq), names, { viewer: snap.viewSeat, last: 40, hints: session.row.hints || [] });
  logBox.replaceChildren(h('h2', {}, t('log.title')), entries.list);
  const latest = scrubSeq === null && !snap.over ? entries.latest : null;
  // another player's turn, summed up in one line that opens to the whole of it
  lastTurn.replaceChildren(...(latest && latest.seat !== snap.viewSeat ? [h('summary', {}, h('strong', {}, t('log.lastTurn', { name: names(latest.seat) })), ' ', latest.text)] : []));
  lastTurn.hidden = !lastTurn.firstChild;
}
