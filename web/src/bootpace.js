// The engine's boot progress as a player reads it: the share of the expected time gone
// by, stage by stage (web/engine/protocol.js STAGES, after the client module's fetch).
// A stage is expected to take about as long as it took on this device last time
// (localStorage 'kifu.bootPace'; before any boot, DEFAULT_MS: a cold start measured at
// 4x CPU throttle). Within a stage the bar moves as its time passes, never past 95% of
// the stage (a slow one waits there, it does not run ahead), and the worker's word that
// the stage is done moves it to the stage's end. It sat at 8% for ~15 s before: the
// fractions were fixed guesses, one step per stage.

export const STAGE_ORDER = Object.freeze(['fetching', 'runtime', 'packages', 'engine']);
/** @type {Readonly<Record<string, number>>} */
export const DEFAULT_MS = Object.freeze({ fetching: 400, runtime: 6000, packages: 2500, engine: 1500 });
const KEY = 'kifu.bootPace';

/** The expected ms of each stage on this device. @returns {Record<string, number>} */
export function loadPace() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || '{}');
    return Object.fromEntries(STAGE_ORDER.map((s) => [s, Number(saved[s]) > 0 ? Number(saved[s]) : DEFAULT_MS[s]]));
  } catch {
    return { ...DEFAULT_MS };
  }
}

/** Keep what this boot's stages took (a moving average, so one slow boot does not
 * set the pace). @param {Record<string, number>} took ms by stage */
export function savePace(took) {
  const before = loadPace();
  const next = Object.fromEntries(STAGE_ORDER.map((s) => [s, took[s] > 0 ? Math.round((before[s] + took[s]) / 2) : before[s]]));
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // no storage: the next boot uses the defaults
  }
}

/** The boot's progress (0..1) `elapsed` ms into `stage`.
 * @param {Record<string, number>} pace @param {string} stage @param {number} elapsed */
export function fractionAt(pace, stage, elapsed) {
  const i = STAGE_ORDER.indexOf(stage);
  if (i < 0) return stage === 'ready' ? 1 : 0;
  const total = STAGE_ORDER.reduce((sum, s) => sum + pace[s], 0);
  const before = STAGE_ORDER.slice(0, i).reduce((sum, s) => sum + pace[s], 0);
  return (before + Math.min(Math.max(elapsed, 0), 0.95 * pace[stage])) / total;
}
