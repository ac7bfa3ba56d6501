import type { z } from 'zod';
import { type Refusal, type RefusalCode, type RefusalParams, readSpoken, refusal, speakingCodes } from '../../shared/refusals.ts';

/** A 4xx the client can act on: a code of shared/refusals.ts, its params and the field it names. */
export class HttpError extends Error {
  readonly refusal: Refusal;
  /** Seconds before trying again (a throttle's 429 sends it as Retry-After). */
  retryAfter?: number;
  constructor(
    readonly statusCode: number,
    code: RefusalCode,
    params?: RefusalParams,
    readonly field?: string,
  ) {
    const r = refusal(code, params, field);
    super(r.message);
    this.refusal = r;
  }
}

type Issue = z.core.$ZodIssue;

/** A zod issue as a refusal: ours carry their code; zod's own words get the nearest code. */
export function issueRefusal(issue: Issue | undefined): Refusal {
  if (!issue) return refusal('bad_request');
  const field = issue.path.map(String).join('.') || undefined;
  if (issue.code === 'unrecognized_keys') return refusal('not_a_field', undefined, issue.keys[0] ?? '');
  const spoken = readSpoken(issue.message);
  if (spoken) return refusal(spoken.code, spoken.params, field);
  const label = field ?? 'value';
  if (issue.code === 'too_big') return refusal('field_too_long', { field: label }, field);
  if (issue.code === 'too_small' && issue.origin === 'string') return refusal('field_too_short', { field: label, min: Number(issue.minimum) }, field);
  if (issue.code === 'invalid_value') return refusal('field_choose', { field: label }, field);
  if (issue.code === 'invalid_type' && issue.expected === 'string') return refusal('field_text', { field: label }, field);
  return refusal('field_invalid', { field: label }, field);
}

/**
 * Checks input with a shared schema: its value, or the refusal of its first bad field. (zod words
 * its issues when they are first read, so they are read here, while the codes are spoken.)
 */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown): { ok: true; data: z.infer<S> } | { ok: false; refusal: Refusal } {
  return speakingCodes(() => {
    const result = schema.safeParse(value);
    return result.success ? { ok: true as const, data: result.data } : { ok: false as const, refusal: issueRefusal(result.error.issues[0]) };
  });
}

/** Parses input with a shared schema; bad input becomes a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = checkInput(schema, value ?? {});
  if (result.ok) return result.data;
  const r = result.refusal;
  throw new HttpError(400, r.code, r.params, r.field);
}
