import { useEffect } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { FieldDef } from '../../../shared/registry';
import { focusFirstField, typedFields } from '../../components/ui/modal';
import type { EntryFormValues } from './use-entry-defaults';

/**
 * Where typing goes in the entry form: the first field in a pop-up, the next field on Enter or
 * once a choice is made, and the first field in error after a refused submit.
 */
export function useEntryFocus({ formRef, fields, idPrefix }: { formRef: React.RefObject<HTMLFormElement | null>; fields: FieldDef[]; idPrefix: string }) {
  // In a pop-up, typing starts in the first field (a form loaded after the pop-up opened).
  useEffect(() => {
    if (formRef.current?.closest('dialog[open]')) focusFirstField(formRef.current);
  }, []);

  // On a phone: Enter moves to the next field (the last one submits), and a choice moves on once made.
  // A field that starts filled in for the person (the money account: their last choice) is passed
  // over (`data-enter-skips`): a tap or Tab reaches it.
  const focusAfter = (field: Element | null, submitAtEnd = false) => {
    const all = formRef.current ? typedFields(formRef.current) : [];
    const next = all.slice(all.indexOf(field as HTMLElement) + 1).find((el) => el.dataset.enterSkips === undefined);
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
  const onInvalid = (found: FieldErrors<EntryFormValues>) => {
    const first = fields.find((f) => found[f.name]);
    requestAnimationFrame(() => {
      const el = first && document.getElementById(`${idPrefix}-${first.name}`);
      el?.scrollIntoView({ block: 'center' });
      el?.focus({ preventScroll: true });
    });
  };

  return { focusAfter, onKeyDown, onChange, onInvalid };
}
