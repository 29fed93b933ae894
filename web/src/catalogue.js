// The games this build knows: the engine's catalogue (GameInfo with option specs),
// cached in IndexedDB so the home screen can name games before the engine is up.
import { call } from './engine.js';
import { getSetting, setSetting } from './storage.js';
import { pick } from './i18n.js';

/** A game as the engine's catalogue lists it: GameInfo (id, title_en, title_ja, players,
 * options, ...) and its bots' names. @typedef {{id: string, bots?: string[]} & Record<string, any>} GameInfo */

/** @type {GameInfo[] | null} */
let cached = null;

/** The catalogue from the engine (stored for next time), or the stored one while the
 * engine cannot answer. @returns {Promise<GameInfo[]>} */
export async function catalogue() {
  if (cached) return cached;
  try {
    const list = await call('catalogue', {});
    cached = list;
    await setSetting('catalogue', list);
    return list;
  } catch (err) {
    const saved = await getSetting('catalogue');
    if (saved) return saved;
    throw err;
  }
}

/** The catalogue as far as it is known without the engine (empty before the first).
 * @returns {Promise<GameInfo[]>} */
export async function cachedCatalogue() {
  return cached || (await getSetting('catalogue', []));
}

/** @param {GameInfo[] | null | undefined} list @param {string} id */
export function gameTitle(list, id) {
  const info = (list || []).find((g) => g.id === id);
  return info ? pick(info, 'title') : id;
}
