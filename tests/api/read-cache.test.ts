import { sql } from 'kysely';
import { writeTransaction } from '../../src/server/db/write.ts';
import { applyToSummary, getSummary } from '../../src/server/modules/books/repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, kindNamed, partnerBody } from '../helpers/factories.ts';

// On SQLite the server keeps the session of a cookie and the header's figures in memory between
// requests (issue 14, decision 0009). What a person relies on must not change: a sign-out, a
// promotion, a removed session or a new entry shows on the very next request, even when the
// same request was answered a moment before. On PostgreSQL nothing is kept; the same tests hold.
const income = kindNamed('msWire');

describe.each(dialects)('what the server keeps between requests, on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  const client = 'Cache Client';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin', 'Cache Admin')).agent;
    expect((await admin.post('/api/userDetailsData', partnerBody('Client', client))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  /** The same cookies in a second client: what a stolen or second tab's cookie would do. */
  const twin = (agent: Agent) => {
    const other = new Agent(t.app);
    for (const [k, v] of agent.cookies) other.cookies.set(k, v);
    return other;
  };

  it('a sign-out ends the session at once, for every holder of its cookie', async () => {
    const { agent } = await t.signedIn('acounts');
    const copy = twin(agent);
    for (let i = 0; i < 3; i++) expect((await copy.get('/api/dashboard')).statusCode).toBe(200);
    expect((await agent.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await copy.get('/api/dashboard')).statusCode).toBe(401);
  });

  it('a promotion opens the books on the next request; a session removed in the database closes them', async () => {
    const { agent, user } = await t.signedIn('user');
    expect((await agent.get('/api/dashboard')).statusCode).toBe(403);
    expect((await agent.get('/api/dashboard')).json().error.message).toBe('you are not acounts');
    expect((await admin.put(`/api/loggedInUsers/admin/${user.id}`, { role: 'acounts' })).statusCode).toBe(200);
    expect((await agent.get('/api/dashboard')).statusCode).toBe(200);

    // An expired session (as the clock or an admin would end it) is no session.
    await sql`update session set "expiresAt" = ${dialect === 'sqlite' ? new Date(Date.now() - 1000).getTime() : new Date(Date.now() - 1000)} where "userId" = ${user.id}`.execute(
      t.app.deps.database.db,
    );
    expect((await agent.get('/api/dashboard')).statusCode).toBe(401);
  });

  it("the header's figures follow every entry and every void, read just before and just after", async () => {
    const { agent } = await t.signedIn('acounts');
    const figures = async () => {
      const res = await agent.get('/api/dashboard');
      // Written out once per summary row, and still sent as JSON.
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json().data as { current_balance: number; wire_stock: number };
    };
    const before = await figures();
    expect(await figures()).toEqual(before);

    const sale = await agent.post(`/api/${income.path}`, entryBody(income, { paid_amount: '1234.50', weight: '10' }, client));
    expect(sale.statusCode, sale.body).toBe(201);
    const after = await figures();
    expect(Math.round((after.current_balance - before.current_balance) * 100)).toBe(123450);
    expect(Math.round((before.wire_stock - after.wire_stock) * 1000)).toBe(10000);

    const id = sale.json().data.id as number;
    expect((await agent.post(`/api/entries/${id}/void`, { reason: 'typed twice' })).statusCode).toBe(200);
    expect(await figures()).toEqual(before);
  });

  it('an entry finds the partners as they are now: one just added, one just renamed, never the old name', async () => {
    const { agent } = await t.signedIn('acounts');
    const sale = (name: string) => agent.post(`/api/${income.path}`, entryBody(income, { paid_amount: '100', weight: '1' }, name));
    const refused = 'name: choose a Client from the partner list';
    // Asked before the partner exists: the answer 'nobody' must not outlive the partner's creation.
    expect((await sale('Cache Newcomer')).json().error?.message).toBe(refused);
    const created = await admin.post('/api/userDetailsData', partnerBody('Client', 'Cache Newcomer'));
    expect(created.statusCode).toBe(201);
    expect((await sale('Cache Newcomer')).statusCode).toBe(201);

    const id = created.json().data.id as number;
    const renamed = await admin.put(`/api/userDetailsData/${id}`, partnerBody('Client', 'Cache Renamed'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await sale('Cache Newcomer')).json().error?.message).toBe(refused);
    const after = await sale('Cache Renamed');
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().data.name).toBe('Cache Renamed');
  });

  it('figures asked while a write is under way are the committed ones, and a rolled back write leaves them as they were', async () => {
    const db = t.app.deps.database.db;
    const before = await getSummary(db);
    let during: unknown;
    const write = writeTransaction(db, async (trx) => {
      await applyToSummary(trx, 12_345, 678);
      during = getSummary(db);
      throw new Error('changed my mind');
    });
    await expect(write).rejects.toThrow('changed my mind');
    expect(await during).toEqual(before);
    expect(await getSummary(db)).toEqual(before);
  });
});
