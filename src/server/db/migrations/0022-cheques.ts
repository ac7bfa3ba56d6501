import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts, withIdColumn } from './helpers.ts';

// Cheques (issue 28 part 4, docs/decisions/0035-cheques.md). A payment received or made by cheque
// is an entry of its kind whose money waits in one of two accounts the books keep ("Cheques in
// hand", "Cheques issued": made with the first cheque, not money accounts a person picks, so not
// listed with them) until the cheque clears (a transfer to or from the bank account) or comes back (bounced or cancelled: an
// entry that makes the party owe it again). `cheques` keeps each cheque's details, its state and
// the entries of its state changes. Frozen as written.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  await requiredTexts(withIdColumn(db.schema.createTable('cheques'), dialect), [
    'direction',
    'cheque_no',
    'cheque_bank',
    'cheque_date',
    'state',
    'created_at',
    'changed_at',
    'changed_by',
  ])
    .addColumn('entry_id', int, (c) => c.notNull())
    .addColumn('partner_id', int)
    .addColumn('amount_p', int, (c) => c.notNull())
    .addColumn('account_id', int)
    .addColumn('deposited_on', 'text')
    .addColumn('settled_on', 'text')
    .addColumn('clear_entry_id', int)
    .addColumn('return_entry_id', int)
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('cheques_entry').unique().on('cheques').column('entry_id').execute();
  await db.schema.createIndex('cheques_state_due').on('cheques').columns(['state', 'cheque_date', 'id']).execute();
  await db.schema.createIndex('cheques_clear_entry').on('cheques').column('clear_entry_id').execute();
  await db.schema.createIndex('cheques_return_entry').on('cheques').column('return_entry_id').execute();
}
