import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// A party is its partner record: party lists and party statements group by the partner's id
// ('#' and the id) instead of the name typed, so a rename keeps one history and two partners of
// one name stay two. Entries without a partner keep the text typed. The two running totals keyed
// by party are filled again from the entries (frozen here: the sums as of this migration).

const SUMS = ['qunatity_milli', 'weight_g', 'price_p', 'total_price_p', 'paid_amount_p', 'discount_amount_p', 'due_amount_p', 'sold_amount_p'];

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const key = sql`case when party_id is not null then '#' || cast(party_id as text) else coalesce(name, '') end`;
  const live = sql`voided = 0 and void_of is null`;
  await sql`delete from kind_name_day_totals`.execute(db);
  await sql`insert into kind_name_day_totals (kind, name_key, issue_date, count, ${sql.join(SUMS.map((c) => sql.ref(c)))})
    select kind, ${key}, issue_date, count(*), ${sql.join(SUMS.map((c) => sql`coalesce(sum(${sql.ref(c)}), 0)`))}
    from entries where ${live} group by kind, ${key}, issue_date`.execute(db);
  await sql`delete from kind_name_totals`.execute(db);
  await sql`insert into kind_name_totals (kind, name_key, count, party_id)
    select kind, ${key}, count(*), max(party_id) from entries where ${live} group by kind, ${key}`.execute(db);
}
