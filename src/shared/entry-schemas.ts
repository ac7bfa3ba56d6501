import { z } from 'zod';
import { fill, messages as m } from './messages.ts';
import { fieldMessage, parseDecimal, units } from './money.ts';
import { INVISIBLE, cleanName } from './partner-names.ts';
import { type FieldDef, type KindDef, DEFAULT_ASSIGNED_SALARY, inputFields, partnerFields } from './registry.ts';

// Input schemas derived from the registry, used by the forms and by the server alike.

/** Fields a client may send that the server works out itself (ignored, never trusted). */
export const SERVER_STAMPED = ['id', 'issued_by', 'issue_date', 'total_price', 'due_amount'] as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An error message that says "required" when the value is missing, `other` otherwise. */
const missingOr = (required: string, other: string) => (issue: { input?: unknown }) => (issue.input === undefined ? required : other);

// Note: zod skips refinements of optional schemas when a key is missing, so "required" is
// expressed by the base schema itself refusing undefined, never by a refine on an optional.
function fieldSchema(f: FieldDef): z.ZodType {
  const required = fill(m.fieldRequired, { field: f.label });
  let schema: z.ZodType;
  switch (f.input.type) {
    case 'text':
    case 'party':
      schema = z
        .string({ error: missingOr(required, fill(m.fieldText, { field: f.label })) })
        .trim()
        .min(1, required)
        .max(f.input.type === 'text' ? f.input.max : 100, fill(m.fieldTooLong, { field: f.label }));
      break;
    case 'choice': {
      const options = f.input.options as readonly [string, ...string[]];
      schema = z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        z.enum(options, { error: missingOr(required, fill(m.fieldChoose, { field: f.label })) }),
      );
      break;
    }
    case 'decimal': {
      const unit = units[f.input.unit];
      schema = z.unknown().transform((v, ctx) => {
        const r = parseDecimal(v, unit);
        if (r.ok) return r.value;
        ctx.addIssue({ code: 'custom', message: fieldMessage(f.label, r.message) });
        return z.NEVER;
      });
      break;
    }
    case 'computed':
      schema = z.never();
      break;
  }
  return z.preprocess(blankToUndefined, f.required ? schema : schema.optional());
}

/**
 * A row's id as the forms send it: a whole number, or its digits as text (a select's value).
 * Nothing else is read as a number: not `true`, `[1]`, ' 1 ', '0x1' or '1e0'.
 */
const rowId = z.union(
  [
    z.number().int().positive(),
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ],
  { error: m.partnerFromList },
);

const inputSchemas = new WeakMap<KindDef, ReturnType<typeof buildEntryInputSchema>>();

/** What a person may send to create an entry of this kind. Unknown fields are refused. Built once per kind. */
export function entryInputSchema(kind: KindDef) {
  let schema = inputSchemas.get(kind);
  if (!schema) inputSchemas.set(kind, (schema = buildEntryInputSchema(kind)));
  return schema;
}

export const FILL_ONE = m.fillOne;

function buildEntryInputSchema(kind: KindDef) {
  const shape: Record<string, z.ZodType> = {};
  const fields = inputFields(kind);
  for (const f of fields) shape[f.name] = fieldSchema(f);
  if (kind.fields.some((f) => f.input.type === 'party')) shape.partner_id = z.preprocess(blankToUndefined, rowId.optional());
  shape.idempotency_key = z.string().trim().min(8).max(100).optional();
  // When the entry was made on the phone (an outbox sends it later); the server checks the day (shared/made-at.ts).
  shape.made_at = z.iso.datetime({ offset: true, error: 'made_at must be a date and time' }).optional();
  for (const name of SERVER_STAMPED) shape[name] = z.unknown().optional();
  const schema = z.object(shape).strict();
  // A kind whose fields are all optional (a fire) still needs something in it: an empty entry records nothing.
  if (fields.some((f) => f.required) || fields.length === 0) return schema;
  const first = fields[0]?.name ?? '';
  return schema.superRefine((v, ctx) => {
    if (fields.every((f) => (v as Record<string, unknown>)[f.name] === undefined)) ctx.addIssue({ code: 'custom', path: [first], message: FILL_ONE });
  });
}

export type EntryInput = Record<string, string | number | undefined>;

export const voidSchema = z.object({ reason: z.string({ error: m.reasonRequired }).trim().min(3, m.reasonMin).max(300) }).strict();

const lifecycleSchemas = new WeakMap<KindDef, z.ZodType<Record<string, unknown>>>();

/**
 * The body of a kind's lifecycle action: its flag (optional, true) and its value, a closing note
 * (end a fire: `fire_status`, `fire_time`) or an amount (sell an asset: `sold_status`, `sold_amount`).
 */
export function lifecycleSchema(kind: KindDef): z.ZodType<Record<string, unknown>> {
  const l = kind.lifecycle;
  if (!l) throw new Error(`registry: ${kind.kind} has no lifecycle`);
  let schema = lifecycleSchemas.get(kind);
  if (schema) return schema;
  const required = fill(m.fieldRequired, { field: l.value.label });
  const value =
    l.action === 'sell'
      ? z.unknown().transform((v, ctx) => {
          const r = parseDecimal(v, units.money);
          if (r.ok) return r.value;
          ctx.addIssue({ code: 'custom', message: fieldMessage(l.value.label, r.message) });
          return z.NEVER;
        })
      : z.string({ error: required }).trim().min(1, required).max(200);
  schema = z.object({ [l.status]: z.literal(true, { error: `${l.status} must be true` }).optional(), [l.value.name]: value }).strict() as z.ZodType<
    Record<string, unknown>
  >;
  lifecycleSchemas.set(kind, schema);
  return schema;
}

/** Why an entry is corrected (optional: the replacement says the rest). */
export const correctionReasonSchema = z.string({ error: 'reason must be text' }).trim().max(300).optional();

/** A partner record: every field required but the note; contact is a phone number. */
export const partnerSchema = z
  .object(
    Object.fromEntries(
      partnerFields.map((f) => {
        const required = fill(m.fieldRequired, { field: f.label });
        let s: z.ZodType = z
          .string({ error: missingOr(required, fill(m.fieldText, { field: f.label })) })
          .trim()
          .min(1, required)
          .max(f.max, fill(m.fieldTooLong, { field: f.label }));
        if (f.choice) s = z.enum(f.choice as readonly [string, ...string[]], { error: missingOr(required, fill(m.fieldChoose, { field: f.label })) });
        if (f.numeric)
          s = z
            .string({ error: missingOr(required, fill(m.fieldNumber, { field: f.label })) })
            .trim()
            .regex(/^\+?\d[\d -]{3,18}$/, fill(m.fieldNumber, { field: f.label }));
        if (f.name === 'assignedSalary') return [f.name, z.preprocess((v) => blankToUndefined(v) ?? DEFAULT_ASSIGNED_SALARY, s)];
        // A name is stored clean (NFC, trimmed, single spaces); a character nobody can see is refused.
        if (f.name === 'name')
          s = s.refine((v) => !INVISIBLE.test(v as string), fill(m.fieldInvisible, { field: f.label })).transform((v) => cleanName(v as string));
        return [f.name, z.preprocess(blankToUndefined, f.required ? s : s.optional())];
      }),
    ),
  )
  .strict();

export type PartnerInput = z.infer<typeof partnerSchema>;
