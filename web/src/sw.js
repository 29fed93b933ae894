// The service worker: precaches the app shell, the Pyodide runtime, the wheels and the
// engine worker (the manifest is injected at build time by scripts/build-sw.mjs with a
// content revision per file), so everything is served with the server stopped and the
// network off. A new build installs beside the old one and waits: the page shows
// "update available" and sends SKIP_WAITING when the player accepts.
import { clientsClaim } from 'workbox-core';
import { addPlugins, precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

clientsClaim();
cleanupOutdatedCaches();
// Each byte once: Workbox fetches a revisioned file with cache: 'reload' (the network,
// always). The page has already loaded its shell, so ask the HTTP cache first and let
// the server confirm it (no-cache: a 304 with no body when the bytes are the same; the
// revision is the content's hash, so a changed file is fetched). The engine's files are
// not loaded before this precache is done (main.js waits for it on a first visit).
// A content-hashed file (/assets/) is the same bytes whatever its age: take the page's
// copy out of the HTTP cache as it is.
const cacheMode = (url) => (new URL(url).pathname.startsWith('/assets/') ? 'force-cache' : 'no-cache');
addPlugins([{ requestWillFetch: async ({ request }) => new Request(request, { cache: cacheMode(request.url) }) }]);
precacheAndRoute(self.__WB_MANIFEST);

// Any navigation inside the app opens the shell (routes are in the hash anyway).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/health/] }));

// Shared replays and the catalogue: fresh when online, the last copy when not.
registerRoute(({ url }) => url.pathname.startsWith('/api/shared/') || url.pathname === '/api/catalogue',
  new NetworkFirst({ cacheName: 'kifu-api', networkTimeoutSeconds: 4 }));

// A push from the server (server/push.py: "your turn", "asks to take back", "over",
// "time runs out in …" on a clocked table;
// the words come in the subscriber's language, nothing hidden): shown as a notice that
// opens the seat's game (the row id records.js gives a hosted seat). A newer notice of
// the same game replaces the older.
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data?.json();
  } catch {
    return; // not ours: the server sends JSON
  }
  if (!data?.game_id) return;
  const id = `hosted-${data.game_id}-${data.seat}`;
  event.waitUntil(self.registration.showNotification(data.title || 'Kifu', {
    body: data.text || '',
    tag: id,
    data: { url: `/#/game/${encodeURIComponent(id)}`, kind: data.kind },
  }));
});

// A "your turn" notice (notify.js, or a push): open its game in a Kifu window, or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const [open] = await self.clients.matchAll({ type: 'window' });
    if (!open) return self.clients.openWindow(url);
    await open.navigate(url);
    // the browser lets a notice's tap bring its window forward; anything else may not
    return open.focus().catch(() => open);
  })());
});
