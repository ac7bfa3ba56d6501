import type { Kysely } from 'kysely';
import { todayIn } from '../../../shared/dates.ts';
import { toDecimal, units } from '../../../shared/money.ts';
import { OVERVIEW_MONTHS, OVERVIEW_TOP, type Overview } from '../../../shared/overview-api.ts';
import type { Registry } from '../../../shared/registry.ts';
import type { DB } from '../../db/schema.ts';
import { listAccounts, openBalances } from '../books/accounts.ts';
import { getSummary } from '../books/repository.ts';
import * as repo from './repository.ts';

// The day at a glance (docs/decisions/0011-overview.md): cash today and this month, balance,
// stock, the largest receivables and payables, open fires, twelve months of cash and the balance
// of each open account (where the money is).

const money = (poisha: number) => toDecimal(poisha, units.money);
const cash = (s: repo.CashSums) => ({ cash_in: money(s.cash_in), cash_out: money(s.cash_out) });

/** YYYY-MM, `n` months before the given one. */
export function monthsBack(month: string, n: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

export async function overview(db: Kysely<DB>, registry: Registry, timeZone: string): Promise<Overview> {
  const today = todayIn(timeZone);
  const thisMonth = today.slice(0, 7);
  const first = monthsBack(thisMonth, OVERVIEW_MONTHS - 1);
  const sources = repo.cashSources(registry);
  const ending = registry.kinds.flatMap((k) => (k.lifecycle?.action === 'end' ? [{ kind: k.kind, status: k.lifecycle.status }] : []));
  const [summary, accounts, day, byMonth, owed, owing, open] = await Promise.all([
    getSummary(db),
    listAccounts(db),
    repo.cashOnDay(db, sources, today),
    repo.cashByMonthFrom(db, sources, first),
    repo.topParties(db, 1, OVERVIEW_TOP),
    repo.topParties(db, -1, OVERVIEW_TOP),
    repo.countOpen(db, ending),
  ]);
  const balance = Number(summary.balance_p);
  // Work back from today's balance: each month ends at the balance less what later months moved.
  let after = 0;
  for (const [m, s] of byMonth) if (m > thisMonth) after += s.cash_in - s.cash_out;
  const months: Overview['months'] = [];
  for (let i = 0; i < OVERVIEW_MONTHS; i++) {
    const month = monthsBack(thisMonth, i);
    const s = byMonth.get(month) ?? { cash_in: 0, cash_out: 0 };
    months.unshift({ month, ...cash(s), balance: money(balance - after) });
    after += s.cash_in - s.cash_out;
  }
  const party = (r: { id: unknown; name: string; catagories: string; effect_p: unknown }) => ({
    partner_id: Number(r.id),
    name: r.name,
    catagories: r.catagories,
    amount: money(Math.abs(Number(r.effect_p))),
  });
  return {
    today: cash(day),
    month: cash(byMonth.get(thisMonth) ?? { cash_in: 0, cash_out: 0 }),
    balance: money(balance),
    stock: toDecimal(Number(summary.stock_g), units.weight),
    receivables: owed.map(party),
    payables: owing.map(party),
    open_fires: open,
    months,
    accounts: openBalances(accounts),
  };
}
