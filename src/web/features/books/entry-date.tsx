import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { BACKDATE_DAYS, earliestIssueDate } from '../../../shared/backdate';
import { fill } from '../../../shared/messages';
import { DateInput, isWireDay } from '../../components/form/date-input';
import { FieldShell } from '../../components/form/text-field';
import { dateText } from '../../lib/format';
import { useMessages } from '../../lib/i18n';
import type { EntryFormValues } from './use-entry-defaults';

/**
 * The entry's day: today, read-only, with a small "change" beside it (a normal entry takes no
 * tap more). Changed, it is a date field from BACKDATE_DAYS back to today, and an earlier day asks
 * for the reason the voucher is entered late (docs/decisions/0021-late-vouchers.md).
 */
export function EntryDate({
  id,
  form,
  today,
  fixed,
}: {
  id: string;
  form: UseFormReturn<EntryFormValues>;
  /** Today in the business time zone (YYYY-MM-DD). */
  today: string;
  /** A correction's day: its original's, not to be changed. */
  fixed?: string | undefined;
}) {
  const m = useMessages();
  const picked = form.watch('issue_date') ?? '';
  const [open, setOpen] = useState(picked !== '');
  const errors = form.formState.errors;
  // Emptied by the form's reset after a save (not by the person clearing the field to type): today again.
  useEffect(() => {
    if (picked === '' && document.activeElement?.id !== id) setOpen(false);
  }, [picked, id]);
  if (fixed !== undefined || !open) {
    return (
      <div className="flex flex-col gap-1" data-testid="entry-date">
        <span className="text-sm font-medium">{m.date}</span>
        <div className="flex min-w-0 items-center gap-2">
          <input className="input min-w-0 flex-1 bg-base-200" value={dateText(fixed ?? today)} readOnly aria-label={m.date} />
          {fixed === undefined ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm shrink-0"
              onClick={() => {
                form.setValue('issue_date', today);
                setOpen(true);
                requestAnimationFrame(() => document.getElementById(id)?.focus());
              }}
            >
              {m.dateChange}
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  const late = isWireDay(picked) && picked < today;
  // Text that names no day: the field says so itself (the check's own words would ask for YYYY-MM-DD).
  const readable = picked === '' || isWireDay(picked);
  return (
    <>
      <FieldShell id={id} label={m.voucherDate} required error={readable ? errors.issue_date?.message : undefined}>
        <DateInput
          id={id}
          label={m.voucherDate}
          className="input w-full"
          invalid={readable && Boolean(errors.issue_date)}
          value={picked}
          onValue={(v) => form.setValue('issue_date', v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
          min={earliestIssueDate(today)}
          max={today}
          describedBy={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="text-xs text-muted">
          {fill(m.lateHint, { days: BACKDATE_DAYS })}
        </span>
      </FieldShell>
      {late ? (
        <FieldShell id={`${id}-reason`} label={m.lateReason} required error={errors.backdate_reason?.message}>
          <input
            id={`${id}-reason`}
            className={`input w-full ${errors.backdate_reason ? 'input-error' : ''}`}
            autoComplete="off"
            {...form.register('backdate_reason')}
          />
        </FieldShell>
      ) : null}
    </>
  );
}
