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
// - the lists an entry form needs (GET /api/userDetailsData, the partners; GET /api/accounts) that
//   cannot be fetched: their last answer, with `kept_at` (when it was fetched, ms) added, so the
//   party picker and the account work offline and can say how old the list is (issue 32 item 3).
// Everything else, `/` and every other /api call included, goes to the network as if it were not there:
// the server sends `/` in English or Bangla by the `lang` cookie (index.html, index.bn.html), and a
// kept copy could be the other language or an old release.

const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const SHELL_CACHE = `ama-shell-${VERSION}`;
const DATA_CACHE = 'ama-data';
const SHELL = '/__spa-fallback.html';
const SHELL_BN = '/__spa-fallback.bn.html';
const KEPT_LISTS = ['/api/userDetailsData', '/api/accounts'];
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

async function keptList(request, path) {
  const cache = await caches.open(DATA_CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      // Kept with the time it came: an answer read offline says how old it is.
      const headers = new Headers(answer.headers);
      headers.set('x-kept-at', String(Date.now()));
      await cache.put(path, new Response(await answer.clone().blob(), { status: answer.status, headers }));
    }
    return answer;
  } catch (error) {
    const kept = await cache.match(path);
    if (!kept) throw error;
    const body = await kept.json();
    return Response.json({ ...body, kept_at: Number(kept.headers.get('x-kept-at')) || null });
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) event.respondWith(fromCacheFirst(request));
  else if (request.mode === 'navigate' && !HOME.includes(url.pathname) && !url.pathname.startsWith('/api/')) event.respondWith(appPage(request));
  else if (KEPT_LISTS.includes(url.pathname) && url.search === '') event.respondWith(keptList(request, url.pathname));
});
