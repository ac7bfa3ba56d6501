import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// The interface language is kept on the account (docs/decisions/0015-bangla.md): a signed-in
// person sets it through better-auth's update-user, reads it back with the session; only en and
// bn are taken; nobody else's account is touched; the API's messages stay English.
describe.each(dialects)('the language on the account on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const langOf = async (agent: Agent) => (await agent.get('/api/auth/get-session')).json()?.user?.lang ?? null;

  it('is unset at first, kept when chosen, and follows the person to a new sign-in', async () => {
    const { agent, user } = await t.signedIn('acounts');
    expect(await langOf(agent)).toBeNull();
    expect((await agent.post('/api/auth/update-user', { lang: 'bn' })).statusCode).toBe(200);
    expect(await langOf(agent)).toBe('bn');

    const other = new Agent(t.app);
    expect((await other.signIn(user.email, 'Factory#2026')).statusCode).toBe(200);
    expect(await langOf(other)).toBe('bn');
    expect((await other.post('/api/auth/update-user', { lang: 'en' })).statusCode).toBe(200);
    expect(await langOf(agent)).toBe('en');
  });

  it.each([['fr'], [''], [1], [null], ['bn; drop table user']])('refuses the language %j with a 4xx and keeps the old one', async (lang) => {
    const { agent } = await t.signedIn('user');
    await agent.post('/api/auth/update-user', { lang: 'bn' });
    const res = await agent.post('/api/auth/update-user', { lang });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await langOf(agent)).toBe('bn');
  });

  it('cannot be set by a visitor, and a chosen language does not change the API’s English messages', async () => {
    expect((await new Agent(t.app).post('/api/auth/update-user', { lang: 'bn' })).statusCode).toBe(401);
    const { agent } = await t.signedIn('acounts');
    await agent.post('/api/auth/update-user', { lang: 'bn' });
    const res = await agent.post('/api/mWireData', { name: '', weight: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/is required$/);
  });
});
