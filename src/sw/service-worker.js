/* global __PRECACHE__ */
// The app's service worker (issue 16, docs/decisions/0014-outbox.md), written by hand. The build
// (scripts/service-worker.mjs) replaces the two placeholders below with the release's files and a
// version made from their names, and writes it to build/client/sw.js.
//
// What it answers from its caches, and only this:
// - the release's scripts and styles (/assets/*, named by their content, so never stale), the
//   icon and the manifest: from the cache first;
// - an app page (not `/`) that cannot be fetched: the app shell, so the signed-in app opens
//   without a network once it has been used on this phone; in Bangla when the `lang` cookie says
//   so (the cookie store, where the browser has one), as the server would send it;
// - the partner list (GET /api/userDetailsData) that cannot be fetched: its last answer, so the
//   party picker works offline.
// Everything else, `/` and every other /api call included, goes to the network as if it were not there:
// the server sends `/` in English or Bangla by the `lang` cookie (index.html, index.bn.html), and a
// kept copy could be the other language or an old release.

const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const SHELL_CACHE = `ama-shell-${VERSION}`;
const DATA_CACHE = 'ama-data';
const SHELL = '/__spa-fallback.html';
const SHELL_BN = '/__spa-fallback.bn.html';
const PARTNERS = '/api/userDetailsData';
const HOME = ['/', '/index.html', '/index.bn.html'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([SHELL, SHELL_BN, ...PRECACHE].map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('ama-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

const fromCacheFirst = async (request) => (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);

async function appPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const lang = await self.cookieStore?.get('lang').catch(() => null);
    const shell = await caches.match(lang?.value === 'bn' ? SHELL_BN : SHELL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function partnerList(request) {
  const cache = await caches.open(DATA_CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(PARTNERS, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(PARTNERS);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) event.respondWith(fromCacheFirst(request));
  else if (request.mode === 'navigate' && !HOME.includes(url.pathname) && !url.pathname.startsWith('/api/')) event.respondWith(appPage(request));
  else if (url.pathname === PARTNERS && url.search === '') event.respondWith(partnerList(request));
});
