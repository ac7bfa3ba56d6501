import { dueAmount, lineTotal, parseDecimal, units } from '../../../shared/money';
import type { FieldDef, KindDef } from '../../../shared/registry';
import { fieldWithRole, pricingFields } from '../../../shared/registry';
import { salaryAfterAbsence } from '../../../shared/salary';
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

/**
 * A salary's amount worked out from the assigned salary and the days absent (`salaryAfterAbsence`),
 * for the field that plays `paid`; null for a kind without both, or while they cannot be read.
 */
export function suggestedAmount(kind: KindDef, values: EntryFormValues): { field: FieldDef; poisha: number; days: string } | null {
  const [salary, absent, paid] = (['monthlySalary', 'absentDays', 'paid'] as const).map((role) => fieldWithRole(kind, role));
  if (!salary || !absent || !paid) return null;
  const days = values[absent.name] ?? '';
  const poisha = salaryAfterAbsence(values[salary.name] ?? '', days);
  return poisha === null ? null : { field: paid, poisha, days: days.trim() || '0' };
}
