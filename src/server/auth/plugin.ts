import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { type Refusal, type RefusalCode, type RefusalParams, isRefusalCode, refusal } from '../../shared/refusals.ts';
import { type Access, type Role, allows, roles } from '../../shared/roles.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { type SessionUser, createSessionReader, sessionById } from './session-reader.ts';
import { type MaybePromise, andThen, isPromise } from '../db/reads.ts';
import { ROLE_HINT } from '../../shared/role-hint.ts';

type SessionReader = ReturnType<typeof createSessionReader>;

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say; the server refuses to start otherwise. */
    access?: Access;
  }
  interface FastifyRequest {
    currentUser(): Promise<CurrentUser | null>;
    /** The request's user once worked out (undefined before): see userOf. */
    [USER]: MaybePromise<CurrentUser | null> | undefined;
  }
  interface FastifyInstance {
    auth: Auth;
    apiRoutes: ApiRoute[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// The request's user is kept on the request itself (a WeakMap keyed by millions of short-lived
// requests made every minor garbage collection walk its entries: 2% of a small answer's CPU).
const USER = Symbol('currentUser');

/**
 * Sign-in, sessions and permissions for the whole server: mounts better-auth under /api/auth,
 * refuses cross-origin writes, and checks each /api route's declared access on every request.
 * Called on the root instance before any route is registered.
 */
export function setupAuth(app: FastifyInstance, auth: Auth, appUrl: string): void {
  app.decorate('auth', auth);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.decorateRequest(USER, undefined);
  const appOrigin = new URL(appUrl).origin;

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} does not declare who may call it (config.access)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access });
    // Before the request is checked against the route's schema: who may call it is answered first.
    const guard = accessGuard(access, userOf);
    route.preValidation = route.preValidation ? [guard, ...[route.preValidation].flat()] : guard;
  });

  let readSession: SessionReader | undefined;
  /** The request's user, worked out once per request: at once when its session is kept in memory. */
  const userOf = (req: FastifyRequest): MaybePromise<CurrentUser | null> => {
    const cached = req[USER];
    if (cached !== undefined) return cached;
    readSession ??= createSessionReader(auth, app.deps.database.db);
    return (req[USER] = resolveUser(auth, readSession, req));
  };
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    try {
      return Promise.resolve(userOf(this));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  });

  // A page on another site must not be able to write here with the user's cookie.
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return done();
    const origin = req.headers.origin;
    const own = `${req.protocol}://${req.headers.host ?? ''}`;
    const crossSite = origin ? origin !== own && origin !== appOrigin : req.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite) return reply.code(403).send({ error: refusal('cross_origin') });
    done();
  });

  // OAuth callbacks may arrive as form posts; better-auth reads the raw body itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    handler: async (req, reply) => {
      const headers = fromNodeHeaders(req.headers);
      // The client address comes from the socket (or a trusted proxy), never from the client.
      headers.set(CLIENT_IP_HEADER, req.ip);
      const body = req.body === undefined || req.body === null ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
      const url = new URL(req.url, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
      // Bearer tokens come from POST /api/jwt only, for a signed-in session; the API's description is /api/openapi.json.
      if (url.pathname === '/api/auth/token' || url.pathname.startsWith('/api/auth/open-api/') || url.pathname === '/api/auth/reference')
        return reply.code(404).send({ error: refusal('not_found') });
      const response = await auth.handler(new Request(url, { method: req.method, headers, body }));
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (response.status >= 400) {
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(await authErrorBody(response, req));
      }
      const payload = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      const hint = roleHintCookie(url.pathname, payload, appUrl.startsWith('https://'));
      if (cookies.length > 0 || hint) reply.header('set-cookie', hint ? [...cookies, hint] : cookies);
      return reply.send(payload);
    },
  });
}

/**
 * The signed-in role as a cookie the page can read (`ama-role=admin`), so its first paint already
 * has the signed-in header's shape (docs/decisions/0016-no-layout-shift.md). Only a hint for the
 * layout: the server never reads it. Set when sign-in or the session answers with a user, cleared
 * when the session answers nobody or on sign-out; null for the other answers.
 */
export function roleHintCookie(pathname: string, body: Buffer | null, secure: boolean): string | null {
  const path = pathname.replace(/^\/api\/auth/, '');
  if (path !== '/get-session' && path !== '/sign-in/email' && path !== '/sign-out') return null;
  let role: unknown = null;
  try {
    role = path === '/sign-out' ? null : (JSON.parse(body?.toString('utf8') || 'null') as { user?: { role?: unknown } } | null)?.user?.role;
  } catch {
    role = null;
  }
  const known = typeof role === 'string' && (roles as readonly string[]).includes(role);
  return `${ROLE_HINT}=${known ? role : ''}; Path=/; SameSite=Lax; Max-Age=${known ? 60 * 60 * 24 * 30 : 0}${secure ? '; Secure' : ''}`;
}

/** better-auth's refusals that have a code of ours (the rest are auth_refused, with its own English text). */
const AUTH_CODES: Partial<Record<string, RefusalCode>> = {
  INVALID_EMAIL_OR_PASSWORD: 'wrong_credentials',
  EMAIL_NOT_VERIFIED: 'email_not_verified',
  INVALID_TOKEN: 'invalid_token',
  INVALID_EMAIL: 'email_invalid',
};

/**
 * A refusal of better-auth in the app's error shape ({ error: { code, message } }), keeping its own
 * `code` and `message` beside it. Our hooks' refusals (auth.ts) arrive with a code of ours and
 * their params. A server error never shows its own text (it may be the database's): it is logged,
 * and the client gets the app's plain sentence.
 */
async function authErrorBody(response: Response, req: FastifyRequest) {
  const text = await response.text();
  let parsed: { message?: unknown; code?: unknown; params?: RefusalParams; field?: unknown } = {};
  try {
    parsed = text ? (JSON.parse(text) as typeof parsed) : {};
  } catch {
    parsed = {};
  }
  const code = typeof parsed.code === 'string' ? parsed.code : undefined;
  if (response.status >= 500) {
    req.log.error({ status: response.status, body: text.slice(0, 500) }, 'auth: request failed');
    const error = refusal(response.status === 503 ? 'books_busy' : 'server_error');
    return { error, message: error.message };
  }
  const message = typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : response.statusText || 'Request refused';
  const field = typeof parsed.field === 'string' ? parsed.field : undefined;
  let error: Refusal;
  if (isRefusalCode(code)) error = refusal(code, parsed.params, field);
  else {
    const mapped = (code && AUTH_CODES[code]) ?? (response.status === 429 ? 'too_many_requests' : undefined);
    // better-auth's own English stays the message; the code says what it means in any language.
    error = mapped ? { ...refusal(mapped), message } : refusal('auth_refused', { text: message });
  }
  return { error, message: error.message, ...(code ? { code } : {}) };
}

/**
 * The check of a route's access, before its handler. A callback hook: a signed-in request whose
 * session is kept in memory passes without a promise (it runs on every request).
 */
function accessGuard(access: Access, userOf: (req: FastifyRequest) => MaybePromise<CurrentUser | null>) {
  return (req: FastifyRequest, reply: FastifyReply, done: Done) => {
    if (access === 'public') return done();
    let user: MaybePromise<CurrentUser | null>;
    try {
      user = userOf(req);
    } catch (error) {
      return done(error as Error);
    }
    // No function made per request on the common path (a kept session): each costs, named ones more.
    if (!isPromise(user)) return decide(access, user, reply, done);
    user.then(
      (u) => decide(access, u, reply, done),
      (error: unknown) => done(error instanceof Error ? error : new Error('The session could not be read')),
    );
  };
}

type Done = (error?: Error) => void;

/** Lets the request on (`done`), or answers 401/403 for `access`. */
function decide(access: Access, user: CurrentUser | null, reply: FastifyReply, done: Done): void {
  if (access === 'anonymous') return done();
  if (!user) return void reply.code(401).send({ error: refusal('sign_in_required') });
  if (!allows(access, user.role)) return void reply.code(403).send({ error: refusal(access === 'admin' ? 'not_admin' : 'not_acounts') });
  done();
}

function resolveUser(auth: Auth, readSession: SessionReader, req: FastifyRequest): MaybePromise<CurrentUser | null> {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return userFromBearer(auth, req, authorization.slice(7).trim());
  return andThen(readSession(req.headers), (read) => sessionUser(auth, req, read));
}

/** The user of the session the reader found; better-auth decides when the reader cannot (expired, due for refresh). */
function sessionUser(auth: Auth, req: FastifyRequest, read: SessionUser | null | undefined): MaybePromise<CurrentUser | null> {
  if (read !== undefined) return read && toCurrentUser(read, read.sessionId);
  return auth.api.getSession({ headers: fromNodeHeaders(req.headers) }).then((result) => (result ? toCurrentUser(result.user, result.session.id) : null));
}

/** A bearer token from POST /api/jwt: valid while signed and while its session lives. */
async function userFromBearer(auth: Auth, req: FastifyRequest, token: string): Promise<CurrentUser | null> {
  let payload: { sid?: unknown } | null = null;
  try {
    payload = (await auth.api.verifyJWT({ body: { token } })).payload as { sid?: unknown } | null;
  } catch {
    return null;
  }
  if (!payload || typeof payload.sid !== 'string') return null;
  const { db } = req.server.deps.database;
  const [row] = await sessionById(db, payload.sid);
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return toCurrentUser(row, row.sessionId);
}

function toCurrentUser(user: { id: string; name: string; email: string; role?: unknown }, sessionId: string): CurrentUser {
  const role = roles.includes(user.role as Role) ? (user.role as Role) : 'user';
  return { id: user.id, name: user.name, email: user.email, role, sessionId };
}
