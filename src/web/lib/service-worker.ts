import { useSyncExternalStore } from 'react';

// The service worker (src/sw/service-worker.js, built to /sw.js) is registered once someone is
// signed in: it keeps the app shell, so the app opens without a network (issue 16). Not in
// development, where there is no built worker. A new release's worker takes over at once (it skips
// waiting); a page that was open under the old one is then told that a new version is ready
// (`useNewVersion`), and reloads when the person says so, never in the middle of their typing.
let registered = false;
let newVersion = false;
const listeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (registered || import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  // The first worker of a browser takes over a page no worker served: not a new version.
  let served = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (served && !newVersion) {
      newVersion = true;
      for (const l of listeners) l();
    }
    served = true;
  });
  navigator.serviceWorker.register('/sw.js').catch(() => {
    registered = false;
  });
}

/** True once a new release's worker has taken over this page. */
export function useNewVersion(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => newVersion,
    () => false,
  );
}

/** Sign-out: the kept partner list is not left for the next person. */
export function forgetKeptData(): void {
  if (typeof caches !== 'undefined') void caches.delete('ama-data').catch(() => undefined);
}
