import { useQuery } from '@tanstack/react-query';
import type { KindGroup } from '../../../shared/registry';
import { DataTable } from '../../components/table/data-table';
import { dateText } from '../../lib/format';
import { tr, useMessages } from '../../lib/i18n';
import { type Entry, recentQuery } from './api';
import { accountColumn, accountNames } from '../../components/table/account-column';
import { useSummaryFigures } from '../../lib/summary';
import { EntryActions, EntryAmount, entrySummary } from './entry-actions';
import { errorText } from '../../lib/error-text';

/**
 * The latest entries on this side of the books, so a slip is seen at once, and a Void action
 * (with a reason) that writes a reversal: nothing is ever edited or deleted.
 */
export function RecentEntries({ group }: { group: KindGroup }) {
  const m = useMessages();
  const recent = useQuery(recentQuery(group));
  // The open accounts the header already knows (kept offline too): no list fetched for the first screen.
  const accounts = accountNames(useSummaryFigures()?.figures.accounts ?? [], true);
  return (
    <section className="mt-8" aria-labelledby={`recent-${group}`}>
      <h2 id={`recent-${group}`} className="text-lg font-semibold">
        {m.latestEntries}
      </h2>
      {recent.isError ? <p className="text-error">{errorText(recent.error)}</p> : null}
      <DataTable
        columns={[
          // A void's reversal is listed on its original's day, where it takes the amount out (its mark says when it was made).
          { key: 'date', header: m.date, nowrap: true, cell: (e) => dateText(e.reverses_date ?? e.issue_date) },
          { key: 'form', header: m.form, cell: (e) => tr(e.title ?? '') },
          { key: 'name', header: m.name, cell: (e) => entrySummary(e).subject },
          { key: 'amount', header: m.amount, numeric: true, cell: (e) => <EntryAmount entry={e} /> },
          ...accountColumn(accounts, m.account, (e: Entry) => e.account_id),
          { key: 'by', header: m.issuedBy, cell: (e) => e.issued_by },
        ]}
        rows={recent.data ?? []}
        rowKey={(e) => e.id}
        // A voided or corrected entry is struck through; its reversal and its replacement say what they undo.
        rowClassName={(e) => (e.void_of ? 'text-muted' : e.voided ? 'text-muted line-through' : '')}
        rowTestId="recent-row"
        actions={(e) => <EntryActions entry={e} lifecycle={false} />}
        empty={recent.data ? m.noEntries : null}
      />
    </section>
  );
}
