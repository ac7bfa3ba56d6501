import { messages } from '../../shared/messages';
import { allows } from '../../shared/roles';
import { PartnerForm } from '../features/books/lazy-forms';
import { EntryScreenPage } from '../features/books/entry-screen';
import { tr } from '../lib/i18n';
import { useSession } from '../lib/session';
import { titleIn } from '../lib/title';

export function meta() {
  return [{ title: titleIn('Credit · AMA Metal & Wire Industries') }];
}

export default function CashInPage() {
  const { user } = useSession();
  // Partner-related entry: an admin can add a missing client or investor without leaving.
  const extra = user && allows('admin', user.role) ? [{ label: messages.addPartnerButton, render: () => <PartnerForm /> }] : [];
  return <EntryScreenPage screen="credit" title={tr('Credit')} recent="cashIn" extra={extra} />;
}
