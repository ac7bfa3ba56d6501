import { z } from 'zod';
import type { duesAnswerSchema } from './api-schemas.ts';
import { isoDate } from './books-api.ts';
import { saying } from './say.ts';

// GET /api/dues: who owes what and since when (issue 29, docs/decisions/0031-dues-and-credit-limits.md).
// Receivables: what parties owe the factory; payables: what it owes them. A party's payments are
// applied to its oldest dues first (the books have no invoices), so what is still due is its
// latest dues, each as old as its day. Money in taka (2 decimals).

export const dueSides = ['receivable', 'payable'] as const satisfies readonly Dues['side'][];
export type DueSide = Dues['side'];

export const duesQuerySchema = z
  .object({
    side: z.enum(dueSides, saying('field_choose', { field: 'side' })).default('receivable'),
    /** The day the dues are counted on (default: today, the business's day). */
    as_of: isoDate.optional(),
  })
  .strict();
export type DuesQuery = z.input<typeof duesQuerySchema>;

/** The age buckets: a due `age` days old (as_of less its day) falls in the first whose `upTo` it does not pass. */
export const dueBuckets = [
  { key: 'd0_30', upTo: 30 },
  { key: 'd31_60', upTo: 60 },
  { key: 'd61_90', upTo: 90 },
  { key: 'd90_plus', upTo: Number.POSITIVE_INFINITY },
] as const;
export type DueBucket = (typeof dueBuckets)[number]['key'];

/** The bucket of a due `age` days old. */
export const bucketOf = (age: number): DueBucket => dueBuckets.find((b) => age <= b.upTo)?.key ?? 'd90_plus';

// The types are the answer schema's (api-schemas.ts), imported as types only: no page loads zod for them.
export type Dues = z.infer<typeof duesAnswerSchema>['data'];
export type DueRow = Dues['rows'][number];
