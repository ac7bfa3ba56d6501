import { useState } from 'react';
import { errorText } from './error-text';
import { useMessages } from './i18n';
import { notify, saveWithToast } from './notify';
import type { OutboxEntry } from './outbox-db';
import { saveThroughOutbox } from './outbox-send';

/** What a form keeps in the outbox: all but when and in what order it was made, and its state. */
export type OutboxItem = Omit<OutboxEntry, 'madeAt' | 'seq' | 'status'>;

/**
 * A new entry's or transfer's save through the phone's outbox (docs/decisions/0014-outbox.md):
 * kept there first, sent at once when the server answers within 10 s, else sent later by itself.
 * `save` is true when the form may close. A refused one says why and the form keeps its values;
 * when the phone will not store it (storage refused or full) it is sent by `direct`, as without
 * an outbox. `draft`: the refused one being fixed, which keeps its place and its moment.
 */
export function useOutboxSave(saved: string) {
  const m = useMessages();
  const [sending, setSending] = useState(false);
  const save = async (item: OutboxItem, draft: OutboxEntry | undefined, direct: () => Promise<unknown>): Promise<boolean> => {
    // A refused one keeps the moment it was made, unless that moment was what the server refused,
    // or its day was closed meanwhile (decision 0032): then it is entered again today.
    const madeAt = draft && draft.refusal?.field !== 'made_at' && draft.refusal?.code !== 'day_closed' ? draft.madeAt : new Date().toISOString();
    const entry: OutboxEntry = { ...item, madeAt, seq: draft?.seq ?? Date.now(), status: 'waiting' };
    setSending(true);
    try {
      const outcome = await saveThroughOutbox(entry, { keepIfRefused: Boolean(draft) });
      if (outcome.status === 'refused') {
        void notify('error', errorText(outcome.error));
        return false;
      }
      void notify('success', outcome.status === 'sent' ? saved : m.savedOnPhone);
      return true;
    } catch {
      return saveWithToast(direct, saved);
    } finally {
      setSending(false);
    }
  };
  return { sending, save };
}
