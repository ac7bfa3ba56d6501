import type { z } from 'zod';
import type { productionAnswerSchema } from './api-schemas.ts';
import { listQuerySchema } from './books-api.ts';

// GET /api/production: the furnace's own numbers over a date range, by month and in total, by pot
// and by fire man. Bounds as the list reads write them: `issue_date>=` / `issue_date<=`.
export const productionQuerySchema = listQuerySchema.pick({ 'issue_date>': true, 'issue_date<': true }).strict();
export type ProductionQuery = z.infer<typeof productionQuerySchema>;

/** The longest range the report answers (months). */
export const PRODUCTION_MAX_MONTHS = 240;

// The report's types are its answer's schema's (api-schemas.ts), imported as types only.
// Money in taka (2 decimals), weights in kg (3 decimals); a per-kg figure is null when its kg is 0.
export type ProductionReport = z.infer<typeof productionAnswerSchema>['data'];
export type ProductionFigures = ProductionReport['total'];
/** A month (YYYY-MM); `from` and `to` are the month's days inside the range. */
export type ProductionMonth = ProductionReport['months'][number];
/** A pot: its last firing and last repair on or before the range's end, and the firings since that repair. */
export type ProductionPot = ProductionReport['pots'][number];
export type ProductionFireMan = ProductionReport['fireMen'][number];
