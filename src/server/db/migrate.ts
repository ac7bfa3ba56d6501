import { Migrator, sql } from 'kysely';
import { type Database, DatabaseSetupError } from './dialect.ts';
import { migrationProvider } from './migrations/index.ts';

// Bringing the schema up to date, one instance at a time.

/**
 * Runs `fn` while holding the database's migration lock (PostgreSQL: a session advisory lock
 * per schema), so instances starting together migrate one after another. SQLite needs none:
 * its migrations run in one process at a time (see `lockDataDir`).
 */
export async function withMigrationLock<T>(database: Pick<Database, 'db' | 'dialect'>, fn: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return fn();
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext('ama-migrations:' || current_schema()))`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('ama-migrations:' || current_schema()))`.execute(conn);
    }
  });
}

/** Brings the schema up to date. Throws with the failing migration's name. */
export function migrateToLatest(database: Pick<Database, 'db' | 'dialect'>): Promise<string[]> {
  return withMigrationLock(database, () => migrateUnlocked(database));
}

async function migrateUnlocked(database: Pick<Database, 'db' | 'dialect'>): Promise<string[]> {
  // On PostgreSQL the migrator must look for its own tables in our schema only: left to itself it
  // takes another schema's kysely_migration for ours.
  const schema = database.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s : undefined;
  // Unordered: a migration merged from a parallel branch (or re-run after its row was removed)
  // runs even when later ones have already run; each is written to stand on its own.
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  await refuseNewerBooks(database, migrator, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new DatabaseSetupError(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/**
 * Books a newer version migrated hold steps this one does not know: starting on them would run
 * old code on a schema it was not written for. Refused in one plain line, which says what to do.
 */
async function refuseNewerBooks(database: Pick<Database, 'db' | 'dialect'>, migrator: Migrator, schema: string | undefined): Promise<void> {
  const table = schema ? sql`${sql.id(schema)}.kysely_migration` : sql`kysely_migration`;
  const done = await sql<{ name: string }>`select name from ${table} order by name`
    .execute(database.db)
    .then((r) => r.rows.map((row) => row.name))
    // No table yet: new books.
    .catch(() => [] as string[]);
  const known = (await migrator.getMigrations()).map((m) => m.name);
  const unknown = done.filter((name) => !known.includes(name));
  if (!unknown.length) return;
  throw new DatabaseSetupError(
    `these books were upgraded by a newer version of the app (its schema has ${unknown.join(', ')}; this version knows up to ${known.at(-1) ?? 'none'}): start the newer version, or restore a backup taken before the upgrade to go back to this one`,
  );
}
