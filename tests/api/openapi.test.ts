import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KindDef, partnerCategories, registry } from '../../src/shared/registry.ts';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';
import { folderParts, upload } from '../helpers/multipart.ts';

// GET /api/openapi.json describes every /api route (spec §7 calls included, with their names as
// the spec spells them) from the routes' own schemas; every route is called here as a script
// would, and its real answer is validated against the document with a JSON Schema validator.

type Operation = {
  responses: Record<string, { content?: { 'application/json'?: { schema: object } } }>;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };

describe.each(dialects)('the API description on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let doc: Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const checked = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin')).agent;
    const res = await admin.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json() as Doc;
    // The document's shared schemas, for the $refs of its answers.
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  });
  afterAll(() => t.close());

  /** The answer's body fits the document's schema for its route and status. */
  function fits(method: string, url: string, status: number, body: unknown) {
    const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${url} is not in the document`);
    const answer = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`];
    const schema = answer?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${method} ${url}: no schema for ${status}`);
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object);
    if (!validate(body)) throw new Error(`${method} ${url} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    checked.add(`${method} ${url}`);
  }

  it('is OpenAPI 3.1 with every /api route the server has, the sign-in routes under /api/auth, and who may call each', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const r of t.app.contractRoutes) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()] as (Operation & { 'x-access'?: string }) | undefined;
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op?.['x-access']).toBe(r.access);
    }
    // The spec's calls, spelt as the spec spells them.
    for (const path of ['/api/mWireData', '/api/otherExpanses', '/api/userDetailsData', '/api/loggedInUsers', '/api/dashboard', '/api/fire/{id}'])
      expect(Object.keys(doc.paths)).toContain(path);
    expect(doc.paths['/api/auth/sign-in/email']?.post).toBeDefined();
    expect(Object.keys(doc.paths).filter((p) => p === '/api/auth/token' || p.startsWith('/api/auth/open-api'))).toEqual([]);
    // The query of a list says its spec spelling: issue_date>=YYYY-MM-DD is the key `issue_date>`.
    expect(doc.paths['/api/mWireData']?.get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['s', 'issue_date>', 'issue_date<', 'limit']));
    expect(doc.paths['/api/mWireData']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/import']?.post?.requestBody).toMatchObject({ content: { 'multipart/form-data': { schema: { required: ['files'] } } } });
  });

  it("validates every route's real answers against the document", async () => {
    // Books with one partner of each category and one entry of each kind.
    const partners: Record<string, number> = {};
    for (const c of partnerCategories) {
      const res = await admin.post('/api/userDetailsData', partnerBody(c, `OpenAPI ${c}`));
      fits('POST', '/api/userDetailsData', res.statusCode, res.json());
      partners[c] = res.json().data.id;
    }
    const party = (cats: readonly string[]) => `OpenAPI ${cats[0]}`;
    const entries = new Map<KindDef, number>();
    for (const kind of registry.kinds) {
      const res = await admin.post(`/api/${kind.path}`, entryBody(kind, {}, party));
      expect(res.statusCode, `${kind.path}: ${res.body}`).toBe(201);
      fits('POST', `/api/${kind.path}`, 201, res.json());
      entries.set(kind, res.json().data.id);
      for (const suffix of ['', '/dates', '/names']) {
        const list = await admin.get(`/api/${kind.path}${suffix}`);
        fits('GET', `/api/${kind.path}${suffix}`, list.statusCode, list.json());
      }
      if (kind.lifecycle) {
        const value = kind.lifecycle.action === 'sell' ? '100' : 'Ended well';
        const done = await admin.put(`/api/${kind.path}/${entries.get(kind)}`, { [kind.lifecycle.value.name]: value });
        expect(done.statusCode, done.body).toBe(200);
        fits('PUT', `/api/${kind.path}/:id`, 200, done.json());
      }
    }
    const someKind = registry.kinds.find((k) => k.path === 'mWireData') as KindDef;
    const someEntry = entries.get(someKind) as number;
    const calls: [string, string, string, unknown?][] = [
      ['GET', '/api/health', '/api/health'],
      ['GET', '/api/config', '/api/config'],
      ['GET', '/api/dashboard', '/api/dashboard'],
      ['PUT', '/api/dashboard', '/api/dashboard', { wire_stock: '10' }],
      ['GET', '/api/overview', '/api/overview'],
      ['GET', '/api/production', '/api/production'],
      ['GET', '/api/dues', '/api/dues'],
      ['GET', '/api/ledger', '/api/ledger'],
      ['GET', '/api/ledger/:id', `/api/ledger/${partners.Client}`],
      ['GET', '/api/userDetailsData', '/api/userDetailsData'],
      ['PUT', '/api/userDetailsData/:id', `/api/userDetailsData/${partners.Client}`, partnerBody('Client', 'OpenAPI Client')],
      ['GET', '/api/entries/recent', '/api/entries/recent?group=cashIn'],
      ['GET', '/api/entries/:id', `/api/entries/${someEntry}`],
      ['POST', '/api/entries/:id/correct', `/api/entries/${someEntry}/correct`, { ...entryBody(someKind, {}, party), reason: 'typo' }],
      [
        'POST',
        '/api/entries/:id/void',
        `/api/entries/${entries.get(registry.kinds.find((k) => k.path === 'otherExpanses') as KindDef)}/void`,
        { reason: 'typed twice' },
      ],
      ['GET', '/api/accounts', '/api/accounts'],
      ['POST', '/api/accounts', '/api/accounts', { name: 'OpenAPI Bank', type: 'bank', bank: 'City Bank', number: '1' }],
      ['PUT', '/api/accounts/:id', '/api/accounts/1', { name: 'Cash box' }],
      ['POST', '/api/transfers', '/api/transfers', { from_account_id: 1, to_account_id: 2, amount: '10', fee: '1', note: 'deposit' }],
      ['GET', '/api/transfers', '/api/transfers'],
      ['GET', '/api/cashbook', '/api/cashbook?account_id=1'],
      [
        'POST',
        '/api/receiptData',
        '/api/receiptData',
        { partner_id: partners.Client, paid_amount: '500', payment: 'cheque', cheque_no: 'C-1', cheque_bank: 'Sonali', cheque_date: '2099-01-01' },
      ],
      ['GET', '/api/cheques', '/api/cheques?state=in_hand'],
      ['POST', '/api/cheques/:id/deposit', '/api/cheques/1/deposit', { account_id: 2 }],
      ['POST', '/api/cheques/:id/clear', '/api/cheques/1/clear', {}],
      [
        'POST',
        '/api/paymentData',
        '/api/paymentData',
        { partner_id: partners.Client, paid_amount: '5', payment: 'cheque', cheque_no: 'P-1', cheque_bank: 'City', cheque_date: '2099-01-01', account_id: 2 },
      ],
      ['POST', '/api/cheques/:id/bounce', '/api/cheques/2/bounce', { reason: 'no funds' }],
      [
        'POST',
        '/api/paymentData',
        '/api/paymentData',
        { partner_id: partners.Client, paid_amount: '5', payment: 'cheque', cheque_no: 'P-2', cheque_bank: 'City', cheque_date: '2099-01-01', account_id: 2 },
      ],
      ['POST', '/api/cheques/:id/cancel', '/api/cheques/3/cancel', {}],
      ['GET', '/api/dashboard', '/api/dashboard'],
      ['POST', '/api/day-close', '/api/day-close', { account_id: 2, date: '2026-01-05', counted: '0' }],
      ['GET', '/api/day-close', '/api/day-close?account_id=2'],
      ['POST', '/api/day-close/:id/reopen', '/api/day-close/1/reopen', { reason: 'counted wrong' }],
      ['GET', '/api/loggedInUsers', '/api/loggedInUsers'],
      ['POST', '/api/jwt', '/api/jwt', {}],
      ['GET', '/api/openapi.json', '/api/openapi.json'],
    ];
    for (const [method, route, url, body] of calls) {
      const res = await admin.request(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      fits(method, route, res.statusCode, res.json());
    }
    const me = await admin.get('/api/loggedInUsers');
    const self = (me.json().data as { id: string; email: string; role: string }[]).find((u) => u.role === 'admin') as { id: string; email: string };
    const record = await admin.post('/api/loggedInUsers', { name: 'Owner Renamed', email: self.email });
    fits('POST', '/api/loggedInUsers', record.statusCode, record.json());
    const staff = await t.signedIn('user');
    const promoted = await admin.put(`/api/loggedInUsers/admin/${staff.user.id}`, { role: 'acounts' });
    fits('PUT', '/api/loggedInUsers/admin/:id', promoted.statusCode, promoted.json());
    for (const [route, body] of [
      ['/api/loggedInUsers/:id/stop', {}],
      ['/api/loggedInUsers/:id/resume', {}],
      ['/api/loggedInUsers/:id/demote', { role: 'user' }],
    ] as const) {
      const res = await admin.post(route.replace(':id', staff.user.id), body);
      expect(res.statusCode, res.body).toBe(200);
      fits('POST', route, res.statusCode, res.json());
    }
    const changes = await admin.get('/api/loggedInUsers/changes');
    fits('GET', '/api/loggedInUsers/changes', changes.statusCode, changes.json());

    // A party's shared statement: made, opened without signing in, answered, reminded, revoked.
    const shared = await admin.post(`/api/partners/${partners.Client}/share`, { lang: 'bn' });
    fits('POST', '/api/partners/:id/share', shared.statusCode, shared.json());
    const token = new URL(shared.json().data.url as string).pathname.split('/').pop() as string;
    const opened = await new Agent(t.app).get(`/api/shared/${token}`);
    fits('GET', '/api/shared/:token', opened.statusCode, opened.json());
    const answered = await new Agent(t.app).post(`/api/shared/${token}/answer`, { answer: 'dispute', note: 'one payment missing' });
    fits('POST', '/api/shared/:token/answer', answered.statusCode, answered.json());
    const reminded = await admin.post(`/api/partners/${partners.Client}/remind`, { channel: 'sms' });
    fits('POST', '/api/partners/:id/remind', reminded.statusCode, reminded.json());
    const status = await admin.get(`/api/partners/${partners.Client}/share`);
    fits('GET', '/api/partners/:id/share', status.statusCode, status.json());
    const revoked = await admin.request('DELETE', `/api/partners/${partners.Client}/share`);
    fits('DELETE', '/api/partners/:id/share', revoked.statusCode, revoked.json());
    for (const res of [shared, opened, answered, reminded, status, revoked]) expect(res.statusCode, res.body).toBeLessThan(300);

    // The export and the accountant's workbook: files, each described by its media type.
    for (const [route, url, type] of [
      ['/api/export', '/api/export', 'application/zip'],
      ['/api/export.xlsx', '/api/export.xlsx?from=2026-01-01&to=2026-01-31', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      const file = await admin.get(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(Object.keys(doc.paths[route]?.get?.responses['200']?.content ?? {})).toEqual([type]);
      checked.add(`GET ${route}`);
    }
    // The old system's import (multipart uploads): the dry run, the refusal with its report, the import, the batches, the void.
    const sample = folderParts(path.join(import.meta.dirname, '../fixtures/old-system'));
    const dryRun = await upload(admin, '/api/import/dry-run', sample);
    const refusedImport = await upload(admin, '/api/import', sample);
    const imported = await upload(admin, '/api/import', [...sample, { name: 'skip_bad_rows', content: 'true', file: false }]);
    const batches = await admin.get('/api/import/batches');
    const voidedBatch = await admin.post(`/api/import/batches/${imported.json().data.batch_id}/void`, { reason: 'openapi test' });
    expect([dryRun, refusedImport, imported, batches, voidedBatch].map((r) => r.statusCode)).toEqual([200, 422, 200, 200, 200]);
    fits('POST', '/api/import/dry-run', 200, dryRun.json());
    fits('POST', '/api/import', 422, refusedImport.json());
    fits('POST', '/api/import', 200, imported.json());
    fits('GET', '/api/import/batches', 200, batches.json());
    fits('POST', '/api/import/batches/:id/void', 200, voidedBatch.json());
    // An import template is a file, not JSON: the document lists it, and it answers one.
    for (const file of ['mWireData.xlsx', 'partners.csv']) {
      const template = await admin.get(`/api/import/templates/${file}?lang=bn`);
      expect(template.statusCode, template.body.slice(0, 300)).toBe(200);
      expect(template.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    }
    expect(doc.paths['/api/import/templates/{file}']?.get).toBeDefined();
    checked.add('GET /api/import/templates/:file');

    // A refusal fits the document too (every route's 4XX is the one refusal shape).
    const refused = await admin.post('/api/mWireData', {});
    expect(refused.statusCode).toBe(400);
    fits('POST', '/api/mWireData', 400, refused.json());

    // Every route of the server was called and its answer checked (the sign-in routes are better-auth's own).
    const all = t.app.contractRoutes.map((r) => `${r.method} ${r.url}`);
    expect(all.filter((r) => !checked.has(r))).toEqual([]);
  });
});
