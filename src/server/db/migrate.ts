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
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new DatabaseSetupError(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
