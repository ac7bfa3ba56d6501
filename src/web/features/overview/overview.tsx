import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Overview, OverviewParty } from '../../../shared/overview-api';
import { registry } from '../../../shared/registry';
import { countText, formatCell } from '../../lib/format';
import { tr, useMessages, useTexts } from '../../lib/i18n';
import { overviewTexts } from './texts';
import type { DueSide } from '../../../shared/dues-api';
import { duesLink } from '../dues/api';
import { ledgerLink } from '../statements/api';
import { overviewQuery } from './api';
import { CashChart } from './cash-chart';
import { errorText } from '../../lib/error-text';

// The dashboard home's figures (docs/decisions/0011-overview.md): cards for cash today and this
// month, balance, stock and open fires; the balance of each account; the five largest balances
// each way; twelve months of cash.

/** The dashboard page of the kind whose entries are ended (the fire log). */
const openPage = registry.kinds.find((k) => k.lifecycle?.action === 'end')?.dashboard.page;

function Card({ label, value, testId, to }: { label: string; value: string; testId: string; to?: string | undefined }) {
  const body = (
    <>
      <span className="text-xs uppercase text-muted">{label}</span>
      <span className="text-lg font-semibold tabular-nums break-all sm:text-xl" data-testid={testId}>
        {value}
      </span>
    </>
  );
  const box = 'flex min-w-0 flex-col gap-1 rounded-box border border-base-300 p-3';
  return to ? (
    <Link to={to} className={`${box} hover:bg-base-200`}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

function Parties({ title, rows, empty, testId, side }: { title: string; rows: readonly OverviewParty[]; empty: string; testId: string; side: DueSide }) {
  return (
    <div className="min-w-0 rounded-box border border-base-300 p-3">
      <h2 className="text-lg font-semibold">
        <Link to={duesLink(side)} className="link" data-testid={`${testId}-dues`}>
          {title}
        </Link>
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <ol className="mt-2 divide-y divide-base-300">
          {rows.map((r) => (
            <li key={r.partner_id} className="flex items-baseline justify-between gap-2 py-0.5" data-testid={testId}>
              <Link to={ledgerLink(r.partner_id)} className="link link-primary min-w-0 break-words py-2">
                {r.name}
                <span className="ml-1 text-xs text-muted">{tr(r.catagories)}</span>
              </Link>
              <span className="shrink-0 tabular-nums">{formatCell(r.amount, 'money')}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Where the balance is: each open account (Cash in hand, each bank, each wallet), linked to its cash book. */
function Accounts({ title, rows }: { title: string; rows: Overview['accounts'] }) {
  return (
    <div className="min-w-0 rounded-box border border-base-300 p-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-2 divide-y divide-base-300">
        {rows.map((a) => (
          <li key={a.id} className="flex items-baseline justify-between gap-2 py-0.5" data-testid="overview-account">
            <Link to={`/dashboard/cashbook?account=${a.id}`} className="link link-primary min-w-0 break-words py-2">
              {tr(a.name)}
            </Link>
            <span className={`shrink-0 tabular-nums ${a.balance < 0 ? 'text-error' : ''}`}>{formatCell(a.balance, 'money')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const Grid = ({ children }: { children: ReactNode }) => <div className="grid grid-cols-2 gap-3 md:grid-cols-4">{children}</div>;

export function OverviewFigures() {
  const m = useMessages();
  const w = useTexts(overviewTexts);
  const q = useQuery(overviewQuery);
  if (q.isError) return <p role="alert">{errorText(q.error)}</p>;
  // While loading, about the height of the figures with no parties listed (the cards, two empty
  // lists, the chart), so the history menus below do not jump when they arrive (CLS).
  if (!q.data) return <p className="mt-4 min-h-[54rem] md:min-h-[44rem]">{m.loading}</p>;
  const o = q.data;
  const money = (v: number) => formatCell(v, 'money');
  return (
    <div className="mt-4 flex flex-col gap-4">
      <Grid>
        <Card label={w.cashInToday} value={money(o.today.cash_in)} testId="overview-today-in" />
        <Card label={w.cashOutToday} value={money(o.today.cash_out)} testId="overview-today-out" />
        <Card label={w.cashInMonth} value={money(o.month.cash_in)} testId="overview-month-in" />
        <Card label={w.cashOutMonth} value={money(o.month.cash_out)} testId="overview-month-out" />
        <Card label={m.balance} value={money(o.balance)} testId="overview-balance" />
        <Card label={w.stockKg} value={formatCell(o.stock, 'kg')} testId="overview-stock" />
        <Card label={w.openFires} value={countText(o.open_fires)} testId="overview-open-fires" to={openPage ? `/dashboard/${openPage}` : undefined} />
      </Grid>
      <Accounts title={m.balanceByAccount} rows={o.accounts} />
      <div className="grid gap-3 md:grid-cols-2">
        <Parties title={w.theyOweUs} rows={o.receivables} empty={w.noOneOwesUs} testId="overview-receivable" side="receivable" />
        <Parties title={w.weOweThemTitle} rows={o.payables} empty={w.weOweNoOne} testId="overview-payable" side="payable" />
      </div>
      <div className="min-w-0 rounded-box border border-base-300 p-3">
        <h2 className="text-lg font-semibold">{w.last12Months}</h2>
        <CashChart months={o.months} />
      </div>
    </div>
  );
}
