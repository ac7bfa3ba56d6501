import { kindByName } from '../../shared/registry';
import { EntryForm } from '../components/books/book-forms';
import { FireList } from '../components/books/fire-list';

export function meta() {
  return [{ title: 'Fire Count · AMA Metal & Wire Industries' }];
}

export default function FireCountPage() {
  const fire = kindByName('fire');
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">Fire Count</h1>
      <div className="rounded-box border border-base-300 p-4">{fire ? <EntryForm kind={fire} /> : null}</div>
      <FireList />
    </main>
  );
}
