import { z } from 'zod';
import { LEDGER_PAGE } from './ledger-page.ts';
import { saying } from './say.ts';

// Query of the list reads (spec §7): s, a name filter and the date bounds written as
// `issue_date>=YYYY-MM-DD` / `issue_date<=YYYY-MM-DD` (parsed as keys `issue_date>` / `issue_date<`).
export const isoDate = z
  .string(saying('date_format'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, saying('date_format'))
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), saying('date_not_real'));

/** How many rows a page lists: a whole number from 1 to `max`, `fallback` when not given. */
export function pageLimit(max: number, fallback: number) {
  const refused = saying('limit_range', { max });
  return z.coerce.number(refused).int(refused).min(1, refused).max(max, refused).default(fallback);
}

export const listQuerySchema = z
  .object({
    s: z
      .string()
      .trim()
      .max(100, saying('field_too_long', { field: 's' }))
      .optional(),
    name: z
      .string()
      .trim()
      .max(100, saying('field_too_long', { field: 'name' }))
      .optional(),
    /** A partner's id: their entries, whatever name they were written under. */
    partner: z
      .string()
      .regex(/^[1-9]\d{0,14}$/, saying('partner_number'))
      .transform(Number)
      .optional(),
    'issue_date>': isoDate.optional(),
    'issue_date<': isoDate.optional(),
    limit: pageLimit(5000, 1000),
    /** The next page: rows listed after the row of that date and id (newest first), e.g. `2026-11-22_15`. */
    before: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}_[1-9]\d{0,14}$/, saying('page_format'))
      .transform((v) => ({ date: v.slice(0, 10), id: Number(v.slice(11)) }))
      .optional(),
  })
  .strict();

/** A party ledger: the date bounds, and how many of the range's latest entries to list. */
export const ledgerQuerySchema = listQuerySchema.pick({ 'issue_date>': true, 'issue_date<': true }).extend({
  limit: pageLimit(50_000, LEDGER_PAGE),
});

// Digits only: "1.0", "+1", "01", "0x1" or "1 " must not reach entry 1.
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, saying('id_number'))
    .transform(Number),
});

export interface Summary {
  wire_stock: number;
  current_balance: number;
  /** Each open money account's balance (figures kept by an older version lack them). */
  accounts?: { id: number; name: string; type: string; balance: number }[];
  /** Cheques waiting (taka; figures kept by an older version lack them): accounts + in_hand − issued = current_balance. */
  cheques?: { in_hand: number; issued: number };
}

export const recentQuerySchema = z
  .object({
    group: z.enum(['cashIn', 'cashOut'], saying('group_choice')),
    limit: pageLimit(100, 20),
  })
  .strict();
