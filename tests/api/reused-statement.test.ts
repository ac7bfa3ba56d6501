import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reusedStatement } from '../../src/server/db/reads.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { type TestDatabase, createTestDatabase, dialects } from '../helpers/databases.ts';

// Write statements of one shape reuse their SQL text with each call's values (decision 0009,
// third part). Each call must store its own values, a wrong list of values must be refused, and a
// value that Kysely would not bind as given (undefined: the column's default) must not be bound.
describe.each(dialects)('a reused write statement, on %s', (dialect) => {
  let t: TestDatabase;
  let db: Kysely<DB>;
  // A table of the test's own, outside the app's schema type.
  const table = () => (db as unknown as Kysely<Record<string, { id: Generated<number>; a: string; b: number | undefined }>>).insertInto('reuse_t');
  const rows = async () => (await sql<{ a: string; b: number }>`select a, b from reuse_t order by id`.execute(db)).rows;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    db = t.database.db;
    await sql
      .raw(`create table reuse_t (id ${dialect === 'sqlite' ? 'integer primary key' : 'serial primary key'}, a text not null, b integer default 7)`)
      .execute(db);
  });
  afterAll(() => t.drop());

  it('stores each call’s own values, refuses values the query does not bind, and builds afresh for an undefined', async () => {
    const insert = (a: string, b: number | undefined) => reusedStatement(db, 'reuse_t:1', [a, b], () => table().values({ a, b }));
    await insert('first', 1);
    await insert('second', 2);
    await insert('third', undefined);
    expect(await rows()).toEqual([
      { a: 'first', b: 1 },
      { a: 'second', b: 2 },
      { a: 'third', b: 7 },
    ]);
    await expect(reusedStatement(db, 'reuse_t:other', ['x'], () => table().values({ a: 'x', b: 3 }))).rejects.toThrow(/not the ones the query binds/);
    expect(await rows()).toHaveLength(3);
  });
});
