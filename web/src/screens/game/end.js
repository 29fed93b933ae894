// The end of a game, above the board: the results, then share and rematch (a replay
// says where it can be shared from), the game review, and an abandoned table's note.
import { h, toast } from '../../ui.js';
import { t } from '../../i18n.js';
import { titleOf } from '../../titles/index.js';
import { endPanel } from '../../endscreen.js';
import { reviewPanel } from '../../review.js';
import { shareGame, shareLink } from '../../share.js';
import { gameTitle } from '../../catalogue.js';
import { rematch } from '../newgame.js';
import { seatName } from '../../seats.js';
import { go } from '../../router.js';
import { playFrom } from './bar.js';

/** @typedef {import('./layout.js').View} View */

/** The end box of one screen: it keeps the review's panel and which finished position
 * was scrolled to.
 * @param {View} v */
export function endView(v) {
  const { session, ctl, names } = v;
  const { end } = v.parts;
  let shownEnd = null; // the finished position whose results were scrolled to
  /** @type {any} the game review's panel (a finished local game or a replay) */
  let reviewer = null;

  /** @param {any} snap */
  function draw(snap) {
    end.replaceChildren();
    const endKey = snap.over && snap.outcome ? `${session.id}/${snap.seq}` : null;
    if (endKey && ctl.scrubSeq === null) {
      end.append(endPanel(session.game, snap.outcome, names, v.cat.info));
      if (session.row.kind !== 'replay') end.append(shareBox(v, () => reviewer), h('button.primary.rematch', { type: 'button', id: 'rematch', title: t('end.rematchHint'), on: { click: () => ctl.act(async () => go(`#/game/${encodeURIComponent(await rematch(session.row))}`)) } }, t('end.rematch')));
      else end.append(h('p.note', {}, t('share.replayHere')));
      // the game review: the engine holds the whole record (a finished hosted game opens
      // its full record as a replay session too; never a running seat's copy)
      if (session.kind === 'local' || session.kind === 'replay') {
        reviewer ||= reviewPanel({
          session, names, title: titleOf(session.game), shared: session.row.sharedReview || null,
          onPlayFrom: (/** @type {number} */ seq) => playFrom(v, seq),
        });
        reviewer.update();
        end.append(reviewer.el);
      }
      if (shownEnd !== endKey) {
        shownEnd = endKey;
        window.scrollTo(0, 0);
      }
    }
    // a hosted table a player left: the game ended so
    const abandoned = session.kind === 'hosted' ? session.row.hosted.abandoned : null;
    if (abandoned && snap.over && ctl.scrubSeq === null) {
      end.append(h('p.end-abandoned', { id: 'abandoned', role: 'status' }, t('end.abandoned', { name: names(abandoned.seat) })));
    }
  }

  // leaving the screen: a review running ends at its next slice
  return { draw, stop: () => reviewer?.stop() };
}

/** Share a finished game: the sharer chooses whether the players' names travel in the
 * link; the system share sheet (Web Share API) where there is one, else the link to copy.
 * @param {View} v @param {() => any} reviewer the review's panel, if any */
function shareBox(v, reviewer) {
  const { session } = v;
  const box = h('div.share', { id: 'share-box' });
  const withNames = h('input', { id: 'share-names', type: 'checkbox', checked: true });
  const linkOut = h('input', { id: 'share-link', type: 'text', readonly: true, 'aria-label': t('share.link'), hidden: true });
  const names = () => (withNames.checked ? Array.from({ length: session.seats }, (_, i) => seatName(session.row, i)) : null);
  const showLink = () => {
    if (!session.row.shareId) return null;
    linkOut.value = shareLink(session.row.shareId, names(), session.row.title);
    linkOut.hidden = false;
    return linkOut.value;
  };
  withNames.addEventListener('change', showLink);
  const button = h('button.primary', { id: 'share', type: 'button', on: { click: async () => {
    button.disabled = true;
    try {
      // the review made here travels with the share (once), to show with the replay
      const review = reviewer()?.result() || null;
      if (!session.row.shareId || (review && !session.row.reviewShared)) session.row.shareId = await shareGame(session.row, review);
      const link = showLink();
      if (navigator.share) {
        await navigator.share({ title: document.title, text: t('share.text', { game: gameTitle(v.cat.games, session.game) }), url: link }).catch(() => {});
      } else linkOut.select();
    } catch (err) {
      toast(`${t('share.failed')} ${/** @type {any} */ (err).message || err}`, 'error');
    } finally {
      button.disabled = false;
    }
  } } }, t('share.button'));
  box.append(h('label.share-names', {}, withNames, ' ', t('share.withNames')), button, linkOut);
  showLink();
  return box;
}
