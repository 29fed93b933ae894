// The move list: every legal move as a button, the accessible fallback (folded, and kept
// as the player left it across redraws); a note instead where nothing can be played.
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { moveKey } from '../../kit/board.js';

/** The move list of one screen (it keeps the fold as the player left it).
 * @param {import('./layout.js').View} v */
export function moveListView(v) {
  const { actions } = v.parts;
  let listOpen = false; // the fallback move list, as the player left it
  /** @type {HTMLDetailsElement | null} the fold drawn last */
  let shown = null;
  /** @param {{legal: any[], readOnly: boolean, onMove: (move: any) => unknown, title: any}} how */
  return ({ legal, readOnly, onMove, title }) => {
    // read the fold itself: its 'toggle' event comes a task after a tap, and a redraw
    // in between would close the list the player had just opened
    if (shown) listOpen = shown.open;
    shown = null;
    actions.replaceChildren();
    if (readOnly) actions.append(h('p.note', {}, v.ctl.scrubSeq !== null ? t('scrub.readOnly') : t('game.replayNote')));
    else if (legal.length) {
      const list = h('ol.move-list', { id: 'move-list' });
      legal.forEach((move, i) => list.append(h('li', {}, h('button.move', {
        type: 'button', dataset: { index: i, type: move.type, key: moveKey(move) }, on: { click: () => onMove(move) },
      }, title.label(move)))));
      const fold = h('details.all-moves', { open: listOpen }, h('summary', { id: 'all-moves' }, t('game.allMoves', { n: legal.length })), list);
      shown = /** @type {HTMLDetailsElement} */ (fold);
      actions.append(fold);
    }
  };
}
