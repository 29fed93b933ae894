// The games this build knows: the engine's catalogue (GameInfo with option specs),
// cached in IndexedDB so the home screen can name games before the engine is up.
import { call } from './engine.js';
import { getSetting, setSetting } from './storage.js';
import { pick } from './i18n.js';

let cached = null;

export async function catalogue() {
  if (cached) return cached;
  try {
    cached = await call('catalogue', {});
    await setSetting('catalogue', cached);
  } catch (err) {
    const saved = await getSetting('catalogue');
    if (saved) return saved;
    throw err;
  }
  return cached;
}

export async function cachedCatalogue() {
  return cached || (await getSetting('catalogue', []));
}

export function gameTitle(list, id) {
  const info = (list || []).find((g) => g.id === id);
  return info ? pick(info, 'title') : id;
}
