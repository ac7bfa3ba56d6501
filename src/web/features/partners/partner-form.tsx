import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { partnerSchema } from '../../../shared/entry-schemas';
import { tr, useTexts } from '../../lib/i18n';
import { dueTexts } from '../dues';
import { partnerFields } from '../../../shared/registry';
import { type Partner, useSavePartner } from './api';
import { saveWithToast } from '../../lib/notify';
import { FieldShell } from '../../components/form/text-field';
import { checkedBy } from '../../lib/form-check';

type Values = Record<string, string | boolean>;

/** Add a partner, or edit one (spec: every field required but the note; contact numeric). */
export function PartnerForm({ partner, onDone }: { partner?: Partner; onDone?: () => void }) {
  const m = useTexts(dueTexts);
  // The credit limit (issue 29): taka a client may owe us, blank for none, and whether a sale past it is refused.
  const blank = { ...Object.fromEntries(partnerFields.map((f) => [f.name, f.default ?? ''])), credit_limit: '', refuse_past_limit: false };
  const initial = partner
    ? {
        ...Object.fromEntries(partnerFields.map((f) => [f.name, String(partner[f.name] ?? '')])),
        credit_limit: partner.credit_limit === null ? '' : String(partner.credit_limit),
        refuse_past_limit: partner.refuse_past_limit,
      }
    : blank;
  const form = useForm<Values>({ resolver: checkedBy(partnerSchema, { typed: true }), defaultValues: initial });
  const save = useSavePartner();
  const errors = form.formState.errors;
  const idPrefix = useId();

  const onSubmit = form.handleSubmit(async (typed) => {
    if (await saveWithToast(() => save.mutateAsync({ id: partner?.id, body: typed }), partner ? m.updated : m.confirmed)) {
      if (!partner) form.reset(blank);
      onDone?.();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={partner ? m.editPartner : m.addPartner}>
      {partnerFields.map((f) => {
        const id = `${idPrefix}-${f.name}`;
        const error = errors[f.name]?.message;
        return (
          <FieldShell key={f.name} id={id} label={f.label} required={f.required} error={error ? String(error) : undefined} wide={f.wide === true}>
            {f.choice ? (
              <select id={id} className={`select w-full ${error ? 'select-error' : ''}`} {...form.register(f.name)}>
                <option value="" disabled>
                  {m.selectCategory}
                </option>
                {f.choice.map((c) => (
                  <option key={c} value={c}>
                    {tr(c)}
                  </option>
                ))}
              </select>
            ) : f.multiline ? (
              <textarea id={id} className="textarea w-full" rows={2} {...form.register(f.name)} />
            ) : (
              <input
                id={id}
                className={`input w-full ${error ? 'input-error' : ''}`}
                inputMode={f.numeric ? 'tel' : undefined}
                autoComplete="off"
                {...form.register(f.name)}
              />
            )}
          </FieldShell>
        );
      })}
      <FieldShell
        id={`${idPrefix}-credit_limit`}
        label={m.creditLimitField}
        required={false}
        error={errors.credit_limit?.message ? String(errors.credit_limit.message) : undefined}
      >
        <input id={`${idPrefix}-credit_limit`} className="input w-full" inputMode="decimal" autoComplete="off" {...form.register('credit_limit')} />
      </FieldShell>
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-sm" {...form.register('refuse_past_limit')} />
        {m.creditRefuseField}
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={save.isPending}>
          {partner ? m.saveChanges : m.addPartner}
        </button>
      </div>
    </form>
  );
}
