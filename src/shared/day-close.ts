import { z } from 'zod';
import { isoDate } from './books-api.ts';
import { blankToUndefined, decimalSchema, missingOr } from './entry-schemas.ts';
import { say, saying } from './say.ts';
import { accountRef } from './transfers.ts';

// The day's close (issue 28 part 7): an account's day counted (cash by its notes and coins, a bank
// account against its statement) and closed. Read by the server's routes and the Day close page.
// docs/decisions/0032-day-close.md.

/** Bangladeshi notes and coins, in taka, largest first: what a drawer is counted by. */
export const NOTES = [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
export type Note = (typeof NOTES)[number];
/** The most of one note a count may say (a sanity bound: 100,000 notes of 1,000 taka is ten crore). */
export const NOTE_COUNT_MAX = 100_000;
/** The longest reason for a difference or a reopen. */
export const DAY_CLOSE_REASON_MAX = 300;

/** The labels refusals name (English; the Bangla comes with the screen's texts). */
export const dayCloseLabels = { account: 'Account', date: 'Date', counted: 'Counted', notes: 'Notes', reason: 'Reason' } as const;

/** A count of notes in taka, in poisha: Σ note × count × 100. */
export function notesTotal(notes: Partial<Record<string, number>>): number {
  return NOTES.reduce((sum, n) => sum + n * 100 * (notes[String(n)] ?? 0), 0);
}

const reasonSchema = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string(saying('field_text', { field: label }))
      .trim()
      .max(DAY_CLOSE_REASON_MAX, saying('field_too_long', { field: label }))
      .optional(),
  );

const noteCounts = z.record(z.string(), z.unknown(), saying('day_close_notes_shape')).transform((v, ctx) => {
  const counts: Record<string, number> = {};
  for (const [note, raw] of Object.entries(v)) {
    if (!NOTES.some((n) => String(n) === note)) {
      ctx.addIssue({ code: 'custom', message: say('day_close_note_unknown', { note, notes: NOTES.join(', ') }) });
      return z.NEVER;
    }
    const count = typeof raw === 'string' && /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : raw === '' || raw === null ? 0 : raw;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > NOTE_COUNT_MAX) {
      ctx.addIssue({ code: 'custom', message: say('day_close_note_count', { note, max: NOTE_COUNT_MAX }) });
      return z.NEVER;
    }
    if (count > 0) counts[note] = count;
  }
  return counts;
});

/**
 * POST /api/day-close: the account, the day, and what was counted: `counted` (taka) or `notes` (a
 * count per note), not both; `reason` when it differs from the book (the server knows the book).
 */
export const dayCloseInputSchema = z
  .object({
    account_id: accountRef(dayCloseLabels.account),
    date: z.preprocess(
      blankToUndefined,
      z.union([isoDate, z.undefined()]).refine((v) => v !== undefined, saying('field_required', { field: dayCloseLabels.date })),
    ),
    counted: z.preprocess(blankToUndefined, decimalSchema(dayCloseLabels.counted, 'money').optional()),
    notes: z.preprocess(blankToUndefined, noteCounts.optional()),
    reason: reasonSchema(dayCloseLabels.reason),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.counted === undefined && v.notes === undefined) ctx.addIssue({ code: 'custom', path: ['counted'], message: say('day_close_count_required') });
    if (v.counted !== undefined && v.notes !== undefined) ctx.addIssue({ code: 'custom', path: ['notes'], message: say('day_close_count_twice') });
  })
  .transform((v) => ({ ...v, date: v.date as string }));
export type DayCloseInput = z.infer<typeof dayCloseInputSchema>;

/** POST /api/day-close/:id/reopen (admin): why. */
export const dayReopenInputSchema = z
  .object({
    reason: z.preprocess(
      blankToUndefined,
      z
        .string({ error: missingOr(dayCloseLabels.reason, 'field_text') })
        .trim()
        .min(1, saying('field_required', { field: dayCloseLabels.reason }))
        .max(DAY_CLOSE_REASON_MAX, saying('field_too_long', { field: dayCloseLabels.reason })),
    ),
  })
  .strict();

/** GET /api/day-close?account_id=…: an account's closes, newest first. */
export const dayCloseListQuerySchema = z.object({
  account_id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, saying('account_from_list'))
    .transform(Number)
    .optional(),
});

/** A close as the API answers it: figures in taka, as every answer. */
export const dayCloseAnswerSchema = z.object({
  id: z.number(),
  account_id: z.number(),
  date: z.string(),
  book: z.number(),
  counted: z.number(),
  difference: z.number(),
  notes: z.record(z.string(), z.number()).nullable(),
  reason: z.string().nullable(),
  entry_id: z.number().nullable(),
  closed_by: z.string(),
  closed_at: z.string(),
  reopened_at: z.string().nullable(),
  reopened_by: z.string().nullable(),
  reopen_reason: z.string().nullable(),
});
export type DayCloseAnswer = z.infer<typeof dayCloseAnswerSchema>;
