import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { refusalsReady } from './i18n';

/**
 * A form's check by a shared schema, which first waits for the refusals' words (fetched once, when
 * a form first checks; i18n.ts), so the fields' errors read in the chosen language.
 *
 * The values are copied when the check starts: the form hands over its live values, and what is
 * typed while the words load (a Submit, then the field cleared to type again) must not be what
 * passes. A passing check gives the values it checked: `typed` gives them as typed (the forms that
 * send the typed text, which the server reads), else as the schema makes them. A submit sends
 * those, never the form's values read later.
 */
export function checkedBy<T extends FieldValues>(schema: Parameters<typeof zodResolver>[0], { typed = false }: { typed?: boolean } = {}): Resolver<T> {
  const resolve = (typed ? zodResolver(schema, undefined, { raw: true }) : zodResolver(schema)) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const seen = structuredClone(values);
    await refusalsReady().catch(() => undefined);
    return resolve(seen, context, options);
  };
}

/** A schema's safeParse once the refusals' words have come (for a check outside a form's own). */
export async function parsedBy<S extends { safeParse: (value: unknown) => unknown }>(schema: S, value: unknown): Promise<ReturnType<S['safeParse']>> {
  await refusalsReady().catch(() => undefined);
  return schema.safeParse(value) as ReturnType<S['safeParse']>;
}
