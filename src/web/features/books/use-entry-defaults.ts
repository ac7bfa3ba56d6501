import { checkBackdate } from '../../../shared/backdate';
import { say } from '../../../shared/say';
import { useMemo } from 'react';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { entryInputSchema } from '../../../shared/entry-schemas';
import { type KindDef, inputFields } from '../../../shared/registry';
import { useGuardDiscard } from '../../components/ui/modal';
import type { OutboxEntry } from '../../lib/outbox-db';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { lastAccount } from '../accounts';
import { type Entry, lastEntryQuery } from './api';
import { checkedBy } from '../../lib/form-check';

/** What the entry form holds: each field as typed. */
export type EntryFormValues = Record<string, string>;

/**
 * The entry form of `kind`, with what it starts with: blank, the entry being corrected, or a
 * refused entry of the outbox.
 */
export function useEntryDefaults(
  kind: KindDef,
  { correcting, draft, today }: { correcting: Entry | undefined; draft: OutboxEntry | undefined; today: string },
) {
  const user = useSession().user?.id;
  const fields = inputFields(kind);
  const partyField = fields.find((f) => f.input.type === 'party');
  const schema = useMemo(() => entryInputSchema(kind), [kind]);
  // Discount starts at 0 (still required, so it may be changed but not left empty).
  const blank = useMemo(
    () =>
      Object.fromEntries([
        ...fields.map((f) => [f.name, f.default ?? '']),
        ...(partyField ? [['partner_id', '']] : []),
        // The money account this person chose last ('' is Cash in hand): a new form starts there.
        ...(kind.cash ? [['account_id', lastAccount(user)]] : []),
        // Today unless changed: an earlier day is a late voucher, with its reason (EntryDate).
        ['issue_date', ''],
        ['backdate_reason', ''],
      ]),
    [fields, partyField, kind.cash, user],
  );
  // Correcting: the form opens with the entry's values, to change what was wrong.
  // A refused entry of the outbox opens with what was typed.
  const start = useMemo(() => {
    const from: Record<string, unknown> | undefined = correcting ?? draft?.body;
    const text = (k: string) => (from?.[k] === null || from?.[k] === undefined || (k === 'account_id' && Number(from[k]) === 1) ? '' : String(from[k]));
    return from ? Object.fromEntries(Object.keys(blank).map((k) => [k, text(k)])) : blank;
  }, [blank, correcting, draft]);
  const resolver = useMemo(() => entryCheck(schema, today, Boolean(correcting)), [schema, today, correcting]);
  const form = useForm<EntryFormValues>({ resolver, defaultValues: start, shouldFocusError: false });
  const errors = form.formState.errors as FieldErrors<EntryFormValues>;
  const values = form.watch();
  // Closing the pop-up with typed values asks first.
  useGuardDiscard(Object.keys(start).some((k) => (values[k] ?? '') !== start[k]));
  return { fields, partyField, blank, form, errors, values };
}

/**
 * The entry form's check: the kind's schema, then the late voucher's rule (shared/backdate.ts)
 * against today, as the server has them (a correction keeps its day). Both read the values as they
 * were when the check began (checkedBy), and a passing check gives those, as typed: what is sent.
 */
export function entryCheck(schema: Parameters<typeof checkedBy>[0], today: string, correcting: boolean): Resolver<EntryFormValues> {
  const bySchema = checkedBy<EntryFormValues>(schema, { typed: true });
  return async (values, context, options) => {
    const seen = { ...values };
    const result = await bySchema(seen, context, options);
    if (correcting) return result;
    const late = checkBackdate(seen.issue_date || undefined, seen.backdate_reason, today);
    if (late.ok || result.errors[late.field]) return result;
    return { values: {}, errors: { ...result.errors, [late.field]: { type: 'custom', message: say(late.code, late.params) } } };
  };
}

/** The party's last rate and size for this kind, as a start (only into fields still empty). */
export async function prefillFromLast(kind: KindDef, form: UseFormReturn<EntryFormValues>, partnerId: number) {
  const fill = kind.fields.filter((f) => f.prefill === 'lastEntry');
  if (fill.length === 0) return;
  const last = await queryClient.fetchQuery(lastEntryQuery(kind.path, partnerId)).catch(() => null);
  if (!last || String(form.getValues('partner_id')) !== String(partnerId)) return;
  for (const f of fill) {
    const v = last[f.name];
    if ((form.getValues(f.name) ?? '') === '' && v !== null && v !== undefined) form.setValue(f.name, f.input.type === 'decimal' ? String(v) : String(v));
  }
}
