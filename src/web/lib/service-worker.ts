// The service worker (src/sw/service-worker.js, built to /sw.js) is registered once someone is
// signed in: it keeps the app shell, so the app opens without a network (issue 16). Not in
// development, where there is no built worker.
let registered = false;

export function registerServiceWorker(): void {
  if (registered || import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    registered = false;
  });
}

/** Sign-out: the kept partner list is not left for the next person. */
export function forgetKeptData(): void {
  if (typeof caches !== 'undefined') void caches.delete('ama-data').catch(() => undefined);
}
