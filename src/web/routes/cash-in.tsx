import { allows } from '../../shared/roles';
import { PartnerForm } from '../features/books/lazy-forms';
import { EntryScreenPage } from '../features/books/entry-screen';
import { useSession } from '../lib/session';

export function meta() {
  return [{ title: 'Credit · AMA Metal & Wire Industries' }];
}

export default function CashInPage() {
  const { user } = useSession();
  // Partner-related entry: an admin can add a missing client or investor without leaving.
  const extra = user && allows('admin', user.role) ? [{ label: 'Add Partner', render: () => <PartnerForm /> }] : [];
  return <EntryScreenPage screen="credit" title="Credit" recent="cashIn" extra={extra} />;
}
