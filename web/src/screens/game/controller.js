// The game screen's controller: the state of one game on screen and what changes it,
// with no DOM. It holds the session, whether a move is on its way (`busy`, `act`), the
// undo that waits out a bot, the bot's turn (`schedule`: a pause, then its steps drawn
// once), an online table's live socket and fallback poll, the point of the history on
// screen (`scrubSeq`), a replay playing itself, and the hot seat's shown seat. The views
// (game/*.js) draw from it; `hooks` are how it asks them to (game.js wires them).
import { getGame, hostedFull } from '../../storage.js';
import { followHosted } from '../../sync.js';
import { Autoplay } from './autoplay.js';

/** The pause before a bot answers (ms): the person's move is seen landing first. The
 * further steps of the same bot's turn follow at once, drawn together (`schedule`): a
 * turn of ten steps (Ducks in Tow) paused 400 ms a step took 4 s; the board glides from
 * where the turn began and the log sums it up. Test hook: localStorage 'kifu.botDelay'. */
export function botDelay() {
  const v = Number(localStorage.getItem('kifu.botDelay'));
  return Number.isFinite(v) && localStorage.getItem('kifu.botDelay') !== null ? v : 250;
}

/** At most this many steps of a bot's turn are played between two redraws. */
export const BOT_STEPS_UNDRAWN = 16;

/**
 * A search bot's thinking, as far as it got (sessions.js `botStep`).
 * @typedef {{seat: number, done: number, total: number}} Thinking
 *
 * The session's position as the controller reads it (sessions.js `snapshot`).
 * @typedef {object} Snapshot
 * @property {number} seq
 * @property {boolean} over
 * @property {number | null} activeSeat the seat this device plays now, or null
 * @property {number[]} toMove
 * @property {unknown[]} [pending] a hosted seat's moves queued, not yet answered
 *
 * What the controller asks of a session (sessions.js: local, hosted, replay).
 * @typedef {object} Session
 * @property {'local' | 'hosted' | 'replay'} kind
 * @property {string} id
 * @property {any} row the game's row (storage.js)
 * @property {Snapshot} snapshot
 * @property {Thinking | null} [thinking] a local bot's search under way
 * @property {() => number[]} humanSeats
 * @property {(onThinking: (progress: Thinking) => void) => Promise<boolean>} [botStep]
 * @property {() => void} [stopThinking]
 * @property {(move: unknown) => Promise<unknown>} play
 * @property {() => Promise<unknown>} undo
 * @property {() => Promise<unknown>} [refresh]
 * @property {(seq: number) => Promise<string>} branchAt
 *
 * How the controller asks the views (game.js wires them).
 * @typedef {object} Hooks
 * @property {() => unknown} draw redraw the screen
 * @property {() => void} clearError an action begins: the last error goes
 * @property {(err: any) => void} showError an action failed: say why
 * @property {(progress: Thinking) => void} showThinking a bot's search, as far as it got
 * @property {() => unknown} reopen open the game again from its row (router.js rerender)
 *
 * The guided first game's runner (kit/guide.js), as far as the controller tells it.
 * @typedef {{moved: (move: unknown) => void, undone: () => void, stop: () => void, draw: () => void}} Guide
 */

export class GameController {
  /** @param {Session} session @param {Hooks} hooks */
  constructor(session, hooks) {
    this.session = session;
    this.hooks = hooks;
    /** @type {number | null} */ this.scrubSeq = null; // null: live; a number: the read-only point shown
    /** @type {number | null} */ this.shownSeat = null; // hot seat: the seat whose secrets are on screen
    this.busy = false;
    this.disposed = false;
    /** @type {{seat: number | null, move: unknown} | null} */ this.lastAttempt = null; // the move that failed, by whom (for "report a problem")
    /** @type {any} */ this.lastError = null; // the error last said
    /** @type {Guide | null} */ this.guide = null; // the guided first game's steps, while they run
    this.autoplay = new Autoplay(this); // a replay playing itself
    /** @type {ReturnType<typeof setTimeout> | undefined} */ this.timer = undefined; // the bot's next turn, or the next poll
    /** @type {Promise<void> | null} */ this.botRun = null; // the bot's move being made, which an undo waits out
    /** @type {{seq: number, seat: number} | null} */ this.botLast = null; // the bot move last played here (its turn goes on at once)
    this.botHold = false; // an undo waits: the bot's turn stops after the step it is making
    /** @type {((() => void) & {isOpen: () => boolean}) | null} */ this.stopLive = null; // hosted games: stops the live socket
  }

  /** One change at a time: `fn` runs unless another is on its way; an error is said;
   * the screen is drawn again after.
   * @param {() => Promise<unknown>} fn */
  async act(fn) {
    if (this.busy) return;
    this.busy = true;
    this.hooks.clearError();
    try {
      await fn();
    } catch (err) {
      this.fail(err);
    } finally {
      this.busy = false;
    }
    if (!this.disposed) this.hooks.draw();
  }

  /** @param {any} err */
  fail(err) {
    this.lastError = err;
    this.hooks.showError(err);
  }

  /** Play `move` for `seat` (the guided first game hears of it).
   * @param {unknown} move @param {number | null} seat */
  play(move, seat) {
    return this.act(async () => {
      this.lastAttempt = null;
      try {
        const played = await this.session.play(move);
        this.guide?.moved(move); // the guided first game: the move its step asked for, or not
        return played;
      } catch (err) {
        // Kept for "report a problem": the move that failed, by whom.
        this.lastAttempt = { seat, move };
        throw err;
      }
    });
  }

  /** Undo: a bot that is thinking stops first (its move is never played), then the undo. */
  async undo() {
    this.botHold = true;
    if (this.session.thinking) {
      this.session.stopThinking?.();
      clearTimeout(this.timer);
      await this.botRun;
    } else if (this.busy) await this.botRun; // a bot's turn between two steps: it stops after this one
    this.botHold = false;
    clearTimeout(this.timer);
    await this.act(() => this.session.undo());
    this.guide?.undone();
  }

  /** A hot-seat game whose acting player is not the one on screen: the device changes
   * hands behind a cover first.
   * @param {Snapshot} snap */
  needsCover(snap) {
    if (this.session.kind !== 'local' || snap.over || snap.activeSeat === null) return false;
    if (this.session.humanSeats().length < 2) return false;
    return this.shownSeat !== snap.activeSeat;
  }

  /** The hot seat's player took the device: their secrets show. @param {number | null} seat */
  reveal(seat) {
    this.shownSeat = seat;
    this.hooks.draw();
  }

  /** Show the history at `seq` (the tip `max`: live again); back in history the bot stops
   * (and starts again at the live end).
   * @param {number} seq @param {number} max */
  scrubTo(seq, max) {
    this.autoplay.stop();
    this.scrubSeq = seq === max ? null : seq;
    if (this.scrubSeq !== null) this.session.stopThinking?.();
    this.hooks.draw();
  }

  /** What comes after a draw: a local bot's turn (a pause, then up to
   * BOT_STEPS_UNDRAWN of its steps, drawn once at the end), a finished hosted game
   * reopened from its full record, or a running one's fallback poll. */
  schedule() {
    const session = this.session;
    clearTimeout(this.timer);
    if (this.disposed) return;
    if (session.kind === 'local' && this.scrubSeq === null && !session.snapshot.over) {
      const botTurn = session.snapshot.toMove.some((s) => session.row.seatKinds[s] === 'bot') && session.snapshot.activeSeat === null;
      if (botTurn) {
        const seat = session.snapshot.toMove.find((s) => session.row.seatKinds[s] === 'bot');
        // the same bot still in the turn it played the last move of: no pause between its steps
        const goesOn = this.botLast?.seq === session.snapshot.seq && this.botLast.seat === seat;
        this.timer = setTimeout(() => {
          this.botRun = this.act(async () => {
            // the steps of one bot's turn are drawn once, at its end (one redraw, one glide
            // from where the turn began): a redraw a step cost ~80 ms, ten of them 0.8 s
            for (let step = 0; step < BOT_STEPS_UNDRAWN; step++) {
              if (!(await session.botStep?.(this.hooks.showThinking))) return;
              this.botLast = { seq: session.snapshot.seq, seat: /** @type {number} */ (seat) };
              const snap = session.snapshot;
              if (this.botHold || this.disposed || this.scrubSeq !== null || snap.over || snap.activeSeat !== null || snap.toMove[0] !== seat) return;
            }
          });
        }, goesOn ? 0 : botDelay());
      }
    }
    if (session.kind === 'hosted' && session.snapshot.over && hostedFull(session.row)) {
      this.timer = setTimeout(() => this.hooks.reopen(), 0); // reopen the finished game from its full record
      return;
    }
    if (session.kind === 'hosted' && !session.snapshot.over) {
      const hosted = session.row.hosted;
      /** @param {Snapshot} sn */
      const key = (sn) => `${sn.seq}/${sn.pending?.length}/${sn.over}/${(sn.toMove || []).join()}/${(hosted.rejected || []).length}/${hosted.ask?.ask_id || ''}/${hosted.ask?.agreed?.length || 0}/${JSON.stringify(hosted.presence || [])}/${(hosted.claimed || []).join()}`;
      const before = key(session.snapshot);
      const refresh = /** @type {() => Promise<unknown>} */ (session.refresh);
      // The live socket refreshes at once; this slower poll is the fallback, and skips
      // its turn while a move is on its way (the move's own answer brings the news).
      this.timer = setTimeout(() => this.busy ? this.schedule() : refresh.call(session).then(() => (key(session.snapshot) !== before ? this.hooks.draw() : this.schedule())).catch(() => this.schedule()), this.stopLive?.isOpen() ? 6000 : 1500);
    }
  }

  /** Hosted games: the server's live socket rings on every new entry (SyncClient.ring);
   * an entry this screen already shows (its own move's echo) fetches nothing. */
  follow() {
    const session = this.session;
    if (session.kind !== 'hosted' || session.snapshot.over) return;
    const refresh = /** @type {() => Promise<unknown>} */ (session.refresh);
    followHosted(session.id, (type, seq) => {
      if (type === 'entry' && seq !== undefined && seq <= (session.snapshot.seq || 0)) return;
      if ((type === 'entry' || type === 'table') && !this.busy) refresh.call(session).then(() => this.hooks.draw()).catch(() => {});
    }).then((stop) => (this.disposed ? stop() : (this.stopLive = stop)), (err) => console.warn('live', err));
  }

  /** The row `id` changed in the store: the sync loop's notices (fork kept, record
   * refused) and rejections come into the session's row; another device of the player
   * moved this game on (library.js): it opens as it is now. True when the notices changed.
   * @param {string | undefined} id */
  async rowChanged(id) {
    const session = this.session;
    if (this.disposed || id !== session.id) return false;
    const fresh = await getGame(session.id);
    if (!fresh || this.disposed) return false;
    if (fresh.replacedAt !== session.row.replacedAt && !this.busy) {
      this.hooks.reopen();
      return false;
    }
    const before = JSON.stringify([session.row.sync?.notice, session.row.hosted?.rejected]);
    session.row.sync = fresh.sync;
    if (fresh.hosted && session.row.hosted) session.row.hosted.rejected = fresh.hosted.rejected;
    return JSON.stringify([session.row.sync?.notice, session.row.hosted?.rejected]) !== before;
  }

  /** Leaving the game: the bot's thinking ends (its move is never played), the guide,
   * a replay playing itself, the live socket and the timers stop. */
  dispose() {
    this.disposed = true;
    this.session.stopThinking?.();
    this.guide?.stop();
    this.autoplay.stop();
    if (this.stopLive) this.stopLive();
    clearTimeout(this.timer);
  }
}
