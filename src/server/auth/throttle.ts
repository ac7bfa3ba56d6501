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

/** How long after its last failure a key with `failures` failures waits (0 for the first FREE_FAILURES). */
const delayAfter = (failures: number) => (failures < FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS));

/** Milliseconds this address must still wait before trying this account again (0: go ahead). */
export async function signInWait(db: Kysely<DB>, email: string, ip: string, now = Date.now()): Promise<number> {
  const key = keyOf(email);
  const row = await db.selectFrom('sign_in_failures').select(['failures', 'last_failure_ms']).where('email', '=', key).executeTakeFirst();
  if (!row || row.failures < FREE_FAILURES) return 0;
  const known = await db.selectFrom('sign_in_addresses').select('ip').where('email', '=', key).where('ip', '=', ip).executeTakeFirst();
  if (known) return 0;
  return Math.max(0, Number(row.last_failure_ms) + delayAfter(row.failures) - now);
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

// The same rule per address for a secret guessed without an account (a shared statement's token:
// modules/share): `key` names the purpose and the address (`share:1.2.3.4`). Each try is counted
// before the secret is looked at, in one statement, so a hundred tries sent at once are numbered
// one to a hundred and only the first FREE_FAILURES are looked at; a try that turns out right,
// or is held back, is taken off again. An address's count starts again a day after its last failure.
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** Counts a try for this key; answers how many milliseconds it must wait instead (0: go ahead, then settle it). */
export async function claimTry(db: Kysely<DB>, key: string, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto('address_failures')
    .values({ key, failures: 1, last_failure_ms: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('address_failures.last_failure_ms', '<', now - FORGET_AFTER_MS)
          .then(1)
          .else(eb('address_failures.failures', '+', 1))
          .end(),
      })),
    )
    .returning(['failures', 'last_failure_ms'])
    .executeTakeFirstOrThrow();
  const wait = Math.max(0, Number(row.last_failure_ms) + delayAfter(Number(row.failures) - 1) - now);
  if (wait > 0) await settleTry(db, key, true);
  return wait;
}

/** Settles a try claimed: a right one (or one held back) is taken off the count; a wrong one stays and is dated now. */
export async function settleTry(db: Kysely<DB>, key: string, right: boolean, now = Date.now()): Promise<void> {
  await db
    .updateTable('address_failures')
    .set((eb) => (right ? { failures: eb('failures', '-', 1) } : { last_failure_ms: now }))
    .where('key', '=', key)
    .execute();
}
