// The game screen: whose turn, the board (SVG, from the engine's view) with legal moves
// to tap/click/keyboard, the action list, undo (with the policy's reason when it is
// refused), the history scrubber with "play from here", the end screen with the scoring
// trail, share/export, report a problem, and the hot-seat "pass the device" cover.
import { h, toast, download, clear, icon } from '../ui.js';
import { formatTime, formatTimeLeft, t, tOr } from '../i18n.js';
import * as store from '../storage.js';
import { sessionFor, storedSnapshot } from '../sessions.js';
import { citesRule, hasRules, renderBoard, titleOf } from '../titles/index.js';
import { drawnMoves, fitAboveBar, moveKey, stepControls } from '../kit/board.js';
import { explainDisabled, hideRefusal, offersMove, refusalWords, refusedTap, showRefusal, triedMove } from '../kit/refusal.js';
import { scrubber } from '../scrubber.js';
import { moveLog } from '../kit/movelog.js';
import { animateFrom, snapshot } from '../kit/animate.js';
import { endPanel } from '../endscreen.js';
import { reviewPanel } from '../review.js';
import { reportProblem, reportSummary } from '../report.js';
import { shareGame, shareLink } from '../share.js';
import { cachedCatalogue, catalogue, gameTitle } from '../catalogue.js';
import { rematch } from './newgame.js';
import { seatName } from '../seats.js';
import { go, rerender } from '../router.js';
import { dismissNotice, followHosted, openOtherLine } from '../sync.js';
import { call, engineStatus, onEngineStatus } from '../engine.js';
import { ruleText } from '../ruletext.js';
import { guideRunner } from '../kit/guide.js';

/** The pause before a bot answers (ms): the person's move is seen landing first. The
 * further steps of the same bot's turn follow at once, drawn together (`schedule`): a
 * turn of ten steps (Ducks in Tow) paused 400 ms a step took 4 s; the board glides from
 * where the turn began and the log sums it up. Test hook: localStorage 'kifu.botDelay'. */
/** At most this many steps of a bot's turn are played between two redraws. */
const BOT_STEPS_UNDRAWN = 16;

function botDelay() {
  const v = Number(localStorage.getItem('kifu.botDelay'));
  return Number.isFinite(v) && localStorage.getItem('kifu.botDelay') !== null ? v : 250;
}

export async function gameScreen(root, { args: [id], screen }) {
  const row = await store.getGame(id);
  if (!row) {
    root.append(h('h1', {}, t('game.notFound')), h('a.button', { href: '#/' }, t('nav.home')));
    return;
  }
  let games = await cachedCatalogue();
  let info = games.find((g) => g.id === row.game) || {};
  const title = h('h1.game-title', {}, row.title || gameTitle(games, row.game));
  // the game's name beside a table's own title, unless that title holds it already (a
  // branch: "Tulikko (from move 69)")
  const kindName = row.title && !row.title.includes(gameTitle(games, row.game)) ? h('span.game-kind', {}, gameTitle(games, row.game)) : null;
  // A first visit (a shared link, say) has no cached catalogue: name the game once the engine can.
  if (!games.some((g) => g.id === row.game)) {
    catalogue().then((list) => {
      if (kindName || !row.title) (kindName || title).textContent = gameTitle(list, row.game);
      info = list.find((g) => g.id === row.game) || info;
      games = list;
      if (!disposed && session) setPageTitle();
    }, () => {});
  }
  const turn = h('p.turn', { id: 'turn', 'aria-live': 'polite' });
  const history = h('div.history-banner', { id: 'history-banner', hidden: true });
  const lastTurn = h('details.last-turn', { id: 'last-turn', hidden: true });
  const notice = h('div.game-notices');
  const people = h('div.table-people', { id: 'table-people' });
  // an online table's clock: the time left for the seat to move, in words
  const clockLine = h('p.clock-left', { id: 'clock-left', hidden: true });
  const errorBox = h('div.move-error', { id: 'move-error', role: 'alert', hidden: true });
  const boardBox = h('div.board', { id: 'board' });
  const hintBox = h('div.hint-box', { id: 'hint-box' }); // a hint, under the board
  const actions = h('section.actions', { 'aria-label': t('game.actions') });
  const logBox = h('section.move-log-box', { 'aria-label': t('log.title') });
  const controls = h('div.controls');
  const bar = h('div.game-bar', { id: 'game-bar' });
  const end = h('section.end-box');
  const extra = h('section.extra');
  const cover = h('div.cover', { hidden: true, role: 'dialog', 'aria-modal': 'true' });
  const loading = h('p.loading', { role: 'status' }, t('game.loading'));
  // One screen on a phone: the head, the turn (or "viewing move N"), then the board with
  // the acting player's panel and the step's controls; undo and the history scrubber in
  // a bar that stays at the bottom; the move log, the fallback move list and the rest after.
  root.append(
    // the turn shares the head's line when it fits (a phone's height goes to the board)
    h('div.game-head', {}, title, h('span.badge', {}, t(`kind.${row.kind}`)), kindName, turn,
      hasRules(row.game) ? h('a.rules-link', { id: 'rules-link', href: `#/rules/${row.game}` }, t('howto.link')) : null),
    history, lastTurn, notice, clockLine, people, errorBox, loading, end,
    h('div.game-layout', {}, h('div.board-col', {}, boardBox, hintBox), h('div.side-col', {}, logBox, actions, controls, extra)),
    h('div.game-bar-space'), bar, cover,
  );

  // Where the last tap was: a refusal is said next to it (kit/refusal.js).
  let lastTap = null;
  root.addEventListener('pointerdown', (e) => { lastTap = { x: e.clientX, y: e.clientY, at: performance.now() }; }, true);
  explainDisabled(root); // a disabled control marked data-why says why on a tap

  let disposed = false;
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
    turn.textContent = stored.over ? t('game.over') : stored.activeSeat !== null ? t('game.yourTurn') : t('game.waitingFor', { name: (stored.toMove || []).map((seat) => seatName(row, seat)).join(t('list.sep')) });
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
    extra.append(reportButton(() => ({ row, error: err })));
    stopEngine();
    return;
  }
  loading.remove();
  stopEngine();
  delete boardBox.dataset.instant;
  // A tap on the board that plays nothing says why, next to the finger.
  boardBox.addEventListener('click', (e) => {
    const space = refusedTap(e.target, boardBox);
    if (space && !disposed) explainTap(space, e.detail ? { x: e.clientX, y: e.clientY } : null);
  });

  let scrubSeq = null; // null: live; a number: the read-only point shown
  let shownSeat = null; // hot seat: the seat whose secrets are on screen
  let busy = false;
  let timer = null;
  let botRun = null; // the bot's move being made (a promise), which an undo waits out
  let botLast = null; // { seq, seat }: the bot move last played here (its turn goes on at once)
  let botHold = false; // an undo waits: the bot's turn stops after the step it is making
  let stopLive = null; // hosted games: stops the live socket (stopLive.isOpen(): is it up)
  let lastAttempt = null;
  let lastError = null;
  let focusWish = null; // 'board' | 'list': where keyboard focus goes back after a redraw
  let shownEnd = null; // the finished position whose results were scrolled to
  const autoplay = { timer: null, speed: 1 }; // a replay playing itself
  let listOpen = false; // the fallback move list, as the player left it
  let reviewer = null; // the game review's panel (a finished local game or a replay)
  let guide = null; // the guided first game's steps (kit/guide.js), while they run

  const showError = (err) => {
    const text = err.code || err.rule_id
      ? t('err.illegal', { text: ruleText(session.game, err) })
      : `${t('err.generic')} ${err.message || err}`;
    errorBox.textContent = text;
    errorBox.dataset.rule = err.rule_id || '';
    // "Why?": How to play, at the rule, when its summary cites it (the rule ID stays out of the text).
    if (err.rule_id && citesRule(session.game, err.rule_id)) {
      errorBox.append(' ', h('a.rule-link', { href: `#/rules/${session.game}?rule=${err.rule_id}` }, t('howto.ruleLink')));
    }
    lastError = err;
    errorBox.hidden = false;
    errorBox.dataset.code = err.code || '';
    // the rules refused what was just tapped: say so where the finger is too
    if ((err.code || err.rule_id) && lastTap && performance.now() - lastTap.at < 3000) {
      showRefusal({ text: refusalWords(session.game, err) || ruleText(session.game, err), why: whyLink(err.rule_id) }, { point: lastTap });
    }
  };

  /** A hint (sessions.js suggest): every place on screen that plays the suggested move
   * is marked (a board target, the first tap that leads to it, a control, the move
   * list's button), and the move is named in words. The next redraw clears it.
   * @param {HTMLElement} said */
  async function showHint(said) {
    if (busy) return;
    const move = await session.suggest().catch((err) => {
      showError(err);
      return null;
    });
    if (disposed) return;
    if (!move) {
      said.textContent = t('hint.none');
      return;
    }
    const key = moveKey(move);
    for (const el of root.querySelectorAll('.hinted')) el.classList.remove('hinted');
    for (const el of root.querySelectorAll('[data-move], [data-key], [data-leads]')) {
      const leads = el.dataset.leads ? JSON.parse(el.dataset.leads) : [];
      if (el.dataset.move === key || el.dataset.key === key || leads.includes(key)) el.classList.add('hinted');
    }
    said.textContent = t('hint.shown', { move: titleOf(session.game).label(move) });
  }

  /** How to play at the rule, when its summary cites it (else no link). */
  function whyLink(rule) {
    return rule && citesRule(session.game, rule) ? `#/rules/${session.game}?rule=${rule}` : null;
  }

  /** A tap on the board that plays nothing: why, in words, next to the finger. */
  async function explainTap(space, point) {
    const why = await whyNot(space);
    if (why && !disposed) showRefusal(why, { anchor: space, point });
  }

  /** Why a tap on `space` plays nothing now: the game is not at its live end, it is not
   * this player's turn, that board is another's, or (a local game) the engine's own
   * refusal of the move the tap would make, in the rule's words; else where to tap. */
  async function whyNot(space) {
    const snap = session.snapshot;
    if (session.kind === 'replay') return { text: t('refuse.replay') };
    if (scrubSeq !== null) return { text: t('refuse.viewing', { seq: scrubSeq }) };
    if (snap.over) return { text: t('refuse.over') };
    if (snap.activeSeat === null) {
      if (snap.pending?.length) return { text: t('refuse.pending') };
      return { text: t('refuse.notYourTurn', { name: snap.toMove.map(names).join(t('list.sep')) }) };
    }
    if (busy) return { text: t('refuse.busy') };
    if (space.dataset.owner) { // that board is another player's (in the title's own words, where it has them)
      const name = space.dataset.owner;
      return { text: tOr(`refuse.notYours.${session.game}`, t('refuse.notYours', { name }), { name }) };
    }
    const tried = triedMove(space);
    // A local game asks its engine why (core.browser why_not: the rule the move breaks;
    // nothing is played or recorded). A hosted game's move would go to the server:
    // never sent to ask.
    if (tried && session.kind === 'local' && !offersMove(snap.legal, tried)) {
      const refused = await call('why_not', { record_id: session.rid, seat: snap.activeSeat, move: tried }).catch(() => null);
      if (refused?.code || refused?.rule_id) return { text: refusalWords(session.game, refused) || t('refuse.rules'), why: whyLink(refused.rule_id) };
    }
    return { text: t(boardBox.querySelector('[data-move], [data-leads]') ? 'refuse.tapHighlighted' : 'refuse.useControls') };
  }

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
    else if (active?.closest?.('#step-controls')) focusWish = 'board';
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

  /** The page is named after the game and its players (a shared replay's tab too). */
  function setPageTitle() {
    const names = Array.from({ length: session.seats }, (_, i) => seatName(session.row, i));
    document.title = t('page.game', { game: gameTitle(games, session.game), names: names.join(t('list.sep')) });
  }

  // a seat beyond the record's (a solo game's automatic opponent) is named by its title
  function names(seat) {
    const title = titleOf(session.game);
    return seat >= session.seats && title.seatName ? title.seatName(seat) : seatName(session.row, seat);
  }

  /** A search bot's thinking, as far as it got: words and a determinate bar. The turn
   * line is aria-busy meanwhile, so a screen reader hears the bot's move, not every step. */
  function showThinking({ seat, done, total }) {
    if (disposed || scrubSeq !== null || !session.thinking) return;
    const name = names(seat);
    if (!total) {
      turn.textContent = t('game.botThinking', { name });
      return;
    }
    const pct = Math.floor((100 * done) / total);
    turn.setAttribute('aria-busy', 'true');
    turn.replaceChildren(
      h('span.turn-text', {}, t('game.botProgress', { name, pct })),
      h('progress.bot-progress', { id: 'bot-progress', max: total, value: done, 'aria-label': t('game.botThinking', { name }) }),
    );
  }

  /** Undo: a bot that is thinking stops first (its move is never played), then the undo. */
  async function onUndo() {
    botHold = true;
    if (session.thinking) {
      session.stopThinking();
      clearTimeout(timer);
      await botRun;
    } else if (busy) await botRun; // a bot's turn between two steps: it stops after this one
    botHold = false;
    clearTimeout(timer);
    await act(() => session.undo());
    guide?.undone();
  }

  async function drawInner() {
    const snap = session.snapshot;
    const title = titleOf(session.game);
    const log = await session.logEntries().catch(() => snap.entries || []);
    // whose turn, or which point of the history is on screen
    turn.removeAttribute('aria-busy');
    if (scrubSeq !== null) turn.textContent = t('scrub.viewing', { seq: scrubSeq, max: snap.seq });
    else if (snap.over) turn.textContent = t('game.over');
    else if (session.kind === 'hosted' && snap.pending?.length) turn.textContent = t('game.pendingHosted', { n: snap.pending.length });
    else if (snap.activeSeat !== null) turn.textContent = humansHere().length > 1 ? t('game.turnOf', { name: names(snap.activeSeat) }) : t('game.yourTurn');
    else if (session.kind === 'local' && snap.toMove.every((s) => session.row.seatKinds[s] === 'bot')) {
      turn.textContent = t('game.botThinking', { name: snap.toMove.map(names).join(t('list.sep')) }); // the engine worker searches: the screen stays live
      if (session.thinking) showThinking(session.thinking);
    } else turn.textContent = t('game.waitingFor', { name: snap.toMove.map(names).join(t('list.sep')) });
    turn.dataset.seat = scrubSeq === null ? snap.activeSeat ?? '' : '';
    turn.dataset.seq = String(snap.seq);
    turn.dataset.pending = String(snap.pending?.length || 0);
    turn.dataset.viewing = scrubSeq === null ? '' : String(scrubSeq);
    drawNotices();
    setPageTitle();

    // pass the device: a real modal (focus stays inside) saying what happened since
    if (needsCover(snap)) {
      const since = moveLog(session.game, title, log, snap.line, names, { since: snap.activeSeat, viewer: null });
      clear(cover).append(
        h('div.cover-card', {},
          h('h2', { id: 'cover-title' }, t('cover.title', { name: names(snap.activeSeat) })),
          h('p', {}, t('cover.body', { name: names(snap.activeSeat) })),
          since.summary ? h('div.cover-summary', { id: 'cover-summary' }, h('h3', {}, t('log.sinceTitle')), since.summary) : null,
          h('button.primary', { id: 'cover-ready', type: 'button', on: { click: () => { shownSeat = snap.activeSeat; cover.hidden = true; draw(); } } }, t('cover.ready', { name: names(snap.activeSeat) })),
        ),
      );
      cover.setAttribute('aria-labelledby', 'cover-title');
      cover.hidden = false;
      // a real modal: the rest of the screen is inert while the device changes hands
      for (const el of root.children) if (el !== cover) el.inert = true;
      boardBox.replaceChildren(h('p.hidden-board', {}, t('cover.hidden')));
      actions.replaceChildren();
      logBox.replaceChildren();
      cover.querySelector('button').focus();
      return;
    }
    cover.hidden = true;
    for (const el of root.children) el.inert = false;

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
        const played = await session.play(move);
        guide?.moved(move); // the guided first game: the move its step asked for, or not
        return played;
      } catch (err) {
        // Kept for "report a problem": the move that failed, by whom.
        lastAttempt = { seat: snap.activeSeat, move };
        throw err;
      }
    });
    // A scrubbed point is drawn as its view was fetched: a spectator's unless one human plays here.
    const boardSeat = scrubSeq === null ? snap.viewSeat : humansHere().length === 1 ? humansHere()[0] : null;
    if (unseen) boardBox.replaceChildren(h('p.note', { id: 'scrub-unavailable', role: 'status' }, unseen));
    else {
      const before = snapshot(boardBox);
      renderBoard(session.game, boardBox, { view, legal, seat: boardSeat, activeSeat: scrubSeq === null ? snap.activeSeat : null, names, readOnly, onMove, seats: session.seats });
      // every legal move the board does not draw: a control beside it (the step's controls);
      // a first tap of a choice made in several taps on the board (data-leads) draws the moves it leads to
      const drawn = drawnMoves(boardBox);
      // a board that offers every move of a type through its own taps (two-tap choices) says so
      const covered = new Set([...boardBox.querySelectorAll('[data-covers]')].flatMap((el) => el.dataset.covers.split(' ')));
      const stepBox = stepControls(session.game, legal.filter((m) => !covered.has(m.type)), drawn, onMove, title);
      const slot = boardBox.querySelector('.step-slot');
      if (stepBox) (slot || boardBox).append(stepBox);
      animateFrom(boardBox, before);
    }

    // the move log: what happened, in words (the newest first; another player's turn summed up)
    const entries = moveLog(session.game, title, log, scrubSeq === null ? snap.line : (snap.line || []).filter((seq) => seq <= scrubSeq), names, { viewer: snap.viewSeat, last: 40, hints: session.row.hints || [] });
    logBox.replaceChildren(h('h2', {}, t('log.title')), entries.list);
    const latest = scrubSeq === null && !snap.over ? entries.latest : null;
    // another player's turn, summed up in one line that opens to the whole of it
    lastTurn.replaceChildren(...(latest && latest.seat !== snap.viewSeat ? [h('summary', {}, h('strong', {}, t('log.lastTurn', { name: names(latest.seat) })), ' ', latest.text)] : []));
    lastTurn.hidden = !lastTurn.firstChild;

    // the move list: every legal move as a button, the accessible fallback (folded)
    actions.replaceChildren();
    if (readOnly) actions.append(h('p.note', {}, scrubSeq !== null ? t('scrub.readOnly') : t('game.replayNote')));
    else if (legal.length) {
      const list = h('ol.move-list', { id: 'move-list' });
      legal.forEach((move, i) => list.append(h('li', {}, h('button.move', {
        type: 'button', dataset: { index: i, type: move.type, key: moveKey(move) }, on: { click: () => onMove(move) },
      }, title.label(move)))));
      // folded, and kept as the player left it across redraws
      const fold = h('details.all-moves', { open: listOpen }, h('summary', { id: 'all-moves' }, t('game.allMoves', { n: legal.length })), list);
      fold.addEventListener('toggle', () => { listOpen = fold.open; });
      actions.append(fold);
    }
    // a hint, where the table allows one: the easy bot's move, marked and named, not played
    hintBox.replaceChildren();
    if (!readOnly && scrubSeq === null && session.hintAllowed?.()) {
      const said = h('p.hint', { id: 'hint', 'aria-live': 'polite' });
      hintBox.append(h('button', { id: 'hint-ask', type: 'button', on: { click: () => showHint(said) } }, t('hint.ask')), said);
    }

    // controls
    const undo = session.undoState();
    controls.replaceChildren(
      h('div.control', {},
        h('button', { id: 'export', type: 'button', on: { click: () => exportRecord().catch((err) => toast(String(err?.message || err), 'error')) } }, t('game.export')),
        reportButton(() => ({ row: session.row, error: errorBox.hidden ? null : lastError, attempt: errorBox.hidden ? null : lastAttempt }))),
    );

    // the bar: undo and the history scrubber, always in reach (a running hosted game too:
    // its past views come from the server)
    const scrub = scrubber({
      max: snap.seq,
      value: scrubSeq ?? snap.seq,
      entries: snap.entries,
      describe: (entry) => entryLabel(entry),
      onChange: (seq) => {
        stopAutoplay();
        scrubSeq = seq === snap.seq ? null : seq;
        if (scrubSeq !== null) session.stopThinking?.(); // back in history: the bot stops (and starts again at the live end)
        draw();
      },
      noBranch: session.kind === 'hosted' ? t('scrub.hostedNoBranch') : null, // the seed is secret until the end
      onBranch: session.kind === 'hosted' ? null : () => act(async () => {
        const newId = await session.branchAt(scrubSeq ?? snap.seq);
        toast(t('scrub.branched'));
        go(`#/game/${encodeURIComponent(newId)}`);
      }),
    });
    // a disabled Undo says why on a tap: the button lets the tap through to its column
    const undoOff = !undo.enabled || readOnly;
    const undoWhy = scrubSeq !== null ? t('refuse.viewing', { seq: scrubSeq }) : undo.reason;
    const whyUndo = (e) => {
      if (undoOff) showRefusal({ text: undoWhy }, { anchor: e.currentTarget, point: e.detail ? { x: e.clientX, y: e.clientY } : null });
    };
    bar.replaceChildren(
      session.kind === 'replay' ? autoplayControls(snap) : h(`div.bar-undo${undoOff ? '.off' : ''}`, { id: 'undo-box', on: { click: whyUndo } },
        h('button', { id: 'undo', type: 'button', disabled: undoOff, 'aria-describedby': 'undo-reason', title: undo.reason, on: { click: onUndo } }, '↶ ', t('game.undo')),
        h('small.reason', { id: 'undo-reason' }, h('span', { 'aria-hidden': 'true' }, undo.short), h('span.visually-hidden', {}, undo.reason))),
      scrub.bar);
    // the scrubber's disabled steps and "play from here" say why on a tap
    const ends = { 'scrub-first': 'refuse.scrubStart', 'scrub-prev': 'refuse.scrubStart', 'scrub-next': 'refuse.scrubLatest', 'scrub-last': 'refuse.scrubLatest' };
    for (const [id, key] of Object.entries(ends)) {
      const b = scrub.bar.querySelector(`#${id}`);
      if (b?.disabled) b.dataset.why = t(key);
    }
    const noBranch = scrub.banner.querySelector('#play-from-here:disabled');
    if (noBranch) noBranch.dataset.why = t('scrub.hostedNoBranch');
    history.replaceChildren(scrub.banner);
    history.hidden = scrubSeq === null;

    // end screen: the results open first (above the board)
    end.replaceChildren();
    const endKey = snap.over && snap.outcome ? `${session.id}/${snap.seq}` : null;
    if (endKey && scrubSeq === null) {
      end.append(endPanel(session.game, snap.outcome, names, info));
      if (session.row.kind !== 'replay') end.append(shareBox(), h('button.primary.rematch', { type: 'button', id: 'rematch', title: t('end.rematchHint'), on: { click: () => act(async () => go(`#/game/${encodeURIComponent(await rematch(session.row))}`)) } }, t('end.rematch')));
      else end.append(h('p.note', {}, t('share.replayHere')));
      // the game review: the engine holds the whole record (a finished hosted game opens
      // its full record as a replay session too; never a running seat's copy)
      if (session.kind === 'local' || session.kind === 'replay') {
        reviewer ||= reviewPanel({
          session, names, title: titleOf(session.game), shared: session.row.sharedReview || null,
          onPlayFrom: (seq) => act(async () => {
            const newId = await session.branchAt(seq);
            toast(t('scrub.branched'));
            go(`#/game/${encodeURIComponent(newId)}`);
          }),
        });
        reviewer.update();
        end.append(reviewer.el);
      }
      if (shownEnd !== endKey) {
        shownEnd = endKey;
        window.scrollTo(0, 0);
      }
    }

    // hosted: the table's people (the invitations still unused, at the top until every
    // seat is taken; who is here), and queued / rejected moves
    extra.replaceChildren();
    people.replaceChildren();
    if (session.kind === 'hosted') {
      const claimed = session.row.hosted.claimed || [];
      const inv = (session.row.hosted.invites || []).filter((i) => !claimed[i.seat]);
      if (inv.length && !snap.over) {
        people.append(h('section.invites-box', { id: 'invites', 'aria-labelledby': 'invites-title' },
          h('h2', { id: 'invites-title' }, t('invite.title')), h('ul.invites', {}, inv.map((i) => inviteItem(i, names)))));
      }
      const here = (session.row.hosted.presence || []).filter((p) => p.seat !== snap.viewSeat && claimed[p.seat] && session.row.seatKinds?.[p.seat] !== 'bot');
      if (here.length && !snap.over) {
        people.append(h('p.presence', { id: 'presence' }, here.map((p) => h('span.presence-seat', { dataset: { seat: p.seat, online: String(p.online) } },
          h('span.presence-dot', { 'aria-hidden': 'true' }, p.online ? '●' : '○'), ' ',
          p.online ? t('presence.online', { name: names(p.seat) })
            : p.since ? t('presence.offlineSince', { name: names(p.seat), time: formatTime(p.since) }) : t('presence.offline', { name: names(p.seat) })))));
      }
      const abandoned = session.row.hosted.abandoned;
      if (abandoned && snap.over && scrubSeq === null) {
        end.append(h('p.end-abandoned', { id: 'abandoned', role: 'status' }, t('end.abandoned', { name: names(abandoned.seat) })));
      }
      if (snap.pending?.length) {
        extra.append(h('div.pending', { id: 'pending' }, h('p', {}, t('game.pendingList', { n: snap.pending.length })),
          h('ul', {}, snap.pending.map((p) => h('li', {}, p.kind === 'takeback' ? t('game.undo') : title.label(p.move))))));
      }
    }
    drawClock();
    fitAboveBar(boardBox, bar);
    guide?.draw();
    schedule();
  }

  /** The time left for the seat to move, in words ("23 h left"), for a clocked online
   * table's current position; hidden otherwise. Redrawn every second (clockTimer). */
  function drawClock() {
    const snap = session.snapshot;
    const clock = session.kind === 'hosted' ? session.row.hosted.clock : null;
    if (!clock || clock.deadline == null || snap.over || scrubSeq !== null) {
      clockLine.hidden = true;
      return;
    }
    const left = formatTimeLeft(clock.deadline - Date.now());
    clockLine.textContent = snap.activeSeat !== null ? t('clock.yours', { left })
      : t('clock.theirs', { name: snap.toMove.map(names).join(t('list.sep')), left });
    clockLine.title = `${t('new.onTimeout')}: ${t(`timeout.${clock.on_timeout}`)}`;
    clockLine.dataset.deadline = String(clock.deadline);
    clockLine.hidden = false;
  }
  const clockTimer = setInterval(() => { if (!disposed) drawClock(); }, 1000);

  /** A replay plays itself: ▶/⏸ and a speed, stepping the history from the start. */
  function autoplayControls(snap) {
    const playing = autoplay.timer !== null;
    const speed = h('select', { id: 'autoplay-speed', 'aria-label': t('replay.speed'), on: { change: () => { autoplay.speed = Number(speed.value); } } },
      [0.5, 1, 2, 4].map((x) => h('option', { value: x, selected: x === autoplay.speed }, `${x}×`)));
    const toggle = h('button.primary', { id: 'autoplay', type: 'button', 'aria-label': playing ? t('replay.pause') : t('replay.play'), title: playing ? t('replay.pause') : t('replay.play'), on: { click: () => {
      if (autoplay.timer !== null) stopAutoplay();
      else {
        if (scrubSeq === null) scrubSeq = 0;
        tick();
      }
      draw();
    } } }, icon(playing ? 'pause' : 'play'));
    const tick = () => {
      autoplay.timer = setTimeout(() => {
        if (disposed) return;
        const next = (scrubSeq ?? snap.seq) + 1;
        scrubSeq = next >= snap.seq ? null : next;
        if (scrubSeq === null) autoplay.timer = null;
        else tick();
        draw();
      }, 1000 / autoplay.speed);
    };
    return h('div.bar-undo.autoplay', {}, h('div.autoplay-row', {}, toggle, speed));
  }

  function stopAutoplay() {
    clearTimeout(autoplay.timer);
    autoplay.timer = null;
  }

  function entryLabel(entry) {
    if (!entry) return t('scrub.start');
    if (entry.kind === 'takeback') return t('scrub.takeback', { name: seatName(session.row, entry.seat), to: entry.to_seq });
    return `${seatName(session.row, entry.seat)}: ${titleOf(session.game).label(entry.move)}`;
  }

  function drawNotices() {
    const items = [];
    const n = session.row.sync?.notice;
    // A record made under older rules replays as it was played (issue #12): say so.
    const { rules_version: recorded, engine_rules_version: current } = session.summary || {};
    if (recorded && current && recorded !== current) items.push(t('notice.olderRules', { recorded, current }));
    if (n?.kind === 'fork') items.push(t('notice.forkHere', { seq: n.parentSeq }));
    if (n?.kind === 'refused') items.push(t('notice.refusedHere', { detail: n.detail }));
    for (const r of session.row.hosted?.rejected || []) {
      if (!r.seen) items.push(t('notice.rejectedHere', { move: titleOf(session.game).label(r.move || {}), detail: ruleText(session.game, r) }));
    }
    notice.replaceChildren(...items.map((text) => h('div.notice', { role: 'alert' }, text)));
    // another player asks to take back a move: this seat's consent, with the time left
    const ask = session.askToAnswer?.();
    if (ask) {
      const seconds = Math.max(0, Math.round((ask.expires_at - Date.now()) / 1000));
      notice.prepend(h('div.notice.ask', { id: 'takeback-ask', role: 'alertdialog', 'aria-labelledby': 'takeback-ask-text' },
        h('p', { id: 'takeback-ask-text' }, t('ask.title', { name: names(ask.seat), seq: ask.to_seq }), ' ', t('ask.until', { seconds })),
        h('button.primary', { type: 'button', id: 'ask-agree', on: { click: () => act(() => session.answerAsk(true)) } }, t('ask.agree')),
        h('button', { type: 'button', id: 'ask-decline', on: { click: () => act(() => session.answerAsk(false)) } }, t('ask.decline'))));
    }
    if (n?.kind === 'fork' && session.row.sync?.lines?.length) {
      notice.append(h('button', { type: 'button', id: 'open-other-line', on: { click: () => act(async () => {
        go(`#/game/${encodeURIComponent(await openOtherLine(session.row))}`);
      }) } }, t('notice.openOtherLine')));
    }
    if (items.length) {
      notice.append(h('button', { type: 'button', id: 'dismiss-notice', on: { click: async () => { await dismissNotice(session.id); session.row = await store.getGame(session.id); draw(); } } }, t('notice.dismiss')));
    }
  }

  /** Share a finished game: the sharer chooses whether the players' names travel in the
   * link; the system share sheet (Web Share API) where there is one, else the link to copy. */
  function shareBox() {
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
        const review = reviewer?.result() || null;
        if (!session.row.shareId || (review && !session.row.reviewShared)) session.row.shareId = await shareGame(session.row, review);
        const link = showLink();
        if (navigator.share) {
          await navigator.share({ title: document.title, text: t('share.text', { game: gameTitle(games, session.game) }), url: link }).catch(() => {});
        } else linkOut.select();
      } catch (err) {
        toast(`${t('share.failed')} ${err.message || err}`, 'error');
      } finally {
        button.disabled = false;
      }
    } } }, t('share.button'));
    box.append(h('label.share-names', {}, withNames, ' ', t('share.withNames')), button, linkOut);
    showLink();
    return box;
  }

  /** An invitation: the code, the system share sheet (or copy), and a QR code for a
   * player across the table. */
  function inviteItem(i, names) {
    const link = i.link || `${location.origin}/#/join/${session.row.hosted.gameId}/${i.code}`;
    const qrBox = h('div.qr-box', { hidden: true });
    const share = () => (navigator.share
      ? navigator.share({ title: document.title, text: t('invite.text', { game: gameTitle(games, session.game) }), url: link }).catch(() => {})
      : copy(link));
    return h('li', {},
      `${names(i.seat)}: `, h('code', { dataset: { seat: i.seat } }, `${session.row.hosted.gameId}/${i.code}`), ' ',
      h('button', { type: 'button', on: { click: share } }, navigator.share ? t('invite.share') : t('invite.copy')),
      h('button', { type: 'button', dataset: { qr: i.seat }, on: { click: async () => {
        if (!qrBox.firstChild) qrBox.append((await import('../qr.js')).qrSvg(link, t('invite.qrLabel', { name: names(i.seat) })));
        qrBox.hidden = !qrBox.hidden;
      } } }, t('invite.qr')),
      qrBox);
  }

  /** A `.kifu` file: the record in the compact form (what `kifu` reads and writes, and
   * what Import takes back). A running hosted game has no full record here (the seed
   * stays on the server): its entries as this seat sees them, as JSON. */
  async function exportRecord() {
    const name = `${(session.row.title || session.game).replace(/[^\w-]+/g, '_')}-${session.id.slice(0, 12)}`;
    if (session.kind === 'hosted') {
      download(`${name}.kifu.json`, JSON.stringify({ entries: session.snapshot.entries }));
      return;
    }
    const { record_kifu: bytes } = await call('record', { record_id: session.rid, form: 'compact' });
    download(`${name}.kifu`, bytes, 'application/vnd.kifu.record');
  }

  /** "Report a problem": asks what went wrong and shows what will be sent first. */
  function reportButton(ctx) {
    return h('button', { id: 'report', type: 'button', on: { click: () => openReport(ctx()) } }, t('report.button'));
  }

  function openReport(c) {
    const sum = reportSummary(c.row, c.error, c.attempt);
    const what = h('textarea', { id: 'report-text', rows: 3, maxlength: 2000 });
    const dialog = h('dialog.report-dialog', { id: 'report-dialog', 'aria-labelledby': 'report-title' },
      h('h2', { id: 'report-title' }, t('report.title')),
      h('label', { for: 'report-text' }, t('report.what')), what,
      h('h3', {}, t('report.sent')),
      h('ul.report-sent', { id: 'report-sent' },
        h('li', {}, t('report.sentRecord', { game: gameTitle(games, sum.game), n: sum.moves })),
        sum.error ? h('li', {}, t('report.sentError', { text: sum.error })) : null,
        sum.attempt ? h('li', {}, t('report.sentAttempt', { move: sum.attempt })) : null,
        h('li', {}, t('report.sentBrowser', { ua: sum.browser }))),
      h('div.action-row', {},
        h('button.primary', { id: 'report-send', type: 'button', on: { click: async () => {
          dialog.close();
          const result = await reportProblem(c.row, c.error, c.attempt, what.value.trim());
          toast(result.uploaded ? t('report.uploaded') : t('report.downloaded'));
          dialog.remove();
        } } }, t('report.send')),
        h('button', { type: 'button', on: { click: () => { dialog.close(); dialog.remove(); } } }, t('common.cancel'))));
    document.body.append(dialog);
    dialog.showModal();
    what.focus();
  }

  function schedule() {
    clearTimeout(timer);
    if (disposed) return;
    if (session.kind === 'local' && scrubSeq === null && !session.snapshot.over) {
      const botTurn = session.snapshot.toMove.some((s) => session.row.seatKinds[s] === 'bot') && session.snapshot.activeSeat === null;
      if (botTurn) {
        const seat = session.snapshot.toMove.find((s) => session.row.seatKinds[s] === 'bot');
        // the same bot still in the turn it played the last move of: no pause between its steps
        const goesOn = botLast?.seq === session.snapshot.seq && botLast.seat === seat;
        timer = setTimeout(() => {
          botRun = act(async () => {
            // the steps of one bot's turn are drawn once, at its end (one redraw, one glide
            // from where the turn began): a redraw a step cost ~80 ms, ten of them 0.8 s
            for (let step = 0; step < BOT_STEPS_UNDRAWN; step++) {
              if (!(await session.botStep(showThinking))) return;
              botLast = { seq: session.snapshot.seq, seat };
              const snap = session.snapshot;
              if (botHold || disposed || scrubSeq !== null || snap.over || snap.activeSeat !== null || snap.toMove[0] !== seat) return;
            }
          });
        }, goesOn ? 0 : botDelay());
      }
    }
    if (session.kind === 'hosted' && session.snapshot.over && store.hostedFull(session.row)) {
      timer = setTimeout(() => rerender(), 0); // reopen the finished game from its full record
      return;
    }
    if (session.kind === 'hosted' && !session.snapshot.over) {
      const key = (sn) => `${sn.seq}/${sn.pending?.length}/${sn.over}/${(sn.toMove || []).join()}/${(session.row.hosted.rejected || []).length}/${session.row.hosted.ask?.ask_id || ''}/${session.row.hosted.ask?.agreed?.length || 0}/${JSON.stringify(session.row.hosted.presence || [])}/${(session.row.hosted.claimed || []).join()}`;
      const before = key(session.snapshot);
      // The live socket refreshes at once; this slower poll is the fallback, and skips
      // its turn while a move is on its way (the move's own answer brings the news).
      timer = setTimeout(() => busy ? schedule() : session.refresh().then(() => (key(session.snapshot) !== before ? draw() : schedule())).catch(() => schedule()), stopLive?.isOpen() ? 6000 : 1500);
    }
  }

  // Hosted games: the server's live socket rings on every new entry (SyncClient.ring);
  // an entry this screen already shows (its own move's echo) fetches nothing.
  if (session.kind === 'hosted' && !session.snapshot.over) {
    followHosted(session.id, (type, seq) => {
      if (type === 'entry' && seq !== undefined && seq <= (session.snapshot.seq || 0)) return;
      if ((type === 'entry' || type === 'table') && !busy) session.refresh().then(() => draw()).catch(() => {});
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
    // another device of the player moved this game on (library.js): open it as it is now
    if (fresh.replacedAt !== session.row.replacedAt && !busy) return rerender();
    const before = JSON.stringify([session.row.sync?.notice, session.row.hosted?.rejected]);
    session.row.sync = fresh.sync;
    if (fresh.hosted && session.row.hosted) session.row.hosted.rejected = fresh.hosted.rejected;
    if (JSON.stringify([session.row.sync?.notice, session.row.hosted?.rejected]) !== before) drawNotices();
  };
  window.addEventListener('kifu:games-changed', onRowChanged);
  window.addEventListener('online', onNet);
  window.addEventListener('offline', onNet);
  const onResize = () => {
    fitAboveBar(boardBox, bar);
    guide?.draw();
  };
  window.addEventListener('resize', onResize);
  screen.dispose = () => {
    disposed = true;
    hideRefusal();
    session.stopThinking?.(); // leaving the game: the bot's thinking ends, its move is never played
    reviewer?.stop(); // and a review running ends at its next slice
    guide?.stop();
    stopAutoplay();
    document.title = t('app.title');
    if (stopLive) stopLive();
    clearTimeout(timer);
    clearInterval(clockTimer);
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('online', onNet);
    window.removeEventListener('kifu:games-changed', onRowChanged);
    window.removeEventListener('offline', onNet);
    window.removeEventListener('resize', onResize);
  };
  // the guided first game (a row made by "Learn <title>"), where it stood
  const steps = session.row.guide && session.kind === 'local' ? titleOf(session.game).guide : null;
  if (steps) guide = guideRunner({ root, row: session.row, guide: steps, bar });
  await draw();
  const kept = keptTap && session.snapshot.seq === stored.seq
    ? session.snapshot.legal.find((move) => moveKey(move) === moveKey(keptTap)) : null;
  if (kept) await act(() => session.play(kept));
  else if (keptTap) toast(t('game.tapStale'));
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('invite.copied'));
  } catch {
    prompt(t('invite.copyPrompt'), text);
  }
}
