import { formatCount, formatKg, formatTaka, toFixedText, toUnits, units } from '../../../shared/money';
import { formatMonthYear, formatShortDate } from '../../../shared/dates';
import { productionTexts } from './texts';
import { figureLanguage } from '../../lib/format';
import type { ProductionFigures, ProductionFireMan, ProductionPot } from '../../../shared/production-api';

const m = productionTexts.en;

// What the production page shows, as data: the same columns feed the tables, the phone's cards
// and the CSV.
export type Format = 'count' | 'kg' | 'money' | 'perKg' | 'date' | 'text';

export interface Column<T> {
  key: keyof T & string;
  label: string;
  format: Format;
}

/** Columns from [key, label, format] triples. */
const columns = <T>(...list: [key: keyof T & string, label: string, format: Format][]): Column<T>[] =>
  list.map(([key, label, format]) => ({ key, label, format }));

// prettier-ignore
export const furnaceColumns = columns<ProductionFigures>(['firings', m.figFirings, 'count'], ['kg_fired', m.figKgFired, 'kg'], ['wood_powder', m.figWoodPowder, 'money'], ['acid_cost', m.figAcid, 'money'], ['pot_repair', m.figPotMakingRepair, 'money'], ['direct_cost', m.figDirectCost, 'money'], ['direct_cost_per_kg', m.figDirectCostKg, 'perKg'], ['salaries', m.figSalaries, 'money'], ['other_expenses', m.figOtherExpenses, 'money'], ['full_cost', m.figFullCost, 'money'], ['full_cost_per_kg', m.figFullCostKgFired, 'perKg']);

// prettier-ignore
export const wireColumns = columns<ProductionFigures>(['wire_bought_kg', m.figWireBoughtKg, 'kg'], ['wire_bought', m.figWireBoughtTaka, 'money'], ['wire_cost_per_kg', m.figWireCostKg, 'perKg'], ['wire_sold_kg', m.figWireSoldKg, 'kg'], ['wire_sold', m.figWireSoldTaka, 'money'], ['sale_rate_per_kg', m.figSaleRateKg, 'perKg'], ['furnace_work_kg', m.figFurnaceWorkKg, 'kg'], ['furnace_work', m.figFurnaceWorkTaka, 'money'], ['margin_per_kg', m.figMarginKgSold, 'perKg']);

// prettier-ignore
export const potColumns = columns<ProductionPot>(['pot_number', m.figPot, 'text'], ['firings', m.figFirings, 'count'], ['kg_fired', m.figKgFired, 'kg'], ['last_fired', m.figLastFired, 'date'], ['repairs', m.figRepairs, 'count'], ['repair_cost', m.figRepairTaka, 'money'], ['last_repaired', m.figLastRepaired, 'date'], ['firings_since_repair', m.figFiringsSinceRepair, 'count'], ['repair_per_1000_kg', m.figRepair1000Kg, 'perKg']);

// prettier-ignore
export const fireManColumns = columns<ProductionFireMan>(['fire_man', m.figFireMan, 'text'], ['firings', m.figFirings, 'count'], ['kg_fired', m.figKgFired, 'kg']);

/** "2026-11" → "November 2026" (in Bangla "নভেম্বর ২০২৬"). */
export const monthText = (month: string) => formatMonthYear(new Date(`${month}-01T00:00:00Z`));

/** A figure for people: '—' for a per-kg figure without kg. */
export function show(value: unknown, format: Format): string {
  if (value === null || value === undefined) return format === 'date' ? '' : '—';
  if (format === 'text') return String(value);
  if (format === 'date') return formatShortDate(new Date(`${String(value)}T12:00:00Z`));
  const n = Number(value);
  if (format === 'count') return formatCount(n, figureLanguage());
  if (format === 'kg') return formatKg(toUnits(n, units.weight), figureLanguage());
  return formatTaka(toUnits(n, units.money), figureLanguage());
}

/** A figure for a spreadsheet: plain digits and point, empty when there is none. */
export function plain(value: unknown, format: Format): string {
  if (value === null || value === undefined) return '';
  if (format === 'text' || format === 'date') return String(value);
  const n = Number(value);
  if (format === 'count') return String(n);
  if (format === 'kg') return toFixedText(toUnits(n, units.weight), 3);
  return toFixedText(toUnits(n, units.money), 2);
}
