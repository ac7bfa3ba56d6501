import { executionAsyncResource } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { TEST_PASSWORD } from '../helpers/factories.ts';
import { createVerifiedAccount } from '../../src/server/auth/accounts.ts';

// better-auth's AsyncLocalStorages turn on Node 20's promise hooks for the whole process, which
// slowed every request of the books (src/server/auth/async-context.ts). They must be on while
// better-auth works, so that each sign-in keeps its own context, and off once it is done.

/**
 * Whether Node runs promise hooks now: with them on, each continuation after an `await` runs as
 * its own async resource; with them off, as the callback that started the chain.
 */
function promiseHooksOn(): Promise<boolean> {
  return new Promise((resolve) =>
    setImmediate(async () => {
      await null;
      const first = executionAsyncResource();
      await null;
      resolve(executionAsyncResource() !== first);
    }),
  );
}

describe('promise hooks around better-auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('are off once a sign-in, a session check and a sign-out are done', async () => {
    const { agent } = await t.signedIn('acounts');
    expect(await promiseHooksOn()).toBe(false);
    // The session checked by better-auth itself, not the server's own reader.
    const session = await agent.get('/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    expect(await promiseHooksOn()).toBe(false);
    expect((await agent.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect(await promiseHooksOn()).toBe(false);
  });

  it('leave each of many sign-ins at once its own context, and are off when all are done', async () => {
    const people = Array.from({ length: 12 }, (_, i) => ({ email: `hooks${i}@example.com`, name: `Hooks Person ${i}` }));
    for (const p of people) await createVerifiedAccount(t.app.auth, { ...p, password: TEST_PASSWORD, role: 'acounts' });
    const agents = people.map(() => new Agent(t.app));
    const signIns = await Promise.all(people.map((p, i) => agents[i]!.signIn(p.email, TEST_PASSWORD)));
    expect(signIns.map((r) => r.statusCode)).toEqual(people.map(() => 200));
    // Each session is its owner's, asked of better-auth all at once.
    const sessions = await Promise.all(agents.map((a) => a.get('/api/auth/get-session')));
    expect(sessions.map((r) => r.json().user.email)).toEqual(people.map((p) => p.email));
    expect(await promiseHooksOn()).toBe(false);
    // And again after the hooks were turned off and on: a second round works the same.
    const again = await Promise.all(agents.map((a) => a.get('/api/auth/get-session')));
    expect(again.map((r) => r.json().user.email)).toEqual(people.map((p) => p.email));
    expect(await promiseHooksOn()).toBe(false);
  });
});
