import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { openSqlite, SQLITE_FILE } from '../../src/server/db/sqlite.ts';
import { partiesPerCategory, seedDemo } from '../../src/server/modules/books/demo.ts';
import { getSummary } from '../../src/server/modules/books/repository.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { overview } from '../../src/server/modules/overview/service.ts';
import { kinds, registry } from '../../src/shared/registry.ts';
import { CASH_ACCOUNT_ID } from '../../src/shared/accounts.ts';
import { TRANSFER_KIND } from '../../src/shared/transfers.ts';
import { accountToWire, listAccounts } from '../../src/server/modules/books/accounts.ts';
import { createTestDatabase, dialects } from '../helpers/databases.ts';

const run = promisify(execFile);

describe.each(dialects)('demo books and the check on %s', (dialect) => {
  it('writes a year of every kind that adds up, and the check finds a tampered summary', async () => {
    const t = await createTestDatabase(dialect);
    try {
      await seedDemo(t.database.db, { entries: 1500, today: '2026-11-22' });
      const seen = await t.database.db.selectFrom('entries').select('kind').distinct().execute();
      expect(seen.map((r) => r.kind).sort()).toEqual([...kinds.map((k) => k.kind), TRANSFER_KIND].sort());
      const dates = await t.database.db
        .selectFrom('entries')
        .select((eb) => [eb.fn.min('issue_date').as('first'), eb.fn.max('issue_date').as('last')])
        .executeTakeFirstOrThrow();
      expect(String(dates.first) >= '2025-11-22').toBe(true);
      expect(String(dates.last) <= '2026-11-22').toBe(true);
      expect(await checkBooks(t.database.db)).toEqual([]);
      expect(Number((await getSummary(t.database.db)).entry_count)).toBe(1500);

      // They look like a factory's books: its clients owe it, it owes its suppliers (issue 32).
      const glance = await overview(t.database.db, registry, 'Asia/Dhaka');
      const suppliers = ['Wood Powder Agent', 'Wire Agent', 'Acid Agent'];
      expect(glance.receivables.length).toBeGreaterThan(0);
      expect(glance.payables.length).toBeGreaterThan(0);
      for (const p of glance.receivables) expect(p.catagories, p.name).toBe('Client');
      for (const p of glance.payables) expect(suppliers.concat('Investor'), p.name).toContain(p.catagories);

      // Money where a factory keeps it (issue 28): a bank account and a bKash wallet beside the drawer,
      // payments into both, the drawer's cash taken to the bank, the wallet cashed out with its fee.
      const accounts = (await listAccounts(t.database.db)).map(accountToWire);
      const [bank, wallet] = ['bank', 'mobile'].map((type) => accounts.find((a) => a.type === type));
      expect([bank?.name, wallet?.name]).toEqual(['Sonali Bank, Fatullah', 'bKash 01711-482930']);
      for (const a of accounts.filter((x) => !x.archived)) expect(a.balance, a.name).toBeGreaterThanOrEqual(0);
      expect(bank?.balance).toBeGreaterThan(0);
      const transfers = await t.database.db.selectFrom('entries').select(['account_id', 'to_account_id', 'cash_p']).where('kind', '=', TRANSFER_KIND).execute();
      expect(transfers.some((r) => Number(r.to_account_id) === bank?.id && Number(r.account_id) === CASH_ACCOUNT_ID)).toBe(true);
      expect(transfers.some((r) => Number(r.account_id) === wallet?.id && Number(r.cash_p) < 0)).toBe(true);
      const intoWallet = await t.database.db.selectFrom('entries').select('id').where('account_id', '=', Number(wallet?.id)).where('cash_p', '>', 0).execute();
      expect(intoWallet.length).toBeGreaterThan(0);

      await t.database.db
        .updateTable('ledger_summary')
        .set((eb) => ({ balance_p: eb('balance_p', '+', 1) }))
        .execute();
      const problems = await checkBooks(t.database.db);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^summary balance_p: stored -?\d+, entries add up to -?\d+$/);
      await t.database.db
        .updateTable('ledger_summary')
        .set((eb) => ({ balance_p: eb('balance_p', '-', 1) }))
        .execute();

      // Demo fires ended in the evening of their day, stamped; an open fire stamped ended is found.
      const fires = await t.database.db.selectFrom('entries').select(['id', 'fire_status', 'lifecycle_at', 'note']).where('kind', '=', 'fire').execute();
      // A fire's note reads as a furnace log's line, never as how money moved (issue 32).
      const fireNotes = fires.map((f) => f.note).filter(Boolean);
      expect(fireNotes.length).toBeGreaterThan(0);
      for (const n of fireNotes) expect(String(n)).not.toMatch(/cash|bkash|bank|credit|order/i);
      for (const f of fires) expect(Boolean(f.lifecycle_at), String(f.id)).toBe(Boolean(Number(f.fire_status)));
      const open = fires.find((f) => !Number(f.fire_status));
      await t.database.db.updateTable('entries').set({ lifecycle_at: '2026-11-20T15:00:00.000Z' }).where('id', '=', Number(open?.id)).execute();
      expect(await checkBooks(t.database.db)).toEqual([`entry ${open?.id} (fire): not ended, yet stamped ended at 2026-11-20T15:00:00.000Z`]);
      await t.database.db.updateTable('entries').set({ lifecycle_at: null }).where('id', '=', Number(open?.id)).execute();

      // The running totals behind history pages, party lists and ledgers are checked as well.
      const day = await t.database.db.selectFrom('kind_day_totals').selectAll().where('kind', '=', 'msWire').orderBy('issue_date').executeTakeFirstOrThrow();
      await t.database.db
        .updateTable('kind_day_totals')
        .set({ count: Number(day.count) + 1 })
        .where('kind', '=', 'msWire')
        .where('issue_date', '=', day.issue_date)
        .execute();
      await t.database.db
        .updateTable('party_totals')
        .set((eb) => ({ effect_p: eb('effect_p', '+', 5) }))
        .where('party_id', '=', 1)
        .execute();
      expect(await checkBooks(t.database.db)).toEqual([
        `kind_day_totals ["msWire","${day.issue_date}"] count: stored ${Number(day.count) + 1}, entries add up to ${Number(day.count)}`,
        expect.stringMatching(/^party_totals \[1\] effect_p: stored -?\d+, entries add up to -?\d+$/),
      ]);
    } finally {
      await t.drop();
    }
  });
});

describe('demo books of a chosen number of parties', () => {
  it('shares them out over the categories in the demo’s proportions, at least one of each, and writes books that add up', async () => {
    const counts = partiesPerCategory(2000);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(2000);
    expect(Object.keys(counts).sort()).toEqual(Object.keys(partiesPerCategory()).sort());
    expect(counts.Client).toBeGreaterThan(counts.Employee!);
    expect(Object.values(partiesPerCategory(6)).every((n) => n >= 1)).toBe(true);
    const t = await createTestDatabase('sqlite');
    try {
      await seedDemo(t.database.db, { entries: 400, today: '2026-11-22', parties: 120 });
      const partners = await t.database.db
        .selectFrom('partners')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(partners.n)).toBe(120);
      expect(await checkBooks(t.database.db)).toEqual([]);
    } finally {
      await t.drop();
    }
  });
});

describe('npm run cli -- check', () => {
  it('says the books are ok, and exits 1 naming the difference when they are not', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-cli-'));
    const database = openSqlite(path.join(dataDir, SQLITE_FILE));
    await migrateToLatest(database);
    await seedDemo(database.db, { entries: 200, today: '2026-11-22' });
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const ok = await run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'check'], { env });
    expect(ok.stdout).toMatch(/^books ok: 200 entries, balance −?(?:\d{1,2},)*\d{1,3}\.\d\d taka, stock −?[\d,.]+ kg\n$/);

    await database.db.updateTable('ledger_summary').set({ stock_g: 1 }).execute();
    await database.close();
    const bad = (await run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'check'], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (e: unknown) => e,
    )) as { code: number; stderr: string };
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/the books disagree in 1 place\(s\):\n {2}summary stock_g: stored 1, entries add up to /);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000); // Three real CLI processes (tsx compiles on start): slow on a loaded 2-core machine.
});
