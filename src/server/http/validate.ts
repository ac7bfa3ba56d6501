import type { z } from 'zod';
import { fill, messages } from '../../shared/messages.ts';

/** A 4xx the client can act on: the message names the field. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Parses input with a shared schema; bad input becomes a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    throw new HttpError(400, fill(messages.notAField, { field: key }), key);
  }
  const field = issue?.path.map(String).join('.') || undefined;
  throw new HttpError(400, field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Bad Request'), field);
}
