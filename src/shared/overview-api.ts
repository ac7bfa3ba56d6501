import type { z } from 'zod';
import type { overviewAnswerSchema } from './api-schemas.ts';

// GET /api/overview: the day at a glance (dashboard home). Money in taka (2 decimals), stock in kg.

// The types are the answer's schema's (api-schemas.ts), imported as types only: no page loads zod for them.
export type Overview = z.infer<typeof overviewAnswerSchema>['data'];
export type OverviewCash = Overview['today'];
/** What they owe us (receivables) or we owe them (payables): `amount` is always positive. */
export type OverviewParty = Overview['receivables'][number];
/** A month (YYYY-MM) of the last 12, oldest first, with the balance at its end. */
export type OverviewMonth = Overview['months'][number];

/** How many parties each list shows, and how many months the chart covers. */
export const OVERVIEW_TOP = 5;
export const OVERVIEW_MONTHS = 12;
