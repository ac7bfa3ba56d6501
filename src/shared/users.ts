import { z } from 'zod';
import { saying } from './say.ts';

// The inputs of the /loggedInUsers calls (spec §7); the login-user record is in ./logged-in-user.ts.
export { type LoggedInUser, nextRole, previousRole } from './logged-in-user.ts';

export const usersQuerySchema = z.object({
  email: z.string().trim().max(254, saying('email_too_long')).optional(),
  s: z
    .string()
    .trim()
    .max(100, saying('field_too_long', { field: 's' }))
    .optional(),
});

export const recordUserSchema = z
  .object({
    name: z.string(saying('name_required')).trim().min(1, saying('name_required')).max(100, saying('name_too_long')),
    email: z
      .string(saying('email_required'))
      .trim()
      .min(1, saying('email_required'))
      .max(254, saying('email_too_long'))
      .pipe(z.email(saying('email_invalid'))),
  })
  .strict();

/** Promotion only, one step at a time: user → acounts → admin (spec §4). */
export const promoteSchema = z
  .object({
    role: z.enum(['acounts', 'admin'], saying('role_choice')),
  })
  .strict();

/** Taking a role back one step: admin to acounts, acounts to user (the step named, so a second click does not take two). */
export const demoteSchema = z
  .object({
    role: z.enum(['acounts', 'user'], saying('role_down_choice')),
  })
  .strict();

/** Stopping and resuming an account take nothing but the account's id. */
export const noFieldsSchema = z.object({}).strict();

/** A user id in a path: better-auth makes them UUIDs. */
export const userIdParamSchema = z.object({ id: z.uuid(saying('user_id')) });
