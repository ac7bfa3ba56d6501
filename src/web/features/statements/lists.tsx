import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { KindDef } from '../../../shared/registry';
import { DataTable } from '../../components/table/data-table';
import { SearchBox } from '../../components/ui/search-box';
import { fill } from '../../../shared/messages';
import { countText, dateText, formatCell } from '../../lib/format';
import { subjectFormat } from '../../../shared/registry-views';
import { tr, useMessages } from '../../lib/i18n';
import { type Partner, usePartners } from '../partners/api';
import { datesQuery, ledgerLink, namesQuery, statementLink } from './api';
import { errorText } from '../../lib/error-text';

/** Distinct dates, newest first, each with a link to that day's statement (history pages). */
export function HistoryList({ kind, label }: { kind: KindDef; label: string }) {
  const m = useMessages();
  const dates = useQuery(datesQuery(kind.path));
  return (
    <section>
      <h1 className="text-2xl font-bold">{fill(m.historyOf, { label: tr(label) })}</h1>
      {dates.isError ? <p className="text-error">{errorText(dates.error)}</p> : null}
      <DataTable
        className="mt-4"
        columns={[
          { key: 'date', header: m.date, cell: (d) => dateText(d.issue_date) },
          { key: 'count', header: m.entries, numeric: true, cell: (d) => countText(d.count) },
        ]}
        rows={dates.data ?? []}
        rowKey={(d) => d.issue_date}
        rowTestId="history-row"
        actions={(d) => (
          <Link className="link link-primary" to={statementLink(kind, `issue_date=${d.issue_date}`)}>
            {m.details}
          </Link>
        )}
        empty={dates.data ? m.noEntries : null}
      />
    </section>
  );
}

/** Distinct names with a details link and a search box (party list pages). */
/** A kind's parties with their entries' count; `actions` (a form's button) under the heading. */
export function PartyList({ kind, label, actions }: { kind: KindDef; label: string; actions?: React.ReactNode }) {
  const m = useMessages();
  const [search, setSearch] = useState('');
  const s = useDeferredValue(search.trim());
  const names = useQuery(namesQuery(kind.path, s));
  const partners = usePartners();
  const extra = kind.dashboard.partnerColumn;
  const partnerValue = (id: number | null) => (extra ? (partners.data?.find((p) => p.id === id)?.[extra.field as keyof Partner] ?? '') : '');
  return (
    <section>
      <h1 className="text-2xl font-bold">{tr(label)}</h1>
      {actions}
      <SearchBox value={search} onChange={setSearch} placeholder={m.searchName} />
      <DataTable
        className="mt-4"
        columns={[
          { key: 'name', header: m.name, cell: (n) => formatCell(n.name, subjectFormat(kind)) },
          // The same name in two categories is two parties: the category tells them apart.
          ...(kind.fields.some((f) => f.input.type === 'party')
            ? [{ key: 'category', header: m.category, cell: (n: { catagories: string | null }) => tr(n.catagories ?? '') }]
            : []),
          ...(extra ? [{ key: 'extra', header: extra.header, cell: (n: { partner_id: number | null }) => partnerValue(n.partner_id) }] : []),
          { key: 'count', header: m.entries, numeric: true, cell: (n) => countText(n.count) },
        ]}
        rows={names.data ?? []}
        rowKey={(n) => n.partner_id ?? n.name}
        rowTestId="party-row"
        actions={(n) => (
          <>
            <Link
              className="link link-primary"
              to={statementLink(kind, `${n.partner_id !== null ? `partner=${n.partner_id}&` : ''}name=${encodeURIComponent(n.name)}`)}
            >
              {m.details}
            </Link>
            {n.partner_id !== null ? (
              <Link className="link ml-3" to={ledgerLink(n.partner_id)}>
                {m.ledger}
              </Link>
            ) : null}
          </>
        )}
        empty={names.data ? m.noNames : null}
      />
    </section>
  );
}
