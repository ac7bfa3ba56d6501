import { z } from 'zod';
import { languages } from './messages.ts';
import { saying } from './say.ts';

// The sign-in and sign-up rules of spec §5, shared by the forms and the server.

export const PASSWORD_SPECIALS = '!@#$&*/';

const email = z
  .string(saying('email_required'))
  .trim()
  .min(1, saying('email_required'))
  .pipe(z.email(saying('email_invalid')));

// A new password: the spec's sign-up rules (6+, one uppercase, one special of PASSWORD_SPECIALS)
// plus the server's minimum of 8 (DESIGN.md), so nobody can create a password the login form
// then refuses.
export const newPassword = z
  .string(saying('password_required'))
  .min(1, saying('password_required'))
  .min(6, saying('password_min6'))
  .min(8, saying('password_min8'))
  .max(128, saying('password_max'))
  .refine((v) => /[A-Z]/.test(v) && /[!@#$&*/]/.test(v), saying('password_rule'));

export const loginSchema = z.object({
  email,
  password: z.string(saying('password_required')).min(1, saying('password_required')).min(8, saying('password_min8')),
});

const personName = z.string(saying('name_required')).trim().min(1, saying('name_required')).max(100, saying('name_too_long'));

/** What the server accepts at sign-up (the form's fields, less the confirmation). */
export const signupRequestSchema = z
  .object({
    name: personName,
    email: z.string(saying('email_required')).trim().max(254, saying('email_too_long')).pipe(email),
    password: z.string(saying('password_required')),
    callbackURL: z
      .string()
      .max(500, saying('field_too_long', { field: 'callbackURL' }))
      .optional(),
    rememberMe: z.boolean().optional(),
    /** The interface language the form was filled in: the account keeps it, its mails use it. */
    lang: z.enum(languages).optional(),
  })
  .strict();

export const signupSchema = z
  .object({
    name: personName,
    email,
    password: newPassword,
    confirm: z.string(saying('confirm_required')).min(1, saying('confirm_required')),
  })
  .refine((v) => v.password === v.confirm, { ...saying('password_mismatch'), path: ['confirm'] });

export const resetRequestSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string(saying('confirm_required')).min(1, saying('confirm_required')) })
  .refine((v) => v.password === v.confirm, { ...saying('password_mismatch'), path: ['confirm'] });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
