import { messages } from '../../../shared/messages';
import { ApiError } from '../../lib/api';

/**
 * The provider's refusals in plain words (spec §8's codes). Wording never says whether an
 * email is registered.
 */
export function authErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.networkFailed;
  if (error.status === 0) return error.message;
  if (error.status === 429) return messages.tooManyRequests;
  if (error.code === 'EMAIL_NOT_VERIFIED') return messages.emailNotVerified;
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) return messages.wrongCredentials;
  if (error.code === 'INVALID_EMAIL') return messages.emailInvalid;
  if (error.code === 'INVALID_TOKEN') return messages.resetInvalid;
  return error.message;
}

/** Where to go after signing in: a path of this site only (never another site), default home. */
export function safeReturnPath(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}

/** Errors the provider sends back in the URL after a Google attempt. */
export function oauthErrorText(code: string | null): string | null {
  if (!code) return null;
  if (code === 'account_not_linked') return messages.accountNotLinked;
  return messages.googleFailed;
}
