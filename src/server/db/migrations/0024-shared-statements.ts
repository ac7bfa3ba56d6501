import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts, withIdColumn } from './helpers.ts';

// The statement in the party's hands (issue 29 items 3–6, docs/decisions/0038-shared-statements.md).
// - share_links: a party's link. Only the sha256 of its token is kept; the language the party chose,
//   the range it shows, when it expires, who made it, when it was revoked, first and last opened.
// - party_answers: a party's confirm or dispute of the closing balance it was shown (and the day it
//   was counted on), through which link.
// - party_reminders: when each party was last sent its due (WhatsApp or SMS) and by whom.
// - address_failures: wrong tokens per address, for the throttle every instance sees.
// Frozen as written.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  await requiredTexts(withIdColumn(db.schema.createTable('share_links'), dialect), ['token_hash', 'lang', 'created_at', 'created_by', 'expires_at'])
    .addColumn('partner_id', int, (c) => c.notNull())
    .addColumn('from_date', 'text')
    .addColumn('to_date', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('first_opened_at', 'text')
    .addColumn('last_opened_at', 'text')
    .execute();
  await db.schema.createIndex('share_links_token').unique().on('share_links').column('token_hash').execute();
  await db.schema.createIndex('share_links_partner').on('share_links').columns(['partner_id', 'id']).execute();

  await requiredTexts(withIdColumn(db.schema.createTable('party_answers'), dialect), ['answer', 'at', 'as_of'])
    .addColumn('partner_id', int, (c) => c.notNull())
    .addColumn('link_id', int, (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('balance_p', int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('party_answers_partner').on('party_answers').columns(['partner_id', 'id']).execute();

  await requiredTexts(db.schema.createTable('party_reminders'), ['reminded_at', 'channel', 'reminded_by'])
    .addColumn('partner_id', int, (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable('address_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_ms', 'bigint', (c) => c.notNull())
    .execute();
}
