import { kindByName, kindsInGroup } from '../../shared/registry';
import { allows } from '../../shared/roles';
import { EntryButtons } from '../components/books/entry-screen';
import { RecentEntries } from '../components/books/recent-entries';
import { PartnerForm } from '../components/books/lazy-forms';
import { useSession } from '../lib/session';

export function meta() {
  return [{ title: 'Credit · AMA Metal & Wire Industries' }];
}

export default function CashInPage() {
  const { user } = useSession();
  const fire = kindByName('fire');
  const kinds = [...kindsInGroup('cashIn'), ...(fire ? [fire] : []), ...kindsInGroup('stock')];
  // Partner-related entry: an admin can add a missing client or investor without leaving.
  const extra = user && allows('admin', user.role) ? [{ label: 'Add Partner', render: () => <PartnerForm /> }] : [];
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">Credit</h1>
      <EntryButtons kinds={kinds} extra={extra} />
      <RecentEntries group="cashIn" />
    </main>
  );
}
