// The board: the engine's view drawn by the title (live, or a scrubbed point fetched for
// it), the step's controls for every legal move it does not draw, the glide from where
// it was; and under it, a hint where the table allows one.
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { renderBoard, titleOf } from '../../titles/index.js';
import { drawnMoves, moveKey, stepControls } from '../../kit/board.js';
import { animateFrom, snapshot } from '../../kit/animate.js';

/** @typedef {import('./layout.js').View} View */

/** Draw the board at the controller's point of the history (a scrubbed point that
 * could not be fetched says why instead).
 * @param {View} v @param {any} snap @param {{legal: any[], readOnly: boolean, onMove: (move: any) => unknown, title: any}} how */
export async function drawBoard(v, snap, { legal, readOnly, onMove, title }) {
  const { session, ctl, names } = v;
  const { boardBox } = v.parts;
  const scrubSeq = ctl.scrubSeq;
  let view = snap.view;
  let unseen = null; // a scrubbed point that could not be fetched: say why, draw no board
  if (scrubSeq !== null) {
    try {
      view = await session.viewAt(scrubSeq);
    } catch (err) {
      unseen = /** @type {any} */ (err).message || String(err);
    }
  }
  // A scrubbed point is drawn as its view was fetched: a spectator's unless one human plays here.
  const humans = session.humanSeats();
  const boardSeat = scrubSeq === null ? snap.viewSeat : humans.length === 1 ? humans[0] : null;
  if (unseen) boardBox.replaceChildren(h('p.note', { id: 'scrub-unavailable', role: 'status' }, unseen));
  else {
    const before = snapshot(boardBox);
    renderBoard(session.game, boardBox, { view, legal, seat: boardSeat, activeSeat: scrubSeq === null ? snap.activeSeat : null, names, readOnly, onMove, seats: session.seats });
    // every legal move the board does not draw: a control beside it (the step's controls);
    // a first tap of a choice made in several taps on the board (data-leads) draws the moves it leads to
    const drawn = drawnMoves(boardBox);
    // a board that offers every move of a type through its own taps (two-tap choices) says so
    const covered = new Set([...boardBox.querySelectorAll('[data-covers]')].flatMap((el) => /** @type {HTMLElement} */ (el).dataset.covers?.split(' ') || []));
    const stepBox = stepControls(session.game, legal.filter((m) => !covered.has(m.type)), drawn, onMove, title);
    const slot = boardBox.querySelector('.step-slot');
    if (stepBox) (slot || boardBox).append(stepBox);
    animateFrom(boardBox, before);
  }
}

/** A hint, where the table allows one: the easy bot's move, marked and named, not played.
 * @param {View} v @param {boolean} readOnly */
export function drawHint(v, readOnly) {
  const { hintBox } = v.parts;
  hintBox.replaceChildren();
  if (!readOnly && v.ctl.scrubSeq === null && v.session.hintAllowed?.()) {
    const said = h('p.hint', { id: 'hint', 'aria-live': 'polite' });
    hintBox.append(h('button', { id: 'hint-ask', type: 'button', on: { click: () => showHint(v, said) } }, t('hint.ask')), said);
  }
}

/** A hint (sessions.js suggest): every place on screen that plays the suggested move
 * is marked (a board target, the first tap that leads to it, a control, the move
 * list's button), and the move is named in words. The next redraw clears it.
 * @param {View} v @param {HTMLElement} said */
async function showHint(v, said) {
  const { session, ctl, root } = v;
  if (ctl.busy) return;
  const move = await session.suggest().catch((/** @type {any} */ err) => {
    ctl.fail(err);
    return null;
  });
  if (ctl.disposed) return;
  if (!move) {
    said.textContent = t('hint.none');
    return;
  }
  const key = moveKey(move);
  for (const el of root.querySelectorAll('.hinted')) el.classList.remove('hinted');
  for (const el of root.querySelectorAll('[data-move], [data-key], [data-leads]')) {
    const data = /** @type {HTMLElement} */ (el).dataset;
    const leads = data.leads ? JSON.parse(data.leads) : [];
    if (data.move === key || data.key === key || leads.includes(key)) el.classList.add('hinted');
  }
  said.textContent = t('hint.shown', { move: titleOf(session.game).label(move) });
}
