import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, SQLITE_FILE } from '../../src/server/db/sqlite.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { partyBalances } from '../../src/server/modules/books/ledger.ts';
import { getSummary } from '../../src/server/modules/books/repository.ts';
import { voidBatch } from '../../src/server/modules/import/batches.ts';
import { type Accounts, type OldAccount, importOldSystem, oldDay } from '../../src/server/modules/import/old-system.ts';
import { registry } from '../../src/shared/registry.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

// Issue 30, items 1, 3 and 5: `npm run cli -- import <folder>` on the old system's export. The
// sample (tests/fixtures/old-system, a copy of ../shared/samples/old-system) has every quirk of its
// README and one row of each problem.

const SAMPLE = path.join(import.meta.dirname, '../fixtures/old-system');
const run = promisify(execFile);

const problemLines = [
  'mWireData.json:6: name: "Nobody Known Here" matches no Client on the partner list; the closest: Nasir Wire Mart, Rubel Traders, Sumon Enterprise',
  'giWireData.json:6: weight: Weight (KG) cannot be negative',
  'investorData.json:4: paid_amount: Amount must be an amount in taka, like 1250.50',
  'powderCost.json:6: issue_date: "2024-02-30" is not a real date',
];
const noteLines = [
  'acidCost.json:5: _id: note: the same as row 4 but for its _id (entered twice?): both are imported; void one if so',
  'dashboard.json:1: wire_stock: note: the old dashboard says 61,958.25 kg; the imported entries add up to 61,920.75 kg (difference −37.5 kg)',
  'dashboard.json:1: current_balance: note: the old dashboard says 1,20,829.50 taka; the imported entries add up to 1,22,064.00 taka (difference 1,234.50 taka)',
];
const reportOf = (last: string) => [...problemLines, ...noteLines, last];

/** People as an in-memory account store (the CLI's is better-auth's: the CLI test below). */
function memoryAccounts(): Accounts & { made: OldAccount[] } {
  const made: OldAccount[] = [];
  return { made, exists: async (email) => made.some((a) => a.email === email), create: async (a) => void made.push(a) };
}

const actor = { id: 'cli:test', name: 'test' };
const options = (folder: string, more: { write?: boolean; skipBadRows?: boolean; accounts?: Accounts; dashboardReason?: string } = {}) => ({
  folder,
  write: more.write ?? true,
  skipBadRows: more.skipBadRows ?? false,
  timeZone: 'Asia/Dhaka',
  actor,
  ...(more.accounts ? { accounts: more.accounts } : {}),
  ...(more.dashboardReason ? { dashboardReason: more.dashboardReason } : {}),
});

/** A copy of the sample with its files changed (a folder to import again, overlapping the first). */
function sampleWith(change: (files: Record<string, string>) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-old-'));
  const files = Object.fromEntries(fs.readdirSync(SAMPLE).map((f) => [f, fs.readFileSync(path.join(SAMPLE, f), 'utf8')]));
  change(files);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const count = async (t: TestDatabase, table: 'entries' | 'partners' | 'import_batches') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('old dates', () => {
  it('are read as the business day in the time zone; an impossible one is refused', () => {
    expect(oldDay('2024-10-11', 'Asia/Dhaka')).toEqual({ day: '2024-10-11' });
    expect(oldDay('2024-3-5', 'Asia/Dhaka')).toEqual({ day: '2024-03-05' });
    expect(oldDay('2024-03-14T18:30:00.000Z', 'Asia/Dhaka')).toEqual({ day: '2024-03-15' });
    expect(oldDay(new Date('2024-03-14T17:59:00.000Z'), 'Asia/Dhaka')).toEqual({ day: '2024-03-14' });
    expect(oldDay('2024-02-30', 'Asia/Dhaka')).toEqual({ code: 'import_date_not_real', params: { value: '"2024-02-30"' } });
    expect(oldDay('yesterday', 'Asia/Dhaka')).toEqual({ code: 'import_not_date', params: { value: '"yesterday"' } });
  });
});

describe.each(dialects)('importing the old system on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await t.drop();
  });

  it('a dry run lists each problem and note by file and row, counts, and writes nothing', async () => {
    const accounts = memoryAccounts();
    const report = await importOldSystem(t.database.db, options(SAMPLE, { write: false, accounts }));
    expect(report.lines).toEqual(reportOf('import: 81 to import, 0 already imported, 4 with problems'));
    expect(report.exitCode).toBe(1);
    expect([await count(t, 'entries'), await count(t, 'partners'), await count(t, 'import_batches'), accounts.made.length]).toEqual([0, 0, 0, 0]);
    // Without --skip-bad-rows an import writes nothing while a row has a problem.
    const refused = await importOldSystem(t.database.db, options(SAMPLE, { accounts }));
    expect(refused.lines.at(-1)).toBe('import: 81 to import, 0 already imported, 4 with problems');
    expect([await count(t, 'entries'), await count(t, 'partners'), await count(t, 'import_batches'), accounts.made.length]).toEqual([0, 0, 0, 0]);
  });

  it('imports the good rows as the old system meant them, as one batch; again, nothing new; the check and the statements agree', async () => {
    const accounts = memoryAccounts();
    const report = await importOldSystem(t.database.db, options(SAMPLE, { skipBadRows: true, accounts }));
    expect(report.lines).toEqual(reportOf('import: 81 imported, 0 already imported, 4 with problems'));
    expect(report.exitCode).toBe(1);
    const db = t.database.db;
    // 19 partners, 59 entries and an asset's sale, 3 people.
    expect([await count(t, 'partners'), await count(t, 'entries'), accounts.made.length]).toEqual([19, 60, 3]);
    const batch = await db.selectFrom('import_batches').selectAll().executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ created_by_name: 'test', partners: 19, entries: 59, users: 3 });
    expect(await checkBooks(db)).toEqual([]);

    // Partners: names stored clean, a contact that lost its 0 or has +880 as Bangladesh writes it.
    const partners = await db.selectFrom('partners').selectAll().execute();
    const partner = (category: string, name: string) => partners.find((p) => p.catagories === category && p.name === name)!;
    expect(partner('Client', 'Rahim Traders').contact).toBe('01756115971');
    expect(partner('Client', 'Rubel Traders').contact).toBe('01619961983');
    expect(partner('Client', 'Sumon Enterprise').contact).toBe('01783533740');
    expect(partner('Employee', 'Babul Sheikh').import_key).toMatch(/^userDetailsData:[0-9a-f]{24}$/);
    for (const p of partners) expect(Number(p.import_batch)).toBe(Number(batch.id));

    const entries = await db.selectFrom('entries').selectAll().orderBy('id').execute();
    const byKey = (collection: string, oid: string) => entries.find((e) => e.import_key === `${collection}:${oid}`)!;
    // Money as floats with noise, as text, as $numberDouble: to the poisha; a number where the spec has text: its text.
    const mWire1 = byKey('mWireData', 'c8bf1f0d9a482bdc03103aab');
    expect(mWire1).toMatchObject({ name: 'Rubel Traders', paid_amount_p: 0, price_p: 11150, weight_g: 71250, discount_amount_p: 10000 });
    expect(mWire1).toMatchObject({ total_price_p: 794438, due_amount_p: 784438, issue_date: '2024-02-14', issued_by: 'Owner Admin' });
    expect(Number(mWire1.party_id)).toBe(Number(partner('Client', 'Rubel Traders').id));
    const giWire2 = entries.find((e) => e.kind === 'giWire' && e.issue_date === '2024-07-08')!;
    expect(giWire2).toMatchObject({ size: '22', paid_amount_p: 1335600, name: 'Sumon Enterprise' });
    // One name in two categories: the kind's category (a GI wire sale is a client's; wire bought, a wire agent's).
    expect(Number(giWire2.party_id)).toBe(Number(partner('Client', 'Sumon Enterprise').id));
    const wireBought = entries.find((e) => e.kind === 'wireCost' && e.issue_date === '2025-06-19')!;
    expect(Number(wireBought.party_id)).toBe(Number(partner('Wire Agent', 'Sumon Enterprise').id));
    // A partner payment to a name both an employee and an investor have: the investor's (the old Partner Payment paid partners).
    const payments = entries.filter((e) => e.kind === 'partnerPayment');
    expect(payments.map((e) => e.paid_amount_p).sort()).toEqual([175200, 239500, 436300]);
    for (const e of payments.filter((p) => p.name === 'Babul Sheikh')) expect(Number(e.party_id)).toBe(Number(partner('Investor', 'Babul Sheikh').id));
    // Dates: ISO times and $date as the day in Dhaka (UTC+6); unpadded ones padded.
    expect(entries.find((e) => e.kind === 'giWire' && e.name === 'Faruk Wire Mart')?.issue_date).toBe('2024-02-20');
    expect(entries.find((e) => e.kind === 'giWire' && e.name === 'Nasir Wire Mart' && e.weight_g === 122000)?.issue_date).toBe('2024-03-29');
    expect(entries.find((e) => e.kind === 'investor' && e.paid_amount_p === 188400)?.issue_date).toBe('2024-04-20');
    // Fires keep their status and end note; booleans as text read as booleans.
    const fires = entries.filter((e) => e.kind === 'fire');
    expect(fires.map((f) => [f.roll, Number(f.fire_status), f.fire_time])).toEqual([
      ['1', 1, '18:30'],
      ['39', 1, '6 pm'],
      ['32', 0, null],
      ['31', 1, '6 pm'],
      ['13', 1, 'evening'],
    ]);
    // Assets: unsold ones (sold_amount "") stay unsold; a sold one keeps its sale, money in on its day.
    const assets = entries.filter((e) => e.kind === 'asset');
    expect(assets.map((a) => [a.name, Number(a.sold_status), a.sold_amount_p])).toEqual([
      ['Generator', 0, null],
      ['Weighing scale', 0, null],
      ['Drawing machine', 1, 3308500],
    ]);
    const sale = entries.find((e) => e.kind === 'assetSale')!;
    expect(sale).toMatchObject({ paid_amount_p: 3308500, cash_p: 3308500, ref_id: assets[2]!.id, issue_date: '2024-08-02' });
    // A double submission: both documents are imported.
    expect(entries.filter((e) => e.kind === 'acid' && e.issue_date === '2025-06-07')).toHaveLength(2);
    // Other expenses, repairs, salaries, stock.
    expect(entries.find((e) => e.kind === 'otherExpense' && e.name === 'Maintanence Cost')).toMatchObject({ qunatity_milli: 204190, paid_amount_p: 700 });
    expect(entries.find((e) => e.kind === 'potRepair' && e.pot_number === 'P-5')).toMatchObject({ paid_amount_p: 5000, cash_p: -5000 });
    expect(entries.filter((e) => e.kind === 'salary').map((e) => e.month)).toEqual(['October', 'September', 'October', 'July', 'November']);
    expect(entries.filter((e) => e.kind === 'stock').reduce((s, e) => s + Number(e.stock_g), 0)).toBe(66345000);

    // Statements of imported parties: what each owes (+) or is owed (−).
    const balances = await partyBalances(db);
    const balance = (category: string, name: string) => Number(balances.find((b) => b.catagories === category && b.name === name)?.balance_p);
    expect(balance('Client', 'Sumon Enterprise')).toBe(24724900);
    expect(balance('Wire Agent', 'Sumon Enterprise')).toBe(-643800);
    expect(balance('Investor', 'Babul Sheikh')).toBe(-727300);

    // The same folder again: nothing new.
    const again = await importOldSystem(db, options(SAMPLE, { skipBadRows: true, accounts }));
    expect(again.lines.at(-1)).toBe('import: 0 to import, 81 already imported, 4 with problems');
    expect(again.batchId).toBeNull();
    expect([await count(t, 'partners'), await count(t, 'entries'), await count(t, 'import_batches'), accounts.made.length]).toEqual([19, 60, 1, 3]);

    // An export that overlaps it, its problems fixed: only those rows come in, in a batch of their own; nothing left, exit 0.
    const fixed = sampleWith((f) => {
      f['mWireData.json'] = f['mWireData.json']!.replace('Nobody Known Here', 'Selim  hardware');
      f['giWireData.json'] = f['giWireData.json']!.replace('"weight": "-5"', '"weight": "5"').replace(
        '"total_price": -450, "due_amount": -550',
        '"total_price": 450, "due_amount": 350',
      );
      f['investorData.json'] = f['investorData.json']!.replace('"abc"', '"1,000"');
      f['powderCost.json'] = f['powderCost.json']!.replace('2024-02-30', '2024-02-29');
    });
    const rest = await importOldSystem(db, options(fixed, { accounts }));
    expect(rest.lines).toEqual([...noteLines.slice(0, 1), rest.lines[1], rest.lines[2], 'import: 4 imported, 81 already imported, 0 with problems']);
    expect(rest.exitCode).toBe(0);
    expect(await count(t, 'import_batches')).toBe(2);
    const selim = await db.selectFrom('entries').selectAll().where('kind', '=', 'msWire').where('name', '=', 'Selim Hardware').executeTakeFirstOrThrow();
    expect(Number(selim.import_batch)).toBe(Number(rest.batchId));
    expect(await checkBooks(db)).toEqual([]);
    fs.rmSync(fixed, { recursive: true });
  });

  it('voids a batch as a unit: every entry reversed, the books back to nothing, and the export can come in again', async () => {
    const db = t.database.db;
    const first = await importOldSystem(db, options(SAMPLE, { skipBadRows: true }));
    const ctx = { db, timeZone: 'Asia/Dhaka', registry };
    // One entry voided by hand before: it stays voided once, not twice.
    const fire = await db.selectFrom('entries').select('id').where('kind', '=', 'fire').executeTakeFirstOrThrow();
    await db
      .transaction()
      .execute(async (trx) => (await import('../../src/server/modules/books/lifecycle.ts')).voidWithin(trx, ctx, Number(fire.id), 'typed twice', actor));
    expect(await voidBatch(ctx, Number(first.batchId), 'wrong export', actor)).toEqual({ voided: 59 });
    expect(await checkBooks(db)).toEqual([]);
    const summary = await getSummary(db);
    expect([Number(summary.balance_p), Number(summary.stock_g)]).toEqual([0, 0]);
    for (const b of await partyBalances(db)) expect(Number(b.balance_p), b.name).toBe(0);
    const batch = await db.selectFrom('import_batches').selectAll().executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ voided_by_name: 'test', void_reason: 'wrong export' });
    await expect(voidBatch(ctx, Number(first.batchId), 'again', actor)).rejects.toMatchObject({ statusCode: 409, refusal: { code: 'import_batch_voided' } });
    await expect(voidBatch(ctx, 999, 'none', actor)).rejects.toMatchObject({ statusCode: 404, refusal: { code: 'import_batch_not_found' } });
    // Its entries come in again (its partners are there already).
    const again = await importOldSystem(db, options(SAMPLE, { skipBadRows: true }));
    expect(again.lines.at(-1)).toBe('import: 59 imported, 19 already imported, 4 with problems');
    expect(await checkBooks(db)).toEqual([]);
  });

  it("books the old dashboard's difference, given a reason, as opening adjustments: the header then says what the old one said", async () => {
    const db = t.database.db;
    const reason = 'old dashboard at the cut-over';
    const report = await importOldSystem(db, options(SAMPLE, { skipBadRows: true, dashboardReason: reason }));
    expect(report.lines.filter((l) => l.startsWith('dashboard.json'))).toEqual([
      'dashboard.json:1: wire_stock: note: the old dashboard says 61,958.25 kg; the imported entries add up to 61,920.75 kg (difference −37.5 kg)',
      'dashboard.json:1: wire_stock: note: the difference goes in as an opening adjustment (Add 37.5 kg)',
      'dashboard.json:1: current_balance: note: the old dashboard says 1,20,829.50 taka; the imported entries add up to 1,22,064.00 taka (difference 1,234.50 taka)',
      'dashboard.json:1: current_balance: note: the difference goes in as an opening adjustment (Take away 1,234.50 taka)',
    ]);
    expect(report.lines.at(-1)).toBe('import: 80 imported, 0 already imported, 4 with problems');
    const summary = await getSummary(db);
    expect([Number(summary.balance_p), Number(summary.stock_g)]).toEqual([12_082_950, 61_958_250]);
    const booked = await db
      .selectFrom('entries')
      .select(['side', 'paid_amount_p', 'weight_g', 'note', 'cash_p', 'stock_g'])
      .where('import_key', 'like', 'openingAdjustments:dashboard:%')
      .orderBy('id')
      .execute();
    expect(booked.map((r) => [r.side, r.note, Number(r.cash_p), Number(r.stock_g)])).toEqual([
      ['Add', reason, 0, 37_500],
      ['Take away', reason, -123_450, 0],
    ]);
    expect(await checkBooks(db)).toEqual([]);
    // Again: nothing new, the adjustments among what is there already.
    const again = await importOldSystem(db, options(SAMPLE, { skipBadRows: true, dashboardReason: reason }));
    expect(again.lines.at(-1)).toBe('import: 0 to import, 80 already imported, 4 with problems');
    // Voided with its batch (its 60 entries and the 2 adjustments), the adjustments go too.
    const ctx = { db, timeZone: 'Asia/Dhaka', registry };
    expect(await voidBatch(ctx, Number(report.batchId), 'wrong export', actor)).toEqual({ voided: 62 });
    const after = await getSummary(db);
    expect([Number(after.balance_p), Number(after.stock_g)]).toEqual([0, 0]);
    expect(await checkBooks(db)).toEqual([]);
  });

  it('lists an old total or due off by more than a poisha as a note, recomputed, and still imports the row', async () => {
    const folder = sampleWith((f) => {
      // The old due forgot the discount (100): 27945 − 27845 = 100 where 0 is right.
      f['mWireData.json'] = f['mWireData.json']!.replace('"due_amount": 0.0,', '"due_amount": 100.0,');
      for (const name of Object.keys(f)) if (name !== 'mWireData.json' && name !== 'userDetailsData.json') delete f[name];
      f['mWireData.json'] = f['mWireData.json']!.replace('Nobody Known Here', 'Rahim Traders');
    });
    const report = await importOldSystem(t.database.db, options(folder));
    expect(report.lines).toEqual([
      'mWireData.json:3: due_amount: note: the old system had 100.00, recomputed 0.00 (difference −100.00)',
      'import: 25 imported, 0 already imported, 0 with problems',
    ]);
    expect(report.exitCode).toBe(0);
    fs.rmSync(folder, { recursive: true });
  });

  it('refuses a line that is not JSON, a wrong role and a bad email by their row, and writes nothing', async () => {
    const folder = sampleWith((f) => {
      f['stock.json'] = f['stock.json']!.replace('{"_id": {"$oid": "6bb03ec9597aa61105ea1882"}', '{"_id": oops');
      f['loggedInUsers.json'] = f['loggedInUsers.json']!.replace('"role": "user"', '"role": "boss"').replace('owner@amametal.example', 'owner-at-amametal');
    });
    const report = await importOldSystem(t.database.db, options(folder, { accounts: memoryAccounts() }));
    expect(report.lines.filter((l) => !l.includes(': note: ') && !problemLines.includes(l))).toEqual([
      expect.stringMatching(/^stock\.json:2: \(document\): is not a JSON document \(.+\)$/),
      'loggedInUsers.json:1: email: That email address does not look right',
      'loggedInUsers.json:3: role: "boss" is not a role: user, acounts or admin',
      'import: 78 to import, 0 already imported, 7 with problems',
    ]);
    expect(await count(t, 'entries')).toBe(0);
    fs.rmSync(folder, { recursive: true });
  });
});

describe('npm run cli -- import', () => {
  it('prints the report, exits 1 while a row has a problem, makes the people verified accounts with their roles', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-import-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', APP_TIME_ZONE: 'Asia/Dhaka' };
    const cli = (...args: string[]) =>
      run('npx', ['tsx', 'src/server/cli.ts', 'import', ...args], { env }).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
    // (The dry run and the refusal to write while a row has a problem are the same function: tested above.)
    const done = await cli(SAMPLE, '--skip-bad-rows', '--by', 'Owner');
    expect(done.code).toBe(1);
    expect(done.stdout.trimEnd().split('\n')).toEqual(reportOf('import: 81 imported, 0 already imported, 4 with problems'));
    const database = openSqlite(path.join(dataDir, SQLITE_FILE));
    try {
      const users = await database.db.selectFrom('user').select(['email', 'name', 'role', 'emailVerified']).orderBy('email').execute();
      expect(users.map((u) => [u.email, u.name, u.role, Boolean(u.emailVerified)])).toEqual([
        ['kamrul.acc@amametal.example', 'Kamrul Accounts', 'acounts', true],
        ['owner@amametal.example', 'Owner Admin', 'admin', true],
        ['shopboy@amametal.example', 'Shop Boy', 'user', true],
      ]);
      // No password: the owner, who signed in with Google, has that account linked; nobody has a credential.
      const accounts = await (
        database.db as unknown as import('kysely').Kysely<Record<string, { providerId: string; accountId: string; password: string | null }>>
      )
        .selectFrom('account')
        .select(['providerId', 'accountId', 'password'])
        .execute();
      expect(accounts).toEqual([{ providerId: 'google', accountId: 'owner@amametal.example', password: null }]);
      const batch = await database.db.selectFrom('import_batches').selectAll().executeTakeFirstOrThrow();
      expect(batch).toMatchObject({ created_by_name: 'Owner', users: 3 });
    } finally {
      await database.close();
    }
    const check = await run('npx', ['tsx', 'src/server/cli.ts', 'check'], { env });
    expect(check.stdout).toMatch(/^books ok: 60 entries/);
    fs.rmSync(dataDir, { recursive: true });
  });
});
