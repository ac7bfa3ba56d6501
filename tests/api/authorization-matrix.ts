import { type Registry, registry } from '../../src/shared/registry.ts';

// Who may call what: every /api route, the request the test makes, and the status each kind of
// caller gets. 'ok' means allowed (any answer but 401 or 403). A route the server has and this
// table lacks fails the test, so a new route cannot ship without deciding who may call it.
export type Caller = 'anonymous' | 'user' | 'acounts' | 'admin';
export type Outcome = 'ok' | 401 | 403;

export interface MatrixRow {
  /** The request to make; `:self` is replaced by the caller's own user id, `:email` by their email. */
  request: { url: string; body?: unknown };
  expect: Record<Caller, Outcome>;
}

const everyone: Record<Caller, Outcome> = { anonymous: 'ok', user: 'ok', acounts: 'ok', admin: 'ok' };
const signedIn: Record<Caller, Outcome> = { anonymous: 401, user: 'ok', acounts: 'ok', admin: 'ok' };
const adminOnly: Record<Caller, Outcome> = { anonymous: 401, user: 403, acounts: 403, admin: 'ok' };
const books: Record<Caller, Outcome> = { anonymous: 401, user: 403, acounts: 'ok', admin: 'ok' };

const byAccess = { acounts: books, admin: adminOnly } as const;

/** Every record kind of a registry has a list read, a create, its dates and names, and its lifecycle action if it has one. */
export function kindRows(registry: Registry): Record<string, MatrixRow> {
  return Object.fromEntries(
    registry.kinds.flatMap((k) => [
      [`GET /api/${k.path}`, { request: { url: `/api/${k.path}` }, expect: books }],
      [`POST /api/${k.path}`, { request: { url: `/api/${k.path}`, body: {} }, expect: byAccess[k.write as keyof typeof byAccess] }],
      [`GET /api/${k.path}/dates`, { request: { url: `/api/${k.path}/dates` }, expect: books }],
      [`GET /api/${k.path}/names`, { request: { url: `/api/${k.path}/names` }, expect: books }],
      ...(k.lifecycle
        ? [
            [
              `PUT /api/${k.path}/:id`,
              { request: { url: `/api/${k.path}/999999`, body: { [k.lifecycle.value.name]: '1' } }, expect: byAccess[k.write as keyof typeof byAccess] },
            ],
          ]
        : []),
    ]),
  );
}

export const authorizationMatrix: Record<string, MatrixRow> = {
  'GET /api/health': { request: { url: '/api/health' }, expect: everyone },
  'GET /api/config': { request: { url: '/api/config' }, expect: everyone },
  'GET /api/openapi.json': { request: { url: '/api/openapi.json' }, expect: everyone },
  'GET /api/auth/*': { request: { url: '/api/auth/get-session' }, expect: everyone },
  'POST /api/auth/*': { request: { url: '/api/auth/sign-out', body: {} }, expect: everyone },
  'GET /api/loggedInUsers': { request: { url: '/api/loggedInUsers' }, expect: adminOnly },
  'POST /api/loggedInUsers': { request: { url: '/api/loggedInUsers', body: { name: 'Same Name', email: ':email' } }, expect: signedIn },
  'PUT /api/loggedInUsers/admin/:id': { request: { url: '/api/loggedInUsers/admin/:self', body: { role: 'acounts' } }, expect: adminOnly },
  'POST /api/jwt': { request: { url: '/api/jwt', body: {} }, expect: signedIn },
  ...kindRows(registry),
  'POST /api/entries/:id/void': { request: { url: '/api/entries/999999/void', body: { reason: 'typo' } }, expect: books },
  'GET /api/entries/:id': { request: { url: '/api/entries/999999' }, expect: books },
  'POST /api/entries/:id/correct': { request: { url: '/api/entries/999999/correct', body: {} }, expect: books },
  'GET /api/entries/recent': { request: { url: '/api/entries/recent?group=cashIn' }, expect: books },
  'GET /api/ledger': { request: { url: '/api/ledger' }, expect: books },
  'GET /api/ledger/:id': { request: { url: '/api/ledger/999999' }, expect: books },
  'GET /api/dashboard': { request: { url: '/api/dashboard' }, expect: books },
  'GET /api/production': { request: { url: '/api/production' }, expect: books },
  'GET /api/overview': { request: { url: '/api/overview' }, expect: books },
  'PUT /api/dashboard': { request: { url: '/api/dashboard', body: {} }, expect: books },
  'GET /api/userDetailsData': { request: { url: '/api/userDetailsData' }, expect: books },
  'POST /api/userDetailsData': { request: { url: '/api/userDetailsData', body: {} }, expect: adminOnly },
  'PUT /api/userDetailsData/:id': { request: { url: '/api/userDetailsData/999999', body: {} }, expect: adminOnly },
};
