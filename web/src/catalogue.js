// The games this build knows: the engine's catalogue (GameInfo with option specs),
// cached in IndexedDB so the home screen can name games before the engine is up. The
// catalogue is static for a build, so the new-game form does not wait for the engine
// to list it: the server's /api/catalogue (the same `listed` entries, core.games; the
// service worker's copy offline) or the engine, whichever answers first, then the
// stored copy when neither can.
import { call } from './engine.js';
import { getSetting, setSetting } from './storage.js';
import { pick, tOr } from './i18n.js';

/** A game as the engine's catalogue lists it: GameInfo (id, title_en, title_ja, players,
 * options, ...) and its bots' names. @typedef {{id: string, bots?: string[]} & Record<string, any>} GameInfo */

/** @type {GameInfo[] | null} */
let cached = null;
/** @type {Promise<GameInfo[]> | null} */
let asked = null;

/** The engine's catalogue, asked once a page: kept in memory and stored for next time.
 * @returns {Promise<GameInfo[]>} */
function fromEngine() {
  asked ||= call('catalogue', {}).then(async (/** @type {GameInfo[]} */ list) => {
    cached = list;
    await setSetting('catalogue', list);
    return list;
  });
  return asked;
}

/** The server's copy (a fresh device whose engine is still loading); rejects offline.
 * @returns {Promise<GameInfo[]>} */
async function fromServer() {
  const response = await fetch('/api/catalogue', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`catalogue: HTTP ${response.status}`);
  return (await response.json()).games;
}

/** The catalogue without waiting for the engine when the server (or the service
 * worker's copy of its answer) has it. @returns {Promise<GameInfo[]>} */
export async function catalogue() {
  if (cached) return cached;
  const engine = fromEngine();
  engine.catch((err) => console.warn('catalogue', err)); // the server's answer may win
  try {
    return await Promise.any([engine, fromServer()]);
  } catch {
    const saved = await getSetting('catalogue');
    if (saved) return saved;
    throw await engine.catch((reason) => reason);
  }
}

/** The catalogue as far as it is known without the engine (empty before the first).
 * @returns {Promise<GameInfo[]>} */
export async function cachedCatalogue() {
  return cached || (await getSetting('catalogue', []));
}

/** A game's name; before the catalogue is known, the title folder's own (`game.title.<id>`,
 * never the raw id where there is one).
 * @param {GameInfo[] | null | undefined} list @param {string} id */
export function gameTitle(list, id) {
  const info = (list || []).find((g) => g.id === id);
  return info ? pick(info, 'title') : tOr(`game.title.${id}`, id);
}
