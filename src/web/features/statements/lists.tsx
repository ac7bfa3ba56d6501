import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { KindDef } from '../../../shared/registry';
import { DataTable } from '../../components/table/data-table';
import { PhoneLink } from '../../components/ui/phone-link';
import { SearchBox } from '../../components/ui/search-box';
import { dateText } from '../../lib/format';
import { type Partner, usePartners } from '../books/api';
import { datesQuery, namesQuery } from './api';

export const statementLink = (kind: KindDef, query: string) => `/dashboard/${kind.dashboard.statement}?url=${encodeURIComponent(`${kind.path}?${query}`)}`;

export const ledgerLink = (partnerId: number) => `/dashboard/ledger?partner=${partnerId}`;

/** Distinct dates, newest first, each with a link to that day's statement (history pages). */
export function HistoryList({ kind, label }: { kind: KindDef; label: string }) {
  const dates = useQuery(datesQuery(kind.path));
  return (
    <section>
      <h1 className="text-2xl font-bold">{label} history</h1>
      {dates.isError ? <p className="text-error">{dates.error.message}</p> : null}
      <DataTable
        className="mt-4"
        columns={[
          { key: 'date', header: 'Date', cell: (d) => dateText(d.issue_date) },
          { key: 'count', header: 'Entries', numeric: true, cell: (d) => d.count },
        ]}
        rows={dates.data ?? []}
        rowKey={(d) => d.issue_date}
        rowTestId="history-row"
        actions={(d) => (
          <Link className="link link-primary" to={statementLink(kind, `issue_date=${d.issue_date}`)}>
            details
          </Link>
        )}
        empty={dates.data ? 'No entries yet.' : null}
      />
    </section>
  );
}

/** Distinct names with a details link and a search box (party list pages). */
export function PartyList({ kind, label }: { kind: KindDef; label: string }) {
  const [search, setSearch] = useState('');
  const s = useDeferredValue(search.trim());
  const names = useQuery(namesQuery(kind.path, s));
  const partners = usePartners();
  const extra = kind.dashboard.partnerColumn;
  const partnerValue = (id: number | null) => (extra ? (partners.data?.find((p) => p.id === id)?.[extra.field as keyof Partner] ?? '') : '');
  return (
    <section>
      <h1 className="text-2xl font-bold">{label}</h1>
      <SearchBox value={search} onChange={setSearch} placeholder="Search by name" />
      <DataTable
        className="mt-4"
        columns={[
          { key: 'name', header: 'Name', cell: (n) => n.name },
          // The same name in two categories is two parties: the category tells them apart.
          ...(kind.fields.some((f) => f.input.type === 'party')
            ? [{ key: 'category', header: 'Category', cell: (n: { catagories: string | null }) => n.catagories ?? '' }]
            : []),
          ...(extra ? [{ key: 'extra', header: extra.header, cell: (n: { partner_id: number | null }) => partnerValue(n.partner_id) }] : []),
          { key: 'count', header: 'Entries', numeric: true, cell: (n) => n.count },
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
              details
            </Link>
            {n.partner_id !== null ? (
              <Link className="link ml-3" to={ledgerLink(n.partner_id)}>
                ledger
              </Link>
            ) : null}
          </>
        )}
        empty={names.data ? 'No names match.' : null}
      />
    </section>
  );
}

/** Partners Info: everyone on the partner list. */
export function PartnersInfo() {
  const partners = usePartners();
  const [search, setSearch] = useState('');
  const words = useDeferredValue(search.trim().toLowerCase()).split(/\s+/).filter(Boolean);
  // The same search as the other party lists: every word typed, in the name (or category, contact).
  const rows = (partners.data ?? []).filter((p) => words.every((w) => `${p.name} ${p.catagories} ${p.contact}`.toLowerCase().includes(w)));
  const text = (key: string, header: string, field: keyof Partner) => ({ key, header, cell: (p: Partner) => String(p[field] ?? '') });
  return (
    <section>
      <h1 className="text-2xl font-bold">Partners Info</h1>
      <SearchBox value={search} onChange={setSearch} placeholder="Search by name" />
      <DataTable
        className="mt-4"
        columns={[
          {
            key: 'name',
            header: 'Name',
            cell: (p) => (
              <Link className="link" to={ledgerLink(p.id)}>
                {p.name}
              </Link>
            ),
          },
          text('category', 'Category', 'catagories'),
          text('fname', "Father's Name", 'fname'),
          text('mname', "Mother's Name", 'mname'),
          text('address', 'Address', 'address'),
          { key: 'contact', header: 'Contact', cell: (p) => <PhoneLink number={p.contact} /> },
          text('nid', 'NID / Trade License', 'nid'),
          text('assignedSalary', 'Assigned Salary', 'assignedSalary'),
          text('note', 'Note', 'userNote'),
        ]}
        rows={rows}
        rowKey={(p) => p.id}
        empty={partners.data ? 'No partners match.' : null}
      />
    </section>
  );
}
