// The game screen: whose turn, the board (SVG, from the engine's view) with legal moves
// to tap/click/keyboard, the action list, undo (with the policy's reason when it is
// refused), the history scrubber with "play from here", the end screen with the scoring
// trail, share/export, report a problem, and the hot-seat "pass the device" cover.
// This is its entry: it opens the game (the last board shown while the engine boots),
// makes the controller (game/controller.js: the state and what changes it) and draws
// the views (game/*.js, one part of the screen each) from it.
import { h, toast } from '../ui.js';
import { t } from '../i18n.js';
import * as store from '../storage.js';
import { sessionFor, storedSnapshot } from '../sessions.js';
import { renderBoard, titleOf } from '../titles/index.js';
import { fitAboveBar, moveKey } from '../kit/board.js';
import { hideRefusal } from '../kit/refusal.js';
import { cachedCatalogue, catalogue, gameTitle } from '../catalogue.js';
import { seatName } from '../seats.js';
import { rerender } from '../router.js';
import { engineStatus, onEngineStatus } from '../engine.js';
import { guideRunner } from '../kit/guide.js';
import { GameController } from './game/controller.js';
import { layout } from './game/layout.js';
import { drawNotices, drawTurn, setPageTitle, showThinking } from './game/turn.js';
import { drawCover } from './game/cover.js';
import { explainBoardTaps, showError, trackTaps } from './game/refusal.js';
import { drawBoard, drawHint } from './game/board.js';
import { drawLog } from './game/log.js';
import { moveListView } from './game/movelist.js';
import { drawControls, reportButton } from './game/report.js';
import { drawBar } from './game/bar.js';
import { endView } from './game/end.js';
import { drawTable } from './game/table.js';
import { drawClock, tickClock } from './game/clock.js';

/** @param {HTMLElement} root @param {{args: string[], screen: {dispose: (() => void) | null}}} route */
export async function gameScreen(root, { args: [id], screen }) {
  const row = await store.getGame(id);
  if (!row) {
    root.append(h('h1', {}, t('game.notFound')), h('a.button', { href: '#/' }, t('nav.home')));
    return;
  }
  const games = await cachedCatalogue();
  const cat = { games, info: games.find((g) => g.id === row.game) || {} };
  const parts = layout(root, row, games);
  const { loading, boardBox, bar } = parts;
  /** @type {import('./game/layout.js').View} */
  let v;
  // A first visit (a shared link, say) has no cached catalogue: name the game once the engine can.
  if (!games.some((g) => g.id === row.game)) {
    catalogue().then((list) => {
      if (parts.kindName || !row.title) (parts.kindName || parts.title).textContent = gameTitle(list, row.game);
      cat.info = list.find((g) => g.id === row.game) || cat.info;
      cat.games = list;
      if (v && !v.ctl.disposed) setPageTitle(v);
    }, () => {});
  }
  const taps = trackTaps(root); // where the last tap was: a refusal is said next to it

  let keptTap = null; // a move tapped on the instant board before the engine was up
  const stopEngine = onEngineStatus((st) => {
    if (st.phase === 'loading') loading.textContent = keptTap ? t('game.tapKept') : `${t('game.loading')} ${Math.round(st.progress * 100)}%`;
  });

  // Instant open: while the engine boots, the board this game showed last; a tap made
  // meanwhile is kept (and said so) and played once the engine is up, if still legal.
  let disposedEarly = false;
  screen.dispose = () => { disposedEarly = true; stopEngine(); };
  const stored = engineStatus().phase === 'ready' ? null : storedSnapshot(row);
  if (stored?.view) {
    boardBox.dataset.instant = 'true';
    parts.turn.textContent = stored.over ? t('game.over') : stored.activeSeat !== null ? t('game.yourTurn') : t('game.waitingFor', { name: (stored.toMove || []).map((seat) => seatName(row, seat)).join(t('list.sep')) });
    renderBoard(row.game, boardBox, {
      view: stored.view, legal: stored.legal || [], seat: stored.viewSeat, activeSeat: stored.activeSeat,
      names: (seat) => seatName(row, seat), readOnly: row.kind === 'replay', seats: row.seats,
      onMove: (move) => {
        keptTap = move;
        for (const el of boardBox.querySelectorAll('[data-move]')) el.classList.toggle('kept', el.dataset.move === moveKey(move));
        loading.textContent = t('game.tapKept');
      },
    });
  }

  let session;
  try {
    session = await sessionFor(row);
    if (disposedEarly) return;
  } catch (err) {
    loading.textContent = `${t('game.openFailed')} ${err.message || err}`;
    loading.className = 'error';
    parts.extra.append(reportButton(cat, () => ({ row, error: err })));
    stopEngine();
    return;
  }
  loading.remove();
  stopEngine();
  delete boardBox.dataset.instant;

  const ctl = new GameController(session, {
    draw: () => draw(),
    clearError: () => { parts.errorBox.hidden = true; },
    showError: (err) => showError(v, err),
    showThinking: (progress) => showThinking(v, progress),
    reopen: () => rerender(),
  });
  // a seat beyond the record's (a solo game's automatic opponent) is named by its title
  const names = (seat) => {
    const title = titleOf(session.game);
    return seat >= session.seats && title.seatName ? title.seatName(seat) : seatName(session.row, seat);
  };
  v = { root, parts, ctl, session, draw, names, cat, taps };
  explainBoardTaps(v); // a tap on the board that plays nothing says why, next to the finger
  const moveList = moveListView(v);
  const endBox = endView(v);

  let focusWish = null; // 'board' | 'list': where keyboard focus goes back after a redraw
  async function draw() {
    if (ctl.disposed) return;
    // Keyboard play: a player whose focus was on the board or the move list gets it
    // back on the first legal target after the redraw (not lost at the page top).
    // Bots may move in between: the wish waits until a legal target is there again.
    const active = document.activeElement;
    if (boardBox.contains(active)) focusWish = 'board';
    else if (parts.actions.contains(active)) focusWish = 'list';
    else if (active?.closest?.('#step-controls')) focusWish = 'board';
    else if (active && active !== document.body) focusWish = null;
    await drawInner();
    if (focusWish && !ctl.disposed && (!document.activeElement || document.activeElement === document.body)) {
      const target = (focusWish === 'board' && boardBox.querySelector('[data-move]')) || parts.actions.querySelector('button.move') || boardBox.querySelector('[data-move]');
      if (target) {
        target.focus({ preventScroll: true });
        focusWish = null;
      }
    }
  }

  /** Every part of the screen, from the controller's state, in the screen's order. */
  async function drawInner() {
    const snap = session.snapshot;
    const title = titleOf(session.game);
    const log = await session.logEntries().catch(() => snap.entries || []);
    drawTurn(v, snap);
    drawNotices(v);
    setPageTitle(v);
    if (drawCover(v, snap, log, title)) return; // pass the device: nothing else shows
    const readOnly = ctl.scrubSeq !== null || session.kind === 'replay';
    const legal = readOnly ? [] : snap.legal;
    const onMove = (move) => ctl.play(move, snap.activeSeat);
    await drawBoard(v, snap, { legal, readOnly, onMove, title });
    drawLog(v, snap, log, title);
    moveList({ legal, readOnly, onMove, title });
    drawHint(v, readOnly);
    drawControls(v);
    drawBar(v, snap, readOnly);
    endBox.draw(snap); // the results open first (above the board)
    drawTable(v, snap, title);
    drawClock(v);
    fitAboveBar(boardBox, bar);
    ctl.guide?.draw();
    ctl.schedule();
  }
  const stopClock = tickClock(v);
  ctl.follow();

  const onKey = (e) => {
    if (e.target.closest('input, select, textarea')) return;
    if (e.key === 'z' && (e.ctrlKey || e.metaKey)) document.getElementById('undo')?.click();
  };
  document.addEventListener('keydown', onKey);
  const onNet = () => { if (!ctl.busy) draw(); };
  // The sync loop writes notices (fork kept, record refused) into the row: show them.
  const onRowChanged = async (e) => {
    if (await ctl.rowChanged(e.detail?.id)) drawNotices(v);
  };
  window.addEventListener('kifu:games-changed', onRowChanged);
  window.addEventListener('online', onNet);
  window.addEventListener('offline', onNet);
  const onResize = () => {
    fitAboveBar(boardBox, bar);
    ctl.guide?.draw();
  };
  window.addEventListener('resize', onResize);
  screen.dispose = () => {
    hideRefusal();
    ctl.dispose(); // the bot's thinking ends (its move is never played), the live socket closes
    endBox.stop(); // and a review running ends at its next slice
    document.title = t('app.title');
    stopClock();
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('online', onNet);
    window.removeEventListener('kifu:games-changed', onRowChanged);
    window.removeEventListener('offline', onNet);
    window.removeEventListener('resize', onResize);
  };
  // the guided first game (a row made by "Learn <title>"), where it stood
  const steps = session.row.guide && session.kind === 'local' ? titleOf(session.game).guide : null;
  if (steps) ctl.guide = guideRunner({ root, row: session.row, guide: steps, bar });
  await draw();
  const kept = keptTap && session.snapshot.seq === stored.seq
    ? session.snapshot.legal.find((move) => moveKey(move) === moveKey(keptTap)) : null;
  if (kept) await ctl.act(() => session.play(kept));
  else if (keptTap) toast(t('game.tapStale'));
}
