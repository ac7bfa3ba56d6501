import { EntryScreenPage } from '../features/books/entry-screen';

export function meta() {
  return [{ title: 'Fire Count · AMA Metal & Wire Industries' }];
}

export default function FireCountPage() {
  return <EntryScreenPage screen="fireCount" title="Fire Count" />;
}
