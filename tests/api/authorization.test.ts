import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { type Caller, authorizationMatrix } from './authorization-matrix.ts';

describe.each(dialects)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('lists every /api route the server has, and nothing else', () => {
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(routes).toEqual(Object.keys(authorizationMatrix).sort());
  });

  // One signed-in caller per role, reused; a row that signs out gets fresh ones.
  const callers = new Map<Caller, { agent: Agent; self: { id: string; email: string } }>();
  async function callerFor(caller: Caller, fresh: boolean) {
    const cached = callers.get(caller);
    if (cached && !fresh) return cached;
    let made: { agent: Agent; self: { id: string; email: string } };
    if (caller === 'anonymous') made = { agent: new Agent(t.app), self: { id: 'nobody', email: 'nobody@example.com' } };
    else {
      const { agent, user } = await t.signedIn(caller);
      made = { agent, self: user };
    }
    if (!fresh) callers.set(caller, made);
    return made;
  }

  for (const [route, row] of Object.entries(authorizationMatrix)) {
    it(`${route}: ${Object.entries(row.expect)
      .map(([c, o]) => `${c} ${o}`)
      .join(', ')}`, async () => {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      for (const caller of Object.keys(row.expect) as Caller[]) {
        const { agent, self } = await callerFor(caller, route.startsWith('POST /api/auth/') || route.startsWith('PUT /api/loggedInUsers/'));
        const url = row.request.url.replace(':self', self.id);
        const raw = row.request.body;
        const body = raw === undefined || typeof raw === 'string' ? raw : JSON.parse(JSON.stringify(raw).replace(':email', self.email));
        const res = await agent.request(method, url, body, row.request.headers);
        const outcome = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'ok';
        expect(outcome, `${caller} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(row.expect[caller]);
        expect(res.statusCode, `${caller} got a server error`).toBeLessThan(500);
      }
    });
  }
});
