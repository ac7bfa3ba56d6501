import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { partnerSchema } from '../../../shared/entry-schemas';
import { tr, useMessages } from '../../lib/i18n';
import { partnerFields } from '../../../shared/registry';
import { type Partner, useSavePartner } from './api';
import { saveWithToast } from '../../lib/notify';
import { FieldShell } from '../../components/form/text-field';
import { checkedBy } from '../../lib/form-check';

type Values = Record<string, string>;

/** Add a partner, or edit one (spec: every field required but the note; contact numeric). */
export function PartnerForm({ partner, onDone }: { partner?: Partner; onDone?: () => void }) {
  const m = useMessages();
  const blank = Object.fromEntries(partnerFields.map((f) => [f.name, f.default ?? '']));
  const initial = partner ? Object.fromEntries(partnerFields.map((f) => [f.name, String(partner[f.name] ?? '')])) : blank;
  const form = useForm<Values>({ resolver: checkedBy(partnerSchema), defaultValues: initial });
  const save = useSavePartner();
  const errors = form.formState.errors;
  const idPrefix = useId();

  const onSubmit = form.handleSubmit(async () => {
    if (await saveWithToast(() => save.mutateAsync({ id: partner?.id, body: form.getValues() }), partner ? m.updated : m.confirmed)) {
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
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={save.isPending}>
          {partner ? m.saveChanges : m.addPartner}
        </button>
      </div>
    </form>
  );
}
