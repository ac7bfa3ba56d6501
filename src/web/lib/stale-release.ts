// A page opened before an upgrade asks for chunks of its own release, which the new release no
// longer has (issue 31: "check the connection" for ever, an outbox left unsent). When a chunk does
// not load while the server answers for it without a script, the page is the old release: it reloads once, onto the new
// one. A guard in the tab's session storage keeps a chunk that is really broken from reloading in
// a loop: within a minute of a reload for this cause, the failure is shown instead.
const KEY = 'ama:reloaded-for-release';
const GUARD_MS = 60_000;

/** A script chunk that did not arrive (Chromium, Firefox and Safari word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|module script|Failed to fetch/i.test(text);
}

/**
 * Reloads the page when it is an old release's: the chunk named in `error` is answered by the
 * server, but not with a script (a 404: the new release does not have it). A chunk that cannot be
 * fetched at all (offline, a connection cut) is not a new release: no reload. False when it did not.
 */
export async function reloadIfOldRelease(error: unknown): Promise<boolean> {
  if (typeof window === 'undefined' || !navigator.onLine) return false;
  const url = /https?:\/\/[^\s)]+?\.js/.exec(error instanceof Error ? error.message : String(error))?.[0];
  if (!url) return false;
  try {
    if (Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) < GUARD_MS) return false;
    const answer = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (answer.ok && (answer.headers.get('content-type') ?? '').includes('javascript')) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  location.reload();
  return true;
}
