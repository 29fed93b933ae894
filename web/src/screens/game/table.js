// An online table's people and queue: the invitations still unused (at the top until
// every seat is taken: the code, the share sheet or a copy, a QR code for a player across
// the table), who else is here, and this seat's moves queued, not yet answered.
import { h, toast } from '../../ui.js';
import { formatTime, t } from '../../i18n.js';
import { gameTitle } from '../../catalogue.js';

/** @typedef {import('./layout.js').View} View */

/** @param {View} v @param {any} snap @param {any} title the game's title (titles/index.js) */
export function drawTable(v, snap, title) {
  const { session, names } = v;
  const { people, extra } = v.parts;
  extra.replaceChildren();
  people.replaceChildren();
  if (session.kind !== 'hosted') return;
  const claimed = session.row.hosted.claimed || [];
  const inv = (session.row.hosted.invites || []).filter((/** @type {any} */ i) => !claimed[i.seat]);
  if (inv.length && !snap.over) {
    people.append(h('section.invites-box', { id: 'invites', 'aria-labelledby': 'invites-title' },
      h('h2', { id: 'invites-title' }, t('invite.title')), h('ul.invites', {}, inv.map((/** @type {any} */ i) => inviteItem(v, i)))));
  }
  const here = (session.row.hosted.presence || []).filter((/** @type {any} */ p) => p.seat !== snap.viewSeat && claimed[p.seat] && session.row.seatKinds?.[p.seat] !== 'bot');
  if (here.length && !snap.over) {
    people.append(h('p.presence', { id: 'presence' }, here.map((/** @type {any} */ p) => h('span.presence-seat', { dataset: { seat: p.seat, online: String(p.online) } },
      h('span.presence-dot', { 'aria-hidden': 'true' }, p.online ? '●' : '○'), ' ',
      p.online ? t('presence.online', { name: names(p.seat) })
        : p.since ? t('presence.offlineSince', { name: names(p.seat), time: formatTime(p.since) }) : t('presence.offline', { name: names(p.seat) })))));
  }
  if (snap.pending?.length) {
    extra.append(h('div.pending', { id: 'pending' }, h('p', {}, t('game.pendingList', { n: snap.pending.length })),
      h('ul', {}, snap.pending.map((/** @type {any} */ p) => h('li', {}, p.kind === 'takeback' ? t('game.undo') : title.label(p.move))))));
  }
}

/** An invitation: the code, the system share sheet (or copy), and a QR code for a
 * player across the table.
 * @param {View} v @param {{seat: number, code: string, link?: string}} i */
function inviteItem(v, i) {
  const { session, names } = v;
  const link = i.link || `${location.origin}/#/join/${session.row.hosted.gameId}/${i.code}`;
  const qrBox = h('div.qr-box', { hidden: true });
  const share = () => (navigator.share
    ? navigator.share({ title: document.title, text: t('invite.text', { game: gameTitle(v.cat.games, session.game) }), url: link }).catch(() => {})
    : copy(link));
  return h('li', {},
    `${names(i.seat)}: `, h('code', { dataset: { seat: i.seat } }, `${session.row.hosted.gameId}/${i.code}`), ' ',
    h('button', { type: 'button', on: { click: share } }, navigator.share ? t('invite.share') : t('invite.copy')),
    h('button', { type: 'button', dataset: { qr: i.seat }, on: { click: async () => {
      if (!qrBox.firstChild) qrBox.append((await import('../../qr.js')).qrSvg(link, t('invite.qrLabel', { name: names(i.seat) })));
      qrBox.hidden = !qrBox.hidden;
    } } }, t('invite.qr')),
    qrBox);
}

/** @param {string} text */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('invite.copied'));
  } catch {
    prompt(t('invite.copyPrompt'), text);
  }
}
