import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { DatabaseSetupError } from '../../src/server/db/dialect.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { databaseState } from '../../src/server/db/state.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { writeCounters, writeTransaction } from '../../src/server/db/write.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { createTestDatabase, dialects } from '../helpers/databases.ts';
import type { Kysely } from 'kysely';

// The write path under races and faults (issue 14): one winner per race, the other 409; locks
// not had in time answer 503 with Retry-After; lost connections are survived; a full disk is 507.

const entryCount = async (db: Kysely<DB>) =>
  Number(
    (
      await db
        .selectFrom('entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(dialects)('write path on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let n = 0;
  const db = () => t.app.deps.database.db;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    acc = (await t.signedIn('acounts')).agent;
  });
  afterAll(() => t.close());

  async function asset() {
    n += 1;
    const res = await acc.post('/api/assetsCost', { name: `Press ${n}`, paid_amount: '1000' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  }

  it('a sale and a void of the same asset at the same moment: exactly one wins, the other 409', async () => {
    for (let i = 0; i < 6; i++) {
      const id = await asset();
      const [sell, voided] = await Promise.all([
        acc.put(`/api/assetsCost/${id}`, { sold_status: true, sold_amount: '700' }),
        acc.post(`/api/entries/${id}/void`, { reason: 'race' }),
      ]);
      expect([sell.statusCode, voided.statusCode].sort(), `${sell.body} ${voided.body}`).toEqual([200, 409]);
    }
    expect(await checkBooks(db())).toEqual([]);
  });

  it('two voids, two ends of a fire, two sales at once: one of each wins', async () => {
    const fire = (await acc.post('/api/fire', { roll: '1', pot_number: '2', weight: '40', fire_man: 'Jalal' })).json().data.id as number;
    const ends = await Promise.all([1, 2, 3].map(() => acc.put(`/api/fire/${fire}`, { fire_status: true, fire_time: 'done' })));
    expect(ends.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const id = await asset();
    const sales = await Promise.all([1, 2, 3].map(() => acc.put(`/api/assetsCost/${id}`, { sold_status: true, sold_amount: '5' })));
    expect(sales.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const voids = await Promise.all([1, 2, 3].map(() => acc.post(`/api/entries/${fire}/void`, { reason: 'twice' })));
    expect(voids.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await checkBooks(db())).toEqual([]);
  });

  it('entries sent together share transactions (group commit): each answered with its own row, the books as if saved one by one', async () => {
    const admin = (await t.signedIn('admin')).agent;
    const client = `Group Client ${dialect}`;
    expect((await admin.post('/api/userDetailsData', partnerBody('Client', client))).statusCode).toBe(201);
    const before = { count: await entryCount(db()), summary: (await acc.get('/api/dashboard')).json().data, transactions: writeCounters.transactions };
    const bodies = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? {
            path: '/api/mWireData',
            body: {
              ...entryBody('msWire', { weight: String(10 + i), price: '80.5', paid_amount: String(100 * i), discount_amount: '0' }, client),
              idempotency_key: `group-${dialect}-${i}`,
            },
          }
        : { path: '/api/assetsCost', body: { name: `Spanner ${i}`, paid_amount: String(i) } },
    );
    const answers = await Promise.all(bodies.map((b) => acc.post(b.path, b.body)));
    expect(answers.map((r) => r.statusCode)).toEqual(bodies.map(() => 201));
    const rows = answers.map((r) => r.json().data);
    expect(new Set(rows.map((r) => r.id)).size).toBe(40);
    rows.forEach((row, i) => {
      if (i % 2 === 0) expect([row.name, row.weight, row.paid_amount]).toEqual([client, 10 + i, 100 * i]);
      else expect([row.name, row.paid_amount]).toEqual([`Spanner ${i}`, i]);
    });
    // Fewer transactions than entries: they were grouped (one by one this is 40).
    expect(writeCounters.transactions - before.transactions).toBeLessThan(40);
    expect(await entryCount(db())).toBe(before.count + 40);
    expect(await checkBooks(db())).toEqual([]);
    // Every answer's row is the stored row of its id.
    const stored = (await acc.get(`/api/mWireData?name=${encodeURIComponent(client)}&limit=100`)).json().data as { id: number; weight: number }[];
    expect(stored.map((r) => [r.id, r.weight]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      rows
        .filter((_, i) => i % 2 === 0)
        .map((r) => [r.id, r.weight])
        .sort((a, b) => a[0] - b[0]),
    );
    // The same keys again, together: each finds its own entry, nothing new.
    const again = await Promise.all(bodies.filter((_, i) => i % 2 === 0).map((b) => acc.post(b.path, b.body)));
    expect(again.map((r) => [r.statusCode, r.json().data.id])).toEqual(rows.filter((_, i) => i % 2 === 0).map((r) => [200, r.id]));
    expect(await entryCount(db())).toBe(before.count + 40);
  });

  it('an entry the database refuses inside a group fails alone: the others of its group are saved', async () => {
    const poison =
      dialect === 'sqlite'
        ? [sql`create trigger poison before insert on entries when new.note = 'poison' begin select raise(abort, 'poisoned entry'); end`]
        : [
            // The first entry's transaction is held a moment, so that the others queue behind it and
            // go as one group (on SQLite the writes queue on their own: they are synchronous).
            sql`create function poison() returns trigger language plpgsql as $$ begin if new.note = 'poison' then raise exception 'poisoned entry'; end if; if new.note = 'slow' then perform pg_sleep(0.2); end if; return new; end $$`,
            sql`create trigger poison before insert on entries for each row execute function poison()`,
          ];
    for (const q of poison) await q.execute(db());
    try {
      // Rounds until one had the refused entry inside a group (requests sent together usually
      // arrive in one turn of the event loop; not always).
      let grouped = false;
      for (let round = 0; round < 10 && !grouped; round++) {
        const before = await entryCount(db());
        const runAlone = writeCounters.groupsRunAlone;
        const notes = ['slow', 'fine 2', 'poison', 'fine 3', 'fine 4', 'fine 5', 'fine 6', 'fine 7'];
        const answers = await Promise.all(notes.map((note) => acc.post('/api/assetsCost', { name: 'Anvil', paid_amount: '10', note })));
        expect(answers.map((r) => r.statusCode)).toEqual(notes.map((n) => (n === 'poison' ? 500 : 201)));
        expect(answers[2]?.json().error.message).not.toContain('poison');
        expect(await entryCount(db())).toBe(before + notes.length - 1);
        expect(await checkBooks(db())).toEqual([]);
        // A group's transaction failed, then each of its entries ran alone. (Counting transactions
        // against entries missed a refused entry grouped with only the first two: 1 + 3 + 1 < 8.)
        grouped = writeCounters.groupsRunAlone > runAlone;
      }
      expect(grouped).toBe(true);
    } finally {
      await sql`drop trigger poison${sql.raw(dialect === 'sqlite' ? '' : ' on entries')}`.execute(db());
      if (dialect !== 'sqlite') await sql`drop function poison()`.execute(db());
    }
  });

  it('the same idempotency key sent many times at once records one entry', async () => {
    const before = await entryCount(db());
    const body = { name: 'Pump', paid_amount: '12.50', idempotency_key: `same-${dialect}-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 8 }, () => acc.post('/api/assetsCost', body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    expect(await entryCount(db())).toBe(before + 1);
  });

  it('retries deadlocks and lost connections inside the server, bounded; a bug is not retried', async () => {
    let attempts = 0;
    const value = await writeTransaction(db(), async () => {
      attempts += 1;
      if (attempts < 3) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return 'done';
    });
    expect({ value, attempts }).toEqual({ value: 'done', attempts: 3 });
    attempts = 0;
    await expect(
      writeTransaction(db(), async () => {
        attempts += 1;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }),
    ).rejects.toMatchObject({ code: '40001' });
    expect(attempts).toBe(6);
    // A bug is not retried.
    attempts = 0;
    await expect(writeTransaction(db(), async () => ((attempts += 1), Promise.reject(new TypeError('bug'))))).rejects.toThrow('bug');
    expect(attempts).toBe(1);
    // A connection lost before the commit: nothing was saved, so the write runs again.
    attempts = 0;
    const again = await writeTransaction(db(), async () => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      return 'saved once';
    });
    expect({ again, attempts }).toEqual({ again: 'saved once', attempts: 2 });
  });
});

describe.runIf(dialects.includes('postgres'))('PostgreSQL faults', () => {
  let t: TestApp;
  let acc: Agent;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    acc = (await t.signedIn('acounts')).agent;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const appName = async () => (await sql<{ a: string }>`select current_setting('application_name') as a`.execute(t.app.deps.database.db)).rows[0]?.a ?? '';

  it('survives its connections being terminated, idle or in a transaction, and reconnects by itself', async () => {
    const name = await appName();
    expect(name).toMatch(/^t_/);
    const db = t.app.deps.database.db;
    // One connection sits inside a transaction, between statements, while every connection is ended.
    const inFlight = db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await sql`select 1`.execute(conn);
      await new Promise((r) => setTimeout(r, 300));
      return sql`select 1`.execute(conn).then(
        () => 'ran',
        () => 'lost',
      );
    });
    await new Promise((r) => setTimeout(r, 100));
    const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()', [name]);
    expect(ended.rowCount).toBeGreaterThan(1);
    expect(await inFlight).toBe('lost');
    await new Promise((r) => setTimeout(r, 100));
    const res = await acc.post('/api/assetsCost', { name: 'After the restart', paid_amount: '3' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a write that cannot get the books lock in time answers 503 with Retry-After, nothing saved; health says writes are down', async () => {
    const holder = new pg.Client({ connectionString: await holderUrl() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from ledger_summary where id = 1 for update');
      const before = await entryCount(t.app.deps.database.db);
      const started = Date.now();
      const [res, health] = await Promise.all([
        acc.post('/api/assetsCost', { name: 'Blocked', paid_amount: '3' }),
        t.app.inject({ method: 'GET', url: '/api/health' }),
      ]);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ error: { code: 'books_busy', message: 'The books are busy; nothing was saved. Try again in a moment.' } });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ data: { status: 'unavailable', database: 'postgres', down: ['writes'] } });
      expect(Date.now() - started).toBeGreaterThan(1000); // the write waited for the lock, not refused at once
      await holder.query('rollback');
      expect(await entryCount(t.app.deps.database.db)).toBe(before);
    } finally {
      await holder.end();
    }
    expect((await acc.post('/api/assetsCost', { name: 'Unblocked', paid_amount: '3' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  async function holderUrl() {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.app.deps.database.db)).rows[0]?.s;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    return url.toString();
  }

  it('instances starting together on an empty database migrate one at a time', async () => {
    const fresh = await createTestDatabase('postgres', { migrate: false });
    const url = (fresh.target as { url: string }).url;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_BUILD_DIR: '/nonexistent', DATA_DIR: '/tmp/ama-test-outbox' });
    const { migrateToLatest } = await import('../../src/server/db/migrate.ts');
    const databases = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url)));
    try {
      const apps = await Promise.all(databases.map(async (database) => (await migrateToLatest(database), buildApp({ config, database }))));
      for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await Promise.all(apps.map((a) => a.close()));
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await fresh.drop();
    }
  });
});

describe('SQLite faults', () => {
  it('a second server on the same data directory is refused with one line, whatever the temporary folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-lock-'));
    const unlock = lockDataDir(dir);
    const tmp = process.env.TMPDIR;
    try {
      expect(() => lockDataDir(dir)).toThrow(DatabaseSetupError);
      expect(() => lockDataDir(dir)).toThrow(`another server is already running on ${dir} (it holds ${path.join(dir, 'server.lock')})`);
      process.env.TMPDIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-other-tmp-'));
      expect(() => lockDataDir(dir)).toThrow(`another server is already running on ${dir}`);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      unlock();
    }
    lockDataDir(dir)();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a full disk answers 507, saves nothing, and health reports the disk until a write succeeds', async () => {
    const t = await createTestApp('sqlite');
    try {
      const acc = (await t.signedIn('acounts')).agent;
      const db = t.app.deps.database.db;
      const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]?.page_count);
      await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
      let full: Awaited<ReturnType<Agent['post']>> | undefined;
      let saved = 0;
      for (let i = 0; i < 500 && !full; i++) {
        const res = await acc.post('/api/assetsCost', { name: `Filler ${i}`, note: 'x'.repeat(200), paid_amount: '1' });
        if (res.statusCode === 201) saved += 1;
        else full = res;
      }
      expect(full?.statusCode, full?.body).toBe(507);
      expect(full?.json()).toEqual({ error: { code: 'disk_full', message: "The server's disk is full; nothing was saved" } });
      expect(await entryCount(db)).toBe(saved);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ data: { status: 'unavailable', database: 'sqlite', down: ['disk'] } });
      expect(databaseState(db).diskFull).toBe(true);
      await sql.raw(`pragma max_page_count = ${pages * 100}`).execute(db);
      expect((await acc.post('/api/assetsCost', { name: 'Room again', paid_amount: '1' })).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(await checkBooks(db)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
