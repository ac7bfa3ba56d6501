import type { z } from 'zod';
import { listQuerySchema } from './books-api.ts';

// GET /api/production: the furnace's own numbers over a date range, by month and in total, by pot
// and by fire man. Bounds as the list reads write them: `issue_date>=` / `issue_date<=`.
export const productionQuerySchema = listQuerySchema.pick({ 'issue_date>': true, 'issue_date<': true }).strict();
export type ProductionQuery = z.infer<typeof productionQuerySchema>;

/** The longest range the report answers (months). */
export const PRODUCTION_MAX_MONTHS = 240;

/** Money in taka (2 decimals), weights in kg (3 decimals); a per-kg figure is null when its kg is 0. */
export interface ProductionFigures {
  from: string;
  to: string;
  firings: number;
  kg_fired: number;
  wood_powder: number;
  acid_cost: number;
  pot_repair: number;
  direct_cost: number;
  direct_cost_per_kg: number | null;
  salaries: number;
  other_expenses: number;
  overheads: number;
  full_cost: number;
  full_cost_per_kg: number | null;
  wire_bought_kg: number;
  wire_bought: number;
  wire_cost_per_kg: number | null;
  wire_sold_kg: number;
  wire_sold: number;
  sale_rate_per_kg: number | null;
  furnace_work_kg: number;
  furnace_work: number;
  margin_per_kg: number | null;
}

export interface ProductionMonth extends ProductionFigures {
  /** YYYY-MM; `from` and `to` are the month's days inside the range. */
  month: string;
}

export interface ProductionPot {
  pot_number: string;
  firings: number;
  kg_fired: number;
  /** The pot's last firing on or before the range's end (any earlier date counts). */
  last_fired: string | null;
  repairs: number;
  repair_cost: number;
  /** The last repair on or before the range's end, and the firings from that day to the end. */
  last_repaired: string | null;
  firings_since_repair: number;
  repair_per_1000_kg: number | null;
}

export interface ProductionFireMan {
  fire_man: string;
  firings: number;
  kg_fired: number;
}

export interface ProductionReport {
  months: ProductionMonth[];
  total: ProductionFigures;
  pots: ProductionPot[];
  fireMen: ProductionFireMan[];
}
