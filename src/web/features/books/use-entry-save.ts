import { useEffect, useRef, useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { KindDef } from '../../../shared/registry';
import { errorText } from '../../lib/error-text';
import { useMessages } from '../../lib/i18n';
import { newIdempotencyKey } from '../../lib/keys';
import { notify, saveWithToast } from '../../lib/notify';
import { type OutboxEntry, outboxAvailable } from '../../lib/outbox-db';
import { saveThroughOutbox } from '../../lib/outbox-send';
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
  const [sending, setSending] = useState(false);
  const saving = create.isPending || correct.isPending || sending;
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

  // Through the phone's outbox: kept there first, sent at once when the server answers within
  // 10 s, else sent later by itself (docs/decisions/0014-outbox.md). True when the form may close.
  const sendFromOutbox = async (userId: string, raw: EntryFormValues) => {
    const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ''));
    // A refused entry keeps the moment it was made, unless that moment was what the server refused,
    // or its day was closed meanwhile (decision 0032): then it is entered again today.
    const madeAt = draft && draft.refusal?.field !== 'made_at' && draft.refusal?.code !== 'day_closed' ? draft.madeAt : new Date().toISOString();
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

  return { saving, onSubmit };
}
