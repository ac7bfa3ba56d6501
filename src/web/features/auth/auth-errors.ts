import { messages } from '../../../shared/messages';
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
