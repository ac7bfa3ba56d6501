import { EntryScreenPage } from '../features/books/entry-screen';
import { tr } from '../lib/i18n';
import { titleIn } from '../lib/title';

export function meta() {
  return [{ title: titleIn('Fire Count · AMA Metal & Wire Industries') }];
}

export default function FireCountPage() {
  return <EntryScreenPage screen="fireCount" title={tr('Fire Count')} />;
}
