import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toFixedText } from '../../../shared/money';
import type { KindDef } from '../../../shared/registry';
import { suggestedAmount } from './derived-figures';
import type { EntryFormValues } from './use-entry-defaults';

/**
 * Fills a salary's amount with what the assigned salary and the days absent come to, as they are
 * typed or filled from the employee: while the amount is blank or still the last suggestion. An
 * amount the person typed is theirs and stays (the suggestion shows under it, to compare).
 */
export function useSuggestedAmount(kind: KindDef, form: UseFormReturn<EntryFormValues>, values: EntryFormValues) {
  const suggestion = suggestedAmount(kind, values);
  const text = suggestion ? toFixedText(suggestion.poisha, 2) : null;
  const last = useRef<string | null>(null);
  const name = suggestion?.field.name;
  useEffect(() => {
    if (text === null || name === undefined) return;
    const current = (form.getValues(name) ?? '').trim();
    // A correction opens with its saved amount: kept, unless it is what the saved figures come to.
    if (current === '' || current === last.current) form.setValue(name, text, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    last.current = text;
  }, [text, name, form]);
  return suggestion;
}
