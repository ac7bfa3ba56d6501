import { kindsInGroup } from '../../shared/registry';
import { AssetsList } from '../components/books/assets-list';
import { EntryButtons } from '../components/books/entry-screen';
import { RecentEntries } from '../components/books/recent-entries';

export function meta() {
  return [{ title: 'Debit · AMA Metal & Wire Industries' }];
}

export default function CashOutPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">Debit</h1>
      <EntryButtons kinds={kindsInGroup('cashOut')} />
      <RecentEntries group="cashOut" />
      <AssetsList />
    </main>
  );
}
