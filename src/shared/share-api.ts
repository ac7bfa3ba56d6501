import { z } from 'zod';
import { isoDate } from './books-api.ts';
import { saying } from './say.ts';

// The statement in the party's hands (issue 29 items 3–6, docs/decisions/0038-shared-statements.md):
// a link to one party's ledger, their confirm or dispute, and the due sent on WhatsApp or SMS.
// The message and the phone number are in share-message.ts (the web's screens load them; zod stays here).

export const shareLanguages = ['en', 'bn'] as const;
export type ShareLanguage = (typeof shareLanguages)[number];

/** How long a link lasts unless chosen otherwise, and at most (days). */
export const SHARE_DAYS = 30;
export const SHARE_MAX_DAYS = 365;

/** POST /api/partners/:id/share: how long, in which language, which range (default: the whole ledger). */
export const shareBodySchema = z
  .object({
    days: z
      .number(saying('field_number', { field: 'days' }))
      .int(saying('field_invalid', { field: 'days' }))
      .min(1, saying('field_positive', { field: 'days' }))
      .max(SHARE_MAX_DAYS, saying('field_at_most', { field: 'days', max: SHARE_MAX_DAYS }))
      .default(SHARE_DAYS),
    lang: z.enum(shareLanguages, saying('field_choose', { field: 'lang' })).default('en'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .strict();
export type ShareBody = z.input<typeof shareBodySchema>;

/** The party's answer to the balance it was shown. A dispute says why. */
export const partyAnswers = ['confirm', 'dispute'] as const;
export type PartyAnswer = (typeof partyAnswers)[number];
export const answerBodySchema = z
  .object({
    answer: z.enum(partyAnswers, saying('field_choose', { field: 'answer' })),
    note: z
      .string()
      .trim()
      .max(500, saying('field_too_long', { field: 'note' }))
      .optional(),
  })
  .strict()
  .refine((b) => b.answer === 'confirm' || Boolean(b.note), { ...saying('dispute_note_required'), path: ['note'] });

/** A token as the link carries it (32 base64url characters, 192 bits). One of another shape is looked at like any wrong one: 404, counted against the address. */
export const tokenParamSchema = z.object({ token: z.string().max(200, saying('link_not_found')) });

/** POST /api/partners/:id/remind: how the due was sent. */
export const reminderChannels = ['whatsapp', 'sms'] as const;
export const remindBodySchema = z.object({ channel: z.enum(reminderChannels, saying('field_choose', { field: 'channel' })) }).strict();

const day = z.iso.date();
const lastAnswer = z
  .object({ answer: z.enum(partyAnswers), note: z.string().nullable(), at: z.string(), balance: z.number() })
  .nullable()
  .meta({ title: 'LastAnswer' });
export const lastAnswerSchema = lastAnswer;
export type LastAnswer = z.infer<typeof lastAnswer>;

export const shareAnswerSchema = z.object({
  data: z.object({ url: z.string(), expires_at: z.string(), lang: z.enum(shareLanguages), from: day.nullable(), to: day.nullable() }),
});

/** GET /api/partners/:id/share: the party's live link (never its token: only its hash is kept), its last answer and reminder. */
export const shareStatusSchema = z.object({
  data: z.object({
    link: z
      .object({
        created_at: z.string(),
        created_by: z.string(),
        expires_at: z.string(),
        lang: z.enum(shareLanguages),
        from: day.nullable(),
        to: day.nullable(),
        first_opened_at: z.string().nullable(),
        last_opened_at: z.string().nullable(),
      })
      .nullable(),
    last_answer: lastAnswer,
    last_reminded: z.object({ at: z.string(), channel: z.enum(reminderChannels), by: z.string() }).nullable(),
  }),
});
export type ShareStatus = z.infer<typeof shareStatusSchema>['data'];

/** GET /api/shared/:token: what the party sees, and nothing else (no one's name who wrote an entry). */
export const sharedStatementSchema = z.object({
  data: z.object({
    party: z.object({ name: z.string(), catagories: z.string() }),
    lang: z.enum(shareLanguages),
    from: day.nullable(),
    to: day.nullable(),
    as_of: day,
    opening: z.number(),
    closing: z.number(),
    rows: z.array(
      z.object({
        issue_date: day,
        title: z.string(),
        total_price: z.number().nullable(),
        paid_amount: z.number().nullable(),
        discount_amount: z.number().nullable(),
        note: z.string().nullable(),
        /** Where the money went or came from: the account's name, or `cheque` (paid by cheque); null for an entry that moves no money. */
        account: z.string().nullable(),
        effect: z.number(),
        balance: z.number(),
      }),
    ),
    last_answer: lastAnswer,
  }),
});
export type SharedStatement = z.infer<typeof sharedStatementSchema>['data'];
