import { useEffect, useRef } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { KindDef } from '../../../shared/registry';
import { useMessages } from '../../lib/i18n';
import { newIdempotencyKey } from '../../lib/keys';
import { saveWithToast } from '../../lib/notify';
import { type OutboxEntry, outboxAvailable } from '../../lib/outbox-db';
import { useOutboxSave } from '../../lib/outbox-save';
import { type Entry, useCorrectEntry, useCreateEntry } from './api';
import type { EntryFormValues } from './use-entry-defaults';

/**
 * Saving the entry form: a correction goes to the server, a new entry through the phone's outbox
 * when there is one (else to the server). `saving` holds while it goes, and the form is emptied
 * for the next entry once it is saved.
 */
export function useEntrySave({
  kind,
  correcting,
  draft,
  user,
  form,
  blank,
  formRef,
  onInvalid,
  onDone,
}: {
  kind: KindDef;
  correcting: Entry | undefined;
  draft: OutboxEntry | undefined;
  /** The signed-in user, whose outbox keeps the entry. */
  user: { id: string } | null;
  form: UseFormReturn<EntryFormValues>;
  blank: EntryFormValues;
  formRef: React.RefObject<HTMLFormElement | null>;
  onInvalid: (found: FieldErrors<EntryFormValues>) => void;
  onDone: (() => void) | undefined;
}) {
  const m = useMessages();
  const create = useCreateEntry(kind);
  const correct = useCorrectEntry();
  const outbox = useOutboxSave(m.confirmed);
  const saving = create.isPending || correct.isPending || outbox.sending;
  const key = useRef(draft?.key ?? newIdempotencyKey());

  // The fields are shut while an entry saves (below), which takes the focus away: it goes back where
  // it was, so the next entry is typed as the last one was.
  const focusedAtSave = useRef<Element | null>(null);
  useEffect(() => {
    const el = focusedAtSave.current;
    if (saving || !(el instanceof HTMLElement)) return;
    focusedAtSave.current = null;
    if (formRef.current?.contains(el) && document.activeElement === document.body) el.focus({ preventScroll: true });
  }, [saving]);

  // What the check passed is what is sent (not the form's values read now: checkedBy).
  const onSubmit = form.handleSubmit(async (raw) => {
    focusedAtSave.current = document.activeElement;
    const body: Record<string, unknown> = { idempotency_key: key.current };
    for (const [k, v] of Object.entries(raw)) if (v !== '') body[k] = v;
    // On failure the form keeps what was typed, and the same key makes a retry safe.
    if (correcting) {
      if (await saveWithToast(() => correct.mutateAsync({ id: correcting.id, body }), m.corrected)) onDone?.();
    } else if (user && outboxAvailable()) {
      if (await sendFromOutbox(user.id, raw)) {
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

  // Through the phone's outbox (useOutboxSave): true when the form may close.
  const sendFromOutbox = (userId: string, raw: EntryFormValues) => {
    const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ''));
    const item = { key: key.current, userId, path: kind.path, kind: kind.kind, title: kind.title, body: values };
    return outbox.save(item, draft, () => create.mutateAsync({ ...values, idempotency_key: key.current }));
  };

  return { saving, onSubmit };
}
