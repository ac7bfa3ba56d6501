import { ApiError } from './api';
import { currentMessages, refusalTextOf } from './i18n';

/** What a person reads for a failure: a refusal in the chosen language, or why the server was not reached. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.unreached ? currentMessages()[error.unreached] : refusalTextOf(error);
  return error instanceof Error ? error.message : String(error);
}
