import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { NEW_PASSWORD, TEST_PASSWORD as PASSWORD, signUpBody } from '../helpers/factories.ts';
import { dialects } from '../helpers/databases.ts';
import { type MailServer, startMailServer } from '../helpers/mail-server.ts';

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(dialect, { SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  async function signUp(agent: Agent, name: string, email: string, password = PASSWORD) {
    return agent.post('/api/auth/sign-up/email', signUpBody({ name, email, password }));
  }

  async function verify(agent: Agent, email: string) {
    const m = await mail.waitForMail({ to: email, subject: /Verify your email/ });
    const link = mail.linksIn(m).find((l) => l.includes('/api/auth/verify-email'));
    expect(link).toBeDefined();
    return agent.get(Agent.pathOf(link as string));
  }

  it('signs up, refuses login until verified, verifies by mail link, and makes the first verified account admin', async () => {
    const a = new Agent(t.app);
    const res = await signUp(a, 'Rahim Uddin', 'rahim@example.com');
    expect(res.statusCode).toBe(200);
    const early = await a.signIn('rahim@example.com', PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const verified = await verify(a, 'rahim@example.com');
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/');
    const me = await a.get('/api/loggedInUsers?email=rahim@example.com');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual([
      { id: expect.any(String), name: 'Rahim Uddin', email: 'rahim@example.com', role: 'admin', stopped_at: null, stopped_by: null },
    ]);

    const b = new Agent(t.app);
    await signUp(b, 'Karim', 'karim@example.com');
    await verify(b, 'karim@example.com');
    const karim = await b.get('/api/loggedInUsers?email=karim@example.com');
    expect(karim.json().data[0].role).toBe('user');
  });

  it.each([
    ['Ab#12', 'Password should atleast 6 characters'],
    ['Ab#1234', 'Password should atleast 8 characters'],
    ['abcdefg#', 'Ensure string has one uppercase letters and one special'],
    ['Abcdefgh', 'Ensure string has one uppercase letters and one special'],
  ])('refuses the sign-up password %s with "%s" and creates nothing', async (password, message) => {
    const a = new Agent(t.app);
    const email = `weak-${password.length}-${Math.random()}@example.com`;
    const res = await signUp(a, 'Weak', email, password);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const admin = await t.signedIn('admin');
    const found = await admin.agent.get(`/api/loggedInUsers?email=${encodeURIComponent(email)}`);
    expect(found.json().data).toEqual([]);
  });

  it('answers sign-up and reset requests the same for known and unknown emails', async () => {
    const known = await t.signedIn('user');
    const a = new Agent(t.app);
    const again = await signUp(a, 'Someone', known.user.email);
    const fresh = await signUp(a, 'Someone', `new-${Date.now()}@example.com`);
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    await mail.waitForMail({ to: known.user.email, subject: /Sign-up attempt/ });

    const r1 = await a.post('/api/auth/request-password-reset', { email: known.user.email, redirectTo: '/reset-password' });
    const r2 = await a.post('/api/auth/request-password-reset', { email: 'nobody-here@example.com', redirectTo: '/reset-password' });
    expect(r1.statusCode).toBe(200);
    expect(r1.statusCode).toBe(r2.statusCode);
    expect(r1.body).toBe(r2.body);
  });

  it('resets a password by the mailed link: the old one stops working, the new one works', async () => {
    const { user } = await t.signedIn('user');
    const a = new Agent(t.app);
    await a.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const m = await mail.waitForMail({ to: user.email, subject: /Reset your password/ });
    const link = mail.linksIn(m).find((l) => l.includes('/reset-password'));
    const landing = await a.get(Agent.pathOf(link as string));
    expect(landing.statusCode).toBe(302);
    const token = new URL(String(landing.headers.location), 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();
    const weak = await a.post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password should atleast 6 characters');
    const done = await a.post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await new Agent(t.app).signIn(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await new Agent(t.app).signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a new HttpOnly SameSite session at each login and ends it at logout', async () => {
    const { agent, user } = await t.signedIn('acounts');
    const first = [...agent.cookies.values()].join();
    const res = await agent.signIn(user.email, PASSWORD);
    const cookie = res.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect([...agent.cookies.values()].join()).not.toBe(first);
    expect((await agent.get(`/api/loggedInUsers?email=${user.email}`)).statusCode).toBe(200);
    const out = await agent.post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    // Even replaying the old cookie: the session is gone on the server.
    const replay = new Agent(t.app);
    replay.cookies.set(cookie?.name ?? '', cookie?.value ?? '');
    expect((await replay.get(`/api/loggedInUsers?email=${user.email}`)).statusCode).toBe(401);
  });

  it('gives the page a readable hint of the signed-in role with the session, and takes it back when the session ends', async () => {
    const { agent, user } = await t.signedIn('acounts');
    const res = await agent.signIn(user.email, PASSWORD);
    const hint = res.cookies.find((c) => c.name === 'ama-role');
    // Readable by the page's head script (not HttpOnly): only the layout reads it, never the server.
    expect(hint).toMatchObject({ value: 'acounts', path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeFalsy();
    expect((await agent.get('/api/auth/get-session')).cookies.find((c) => c.name === 'ama-role')?.value).toBe('acounts');
    const out = await agent.post('/api/auth/sign-out', {});
    expect(out.cookies.find((c) => c.name === 'ama-role')).toMatchObject({ value: '', maxAge: 0 });
    expect(agent.cookies.has('ama-role')).toBe(false);
    // Nobody signed in: the session's answer clears a hint left behind.
    const stale = new Agent(t.app);
    stale.cookies.set('ama-role', 'admin');
    expect((await stale.get('/api/auth/get-session')).cookies.find((c) => c.name === 'ama-role')).toMatchObject({ value: '', maxAge: 0 });
  });

  it('refuses a forged or expired session cookie, and renews a session due for its daily refresh', async () => {
    const { agent, user } = await t.signedIn('acounts');
    const [name, value] = [...agent.cookies].find(([k]) => k.endsWith('session_token')) ?? ['', ''];
    const token = decodeURIComponent(value).split('.')[0] ?? '';
    const withCookie = (v: string) => {
      const a = new Agent(t.app);
      a.cookies.set(name, v);
      return a.get('/api/dashboard');
    };
    expect((await withCookie(value)).statusCode).toBe(200);
    // The real token under a made-up signature, and a signature-less token.
    expect((await withCookie(encodeURIComponent(`${token}.${'A'.repeat(43)}=`))).statusCode).toBe(401);
    expect((await withCookie(token)).statusCode).toBe(401);

    const db = t.app.deps.database.db;
    const session = () => db.selectFrom('session').select('expiresAt').where('token', '=', token).executeTakeFirstOrThrow();
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    // Ten days left of thirty: the session is renewed to thirty days on use.
    await db
      .updateTable('session')
      .set({ expiresAt: days(10) })
      .where('token', '=', token)
      .execute();
    expect((await withCookie(value)).statusCode).toBe(200);
    expect(new Date((await session()).expiresAt).getTime()).toBeGreaterThan(Date.parse(days(29)));
    // Expired: refused.
    await db
      .updateTable('session')
      .set({ expiresAt: days(-1) })
      .where('token', '=', token)
      .execute();
    expect((await withCookie(value)).statusCode).toBe(401);
    expect(user.role).toBe('acounts');
  });

  it('applies a promotion on the very next request, one step at a time, and audits it', async () => {
    const admin = await t.signedIn('admin', 'Owner');
    const staff = await t.signedIn('user', 'Staff');
    expect((await staff.agent.get('/api/loggedInUsers')).statusCode).toBe(403);
    const skip = await admin.agent.put(`/api/loggedInUsers/admin/${staff.user.id}`, { role: 'admin' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.message).toMatch(/^role: /);
    const bad = await admin.agent.put(`/api/loggedInUsers/admin/${staff.user.id}`, { role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('role: role must be acounts or admin');

    expect((await admin.agent.put(`/api/loggedInUsers/admin/${staff.user.id}`, { role: 'acounts' })).json().data.role).toBe('acounts');
    expect((await staff.agent.get(`/api/loggedInUsers?email=${staff.user.email}`)).json().data[0].role).toBe('acounts');
    expect((await staff.agent.get('/api/loggedInUsers')).statusCode).toBe(403);
    expect((await admin.agent.put(`/api/loggedInUsers/admin/${staff.user.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await staff.agent.get('/api/loggedInUsers')).statusCode).toBe(200);
    expect((await admin.agent.put(`/api/loggedInUsers/admin/${staff.user.id}`, { role: 'admin' })).statusCode).toBe(409);

    const audit = await t.app.deps.database.db.selectFrom('audit_log').selectAll().where('subject_id', '=', staff.user.id).orderBy('id').execute();
    expect(audit.map((a) => [a.actor_name, a.action, a.before_json, a.after_json])).toEqual([
      ['Owner', 'promote', '{"role":"user"}', '{"role":"acounts"}'],
      ['Owner', 'promote', '{"role":"acounts"}', '{"role":"admin"}'],
    ]);
  });

  it('mails in the language the account chose: a sign-up filled in Bangla gets its verification and reset mails in Bangla', async () => {
    const a = new Agent(t.app);
    const email = 'bangla.mail@example.com';
    const res = await a.post('/api/auth/sign-up/email', { ...signUpBody({ name: 'Nasima Begum', email, password: PASSWORD }), lang: 'bn' });
    expect(res.statusCode).toBe(200);
    const m = await mail.waitForMail({ to: email, subject: /^আপনার ইমেইল নিশ্চিত করুন: AMA Metal & Wire Industries$/ });
    expect(m.text).toContain('প্রিয় Nasima Begum,');
    expect(m.text).toContain('আমার ইমেইল নিশ্চিত করুন: ');
    const link = mail.linksIn(m).find((l) => l.includes('/api/auth/verify-email'));
    expect((await a.get(Agent.pathOf(link as string))).statusCode).toBe(302);
    expect((await a.signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await a.get('/api/auth/get-session')).json().user.lang).toBe('bn');

    await new Agent(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const reset = await mail.waitForMail({ to: email, subject: /^পাসওয়ার্ড বদলান: / });
    expect(reset.html).toContain('নতুন পাসওয়ার্ড দিন</a>');

    // English stays the spec's product: a sign-up without a language is greeted in English.
    await a.post('/api/auth/sign-up/email', signUpBody({ name: 'Plain English', email: 'plain.english@example.com', password: PASSWORD }));
    const en = await mail.waitForMail({ to: 'plain.english@example.com', subject: /^Verify your email: AMA Metal & Wire Industries$/ });
    expect(en.text.split('\n')[0]).toBe('Hello Plain English,');
    // Any other language is refused, naming the field.
    const bad = await a.post('/api/auth/sign-up/email', { ...signUpBody({ name: 'X', email: 'x.lang@example.com', password: PASSWORD }), lang: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/lang/);
  });

  it('lists and searches accounts for an admin', async () => {
    const admin = await t.signedIn('admin');
    await t.signedIn('user', 'Zubair Searchable');
    const all = await admin.agent.get('/api/loggedInUsers');
    expect(all.json().data.length).toBeGreaterThan(2);
    const found = await admin.agent.get('/api/loggedInUsers?s=zubair');
    expect(found.json().data.map((u: { name: string }) => u.name)).toEqual(['Zubair Searchable']);
    expect((await admin.agent.get('/api/loggedInUsers?s=%25')).json().data).toEqual([]);
  });

  it('hands a signed-in session a short-lived bearer token that dies with the session', async () => {
    const { agent } = await t.signedIn('acounts');
    const res = await agent.post('/api/jwt');
    expect(res.statusCode).toBe(200);
    const token = res.json().data as string;
    expect(token.split('.')).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
    const bare = new Agent(t.app);
    expect((await bare.get('/api/loggedInUsers?email=x@example.com', { authorization: `Bearer ${token}` })).statusCode).toBe(403);
    await agent.post('/api/auth/sign-out', {});
    expect((await bare.get('/api/loggedInUsers?email=x@example.com', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await bare.get('/api/loggedInUsers?email=x@example.com', { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
  });

  it('refuses cross-origin writes with 403', async () => {
    const { agent, user } = await t.signedIn('admin');
    const evil = await agent.post('/api/loggedInUsers', { name: 'x', email: user.email }, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    const noOrigin = await agent.put(`/api/loggedInUsers/admin/${user.id}`, { role: 'admin' }, { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(noOrigin.statusCode).toBe(403);
    const signIn = await new Agent(t.app, 'https://evil.example').signIn(user.email, PASSWORD);
    expect(signIn.statusCode).toBe(403);
  });

  it('records the own account (POST /loggedInUsers) and refuses someone else', async () => {
    const { agent, user } = await t.signedIn('user');
    const ok = await agent.post('/api/loggedInUsers', { name: 'New Name', email: user.email });
    expect(ok.json().data).toMatchObject({ name: 'New Name', email: user.email, role: 'user' });
    expect((await agent.post('/api/loggedInUsers', { name: 'x', email: 'other@example.com' })).statusCode).toBe(403);
    const bad = await agent.post('/api/loggedInUsers', { name: '', email: user.email });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('name: Name is required');
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { SIGN_IN_ATTEMPTS_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('answers repeated failed sign-ins with 429, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const a = new Agent(t.app, 'http://localhost:3000', { 'x-forwarded-for': `10.0.0.${i}`, 'x-ama-client-ip': `10.1.0.${i}` });
      statuses.push((await a.signIn('victim@example.com', `Wrong#pass${i}`)).statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});
