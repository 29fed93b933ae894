// The hot seat's "pass the device": a real modal (focus stays inside) saying what
// happened since the acting player last saw the board; the rest of the screen is inert
// and their secrets stay off it until they say they are ready.
import { h, clear } from '../../ui.js';
import { t } from '../../i18n.js';
import { moveLog } from '../../kit/movelog.js';

/** Cover the screen when the device changes hands (the controller's `needsCover`);
 * true when it did (nothing else is drawn then).
 * @param {import('./layout.js').View} v @param {any} snap @param {any[]} log the log entries
 * @param {any} title the game's title (titles/index.js) */
export function drawCover(v, snap, log, title) {
  const { session, ctl, names, root } = v;
  const { cover, boardBox, actions, logBox } = v.parts;
  if (ctl.needsCover(snap)) {
    const since = moveLog(session.game, title, log, snap.line, names, { since: snap.activeSeat, viewer: null });
    clear(cover).append(
      h('div.cover-card', {},
        h('h2', { id: 'cover-title' }, t('cover.title', { name: names(snap.activeSeat) })),
        h('p', {}, t('cover.body', { name: names(snap.activeSeat) })),
        since.summary ? h('div.cover-summary', { id: 'cover-summary' }, h('h3', {}, t('log.sinceTitle')), since.summary) : null,
        h('button.primary', { id: 'cover-ready', type: 'button', on: { click: () => { cover.hidden = true; ctl.reveal(snap.activeSeat); } } }, t('cover.ready', { name: names(snap.activeSeat) })),
      ),
    );
    cover.setAttribute('aria-labelledby', 'cover-title');
    cover.hidden = false;
    // a real modal: the rest of the screen is inert while the device changes hands
    for (const el of root.children) if (el !== cover) /** @type {HTMLElement} */ (el).inert = true;
    boardBox.replaceChildren(h('p.hidden-board', {}, t('cover.hidden')));
    actions.replaceChildren();
    logBox.replaceChildren();
    cover.querySelector('button')?.focus();
    return true;
  }
  cover.hidden = true;
  for (const el of root.children) /** @type {HTMLElement} */ (el).inert = false;
  return false;
}
