import { useDeferredValue, useState } from 'react';
import { messages } from '../../shared/messages';
import { PartnerForm } from '../components/books/book-forms';
import { TableFrame } from '../components/ui/table-frame';
import { Modal } from '../components/ui/modal';
import { SearchBox } from '../components/ui/search-box';
import { type Partner, usePartners } from '../features/books/api';

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
        <TableFrame>
            <thead>
              <tr>
                <th>Name</th>
                <th>Category</th>
                <th>Contact</th>
                <th>Assigned Salary</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} data-testid="partner-row">
                  <td>
                    <div className="font-medium">{p.name}</div>
                    <div className="text-xs opacity-70">{p.address}</div>
                  </td>
                  <td>{p.catagories}</td>
                  <td>{p.contact}</td>
                  <td>{p.assignedSalary}</td>
                  <td className="text-right">
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(p)}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
              {partners.data && rows.length === 0 ? (
                <tr>
                  <td colSpan={5}>No partners match.</td>
                </tr>
              ) : null}
            </tbody>
        </TableFrame>
      </section>
      <Modal title={`Edit ${editing?.name ?? ''}`} open={editing !== null} onClose={() => setEditing(null)}>
        {editing ? <PartnerForm key={editing.id} partner={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </main>
  );
}
