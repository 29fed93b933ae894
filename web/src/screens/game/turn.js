// Whose turn (or which point of the history is on screen), a bot's thinking, the page's
// title, and the notices above the board: a record under older rules, a fork or refusal
// of the backup, a hosted move rejected, another player asking to take back a move.
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import * as store from '../../storage.js';
import { titleOf } from '../../titles/index.js';
import { gameTitle } from '../../catalogue.js';
import { seatName } from '../../seats.js';
import { go } from '../../router.js';
import { dismissNotice, openOtherLine } from '../../sync.js';
import { ruleText } from '../../ruletext.js';

/** @typedef {import('./layout.js').View} View */

/** The turn line: whose turn, "viewing move N", the game over, a bot thinking.
 * @param {View} v @param {any} snap the session's snapshot */
export function drawTurn(v, snap) {
  const { session, ctl, names } = v;
  const { turn } = v.parts;
  const scrubSeq = ctl.scrubSeq;
  turn.removeAttribute('aria-busy');
  if (scrubSeq !== null) turn.textContent = t('scrub.viewing', { seq: scrubSeq, max: snap.seq });
  else if (snap.over) turn.textContent = t('game.over');
  else if (session.kind === 'hosted' && snap.pending?.length) turn.textContent = t('game.pendingHosted', { n: snap.pending.length });
  else if (snap.activeSeat !== null) turn.textContent = session.humanSeats().length > 1 ? t('game.turnOf', { name: names(snap.activeSeat) }) : t('game.yourTurn');
  else if (session.kind === 'local' && snap.toMove.every((/** @type {number} */ s) => session.row.seatKinds[s] === 'bot')) {
    turn.textContent = t('game.botThinking', { name: snap.toMove.map(names).join(t('list.sep')) }); // the engine worker searches: the screen stays live
    if (session.thinking) showThinking(v, session.thinking);
  } else turn.textContent = t('game.waitingFor', { name: snap.toMove.map(names).join(t('list.sep')) });
  turn.dataset.seat = scrubSeq === null ? snap.activeSeat ?? '' : '';
  turn.dataset.seq = String(snap.seq);
  turn.dataset.pending = String(snap.pending?.length || 0);
  turn.dataset.viewing = scrubSeq === null ? '' : String(scrubSeq);
}

/** A search bot's thinking, as far as it got: words and a determinate bar. The turn
 * line is aria-busy meanwhile, so a screen reader hears the bot's move, not every step.
 * @param {View} v @param {import('./controller.js').Thinking} progress */
export function showThinking(v, { seat, done, total }) {
  const { turn } = v.parts;
  if (v.ctl.disposed || v.ctl.scrubSeq !== null || !v.session.thinking) return;
  const name = v.names(seat);
  if (!total) {
    turn.textContent = t('game.botThinking', { name });
    return;
  }
  const pct = Math.floor((100 * done) / total);
  turn.setAttribute('aria-busy', 'true');
  turn.replaceChildren(
    h('span.turn-text', {}, t('game.botProgress', { name, pct })),
    h('progress.bot-progress', { id: 'bot-progress', max: total, value: done, 'aria-label': t('game.botThinking', { name }) }),
  );
}

/** The page is named after the game and its players (a shared replay's tab too).
 * @param {View} v */
export function setPageTitle(v) {
  const { session } = v;
  const names = Array.from({ length: session.seats }, (_, i) => seatName(session.row, i));
  document.title = t('page.game', { game: gameTitle(v.cat.games, session.game), names: names.join(t('list.sep')) });
}

/** The notices above the board, and a take-back this seat is asked to agree to.
 * @param {View} v */
export function drawNotices(v) {
  const { session, ctl, names } = v;
  const { notice } = v.parts;
  const items = [];
  const n = session.row.sync?.notice;
  // A record made under older rules replays as it was played (issue #12): say so.
  const { rules_version: recorded, engine_rules_version: current } = session.summary || {};
  if (recorded && current && recorded !== current) items.push(t('notice.olderRules', { recorded, current }));
  if (n?.kind === 'fork') items.push(t('notice.forkHere', { seq: n.parentSeq }));
  if (n?.kind === 'refused') items.push(t('notice.refusedHere', { detail: n.detail }));
  for (const r of session.row.hosted?.rejected || []) {
    if (!r.seen) items.push(t('notice.rejectedHere', { move: titleOf(session.game).label(r.move || {}), detail: ruleText(session.game, r) }));
  }
  notice.replaceChildren(...items.map((text) => h('div.notice', { role: 'alert' }, text)));
  // another player asks to take back a move: this seat's consent, with the time left
  const ask = session.askToAnswer?.();
  if (ask) {
    const seconds = Math.max(0, Math.round((ask.expires_at - Date.now()) / 1000));
    notice.prepend(h('div.notice.ask', { id: 'takeback-ask', role: 'alertdialog', 'aria-labelledby': 'takeback-ask-text' },
      h('p', { id: 'takeback-ask-text' }, t('ask.title', { name: names(ask.seat), seq: ask.to_seq }), ' ', t('ask.until', { seconds })),
      h('button.primary', { type: 'button', id: 'ask-agree', on: { click: () => ctl.act(() => session.answerAsk(true)) } }, t('ask.agree')),
      h('button', { type: 'button', id: 'ask-decline', on: { click: () => ctl.act(() => session.answerAsk(false)) } }, t('ask.decline'))));
  }
  if (n?.kind === 'fork' && session.row.sync?.lines?.length) {
    notice.append(h('button', { type: 'button', id: 'open-other-line', on: { click: () => ctl.act(async () => {
      go(`#/game/${encodeURIComponent(await openOtherLine(session.row))}`);
    }) } }, t('notice.openOtherLine')));
  }
  if (items.length) {
    notice.append(h('button', { type: 'button', id: 'dismiss-notice', on: { click: async () => { await dismissNotice(session.id); session.row = await store.getGame(session.id); v.draw(); } } }, t('notice.dismiss')));
  }
}
