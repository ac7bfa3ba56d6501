import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Partner names are unique per category whatever their case or look-alike letters, the same on
// SQLite and PostgreSQL (SQLite's lower() knew only ASCII): each partner gets the key its name is
// compared by. Frozen copy of the key as of this migration. Two old partners whose names now
// collide keep their names; the later one's key gets its id, so both stay and an admin can rename.

const LOOK_ALIKE = 'аеорсухѕіјԁԛԝүһкмнтвαικνοτχυ';
const READS_AS = 'aeopcyxsijdqwyhkmhtbaikvotxu';
const keyOf = (name: string) =>
  [...name.normalize('NFC').trim().replace(/\s+/g, ' ').normalize('NFKC').toLowerCase()].map((c) => READS_AS[LOOK_ALIKE.indexOf(c)] ?? c).join('');

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('partners').addColumn('name_key', 'text').execute();
  const partners = (await sql<{ id: number; catagories: string; name: string }>`select id, catagories, name from partners order by id`.execute(db)).rows;
  const taken = new Set<string>();
  for (const p of partners) {
    let key = keyOf(p.name);
    if (taken.has(`${p.catagories}\n${key}`)) key = `${key} #${Number(p.id)}`;
    taken.add(`${p.catagories}\n${key}`);
    await sql`update partners set name_key = ${key} where id = ${p.id}`.execute(db);
  }
  await sql`drop index partners_category_name`.execute(db);
  await sql`create unique index partners_category_name_key on partners (catagories, name_key)`.execute(db);
}
