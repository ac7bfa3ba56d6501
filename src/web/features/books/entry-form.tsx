import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { entryInputSchema } from '../../../shared/entry-schemas';
import { fill } from '../../../shared/messages';
import { dueAmount, formatTaka, lineTotal, parseDecimal, units } from '../../../shared/money';
import { type FieldDef, type KindDef, inputFields, partnerFields } from '../../../shared/registry';
import { pricingFields } from '../../../shared/registry-views';
import { queryClient } from '../../lib/query-client';
import { balancesQuery } from '../statements/api';
import { dateText, entryNo, figureLanguage } from '../../lib/format';
import { type Partner, usePartners } from '../partners/api';
import { type Entry, lastEntryQuery, useCorrectEntry, useCreateEntry } from './api';
import { PartyPicker } from './party-picker';
import { newIdempotencyKey } from '../../lib/keys';
import { FieldShell } from '../../components/form/text-field';
import { tr, useMessages } from '../../lib/i18n';
import { errorText } from '../../lib/error-text';
import { focusFirstField, typedFields, useGuardDiscard } from '../../components/ui/modal';
import { notify, saveWithToast } from '../../lib/notify';
import { type OutboxEntry, outboxAvailable } from '../../lib/outbox-db';
import { saveThroughOutbox } from '../../lib/outbox-send';
import { useSession } from '../../lib/session';
import { businessDayText, configQuery } from '../../lib/config';

type Values = Record<string, string>;

/**
 * The form for any record kind, built from its registry entry: read-only date and issued-by,
 * each field by its type, and for priced kinds the total and due worked out as you type.
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
  const m = useMessages();
  const session = useSession();
  const config = useQuery(configQuery);
  const partners = usePartners();
  const fields = inputFields(kind);
  const partyField = fields.find((f) => f.input.type === 'party');
  const create = useCreateEntry(kind);
  const correct = useCorrectEntry();
  const [sending, setSending] = useState(false);
  const saving = create.isPending || correct.isPending || sending;
  const key = useRef(draft?.key ?? newIdempotencyKey());
  const schema = useMemo(() => entryInputSchema(kind), [kind]);
  // Discount starts at 0 (still required, so it may be changed but not left empty).
  const blank = useMemo(
    () => Object.fromEntries([...fields.map((f) => [f.name, f.column === 'discount_amount_p' ? '0' : '']), ...(partyField ? [['partner_id', '']] : [])]),
    [fields, partyField],
  );
  // Correcting: the form opens with the entry's values, to change what was wrong.
  // A refused entry of the outbox opens with what was typed.
  const start = useMemo(() => {
    const from: Record<string, unknown> | undefined = correcting ?? draft?.body;
    return from ? Object.fromEntries(Object.keys(blank).map((k) => [k, from[k] === null || from[k] === undefined ? '' : String(from[k])])) : blank;
  }, [blank, correcting, draft]);
  const form = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: start, shouldFocusError: false });
  const errors = form.formState.errors as FieldErrors<Values>;
  const values = form.watch();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Closing the pop-up with typed values asks first.
  useGuardDiscard(Object.keys(start).some((k) => (values[k] ?? '') !== start[k]));
  // In a pop-up, typing starts in the first field (a form loaded after the pop-up opened).
  useEffect(() => {
    if (formRef.current?.closest('dialog[open]')) focusFirstField(formRef.current);
  }, []);

  // The same list until the partners change (the picker matches a name typed early when it arrives).
  const choosable = useMemo(
    () =>
      partyField && partyField.input.type === 'party'
        ? (partners.data ?? []).filter((p) => (partyField.input as { categories: readonly string[] }).categories.includes(p.catagories))
        : [],
    [partners.data, partyField],
  );

  const balancesAnswer = useQuery({ ...balancesQuery, enabled: partyField !== undefined });
  const balances = useMemo(() => (balancesAnswer.data ? new Map(balancesAnswer.data.map((b) => [b.id, b.balance])) : undefined), [balancesAnswer.data]);

  const onPartner = (id: string, late?: 'late') => {
    const partner = choosable.find((p) => String(p.id) === id);
    form.setValue('partner_id', id);
    form.setValue('name', partner?.name ?? '', { shouldValidate: form.formState.isSubmitted });
    if (partner) void prefillFromLast(partner.id);
    if (partner && partyField && !late) focusAfter(document.getElementById(`${idPrefix}-${partyField.name}`));
    // A field the partner record also has is filled from it: choosing an employee fills in their assigned salary (spec §4).
    // Matched late (the list arrived after the person went on), it fills only fields still empty.
    for (const f of fields) {
      if (partner && f !== partyField && partnerFields.some((p) => p.name === f.name) && !(late && (form.getValues(f.name) ?? '') !== ''))
        form.setValue(f.name, String(partner[f.name as keyof Partner] ?? ''), { shouldValidate: form.formState.isSubmitted });
    }
  };

  // The party's last rate and size for this kind, as a start (only into fields still empty).
  const prefillFromLast = async (partnerId: number) => {
    const fill = kind.fields.filter((f) => f.column === 'price_p' || f.column === 'size');
    if (fill.length === 0) return;
    const last = await queryClient.fetchQuery(lastEntryQuery(kind.path, partnerId)).catch(() => null);
    if (!last || String(form.getValues('partner_id')) !== String(partnerId)) return;
    for (const f of fill) {
      const v = last[f.name];
      if ((form.getValues(f.name) ?? '') === '' && v !== null && v !== undefined) form.setValue(f.name, f.input.type === 'decimal' ? String(v) : String(v));
    }
  };

  // On a phone: Enter moves to the next field (the last one submits), and a choice moves on once made.
  const focusAfter = (field: Element | null, submitAtEnd = false) => {
    const all = formRef.current ? typedFields(formRef.current) : [];
    const next = all[all.indexOf(field as HTMLElement) + 1];
    if (next) next.focus();
    else if (submitAtEnd) formRef.current?.requestSubmit();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.defaultPrevented || e.shiftKey || e.nativeEvent.isComposing) return;
    if (!(e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement)) return;
    e.preventDefault();
    focusAfter(e.target, true);
  };
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    if (e.target instanceof HTMLSelectElement && e.target.value !== '') focusAfter(e.target);
  };
  // After a refused submit the first field in error is brought into view.
  const onInvalid = (found: FieldErrors<Values>) => {
    const first = fields.find((f) => found[f.name]);
    requestAnimationFrame(() => {
      const el = first && document.getElementById(`${idPrefix}-${first.name}`);
      el?.scrollIntoView({ block: 'center' });
      el?.focus({ preventScroll: true });
    });
  };

  // The fields are shut while an entry saves (below), which takes the focus away: it goes back where
  // it was, so the next entry is typed as the last one was.
  const focusedAtSave = useRef<Element | null>(null);
  useEffect(() => {
    const el = focusedAtSave.current;
    if (saving || !(el instanceof HTMLElement)) return;
    focusedAtSave.current = null;
    if (formRef.current?.contains(el) && document.activeElement === document.body) el.focus({ preventScroll: true });
  }, [saving]);

  const onSubmit = form.handleSubmit(async () => {
    focusedAtSave.current = document.activeElement;
    const raw = form.getValues();
    const body: Record<string, unknown> = { idempotency_key: key.current };
    for (const [k, v] of Object.entries(raw)) if (v !== '') body[k] = v;
    // On failure the form keeps what was typed, and the same key makes a retry safe.
    if (correcting) {
      if (await saveWithToast(() => correct.mutateAsync({ id: correcting.id, body }), m.corrected)) onDone?.();
    } else if (session.user && outboxAvailable()) {
      if (await sendFromOutbox(session.user.id, raw)) {
        key.current = newIdempotencyKey();
        form.reset(blank);
        onDone?.();
      }
    } else if (await saveWithToast(() => create.mutateAsync(body), m.confirmed)) {
      key.current = newIdempotencyKey();
      form.reset(blank);
      onDone?.();
    }
  }, onInvalid);

  // Through the phone's outbox: kept there first, sent at once when the server answers within
  // 10 s, else sent later by itself (docs/decisions/0014-outbox.md). True when the form may close.
  const sendFromOutbox = async (userId: string, raw: Values) => {
    const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ''));
    // A refused entry keeps the moment it was made, unless that moment was what the server refused.
    const madeAt = draft && draft.refusal?.field !== 'made_at' ? draft.madeAt : new Date().toISOString();
    const entry: OutboxEntry = {
      key: key.current,
      userId,
      path: kind.path,
      kind: kind.kind,
      title: kind.title,
      body: values,
      madeAt,
      seq: draft?.seq ?? Date.now(),
      status: 'waiting',
    };
    setSending(true);
    try {
      const outcome = await saveThroughOutbox(entry, { keepIfRefused: Boolean(draft) });
      if (outcome.status === 'refused') {
        void notify('error', errorText(outcome.error));
        return false;
      }
      void notify('success', outcome.status === 'sent' ? m.confirmed : m.savedOnPhone);
      return true;
    } catch {
      // The phone would not store it (storage refused or full): saved directly, as without an outbox.
      return saveWithToast(() => create.mutateAsync({ ...values, idempotency_key: key.current }), m.confirmed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} onKeyDown={onKeyDown} onChange={onChange} noValidate aria-label={tr(kind.title)}>
      {/* Nothing can be typed while an entry saves: the form is emptied when it is saved, and
          what was typed meanwhile would go with it (docs/decisions/0014-outbox.md). */}
      <fieldset disabled={saving} aria-busy={saving} className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        {correcting ? <p className="text-sm sm:col-span-2">{fill(m.correctingIntro, { id: entryNo(correcting.id) })}</p> : null}
        <ReadOnly label={m.date} value={correcting ? dateText(correcting.issue_date) : businessDayText(config.data)} />
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
                scope={kind.kind}
                error={error ? String(error) : undefined}
              />
            </FieldShell>
          );
        })}
        {kind.pricing ? <LiveTotals kind={kind} values={values} /> : null}
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
  form: ReturnType<typeof useForm<Values>>;
  partners: Partner[];
  onPartner: (id: string, late?: 'late') => void;
  balances: ReadonlyMap<number, number> | undefined;
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

/** Total = amount × rate and Due = total − (paid + discount), exactly as the server will. */
function LiveTotals({ kind, values }: { kind: KindDef; values: Values }) {
  useMessages();
  const priced = pricingFields(kind);
  const read = (f: FieldDef | undefined) => {
    if (!f || f.input.type !== 'decimal') return null;
    const r = parseDecimal(values[f.name] ?? '', units[f.input.unit]);
    return r.ok ? r.value : null;
  };
  const amount = read(priced?.amount);
  const rate = read(priced?.rate);
  const total = amount !== null && rate !== null ? lineTotal(amount, rate) : null;
  // Paid and discount count as nothing until typed; one that cannot be read leaves the due unknown.
  const part = (f: FieldDef | undefined) => ((values[f?.name ?? ''] ?? '').trim() === '' ? 0 : read(f));
  const [paid, discount] = [part(priced?.paid), part(priced?.discount)];
  const due = total !== null && paid !== null && discount !== null ? dueAmount(total, paid, discount) : null;
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
