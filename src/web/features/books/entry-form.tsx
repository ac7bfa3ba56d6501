import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { fill } from '../../../shared/messages';
import { formatTaka } from '../../../shared/money';
import type { FieldDef, KindDef } from '../../../shared/registry';
import { entryNo, figureLanguage } from '../../lib/format';
import { digitsFor } from '../../../shared/digits';
import type { Partner } from '../partners/api';
import type { Entry } from './api';
import { PartyPicker } from './party-picker';
import { AccountChoice } from '../accounts';
import { FieldShell } from '../../components/form/text-field';
import { tr, useMessages, useTexts } from '../../lib/i18n';
import { formTexts } from './texts';
import type { OutboxEntry } from '../../lib/outbox-db';
import { useSession } from '../../lib/session';
import { configQuery } from '../../lib/config';
import { todayIn } from '../../../shared/dates';
import { EntryDate } from './entry-date';
import { derivedFigures } from './derived-figures';
import { type EntryFormValues as Values, useEntryDefaults } from './use-entry-defaults';
import { useEntryFocus } from './use-entry-focus';
import { useEntrySave } from './use-entry-save';
import { usePartyChoice } from './use-party-choice';
import { useSuggestedAmount } from './use-suggested-amount';
import { CreditLimitNotice, pastLimit, useCreditGuard } from './credit-limit';

// The way of payment (cash or a cheque) of the kinds the registry marks `cheque`: fetched with the first such form.
const ChequeFields = lazy(() => import('../accounts/cheque-fields'));

/**
 * The form for any record kind, built from its registry entry: read-only date and issued-by,
 * each field by its type, and for priced kinds the total and due worked out as you type.
 * What it starts with, where the focus goes, choosing the party, saving and the live figures are
 * worked out beside it (use-entry-defaults, use-entry-focus, use-party-choice, use-entry-save,
 * derived-figures); this is the layout.
 */
export function EntryForm({
  kind,
  correcting,
  draft,
  onDone,
}: {
  kind: KindDef;
  correcting?: Entry | undefined;
  /** An entry of the outbox the server refused: the form opens with it, to fix and send again. */
  draft?: OutboxEntry | undefined;
  onDone?: () => void;
}) {
  const m = useTexts(formTexts);
  const session = useSession();
  const config = useQuery(configQuery);
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const today = todayIn(config.data?.timeZone ?? 'Asia/Dhaka');
  const { fields, partyField, blank, form, errors, values } = useEntryDefaults(kind, { correcting, draft, today });
  const { focusAfter, onKeyDown, onChange, onInvalid } = useEntryFocus({ formRef, fields, idPrefix });
  const { choosable, balances, onPartner, listNote } = usePartyChoice({ kind, form, fields, partyField, idPrefix, focusAfter });
  const suggestion = useSuggestedAmount(kind, form, values);
  const { saving, onSubmit } = useEntrySave({ kind, correcting, draft, user: session.user, form, blank, formRef, onInvalid, onDone });
  // A new sale past its party's credit limit waits for "Save anyway" (credit-limit.tsx); a correction is not checked.
  const party = correcting ? undefined : choosable.find((p) => String(p.id) === values.partner_id);
  const past = pastLimit(kind, values, party, party && balances ? (balances.get(party.id) ?? 0) : undefined);
  // (A party without entries is not in the balances: it owes nothing yet.)
  const credit = useCreditGuard(past);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (credit.holds()) event.preventDefault();
    else void onSubmit(event);
  };

  return (
    <form ref={formRef} onSubmit={submit} onKeyDown={onKeyDown} onChange={onChange} noValidate aria-label={tr(kind.title)}>
      {/* Nothing can be typed while an entry saves: the form is emptied when it is saved, and
          what was typed meanwhile would go with it (docs/decisions/0014-outbox.md). */}
      <fieldset disabled={saving} aria-busy={saving} className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        {correcting ? <p className="text-sm sm:col-span-2">{fill(m.correctingIntro, { id: entryNo(correcting.id) })}</p> : null}
        <EntryDate id={`${idPrefix}-issue_date`} form={form} today={today} fixed={correcting?.issue_date} />
        <ReadOnly label={m.issuedBy} value={session.user?.name ?? ''} />
        {fields.map((f) => {
          const id = `${idPrefix}-${f.name}`;
          const error = errors[f.name]?.message;
          const wide = f.input.type === 'text' && f.input.long;
          return (
            // The party field shows its own error (with its hint about text left in it).
            <FieldShell
              key={f.name}
              id={id}
              label={f.label}
              required={f.required}
              error={error && f.input.type !== 'party' ? String(error) : undefined}
              wide={Boolean(wide)}
            >
              <FieldInput
                id={id}
                field={f}
                form={form}
                partners={choosable}
                onPartner={onPartner}
                balances={balances}
                listNote={listNote}
                scope={kind.kind}
                error={error ? String(error) : undefined}
              />
              {suggestion?.field === f ? (
                <p className="text-sm text-muted" data-testid="salary-suggestion" aria-live="polite">
                  {fill(m.salarySuggested, { days: digitsFor(suggestion.days, figureLanguage()), amount: formatTaka(suggestion.poisha, figureLanguage()) })}
                </p>
              ) : null}
            </FieldShell>
          );
        })}
        {kind.cheque && !correcting ? (
          <Suspense fallback={null}>
            <ChequeFields idPrefix={idPrefix} form={form} />
          </Suspense>
        ) : null}
        {/* A cheque received waits in Cheques in hand: no account until it is deposited. */}
        {kind.cash && !(kind.cheque === 'received' && values.payment === 'cheque') ? <AccountChoice id={`${idPrefix}-account_id`} form={form} /> : null}
        {kind.pricing ? <LiveTotals kind={kind} values={values} /> : null}
        {past ? <CreditLimitNotice past={past} guard={credit} /> : null}
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={saving}>
            {saving ? <span className="loading loading-spinner loading-sm" /> : null}
            {correcting ? m.saveCorrection : m.submit}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <input className="input w-full bg-base-200" value={value} readOnly aria-label={label} />
    </div>
  );
}

function FieldInput(props: {
  id: string;
  field: FieldDef;
  form: UseFormReturn<Values>;
  partners: Partner[];
  onPartner: (id: string, late?: 'late') => void;
  balances: ReadonlyMap<number, number> | undefined;
  listNote: 'missing' | number | null;
  scope: string;
  error: string | undefined;
}) {
  useMessages();
  const { id, field: f, form } = props;
  const cls = props.error ? 'input-error' : '';
  switch (f.input.type) {
    case 'party':
      return (
        <PartyPicker
          id={id}
          partners={props.partners}
          value={form.watch('partner_id') ?? ''}
          onChange={props.onPartner}
          balances={props.balances}
          listNote={props.listNote}
          scope={props.scope}
          error={props.error}
        />
      );
    case 'choice':
      return (
        <select id={id} className={`select w-full ${cls}`} {...form.register(f.name)}>
          <option value="" disabled>
            {tr(f.input.placeholder)}
          </option>
          {f.input.options.map((o) => (
            <option key={o} value={o}>
              {tr(o)}
            </option>
          ))}
        </select>
      );
    case 'decimal':
      return <input id={id} className={`input w-full ${cls}`} inputMode="decimal" autoComplete="off" {...form.register(f.name)} />;
    case 'text':
      return f.input.long ? (
        <textarea id={id} className={`textarea w-full ${cls}`} rows={2} {...form.register(f.name)} />
      ) : (
        <input id={id} className={`input w-full ${cls}`} autoComplete="off" {...form.register(f.name)} />
      );
    default:
      return null;
  }
}

/** The total and the due of what is typed, as the server will work them out (`derivedFigures`). */
function LiveTotals({ kind, values }: { kind: KindDef; values: Values }) {
  useMessages();
  const { total, due } = derivedFigures(kind, values);
  return (
    <div className="grid grid-cols-2 gap-3 rounded-box bg-base-200 p-3 sm:col-span-2" aria-live="polite">
      <div>
        <div className="text-xs text-muted">{tr('Total Price')}</div>
        <div className="text-lg font-semibold tabular-nums" data-testid="live-total">
          {total === null ? '—' : formatTaka(total, figureLanguage())}
        </div>
      </div>
      <div>
        <div className="text-xs text-muted">{tr('Due')}</div>
        <div className={`text-lg font-semibold tabular-nums ${due !== null && due < 0 ? 'text-warning' : ''}`} data-testid="live-due">
          {due === null ? '—' : formatTaka(due, figureLanguage())}
        </div>
      </div>
    </div>
  );
}
