import crypto from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import type { Kysely } from 'kysely';
import { type MaybePromise, andThen, preparedQuery } from '../db/reads.ts';
import type { DB } from '../db/schema.ts';
import type { Auth } from './auth.ts';

// Reading the session of a request is on every /api call. better-auth's getSession verifies the
// cookie with WebCrypto (an async job per request) and goes through its adapter layers: about
// 2 ms of CPU. This reader checks the same signed cookie with a synchronous HMAC and reads the
// session and its user in one query; whenever better-auth would do more than read (the session
// is due for its daily refresh, or is expired), it hands over to getSession.

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: unknown;
  sessionId: string;
  expiresAt: string | Date;
}

export function sessionUserQuery(db: Kysely<DB>) {
  return (
    db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['user.id', 'user.name', 'user.email', 'user.role', 'session.id as sessionId', 'session.expiresAt'])
      // A stopped account has no session: stopping deletes them, and this holds one made meanwhile.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('account_stops').select('account_stops.user_id').whereRef('account_stops.user_id', '=', 'user.id'))),
      )
  );
}

// Asked on every signed-in request; the answer is kept until a session or a user changes.
const keep = { topic: 'auth', max: 1000 } as const;
/** The session of a token and its user. */
export const sessionByToken = preparedQuery((db: Kysely<DB>, token: string) => sessionUserQuery(db).where('session.token', '=', token), { keep });
/** The same by the session's id (bearer tokens name it). */
export const sessionById = preparedQuery((db: Kysely<DB>, id: string) => sessionUserQuery(db).where('session.id', '=', id), { keep });

export function createSessionReader(auth: Auth, db: Kysely<DB>) {
  const settings = auth.$context.then((ctx) => ({
    cookie: ctx.authCookies.sessionToken.name,
    secret: ctx.secret,
    expiresIn: ctx.sessionConfig.expiresIn * 1000,
    updateAge: ctx.sessionConfig.updateAge * 1000,
  }));

  // Cookie headers whose session cookie's signature was checked already: a signed-in browser
  // sends the same header on every request. Only good signatures are kept; the oldest goes first.
  const verified = new Map<string, string>();

  /** The signed token of the session cookie, or null when it is missing or its signature is wrong. */
  function tokenOf(cookieHeader: string, s: Awaited<typeof settings>): string | null {
    const known = verified.get(cookieHeader);
    if (known !== undefined) return known;
    const raw = parseCookies(cookieHeader).get(s.cookie);
    const token = raw ? checkSignature(raw, s.secret) : null;
    if (token !== null) {
      verified.set(cookieHeader, token);
      if (verified.size > 1000) verified.delete(verified.keys().next().value as string);
    }
    return token;
  }

  function checkSignature(raw: string, secret: string): string | null {
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = crypto.createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
  }

  function readWith(s: Awaited<typeof settings>, headers: { cookie?: string | undefined }): MaybePromise<SessionUser | null | undefined> {
    if (!headers.cookie?.includes(s.cookie)) return null;
    const token = tokenOf(headers.cookie, s);
    if (!token) return null;
    return andThen(sessionByToken(db, token), (rows) => current(rows, s));
  }

  // A kept row (frozen: preparedQuery's `keep`, SQLite) is the same object on every request of its
  // session: its expiry is read from its text once (a date's parsing was the reader's largest
  // cost). Only kept rows: few keys, each living as long as its row (a weak table of a fresh row
  // per request would cost every garbage collection more than it saves).
  const expiryOf = new WeakMap<SessionUser, number>();

  function current(rows: readonly SessionUser[], s: Awaited<typeof settings>): SessionUser | null | undefined {
    const [row] = rows;
    if (!row) return null;
    let expires = expiryOf.get(row);
    if (expires === undefined) {
      expires = new Date(row.expiresAt).getTime();
      if (Object.isFrozen(row)) expiryOf.set(row, expires);
    }
    if (expires <= Date.now() || expires - s.expiresIn + s.updateAge <= Date.now()) return undefined;
    return row;
  }

  let ready: Awaited<typeof settings> | undefined;
  settings.then(
    (s) => (ready = s),
    () => undefined,
  );

  /**
   * The signed-in user of a request: `null` for none (no cookie, a forged one, no such session);
   * `undefined` when better-auth must decide (the session is expired or due for its refresh).
   * At once when the session is kept in memory (SQLite), else a promise.
   */
  return function read(headers: { cookie?: string | undefined }): MaybePromise<SessionUser | null | undefined> {
    return ready ? readWith(ready, headers) : settings.then((s) => readWith(s, headers));
  };
}
