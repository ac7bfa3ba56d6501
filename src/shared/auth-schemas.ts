import { z } from 'zod';
import { languages, messages as m } from './messages.ts';

// The sign-in and sign-up rules of spec §5, shared by the forms and the server.

export const PASSWORD_SPECIALS = '!@#$&*/';

const email = z.string().trim().min(1, m.emailRequired).pipe(z.email(m.emailInvalid));

// A new password: the spec's sign-up rules (6+, one uppercase, one special of PASSWORD_SPECIALS)
// plus the server's minimum of 8 (DESIGN.md), so nobody can create a password the login form
// then refuses.
export const newPassword = z
  .string()
  .min(1, m.passwordRequired)
  .min(6, m.passwordMin6)
  .min(8, m.passwordMin8)
  .max(128, m.passwordMax)
  .refine((v) => /[A-Z]/.test(v) && /[!@#$&*/]/.test(v), m.passwordRule);

export const loginSchema = z.object({
  email,
  password: z.string().min(1, m.passwordRequired).min(8, m.passwordMin8),
});

const personName = z.string().trim().min(1, m.nameRequired).max(100, m.nameMax);

/** What the server accepts at sign-up (the form's fields, less the confirmation). */
export const signupRequestSchema = z
  .object({
    name: personName,
    email: z.string().trim().max(254, m.emailMax).pipe(email),
    password: z.string(),
    callbackURL: z.string().max(500).optional(),
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
    confirm: z.string().min(1, m.confirmRequired),
  })
  .refine((v) => v.password === v.confirm, { message: m.passwordMismatch, path: ['confirm'] });

export const resetRequestSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string().min(1, m.confirmRequired) })
  .refine((v) => v.password === v.confirm, { message: m.passwordMismatch, path: ['confirm'] });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
