// A game on screen is a Session: LocalSession (this device is the authority; the
// engine in the worker decides), HostedSession (the server decides; this device may
// queue its own moves offline) and ReplaySession (a finished record, read-only).
// Screens only use the common surface:
//   refresh(), snapshot (seq, toMove, over, outcome, view, legal, viewSeat, entries),
//   play(move), undo(), undoState(), viewAt(seq), branchAt(seq)
import { call, EngineError, moveId } from './engine.js';
import * as store from './storage.js';
import { api, ApiError } from './api.js';
import { uuid } from './ui.js';
import { t, tOr } from './i18n.js';
import { cachedCatalogue, gameTitle } from './catalogue.js';
import { ruleText } from './ruletext.js';
import { lineOf } from './kit/movelog.js';
import { seatName } from './seats.js';
import { dismissNotice, queueHosted, requestSync, syncHosted } from './sync.js';

/** Whether undo is on, and why, in full (the button's title, what a screen reader
 * reads) and short (`undo.short.*`: the bar's 104 px column holds ~9 Japanese
 * characters, and the full reason was cut to "まだ取り消せる操…"). */
function undoState(enabled, key, params = {}) {
  const reason = t(key, params);
  return { enabled, reason, short: tOr(key.replace(/^undo\./, 'undo.short.'), reason) };
}

// A bot thinks in slices of about this many ms: an undo waits at most one slice, and
// the messages between the page and the worker cost next to nothing at this size.
const THINK_SLICE_MS = 40;
const FIRST_SLICE = 4; // iterations, before the pace is known
const MAX_SLICE = 1000;

/** The seats of one kind ('human' | 'bot' | 'remote') in a row's seatKinds. */
export function seatsOf(seatKinds, kind) {
  return (seatKinds || []).flatMap((k, i) => (k === kind ? [i] : []));
}

/** @typedef {import('../engine/protocol.js').Screen} Screen */
/** @typedef {import('../engine/protocol.js').ScreenAsk} ScreenAsk */

/** A game whose engine runs here (a local game, a replay). Every change is one engine
 * request that answers with the whole screen (core.browser's `screen`: the summary,
 * the view, the legal moves, the log entries this device lacks, the undo button's
 * state and the compact record), then one write of the row: one worker round trip and
 * one IndexedDB transaction per move. */
export class EngineSession {
  constructor(row) {
    this.row = row;
    this.id = row.id;
    this.rid = row.id;
    this.game = row.game;
    this.snapshot = { seq: 0, toMove: [], over: false, outcome: null, view: null, legal: [], viewSeat: null };
    this.perspective = null;
    /** The record's entries as this device's people may see them (the move log). */
    this.log = [];
    this.logOver = false;
    /** Who an undo is for and why the table would refuse it (Screen's undo_*). */
    this.undoProbe = { seat: null, refusal: null };
  }

  get seats() {
    return this.row.seats;
  }

  humanSeats() {
    return seatsOf(this.row.seatKinds, 'human');
  }

  botSeats() {
    return seatsOf(this.row.seatKinds, 'bot');
  }

  /** What a change asks the engine to answer with (core/browser.py ScreenAsk).
   * @param {boolean} record whether the compact record comes back (to be kept)
   * @returns {ScreenAsk} */
  ask(record) {
    return {
      humans: this.humanSeats(),
      perspective: this.perspective,
      read_only: !!this.readOnly,
      since: this.log.length,
      log_over: this.logOver,
      bots: this.botSeats(),
      record,
    };
  }

  /** The screen from one engine reply. @param {Screen} screen */
  take(screen) {
    const summary = (this.summary = screen.summary);
    this.rid = summary.record_id;
    this.log = this.log.slice(0, screen.log_since).concat(screen.log);
    this.logOver = screen.log_over;
    if (!this.readOnly) this.perspective = screen.view_seat;
    this.undoProbe = { seat: screen.undo_seat, refusal: screen.undo_refusal };
    this.snapshot = {
      seq: summary.seq,
      line: summary.line,
      toMove: summary.to_move,
      over: summary.outcome !== null && summary.outcome !== undefined,
      outcome: summary.outcome ?? null,
      view: screen.view,
      legal: screen.legal,
      activeSeat: screen.active_seat,
      viewSeat: screen.view_seat,
      entries: this.log,
    };
    return this.snapshot;
  }

  async open() {
    // the row's compact bytes, or the JSON text of a row saved before them
    this.take(await call('load', { ...store.rowRecord(this.row), check: 'replay', screen: this.ask(false) }));
    await this.keepShown();
  }

  /** Read the screen from the engine; `keep`: keep it in the row too (keepShown). */
  async refresh({ keep = true } = {}) {
    this.take(await call('screen', { record_id: this.rid, screen: this.ask(false) }));
    if (keep) await this.keepShown();
    return this.snapshot;
  }

  /** What the screen now shows, for the row, so the next open draws it at once while
   * the engine boots (storedSnapshot); null where it is kept not: only one person's
   * view is, a hot-seat table's board waits for the engine (the pass-the-device cover
   * needs it). */
  shownToKeep() {
    if (this.readOnly || this.humanSeats().length > 1) return null;
    const { seq, toMove, over, view, legal, activeSeat, viewSeat } = this.snapshot;
    return { seq, toMove, over, view, legal, activeSeat, viewSeat };
  }

  async keepShown() {
    const shown = this.shownToKeep();
    // the row (record and all) is written again only when the screen changed: not on every open
    if (!shown || JSON.stringify(this.row.shown) === JSON.stringify(shown)) return;
    this.row = (await store.updateGame(this.id, (row) => {
      row.shown = shown;
      return row;
    })) || this.row;
  }

  /** The move log: the record's entries as this device's players may see them (one
   * human here, that seat's redacted copy; several (hot seat) or a replay, a spectator's). */
  async logEntries() {
    return this.log;
  }

  async viewAt(seq) {
    // Scrubbing never shows a hand another player on this device could not see: with
    // one human here it is that seat's view, with several (hot seat) a spectator's.
    const humans = this.humanSeats();
    const seat = humans.length === 1 ? humans[0] : null;
    return call('view', { record_id: this.rid, seat, seq });
  }

  /** After a move or a take-back (its engine reply): the new screen, and the record
   * kept in the row with what the screen shows, in one write (a row still holding
   * record_json, written before the compact form, is rewritten compactly here).
   * @param {Screen} screen */
  async saved(screen) {
    this.take(screen);
    const { summary } = this;
    const shown = this.shownToKeep();
    const at = screen.entry?.at;
    this.row = await store.updateGame(this.id, (row) => {
      row.record_kifu = screen.record_kifu;
      delete row.record_json;
      row.seq = summary.seq;
      row.toMove = summary.to_move;
      row.over = summary.outcome !== null && summary.outcome !== undefined;
      row.outcome = summary.outcome ?? null;
      row.lastMoveAt = at || Date.now();
      if (shown) row.shown = shown;
      return row;
    });
    requestSync(this.id);
    return this.snapshot;
  }
}

export class LocalSession extends EngineSession {
  kind = 'local';

  async play(move) {
    const seat = this.snapshot.activeSeat;
    if (seat === null) throw new EngineError({ kind: 'IllegalMove', code: 'not-your-turn', text: t('err.notYourTurn') });
    const screen = await call('play', {
      record_id: this.rid,
      seat,
      move,
      move_id: await moveId(this.rid),
      device_id: await store.deviceId(),
      at: Date.now(),
      screen: this.ask(true),
    });
    return this.saved(screen);
  }

  /** May the player to move here ask for a hint? A casual or friendly table, a
   * person of this device to move, the game running (a strict table plays without). */
  hintAllowed() {
    return this.row.takeback !== 'strict' && !this.snapshot.over && this.snapshot.activeSeat !== null
      && this.row.seatKinds[this.snapshot.activeSeat] === 'human';
  }

  /** A hint: the move the title's easy bot would make for the player to move (from what
   * that player may know; core.browser `suggest`), never played. The table remembers
   * it was shown (`row.hints`: the position and the seat), and the log says so. */
  async suggest() {
    const seat = this.snapshot.activeSeat;
    if (!this.hintAllowed() || seat === null) return null;
    const move = await call('suggest', { record_id: this.rid, seat, bot: 'greedy', bot_seed: this.row.botSeed ?? 1 });
    if (move === null) return null;
    const at = { seq: this.snapshot.seq, seat };
    if (!(this.row.hints || []).some((h) => h.seq === at.seq && h.seat === seat)) {
      this.row.hints = [...(this.row.hints || []), at];
      await store.updateGame(this.id, (r) => ({ ...r, hints: this.row.hints }));
    }
    return move;
  }

  /** Is it a bot's turn? Then make one bot move. Returns true if a bot moved.
   *
   * A search bot thinks in slices of its iteration budget (core.browser bot_begin /
   * bot_think, about THINK_SLICE_MS each, then bot_step plays what it found; a bot
   * with nothing to slice plays in bot_begin's own round trip); between
   * slices `stopThinking()` (an undo, leaving the game, scrubbing back) ends it: the
   * begun decision is dropped (bot_cancel) and never played, and false comes back.
   * `onThinking({seat, done, total})` hears how far it got. The move does not depend
   * on the slicing (tests/kernel/test_search.py), only on the bot's seed and the position. */
  async botStep(onThinking = () => {}) {
    const seat = this.snapshot.toMove.find((s) => this.row.seatKinds[s] === 'bot');
    if (seat === undefined || this.snapshot.over) return false;
    const humansToMove = this.snapshot.toMove.filter((s) => this.row.seatKinds[s] === 'human');
    if (humansToMove.length) return false;
    const decision = { record_id: this.rid, seat, bot: this.row.bots?.[seat] || 'random', bot_seed: this.row.botSeed ?? 1 };
    const thought = (this.thinking = { seat, done: 0, total: 0, stopped: false });
    const deviceId = await store.deviceId();
    const botMoveId = await moveId(this.rid); // made now: nothing may await after the last check
    /** @type {Screen | null} */
    let screen;
    const played = () => ({ move_id: botMoveId, device_id: deviceId, at: Date.now(), screen: this.ask(true) });
    try {
      if (thought.stopped) return false;
      // a bot with nothing to slice (one step ahead) plays in this same round trip
      const begun = await call('bot_begin', { ...decision, ...played() });
      if (begun?.summary) screen = begun;
      let progress = begun?.summary ? { done: 0, total: 0 } : begun;
      let slice = FIRST_SLICE;
      while (progress.done < progress.total && !thought.stopped) {
        Object.assign(thought, progress);
        onThinking(thought);
        const start = performance.now();
        const before = progress.done;
        progress = await call('bot_think', { record_id: this.rid, iterations: slice });
        const perIteration = (performance.now() - start) / Math.max(progress.done - before, 1);
        slice = Math.max(1, Math.min(MAX_SLICE, Math.round(THINK_SLICE_MS / Math.max(perIteration, 0.01))));
      }
      if (thought.stopped) {
        await call('bot_cancel', { record_id: this.rid });
        return false;
      }
      Object.assign(thought, progress);
      onThinking(thought);
      // no await between the last check and this call: once sent, the move is in (an
      // undo tapped later takes it back with the rest, past the bots' replies)
      if (!screen) screen = await call('bot_step', { ...decision, ...played() });
    } finally {
      if (this.thinking === thought) this.thinking = null;
    }
    if (!screen) return false; // nobody was to move
    await this.saved(screen);
    return true;
  }

  /** End the bot's thinking at the next slice: its move is never played (botStep). */
  stopThinking() {
    if (this.thinking) this.thinking.stopped = true;
  }

  /** Who takes back: this device's person whose move in effect came last (the
   * engine's answer with the screen). How far back is the kernel's rule
   * (Timeline.undo_target): past the bots' replies. */
  undoSeat() {
    return this.undoProbe.seat;
  }

  undoState() {
    const policy = this.row.takeback;
    if (policy === 'strict') return undoState(false, 'undo.strict');
    if (this.snapshot.over) return undoState(false, 'undo.over');
    if (this.undoSeat() === null) return undoState(false, 'undo.nothing');
    // the kernel's answer with the screen: revealed draws, a friendly table's scope
    const { refusal } = this.undoProbe;
    if (refusal) return undoState(false, 'undo.refused', { text: ruleText(this.game, refusal) });
    return undoState(true, `undo.policy.${policy}`);
  }

  async undo() {
    const seat = this.undoSeat();
    if (seat === null) throw new EngineError({ kind: 'IllegalMove', code: 'takeback-nothing', text: t('undo.nothing') });
    const screen = await call('undo', {
      record_id: this.rid,
      seat,
      bots: this.botSeats(),
      move_id: await moveId(this.rid),
      device_id: await store.deviceId(),
      at: Date.now(),
      screen: this.ask(true),
    });
    return this.saved(screen);
  }

  /** "Play from here": a new local game holding this record's entries 1..`seq`. */
  async branchAt(seq) {
    return branchRecord(this, seq);
  }
}

/** The kernel's branch (core.browser `branch`): the new record keeps the seed exactly
 * (it never leaves Python) and names its parent record and seq in its genesis. */
export async function branchRecord(session, seq) {
  const row = session.row;
  if (!session.summary?.seeded) throw new Error(t('err.branchSeed'));
  const id = `r-${uuid()}`;
  const now = Date.now();
  const { summary, record_kifu: recordKifu } = await call('branch', {
    record_id: session.rid, seq, new_record_id: id, created_at: now, screen: { record: true },
  });
  await store.putGame({
    id,
    game: row.game,
    kind: 'local',
    title: t('scrub.branchTitle', { title: row.title || gameTitle(await cachedCatalogue(), row.game), seq }),
    names: row.names,
    seats: row.seats,
    seatKinds: (row.seatKinds || []).map((k) => (k === 'remote' ? 'human' : k)),
    bots: row.bots,
    botSeed: row.botSeed,
    takeback: summary.takeback || 'casual',
    record_kifu: recordKifu,
    seq: summary.seq,
    toMove: summary.to_move,
    over: summary.outcome != null,
    outcome: summary.outcome ?? null,
    createdAt: now,
    lastMoveAt: now,
    branchOf: { id: row.id, seq },
    sync: { record_id: id },
  });
  requestSync(id);
  return id;
}

/** A finished record opened read-only (shared replay, imported finished file). */
export class ReplaySession extends EngineSession {
  kind = 'replay';
  readOnly = true;
  undoState() {
    return undoState(false, 'undo.replay');
  }
  async branchAt(seq) {
    return branchRecord(this, seq);
  }
}

// -- hosted games ----------------------------------------------------------------------

// Earlier views of running hosted games, as the server sent them (it alone holds what
// is hidden): in memory, keyed by game, seq and the tip they were fetched at.
const pastViews = new Map();
const PAST_VIEWS_MAX = 500;

/** A hosted game's snapshot from its row: the server's last view, legal moves and queue. */
function hostedSnapshot(row) {
  const h = row.hosted;
  const pending = h.pending || [];
  return {
    seq: h.seq || 0,
    toMove: h.toMove || [],
    over: !!h.over,
    outcome: h.outcome ?? null,
    view: h.view,
    legal: pending.length ? [] : h.legal || [],
    activeSeat: (h.toMove || []).includes(h.seat) && !pending.length ? h.seat : null,
    viewSeat: h.seat,
    entries: h.entries || [],
    line: lineOf(h.entries || []),
    pending,
  };
}

export class HostedSession {
  kind = 'hosted';

  constructor(row) {
    this.row = row;
    this.id = row.id;
    this.game = row.game;
    this.snapshot = hostedSnapshot(row);
  }

  get seats() {
    return this.row.seats;
  }

  humanSeats() {
    return [this.row.hosted.seat];
  }

  async open() {
    await this.refresh();
  }

  /** The seat's redacted copy of the record, as the server sent it. */
  async logEntries() {
    return this.snapshot.entries;
  }

  async refresh() {
    try {
      this.row = (await syncHosted(this.row.id)) || this.row;
    } catch (err) {
      if (!(err instanceof ApiError && err.offline)) throw err;
      this.row = (await store.getGame(this.id)) || this.row;
    }
    this.snapshot = hostedSnapshot(this.row);
    return this.snapshot;
  }

  /** Queued (core.sync through web/engine/sync.js) before anything is sent: offline it
   * waits, and the board shows it waiting. */
  async play(move) {
    this.row = await queueHosted(this.id, { move });
    this.snapshot = hostedSnapshot(this.row);
    return this.refresh();
  }

  /** The server says whether it would take this seat's undo (its view's `undo`, as of
   * the last sync; a move still queued here makes that stale, and the server decides). */
  undoState() {
    if (this.row.takeback === 'strict') return undoState(false, 'undo.strict');
    if (this.snapshot.over) return undoState(false, 'undo.over');
    if (!this.snapshot.seq) return undoState(false, 'undo.nothing');
    if (!navigator.onLine) return undoState(false, 'undo.offline');
    const undo = this.row.hosted.undo;
    const asked = this.openAsk();
    if (asked?.seat === this.row.hosted.seat) {
      return undoState(false, 'undo.asked', { names: this.namesOf(asked.needs) });
    }
    if (undo?.ask && !this.snapshot.pending.length) {
      // another player's move: the server asks them (undo() sends the ask)
      return { ...undoState(true, 'undo.ask', { names: this.namesOf(undo.needs || []) }), ask: true };
    }
    if (undo && !undo.allowed && !this.snapshot.pending.length) {
      return undoState(false, 'undo.refused', { text: ruleText(this.game, undo) });
    }
    return undoState(true, `undo.policy.${this.row.takeback}`);
  }

  /** @param {number[]} seats @returns {string} the seats' names, as the app shows them */
  namesOf(seats) {
    return seats.map((seat) => seatName(this.row, seat)).join(t('list.sep'));
  }

  /** The take-back ask on the table as of the last sync, if it is still waiting. */
  openAsk() {
    const ask = this.row.hosted.ask;
    return ask && ask.expires_at > Date.now() && ask.to_seq < (this.snapshot.seq || 0) ? ask : null;
  }

  /** An ask this seat is to answer: another player wants to take back a move of ours. */
  askToAnswer() {
    const ask = this.openAsk();
    const seat = this.row.hosted.seat;
    return ask && ask.needs.includes(seat) && !ask.agreed.includes(seat) ? ask : null;
  }

  /** Agree to (or refuse) the open ask; the last consent makes the take-back.
   * @param {boolean} accept */
  async answerAsk(accept) {
    const ask = this.askToAnswer();
    if (!ask) return this.snapshot;
    const h = this.row.hosted;
    await api('POST', `/api/games/${h.gameId}/takeback-asks/${encodeURIComponent(ask.ask_id)}/answer`, { token: h.token, body: { accept } });
    return this.refresh();
  }

  /** Undo: a take-back of this seat's own moves goes through the queue (the server's
   * refusal is the tap's error, with the rule's reason, not a notice to dismiss
   * later); one that takes back another player's move asks them first (online). */
  async undo() {
    if (this.row.hosted.undo?.ask) {
      const h = this.row.hosted;
      await api('POST', `/api/games/${h.gameId}/takeback-asks`, { token: h.token, body: { move_id: await moveId(this.id) } });
      return this.refresh();
    }
    const takeBackId = await moveId(this.id);
    this.row = await queueHosted(this.id, { kind: 'takeback', to_seq: null, move_id: takeBackId });
    await this.refresh();
    const refused = (this.row.hosted.rejected || []).find((r) => r.move_id === takeBackId);
    if (refused) {
      await dismissNotice(this.id, [takeBackId]);
      this.row = (await store.getGame(this.id)) || this.row;
      throw new ApiError(422, { code: refused.code, rule_id: refused.rule_id, detail: refused.message });
    }
    return this.snapshot;
  }

  /** This seat's view after entry `seq`, from the server (GET view?at=): never more
   * than the seat saw then. Offline it throws: history needs the server. */
  async viewAt(seq) {
    if (seq === this.snapshot.seq) return this.snapshot.view;
    const h = this.row.hosted;
    const key = `${h.gameId}/${seq}/${h.tipHash || ''}`;
    if (pastViews.has(key)) return pastViews.get(key);
    if (!navigator.onLine) throw new Error(t('scrub.needsConnection'));
    let data;
    try {
      ({ data } = await api('GET', `/api/games/${h.gameId}/view?at=${seq}`, { token: h.token }));
    } catch (err) {
      throw err instanceof ApiError && err.offline ? new Error(t('scrub.needsConnection')) : err;
    }
    if (pastViews.size >= PAST_VIEWS_MAX) pastViews.delete(pastViews.keys().next().value);
    pastViews.set(key, data.view);
    return data.view;
  }

  async branchAt() {
    throw new Error(t('scrub.hostedNoBranch'));
  }
}

/** What a saved game's screen showed when it was last open, drawn before the engine is
 * up (instant open): a hosted game's stored view, a local game's kept one (keepShown), a
 * shared replay's final board as the server sent it; null when there is none (a
 * hot-seat table, a game never drawn). */
export function storedSnapshot(row) {
  if (row.kind === 'hosted') return row.hosted?.view && !row.over ? hostedSnapshot(row) : null;
  return row.shown || null;
}

function newSession(row) {
  if (row.kind === 'replay') return new ReplaySession(row);
  if (row.kind !== 'hosted') return new LocalSession(row);
  if (!store.hostedFull(row)) return new HostedSession(row);
  // A finished hosted game: its full record (hosted.recordKifu, storage.js rowRecord)
  // opens in the engine, read-only.
  return new ReplaySession(row);
}

export async function sessionFor(row) {
  const session = newSession(row);
  await session.open();
  return session;
}
