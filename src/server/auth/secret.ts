import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The key that signs sessions and tokens: AUTH_SECRET when set, otherwise one generated on the
 * first start and kept in the database, so every instance on the same database shares it and a
 * fresh install needs no configuration.
 */
export async function resolveAuthSecret(db: Kysely<DB>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const key = 'auth_secret';
  const existing = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  if (existing) return existing.value;
  const fresh = crypto.randomBytes(32).toString('base64url');
  // Two instances starting together: the first insert wins and both read it back.
  await db
    .insertInto('app_meta')
    .values({ key, value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
