import { z } from 'zod';
import { CASH_ACCOUNT_ID } from './accounts.ts';
import { listQuerySchema, pageLimit } from './books-api.ts';
import { blankToUndefined, correctionReasonSchema, decimalSchema, idempotencyKeySchema, madeAtSchema, missingOr } from './entry-schemas.ts';
import { LEDGER_PAGE } from './ledger-page.ts';
import { say, saying } from './say.ts';

// Transfers between money accounts (issue 28 part 3) and the cash book (part 6). A transfer is an
// entry of its own kind (`transfer`): its money leaves `from_account_id` and arrives in
// `to_account_id`; a fee (a bKash cash-out's charge) is an expense, paid from the `from` account
// on top of the amount, so the header's Balance falls by the fee alone. docs/decisions/0024.

export { TRANSFER_KIND, TRANSFER_PATH, TRANSFER_TITLE } from './transfer-names.ts';

/** The labels the form shows and the refusals name (English; the Bangla comes through the catalogue). */
export const transferLabels = { from: 'From account', to: 'To account', amount: 'Amount', fee: 'Fee', note: 'Note' } as const;

/** An account's number as a form or a script sends it (digits as text from a select). */
export const accountRef = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.union(
      [
        z.number().int().positive(),
        z
          .string()
          .regex(/^[1-9]\d{0,14}$/)
          .transform(Number),
      ],
      { error: missingOr(label, 'account_from_list') },
    ),
  );

/** A transfer's fields: amounts in taka as text or a number, kept in poisha. */
const transferFields = {
  from_account_id: accountRef(transferLabels.from),
  to_account_id: accountRef(transferLabels.to),
  amount: z.preprocess(
    blankToUndefined,
    decimalSchema(transferLabels.amount, 'money').refine((v) => v > 0, saying('field_positive', { field: transferLabels.amount })),
  ),
  fee: z.preprocess(blankToUndefined, decimalSchema(transferLabels.fee, 'money').optional()),
  note: z.preprocess(
    blankToUndefined,
    z
      .string(saying('field_text', { field: transferLabels.note }))
      .trim()
      .max(500, saying('field_too_long', { field: transferLabels.note }))
      .optional(),
  ),
};

/** Money moves between two accounts: the same one twice is refused, on the second. */
const twoAccounts = (v: { from_account_id: number; to_account_id: number }, ctx: z.RefinementCtx) => {
  if (v.from_account_id === v.to_account_id) ctx.addIssue({ code: 'custom', path: ['to_account_id'], message: say('transfer_same_account') });
};

/** POST /api/transfers, and a transfer's correction (POST /api/entries/:id/correct, with its `reason` beside). */
export const transferInputSchema = z
  .object({ ...transferFields, idempotency_key: idempotencyKeySchema, made_at: madeAtSchema })
  .strict()
  .superRefine(twoAccounts);
/** The form's: the fields, and a correction's reason. */
export const transferFormSchema = z.object({ ...transferFields, reason: correctionReasonSchema }).superRefine(twoAccounts);
export type TransferInput = z.infer<typeof transferInputSchema>;

/** GET /api/transfers: the latest transfers, newest first (a date range, a page). */
export const transferListQuerySchema = listQuerySchema.pick({ 'issue_date>': true, 'issue_date<': true, limit: true, before: true });

/**
 * GET /api/cashbook?account_id=…&issue_date>=…&issue_date<=…: one account (Cash in hand when not
 * given) over a day or a range (today when not given), and how many of the range's latest rows to list.
 */
export const cashbookQuerySchema = listQuerySchema.pick({ 'issue_date>': true, 'issue_date<': true }).extend({
  account_id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, saying('account_from_list'))
    .transform(Number)
    .default(CASH_ACCOUNT_ID),
  limit: pageLimit(50_000, LEDGER_PAGE),
});
