import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { genericOAuth, jwt, openAPI } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { newPassword, signupRequestSchema } from '../../shared/auth-schemas.ts';
import { languages } from '../../shared/messages.ts';
import { refusal } from '../../shared/refusals.ts';
import { checkInput } from '../http/validate.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { type Mailer, actionMail } from '../mail/mailer.ts';
import { mailTextsFor } from '../mail/texts.ts';
import { countBetterAuthWork } from './async-context.ts';
import { recordSignIn, signInWait } from './throttle.ts';

/** Header the server sets from Fastify's idea of the client address; never taken from the client. */
export const CLIENT_IP_HEADER = 'x-ama-client-ip';

export type Auth = Awaited<ReturnType<typeof createAuth>>;

export function createAuth(opts: { config: Config; database: Database; mailer: Mailer; secret: string; log: FastifyBaseLogger }) {
  const { config, database, mailer, log } = opts;
  countBetterAuthWork();
  const db = database.db;
  const perMinute = config.signInAttemptsPerMinute;
  /** A mail to an account holder in their language, greeting them by name, with one link to act on. */
  const mailTo = (user: { email: string; name: string; lang?: unknown }, which: 'verify' | 'reset' | 'existingSignUp', link: string) => {
    const t = mailTextsFor(user);
    return mailer.send(actionMail({ to: user.email, greeting: t.greeting(user.name), signature: t.signature, ...t[which], link }));
  };

  return betterAuth({
    appName: 'AMA Metal & Wire Industries',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    database: { db: db as Kysely<unknown>, type: database.dialect },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
    },
    // Refusals (wrong password, rate limit, bad input) are answers, not server errors.
    onAPIError: {
      onError: (error) => {
        const status = (error as { status?: unknown }).status;
        if (status === 'INTERNAL_SERVER_ERROR' || status === undefined) log.error({ err: error }, 'auth: request failed');
        else log.debug({ status, message: (error as Error).message }, 'auth: refused');
      },
    },
    user: {
      additionalFields: {
        // Stored spelt as the spec spells it: user, acounts, admin.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        // The interface language the person chose (en, bn); null until they choose one.
        lang: { type: 'string', required: false, input: true, validator: { input: z.enum(languages) } },
      },
    },
    // An email account and a Google account with the same address never merge on their own.
    account: { accountLinking: { enabled: false } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, cookieCache: { enabled: false } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailTo(user, 'reset', url);
      },
      // Sign-up answers the same whether or not the email is known; the owner gets a note instead.
      onExistingUserSignUp: async ({ user }) => {
        await mailTo(user, 'existingSignUp', `${config.appUrl}/login`);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailTo(user, 'verify', url);
      },
      afterEmailVerification: async (user) => {
        await promoteFirstAdmin(db, user.id);
      },
    },
    databaseHooks: {
      // A stopped account gets no session, however it signs in (password, Google, a verification link).
      session: {
        create: {
          before: async (session) => {
            if (await isStopped(db, session.userId)) throw new APIError('FORBIDDEN', refusal('account_stopped'));
          },
        },
      },
      user: {
        create: {
          // Google accounts arrive verified: the first of them on an empty database is the admin.
          after: async (user) => {
            if (user.emailVerified) await promoteFirstAdmin(db, user.id);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseOutsideRedirects(config.appUrl, ctx.body, ctx.query);
        // No address is longer than 254 characters (RFC 5321): refused the same way whether it exists or not.
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string' && email.length > 254) throw new APIError('BAD_REQUEST', refusal('email_too_long', undefined, 'email'));
        if (ctx.path === '/sign-in/email' && typeof email === 'string') {
          const wait = await signInWait(db, email, ctx.headers?.get(CLIENT_IP_HEADER) ?? '');
          if (wait > 0) throw new APIError('TOO_MANY_REQUESTS', refusal('sign_in_throttled', { seconds: Math.ceil(wait / 1000) }));
        }
        if (ctx.path === '/sign-up/email') {
          const result = checkInput(signupRequestSchema, ctx.body ?? {});
          if (!result.ok) throw new APIError('BAD_REQUEST', result.refusal);
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/reset-password') {
          const password = ctx.body as { password?: unknown; newPassword?: unknown } | undefined;
          const value = ctx.path === '/sign-up/email' ? password?.password : password?.newPassword;
          const result = checkInput(newPassword, typeof value === 'string' ? value : '');
          if (!result.ok) throw new APIError('BAD_REQUEST', result.refusal);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (ctx.path !== '/sign-in/email' || typeof email !== 'string') return;
        const returned = ctx.context.returned;
        const wrongPassword = returned instanceof APIError && returned.statusCode === 401;
        if (wrongPassword || ctx.context.newSession) await recordSignIn(db, email, ctx.headers?.get(CLIENT_IP_HEADER) ?? '', !wrongPassword);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: config.authRequestsPerMinute,
      customRules: {
        '/sign-in/email': { window: 60, max: perMinute },
        '/sign-up/email': { window: 60, max: perMinute },
        '/request-password-reset': { window: 60, max: perMinute },
        '/send-verification-email': { window: 60, max: perMinute },
        '/reset-password': { window: 60, max: perMinute },
      },
    },
    trustedOrigins: (request) => [config.appUrl, request ? originOf(request) : undefined],
    advanced: {
      cookiePrefix: 'ama',
      useSecureCookies: config.appUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: 'uuid' },
    },
    plugins: [
      // Its description of the sign-in routes goes into /api/openapi.json; its own routes are not served (plugin.ts).
      openAPI({ disableDefaultReference: true }),
      jwt({
        // Tokens come from POST /api/jwt only: signing one on every session read cost ~1.5 ms of CPU a request.
        disableSettingJwtHeader: true,
        jwt: {
          expirationTime: '15m',
          issuer: config.appUrl,
          audience: config.appUrl,
          definePayload: ({ user, session }) => ({ sid: session.id, name: user.name, email: user.email }),
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

/** The origin a request was sent to, as the browser sees it (for same-origin checks). */
const REDIRECT_KEYS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'];

/** Links in mails and redirects after sign-in must stay on this site: a path, or an address of APP_URL. */
function refuseOutsideRedirects(appUrl: string, ...sources: unknown[]): void {
  const own = new URL(appUrl).origin;
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const key of REDIRECT_KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (value === undefined) continue;
      const ok = typeof value === 'string' && (/^\/(?![/\\])/.test(value) ? true : URL.canParse(value) && new URL(value).origin === own);
      if (!ok) throw new APIError('BAD_REQUEST', { message: `${key}: must be a page of this site`, code: 'INVALID_REDIRECT' });
    }
  }
}

export function originOf(request: Request): string | undefined {
  const host = request.headers.get('host');
  if (!host) return undefined;
  return `${new URL(request.url).protocol}//${host}`;
}

/** Whether an admin has stopped the account (docs/decisions/0022-people-and-access.md). */
export async function isStopped(db: Kysely<DB>, userId: string): Promise<boolean> {
  return (await db.selectFrom('account_stops').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** On a database without an admin, the given (verified) user becomes the admin. */
export async function promoteFirstAdmin(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where('id', '=', userId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('user as other').select('other.id').where('other.role', '=', 'admin'))))
    .execute();
}

export async function migrateAuthTables(auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
