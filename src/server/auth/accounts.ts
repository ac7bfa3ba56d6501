import type { Role } from '../../shared/roles.ts';
import type { Auth } from './auth.ts';

export class AccountExistsError extends Error {}

/** A verified email-and-password account with a role, made without sending mail (CLI, tests). */
export async function createVerifiedAccount(auth: Auth, input: { email: string; password: string; name: string; role: Role }) {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  if (await ctx.internalAdapter.findUserByEmail(email)) throw new AccountExistsError(`an account with ${email} already exists`);
  const user = await ctx.internalAdapter.createUser({ email, name: input.name.trim(), emailVerified: true, role: input.role }, { method: 'admin' });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(input.password) });
  // The role asked for is the role given, even on an empty database (where the first verified
  // self-service account would otherwise become admin).
  await ctx.internalAdapter.updateUser(user.id, { role: input.role });
  return { id: user.id, email, name: input.name.trim(), role: input.role };
}

/**
 * The old system's people (modules/import): verified accounts with their role and no password; each
 * sets one through a reset link, or signs in with Google as before (their Google account linked).
 */
export function oldSystemAccounts(auth: Auth) {
  return {
    async exists(email: string) {
      const ctx = await auth.$context;
      return Boolean(await ctx.internalAdapter.findUserByEmail(email));
    },
    async create(input: { email: string; name: string; role: Role; google: string | null }) {
      const ctx = await auth.$context;
      const user = await ctx.internalAdapter.createUser({ email: input.email, name: input.name, emailVerified: true, role: input.role }, { method: 'admin' });
      await ctx.internalAdapter.updateUser(user.id, { role: input.role });
      if (input.google) await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'google', accountId: input.google });
    },
  };
}
