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
    /** A partner's id: their entries, whatever name they were written under. */
    partner: z
      .string()
      .regex(/^[1-9]\d{0,14}$/, 'partner must be the number of a partner')
      .transform(Number)
      .optional(),
    'issue_date>': isoDate.optional(),
    'issue_date<': isoDate.optional(),
    limit: z.coerce.number().int().min(1).max(5000).default(1000),
    /** The next page: rows listed after the row of that date and id (newest first), e.g. `2026-11-22_15`. */
    before: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}_[1-9]\d{0,14}$/, 'must be a date and an entry number like 2026-11-22_15')
      .transform((v) => ({ date: v.slice(0, 10), id: Number(v.slice(11)) }))
      .optional(),
  })
  .strict();

/** A party ledger: the date bounds, and how many of the range's latest entries to list. */
export const ledgerQuerySchema = listQuerySchema.pick({ 'issue_date>': true, 'issue_date<': true }).extend({
  limit: z.coerce.number().int().min(1).max(50_000).default(LEDGER_PAGE),
});

// Digits only: "1.0", "+1", "01", "0x1" or "1 " must not reach entry 1.
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'id must be a number')
    .transform(Number),
});

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
