import type { Kysely } from 'kysely';
import { accountNameKey } from '../../../shared/accounts.ts';
import type { RefusalCode, RefusalParams } from '../../../shared/refusals.ts';
import type { DB } from '../../db/schema.ts';
import { isMoneyAccount } from '../books/accounts.ts';

// A sheet's Account column (docs/decisions/0041): the money account an entry's money went through,
// named as the Money accounts page names it (any case and spacing); open accounts only, never the
// cheques' own. Blank: Cash in hand, as for a typed entry.

export type AccountFound = { id: number } | { code: RefusalCode; params: RefusalParams };

/** The accounts of the books, read once, and how a sheet's name finds one. */
export async function accountsByName(db: Kysely<DB>): Promise<(name: unknown) => AccountFound> {
  const rows = await db.selectFrom('money_accounts').select(['id', 'name', 'name_key', 'type', 'archived']).execute();
  const byKey = new Map(rows.filter(isMoneyAccount).map((a) => [a.name_key, a]));
  return (name): AccountFound => {
    const found = byKey.get(accountNameKey(String(name)));
    if (!found) return { code: 'account_not_found', params: {} };
    if (Number(found.archived)) return { code: 'account_not_open', params: { name: found.name } };
    return { id: Number(found.id) };
  };
}
