import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { refusalsReady } from './i18n';

/**
 * A form's check by a shared schema, which first waits for the refusals' words (fetched once, when
 * a form first checks; i18n.ts), so the fields' errors read in the chosen language.
 */
export function checkedBy<T extends FieldValues>(schema: Parameters<typeof zodResolver>[0]): Resolver<T> {
  const resolve = zodResolver(schema) as unknown as Resolver<T>;
  return async (values, context, options) => {
    await refusalsReady().catch(() => undefined);
    return resolve(values, context, options);
  };
}

/** A schema's safeParse once the refusals' words have come (for a check outside a form's own). */
export async function parsedBy<S extends { safeParse: (value: unknown) => unknown }>(schema: S, value: unknown): Promise<ReturnType<S['safeParse']>> {
  await refusalsReady().catch(() => undefined);
  return schema.safeParse(value) as ReturnType<S['safeParse']>;
}
