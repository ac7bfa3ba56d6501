import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/database.ts';
import { createTestDatabase, dialects } from '../helpers/databases.ts';

describe.each(dialects)('migrations on %s', (dialect) => {
  it('create the schema once and are a no-op the second time', async () => {
    const t = await createTestDatabase(dialect, { migrate: false });
    try {
      const first = await migrateToLatest(t.database);
      expect(first).toContain('0001-app-meta');
      expect(await migrateToLatest(t.database)).toEqual([]);
      await t.database.db.insertInto('app_meta').values({ key: 'k', value: 'v' }).execute();
      const rows = await t.database.db.selectFrom('app_meta').selectAll().execute();
      expect(rows).toEqual([{ key: 'k', value: 'v' }]);
      const { rows: count } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.database.db);
      expect(Number(count[0]?.n)).toBe(first.length);
    } finally {
      await t.drop();
    }
  });
});

describe('sqlite settings', () => {
  it('runs with WAL, synchronous=FULL and foreign keys on', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const get = async (name: string) => (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(t.database.db)).rows[0];
      expect(Object.values((await get('journal_mode')) ?? {})).toEqual(['wal']);
      expect(Object.values((await get('synchronous')) ?? {})).toEqual([2]);
      expect(Object.values((await get('foreign_keys')) ?? {})).toEqual([1]);
    } finally {
      await t.drop();
    }
  });
});
