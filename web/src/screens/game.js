// The game screen: whose turn, the board (SVG, from the engine's view) with legal moves
// to tap/click/keyboard, the action list, undo (with the policy's reason when it is
// refused), the history scrubber with "play from here", the end screen with the scoring
// trail, share/export, report a problem, and the hot-seat "pass the device" cover.
import { h, toast, download, clear } from '../ui.js';
import { t } from '../i18n.js';
import * as store from '../storage.js';
import { sessionFor } from '../sessions.js';
import { renderBoard, moveLabel } from '../boards/index.js';
import { scrubber } from '../scrubber.js';
import { endPanel } from '../endscreen.js';
import { reportProblem } from '../report.js';
import { shareGame } from '../share.js';
import { cachedCatalogue, catalogue, gameTitle } from '../catalogue.js';
import { rematch } from './newgame.js';
import { seatName } from './home.js';
import { go, rerender } from '../router.js';
import { dismissNotice, followHosted, openOtherLine } from '../sync.js';
import { onEngineStatus } from '../engine.js';
import { ruleText } from '../ruletext.js';
import { citesRule, hasRules } from './rules.js';

function botDelay() {
  const v = Number(localStorage.getItem('kifu.botDelay'));
  return Number.isFinite(v) && localStorage.getItem('kifu.botDelay') !== null ? v : 400;
}

export async function gameScreen(root, { args: [id], screen }) {
  const row = await store.getGame(id);
  if (!row) {
    root.append(h('h1', {}, t('game.notFound')), h('a.button', { href: '#/' }, t('nav.home')));
    return;
  }
  const games = await cachedCatalogue();
  let info = games.find((g) => g.id === row.game) || {};
  const title = h('h1.game-title', {}, row.title || gameTitle(games, row.game));
  const kindName = row.title ? h('span.game-kind', {}, gameTitle(games, row.game)) : null;
  // A first visit (a shared link, say) has no cached catalogue: name the game once the engine can.
  if (!games.some((g) => g.id === row.game)) {
    catalogue().then((list) => {
      (kindName || title).textContent = gameTitle(list, row.game);
      info = list.find((g) => g.id === row.game) || info;
    }, () => {});
  }
  const turn = h('p.turn', { id: 'turn', 'aria-live': 'polite' });
  const notice = h('div.game-notices');
  const errorBox = h('div.move-error', { id: 'move-error', role: 'alert', hidden: true });
  const boardBox = h('div.board', { id: 'board' });
  const actions = h('section.actions', { 'aria-label': t('game.actions') });
  const controls = h('div.controls');
  const scrub = h('section.scrubber-box');
  const end = h('section.end-box');
  const extra = h('section.extra');
  const cover = h('div.cover', { hidden: true, role: 'dialog', 'aria-modal': 'true' });
  const loading = h('p.loading', { role: 'status' }, t('game.loading'));
  root.append(
    h('div.game-head', {}, title, h('span.badge', {}, t(`kind.${row.kind}`)), kindName,
      hasRules(row.game) ? h('a.rules-link', { id: 'rules-link', href: `#/rules/${row.game}` }, t('howto.link')) : null),
    turn, notice, errorBox, loading,
    // The history scrubber comes after the moves: on a phone the moves the board does
    // not draw sit right below it; on a wide screen it sits under the board (column 1).
    h('div.game-layout', {}, h('div.board-col', {}, boardBox), h('div.side-col', {}, end, actions, controls, extra), scrub),
    cover,
  );

  let disposed = false;
  const stopEngine = onEngineStatus((st) => {
    if (st.phase === 'loading') loading.textContent = `${t('game.loading')} ${Math.round(st.progress * 100)}%`;
  });

  let session;
  try {
    session = await sessionFor(row);
  } catch (err) {
    loading.textContent = `${t('game.openFailed')} ${err.message || err}`;
    loading.className = 'error';
    extra.append(reportButton(() => ({ row, error: err })));
    stopEngine();
    return;
  }
  loading.remove();
  stopEngine();

  let scrubSeq = null; // null: live; a number: the read-only point shown
  let shownSeat = null; // hot seat: the seat whose secrets are on screen
  let busy = false;
  let timer = null;
  let stopLive = null; // hosted games: stops the live socket (stopLive.isOpen(): is it up)
  let lastAttempt = null;
  let lastError = null;
  let focusWish = null; // 'board' | 'list': where keyboard focus goes back after a redraw

  const showError = (err) => {
    const text = err.code || err.rule_id
      ? t('err.illegal', { text: ruleText(session.game, err) })
      : `${t('err.generic')} ${err.message || err}`;
    errorBox.textContent = text;
    // The rule ID, looked up in the how-to-play summary when it cites it.
    if (err.rule_id && citesRule(session.game, err.rule_id)) {
      errorBox.append(' ', h('a.rule-link', { href: `#/rules/${session.game}?rule=${err.rule_id}` }, t('howto.ruleLink')));
    }
    lastError = err;
    errorBox.hidden = false;
    errorBox.dataset.code = err.code || '';
  };

  async function act(fn) {
    if (busy) return;
    busy = true;
    errorBox.hidden = true;
    try {
      await fn();
    } catch (err) {
      showError(err);
    } finally {
      busy = false;
    }
    if (!disposed) draw();
  }

  function humansHere() {
    return session.humanSeats();
  }

  function needsCover(snap) {
    if (session.kind !== 'local' || snap.over || snap.activeSeat === null) return false;
    if (humansHere().length < 2) return false;
    return shownSeat !== snap.activeSeat;
  }

  async function draw() {
    if (disposed) return;
    // Keyboard play: a player whose focus was on the board or the move list gets it
    // back on the first legal target after the redraw (not lost at the page top).
    // Bots may move in between: the wish waits until a legal target is there again.
    const active = document.activeElement;
    if (boardBox.contains(active)) focusWish = 'board';
    else if (actions.contains(active)) focusWish = 'list';
    else if (active && active !== document.body) focusWish = null;
    await drawInner();
    if (focusWish && !disposed && (!document.activeElement || document.activeElement === document.body)) {
      const target = (focusWish === 'board' && boardBox.querySelector('[data-move]')) || actions.querySelector('button.move') || boardBox.querySelector('[data-move]');
      if (target) {
        target.focus({ preventScroll: true });
        focusWish = null;
      }
    }
  }

  async function drawInner() {
    const snap = session.snapshot;
    const names = (seat) => seatName(session.row, seat);
    // whose turn
    if (snap.over) turn.textContent = t('game.over');
    else if (session.kind === 'hosted' && snap.pending?.length) turn.textContent = t('game.pendingHosted', { n: snap.pending.length });
    else if (snap.activeSeat !== null) turn.textContent = humansHere().length > 1 ? t('game.turnOf', { name: names(snap.activeSeat) }) : t('game.yourTurn');
    else turn.textContent = t('game.waitingFor', { name: snap.toMove.map(names).join(', ') });
    turn.dataset.seat = snap.activeSeat ?? '';
    turn.dataset.seq = String(snap.seq);
    turn.dataset.pending = String(snap.pending?.length || 0);
    drawNotices();

    // pass the device
    if (needsCover(snap)) {
      clear(cover).append(
        h('div.cover-card', {},
          h('h2', { id: 'cover-title' }, t('cover.title', { name: names(snap.activeSeat) })),
          h('p', {}, t('cover.body', { name: names(snap.activeSeat) })),
          h('button.primary', { id: 'cover-ready', type: 'button', on: { click: () => { shownSeat = snap.activeSeat; cover.hidden = true; draw(); } } }, t('cover.ready', { name: names(snap.activeSeat) })),
        ),
      );
      cover.setAttribute('aria-labelledby', 'cover-title');
      cover.hidden = false;
      boardBox.replaceChildren(h('p.hidden-board', {}, t('cover.hidden')));
      actions.replaceChildren();
      cover.querySelector('button').focus();
      return;
    }
    cover.hidden = true;

    // board (live or a scrubbed point)
    const readOnly = scrubSeq !== null || session.kind === 'replay';
    let view = snap.view;
    let unseen = null; // a scrubbed point that could not be fetched: say why, draw no board
    if (scrubSeq !== null) {
      try {
        view = await session.viewAt(scrubSeq);
      } catch (err) {
        unseen = err.message || String(err);
      }
    }
    const legal = readOnly ? [] : snap.legal;
    const onMove = (move) => act(async () => {
      lastAttempt = null;
      try {
        return await session.play(move);
      } catch (err) {
        // Kept for "report a problem": the move that failed, by whom.
        lastAttempt = { seat: snap.activeSeat, move };
        throw err;
      }
    });
    // A scrubbed point is drawn as its view was fetched: a spectator's unless one human plays here.
    const boardSeat = scrubSeq === null ? snap.viewSeat : humansHere().length === 1 ? humansHere()[0] : null;
    if (unseen) boardBox.replaceChildren(h('p.note', { id: 'scrub-unavailable', role: 'status' }, unseen));
    else renderBoard(session.game, boardBox, { view, legal, seat: boardSeat, activeSeat: snap.activeSeat, names, readOnly, onMove, seats: session.seats });

    // action list: every legal move as a button (keyboard play, and moves the board does not draw)
    actions.replaceChildren(h('h2', {}, t('game.actions')));
    if (readOnly) actions.append(h('p.note', {}, scrubSeq !== null ? t('scrub.readOnly') : t('game.replayNote')));
    else if (!legal.length) actions.append(h('p.note', {}, snap.over ? t('game.over') : t('game.noActions')));
    else {
      const list = h('ol.move-list', { id: 'move-list' });
      legal.forEach((move, i) => list.append(h('li', {}, h('button.move', {
        type: 'button', dataset: { index: i, type: move.type }, on: { click: () => onMove(move) },
      }, moveLabel(session.game, move, view)))));
      // A long list (every space of a map) folds away on the board's side: the board
      // already offers those moves; the list stays one tap (or Tab) away.
      const fold = legal.length > 6;
      actions.append(fold ? h('details.all-moves', { open: window.matchMedia('(min-width: 900px)').matches }, h('summary', { id: 'all-moves' }, t('game.allMoves', { n: legal.length })), list) : list);
    }

    // controls
    if (session.probeUndo && !readOnly) await session.probeUndo().catch(() => {});
    const undo = session.undoState();
    const undoReason = h('small.reason', { id: 'undo-reason' }, undo.reason);
    controls.replaceChildren(
      h('div.control', {},
        h('button', { id: 'undo', type: 'button', disabled: !undo.enabled || readOnly, 'aria-describedby': 'undo-reason', on: { click: () => act(() => session.undo()) } }, t('game.undo')),
        undoReason),
      h('div.control', {},
        h('button', { id: 'export', type: 'button', on: { click: exportRecord } }, t('game.export')),
        reportButton(() => ({ row: session.row, error: errorBox.hidden ? null : lastError, attempt: errorBox.hidden ? null : lastAttempt }))),
    );

    // scrubber (a running hosted game too: its past views come from the server)
    scrub.replaceChildren(scrubber({
      max: snap.seq,
      value: scrubSeq ?? snap.seq,
      entries: snap.entries,
      describe: (entry) => entryLabel(entry),
      onChange: (seq) => { scrubSeq = seq === snap.seq ? null : seq; draw(); },
      noBranch: session.kind === 'hosted' ? t('scrub.hostedNoBranch') : null, // the seed is secret until the end
      onBranch: session.kind === 'hosted' ? null : () => act(async () => {
        const newId = await session.branchAt(scrubSeq ?? snap.seq);
        toast(t('scrub.branched'));
        go(`#/game/${encodeURIComponent(newId)}`);
      }),
    }));

    // end screen
    end.replaceChildren();
    if (snap.over && snap.outcome) {
      end.append(endPanel(session.game, snap.outcome, names, info));
      if (session.row.kind !== 'replay') end.append(shareBox(), h('button.primary.rematch', { type: 'button', id: 'rematch', title: t('end.rematchHint'), on: { click: () => act(async () => go(`#/game/${encodeURIComponent(await rematch(session.row))}`)) } }, t('end.rematch')));
      else end.append(h('p.note', {}, t('share.replayHere')));
    }

    // hosted: invitations and queued / rejected moves
    extra.replaceChildren();
    if (session.kind === 'hosted') {
      const inv = session.row.hosted.invites || [];
      if (inv.length) {
        extra.append(h('h2', {}, t('invite.title')), h('ul.invites', {}, inv.map((i) => h('li', {},
          `${names(i.seat)}: `, h('code', { dataset: { seat: i.seat } }, `${session.row.hosted.gameId}/${i.code}`), ' ',
          h('button', { type: 'button', on: { click: () => copy(i.link || `${location.origin}/#/join/${session.row.hosted.gameId}/${i.code}`) } }, t('invite.copy'))))));
      }
      if (snap.pending?.length) {
        extra.append(h('div.pending', { id: 'pending' }, h('p', {}, t('game.pendingList', { n: snap.pending.length })),
          h('ul', {}, snap.pending.map((p) => h('li', {}, p.kind === 'takeback' ? t('game.undo') : moveLabel(session.game, p.move, null))))));
      }
    }
    schedule();
  }

  function entryLabel(entry) {
    if (!entry) return t('scrub.start');
    if (entry.kind === 'takeback') return t('scrub.takeback', { name: seatName(session.row, entry.seat), to: entry.to_seq });
    return `${seatName(session.row, entry.seat)}: ${moveLabel(session.game, entry.move, null)}`;
  }

  function drawNotices() {
    const items = [];
    const n = session.row.sync?.notice;
    if (n?.kind === 'fork') items.push(t('notice.forkHere', { seq: n.parentSeq }));
    if (n?.kind === 'refused') items.push(t('notice.refusedHere', { detail: n.detail }));
    for (const r of session.row.hosted?.rejected || []) {
      if (!r.seen) items.push(t('notice.rejectedHere', { move: moveLabel(session.game, r.move || {}, null), detail: ruleText(session.game, r) }));
    }
    notice.replaceChildren(...items.map((text) => h('div.notice', { role: 'alert' }, text)));
    if (n?.kind === 'fork' && session.row.sync?.lines?.length) {
      notice.append(h('button', { type: 'button', id: 'open-other-line', on: { click: () => act(async () => {
        go(`#/game/${encodeURIComponent(await openOtherLine(session.row))}`);
      }) } }, t('notice.openOtherLine')));
    }
    if (items.length) {
      notice.append(h('button', { type: 'button', id: 'dismiss-notice', on: { click: async () => { await dismissNotice(session.id); session.row = await store.getGame(session.id); draw(); } } }, t('notice.dismiss')));
    }
  }

  function shareBox() {
    const box = h('div.share', { id: 'share-box' });
    const linkOut = h('input', { id: 'share-link', type: 'text', readonly: true, 'aria-label': t('share.link'), hidden: true });
    const button = h('button.primary', { id: 'share', type: 'button', on: { click: async () => {
      button.disabled = true;
      try {
        const link = await shareGame(session.row);
        linkOut.value = link;
        linkOut.hidden = false;
        linkOut.select();
      } catch (err) {
        toast(`${t('share.failed')} ${err.message || err}`, 'error');
      } finally {
        button.disabled = false;
      }
    } } }, t('share.button'));
    box.append(button, linkOut);
    if (session.row.shareLink) {
      linkOut.value = session.row.shareLink;
      linkOut.hidden = false;
    }
    return box;
  }

  async function exportRecord() {
    const text = session.row.record_json || session.row.hosted?.recordJson || JSON.stringify({ entries: session.snapshot.entries });
    download(`${(session.row.title || session.game).replace(/[^\w-]+/g, '_')}-${session.id.slice(0, 12)}.kifu.json`, text);
  }

  function reportButton(ctx) {
    return h('button', { id: 'report', type: 'button', on: { click: async () => {
      const c = ctx();
      const result = await reportProblem(c.row, c.error, c.attempt);
      toast(result.uploaded ? t('report.uploaded', { id: result.id }) : t('report.downloaded'));
    } } }, t('report.button'));
  }

  function schedule() {
    clearTimeout(timer);
    if (disposed) return;
    if (session.kind === 'local' && scrubSeq === null && !session.snapshot.over) {
      const botTurn = session.snapshot.toMove.some((s) => session.row.seatKinds[s] === 'bot') && session.snapshot.activeSeat === null;
      if (botTurn) timer = setTimeout(() => act(() => session.botStep()), botDelay());
    }
    if (session.kind === 'hosted' && session.snapshot.over && session.row.hosted?.recordJson) {
      timer = setTimeout(() => rerender(), 0); // reopen the finished game from its full record
      return;
    }
    if (session.kind === 'hosted' && !session.snapshot.over) {
      const key = (sn) => `${sn.seq}/${sn.pending?.length}/${sn.over}/${(sn.toMove || []).join()}/${(session.row.hosted.rejected || []).length}`;
      const before = key(session.snapshot);
      // The live socket refreshes at once; this slower poll is the fallback.
      timer = setTimeout(() => session.refresh().then(() => (key(session.snapshot) !== before ? draw() : schedule())).catch(() => schedule()), stopLive?.isOpen() ? 6000 : 1500);
    }
  }

  // Hosted games: the server's live socket rings on every new entry (SyncClient.ring).
  if (session.kind === 'hosted' && !session.snapshot.over) {
    followHosted(session.id, (type) => {
      if (type === 'entry' && !busy) session.refresh().then(() => draw()).catch(() => {});
    }).then((stop) => (disposed ? stop() : (stopLive = stop)), (err) => console.warn('live', err));
  }

  const onKey = (e) => {
    if (e.target.closest('input, select, textarea')) return;
    if (e.key === 'z' && (e.ctrlKey || e.metaKey)) document.getElementById('undo')?.click();
  };
  document.addEventListener('keydown', onKey);
  const onNet = () => { if (!busy) draw(); };
  // The sync loop writes notices (fork kept, record refused) into the row: show them.
  const onRowChanged = async (e) => {
    if (disposed || e.detail?.id !== session.id) return;
    const fresh = await store.getGame(session.id);
    if (!fresh || disposed) return;
    const before = JSON.stringify([session.row.sync?.notice, session.row.hosted?.rejected]);
    session.row.sync = fresh.sync;
    if (fresh.hosted && session.row.hosted) session.row.hosted.rejected = fresh.hosted.rejected;
    if (JSON.stringify([session.row.sync?.notice, session.row.hosted?.rejected]) !== before) drawNotices();
  };
  window.addEventListener('kifu:games-changed', onRowChanged);
  window.addEventListener('online', onNet);
  window.addEventListener('offline', onNet);
  screen.dispose = () => {
    disposed = true;
    if (stopLive) stopLive();
    clearTimeout(timer);
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('online', onNet);
    window.removeEventListener('kifu:games-changed', onRowChanged);
    window.removeEventListener('offline', onNet);
  };
  await draw();
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('invite.copied'));
  } catch {
    prompt(t('invite.copyPrompt'), text);
  }
}
