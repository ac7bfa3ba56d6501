import { EntryScreenPage } from '../features/books/entry-screen';
import { tr } from '../lib/i18n';
import { titleIn } from '../lib/title';

export function meta() {
  return [{ title: titleIn('Debit · AMA Metal & Wire Industries') }];
}

export default function CashOutPage() {
  return <EntryScreenPage screen="debit" title={tr('Debit')} recent="cashOut" />;
}
