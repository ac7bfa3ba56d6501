// The login-user record of spec §3 and its one-step promotion, kept out of zod modules so the
// web's /loggedInUsers screen does not load zod (./users.ts has the request schemas).
export interface LoggedInUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'acounts' | 'admin';
}

/** Promotion only, one step at a time: user → acounts → admin (spec §4). */
export const nextRole: Record<LoggedInUser['role'], 'acounts' | 'admin' | null> = { user: 'acounts', acounts: 'admin', admin: null };
