// Home: notices, my games (local and hosted, status and last move), new game, join by
// invite, open a shared replay, import a record file, the player's devices.
import { h } from '../ui.js';
import { t, formatTime, formatTimeLeft } from '../i18n.js';
import * as store from '../storage.js';
import { cachedCatalogue, catalogue, gameTitle } from '../catalogue.js';
import { go } from '../router.js';
import { importRecordFile } from '../records.js';
import { dismissNotice } from '../sync.js';
import { toast } from '../ui.js';
import { ruleText } from '../ruletext.js';
import { seatName } from '../seats.js';
import { canNotify, notifyEnabled, setNotify, waitingForMe } from '../notify.js';
import { titleOf } from '../titles/index.js';
import { lineOf, moveLog } from '../kit/movelog.js';
import { forgetGame } from '../library.js';
import { devicesSection } from './devices.js';
import { guidesSeen } from '../kit/guide.js';
import { guideButton } from './newgame.js';

export async function homeScreen(root, { screen }) {
  const list = h('ul.game-list', { 'aria-label': t('home.myGames') });
  const notices = h('section.notices', { 'aria-live': 'polite' });
  const inbox = h('section.inbox', { id: 'inbox', 'aria-labelledby': 'inbox-title' });
  const offers = h('section.guide-offers', { id: 'guide-offers', 'aria-labelledby': 'guide-offers-title', hidden: true });
  root.append(
    h('section.home-actions', {},
      h('h1', {}, t('home.title')),
      h('p.lead', {}, t('home.lead')),
      h('div.action-row', {},
        h('a.button.primary', { href: '#/new', id: 'new-game' }, t('home.newGame')),
      ),
      joinForm(),
      sharedForm(),
      importForm(),
    ),
    notices,
    inbox,
    offers,
    h('section', {}, h('h2', {}, t('home.myGames')), notifyToggle(), list),
    devicesSection(),
  );

  let games = await cachedCatalogue();
  const draw = async () => {
    const rows = await store.listGames();
    renderNotices(notices, rows, draw);
    renderInbox(inbox, rows, games);
    await renderOffers(offers, rows, games);
    list.replaceChildren(...(rows.length ? rows.map((row) => gameItem(row, games, draw)) : [h('li.empty', {}, t('home.noGames'))]));
  };
  await draw();
  catalogue().then((c) => {
    games = c;
    draw();
  }).catch(() => {});
  const onChange = () => draw();
  window.addEventListener('kifu:games-changed', onChange);
  screen.dispose = () => window.removeEventListener('kifu:games-changed', onChange);
}

/** "Learn <title>: a guided first game" (kit/guide.js) for each title with a guide never
 * played on this device whose guide was neither followed nor skipped. */
async function renderOffers(el, rows, games) {
  const seen = await guidesSeen();
  const fresh = games.filter((g) => titleOf(g.id).guide && !seen[g.id] && !rows.some((row) => row.game === g.id));
  el.hidden = !fresh.length;
  el.replaceChildren(...(fresh.length ? [h('h2', { id: 'guide-offers-title' }, t('guide.offers')),
    h('ul.guide-offer-list', {}, fresh.map((g) => h('li', {}, guideButton(g.id, gameTitle(games, g.id)))))] : []));
}

/** "Tell me when it is my turn" (notify.js); absent where the browser cannot notify. */
function notifyToggle() {
  if (!canNotify()) return null;
  const box = h('input', {
    type: 'checkbox',
    id: 'notify-turn',
    on: {
      change: async () => {
        box.checked = await setNotify(box.checked);
        if (!box.checked && Notification.permission === 'denied') toast(t('notify.denied'), 'error');
      },
    },
  });
  notifyEnabled().then((on) => { box.checked = on; });
  return h('div.field.option-bool', {}, box, h('label', { for: 'notify-turn' }, t('notify.toggle')));
}

function statusOf(row) {
  if (row.over) {
    const winners = row.outcome?.winners || [];
    return t('status.over', { winners: winners.map((s) => seatName(row, s)).join(', ') || '—' });
  }
  const toMove = row.toMove || [];
  if (row.kind === 'hosted') {
    const pending = row.hosted?.pending?.length || 0;
    if (pending) return t('status.pendingMoves', { n: pending });
    return toMove.includes(row.hosted?.seat) ? t('status.yourTurn') : t('status.waiting', { name: toMove.map((s) => seatName(row, s)).join(', ') });
  }
  const humans = (row.seatKinds || []).filter((k) => k === 'human').length;
  if (row.kind === 'local' && humans === 1 && toMove.some((s) => row.seatKinds[s] === 'human')) return t('status.yourTurn');
  return t('status.toMove', { name: toMove.map((s) => seatName(row, s)).join(', ') || '—' });
}

function gameItem(row, games, redraw) {
  // a game as a player knows it (its name and when it began), never its record id
  const rowName = (r) => `${r.title || gameTitle(games, r.game)}${r.createdAt ? ` (${formatTime(r.createdAt)})` : ''}`;
  const kindLabel = t(`kind.${row.kind}`);
  return h('li.game-item', { dataset: { id: row.id, kind: row.kind } },
    h('a.game-link', { href: `#/game/${encodeURIComponent(row.id)}` },
      h('span.game-name', {}, row.title || gameTitle(games, row.game)),
      h('span.game-meta', {},
        h('span.badge', {}, kindLabel), ' ',
        row.title ? [h('span', {}, gameTitle(games, row.game)), ' · '] : null,
        h('span.game-status', {}, statusOf(row)), ' · ',
        h('span', {}, row.lastMoveAt ? t('home.lastMove', { when: formatTime(row.lastMoveAt), seq: row.seq || 0 }) : t('home.noMoves')),
      ),
    ),
    h('button.icon.danger', {
      type: 'button',
      'aria-label': t('home.delete', { name: rowName(row) }),
      title: t('home.delete', { name: rowName(row) }),
      on: {
        click: async () => {
          if (!confirm(t('home.confirmDelete'))) return;
          await forgetGame(row); // and off the player's list on their other devices' next sync
          await store.deleteGame(row.id); // its sync state (a queue, a backup's) is in the row
          redraw();
        },
      },
    }, '✕'),
  );
}

/** The tables on other devices, most urgent first: the ones waiting for this player
 * (the longest waiting first), then the ones waiting for others (the latest first),
 * each with whose turn it is, since when, and the last turn in words. */
function renderInbox(el, rows, games) {
  const running = rows.filter((row) => row.kind === 'hosted' && !row.over);
  if (!running.length) {
    el.replaceChildren();
    return;
  }
  const mine = running.filter(waitingForMe).sort((a, b) => (a.lastMoveAt || 0) - (b.lastMoveAt || 0));
  const others = running.filter((row) => !waitingForMe(row)).sort((a, b) => (b.lastMoveAt || 0) - (a.lastMoveAt || 0));
  const item = (row) => {
    const names = (seat) => seatName(row, seat);
    const entries = row.hosted?.entries || [];
    const { latest } = moveLog(row.game, titleOf(row.game), entries, lineOf(entries), names, { viewer: row.hosted?.seat ?? null });
    return h('li.inbox-item', { dataset: { id: row.id, mine: String(waitingForMe(row)) } },
      h('a.game-link', { href: `#/game/${encodeURIComponent(row.id)}` },
        h('span.game-name', {}, row.title || gameTitle(games, row.game)),
        h('span.game-meta', {}, h('strong', {}, statusOf(row)),
          row.lastMoveAt ? [' · ', t('inbox.since', { when: formatTime(row.lastMoveAt) })] : null,
          // a clocked table: how long the seat to move has left
          row.hosted?.clock?.deadline ? h('span.inbox-clock', {}, ' · ', formatTimeLeft(row.hosted.clock.deadline - Date.now())) : null),
        latest && latest.seat !== row.hosted?.seat ? h('span.inbox-last', {}, t('log.lastTurn', { name: names(latest.seat) }), ' ', latest.text) : null));
  };
  el.replaceChildren(
    h('h2', { id: 'inbox-title' }, mine.length ? t('inbox.yourTurn', { n: mine.length }) : t('inbox.title')),
    h('ul.inbox-list', {}, [...mine, ...others].map(item)));
}

function renderNotices(el, rows, redraw) {
  const items = [];
  for (const row of rows) {
    const notice = row.sync?.notice;
    if (notice?.kind === 'fork') items.push([row, t('notice.fork', { title: row.title || row.id, seq: notice.parentSeq })]);
    if (notice?.kind === 'refused') items.push([row, t('notice.refused', { title: row.title || row.id, detail: notice.detail })]);
    for (const r of row.hosted?.rejected || []) {
      if (!r.seen) items.push([row, t('notice.rejected', { title: row.title || row.id, detail: ruleText(row.game, r) })]);
    }
  }
  el.replaceChildren(...items.map(([row, text]) => h('div.notice', { role: 'alert' },
    h('span', {}, text), ' ',
    h('a', { href: `#/game/${encodeURIComponent(row.id)}` }, t('notice.open')), ' ',
    h('button', { type: 'button', on: { click: async () => { await dismissNotice(row.id); redraw(); } } }, t('notice.dismiss')),
  )));
}

function joinForm() {
  const input = h('input', { id: 'join-code', type: 'text', autocomplete: 'off', placeholder: t('join.placeholder'), 'aria-describedby': 'join-help' });
  return h('form.inline-form', {
    on: {
      submit: (e) => {
        e.preventDefault();
        const value = input.value.trim();
        const m = value.match(/join\/([^/]+)\/([^/?#\s]+)/) || value.match(/^([^/\s]+)\/([^/\s]+)$/);
        if (!m) return toast(t('join.bad'), 'error');
        go(`#/join/${encodeURIComponent(m[1])}/${encodeURIComponent(m[2])}`);
      },
    },
  },
  h('label', { for: 'join-code' }, t('join.label')), input,
  h('button', { type: 'submit' }, t('join.submit')),
  h('small', { id: 'join-help' }, t('join.help')));
}

function sharedForm() {
  const input = h('input', { id: 'shared-link', type: 'text', autocomplete: 'off', placeholder: t('shared.placeholder') });
  return h('form.inline-form', {
    on: {
      submit: (e) => {
        e.preventDefault();
        const value = input.value.trim();
        const m = value.match(/shared\/([^/?#\s]+)(\?[^#\s]*)?/) || value.match(/^([\w-]+)$/);
        if (!m) return toast(t('shared.bad'), 'error');
        go(`#/shared/${encodeURIComponent(m[1])}${m[2] || ''}`);
      },
    },
  }, h('label', { for: 'shared-link' }, t('shared.label')), input, h('button', { type: 'submit' }, t('shared.open')));
}

function importForm() {
  // The file input itself is hidden: its label is the (translated) button.
  const input = h('input.visually-hidden', { id: 'import-file', type: 'file', accept: '.json,.kifu,application/json' });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      const id = await importRecordFile(new Uint8Array(await file.arrayBuffer()), file.name);
      go(`#/game/${encodeURIComponent(id)}`);
    } catch (err) {
      toast(`${t('import.failed')} ${err.message || err}`, 'error');
    }
  });
  return h('div.inline-form', {}, h('label.button', { for: 'import-file', tabindex: 0, role: 'button',
    on: { keydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); input.click(); } } } }, t('import.label')), input);
}
