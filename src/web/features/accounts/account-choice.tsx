import type { UseFormReturn } from 'react-hook-form';
import { FieldShell } from '../../components/form/text-field';
import { tr, useMessages } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { rememberAccount, useAccounts } from './api';

/**
 * The account an entry's money went through, in the form of every kind that moves money: shown
 * once there is more than Cash in hand. A new entry starts with the account this person chose
 * last (the form's blank values: use-entry-defaults); a correction with the entry's own. Blank is Cash.
 */
export function AccountChoice({ id, form }: { id: string; form: UseFormReturn<Record<string, string>> }) {
  const m = useMessages();
  const user = useSession().user?.id;
  const accounts = useAccounts();
  const open = (accounts.data ?? []).filter((a) => !a.archived);
  const current = form.watch('account_id') ?? '';
  // A correction of an entry in an account archived since still shows that account.
  const shown = open.some((a) => String(a.id) === current) ? open : [...open, ...(accounts.data ?? []).filter((a) => String(a.id) === current)];
  if (shown.length < 2) return null;
  const error = (form.formState.errors.account_id?.message as string | undefined) ?? undefined;
  return (
    <FieldShell id={id} label={m.account} required={false} error={error}>
      <select
        id={id}
        data-enter-skips=""
        className="select w-full"
        {...form.register('account_id', { onChange: (e: { target: { value: string } }) => rememberAccount(user, e.target.value) })}
      >
        {shown.map((a) => (
          <option key={a.id} value={a.id === 1 ? '' : String(a.id)}>
            {tr(a.name)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
