import { z } from 'zod';

// The login-user record of spec §3 and the inputs of the /loggedInUsers calls (spec §7).
export interface LoggedInUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'acounts' | 'admin';
}

export const usersQuerySchema = z.object({
  email: z.string().trim().max(254).optional(),
  s: z.string().trim().max(100).optional(),
});

export const recordUserSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('That email address does not look right')),
});

/** Promotion only, one step at a time: user → acounts → admin (spec §4). */
export const promoteSchema = z.object({
  role: z.enum(['acounts', 'admin'], { error: 'role must be acounts or admin' }),
});

export const nextRole: Record<LoggedInUser['role'], 'acounts' | 'admin' | null> = { user: 'acounts', acounts: 'admin', admin: null };
