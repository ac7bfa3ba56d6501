import type { UseFormReturn } from 'react-hook-form';
import { FieldShell } from '../../components/form/text-field';
import { useTexts } from '../../lib/i18n';
import { chequeTexts } from './texts';

/**
 * The way of payment on the form of a kind the registry marks `cheque` (Payment Received, Partner
 * Payment): cash (through the account chosen) or a cheque, with its number, bank and date (a
 * post-dated cheque's date is in the future). A cheque received waits in Cheques in hand, so the
 * form then asks no account; an issued one names the bank account it is drawn on (the Account field).
 */
export default function ChequeFields({ idPrefix, form }: { idPrefix: string; form: UseFormReturn<Record<string, string>> }) {
  const m = useTexts(chequeTexts);
  const byCheque = form.watch('payment') === 'cheque';
  const error = (name: string) => (form.formState.errors[name]?.message as string | undefined) ?? undefined;
  const field = (name: 'cheque_no' | 'cheque_bank' | 'cheque_date', label: string) => (
    <FieldShell id={`${idPrefix}-${name}`} label={label} required error={error(name)}>
      <input
        id={`${idPrefix}-${name}`}
        type={name === 'cheque_date' ? 'date' : 'text'}
        className={`input w-full ${error(name) ? 'input-error' : ''}`}
        autoComplete="off"
        {...form.register(name)}
      />
    </FieldShell>
  );
  return (
    <>
      <FieldShell id={`${idPrefix}-payment`} label={m.paymentWay} required={false} error={error('payment')}>
        <select id={`${idPrefix}-payment`} data-enter-skips="" className="select w-full" {...form.register('payment')}>
          <option value="">{m.paymentCash}</option>
          <option value="cheque">{m.paymentCheque}</option>
        </select>
      </FieldShell>
      {byCheque ? (
        <>
          {field('cheque_no', m.chequeNo)}
          {field('cheque_bank', m.chequeBank)}
          {field('cheque_date', m.chequeDate)}
        </>
      ) : null}
    </>
  );
}
