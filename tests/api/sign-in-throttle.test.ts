import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../../src/server/auth/accounts.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// Sign-in throttled per account (issue 14): guessing one account's password from ever new
// addresses is slowed by growing delays, while its owner, from an address they signed in from
// before, still gets in with the right password.

describe.each(dialects)('sign-in throttling per account on %s', (dialect) => {
  let t: TestApp;
  const owner = { email: `owner-${dialect}@example.com`, password: 'Owner#Secret2026', name: 'Owner' };
  const signIn = (password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: { email: owner.email, password },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createVerifiedAccount(t.app.auth, { ...owner, role: 'admin' });
  });
  afterAll(() => t.close());

  it('slows guesses from many addresses with growing delays; the owner from a known address still signs in', async () => {
    // The owner's usual address.
    expect((await signIn(owner.password, '192.0.2.10')).statusCode).toBe(200);
    const guesses = [];
    for (let i = 1; i <= 8; i++) guesses.push((await signIn(`Guess#Number${i}`, `198.51.100.${i}`)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const held = await signIn('Guess#Number9', '203.0.113.9');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      error: { code: 'sign_in_throttled', message: 'Too many failed sign-ins for this account: try again in 1 seconds', params: { seconds: 1 } },
    });
    // Even the right password waits from an address the account has never used.
    expect((await signIn(owner.password, '203.0.113.50')).statusCode).toBe(429);
    // The owner, from their own address, is not locked out by someone else's guessing.
    expect((await signIn(owner.password, '192.0.2.10')).statusCode).toBe(200);
  });

  it('doubles the wait with every further failure', async () => {
    const db = t.app.deps.database.db;
    const key = owner.email;
    await db
      .insertInto('sign_in_failures')
      .values({ email: key, failures: 5, last_failure_ms: Date.now() - 60_000 })
      .onConflict((oc) => oc.column('email').doUpdateSet({ failures: 5, last_failure_ms: Date.now() - 60_000 }))
      .execute();
    const waits: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await signIn(`Guess#Later${i}`, `198.51.100.${100 + i}`)).statusCode).toBe(401);
      waits.push((await signIn('Guess#Again', '198.51.100.200')).json().error.message);
      await db
        .updateTable('sign_in_failures')
        .set({ last_failure_ms: Date.now() - 60_000 * 60 })
        .where('email', '=', key)
        .execute();
    }
    expect(waits).toEqual([2, 4, 8].map((s) => `Too many failed sign-ins for this account: try again in ${s} seconds`));
  });
});
