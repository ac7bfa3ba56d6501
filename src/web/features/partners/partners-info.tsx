import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/table/data-table';
import { PhoneLink } from '../../components/ui/phone-link';
import { SearchBox } from '../../components/ui/search-box';
import { ledgerLink } from '../statements/api';
import { tr, useMessages } from '../../lib/i18n';
import { type Partner, usePartners } from './api';

/** Partners Info: everyone on the partner list. */
export function PartnersInfo() {
  const m = useMessages();
  const partners = usePartners();
  const [search, setSearch] = useState('');
  const words = useDeferredValue(search.trim().toLowerCase()).split(/\s+/).filter(Boolean);
  // The same search as the other party lists: every word typed, in the name (or category, contact).
  const rows = (partners.data ?? []).filter((p) => words.every((w) => `${p.name} ${p.catagories} ${p.contact}`.toLowerCase().includes(w)));
  const text = (key: string, header: string, field: keyof Partner) => ({ key, header, cell: (p: Partner) => String(p[field] ?? '') });
  return (
    <section>
      <h1 className="text-2xl font-bold">{tr('Partners Info')}</h1>
      <SearchBox value={search} onChange={setSearch} placeholder={m.searchName} />
      <DataTable
        className="mt-4"
        columns={[
          {
            key: 'name',
            header: m.name,
            cell: (p) => (
              <Link className="link" to={ledgerLink(p.id)}>
                {p.name}
              </Link>
            ),
          },
          { key: 'category', header: m.category, cell: (p: Partner) => tr(p.catagories) },
          text('fname', "Father's Name", 'fname'),
          text('mname', "Mother's Name", 'mname'),
          text('address', 'Address', 'address'),
          { key: 'contact', header: m.contactCol, cell: (p) => <PhoneLink number={p.contact} /> },
          text('nid', 'NID / Trade License', 'nid'),
          text('assignedSalary', 'Assigned Salary', 'assignedSalary'),
          text('note', 'Note', 'userNote'),
        ]}
        rows={rows}
        rowKey={(p) => p.id}
        empty={partners.data ? m.noPartnersMatch : null}
      />
    </section>
  );
}
