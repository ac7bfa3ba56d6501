import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { TEST_PASSWORD, entryBody } from '../helpers/factories.ts';

// Issue 32, item 2: an admin takes a role back and stops (and resumes) an account; the last admin
// keeps both; every change is audited and listed.
describe.each(dialects)('people and access on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const audit = (id: string) =>
    t.app.deps.database.db
      .selectFrom('audit_log')
      .select(['actor_name', 'action', 'before_json', 'after_json'])
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((a) => [a.actor_name, a.action, a.before_json, a.after_json]));

  it('takes a role back one step at a time, applied on the very next request, and audits it', async () => {
    const admin = await t.signedIn('admin', 'Owner');
    const staff = await t.signedIn('admin', 'Second Admin');
    expect((await staff.agent.get('/api/loggedInUsers')).statusCode).toBe(200);

    // Two steps at once is refused, with what the next step is.
    const skip = await admin.agent.post(`/api/loggedInUsers/${staff.user.id}/demote`, { role: 'user' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toMatchObject({ code: 'role_step_down', field: 'role', params: { name: 'Second Admin', role: 'admin', next: 'acounts' } });
    const bad = await admin.agent.post(`/api/loggedInUsers/${staff.user.id}/demote`, { role: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('role: role must be acounts or user');

    const down = await admin.agent.post(`/api/loggedInUsers/${staff.user.id}/demote`, { role: 'acounts' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().data).toMatchObject({ id: staff.user.id, role: 'acounts', stopped_at: null });
    expect((await staff.agent.get('/api/loggedInUsers')).statusCode).toBe(403);
    expect((await staff.agent.get('/api/entries/recent?group=cashIn')).statusCode).toBe(200);

    expect((await admin.agent.post(`/api/loggedInUsers/${staff.user.id}/demote`, { role: 'user' })).statusCode).toBe(200);
    expect((await staff.agent.get('/api/entries/recent?group=cashIn')).statusCode).toBe(403);
    const none = await admin.agent.post(`/api/loggedInUsers/${staff.user.id}/demote`, { role: 'acounts' });
    expect(none.json().error.code).toBe('role_already_user');

    expect(await audit(staff.user.id)).toEqual([
      ['Owner', 'demote', '{"role":"admin"}', '{"role":"acounts"}'],
      ['Owner', 'demote', '{"role":"acounts"}', '{"role":"user"}'],
    ]);
  });

  it('stops an account: its sessions end at once, it cannot sign in, its entries keep its name; resumed, it signs in again', async () => {
    const admin = await t.signedIn('admin', 'Owner');
    const clerk = await t.signedIn('acounts', 'Leaving Clerk');
    const sale = await clerk.agent.post('/api/stock', entryBody('stock', { wire_stock: '2' }));
    expect(sale.statusCode, sale.body).toBe(201);
    // A second session of the same person (the phone beside the office PC), used a few times (SQLite keeps it in memory).
    const phone = new Agent(t.app);
    expect((await phone.signIn(clerk.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await phone.get('/api/dashboard')).statusCode).toBe(200);

    const stopped = await admin.agent.post(`/api/loggedInUsers/${clerk.user.id}/stop`, {});
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toMatchObject({ role: 'acounts', stopped_by: 'Owner', stopped_at: expect.any(String) });

    for (const agent of [clerk.agent, phone]) {
      const next = await agent.get('/api/dashboard');
      expect(next.statusCode).toBe(401);
      expect(next.json().error.code).toBe('sign_in_required');
    }
    expect((await t.app.deps.database.db.selectFrom('session').select('id').where('userId', '=', clerk.user.id).execute()).length).toBe(0);

    const again = new Agent(t.app);
    const refused = await again.signIn(clerk.user.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'account_stopped', message: 'This account has been stopped. Ask an admin if you need access again.' });
    expect((await again.get('/api/dashboard')).statusCode).toBe(401);
    // A wrong password still says only that.
    expect((await new Agent(t.app).signIn(clerk.user.email, 'Wrong#2026x')).json().error.code).toBe('wrong_credentials');

    // The entries keep the name of who made them.
    const recent = (await admin.agent.get('/api/entries/recent?group=cashIn')).json().data as { id: number; issued_by: string }[];
    expect(recent.find((e) => e.id === sale.json().data.id)?.issued_by).toBe('Leaving Clerk');
    // The list says who is stopped, since when and by whom.
    const listed = (await admin.agent.get('/api/loggedInUsers?s=Leaving')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: clerk.user.id, stopped_by: 'Owner', stopped_at: stopped.json().data.stopped_at })]);
    expect((await admin.agent.post(`/api/loggedInUsers/${clerk.user.id}/stop`, {})).json().error.code).toBe('already_stopped');

    const resumed = await admin.agent.post(`/api/loggedInUsers/${clerk.user.id}/resume`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ role: 'acounts', stopped_at: null, stopped_by: null });
    expect((await again.signIn(clerk.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await again.get('/api/dashboard')).statusCode).toBe(200);
    expect((await admin.agent.post(`/api/loggedInUsers/${clerk.user.id}/resume`, {})).json().error.code).toBe('not_stopped');

    expect((await audit(clerk.user.id)).map(([by, action]) => [by, action])).toEqual([
      ['Owner', 'stop'],
      ['Owner', 'resume'],
    ]);
    const changes = (await admin.agent.get('/api/loggedInUsers/changes')).json().data;
    expect(changes.slice(0, 2)).toEqual([
      { at: expect.any(String), by: 'Owner', action: 'resume', name: 'Leaving Clerk', email: clerk.user.email, from: 'acounts', to: 'acounts' },
      { at: expect.any(String), by: 'Owner', action: 'stop', name: 'Leaving Clerk', email: clerk.user.email, from: 'acounts', to: 'acounts' },
    ]);
  });

  it('keeps the last admin who can sign in: neither demoted nor stopped (409), and no one stops their own account', async () => {
    const fresh = await createTestApp(dialect);
    try {
      const owner = await fresh.signedIn('admin', 'Only Owner');
      const other = await fresh.signedIn('admin', 'Other Admin');
      const own = await owner.agent.post(`/api/loggedInUsers/${owner.user.id}/stop`, {});
      expect(own.statusCode).toBe(409);
      expect(own.json().error.code).toBe('stop_own_account');
      // Two admins: one may be stopped; then the other is the last who can sign in.
      expect((await owner.agent.post(`/api/loggedInUsers/${other.user.id}/stop`, {})).statusCode).toBe(200);
      const last = await owner.agent.post(`/api/loggedInUsers/${owner.user.id}/demote`, { role: 'acounts' });
      expect(last.statusCode).toBe(409);
      expect(last.json().error).toMatchObject({ code: 'last_admin', message: 'Only Owner is the last admin: make another admin first' });
      expect((await owner.agent.get('/api/loggedInUsers')).statusCode).toBe(200);
      // Resumed, the other admin may take the owner's role back (and the owner may step down).
      expect((await owner.agent.post(`/api/loggedInUsers/${other.user.id}/resume`, {})).statusCode).toBe(200);
      const otherAgent = new Agent(fresh.app);
      expect((await otherAgent.signIn(other.user.email, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await otherAgent.post(`/api/loggedInUsers/${owner.user.id}/demote`, { role: 'acounts' })).statusCode).toBe(200);
      const lastStop = await otherAgent.post(`/api/loggedInUsers/${other.user.id}/demote`, { role: 'acounts' });
      expect(lastStop.json().error.code).toBe('last_admin');
      // Nothing refused was written.
      const actions = await fresh.app.deps.database.db.selectFrom('audit_log').select('action').where('subject_kind', '=', 'user').orderBy('id').execute();
      expect(actions.map((a) => a.action)).toEqual(['stop', 'resume', 'demote']);
    } finally {
      await fresh.close();
    }
  });

  it('refuses an unknown account with 404 and a body with anything in it with 400', async () => {
    const admin = await t.signedIn('admin', 'Owner');
    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const action of ['stop', 'resume']) {
      expect((await admin.agent.post(`/api/loggedInUsers/${nobody}/${action}`, {})).json().error.code).toBe('user_not_found');
      const extra = await admin.agent.post(`/api/loggedInUsers/${nobody}/${action}`, { role: 'user' });
      expect(extra.statusCode).toBe(400);
    }
  });
});
