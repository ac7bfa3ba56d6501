import type { Lang } from '../../shared/messages';
import { api } from './api';
import { withArrival } from './auth-arrival';

// What the sign-in and sign-up pages ask of the server, without React: the app's pages
// (routes/login.tsx, routes/signup.tsx) and the pages served without React (auth-island.ts,
// docs/decisions/0042-light-sign-in-pages.md) call the same functions. Not in the app's shell
// (what the shell needs of sign-in is in auth-arrival.ts).

export function signInWithEmail(email: string, password: string): Promise<unknown> {
  return api('POST', '/api/auth/sign-in/email', { email, password, rememberMe: true });
}

export function sendVerificationAgain(email: string): Promise<unknown> {
  return api('POST', '/api/auth/send-verification-email', { email, callbackURL: '/?auth=verified' });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api('POST', '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

/** Starts a Google sign-in that comes back to `returnTo`; answers the provider's address to go to. */
export async function googleSignInUrl(returnTo: string): Promise<string> {
  const res = await api<{ url: string }>('POST', '/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: withArrival(returnTo, 'google'),
    errorCallbackURL: '/login',
  });
  return res.url;
}

/** Filled in Bangla: the account keeps Bangla, and the verification mail comes in Bangla. */
export function signUpWithEmail(values: { name: string; email: string; password: string }, lang: Lang): Promise<unknown> {
  return api('POST', '/api/auth/sign-up/email', {
    name: values.name,
    email: values.email,
    password: values.password,
    callbackURL: '/?auth=verified',
    ...(lang === 'bn' ? { lang: 'bn' } : {}),
  });
}
