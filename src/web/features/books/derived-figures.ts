import { dueAmount, lineTotal, parseDecimal, units } from '../../../shared/money';
import type { FieldDef, KindDef } from '../../../shared/registry';
import { pricingFields } from '../../../shared/registry';
import type { EntryFormValues } from './use-entry-defaults';

/**
 * Total = amount × rate and Due = total − (paid + discount) of what is typed, exactly as the
 * server will work them out; null while one cannot be.
 */
export function derivedFigures(kind: KindDef, values: EntryFormValues): { total: number | null; due: number | null } {
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
  return { total, due };
}
