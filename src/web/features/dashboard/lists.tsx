import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { SearchBox } from '../../components/ui/search-box';
import { TableFrame } from '../../components/ui/table-frame';
import { dateText } from '../../components/books/recent-entries';
import { api } from '../../lib/api';
import { usePartners } from '../books/api';
import { ledgerLink } from './ledger';
import type { StatementType } from './pages';

const statementLink = (statement: StatementType, url: string) => `/dashboard/${statement}?url=${encodeURIComponent(url)}`;

/** Distinct dates, newest first, each with a link to that day's statement (history pages). */
export function HistoryList({ path, label, statement }: { path: string; label: string; statement: StatementType }) {
  const dates = useQuery({ queryKey: ['entries', path, 'dates'], queryFn: () => api<{ data: { issue_date: string; count: number }[] }>('GET', `/api/${path}/dates`).then((r) => r.data) });
  return (
    <section>
      <h1 className="text-2xl font-bold">{label} history</h1>
      {dates.isError ? <p className="text-error">{dates.error.message}</p> : null}
      <TableFrame className="mt-4">
        <thead>
          <tr>
            <th>Date</th>
            <th className="text-right">Entries</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(dates.data ?? []).map((d) => (
            <tr key={d.issue_date} data-testid="history-row">
              <td>{dateText(d.issue_date)}</td>
              <td className="text-right">{d.count}</td>
              <td className="text-right">
                <Link className="link link-primary" to={statementLink(statement, `${path}?issue_date=${d.issue_date}`)}>
                  details
                </Link>
              </td>
            </tr>
          ))}
          {dates.data?.length === 0 ? (
            <tr>
              <td colSpan={3}>No entries yet.</td>
            </tr>
          ) : null}
        </tbody>
      </TableFrame>
    </section>
  );
}

/** Distinct names with a details link and a search box (party list pages). */
export function PartyList({ path, label, statement, withSalary }: { path: string; label: string; statement: StatementType; withSalary?: boolean }) {
  const [search, setSearch] = useState('');
  const s = useDeferredValue(search.trim());
  const names = useQuery({
    queryKey: ['entries', path, 'names', s],
    queryFn: () => api<{ data: { name: string; count: number; partner_id: number | null }[] }>('GET', `/api/${path}/names${s ? `?s=${encodeURIComponent(s)}` : ''}`).then((r) => r.data),
  });
  const partners = usePartners();
  const salaryOf = (id: number | null) => partners.data?.find((p) => p.id === id)?.assignedSalary ?? '';
  return (
    <section>
      <h1 className="text-2xl font-bold">{label}</h1>
      <SearchBox value={search} onChange={setSearch} placeholder="Search by name" />
      <TableFrame className="mt-4">
        <thead>
          <tr>
            <th>Name</th>
            {withSalary ? <th>Assigned Salary</th> : null}
            <th className="text-right">Entries</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(names.data ?? []).map((n) => (
            <tr key={n.name} data-testid="party-row">
              <td>{n.name}</td>
              {withSalary ? <td>{salaryOf(n.partner_id)}</td> : null}
              <td className="text-right">{n.count}</td>
              <td className="whitespace-nowrap text-right">
                <Link className="link link-primary" to={statementLink(statement, `${path}?name=${encodeURIComponent(n.name)}`)}>
                  details
                </Link>
                {n.partner_id !== null ? (
                  <Link className="link ml-3" to={ledgerLink(n.partner_id)}>
                    ledger
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
          {names.data?.length === 0 ? (
            <tr>
              <td colSpan={withSalary ? 4 : 3}>No names match.</td>
            </tr>
          ) : null}
        </tbody>
      </TableFrame>
    </section>
  );
}

/** Partners Info: everyone on the partner list. */
export function PartnersInfo() {
  const partners = usePartners();
  return (
    <section>
      <h1 className="text-2xl font-bold">Partners Info</h1>
      <TableFrame className="mt-4">
        <thead>
          <tr>
            <th>Name</th>
            <th>Category</th>
            <th>Father&apos;s Name</th>
            <th>Mother&apos;s Name</th>
            <th>Address</th>
            <th>Contact</th>
            <th>NID / Trade License</th>
            <th>Assigned Salary</th>
            <th>Note</th>
          </tr>
        </thead>
        <tbody>
          {(partners.data ?? []).map((p) => (
            <tr key={p.id}>
              <td>
                <Link className="link" to={ledgerLink(p.id)}>
                  {p.name}
                </Link>
              </td>
              <td>{p.catagories}</td>
              <td>{p.fname}</td>
              <td>{p.mname}</td>
              <td>{p.address}</td>
              <td>{p.contact}</td>
              <td>{p.nid}</td>
              <td>{p.assignedSalary}</td>
              <td>{p.userNote}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </section>
  );
}
