// src/screens/game/controller.js over a stubbed session, no DOM: a bot's turn waits
// the pause once, then plays its steps with no pause and draws once at its end (at most
// BOT_STEPS_UNDRAWN steps a draw); an undo waits out the step under way and stops the
// turn; scrubbing back stops the bot and the tip is live again.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** @type {typeof import('../src/screens/game/controller.js')} */
let mod;

beforeAll(async () => {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: true, languages: ['en'] });
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  const kept = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (k) => (kept.has(k) ? kept.get(k) : null),
    setItem: (k, v) => kept.set(k, String(v)),
    removeItem: (k) => kept.delete(k),
  });
  mod = await import('../src/screens/game/controller.js');
});

const STEP_MS = 10;

/** A local game: seat 0 a person, seat 1 a bot whose turn is `steps` steps long
 * (its seat stays to move until the last). Each step takes STEP_MS. */
function botGame(steps) {
  const session = {
    kind: 'local',
    id: 'g1',
    row: { seatKinds: ['human', 'bot'] },
    snapshot: { seq: 4, over: false, activeSeat: null, toMove: [1] },
    thinking: null,
    played: 0,
    undone: 0,
    humanSeats: () => [0],
    async botStep() {
      await new Promise((done) => setTimeout(done, STEP_MS));
      session.played += 1;
      const last = session.played >= steps;
      session.snapshot = { seq: session.snapshot.seq + 1, over: false, activeSeat: last ? 0 : null, toMove: [last ? 0 : 1] };
      return true;
    },
    stopThinking: vi.fn(),
    play: async () => {},
    async undo() {
      session.undone += 1;
      session.snapshot = { ...session.snapshot, seq: 4, activeSeat: 0, toMove: [0] };
    },
    branchAt: async () => 'branch',
  };
  return session;
}

function controllerOf(session) {
  const hooks = { draw: vi.fn(), clearError: vi.fn(), showError: vi.fn(), showThinking: vi.fn(), reopen: vi.fn() };
  const ctl = new mod.GameController(/** @type {any} */ (session), hooks);
  // a draw schedules what comes next, as the screen's does
  hooks.draw.mockImplementation(() => ctl.schedule());
  return { ctl, hooks };
}

describe('the bot turn', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.removeItem('kifu.botDelay');
  });
  afterEach(() => vi.useRealTimers());

  it('waits the pause once, then plays the whole turn and draws once', async () => {
    const session = botGame(5);
    const { ctl, hooks } = controllerOf(session);
    ctl.schedule();
    await vi.advanceTimersByTimeAsync(mod.botDelay() - 1);
    expect(session.played).toBe(0); // the person's move is seen landing first
    await vi.advanceTimersByTimeAsync(1 + 5 * STEP_MS);
    expect(session.played).toBe(5);
    expect(hooks.draw).toHaveBeenCalledTimes(1);
    expect(session.snapshot.activeSeat).toBe(0);
    expect(ctl.busy).toBe(false);
  });

  it('draws every BOT_STEPS_UNDRAWN steps, going on with no pause', async () => {
    const steps = mod.BOT_STEPS_UNDRAWN + 3;
    const session = botGame(steps);
    const { ctl, hooks } = controllerOf(session);
    ctl.schedule();
    await vi.advanceTimersByTimeAsync(mod.botDelay() + mod.BOT_STEPS_UNDRAWN * STEP_MS);
    expect(session.played).toBe(mod.BOT_STEPS_UNDRAWN);
    expect(hooks.draw).toHaveBeenCalledTimes(1);
    // the same bot, in the turn it played the last move of: the rest at once
    expect(ctl.botLast).toEqual({ seq: session.snapshot.seq, seat: 1 });
    await vi.advanceTimersByTimeAsync(3 * STEP_MS + 1);
    expect(session.played).toBe(steps);
    expect(hooks.draw).toHaveBeenCalledTimes(2);
  });

  it('the test hook sets the pause', async () => {
    localStorage.setItem('kifu.botDelay', '0');
    const session = botGame(1);
    const { ctl } = controllerOf(session);
    ctl.schedule();
    await vi.advanceTimersByTimeAsync(STEP_MS);
    expect(session.played).toBe(1);
  });

  it('an undo waits out the step under way, stops the turn, then undoes', async () => {
    const session = botGame(10);
    const { ctl, hooks } = controllerOf(session);
    ctl.schedule();
    await vi.advanceTimersByTimeAsync(mod.botDelay() + STEP_MS + 1); // the second step under way
    expect(ctl.busy).toBe(true);
    expect(session.played).toBe(1);
    const undone = ctl.undo();
    await vi.advanceTimersByTimeAsync(STEP_MS);
    await undone;
    expect(session.played).toBe(2); // the step under way is played, the turn goes no further
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.played).toBe(2);
    expect(session.undone).toBe(1);
    expect(ctl.botHold).toBe(false);
    expect(hooks.draw).toHaveBeenCalledTimes(2); // the bot's stopped turn, then the undo
  });

  it('plays nothing back in history, and stops the bot there', async () => {
    const session = botGame(3);
    const { ctl } = controllerOf(session);
    ctl.scrubTo(2, session.snapshot.seq);
    expect(ctl.scrubSeq).toBe(2);
    expect(session.stopThinking).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.played).toBe(0);
    ctl.scrubTo(session.snapshot.seq, session.snapshot.seq); // the tip: live again
    expect(ctl.scrubSeq).toBe(null);
    await vi.advanceTimersByTimeAsync(mod.botDelay() + 3 * STEP_MS);
    expect(session.played).toBe(3);
  });

  it('leaving the game cancels the bot turn waiting to begin', async () => {
    const session = botGame(3);
    const { ctl } = controllerOf(session);
    ctl.schedule();
    ctl.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.played).toBe(0);
    expect(session.stopThinking).toHaveBeenCalled();
  });
});
