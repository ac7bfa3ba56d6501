import { z } from 'zod';
import { isoDate } from './books-api.ts';
import { blankToUndefined, rowId, voidSchema } from './entry-schemas.ts';
import { saying } from './say.ts';
import { type ChequeDirection, chequeDirections, chequeStates } from './cheque-states.ts';

export { chequeEntryFields, paymentWays } from './entry-schemas.ts';

// Cheques (issue 28 part 4, docs/decisions/0035-cheques.md). A payment received or made may be by
// cheque: the party's due falls at once, the money waits in "Cheques in hand" (received) or
// "Cheques issued" (paid), two accounts the books keep for it, until the cheque is cleared (the
// bank account's balance moves: a transfer), bounced or cancelled (a linked entry: the party owes
// it again). Each state change is one action; a second, racing one is refused (409).

export { type ChequeDirection, type ChequeState, chequeDirections, chequeStates, openChequeStates } from './cheque-states.ts';

/** The types of the two accounts where cheques' money waits (not listed with the money accounts). */
export const chequeHolderTypes = { received: 'cheques_in_hand', issued: 'cheques_issued' } as const satisfies Record<ChequeDirection, string>;
export const chequeHolderNames = { received: 'Cheques in hand', issued: 'Cheques issued' } as const satisfies Record<ChequeDirection, string>;
export const isChequeHolder = (type: string) => type === chequeHolderTypes.received || type === chequeHolderTypes.issued;

export const chequeActions = ['deposit', 'clear', 'bounce', 'cancel'] as const;
export type ChequeAction = (typeof chequeActions)[number];

/** The day an action happened (the bank's day): today when not given. */
const actionDate = z.preprocess(blankToUndefined, isoDate.optional());

/** POST /api/cheques/:id/deposit: the bank account a received cheque goes into (an issued one's bank is known: presented). */
export const chequeDepositSchema = z.object({ account_id: z.preprocess(blankToUndefined, rowId('account_from_list').optional()), date: actionDate }).strict();
/** POST /api/cheques/:id/clear and …/cancel. */
export const chequeActionSchema = z
  .object({
    date: actionDate,
    reason: z.preprocess(
      blankToUndefined,
      z
        .string(saying('reason_text'))
        .trim()
        .max(300, saying('field_too_long', { field: 'reason' }))
        .optional(),
    ),
  })
  .strict();
/** POST /api/cheques/:id/bounce: why the bank returned it. */
export const chequeBounceSchema = z
  .object({
    date: actionDate,
    reason: voidSchema.shape.reason,
  })
  .strict();

/** GET /api/cheques?state=in_hand,deposited&due_to=…: by state (one or several), due on or before a day; soonest due first. */
export const chequeListQuerySchema = z
  .object({
    state: z
      .string()
      .trim()
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(z.array(z.enum(chequeStates, saying('field_choose', { field: 'state' }))))
      .optional(),
    direction: z.enum(chequeDirections, saying('field_choose', { field: 'direction' })).optional(),
    due_to: isoDate.optional(),
    limit: z.coerce
      .number(saying('limit_range', { max: 5000 }))
      .int()
      .min(1)
      .max(5000)
      .default(500),
  })
  .strict();
export type ChequeListQuery = z.infer<typeof chequeListQuerySchema>;
