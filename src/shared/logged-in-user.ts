import type { z } from 'zod';
import type { usersAnswerSchema } from './api-schemas.ts';
// The login-user record of spec §3 and its one-step promotion, kept out of zod modules so the
// web's /loggedInUsers screen does not load zod (./users.ts has the request schemas).
/** The record's type is its answer's schema's (api-schemas.ts), imported as a type only. */
export type LoggedInUser = z.infer<typeof usersAnswerSchema>['data'][number];

/** Promotion only, one step at a time: user → acounts → admin (spec §4). */
export const nextRole: Record<LoggedInUser['role'], 'acounts' | 'admin' | null> = { user: 'acounts', acounts: 'admin', admin: null };

/** Taking a role back, one step at a time: admin → acounts → user. */
export const previousRole: Record<LoggedInUser['role'], 'acounts' | 'user' | null> = { admin: 'acounts', acounts: 'user', user: null };
