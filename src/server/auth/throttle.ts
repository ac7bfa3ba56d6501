import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

// Sign-in throttling per account (on top of better-auth's per-address limit): after FREE_FAILURES
// wrong passwords for an email, each further attempt from an address that has never signed in to
// that account waits a delay that doubles with every failure (1 s, 2 s, 4 s ... up to 15 min), so
// guessing one password from many addresses is slowed. The owner signing in from an address they
// have used before is not held up by someone else's guessing. Kept in the database: every
// instance sees the same counts.

const FREE_FAILURES = 5;
const MAX_DELAY_MS = 15 * 60 * 1000;

const keyOf = (email: string) => email.trim().toLowerCase();

/** Milliseconds this address must still wait before trying this account again (0: go ahead). */
export async function signInWait(db: Kysely<DB>, email: string, ip: string, now = Date.now()): Promise<number> {
  const key = keyOf(email);
  const row = await db.selectFrom('sign_in_failures').select(['failures', 'last_failure_ms']).where('email', '=', key).executeTakeFirst();
  if (!row || row.failures < FREE_FAILURES) return 0;
  const known = await db.selectFrom('sign_in_addresses').select('ip').where('email', '=', key).where('ip', '=', ip).executeTakeFirst();
  if (known) return 0;
  const delay = Math.min(1000 * 2 ** (row.failures - FREE_FAILURES), MAX_DELAY_MS);
  return Math.max(0, Number(row.last_failure_ms) + delay - now);
}

/** Records the outcome of a sign-in with a password: a failure counts, a success clears and trusts the address. */
export async function recordSignIn(db: Kysely<DB>, email: string, ip: string, ok: boolean, now = Date.now()): Promise<void> {
  const key = keyOf(email);
  if (ok) {
    await db.deleteFrom('sign_in_failures').where('email', '=', key).execute();
    await db
      .insertInto('sign_in_addresses')
      .values({ email: key, ip })
      .onConflict((oc) => oc.columns(['email', 'ip']).doNothing())
      .execute();
    return;
  }
  await db
    .insertInto('sign_in_failures')
    .values({ email: key, failures: 1, last_failure_ms: now })
    .onConflict((oc) => oc.column('email').doUpdateSet((eb) => ({ failures: eb('sign_in_failures.failures', '+', 1), last_failure_ms: now })))
    .execute();
}
