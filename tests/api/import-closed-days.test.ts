import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReportAnswer } from '../../src/shared/import-api.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { importOldSystem } from '../../src/server/modules/import/old-system.ts';
import { todayIn } from '../../src/shared/dates.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { upload } from '../helpers/multipart.ts';

// Issue 30 with issue 28's day close (decision 0032): an imported row whose money lands on or
// before a day its account has closed is refused as a typed one is: a coded problem on its row,
// in the reader's language, nothing written unless the good rows are chosen; another account's
// same day, and a later day, come in. A day closed between the reading and the writing stops the
// import with `import_changed`, nothing written.

const actor = { id: 'cli:test', name: 'test' };
const CLOSED = '2024-03-06';
const partner = {
  _id: 'p1',
  catagories: 'Client',
  name: 'Rubel Traders',
  fname: 'Karim',
  mname: 'Rahima',
  address: 'Dhaka',
  contact: '1711000001',
  nid: '123',
};
const sale = (id: string, day: string, more: Record<string, unknown> = {}) => ({
  _id: id,
  name: 'Rubel Traders',
  issue_date: day,
  issued_by: 'Owner Admin',
  paid_amount: '1000',
  discount_amount: '0',
  price: '95',
  weight: '10',
  size: '10',
  note: 'sold',
  ...more,
});
const lines = (docs: object[]) => docs.map((d) => JSON.stringify(d)).join('\n');
const files = {
  'userDetailsData.json': lines([partner]),
  'mWireData.json': lines([sale('s1', '2024-03-05'), sale('s2', CLOSED), sale('s3', '2024-03-07')]),
};
const folderWith = (more: Record<string, string> = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-closed-'));
  for (const [name, body] of Object.entries({ ...files, ...more })) fs.writeFileSync(path.join(dir, name), body);
  return dir;
};

describe.each(dialects)('an import onto closed days on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let acc: Agent;
  let db: TestApp['app']['deps']['database']['db'];
  const entries = async () => (await db.selectFrom('entries').select(['import_key', 'issue_date']).where('import_key', 'is not', null).execute()).length;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin')).agent;
    acc = (await t.signedIn('acounts')).agent;
    db = t.app.deps.database.db;
    const close = await acc.post('/api/day-close', { account_id: 1, date: CLOSED, counted: '0' });
    expect(close.statusCode, close.body).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses the rows on or before the close, by row and column, and writes nothing until the good rows are chosen', async () => {
    const folder = folderWith();
    const run = (write: boolean, skipBadRows = false) => importOldSystem(db, { folder, write, skipBadRows, timeZone: 'Asia/Dhaka', actor });
    const refused = (row: number) =>
      `mWireData.json:${row}: issue_date: 6 March 2024 is closed for Cash in hand: nothing dated on or before it can be entered, voided or corrected`;
    const dry = await run(false);
    expect(dry.lines).toEqual([refused(1), refused(2), 'import: 2 to import, 0 already imported, 2 with problems']);
    expect(dry.exitCode).toBe(1);
    const whole = await run(true);
    expect(whole.batchId).toBeNull();
    expect(await entries()).toBe(0);

    const good = await run(true, true);
    expect(good.lines.at(-1)).toBe('import: 2 imported, 0 already imported, 2 with problems');
    expect(await db.selectFrom('entries').select('issue_date').where('kind', '=', 'msWire').execute()).toEqual([{ issue_date: '2024-03-07' }]);
    // Run again: the refused rows are still refused, the rest is in.
    expect((await run(false)).lines.at(-1)).toBe('import: 0 to import, 2 already imported, 2 with problems');
    expect(await checkBooks(db)).toEqual([]);
  });

  it('takes the same day through an account that has not closed it', async () => {
    await admin.post('/api/accounts', { name: 'City Bank', type: 'bank', bank: 'City Bank', number: '1234' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-closed-'));
    fs.writeFileSync(path.join(dir, 'userDetailsData.json'), files['userDetailsData.json']);
    fs.writeFileSync(
      path.join(dir, 'mWireData.csv'),
      `Date,Name,Size,Weight (KG),Rate (per KG),Paid Amount,Discount,Note,Account\r\n2024-03-05,Rubel Traders,10,10,95,500,0,by bank,City Bank\r\n`,
    );
    const report = await importOldSystem(db, { folder: dir, write: true, skipBadRows: false, timeZone: 'Asia/Dhaka', actor });
    expect(report.lines.at(-1)).toMatch(/^import: [12] imported, [01] already imported, 0 with problems$/);
    expect(
      await db.selectFrom('entries').select(['issue_date', 'account_id']).where('import_key', 'like', 'mWireData:%').where('account_id', '!=', 1).execute(),
    ).toEqual([{ issue_date: '2024-03-05', account_id: expect.any(Number) }]);
  });

  it("says it on the web in the reader's language", async () => {
    const { agent: bn, user } = await t.signedIn('admin', 'Nasima Begum');
    await db.updateTable('user').set({ lang: 'bn' }).where('id', '=', user.id).execute();
    const res = await upload(bn, '/api/import/dry-run', [
      { name: 'userDetailsData.json', content: files['userDetailsData.json'] },
      { name: 'mWireData.json', content: lines([sale('w1', '2024-03-01')]) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const report = (res.json() as { data: ImportReportAnswer }).data;
    expect(report.rows.map((r) => [r.file, r.row, r.column, r.code, r.message])).toEqual([
      [
        'mWireData.json',
        1,
        'issue_date',
        'day_closed',
        'হাতে নগদ হিসাবে ৬ মার্চ ২০২৪ তারিখের দিন বন্ধ: ওই দিন বা তার আগের তারিখের কিছু লেখা, বাতিল বা সংশোধন করা যাবে না',
      ],
    ]);
  });

  it("refuses an old asset's sale into Cash on a closed day though the asset itself was paid from the bank", async () => {
    const asset = { _id: 'a1', name: 'Generator', paid_amount: '5000', note: '', issue_date: '2024-03-04', issued_by: 'Owner', account: 'City Bank' };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-closed-'));
    fs.writeFileSync(path.join(dir, 'assetsCost.json'), lines([{ ...asset, sold_status: 'true', sold_amount: '4000' }]));
    const report = await importOldSystem(db, { folder: dir, write: true, skipBadRows: false, timeZone: 'Asia/Dhaka', actor });
    expect(report.lines).toEqual([
      'assetsCost.json:1: sold_amount: 6 March 2024 is closed for Cash in hand: nothing dated on or before it can be entered, voided or corrected',
      'import: 0 to import, 0 already imported, 1 with problems',
    ]);
    // Not sold, it comes in: the bank has not closed the day.
    fs.writeFileSync(path.join(dir, 'assetsCost.json'), lines([{ ...asset, sold_status: 'false' }]));
    expect((await importOldSystem(db, { folder: dir, write: true, skipBadRows: false, timeZone: 'Asia/Dhaka', actor })).lines).toEqual([
      'import: 1 imported, 0 already imported, 0 with problems',
    ]);
  });

  it('stops with import_changed, nothing written, when a day is closed between the reading and the writing', async () => {
    const before = await entries();
    const folder = folderWith({
      'mWireData.json': lines([sale('r1', '2024-03-09')]),
      'loggedInUsers.json': lines([{ _id: 'u1', name: 'Late Person', email: 'late@example.com', role: 'user' }]),
    });
    // The people are read after the entries and before the writing: the accountant closes the 10th then.
    const accounts = {
      exists: async () => {
        expect((await acc.post('/api/day-close', { account_id: 1, date: '2024-03-10', counted: '0', reason: 'drawer taken to the bank' })).statusCode).toBe(
          201,
        );
        return false;
      },
      create: async () => undefined,
    };
    const run = importOldSystem(db, { folder, write: true, skipBadRows: true, timeZone: 'Asia/Dhaka', actor, accounts });
    await expect(run).rejects.toMatchObject({ statusCode: 409, refusal: { code: 'import_changed' } });
    expect(await entries()).toBe(before);
    // Read again, the row is refused.
    const again = await importOldSystem(db, { folder, write: false, skipBadRows: false, timeZone: 'Asia/Dhaka', actor });
    expect(again.lines[0]).toMatch(/^mWireData\.json:1: issue_date: 10 March 2024 is closed for Cash in hand/);
  });

  it("does not book the old dashboard's difference into today once today is closed", async () => {
    const today = todayIn('Asia/Dhaka');
    const close = await acc.post('/api/day-close', { account_id: 1, date: today, counted: '0', reason: 'drawer emptied' });
    expect(close.statusCode, close.body).toBe(201);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-closed-'));
    fs.writeFileSync(path.join(dir, 'dashboard.json'), lines([{ _id: 'd1', current_balance: 999 }]));
    const before = await entries();
    const report = await importOldSystem(db, {
      folder: dir,
      write: true,
      skipBadRows: false,
      timeZone: 'Asia/Dhaka',
      actor,
      dashboardReason: 'start at the old figure',
    });
    expect(report.lines.at(-2)).toMatch(/^dashboard\.json:1: current_balance: .* is closed for Cash in hand: /);
    expect(report.lines.at(-1)).toBe('import: 0 to import, 0 already imported, 1 with problems');
    expect(await entries()).toBe(before);
  });
});
