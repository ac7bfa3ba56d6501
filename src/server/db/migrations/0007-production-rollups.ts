import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Running totals for the production report (modules/production): every kind by month, and
// firings and repairs by pot and by fire man, by month and by day. Frozen here as they were
// defined at this step: live entries only (not voided, not a reversal), pot and fire man by
// their trimmed text, rows without one left out.
const sums = ['qunatity_milli', 'weight_g', 'price_p', 'total_price_p', 'paid_amount_p', 'discount_amount_p', 'due_amount_p', 'sold_amount_p'];

const tables: { table: string; keys: [string, string][]; keyed?: string; byDay?: boolean }[] = [
  {
    table: 'kind_month_totals',
    keys: [
      ['kind', 'kind'],
      ['month_key', 'substr(issue_date, 1, 7)'],
    ],
  },
  {
    table: 'pot_month_totals',
    keys: [
      ['kind', 'kind'],
      ['pot_key', 'trim(pot_number)'],
      ['month_key', 'substr(issue_date, 1, 7)'],
    ],
    keyed: 'pot_number',
  },
  {
    table: 'pot_day_totals',
    keys: [
      ['kind', 'kind'],
      ['pot_key', 'trim(pot_number)'],
      ['issue_date', 'issue_date'],
    ],
    keyed: 'pot_number',
    byDay: true,
  },
  {
    table: 'fire_man_month_totals',
    keys: [
      ['kind', 'kind'],
      ['fire_man_key', 'trim(fire_man)'],
      ['month_key', 'substr(issue_date, 1, 7)'],
    ],
    keyed: 'fire_man',
  },
  {
    table: 'fire_man_day_totals',
    keys: [
      ['kind', 'kind'],
      ['fire_man_key', 'trim(fire_man)'],
      ['issue_date', 'issue_date'],
    ],
    keyed: 'fire_man',
    byDay: true,
  },
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  for (const { table, keys, keyed, byDay } of tables) {
    let t = db.schema.createTable(table);
    for (const [k] of keys) t = t.addColumn(k, 'text', (c) => c.notNull());
    for (const v of ['count', ...sums]) t = t.addColumn(v, int, (c) => c.notNull().defaultTo(0));
    await t.addPrimaryKeyConstraint(`${table}_pk`, keys.map(([k]) => k) as never[]).execute();
    // A range's partial months read every pot's (or fire man's) days between two dates.
    if (byDay) await db.schema.createIndex(`${table}_kind_date`).on(table).columns(['kind', 'issue_date']).execute();

    // Backfill from the entries already written, in one statement per table.
    const keyCols = keys.map(([k]) => k).join(', ');
    const keyExprs = keys.map(([, e]) => e).join(', ');
    const sumExprs = sums.map((c) => `coalesce(sum(${c}), 0)`).join(', ');
    const only = keyed ? ` and ${keyed} is not null and trim(${keyed}) <> ''` : '';
    await sql
      .raw(
        `insert into ${table} (${keyCols}, count, ${sums.join(', ')})
         select ${keyExprs}, count(*), ${sumExprs} from entries
         where void_of is null and voided = 0${only}
         group by ${keyExprs}`,
      )
      .execute(db);
  }
}
