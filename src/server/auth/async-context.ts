import { AsyncLocalStorage } from 'node:async_hooks';
import { getBetterAuthVersion } from '@better-auth/core/context';

// better-auth keeps what a sign-in or a session check is doing in three AsyncLocalStorages. Under
// Node 20, an AsyncLocalStorage that has run anything turns on promise hooks for the whole
// process, and they stay on: every promise of every request runs them from then on, the books'
// requests included, which never use them (an entry POST ran at 0.78 of its speed). So the three
// storages are ours: each counts the work running inside it, and when none of better-auth's work
// is left, all three are disabled, which turns the hooks off until better-auth runs again
// (decision 0009). A storage is only disabled when nothing runs in any of them, so no work of
// better-auth ever loses its context.

/** better-auth's work running now, in any of the three storages (runs nest: each counts). */
let running = 0;
const storages: CountedStorage[] = [];

class CountedStorage extends AsyncLocalStorage<unknown> {
  override run<R>(store: unknown, callback: (...args: never[]) => R, ...args: never[]): R {
    running += 1;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      finished();
      throw error;
    }
    if (result instanceof Promise) return result.finally(finished) as R;
    finished();
    return result;
  }
}

function finished() {
  running -= 1;
  if (running === 0) for (const storage of storages) storage.disable();
}

/**
 * Gives better-auth our counting storages, before it makes its own: call before better-auth runs
 * anything (createAuth does); calling again changes nothing. If another version of better-auth
 * kept its storages elsewhere, it would make its own and the hooks would stay on: the test of this
 * (tests/api/auth-hooks.test.ts) would fail, not the app.
 */
export function countBetterAuthWork(): void {
  getBetterAuthVersion(); // makes better-auth's record of its storages, which ours go into
  const context = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[Symbol.for('better-auth:global')]?.context;
  if (!context) return;
  for (const name of ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage']) {
    if (context[name] !== undefined) continue;
    const storage = new CountedStorage();
    storages.push(storage);
    context[name] = storage;
  }
}
