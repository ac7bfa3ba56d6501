import { z } from 'zod';
import { cleanName } from './partner-names.ts';
import { say, saying } from './say.ts';

// Money accounts (issue 28): where the money is. Cash in hand always exists and is account 1;
// an admin adds bank accounts (bank, branch, account number) and mobile wallets (bKash, Nagad,
// Rocket: the number). Entries say which account their money went through (`account_id`);
// without it, Cash, so the spec's calls keep working.

export const CASH_ACCOUNT_ID = 1;
export const accountTypes = ['cash', 'bank', 'mobile'] as const;
export type AccountType = (typeof accountTypes)[number];

/** What two account names are compared by: trimmed, spaces folded, lower case. */
export const accountNameKey = (name: string) => cleanName(name).toLowerCase();

const text = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string(saying('field_text', { field }))
      .transform(cleanName)
      .pipe(z.string().max(max, saying('field_too_long', { field })))
      .optional(),
  );

const accountName = z
  .string(saying('field_required', { field: 'name' }))
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, saying('field_required', { field: 'name' }))
      .max(60, saying('field_too_long', { field: 'name' })),
  );

const details = { bank: text('bank', 100), branch: text('branch', 100), number: text('number', 40) };

/** POST /api/accounts: a new account. A bank account names its bank; a wallet and a bank account their number. */
export const accountInputSchema = z
  .object({
    name: accountName,
    type: z.enum(accountTypes, saying('field_choose', { field: 'type' })),
    ...details,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'bank' && !v.bank) ctx.addIssue({ code: 'custom', path: ['bank'], message: say('field_required', { field: 'bank' }) });
    if (v.type !== 'cash' && !v.number) ctx.addIssue({ code: 'custom', path: ['number'], message: say('field_required', { field: 'number' }) });
  });
export type AccountInput = z.infer<typeof accountInputSchema>;

/** PUT /api/accounts/:id: rename, change the details, archive or bring back. */
export const accountChangeSchema = z
  .object({
    name: accountName.optional(),
    type: z.enum(accountTypes, saying('field_choose', { field: 'type' })).optional(),
    archived: z.boolean(saying('field_yes_no', { field: 'archived' })).optional(),
    ...details,
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { ...saying('fill_one'), path: ['name'] });
export type AccountChange = z.infer<typeof accountChangeSchema>;
