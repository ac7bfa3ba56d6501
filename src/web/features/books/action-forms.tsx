import { say } from '../../../shared/say';
import { useQuery } from '@tanstack/react-query';
import { fill } from '../../../shared/messages';
import { fieldMessage, parseDecimal, units } from '../../../shared/money';
import type { KindDef } from '../../../shared/registry';
import { PromptForm } from '../../components/ui/prompt-form';
import { dateText } from '../../lib/format';
import { tr, useMessages, useTexts } from '../../lib/i18n';
import { formTexts } from './texts';
import { saveWithToast } from '../../lib/notify';
import { type Entry, entryQuery, useLifecycle, useVoidEntry } from './api';
import { EntryForm } from './entry-form';
import { errorText } from '../../lib/error-text';

// The forms an entry's actions open (Correct, Void, End Time / Sell): part of the forms' chunk
// (./book-forms.ts), loaded when one is first opened or its button approached.

/** The kind's form, filled with the entry as it is now (read afresh: a list row may hold only some fields). */
export function CorrectForm({ kind, id, onDone }: { kind: KindDef; id: number; onDone: () => void }) {
  const m = useMessages();
  const entry = useQuery(entryQuery(id));
  if (entry.isError) return <p role="alert">{errorText(entry.error)}</p>;
  if (!entry.data) return <p>{m.loading}</p>;
  return <EntryForm kind={kind} correcting={entry.data} onDone={onDone} />;
}

/** Voids an entry with a reason (`summary` is what the lists show as its party and amount). */
export function VoidForm({ entry, summary, onDone }: { entry: Entry; summary: { subject: string; amount: string }; onDone: () => void }) {
  const m = useTexts(formTexts);
  const voidEntry = useVoidEntry();
  const { subject, amount } = summary;
  return (
    <PromptForm
      intro={fill(m.voidIntro, { entry: tr(entry.title ?? ''), subject, amount, date: dateText(entry.issue_date) })}
      label={m.reason}
      submitLabel={m.voidEntry}
      check={(v) => (v.trim().length < 3 ? say('reason_min') : null)}
      onSubmit={async (reason) => {
        if (await saveWithToast(() => voidEntry.mutateAsync({ id: entry.id, reason }), m.voided)) onDone();
      }}
    />
  );
}

/** The kind's lifecycle action (End Time, Sell) with its one value. */
export function LifecycleForm({ kind, entry, onDone }: { kind: KindDef; entry: Entry; onDone: () => void }) {
  const m = useMessages();
  const act = useLifecycle(kind);
  const l = kind.lifecycle;
  if (!l) return null;
  const check = (v: string) => {
    if (l.action === 'sell') {
      const r = parseDecimal(v, units.money);
      return r.ok ? null : fieldMessage(l.value.label, r);
    }
    return v.trim() ? null : say('field_required', { field: l.value.label });
  };
  return (
    <PromptForm
      label={l.value.label}
      submitLabel={l.submit}
      inputMode={l.action === 'sell' ? 'decimal' : undefined}
      check={check}
      onSubmit={async (value) => {
        if (await saveWithToast(() => act.mutateAsync({ id: entry.id, value }), m[l.toast])) onDone();
      }}
    />
  );
}
