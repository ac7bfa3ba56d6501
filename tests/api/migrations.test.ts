import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { DatabaseSetupError } from '../../src/server/db/dialect.ts';
import { migrationProvider } from '../../src/server/db/migrations/index.ts';
import { seedDemo } from '../../src/server/modules/books/demo.ts';
import { rollups } from '../../src/server/modules/books/rollups.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { registry } from '../../src/shared/registry.ts';
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

  it('fill the running totals from books written before they existed', async () => {
    const t = await createTestDatabase(dialect);
    try {
      // Books from before migration 0004 hold only the kinds there were then (its ledger rules are frozen).
      const kindsThen = registry.kinds
        .filter((k) => !k.opening)
        .map((k) => k.kind)
        .filter((k) => k !== 'paymentReceived');
      await seedDemo(t.database.db, { entries: 800, today: '2026-11-22', kinds: kindsThen });
      const before = await t.database.db.selectFrom('kind_name_totals').selectAll().orderBy('kind').orderBy('name_key').execute();
      // Books from before migration 0004: no rollup tables.
      // (The money accounts' totals came later, with their own migration.)
      for (const r of rollups.filter((x) => !x.table.startsWith('account_'))) await sql`drop table ${sql.table(r.table)}`.execute(t.database.db);
      // Nor the partners' credit limits and the ledger days' dues and payments (migration 0020), nor the parties' (0028).
      for (const column of ['credit_limit_p', 'refuse_past_limit']) await sql`alter table partners drop column ${sql.ref(column)}`.execute(t.database.db);
      const rerun = ['0004-rollups', '0007-production-rollups', '0008-party-keys', '0020-dues-and-credit-limits', '0028-party-totals-up-down'];
      await sql`delete from kysely_migration where name in (${sql.join(rerun)})`.execute(t.database.db);
      expect(await checkBooks(t.database.db).catch(() => ['no rollups'])).toEqual(['no rollups']);

      expect(await migrateToLatest(t.database)).toEqual(rerun);
      expect(await checkBooks(t.database.db)).toEqual([]);
      expect(await t.database.db.selectFrom('kind_name_totals').selectAll().orderBy('kind').orderBy('name_key').execute()).toEqual(before);
    } finally {
      await t.drop();
    }
  });
});

describe.each(dialects)('migration 0007 on %s', (dialect) => {
  it('fills the production rollups exactly as the running totals would have', async () => {
    const t = await createTestDatabase(dialect);
    try {
      await seedDemo(t.database.db, { entries: 800, today: '2026-11-22' });
      const tables = ['kind_month_totals', 'pot_month_totals', 'pot_day_totals', 'fire_man_month_totals', 'fire_man_day_totals'] as const;
      const read = (table: (typeof tables)[number]) =>
        t.database.db
          .selectFrom(table)
          .selectAll()
          .execute()
          .then((rows) => rows.map((r) => JSON.stringify(Object.entries(r).sort())).sort());
      const before = await Promise.all(tables.map(read));
      expect(before.every((rows) => rows.length > 0)).toBe(true);
      for (const table of tables) await sql`drop table ${sql.table(table)}`.execute(t.database.db);
      await sql`delete from kysely_migration where name = '0007-production-rollups'`.execute(t.database.db);

      expect(await migrateToLatest(t.database)).toEqual(['0007-production-rollups']);
      expect(await checkBooks(t.database.db)).toEqual([]);
      expect(await Promise.all(tables.map(read))).toEqual(before);
    } finally {
      await t.drop();
    }
  });
});

describe('sqlite settings', () => {
  it('runs with WAL, synchronous=FULL, foreign keys on and temporary data in memory', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const get = async (name: string) => (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(t.database.db)).rows[0];
      expect(Object.values((await get('journal_mode')) ?? {})).toEqual(['wal']);
      expect(Object.values((await get('synchronous')) ?? {})).toEqual([2]);
      expect(Object.values((await get('foreign_keys')) ?? {})).toEqual([1]);
      // 2 = MEMORY: a write's statement journal is not a file created and removed per transaction.
      expect(Object.values((await get('temp_store')) ?? {})).toEqual([2]);
    } finally {
      await t.drop();
    }
  });
});

describe.each(dialects)('migration 0012 on %s', (dialect) => {
  const sparse = { entries_void_of: 'void_of', entries_ref: 'ref_id', entries_corrects: 'corrects_id', entries_idempotency: 'idempotency_key' };

  it('indexes only the entries that have a value, keeps the key unique, and the lookups still use the indexes', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const { db } = t.database;
      await seedDemo(db, { entries: 300, today: '2026-11-22' });
      // Books as migration 0011 left them: every entry in the four indexes.
      for (const [name, column] of Object.entries(sparse)) {
        await sql`drop index ${sql.ref(name)}`.execute(db);
        await sql`create ${sql.raw(name === 'entries_idempotency' ? 'unique index' : 'index')} ${sql.ref(name)} on entries (${sql.ref(column)})`.execute(db);
      }
      // And a start stopped between a drop and its create (SQLite runs a migration's statements one by one).
      await sql`drop index entries_ref`.execute(db);
      await sql`delete from kysely_migration where name = '0012-sparse-entry-indexes'`.execute(db);
      expect(await migrateToLatest(t.database)).toEqual(['0012-sparse-entry-indexes']);
      expect(await checkBooks(db)).toEqual([]);

      const definitions =
        dialect === 'sqlite'
          ? (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'entries'`.execute(db)).rows
          : (await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'entries'`.execute(db)).rows;
      for (const [name, column] of Object.entries(sparse)) {
        const definition = definitions.find((d) => d.name === name)?.sql ?? '';
        expect(definition, name).toMatch(new RegExp(`where \\(?"?${column}"? is not null\\)?$`, 'i'));
      }

      // The key is still unique where it is given; entries without one are many.
      const [some] = await db.selectFrom('entries').selectAll().where('void_of', 'is', null).limit(1).execute();
      const { id: _id, ...row } = some!;
      await db
        .insertInto('entries')
        .values({ ...row, idempotency_key: 'k-0012' })
        .execute();
      await expect(
        db
          .insertInto('entries')
          .values({ ...row, idempotency_key: 'k-0012' })
          .execute(),
      ).rejects.toThrow(/unique|duplicate/i);
      await db.insertInto('entries').values([row, row]).execute();

      if (dialect === 'sqlite') {
        const plan = async (query: string) =>
          (await sql.raw<{ detail: string }>(`explain query plan ${query}`).execute(db)).rows.map((r) => r.detail).join(' ');
        expect(await plan(`select * from entries where idempotency_key = 'k-0012'`)).toContain('INDEX entries_idempotency');
        expect(await plan('select id from entries where void_of in (1, 2)')).toContain('INDEX entries_void_of');
        expect(await plan('select id from entries where corrects_id = 5')).toContain('INDEX entries_corrects');
        expect(await plan('select id from entries where ref_id = 5')).toContain('INDEX entries_ref');
      }
    } finally {
      await t.drop();
    }
  });
});

describe.each(dialects)('upgrades on %s', (dialect) => {
  const FIRST_BOOKS = '0003-books';

  it('books written by the first schema with entries come through every later migration, one release at a time, and check ok', async () => {
    // Today's code writes the books once (demo entries of the kinds the first schema had); the old
    // books hold the same rows, in the columns the first schema had.
    const today = await createTestDatabase(dialect);
    const old = await createTestDatabase(dialect, { migrate: false });
    try {
      const kindsThen = registry.kinds
        .filter((k) => !k.opening)
        .map((k) => k.kind)
        .filter((k) => !['paymentReceived', 'transfer'].includes(k));
      await seedDemo(today.database.db, { entries: 400, today: '2026-11-22', kinds: kindsThen });
      const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(old.database.db)).rows[0]?.s : undefined;
      const migrator = new Migrator({
        db: old.database.db,
        provider: migrationProvider(dialect),
        allowUnorderedMigrations: true,
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const names = (await migrator.getMigrations()).map((m) => m.name);
      expect((await migrator.migrateTo(FIRST_BOOKS)).error).toBeUndefined();

      const columnsThen = async (table: string) =>
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(old.database.db)).rows.map((r) => r.name)
          : (
              await sql<{
                name: string;
              }>`select column_name as name from information_schema.columns where table_name = ${table} and table_schema = current_schema()`.execute(
                old.database.db,
              )
            ).rows.map((r) => r.name);
      for (const table of ['partners', 'entries'] as const) {
        const keep = await columnsThen(table);
        const rows = await today.database.db.selectFrom(table).selectAll().orderBy('id').execute();
        for (const row of rows) {
          const then = Object.fromEntries(Object.entries(row).filter(([column]) => keep.includes(column)));
          await sql`insert into ${sql.table(table)} (${sql.join(Object.keys(then).map((c) => sql.ref(c)))}) ${sql.raw(dialect === 'postgres' ? 'overriding system value ' : '')}values (${sql.join(Object.values(then))})`.execute(
            old.database.db,
          );
        }
      }
      const summary = await today.database.db.selectFrom('ledger_summary').select(['balance_p', 'stock_g', 'entry_count']).executeTakeFirstOrThrow();
      await sql`update ledger_summary set balance_p = ${summary.balance_p}, stock_g = ${summary.stock_g}, entry_count = ${summary.entry_count}`.execute(
        old.database.db,
      );
      if (dialect === 'postgres') {
        for (const table of ['partners', 'entries'])
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(old.database.db);
      }

      // Every release after the first, in turn, as a factory upgrading each time would.
      for (const name of names.slice(names.indexOf(FIRST_BOOKS) + 1)) {
        const step = await migrator.migrateTo(name);
        expect(step.error, name).toBeUndefined();
      }
      expect(await migrateToLatest(old.database)).toEqual([]);
      expect(await checkBooks(old.database.db)).toEqual([]);
      expect(await old.database.db.selectFrom('ledger_summary').select(['balance_p', 'stock_g', 'entry_count']).executeTakeFirstOrThrow()).toEqual(summary);
      const totals = (db: typeof today.database.db) => db.selectFrom('kind_name_totals').selectAll().orderBy('kind').orderBy('name_key').execute();
      expect(await totals(old.database.db)).toEqual(await totals(today.database.db));
    } finally {
      await old.drop();
      await today.drop();
    }
  });

  it('an older version started on books a newer one upgraded refuses in one plain line, and changes nothing', async () => {
    const t = await createTestDatabase(dialect);
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('0099-from-a-newer-version', ${new Date().toISOString()})`.execute(t.database.db);
      const refusal = await migrateToLatest(t.database).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseSetupError);
      const text = (refusal as Error).message;
      expect(text).not.toContain('\n');
      expect(text).toMatch(
        /^these books were upgraded by a newer version of the app \(its schema has 0099-from-a-newer-version; this version knows up to \d{4}-[\w-]+\): start the newer version, or restore a backup taken before the upgrade to go back to this one$/,
      );
      const { rows } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.database.db);
      expect(Number(rows[0]?.n)).toBe((await migrationProvider(dialect).getMigrations().then(Object.keys)).length + 1);
    } finally {
      await t.drop();
    }
  });
});
