import { messages } from '../../shared/messages';
import { type Role, allows } from '../../shared/roles';

// Where a sign-in leads and the note the page arrived at shows: the app's shell, the home page's
// island and the sign-in pages (auth-island.ts, decision 0042) read them from here.

/** Where signing in leads when no page was asked for: the books (Dashboard) for accounts staff and admins, the home page for others. */
export function landingFor(user: { role: Role } | null): string {
  return user && allows('acounts', user.role) ? '/dashboard' : '/';
}

/** `path` with `?auth=<arrival>` added: the page arrived at says 'Signed In' / 'Logged In' once and tidies its address. */
export function withArrival(path: string, arrival: 'google' | 'login'): string {
  return `${path}${path.includes('?') ? '&' : '?'}auth=${arrival}`;
}

/** The note an arrival's `?auth=` asks for (English; shown in the page's language), or null. */
export function arrivalNote(arrival: string | null): string | null {
  if (arrival === 'google') return messages.signedIn;
  if (arrival === 'login') return messages.loggedIn;
  if (arrival === 'verified') return messages.emailVerified;
  return null;
}
