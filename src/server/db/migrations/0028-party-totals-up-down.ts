import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// A party's running total keeps, beside its net effect, what it raised and what it brought down in
// all (party_day_totals has them by day since 0020), so the due list finds how much of a party's
// dues its payments covered without reading its days (decision 0043). Frozen as written.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  for (const column of ['up_p', 'down_p']) {
    await db.schema
      .alterTable('party_totals')
      .addColumn(column, int, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  const sum = (column: string) => sql`coalesce((select sum(d.${sql.ref(column)}) from party_day_totals d where d.party_id = party_totals.party_id), 0)`;
  await sql`update party_totals set up_p = ${sum('up_p')}, down_p = ${sum('down_p')}`.execute(db);
}
