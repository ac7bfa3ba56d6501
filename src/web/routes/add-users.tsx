import { useDeferredValue, useState } from 'react';
import { fill } from '../../shared/messages';
import { tr, useMessages } from '../lib/i18n';
import { PartnerForm, preloadBookForms } from '../features/books/lazy-forms';
import { DataTable, TwoLines } from '../components/table/data-table';
import { Modal } from '../components/ui/modal';
import { PhoneLink } from '../components/ui/phone-link';
import { SearchBox } from '../components/ui/search-box';
import { type Partner, usePartners } from '../features/partners/api';
import { titleIn } from '../lib/title';

// The partner form's code (the forms' chunk, shared with every entry form) starts loading with the
// page and arrives just after it: the list is there first, and the first visit stays within P5.
if (typeof window !== 'undefined') void preloadBookForms().catch(() => undefined);

export function meta() {
  return [{ title: titleIn('Add Users · AMA Metal & Wire Industries') }];
}

/** Partners (clients, agents, employees, investors): add, search, edit. Admin only. */
export default function AddUsersPage() {
  const m = useMessages();
  const partners = usePartners();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim().toLowerCase());
  const [editing, setEditing] = useState<Partner | null>(null);
  const rows = (partners.data ?? []).filter((p) => !q || p.name.toLowerCase().includes(q) || p.catagories.toLowerCase().includes(q));
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{tr('Add Users')}</h1>
      {/* The form's own height, kept while its code arrives: the list below does not move. */}
      <section className="rounded-box border border-base-300 p-4" aria-label={m.addPartner}>
        <PartnerForm keep="min-h-[47.75rem] sm:min-h-[33.5rem]" />
      </section>
      <section className="mt-8" aria-labelledby="partners-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="partners-title" className="text-lg font-semibold">
            {m.partners}
          </h2>
          <SearchBox value={search} onChange={setSearch} placeholder={m.searchNameCategory} className="" />
        </div>
        {partners.isPending ? <p>{m.loading}</p> : null}
        <DataTable
          columns={[
            { key: 'name', header: m.name, cell: (p) => <TwoLines main={p.name} sub={p.address} /> },
            { key: 'category', header: m.category, cell: (p) => tr(p.catagories) },
            { key: 'contact', header: m.contactCol, cell: (p) => <PhoneLink number={p.contact} /> },
            { key: 'assignedSalary', header: 'Assigned Salary', cell: (p) => p.assignedSalary },
          ]}
          rows={rows}
          rowKey={(p) => p.id}
          rowTestId="partner-row"
          actions={(p) => (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(p)}>
              {m.edit}
            </button>
          )}
          empty={partners.data ? m.noPartnersMatch : null}
        />
      </section>
      <Modal title={fill(m.editName, { name: editing?.name ?? '' })} open={editing !== null} onClose={() => setEditing(null)}>
        {editing ? <PartnerForm key={editing.id} partner={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </main>
  );
}
