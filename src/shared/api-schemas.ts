import { z } from 'zod';
import { accountTypes } from './accounts.ts';
import { chequeDirections, chequeStates } from './cheques.ts';
import { type FieldDef, type KindDef, partnerFields } from './registry.ts';
import { refusalCodes } from './refusals.ts';
import { roles } from './roles.ts';
import { lastAnswerSchema } from './share-api.ts';

// The answers of the API, as zod schemas: one per kind of entry, derived from the registry, and
// one per other route. The server declares them on its routes (src/server/http/contract.ts: the
// answers are checked against them in development and tests, and /api/openapi.json describes
// them); the web takes its types from them (`import type`, so no page loads zod for it).
// Money is in taka (2 decimals), weights in kg (3 decimals), as the spec's wire has them.

const day = z.iso.date();
const id = z.number().int().positive();

/** A field of a kind as the API sends it: its text, its figure in its unit, or null when not given. */
function fieldAnswer(f: FieldDef): z.ZodType {
  if (f.input.type === 'decimal' || f.input.type === 'computed') return z.number().nullable();
  return z.string().nullable();
}

/** A voided row: why, by whom and when; the entry that corrected it, or the one it corrects. */
const voidedDetails = {
  voided_reason: z.string().nullable().optional(),
  voided_by: z.string().optional(),
  voided_on: day.optional(),
  corrected_by: id.optional(),
  corrects: id.optional(),
};
/** A late voucher (dated before the day it was entered): that day, and why it was late. */
const lateMark = { entered_on: day.optional(), backdate_reason: z.string().optional() };

/** What every entry says of itself: its number, its day, who wrote it, and whether it was voided or corrected. */
const entryStamps = {
  id,
  issue_date: day,
  issued_by: z.string(),
  voided: z.boolean(),
  partner_id: id.optional(),
  name_as_typed: z.string().nullable().optional(),
  /** A reversal: the entry it takes back, why, and that entry's day. */
  void_of: id.optional(),
  void_reason: z.string().nullable().optional(),
  reverses_date: day.optional(),
  /** A voided entry: its reversal's reason, author, day and number. */
  ...voidedDetails,
  reversal_id: id.optional(),
  /** The money account its money went through (kinds that move cash). */
  account_id: id.optional(),
  ...lateMark,
};

const entrySchemas = new WeakMap<KindDef, z.ZodObject>();

/** An entry of a kind as the API sends it: the stamps, the kind's fields and its lifecycle's flag and value. */
export function entryAnswerSchema(kind: KindDef): z.ZodObject {
  let schema = entrySchemas.get(kind);
  if (schema) return schema;
  const shape: Record<string, z.ZodType> = { ...entryStamps };
  for (const f of kind.fields) shape[f.name] = fieldAnswer(f);
  const l = kind.lifecycle;
  if (l) {
    shape[l.status] = z.boolean();
    shape[l.value.name] = l.action === 'sell' ? z.number().nullable() : z.string().nullable();
    shape.lifecycle_at = z.string().nullable().meta({
      description: 'When it was ended or sold (ISO time, stamped by the server); null before then, and for entries ended before the server stamped it.',
    });
    shape.lifecycle_by = z.string().nullable().meta({ description: 'Who ended or sold it.' });
  }
  schema = z
    .object(shape)
    .strict()
    .meta({ title: `Entry_${kind.kind}`, description: `An entry of ${kind.title}` });
  entrySchemas.set(kind, schema);
  return schema;
}

/** An entry of any kind (the latest entries, one entry by number): its kind and title first, then its fields. */
export const anyEntryAnswerSchema = z
  .object({ kind: z.string(), title: z.string(), ...entryStamps, name: z.string().nullable().optional(), note: z.string().nullable().optional() })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .meta({ title: 'AnyEntry', description: 'An entry of any kind: its kind names which Entry_<kind> it is, with kind and title added.' });

export type EntryAnswer = z.infer<typeof anyEntryAnswerSchema>;

/** An entry of a kind's own list: the stamps and the kind's fields (which kind, the list says). */
export const kindEntryAnswerSchema = z.object(entryStamps).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type KindEntryAnswer = z.infer<typeof kindEntryAnswerSchema>;

/** A kind's list: its entries, newest first, and the sums over every matching entry. */
export const entryListAnswerSchema = (kind: KindDef) => z.object({ data: z.array(entryAnswerSchema(kind)), totals: z.record(z.string(), z.number()) });

export const datesAnswerSchema = z.object({ data: z.array(z.object({ issue_date: day, count: z.number().int() })) });

export const namesAnswerSchema = z.object({
  data: z.array(z.object({ name: z.string().nullable(), count: z.number().int(), partner_id: id.nullable(), catagories: z.string().nullable() })),
});

export const partnerAnswerSchema = z
  .object({
    id,
    ...Object.fromEntries(partnerFields.map((f) => [f.name, z.string()])),
    /** Taka the party may owe us; null: no limit. */
    credit_limit: z.number().nullable(),
    /** A sale past the limit is refused (409 credit_limit), not only warned of. */
    refuse_past_limit: z.boolean(),
  })
  .strict()
  .meta({ title: 'Partner' });
export type PartnerAnswer = z.infer<typeof partnerAnswerSchema>;

/** A money account and its balance (taka): cash in hand, a bank account, a mobile wallet. */
export const accountAnswerSchema = z
  .object({
    id,
    name: z.string(),
    type: z.enum(accountTypes),
    bank: z.string().nullable(),
    branch: z.string().nullable(),
    number: z.string().nullable(),
    archived: z.boolean(),
    balance: z.number(),
  })
  .strict()
  .meta({ title: 'Account' });
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

/** Each open account's balance (taka), Cash first: their sum is the header's balance. */
const accountBalances = z.array(accountAnswerSchema.pick({ id: true, name: true, type: true, balance: true }));

/** The header's figures, and each open account's balance (their sum is the balance). */
export const summaryAnswerSchema = z.object({
  data: z.object({
    wire_stock: z.number(),
    current_balance: z.number().nullable(),
    accounts: accountBalances,
    /** Cheques received and not yet cleared, and issued and not yet presented and cleared (taka): accounts + in_hand − issued = the balance. */
    cheques: z.object({ in_hand: z.number(), issued: z.number() }),
  }),
});

export const balancesAnswerSchema = z.object({
  data: z.array(z.object({ id, name: z.string(), catagories: z.string(), entries: z.number().int(), balance: z.number().nullable() })),
});

const money = z.number().nullable();

export const ledgerAnswerSchema = z.object({
  data: z.object({
    partner: partnerAnswerSchema,
    opening: money,
    closing: money,
    count: z.number().int(),
    carried: money,
    rows: z.array(
      z.object({
        id,
        kind: z.string(),
        title: z.string(),
        issue_date: day,
        total_price: money,
        paid_amount: money,
        discount_amount: money,
        note: z.string().nullable(),
        /** The money account the entry's money went through (null: the kind moves no money). */
        account_id: id.nullable(),
        effect: money,
        balance: money,
        voided: z.boolean(),
        ...voidedDetails,
        ...lateMark,
      }),
    ),
    /** The party's last answer to a statement it was sent (decision 0038), beside its ledger as on the due list. */
    last_answer: lastAnswerSchema.nullable(),
  }),
});

/** A transfer between two money accounts (taka): the amount arrives in `to`, the `from` account gives amount + fee. */
export const transferAnswerSchema = z
  .object({
    ...entryStamps,
    kind: z.literal('transfer'),
    from_account_id: id,
    to_account_id: id,
    amount: z.number(),
    fee: z.number(),
    note: z.string().nullable(),
  })
  .strict()
  .meta({ title: 'Transfer' });
export type TransferAnswer = z.infer<typeof transferAnswerSchema>;

/**
 * The cash book of one account over a day or a range (taka): the balance before the first day,
 * money in and out of the live entries, the closing balance, and the range's latest `limit` entries
 * (voided ones listed, moving nothing) with the running balance; `carried` is the balance before
 * the first row shown, `count` the live entries of the range.
 */
export const cashbookAnswerSchema = z.object({
  data: z.object({
    account: accountAnswerSchema.pick({ id: true, name: true, type: true }),
    from: day,
    to: day,
    opening: z.number(),
    in: z.number(),
    out: z.number(),
    closing: z.number(),
    count: z.number().int(),
    carried: z.number(),
    rows: z.array(
      z
        .object({
          id,
          kind: z.string(),
          title: z.string(),
          issue_date: day,
          issued_by: z.string(),
          name: z.string().nullable(),
          partner_id: id.nullable(),
          note: z.string().nullable(),
          /** A transfer's two accounts (null on other entries). */
          from_account_id: id.nullable(),
          to_account_id: id.nullable(),
          in: z.number(),
          out: z.number(),
          balance: z.number(),
          voided: z.boolean(),
          ...voidedDetails,
        })
        .strict(),
    ),
  }),
});
export type CashbookAnswer = z.infer<typeof cashbookAnswerSchema>['data'];

/** A cheque received or issued, its state and the entries of its state changes (amount in taka). */
export const chequeAnswerSchema = z
  .object({
    id,
    /** The payment entry it paid (Payment Received, Partner Payment). */
    entry_id: id,
    direction: z.enum(chequeDirections),
    partner_id: id.nullable(),
    name: z.string().nullable(),
    amount: z.number(),
    cheque_no: z.string(),
    cheque_bank: z.string(),
    /** The day written on it, which may be in the future. */
    cheque_date: day,
    state: z.enum(chequeStates),
    /** The bank account: an issued cheque's, drawn on; a received one's, deposited into (null until then). */
    account_id: id.nullable(),
    account_name: z.string().nullable(),
    /** The day the payment was entered, deposited, and cleared, bounced or cancelled. */
    issue_date: day,
    deposited_on: day.nullable(),
    settled_on: day.nullable(),
    /** Why it bounced (or was cancelled). */
    reason: z.string().nullable(),
    /** The transfer that cleared it; the entry that made the party owe it again. */
    clear_entry_id: id.nullable(),
    return_entry_id: id.nullable(),
  })
  .strict()
  .meta({ title: 'Cheque' });
export type ChequeAnswer = z.infer<typeof chequeAnswerSchema>;

export const voidAnswerSchema = z.object({ data: z.object({ id, reversal_id: id }) });

const cash = { cash_in: z.number(), cash_out: z.number() };
const party = z.object({ partner_id: id, name: z.string(), catagories: z.string(), amount: z.number() });
export const overviewAnswerSchema = z.object({
  data: z.object({
    today: z.object(cash),
    month: z.object(cash),
    balance: z.number(),
    stock: z.number(),
    receivables: z.array(party),
    payables: z.array(party),
    open_fires: z.number().int(),
    months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), balance: z.number(), ...cash })),
    /** Where the balance is: each open account (Cash in hand, each bank, each wallet). */
    accounts: accountBalances,
  }),
});

/** A saved entry's warning (a sale past its client's credit limit): a refusal's code, its English text and figures. */
export const warningSchema = z
  .object({
    code: z.enum(['credit_limit']),
    message: z.string(),
    field: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ title: 'Warning' });
export type WarningAnswer = z.infer<typeof warningSchema>;

/** The due list (shared/dues-api.ts): a row per party with a due on the side asked, oldest overdue first. */
export const duesAnswerSchema = z.object({
  data: z.object({
    /** receivable: what parties owe us; payable: what we owe them (shared/dues-api.ts). */
    side: z.enum(['receivable', 'payable']),
    as_of: day,
    rows: z.array(
      z
        .object({
          partner_id: id,
          name: z.string(),
          catagories: z.string(),
          due: z.number(),
          d0_30: z.number(),
          d31_60: z.number(),
          d61_90: z.number(),
          d90_plus: z.number(),
          /** The day of the oldest due not yet paid. */
          oldest_due_date: day,
          /** The last day on or before as_of that brought the party's due down (a payment), or null. */
          last_payment_date: day.nullable(),
          credit_limit: z.number().nullable(),
          over_limit: z.boolean(),
          /** The party's latest answer to its shared statement: confirm or dispute, its note, when, and the balance it was shown. */
          last_answer: z.object({ answer: z.enum(['confirm', 'dispute']), note: z.string().nullable(), at: z.string(), balance: z.number() }).nullable(),
          /** When the party was last sent its due (WhatsApp or SMS), or null. */
          last_reminded_at: z.string().nullable(),
        })
        .meta({ title: 'DueRow' }),
    ),
  }),
});

const perKg = z.number().nullable();
const figures = {
  from: day,
  to: day,
  firings: z.number().int(),
  kg_fired: z.number(),
  wood_powder: z.number(),
  acid_cost: z.number(),
  pot_repair: z.number(),
  direct_cost: z.number(),
  direct_cost_per_kg: perKg,
  salaries: z.number(),
  other_expenses: z.number(),
  overheads: z.number(),
  full_cost: z.number(),
  full_cost_per_kg: perKg,
  wire_bought_kg: z.number(),
  wire_bought: z.number(),
  wire_cost_per_kg: perKg,
  wire_sold_kg: z.number(),
  wire_sold: z.number(),
  sale_rate_per_kg: perKg,
  furnace_work_kg: z.number(),
  furnace_work: z.number(),
  margin_per_kg: perKg,
};
export const productionAnswerSchema = z.object({
  data: z.object({
    months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), ...figures })),
    total: z.object(figures),
    pots: z.array(
      z.object({
        pot_number: z.string(),
        firings: z.number().int(),
        kg_fired: z.number(),
        last_fired: day.nullable(),
        repairs: z.number().int(),
        repair_cost: z.number(),
        last_repaired: day.nullable(),
        firings_since_repair: z.number().int(),
        repair_per_1000_kg: perKg,
      }),
    ),
    fireMen: z.array(z.object({ fire_man: z.string(), firings: z.number().int(), kg_fired: z.number() })),
  }),
});

const user = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(roles),
    /** When an admin stopped the account, and who (null: not stopped). */
    stopped_at: z.string().nullable(),
    stopped_by: z.string().nullable(),
  })
  .meta({ title: 'LoggedInUser' });
export const usersAnswerSchema = z.object({ data: z.array(user) });
export const userAnswerSchema = z.object({ data: user.nullable() });
/** The changes made to accounts (roles, stops), newest first. */
export const accountChangesAnswerSchema = z.object({
  data: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      action: z.enum(['promote', 'demote', 'stop', 'resume']),
      name: z.string(),
      email: z.string(),
      from: z.enum(roles).nullable(),
      to: z.enum(roles).nullable(),
    }),
  ),
});
export const tokenAnswerSchema = z.object({ data: z.string() });
export const configAnswerSchema = z.object({ data: z.object({ google: z.boolean(), timeZone: z.string() }) });
/** The nightly backups' state, in the health answer when BACKUP_DIR is set (SQLite). */
export const backupHealthSchema = z.object({
  /** When the newest good backup was written; null before the first. */
  last_good_at: z.string().nullable(),
  /** Its age in whole hours. */
  age_hours: z.number().int().nullable(),
  /** Whether the last backup (or BACKUP_COMMAND after it) failed. */
  last_failed: z.boolean(),
  /** The last one failed, or the last good one is older than two days: admins are warned. */
  stale: z.boolean(),
});
export type BackupHealth = z.infer<typeof backupHealthSchema>;
export const healthAnswerSchema = z.object({
  data: z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['sqlite', 'postgres']),
    down: z.array(z.string()).optional(),
    backup: backupHealthSchema.optional(),
  }),
});

/** Every refusal: `{ "error": { code, message, field?, params? } }` (src/shared/refusals.ts). */
export const refusalAnswerSchema = z
  .object({
    error: z.object({
      code: z.enum(refusalCodes as [string, ...string[]]),
      message: z.string(),
      field: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  })
  .meta({ title: 'Refusal' });
