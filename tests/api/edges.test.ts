import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// The edges of every request (issue 14): errors in the app's shape without database text,
// bodies only as UTF-8 JSON with each key once, slow bodies timed out, tokens from POST /api/jwt only.

describe.each(dialects)('request edges on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  const count = async () =>
    Number(
      (
        await t.app.deps.database.db
          .selectFrom('entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  beforeAll(async () => {
    t = await createTestApp(dialect);
    acc = (await t.signedIn('acounts')).agent;
  });
  afterAll(() => t.close());

  it('answers a malformed address in the app error shape', async () => {
    for (const url of ['/api/%ZZ', '/api/assetsCost/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'bad_address', message: 'The address is not valid' } });
    }
  });

  it('refuses text in another character set (415) and bytes that are not UTF-8 (400); nothing written', async () => {
    const before = await count();
    const latin = await acc.post('/api/assetsCost', Buffer.from('{"name":"Caf\xe9","paid_amount":"1"}', 'latin1'), {
      'content-type': 'application/json; charset=latin1',
    });
    expect(latin.statusCode).toBe(415);
    expect(latin.json()).toEqual({ error: { code: 'body_not_utf8_charset', message: 'Send the body as UTF-8 (charset=utf-8)' } });
    const bad = await acc.post('/api/assetsCost', Buffer.from([...Buffer.from('{"name":"Press '), 0xff, 0xfe, ...Buffer.from('","paid_amount":"1"}')]), {
      'content-type': 'application/json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'body_not_utf8', message: 'The body is not valid UTF-8: send the text as UTF-8' } });
    const signIn = await acc.post('/api/auth/sign-in/email', Buffer.from('{"email":"a@b.c","password":"\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9"}', 'latin1'), {
      'content-type': 'application/json; charset=iso-8859-1',
    });
    expect(signIn.statusCode).toBe(415);
    const ok = await acc.post('/api/assetsCost', { name: 'Café press', paid_amount: '1' }, { 'content-type': 'application/json; charset=UTF-8' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.name).toBe('Café press');
    expect(await count()).toBe(before + 1);
  });

  it('refuses a key given twice, at any depth, naming it; nothing written', async () => {
    const before = await count();
    const twice = await acc.post('/api/assetsCost', '{"name":"Press","paid_amount":"1","paid_amount":"1000"}', { 'content-type': 'application/json' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ error: { code: 'field_twice', message: 'paid_amount: is given twice; send each field once', field: 'paid_amount' } });
    const escaped = await acc.post('/api/assetsCost', '{"name":"Press","paid_amount":"1","n\\u0061me":"Other"}', { 'content-type': 'application/json' });
    expect(escaped.json().error.field).toBe('name');
    const nested = await acc.post('/api/assetsCost', '{"name":"a \\" [{","x":[{"k":1},{"k":2,"k":3}]}', { 'content-type': 'application/json' });
    expect(nested.json().error.field).toBe('k');
    // The same key in two different objects is not a duplicate: refused for other reasons only.
    const separate = await acc.post('/api/assetsCost', '{"name":"Press","paid_amount":"1","note":"a","x":[{"k":1},{"k":2}]}', {
      'content-type': 'application/json',
    });
    expect(separate.json().error.field).toBe('x');
    expect(await count()).toBe(before);
  });

  it('issues bearer tokens from POST /api/jwt only', async () => {
    const token = await acc.get('/api/auth/token');
    expect(token.statusCode).toBe(404);
    expect(token.json()).toEqual({ error: { code: 'not_found', message: 'Not Found' } });
    expect((await acc.post('/api/jwt')).statusCode).toBe(200);
  });

  it('answers auth refusals in the app shape too, keeping their code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: { email: 'nobody@example.com', password: 'Wrong#Password1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { message: expect.any(String), code: 'wrong_credentials' }, code: 'INVALID_EMAIL_OR_PASSWORD' });
  });
});

describe('auth server errors', () => {
  it('never show the database text', async () => {
    const t = await createTestApp('sqlite');
    try {
      await sql`alter table session rename to session_gone`.execute(t.app.deps.database.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload: { email: 'x@example.com', password: 'Secret#2026x' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toMatch(/session|sqlite|table/i);
      expect(res.json().error.message).toEqual(expect.any(String));
    } finally {
      await sql`alter table session_gone rename to session`.execute(t.app.deps.database.db);
      await t.close();
    }
  });

  it('a body that stops arriving is answered 408 and closed', async () => {
    // The server's limit is 20 s; the same path is driven here with a 1 s limit, so the test waits 1-2 s.
    const standard = await createTestApp('sqlite');
    try {
      expect([standard.app.server.requestTimeout, standard.app.server.headersTimeout]).toEqual([20_000, 20_000]);
    } finally {
      await standard.close();
    }
    const t = await createTestApp('sqlite', {}, { requestTimeoutMs: 1_000 });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect([t.app.server.requestTimeout, t.app.server.headersTimeout]).toEqual([1_000, 1_000]);
      const { port } = t.app.server.address() as net.AddressInfo;
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write('POST /api/assetsCost HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":');
        });
        let got = '';
        socket.on('data', (d) => (got += d.toString()));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // Not before the limit: the body had its full second to arrive.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    } finally {
      await t.close();
    }
  });
});
