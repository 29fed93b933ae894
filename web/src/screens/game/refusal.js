// Why something played nothing: the last action's error under the board (with "Why?"
// to How to play at the rule) and, when the rules refused what was just tapped, next to
// the finger too; a tap on the board that plays nothing says why (kit/refusal.js).
import { h } from '../../ui.js';
import { t, tOr } from '../../i18n.js';
import { citesRule } from '../../titles/index.js';
import { explainDisabled, offersMove, refusalWords, refusedTap, showRefusal, triedMove } from '../../kit/refusal.js';
import { call } from '../../engine.js';
import { ruleText } from '../../ruletext.js';

/** @typedef {import('./layout.js').View} View */

/** Where the last tap was (a refusal is said next to it); a disabled control marked
 * data-why says why on a tap.
 * @param {HTMLElement} root @returns {View['taps']} */
export function trackTaps(root) {
  /** @type {View['taps']} */
  const taps = { last: null };
  root.addEventListener('pointerdown', (e) => { taps.last = { x: e.clientX, y: e.clientY, at: performance.now() }; }, true);
  explainDisabled(root);
  return taps;
}

/** How to play at the rule, when its summary cites it (else no link).
 * @param {string} game @param {string | undefined} rule */
function whyLink(game, rule) {
  return rule && citesRule(game, rule) ? `#/rules/${game}?rule=${rule}` : null;
}

/** Say why the last action failed (the controller's `fail`).
 * @param {View} v @param {any} err */
export function showError(v, err) {
  const { session } = v;
  const { errorBox } = v.parts;
  const text = err.code || err.rule_id
    ? t('err.illegal', { text: ruleText(session.game, err) })
    : `${t('err.generic')} ${err.message || err}`;
  errorBox.textContent = text;
  errorBox.dataset.rule = err.rule_id || '';
  // "Why?": How to play, at the rule, when its summary cites it (the rule ID stays out of the text).
  if (err.rule_id && citesRule(session.game, err.rule_id)) {
    errorBox.append(' ', h('a.rule-link', { href: `#/rules/${session.game}?rule=${err.rule_id}` }, t('howto.ruleLink')));
  }
  errorBox.hidden = false;
  errorBox.dataset.code = err.code || '';
  // the rules refused what was just tapped: say so where the finger is too
  const lastTap = v.taps.last;
  if ((err.code || err.rule_id) && lastTap && performance.now() - lastTap.at < 3000) {
    showRefusal({ text: refusalWords(session.game, err) || ruleText(session.game, err), why: whyLink(session.game, err.rule_id) }, { point: lastTap });
  }
}

/** A tap on the board that plays nothing says why, next to the finger.
 * @param {View} v */
export function explainBoardTaps(v) {
  const { boardBox } = v.parts;
  boardBox.addEventListener('click', (e) => {
    const space = refusedTap(e.target, boardBox);
    if (space && !v.ctl.disposed) explainTap(v, space, e.detail ? { x: e.clientX, y: e.clientY } : null);
  });
}

/** A tap on the board that plays nothing: why, in words, next to the finger.
 * @param {View} v @param {HTMLElement} space @param {{x: number, y: number} | null} point */
async function explainTap(v, space, point) {
  const why = await whyNot(v, space);
  if (why && !v.ctl.disposed) showRefusal(why, { anchor: space, point });
}

/** Why a tap on `space` plays nothing now: the game is not at its live end, it is not
 * this player's turn, that board is another's, or (a local game) the engine's own
 * refusal of the move the tap would make, in the rule's words; else where to tap.
 * @param {View} v @param {HTMLElement} space */
async function whyNot(v, space) {
  const { session, ctl, names } = v;
  const snap = session.snapshot;
  if (session.kind === 'replay') return { text: t('refuse.replay') };
  if (ctl.scrubSeq !== null) return { text: t('refuse.viewing', { seq: ctl.scrubSeq }) };
  if (snap.over) return { text: t('refuse.over') };
  if (snap.activeSeat === null) {
    if (snap.pending?.length) return { text: t('refuse.pending') };
    return { text: t('refuse.notYourTurn', { name: snap.toMove.map(names).join(t('list.sep')) }) };
  }
  if (ctl.busy) return { text: t('refuse.busy') };
  if (space.dataset.owner) { // that board is another player's (in the title's own words, where it has them)
    const name = space.dataset.owner;
    return { text: tOr(`refuse.notYours.${session.game}`, t('refuse.notYours', { name }), { name }) };
  }
  const tried = triedMove(space);
  // A local game asks its engine why (core.browser why_not: the rule the move breaks;
  // nothing is played or recorded). A hosted game's move would go to the server:
  // never sent to ask.
  if (tried && session.kind === 'local' && !offersMove(snap.legal, tried)) {
    const refused = await call('why_not', { record_id: session.rid, seat: snap.activeSeat, move: tried }).catch(() => null);
    if (refused?.code || refused?.rule_id) return { text: refusalWords(session.game, refused) || t('refuse.rules'), why: whyLink(session.game, refused.rule_id) };
  }
  return { text: t(v.parts.boardBox.querySelector('[data-move], [data-leads]') ? 'refuse.tapHighlighted' : 'refuse.useControls') };
}
