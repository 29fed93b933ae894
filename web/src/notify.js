// "Your turn" notices for online games. When a sync finds that an online game has just
// become this seat's turn while Kifu is in the background, the service worker shows a
// notification; tapping it opens the game. There is no push service: it works while
// Kifu is open (a background tab, or an installed app's window), not when it is closed.
import { getSetting, setSetting } from './storage.js';
import { t } from './i18n.js';
import { cachedCatalogue, gameTitle } from './catalogue.js';

export function canNotify() {
  return 'Notification' in window && 'serviceWorker' in navigator;
}

export async function notifyEnabled() {
  return canNotify() && Notification.permission === 'granted' && (await getSetting('notifyTurn', false));
}

/** Turn the notices on (asking the browser's permission first) or off; returns whether they are on.
 * @param {boolean} on */
export async function setNotify(on) {
  const granted = !on || Notification.permission === 'granted' || (await Notification.requestPermission()) === 'granted';
  await setSetting('notifyTurn', on && granted);
  return on && granted;
}

/** After a sync of an online game (its row before and after): notify if it became this seat's turn.
 * @param {import('./storage.js').GameRow} before
 * @param {import('./storage.js').GameRow} after */
export async function noticeTurn(before, after) {
  const seat = after.hosted?.seat;
  /** @param {import('./storage.js').GameRow} row */
  const mine = (row) => !row.over && seat !== undefined && (row.toMove || []).includes(seat);
  if (mine(before) || !mine(after) || document.visibilityState !== 'hidden') return;
  if (!(await notifyEnabled())) return;
  const name = after.title || gameTitle(await cachedCatalogue(), after.game);
  const registration = await navigator.serviceWorker.ready;
  await registration.showNotification(t('notify.yourTurn'), {
    body: name,
    tag: after.id, // one notice per game: a newer one replaces it
    data: { url: `/#/game/${encodeURIComponent(after.id)}` },
  });
}
