import { multipart } from '../helpers/multipart.ts';

// Who may call what: every /api route and the status each kind of caller gets, as a committed
// table a person writes ('ok': allowed, any answer but 401 or 403). Nothing here is worked out from
// the registry or the routes' own declarations: a route the server has and this table lacks fails
// the test, so a new route or a new kind cannot ship until someone decides who may call it.
export type Caller = 'anonymous' | 'user' | 'acounts' | 'admin';
export type Outcome = 'ok' | 401 | 403;
export const callers: readonly Caller[] = ['anonymous', 'user', 'acounts', 'admin'];

export interface MatrixRow {
  /** The request to make; `:self` is replaced by the caller's own user id, `:email` by their email (a text body is sent as it is, with its headers). */
  request: { url: string; body?: unknown; headers?: Record<string, string> };
  expect: Record<Caller, Outcome>;
}

// prettier-ignore
export const accessTable = `
  route                                        anonymous user acounts admin
  GET  /api/health                             ok  ok  ok  ok
  GET  /api/config                             ok  ok  ok  ok
  GET  /api/openapi.json                       ok  ok  ok  ok
  GET  /api/auth/*                             ok  ok  ok  ok
  POST /api/auth/*                             ok  ok  ok  ok
  GET  /api/loggedInUsers                      401 403 403 ok
  POST /api/loggedInUsers                      401 ok  ok  ok
  PUT  /api/loggedInUsers/admin/:id            401 403 403 ok
  POST /api/loggedInUsers/:id/demote           401 403 403 ok
  POST /api/loggedInUsers/:id/stop             401 403 403 ok
  POST /api/loggedInUsers/:id/resume           401 403 403 ok
  GET  /api/loggedInUsers/changes              401 403 403 ok
  POST /api/jwt                                401 ok  ok  ok
  GET  /api/furnaceData                        401 403 ok  ok
  POST /api/furnaceData                        401 403 ok  ok
  GET  /api/furnaceData/dates                  401 403 ok  ok
  GET  /api/furnaceData/names                  401 403 ok  ok
  GET  /api/mWireData                          401 403 ok  ok
  POST /api/mWireData                          401 403 ok  ok
  GET  /api/mWireData/dates                    401 403 ok  ok
  GET  /api/mWireData/names                    401 403 ok  ok
  GET  /api/giWireData                         401 403 ok  ok
  POST /api/giWireData                         401 403 ok  ok
  GET  /api/giWireData/dates                   401 403 ok  ok
  GET  /api/giWireData/names                   401 403 ok  ok
  GET  /api/investorData                       401 403 ok  ok
  POST /api/investorData                       401 403 ok  ok
  GET  /api/investorData/dates                 401 403 ok  ok
  GET  /api/investorData/names                 401 403 ok  ok
  GET  /api/receiptData                        401 403 ok  ok
  POST /api/receiptData                        401 403 ok  ok
  GET  /api/receiptData/dates                  401 403 ok  ok
  GET  /api/receiptData/names                  401 403 ok  ok
  GET  /api/fire                               401 403 ok  ok
  POST /api/fire                               401 403 ok  ok
  GET  /api/fire/dates                         401 403 ok  ok
  GET  /api/fire/names                         401 403 ok  ok
  PUT  /api/fire/:id                           401 403 ok  ok
  GET  /api/stock                              401 403 ok  ok
  POST /api/stock                              401 403 ok  ok
  GET  /api/stock/dates                        401 403 ok  ok
  GET  /api/stock/names                        401 403 ok  ok
  GET  /api/salaryCollections                  401 403 ok  ok
  POST /api/salaryCollections                  401 403 ok  ok
  GET  /api/salaryCollections/dates            401 403 ok  ok
  GET  /api/salaryCollections/names            401 403 ok  ok
  GET  /api/paymentData                        401 403 ok  ok
  POST /api/paymentData                        401 403 ok  ok
  GET  /api/paymentData/dates                  401 403 ok  ok
  GET  /api/paymentData/names                  401 403 ok  ok
  GET  /api/powderCost                         401 403 ok  ok
  POST /api/powderCost                         401 403 ok  ok
  GET  /api/powderCost/dates                   401 403 ok  ok
  GET  /api/powderCost/names                   401 403 ok  ok
  GET  /api/wireCost                           401 403 ok  ok
  POST /api/wireCost                           401 403 ok  ok
  GET  /api/wireCost/dates                     401 403 ok  ok
  GET  /api/wireCost/names                     401 403 ok  ok
  GET  /api/acidCost                           401 403 ok  ok
  POST /api/acidCost                           401 403 ok  ok
  GET  /api/acidCost/dates                     401 403 ok  ok
  GET  /api/acidCost/names                     401 403 ok  ok
  GET  /api/assetsCost                         401 403 ok  ok
  POST /api/assetsCost                         401 403 ok  ok
  GET  /api/assetsCost/dates                   401 403 ok  ok
  GET  /api/assetsCost/names                   401 403 ok  ok
  PUT  /api/assetsCost/:id                     401 403 ok  ok
  GET  /api/otherExpanses                      401 403 ok  ok
  POST /api/otherExpanses                      401 403 ok  ok
  GET  /api/otherExpanses/dates                401 403 ok  ok
  GET  /api/otherExpanses/names                401 403 ok  ok
  GET  /api/openingDues                        401 403 ok  ok
  POST /api/openingDues                        401 403 403 ok
  GET  /api/openingDues/dates                  401 403 ok  ok
  GET  /api/openingDues/names                  401 403 ok  ok
  GET  /api/openingBalances                    401 403 ok  ok
  POST /api/openingBalances                    401 403 403 ok
  GET  /api/openingBalances/dates              401 403 ok  ok
  GET  /api/openingBalances/names              401 403 ok  ok
  GET  /api/openingAdjustments                 401 403 ok  ok
  POST /api/openingAdjustments                 401 403 403 ok
  GET  /api/openingAdjustments/dates           401 403 ok  ok
  GET  /api/openingAdjustments/names           401 403 ok  ok
  GET  /api/repairsCost                        401 403 ok  ok
  POST /api/repairsCost                        401 403 ok  ok
  GET  /api/repairsCost/dates                  401 403 ok  ok
  GET  /api/repairsCost/names                  401 403 ok  ok
  POST /api/entries/:id/void                   401 403 ok  ok
  GET  /api/entries/:id                        401 403 ok  ok
  POST /api/entries/:id/correct                401 403 ok  ok
  GET  /api/entries/recent                     401 403 ok  ok
  GET  /api/ledger                             401 403 ok  ok
  GET  /api/ledger/:id                         401 403 ok  ok
  GET  /api/dashboard                          401 403 ok  ok
  GET  /api/production                         401 403 ok  ok
  GET  /api/overview                           401 403 ok  ok
  GET  /api/dues                               401 403 ok  ok
  POST /api/partners/:id/share                 401 403 ok  ok
  GET  /api/partners/:id/share                 401 403 ok  ok
  DELETE /api/partners/:id/share               401 403 ok  ok
  POST /api/partners/:id/remind                401 403 ok  ok
  GET  /api/shared/:token                      ok  ok  ok  ok
  POST /api/shared/:token/answer               ok  ok  ok  ok
  PUT  /api/dashboard                          401 403 ok  ok
  GET  /api/accounts                           401 403 ok  ok
  POST /api/accounts                           401 403 403 ok
  PUT  /api/accounts/:id                       401 403 403 ok
  GET  /api/transfers                          401 403 ok  ok
  POST /api/transfers                          401 403 ok  ok
  GET  /api/cashbook                           401 403 ok  ok
  GET  /api/cheques                            401 403 ok  ok
  POST /api/cheques/:id/deposit                401 403 ok  ok
  POST /api/cheques/:id/clear                  401 403 ok  ok
  POST /api/cheques/:id/bounce                 401 403 ok  ok
  POST /api/cheques/:id/cancel                 401 403 ok  ok
  GET  /api/day-close                          401 403 ok  ok
  POST /api/day-close                          401 403 ok  ok
  POST /api/day-close/:id/reopen               401 403 403 ok
  POST /api/import/dry-run                     401 403 403 ok
  POST /api/import                             401 403 403 ok
  GET  /api/import/batches                     401 403 403 ok
  POST /api/import/batches/:id/void            401 403 403 ok
  GET  /api/userDetailsData                    401 403 ok  ok
  POST /api/userDetailsData                    401 403 403 ok
  PUT  /api/userDetailsData/:id                401 403 403 ok
  GET  /api/import/templates/:file             401 403 403 ok
  GET  /api/export                             401 403 403 ok
  GET  /api/export.xlsx                        401 403 403 ok
`;

const NOBODY = '00000000-0000-4000-8000-000000000000';

/** An upload of one file no export has: the admin's answer is 400 (nothing read), the others' 401 or 403. */
const upload = (() => {
  const { payload, headers } = multipart([{ name: 'notes.txt', content: 'x' }]);
  return { body: payload.toString(), headers };
})();

/** The request a route's row makes when the table's route alone would not do (a query, a body, an id). */
const requests: Record<string, MatrixRow['request']> = {
  'GET /api/auth/*': { url: '/api/auth/get-session' },
  'GET /api/import/templates/:file': { url: '/api/import/templates/mWireData.xlsx' },
  'POST /api/auth/*': { url: '/api/auth/sign-out', body: {} },
  'GET /api/export.xlsx': { url: '/api/export.xlsx?from=2026-01-01&to=2026-01-31' },
  'POST /api/loggedInUsers': { url: '/api/loggedInUsers', body: { name: 'Same Name', email: ':email' } },
  'PUT /api/loggedInUsers/admin/:id': { url: '/api/loggedInUsers/admin/:self', body: { role: 'acounts' } },
  // An account nobody has: the admin's answer is 404, the others' 401 or 403 before it is looked up.
  'POST /api/loggedInUsers/:id/demote': { url: `/api/loggedInUsers/${NOBODY}/demote`, body: { role: 'acounts' } },
  'POST /api/loggedInUsers/:id/stop': { url: `/api/loggedInUsers/${NOBODY}/stop`, body: {} },
  'POST /api/loggedInUsers/:id/resume': { url: `/api/loggedInUsers/${NOBODY}/resume`, body: {} },
  'POST /api/entries/:id/void': { url: '/api/entries/999999/void', body: { reason: 'typo' } },
  'GET /api/entries/recent': { url: '/api/entries/recent?group=cashIn' },
  'PUT /api/fire/:id': { url: '/api/fire/999999', body: { fire_time: '1' } },
  'PUT /api/assetsCost/:id': { url: '/api/assetsCost/999999', body: { sold_amount: '1' } },
  // A shared statement's token nobody was given: 404 for everyone (share.test.ts opens a real one).
  'GET /api/shared/:token': { url: `/api/shared/${'A'.repeat(32)}` },
  'POST /api/shared/:token/answer': { url: `/api/shared/${'A'.repeat(32)}/answer`, body: { answer: 'confirm' } },
  'POST /api/partners/:id/remind': { url: '/api/partners/999999/remind', body: { channel: 'whatsapp' } },
  'POST /api/import/dry-run': { url: '/api/import/dry-run', ...upload },
  'POST /api/import': { url: '/api/import', ...upload },
  'POST /api/import/batches/:id/void': { url: '/api/import/batches/999999/void', body: { reason: 'none such' } },
};

/** The rows of a table written as above (a test may add rows of its own, for a kind of its own). */
export function parseAccessTable(text: string): Record<string, MatrixRow> {
  const rows: Record<string, MatrixRow> = {};
  for (const line of text.trim().split('\n').slice(1)) {
    const [method, url, ...outcomes] = line.trim().split(/\s+/);
    if (!method || !url || outcomes.length !== callers.length) throw new Error(`access table: cannot read "${line}"`);
    const route = `${method} ${url}`;
    const expect = Object.fromEntries(callers.map((c, i) => [c, outcomes[i] === 'ok' ? 'ok' : (Number(outcomes[i]) as Outcome)])) as Record<Caller, Outcome>;
    const request = requests[route] ?? { url: url.replace(':id', '999999'), ...(method === 'GET' ? {} : { body: {} }) };
    rows[route] = { request, expect };
  }
  return rows;
}

export const authorizationMatrix: Record<string, MatrixRow> = parseAccessTable(accessTable);
