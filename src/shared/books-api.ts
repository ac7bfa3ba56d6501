import { z } from 'zod';
import { LEDGER_PAGE } from './ledger-page.ts';

// Query of the list reads (spec §7): s, a name filter and the date bounds written as
// `issue_date>=YYYY-MM-DD` / `issue_date<=YYYY-MM-DD` (parsed as keys `issue_date>` / `issue_date<`).
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-22')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'is not a real date');

export const listQuerySchema = z
  .object({
    s: z.string().trim().max(100).optional(),
    name: z.string().trim().max(100).optional(),
    'issue_date>': isoDate.optional(),
    'issue_date<': isoDate.optional(),
    limit: z.coerce.number().int().min(1).max(5000).default(1000),
  })
  .strict();

/** A party ledger: the date bounds, and how many of the range's latest entries to list. */
export const ledgerQuerySchema = listQuerySchema.pick({ 'issue_date>': true, 'issue_date<': true }).extend({
  limit: z.coerce.number().int().min(1).max(50_000).default(LEDGER_PAGE),
});

export const idParamSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be a number') });

export interface Summary {
  wire_stock: number;
  current_balance: number;
}

export const recentQuerySchema = z
  .object({
    group: z.enum(['cashIn', 'cashOut'], { error: 'group must be cashIn or cashOut' }),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
