// "Your turn" notices for online games, in two ways:
// - while Kifu is open (a background tab, an installed app's window): when a sync finds
//   that an online game has just become this seat's turn, the service worker shows a
//   notification (noticeTurn);
// - while it is closed: Web Push. With the notices on, every hosted seat on this device
//   is subscribed on the server (server/push.py, syncPush) and the service worker shows
//   what the server pushes (sw.js). A browser without a push service (or one that
//   refuses it) keeps the first way only.
// Tapping a notification opens the game.
import { getSetting, setSetting, listGames } from './storage.js';
import { getLang, onLang, t } from './i18n.js';
import { cachedCatalogue, gameTitle } from './catalogue.js';
import { api } from './api.js';

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
  await syncPush();
  return on && granted;
}

/** @param {string} text base64url @returns {Uint8Array<ArrayBuffer>} */
function fromBase64Url(text) {
  const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** This browser's push subscription, made with the server's key (null: no push here). */
async function pushSubscription() {
  if (!('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const { data } = await api('GET', '/api/push/key');
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(data.public_key) });
}

/** Each running hosted seat here subscribed on the server while the notices are on,
 * unsubscribed (the table muted on this device) when they are off. Kept in the
 * setting `pushedSeats` ({row id: endpoint}), the language the server was told in
 * `pushedLang`: after a switch of language every subscription is sent again, so the
 * pushes speak the new one. A failure (offline, no push service) leaves it to the
 * next call. */
export async function syncPush() {
  if (!canNotify()) return;
  const on = await notifyEnabled();
  /** @type {Record<string, string>} */
  const pushed = { ...(await getSetting('pushedSeats', {})) };
  const relang = on && (await getSetting('pushedLang', null)) !== getLang();
  const rows = (await listGames()).filter((row) => row.kind === 'hosted' && !row.over && row.hosted?.token);
  if (!rows.some((row) => (on ? relang || pushed[row.id] === undefined : pushed[row.id] !== undefined))) return;
  let subscription;
  try {
    subscription = await pushSubscription();
  } catch (err) {
    console.warn('push', err);
    return;
  }
  if (!subscription) return;
  const json = subscription.toJSON();
  const lang = getLang();
  let failed = false;
  for (const row of rows) {
    const had = pushed[row.id];
    if (on === (had === json.endpoint) && !relang) continue;
    const gameId = row.hosted?.gameId;
    try {
      if (on) await api('POST', `/api/games/${gameId}/push`, { token: row.hosted?.token, body: { ...json, lang } });
      else await api('POST', `/api/games/${gameId}/push/unsubscribe`, { token: row.hosted?.token, body: { endpoint: had } });
      if (on) pushed[row.id] = json.endpoint || '';
      else delete pushed[row.id];
    } catch (err) {
      failed = true;
      console.warn('push', row.id, err);
    }
  }
  await setSetting('pushedSeats', pushed);
  if (on && !failed) await setSetting('pushedLang', lang);
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

/** A hosted game waiting for this device's seat (its turn, nothing of its queued).
 * @param {import('./storage.js').GameRow} row */
export function waitingForMe(row) {
  const seat = row.hosted?.seat;
  return row.kind === 'hosted' && !row.over && seat !== undefined && (row.toMove || []).includes(seat) && !(row.hosted?.pending?.length);
}

/** The installed app's icon counts the tables waiting for this player (Badging API). */
async function updateBadge() {
  if (!('setAppBadge' in navigator)) return;
  const waiting = (await listGames()).filter(waitingForMe).length;
  await (waiting ? navigator.setAppBadge(waiting) : navigator.clearAppBadge());
}

let badgeQueued = false;
/** Recount the badge once for a burst of row writes (a sync round writes a row several
 * times), not a read of every game per write. */
function queueBadge() {
  if (badgeQueued) return;
  badgeQueued = true;
  setTimeout(() => {
    badgeQueued = false;
    updateBadge().catch(() => {});
  }, 300);
}

/** Keep the push subscriptions in step: now, and when a hosted seat is new on this
 * device (each one once a page load; its moves change its row too, and ask nothing). */
export function watchPush() {
  const seen = new Set();
  const run = () => syncPush().catch((err) => console.warn('push', err));
  onLang(run); // the pushes speak the language the app does
  window.addEventListener('kifu:games-changed', (event) => {
    const id = /** @type {CustomEvent<{id: string}>} */ (event).detail?.id || '';
    if (id.startsWith('hosted-')) queueBadge();
    if (!id.startsWith('hosted-') || seen.has(id)) return;
    seen.add(id);
    run();
  });
  run();
  updateBadge().catch(() => {});
}
