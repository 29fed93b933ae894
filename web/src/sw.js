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

// A "your turn" notice (notify.js): open its game in a Kifu window, or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const [open] = await self.clients.matchAll({ type: 'window' });
    if (!open) return self.clients.openWindow(url);
    await open.focus();
    return open.navigate(url);
  })());
});
