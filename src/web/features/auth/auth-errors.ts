import { messages } from '../../../shared/messages';
/** The page to go back to after signing in, if one of ours was asked for (never another site's). */
export function safeReturnPath(from: string | null): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  return from;
}

/** Errors the provider sends back in the URL after a Google attempt. */
export function oauthErrorText(code: string | null): string | null {
  if (!code) return null;
  if (code === 'account_not_linked') return messages.accountNotLinked;
  return messages.googleFailed;
}
