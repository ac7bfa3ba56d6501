import type { Kysely } from 'kysely';
import { CASH_ACCOUNT_ID } from '../../../shared/accounts.ts';
import { todayIn } from '../../../shared/dates.ts';
import { emptyValues } from '../../../shared/entry-columns.ts';
import type { Registry } from '../../../shared/registry.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { DB } from '../../db/schema.ts';
import type { NewEntry } from './repository.ts';

/**
 * What every books operation needs: the database, the business's time zone and the record kinds
 * (the app's registry, or a test's own: it reaches voids, corrections, rollups and check alike).
 */
export interface BooksContext {
  db: Kysely<DB>;
  timeZone: string;
  registry: Registry;
}

/** The server's stamp on a write: today in the business time zone, who, and when. */
export const stamp = (ctx: BooksContext, actor: Pick<CurrentUser, 'id' | 'name'>) => ({
  issue_date: todayIn(ctx.timeZone),
  issued_by: actor.name,
  author_id: actor.id,
  created_at: new Date().toISOString(),
});

const noLinks = Object.freeze({
  party_id: null,
  cash_p: 0,
  stock_g: 0,
  void_of: null,
  ref_id: null,
  corrects_id: null,
  void_reason: null,
  idempotency_key: null,
  made_at: null,
  lifecycle_at: null,
  lifecycle_by: null,
  entered_on: null,
  backdate_reason: null,
  voided: 0,
  account_id: CASH_ACCOUNT_ID,
  to_account_id: null,
});

/**
 * Every column of a new entry row, empty: the stamps, the value columns (from the one list of entry
 * columns) and no links. Read back through JSON.parse so that V8 gives it one fixed shape: built
 * by adding forty properties one by one, a row fell into V8's slow dictionary form, and every read
 * of its columns and every copy of it afterwards paid for that (copying one took 10 µs, not 1).
 */
const blankEntry: Readonly<NewEntry> = JSON.parse(
  JSON.stringify(Object.assign({ kind: '', issue_date: '', issued_by: '', author_id: '', created_at: '' }, emptyValues(), noLinks)),
);

/**
 * An entry row with every value column empty and no links, all in one shape (see blankEntry): a
 * plain copy of the blank, which keeps its shape. The caller sets its kind and stamps with
 * Object.assign, not a literal that spreads it and adds fields (under Node 20 such a literal took
 * up to 30 µs: decision 0009).
 */
export const emptyEntry = (): NewEntry => ({ ...blankEntry });
