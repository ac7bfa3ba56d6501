import { Link } from 'react-router';
import { DataTable } from '../../components/table/data-table';
import { ledgerLink } from '../statements/api';
import { type Partner, usePartners } from './api';

/** Partners Info: everyone on the partner list. */
export function PartnersInfo() {
  const partners = usePartners();
  const text = (key: string, header: string, field: keyof Partner) => ({ key, header, cell: (p: Partner) => String(p[field] ?? '') });
  return (
    <section>
      <h1 className="text-2xl font-bold">Partners Info</h1>
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
          text('contact', 'Contact', 'contact'),
          text('nid', 'NID / Trade License', 'nid'),
          text('assignedSalary', 'Assigned Salary', 'assignedSalary'),
          text('note', 'Note', 'userNote'),
        ]}
        rows={partners.data ?? []}
        rowKey={(p) => p.id}
      />
    </section>
  );
}
