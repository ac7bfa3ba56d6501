import { useDeferredValue, useState } from 'react';
import { messages } from '../../shared/messages';
import { PartnerForm } from '../features/books/book-forms';
import { DataTable, TwoLines } from '../components/table/data-table';
import { Modal } from '../components/ui/modal';
import { PhoneLink } from '../components/ui/phone-link';
import { SearchBox } from '../components/ui/search-box';
import { type Partner, usePartners } from '../features/partners/api';

export function meta() {
  return [{ title: 'Add Users · AMA Metal & Wire Industries' }];
}

/** Partners (clients, agents, employees, investors): add, search, edit. Admin only. */
export default function AddUsersPage() {
  const partners = usePartners();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim().toLowerCase());
  const [editing, setEditing] = useState<Partner | null>(null);
  const rows = (partners.data ?? []).filter((p) => !q || p.name.toLowerCase().includes(q) || p.catagories.toLowerCase().includes(q));
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">Add Users</h1>
      <section className="rounded-box border border-base-300 p-4" aria-label="Add partner">
        <PartnerForm />
      </section>
      <section className="mt-8" aria-labelledby="partners-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="partners-title" className="text-lg font-semibold">
            Partners
          </h2>
          <SearchBox value={search} onChange={setSearch} placeholder="Search by name or category" className="" />
        </div>
        {partners.isPending ? <p>{messages.loading}</p> : null}
        <DataTable
          columns={[
            { key: 'name', header: 'Name', cell: (p) => <TwoLines main={p.name} sub={p.address} /> },
            { key: 'category', header: 'Category', cell: (p) => p.catagories },
            { key: 'contact', header: 'Contact', cell: (p) => <PhoneLink number={p.contact} /> },
            { key: 'assignedSalary', header: 'Assigned Salary', cell: (p) => p.assignedSalary },
          ]}
          rows={rows}
          rowKey={(p) => p.id}
          rowTestId="partner-row"
          actions={(p) => (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(p)}>
              Edit
            </button>
          )}
          empty={partners.data ? 'No partners match.' : null}
        />
      </section>
      <Modal title={`Edit ${editing?.name ?? ''}`} open={editing !== null} onClose={() => setEditing(null)}>
        {editing ? <PartnerForm key={editing.id} partner={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </main>
  );
}
