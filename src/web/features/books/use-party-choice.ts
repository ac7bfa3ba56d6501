import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type FieldDef, type KindDef, partnerFields } from '../../../shared/registry';
import { type Partner, partnersKeptAt, usePartners } from '../partners/api';
import { balancesQuery } from '../statements/api';
import { type EntryFormValues, prefillFromLast } from './use-entry-defaults';

const DAY_MS = 86_400_000;

/**
 * The party field: the partners it offers (those of the kind's categories) with their balances,
 * and what choosing one fills in.
 */
export function usePartyChoice({
  kind,
  form,
  fields,
  partyField,
  idPrefix,
  focusAfter,
}: {
  kind: KindDef;
  form: UseFormReturn<EntryFormValues>;
  fields: FieldDef[];
  partyField: FieldDef | undefined;
  idPrefix: string;
  focusAfter: (field: Element | null) => void;
}) {
  const partners = usePartners();
  // The same list until the partners change (the picker matches a name typed early when it arrives).
  const choosable = useMemo(
    () =>
      partyField && partyField.input.type === 'party'
        ? (partners.data ?? []).filter((p) => (partyField.input as { categories: readonly string[] }).categories.includes(p.catagories))
        : [],
    [partners.data, partyField],
  );

  // Offline: no list at all yet, or the phone's kept list when it is more than a day old (issue 32 item 3).
  const keptAt = partners.data ? partnersKeptAt() : null;
  const listNote: 'missing' | number | null =
    !partners.data && (partners.isError || partners.fetchStatus === 'paused') ? 'missing' : keptAt !== null && Date.now() - keptAt > DAY_MS ? keptAt : null;

  const balancesAnswer = useQuery({ ...balancesQuery, enabled: partyField !== undefined });
  const balances = useMemo(() => (balancesAnswer.data ? new Map(balancesAnswer.data.map((b) => [b.id, b.balance])) : undefined), [balancesAnswer.data]);

  const onPartner = (id: string, late?: 'late') => {
    const partner = choosable.find((p) => String(p.id) === id);
    form.setValue('partner_id', id);
    form.setValue('name', partner?.name ?? '', { shouldValidate: form.formState.isSubmitted });
    if (partner) void prefillFromLast(kind, form, partner.id);
    if (partner && partyField && !late) focusAfter(document.getElementById(`${idPrefix}-${partyField.name}`));
    // A field the partner record also has is filled from it: choosing an employee fills in their assigned salary (spec §4).
    // Matched late (the list arrived after the person went on), it fills only fields still empty.
    for (const f of fields) {
      if (partner && f !== partyField && partnerFields.some((p) => p.name === f.name) && !(late && (form.getValues(f.name) ?? '') !== ''))
        form.setValue(f.name, String(partner[f.name as keyof Partner] ?? ''), { shouldValidate: form.formState.isSubmitted });
    }
  };

  return { choosable, balances, onPartner, listNote };
}
