import { useQuery } from '@tanstack/react-query';
import type { KindGroup } from '../../../shared/registry';
import { DataTable } from '../../components/table/data-table';
import { dateText } from '../../lib/format';
import { recentQuery } from './api';
import { EntryActions, entrySummary } from './entry-actions';

/**
 * The latest entries on this side of the books, so a slip is seen at once, and a Void action
 * (with a reason) that writes a correcting entry: nothing is ever edited or deleted.
 */
export function RecentEntries({ group }: { group: KindGroup }) {
  const recent = useQuery(recentQuery(group));
  return (
    <section className="mt-8" aria-labelledby={`recent-${group}`}>
      <h2 id={`recent-${group}`} className="text-lg font-semibold">
        Latest entries
      </h2>
      {recent.isError ? <p className="text-error">{recent.error.message}</p> : null}
      <DataTable
        columns={[
          { key: 'date', header: 'Date', nowrap: true, cell: (e) => dateText(e.issue_date) },
          { key: 'form', header: 'Form', cell: (e) => e.title },
          { key: 'name', header: 'Name', cell: (e) => entrySummary(e).subject },
          { key: 'amount', header: 'Amount', numeric: true, cell: (e) => entrySummary(e).amount },
          { key: 'by', header: 'Issued by', cell: (e) => e.issued_by },
        ]}
        rows={recent.data ?? []}
        rowKey={(e) => e.id}
        rowClassName={(e) => (e.voided || e.void_of ? 'text-muted' : '')}
        rowTestId="recent-row"
        actions={(e) => <EntryActions entry={e} lifecycle={false} />}
        empty={recent.data ? 'No entries yet.' : null}
      />
    </section>
  );
}
