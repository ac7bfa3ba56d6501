import { z } from 'zod';

// The inputs of the /loggedInUsers calls (spec §7); the login-user record is in ./logged-in-user.ts.
export { type LoggedInUser, nextRole } from './logged-in-user.ts';

export const usersQuerySchema = z.object({
  email: z.string().trim().max(254).optional(),
  s: z.string().trim().max(100).optional(),
});

export const recordUserSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email should be at most 254 characters')
      .pipe(z.email('That email address does not look right')),
  })
  .strict();

/** Promotion only, one step at a time: user → acounts → admin (spec §4). */
export const promoteSchema = z
  .object({
    role: z.enum(['acounts', 'admin'], { error: 'role must be acounts or admin' }),
  })
  .strict();

/** A user id in a path: better-auth makes them UUIDs. */
export const userIdParamSchema = z.object({ id: z.uuid('must be a user id') });
