import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { hashToken } from '../../src/server/modules/share/service.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// The statement in the party's hands (issue 29 items 3–6): a link per party, stored hashed,
// revocable and expiring; its page and JSON without sign-in; the party's confirm or dispute on
// the due list; wrong tokens throttled per address in the database.

describe.each(dialects)('shared statements on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let admin: Agent;
  let client = 0;
  let supplier = 0;
  let addressNo = 0;
  /** A request from an address of its own (the throttle counts per address). */
  const from = (ip: string) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip }),
    form: (url: string, form: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
    json: (url: string, body: unknown) => t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body as Record<string, unknown> }),
  });
  const fresh = () => from(`10.9.0.${++addressNo}`);
  const pathOf = (url: string) => new URL(url).pathname;
  const tokenOf = (url: string) => pathOf(url).split('/').pop() as string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    acc = (await t.signedIn('acounts')).agent;
    admin = (await t.signedIn('admin')).agent;
    client = (await admin.post('/api/userDetailsData', partnerBody('Client', 'Share Client'))).json().data.id;
    supplier = (await admin.post('/api/userDetailsData', partnerBody('Wood Powder Agent', 'Share Supplier'))).json().data.id;
    // A sale of 1,000 on credit, 400 paid: the client owes 600.
    const sale = await acc.post(
      '/api/mWireData',
      entryBody('msWire', { size: '12', weight: '100', price: '10', paid_amount: '400', discount_amount: '0', note: 'first lot' }, 'Share Client'),
    );
    expect(sale.statusCode, sale.body).toBe(201);
  });
  afterAll(() => t.close());

  it('makes a link of 192 random bits, kept only as its sha256, valid 30 days', async () => {
    const res = await acc.post(`/api/partners/${client}/share`, { lang: 'bn' });
    expect(res.statusCode, res.body).toBe(201);
    const { url, expires_at, lang } = res.json().data;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/s\/[A-Za-z0-9_-]{32}$/);
    expect(lang).toBe('bn');
    const days = (Date.parse(expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const stored = await t.app.deps.database.db.selectFrom('share_links').selectAll().where('partner_id', '=', client).execute();
    expect(stored.map((s) => s.token_hash)).toContain(hashToken(tokenOf(url)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url));
  });

  it('opens without signing in: that party’s ledger only, in its language, noindex, no referrer, a strict CSP', async () => {
    const { url } = (await acc.post(`/api/partners/${client}/share`, { lang: 'bn' })).json().data;
    const page = await fresh().get(pathOf(url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).toContain('<html lang="bn">');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('Share Client এর হিসাব বিবরণী');
    expect(page.body).toContain('ছয়শত টাকা মাত্র'); // 600 in words
    expect(page.body).toContain('AMA Metal &#38; Wire Industries');
    expect(page.body).not.toContain('Share Supplier');
    expect(page.body).not.toMatch(/acounts \d/); // who wrote the entry (issued_by)
    const json = await fresh().get(`/api/shared/${tokenOf(url)}`);
    expect(json.statusCode, json.body).toBe(200);
    const data = json.json().data;
    expect(data).toMatchObject({ party: { name: 'Share Client', catagories: 'Client' }, lang: 'bn', opening: 0, closing: 600 });
    expect(data.rows).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/issued_by|acounts \d|partner_id|"id"/);
    // The factory sees when it was first and last opened.
    const status = (await acc.get(`/api/partners/${client}/share`)).json().data;
    expect(status.link.first_opened_at).toBeTruthy();
    expect(status.link.last_opened_at >= status.link.first_opened_at).toBe(true);
  });

  it('remembers the party’s language on the link', async () => {
    const { url } = (await acc.post(`/api/partners/${client}/share`, { lang: 'bn' })).json().data;
    const ip = fresh();
    const switched = await ip.form(pathOf(url), { lang: 'en' });
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe(pathOf(url));
    expect((await ip.get(pathOf(url))).body).toContain('Statement of Share Client');
    expect((await acc.get(`/api/partners/${client}/share`)).json().data.link.lang).toBe('en');
  });

  it('a new link revokes the old; revoking answers 410 with a plain page', async () => {
    const old = (await acc.post(`/api/partners/${client}/share`, {})).json().data.url;
    const next = (await acc.post(`/api/partners/${client}/share`, {})).json().data.url;
    const gone = await fresh().get(pathOf(old));
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This link is no longer valid');
    expect(gone.body).not.toContain('Share Client');
    expect((await fresh().get(`/api/shared/${tokenOf(old)}`)).statusCode).toBe(410);
    expect((await fresh().get(pathOf(next))).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/partners/${client}/share`,
      headers: { cookie: cookieOf(acc), origin: 'http://localhost:3000' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revoked).toBe(1);
    expect((await fresh().get(pathOf(next))).statusCode).toBe(410);
    expect((await acc.get(`/api/partners/${client}/share`)).json().data.link).toBeNull();
  });

  it('an expired link answers 410', async () => {
    const { url } = (await acc.post(`/api/partners/${supplier}/share`, { days: 1 })).json().data;
    await t.app.deps.database.db
      .updateTable('share_links')
      .set({ created_at: new Date(Date.now() - 86_401_000).toISOString(), expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(tokenOf(url)))
      .execute();
    expect((await fresh().get(pathOf(url))).statusCode).toBe(410);
  });

  it('the party confirms or disputes; the answer, time and balance show on the due list, audited', async () => {
    const { url } = (await acc.post(`/api/partners/${client}/share`, { lang: 'bn' })).json().data;
    const ip = fresh();
    const confirmed = await ip.form(pathOf(url), { answer: 'confirm' });
    expect(confirmed.statusCode).toBe(303);
    expect((await ip.get(pathOf(url))).body).toContain('জের নিশ্চিত করেছেন');
    let row = (await acc.get('/api/dues?side=receivable')).json().data.rows.find((r: { name: string }) => r.name === 'Share Client');
    expect(row.last_answer).toMatchObject({ answer: 'confirm', note: null, balance: 600 });
    // The page's own form without a note (a browser that let it through): the page again, 400, the problem by its field in the link's language; nothing recorded.
    const blankForm = await ip.form(pathOf(url), { answer: 'dispute', note: '  ' });
    expect(blankForm.statusCode).toBe(400);
    expect(blankForm.headers['content-type']).toContain('text/html');
    expect(blankForm.body).toContain('ব্যালান্সে কী ভুল তা লিখুন');
    expect(blankForm.body).toContain('aria-invalid="true"');
    expect(blankForm.body).toContain('Share Client');
    const noNote = await ip.json(`/api/shared/${tokenOf(url)}/answer`, { answer: 'dispute' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.code).toBe('dispute_note_required');
    const disputed = await ip.json(`/api/shared/${tokenOf(url)}/answer`, { answer: 'dispute', note: 'the 400 paid on Monday is missing' });
    expect(disputed.statusCode, disputed.body).toBe(201);
    row = (await acc.get('/api/dues?side=receivable')).json().data.rows.find((r: { name: string }) => r.name === 'Share Client');
    expect(row.last_answer).toMatchObject({ answer: 'dispute', note: 'the 400 paid on Monday is missing', balance: 600 });
    // Beside the party's ledger too.
    const ledger = (await acc.get(`/api/ledger/${client}`)).json().data;
    expect(ledger.last_answer).toMatchObject({ answer: 'dispute', note: 'the 400 paid on Monday is missing', balance: 600 });
    expect((await acc.get(`/api/ledger/${supplier}`)).json().data.last_answer).toBeNull();
    const audit = await t.app.deps.database.db.selectFrom('audit_log').selectAll().where('action', 'like', 'statement-%').execute();
    expect(audit.map((a) => a.action)).toEqual(['statement-confirm', 'statement-dispute']);
    expect(audit[0]?.actor_name).toBe('Share Client');
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('works for a supplier: what we owe it', async () => {
    // 10 bags at 200 bought on credit, 500 paid: we owe 1,500.
    const purchase = await acc.post(
      '/api/powderCost',
      entryBody('woodPowder', { qunatity: '10', price: '200', paid_amount: '500', discount_amount: '0', note: 'on credit' }, 'Share Supplier'),
    );
    expect(purchase.statusCode, purchase.body).toBe(201);
    const { url } = (await acc.post(`/api/partners/${supplier}/share`, {})).json().data;
    const page = await fresh().get(pathOf(url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Statement of Share Supplier');
    expect(page.body).toContain('we owe you');
    expect((await fresh().get(`/api/shared/${tokenOf(url)}`)).json().data.closing).toBe(-1500);
  });

  it('remembers when a party was last reminded', async () => {
    const res = await acc.post(`/api/partners/${client}/remind`, { channel: 'whatsapp' });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await acc.get('/api/dues?side=receivable')).json().data.rows.find((r: { name: string }) => r.name === 'Share Client');
    expect(row.last_reminded_at).toBe(res.json().data.at);
    expect((await acc.get(`/api/partners/${client}/share`)).json().data.last_reminded).toMatchObject({ channel: 'whatsapp' });
  });

  it('throttles wrong tokens per address, kept in the database, and leaks nothing', async () => {
    const { url } = (await acc.post(`/api/partners/${client}/share`, {})).json().data;
    const guesser = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await guesser.get(`/s/${'A'.repeat(31)}${i % 10}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Even the good token waits from that address; nothing of the party is shown.
    const held = await guesser.get(pathOf(url));
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.body).not.toContain('Share Client');
    const api = await guesser.get(`/api/shared/${'B'.repeat(32)}`);
    expect(api.statusCode).toBe(429);
    expect(api.json().error.code).toBe('link_throttled');
    // Another address is not held up; the count is in the database (every instance sees it).
    expect((await fresh().get(pathOf(url))).statusCode).toBe(200);
    const rows = await t.app.deps.database.db.selectFrom('address_failures').selectAll().execute();
    expect(rows.some((r) => r.key.startsWith('share:') && r.failures >= 5)).toBe(true);
    // A wrong token of any shape is refused (404; a NUL or an overlong address as everywhere), never a 500.
    const odd = fresh();
    for (const bad of ['x', 'a'.repeat(64), '..%2F..%2Fetc%2Fpasswd', '%00', 'a'.repeat(300)]) {
      const res = await odd.get(`/api/shared/${bad}`);
      expect([400, 404, 414], bad).toContain(res.statusCode);
      expect(res.body).not.toContain('Share Client');
    }
  });

  it.runIf(dialect === 'postgres')('two instances on one PostgreSQL database share the links and the throttle', async () => {
    // A second server on the same books: nothing it needs is in the first one's memory.
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.app.deps.database.db)).rows[0]?.s;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    const database = await openPostgres(url.toString());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_BUILD_DIR: '/nonexistent', DATA_DIR: '/tmp/ama-test-outbox' });
    const other = await buildApp({ config, database });
    try {
      const { url: link } = (await acc.post(`/api/partners/${client}/share`, {})).json().data;
      const onOther = (path: string, ip: string) => other.inject({ method: 'GET', url: path, remoteAddress: ip });
      expect((await onOther(pathOf(link), '10.8.0.1')).statusCode).toBe(200);
      // Wrong tokens from one address, on one instance and the other in turn: counted together.
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const path = `/api/shared/${'C'.repeat(31)}${i}`;
        statuses.push(i % 2 ? (await onOther(path, '10.8.0.2')).statusCode : (await from('10.8.0.2').get(path)).statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
      // Revoked on the first, gone on the second.
      await t.app.inject({ method: 'DELETE', url: `/api/partners/${client}/share`, headers: { cookie: cookieOf(acc), origin: 'http://localhost:3000' } });
      expect((await onOther(pathOf(link), '10.8.0.3')).statusCode).toBe(410);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('is for acounts and admin to make; anonymous and users are refused', async () => {
    expect((await fresh().json(`/api/partners/${client}/share`, {})).statusCode).toBe(401);
    const user = (await t.signedIn('user')).agent;
    expect((await user.post(`/api/partners/${client}/share`, {})).statusCode).toBe(403);
    expect((await admin.post(`/api/partners/${client}/share`, {})).statusCode).toBe(201);
    expect((await acc.post('/api/partners/999999/share', {})).statusCode).toBe(404);
  });
});

const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
