import type { Kysely, Transaction } from 'kysely';
import { type AccountChange, type AccountInput, CASH_ACCOUNT_ID, accountNameKey } from '../../../shared/accounts.ts';
import type { AccountAnswer } from '../../../shared/api-schemas.ts';
import { chequeHolderTypes, isChequeHolder } from '../../../shared/cheques.ts';
import { formatTaka, toDecimal, units } from '../../../shared/money.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { preparedQuery } from '../../db/reads.ts';
import type { DB, MoneyAccountTable } from '../../db/schema.ts';
import { isUniqueViolation, writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';

// Money accounts (issue 28): Cash in hand (account 1, always there) and the bank accounts and
// mobile wallets an admin adds, renames and archives. Never deleted: entries keep pointing at them.
// A balance is the account's running totals (rollups.ts: account_totals), money in less money out.

type Db = Kysely<DB> | Transaction<DB>;

const accountsRead = preparedQuery(
  (db: Kysely<DB>) =>
    db
      .selectFrom('money_accounts as a')
      .leftJoin('account_totals as t', 't.account_id', 'a.id')
      .select(['a.id', 'a.name', 'a.type', 'a.bank', 'a.branch', 'a.number', 'a.archived', 't.cash_in_p', 't.cash_out_p'])
      .orderBy('a.id'),
  // Kept on SQLite until an entry (the summary row) or an account changes.
  { keep: { topic: 'books', max: 1 } },
);

type AccountRow = Awaited<ReturnType<typeof accountsRead>>[number];

export function accountToWire(a: AccountRow): AccountAnswer {
  return {
    id: Number(a.id),
    name: a.name,
    type: a.type as AccountAnswer['type'],
    bank: a.bank,
    branch: a.branch,
    number: a.number,
    archived: Boolean(Number(a.archived)),
    balance: toDecimal(Number(a.cash_in_p ?? 0) - Number(a.cash_out_p ?? 0), units.money),
  };
}

/** Every account with its balance, Cash first. An answer kept on SQLite comes back at once (preparedQuery). */
export const listAccounts = (db: Kysely<DB>) => accountsRead(db);

/** The accounts a person sees and picks: not the two where cheques' money waits (docs/decisions/0035). */
export const isMoneyAccount = (a: { type: string }) => !isChequeHolder(a.type);

/** What waits in the cheques' accounts (taka): cheques in hand, and cheques issued and not yet cleared (a positive figure). */
export function chequeTotals(rows: readonly AccountRow[]) {
  const balance = (type: string) => rows.filter((a) => a.type === type).reduce((s, a) => s + Number(a.cash_in_p ?? 0) - Number(a.cash_out_p ?? 0), 0);
  return { in_hand: toDecimal(balance(chequeHolderTypes.received), units.money), issued: toDecimal(0 - balance(chequeHolderTypes.issued), units.money) };
}

/** The open accounts' balances (id, name, type, balance), Cash first: the header's and the overview's list. */
export const openBalances = (accounts: readonly AccountRow[]) =>
  accounts
    .filter((a) => !Number(a.archived) && isMoneyAccount(a))
    .map((a) => {
      const { id, name, type, balance } = accountToWire(a);
      return { id, name, type, balance };
    });

async function accountById(db: Db, id: number): Promise<AccountAnswer | undefined> {
  const row = await db
    .selectFrom('money_accounts as a')
    .leftJoin('account_totals as t', 't.account_id', 'a.id')
    .select(['a.id', 'a.name', 'a.type', 'a.bank', 'a.branch', 'a.number', 'a.archived', 't.cash_in_p', 't.cash_out_p'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  return row ? accountToWire(row) : undefined;
}

/** The account an entry names (in `field`): it must exist and be open. Cash (the default) needs no read. */
export function openAccount(db: Db, id: number | undefined, field = 'account_id'): number | Promise<number> {
  // Cash, the default, at once: most entries name no account (the entry POST's budget, decision 0051).
  return id === undefined || id === CASH_ACCOUNT_ID ? CASH_ACCOUNT_ID : namedAccount(db, id, field);
}

async function namedAccount(db: Db, id: number, field: string): Promise<number> {
  const a = await db.selectFrom('money_accounts').select(['id', 'name', 'archived', 'type']).where('id', '=', id).executeTakeFirst();
  // The cheques' accounts are the books' own: money reaches them only by cheque.
  if (!a || isChequeHolder(a.type)) throw new HttpError(400, 'account_not_found', undefined, field);
  if (Number(a.archived)) throw new HttpError(400, 'account_not_open', { name: a.name }, field);
  return id;
}

type AccountColumns = Partial<Pick<MoneyAccountTable, 'name' | 'name_key' | 'type' | 'bank' | 'branch' | 'number'>>;

const columnsOf = (input: Partial<AccountInput>): AccountColumns => ({
  ...(input.name !== undefined ? { name: input.name, name_key: accountNameKey(input.name) } : {}),
  ...(input.type !== undefined ? { type: input.type } : {}),
  ...('bank' in input ? { bank: input.bank ?? null } : {}),
  ...('branch' in input ? { branch: input.branch ?? null } : {}),
  ...('number' in input ? { number: input.number ?? null } : {}),
});

/** Two accounts of one name racing past the check: the unique index decides, as a 409. */
async function nameClash<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'account_exists', { name: name ?? '' }, 'name');
    throw error;
  }
}

async function refuseTakenName(db: Db, name: string | undefined, except?: number) {
  if (name === undefined) return;
  let q = db.selectFrom('money_accounts').select('id').where('name_key', '=', accountNameKey(name));
  if (except !== undefined) q = q.where('id', '<>', except);
  if (await q.executeTakeFirst()) throw new HttpError(409, 'account_exists', { name }, 'name');
}

export async function createAccount(db: Kysely<DB>, input: AccountInput, actor: CurrentUser): Promise<AccountAnswer> {
  await refuseTakenName(db, input.name);
  const now = new Date().toISOString();
  return nameClash(input.name, () =>
    writeTransaction(db, async (trx) => {
      const cols = columnsOf(input) as Pick<MoneyAccountTable, 'name' | 'name_key' | 'type'>;
      const { id } = await trx
        .insertInto('money_accounts')
        .values({ ...cols, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { actor, action: 'add-account', subjectKind: 'account', subjectId: String(id), before: undefined, after: input });
      return (await accountById(trx, Number(id))) as AccountAnswer;
    }),
  );
}

/** Rename, change the details, archive (only with nothing in it; never Cash) or bring back. */
export async function changeAccount(db: Kysely<DB>, id: number, change: AccountChange, actor: CurrentUser): Promise<AccountAnswer> {
  return nameClash(change.name, () =>
    writeTransaction(db, async (trx) => {
      const before = await accountById(trx, id);
      if (!before || isChequeHolder(before.type)) throw new HttpError(404, 'account_not_found');
      if (change.type !== undefined && change.type !== before.type) throw new HttpError(409, 'account_type_fixed', undefined, 'type');
      await refuseTakenName(trx, change.name, id);
      if (change.archived === true && !before.archived) {
        if (id === CASH_ACCOUNT_ID) throw new HttpError(409, 'account_cash_kept', undefined, 'archived');
        // Archived with money in it, the accounts would no longer add up to the balance.
        if (before.balance !== 0)
          throw new HttpError(409, 'account_not_empty', { name: before.name, balance: formatTaka(Math.round(before.balance * 100)) }, 'archived');
      }
      const cols = columnsOf({ ...change, type: undefined });
      await trx
        .updateTable('money_accounts')
        .set({ ...cols, ...(change.archived !== undefined ? { archived: change.archived ? 1 : 0 } : {}), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      const after = (await accountById(trx, id)) as AccountAnswer;
      const action =
        change.archived === true && !before.archived ? 'archive-account' : change.archived === false && before.archived ? 'reopen-account' : 'edit-account';
      await recordAudit(trx, { actor, action, subjectKind: 'account', subjectId: String(id), before, after: change });
      return after;
    }),
  );
}

/** For `check`: the accounts add up to the balance, and every entry's account exists. */
export async function accountProblems(
  db: Kysely<DB>,
  balanceP: number,
  entries: readonly { id: number; kind: string; account_id: number; to_account_id: number | null }[],
): Promise<string[]> {
  const problems: string[] = [];
  const accounts = await db
    .selectFrom('money_accounts as a')
    .leftJoin('account_totals as t', 't.account_id', 'a.id')
    .select(['a.id', 't.cash_in_p', 't.cash_out_p'])
    .execute();
  const ids = new Set(accounts.map((a) => Number(a.id)));
  if (!ids.has(CASH_ACCOUNT_ID)) problems.push('money_accounts: Cash in hand (account 1) is missing');
  const sum = accounts.reduce((s, a) => s + Number(a.cash_in_p ?? 0) - Number(a.cash_out_p ?? 0), 0);
  if (sum !== balanceP) problems.push(`accounts add up to ${sum}, the balance is ${balanceP}`);
  for (const e of entries) {
    if (!ids.has(Number(e.account_id))) problems.push(`entry ${e.id} (${e.kind}): account ${e.account_id} does not exist`);
    if (e.to_account_id !== null && !ids.has(Number(e.to_account_id))) problems.push(`entry ${e.id} (${e.kind}): account ${e.to_account_id} does not exist`);
  }
  return problems;
}
