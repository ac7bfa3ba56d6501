import { EntryScreenPage } from '../features/books/entry-screen';

export function meta() {
  return [{ title: 'Debit · AMA Metal & Wire Industries' }];
}

export default function CashOutPage() {
  return <EntryScreenPage screen="debit" title="Debit" recent="cashOut" />;
}
