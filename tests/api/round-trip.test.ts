import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { getSummary } from '../../src/server/modules/books/repository.ts';
import { exportBooks, exportToFolder, readSnapshot } from '../../src/server/modules/import/export.ts';
import { type Accounts, type OldAccount, importOldSystem } from '../../src/server/modules/import/old-system.ts';
import { daysBefore } from '../../src/shared/backdate.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { type PartnerCategory, registry } from '../../src/shared/registry.ts';
import { terms } from '../../src/shared/messages-bn.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// Issue 30 item 7 (docs/decisions/0040): books made through the API with every kind, several
// accounts (one archived), a transfer with a fee, a cheque cleared and one bounced, a payment
// received, a void, a correction and a closed day are exported, imported into an empty second
// instance, and every party's ledger and statement, each kind's list, the header, each account's
// cash book, the overview, the dues, the cheques, the day closes and `check` come out the same,
// answer for answer: the entries keep their numbers.

const names: Record<PartnerCategory, string> = {
  Client: 'Round Client',
  'Wood Powder Agent': 'Round Powder',
  'Wire Agent': 'Round Wire Agent',
  'Acid Agent': 'Round Acid',
  Employee: 'Round Employee',
  Investor: 'Round Investor',
};
const partyFor = (categories: readonly PartnerCategory[]) => names[categories[0] as PartnerCategory];

function memoryAccounts(): Accounts & { made: OldAccount[] } {
  const made: OldAccount[] = [];
  return { made, exists: async (email) => made.some((a) => a.email === email), create: async (a) => void made.push(a) };
}

describe.each(dialects)('export and import back on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let aAdmin: Agent;
  let bAdmin: Agent;
  let folder: string;
  const today = todayIn('Asia/Dhaka');
  const importInto = (t: TestApp, accounts?: Accounts) =>
    importOldSystem(t.app.deps.database.db, {
      folder,
      write: true,
      skipBadRows: false,
      timeZone: 'Asia/Dhaka',
      actor: { id: 'cli:test', name: 'test' },
      ...(accounts ? { accounts } : {}),
    });
  const yesterday = daysBefore(today, 1);

  beforeAll(async () => {
    a = await createTestApp(dialect);
    b = await createTestApp(dialect);
    aAdmin = (await a.signedIn('admin', 'Owner Round')).agent;
    const acc = (await a.signedIn('acounts', 'Kamrul Round')).agent;
    const ok = async (res: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>, status = 201) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(status);
      return r.json().data;
    };
    for (const [category, name] of Object.entries(names)) await ok(aAdmin.post('/api/userDetailsData', partnerBody(category, name)));
    const bank = Number((await ok(aAdmin.post('/api/accounts', { name: 'Round Bank', type: 'bank', bank: 'City Bank', number: '1234' }))).id);
    const wallet = Number((await ok(aAdmin.post('/api/accounts', { name: 'Round bKash', type: 'mobile', number: '01711000000' }))).id);
    const old = Number((await ok(aAdmin.post('/api/accounts', { name: 'Round Old Bank', type: 'bank', bank: 'Old Bank', number: '9' }))).id);

    // Every kind once, yesterday (a late voucher); the cash kinds alternate between cash and the bank.
    const late = { issue_date: yesterday, backdate_reason: 'slip found late' };
    await ok(acc.post('/api/investorData', entryBody('investor', { paid_amount: '100000', ...late }, partyFor)));
    const made: Record<string, number> = {};
    let n = 0;
    for (const kind of registry.kinds) {
      const more: Record<string, unknown> = { ...late };
      if (kind.cash && n++ % 2 === 1) more.account_id = bank;
      // An admin's kind (an opening balance, decision 0041) is written by the admin.
      made[kind.kind] = Number((await ok((kind.write === 'admin' ? aAdmin : acc).post(`/api/${kind.path}`, entryBody(kind, more, partyFor)))).id);
    }
    // Money moved around the old account, then the account archived.
    await ok(acc.post('/api/investorData', entryBody('investor', { paid_amount: '900', account_id: old }, partyFor)));
    await ok(acc.post('/api/transfers', { from_account_id: old, to_account_id: bank, amount: '900' }));
    await ok(aAdmin.put(`/api/accounts/${old}`, { archived: true }), 200);
    // Today: a sale, a payment received, a transfer with a fee, a void and a correction.
    const sale = Number((await ok(acc.post('/api/mWireData', entryBody('msWire', { weight: '100', price: '600', paid_amount: '1000' }, partyFor)))).id);
    await ok(acc.post('/api/receiptData', entryBody('paymentReceived', { paid_amount: '2500', account_id: wallet }, partyFor)));
    await ok(acc.post('/api/transfers', { from_account_id: wallet, to_account_id: 1, amount: '1000', fee: '18.50' }));
    await ok(acc.post(`/api/entries/${made.acid}/void`, { reason: 'entered twice' }), 200);
    await ok(
      acc.post(`/api/entries/${sale}/correct`, {
        ...entryBody('msWire', { weight: '90', price: '600', paid_amount: '1000' }, partyFor),
        reason: 'weighed again',
      }),
    );
    // An asset sold, a fire ended.
    await ok(acc.put(`/api/assetsCost/${made.asset}`, { sold_status: true, sold_amount: '300' }), 200);
    await ok(acc.put(`/api/fire/${made.fire}`, { fire_status: true, fire_time: 'ended at dawn' }), 200);
    // Cheques: one received, deposited and cleared; one bounced; the client owes it again.
    const cheque = (no: string, amount: string) =>
      ok(
        acc.post('/api/receiptData', {
          name: names.Client,
          paid_amount: amount,
          payment: 'cheque',
          cheque_no: no,
          cheque_bank: 'Sonali Bank',
          cheque_date: today,
        }),
      );
    await cheque('RT-1', '4000');
    await cheque('RT-2', '700');
    const list = (await acc.get('/api/cheques')).json().data as { id: number; cheque_no: string }[];
    const id = (no: string) => list.find((c) => c.cheque_no === no)?.id;
    for (const no of ['RT-1', 'RT-2']) await ok(acc.post(`/api/cheques/${id(no)}/deposit`, { account_id: bank }), 200);
    await ok(acc.post(`/api/cheques/${id('RT-1')}/clear`, {}), 200);
    await ok(acc.post(`/api/cheques/${id('RT-2')}/bounce`, { reason: 'insufficient funds' }), 200);
    // Yesterday closed for cash, 10 taka short.
    const book = (await acc.get(`/api/cashbook?account_id=1&issue_date>=${yesterday}&issue_date<=${yesterday}`)).json().data.closing as number;
    await ok(acc.post('/api/day-close', { account_id: 1, date: yesterday, counted: String(book - 10), reason: 'a note missing' }));
    expect(await checkBooks(a.app.deps.database.db)).toEqual([]);

    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-export-'));
    await exportToFolder(a.app.deps.database, registry, folder);
    bAdmin = (await b.signedIn('admin', 'Owner Other')).agent;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('writes the format the importer reads, with no secret in it', () => {
    const files = fs.readdirSync(folder).sort();
    for (const kind of registry.kinds) expect(files).toContain(`${kind.path}.json`);
    for (const f of ['userDetailsData', 'loggedInUsers', 'moneyAccounts', 'transfers', 'madeEntries', 'cheques', 'dayCloses'])
      expect(files).toContain(`${f}.json`);
    const all = files.map((f) => fs.readFileSync(path.join(folder, f), 'utf8')).join('\n');
    expect(all).not.toMatch(/password|token|session|scrypt|\$argon/i);
    const people = fs
      .readFileSync(path.join(folder, 'loggedInUsers.json'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(people.map((p: { name: string }) => p.name).sort()).toEqual(['Kamrul Round', 'Owner Round']);
    expect(Object.keys(people[0]).sort()).toEqual(['_id', 'email', 'name', 'role']);
  });

  it('imports into an empty instance: every statement, ledger, the header, cash books, overview and check come out equal', async () => {
    const people = memoryAccounts();
    const report = await importInto(b, people);
    expect(report.lines.filter((l) => !l.includes(': note: ')).join('\n')).toMatch(/^import: \d+ imported, 1 already imported, 0 with problems$/);
    // Cash in hand, which every instance has, is the one thing in already.
    expect(people.made.map((p) => p.name).sort()).toEqual(['Kamrul Round', 'Owner Round']);
    // B's own admin reads B; it is one of the few things B has that A has not.
    // Whole answers: the entries keep their numbers in empty books (decision 0040), so each day's
    // rows come in the same order, with the same running balance after each.
    const same = async (url: string) => {
      const [x, y] = await Promise.all([aAdmin.get(url), bAdmin.get(url)]);
      expect(x.statusCode, `${url}: ${x.body}`).toBe(200);
      expect(y.statusCode, `${url}: ${y.body}`).toBe(200);
      expect(y.json(), url).toEqual(x.json());
    };
    await same('/api/dashboard');
    await same('/api/overview');
    await same('/api/dues');
    await same('/api/ledger');
    await same('/api/accounts');
    await same('/api/day-close');
    await same('/api/cheques');
    await same('/api/transfers');
    await same('/api/userDetailsData');
    const partners = (await aAdmin.get('/api/userDetailsData')).json().data as { id: number; name: string }[];
    for (const p of partners) await same(`/api/ledger/${p.id}`);
    for (const kind of registry.kinds) {
      await same(`/api/${kind.path}`);
      await same(`/api/${kind.path}/dates`);
      await same(`/api/${kind.path}/names`);
      for (const p of partners) await same(`/api/${kind.path}?name=${encodeURIComponent(p.name)}`);
    }
    // The money accounts (the cheques' own two have no cash book of their own).
    const accounts = await a.app.deps.database.db.selectFrom('money_accounts').select(['id', 'name']).where('type', 'in', ['cash', 'bank', 'mobile']).execute();
    expect(accounts.length).toBe(4);
    for (const account of accounts) {
      const url = `/api/cashbook?account_id=${account.id}&issue_date>=${yesterday}&issue_date<=${today}`;
      await same(url);
    }
    expect(await checkBooks(b.app.deps.database.db)).toEqual([]);
    expect(await getSummary(b.app.deps.database.db)).toEqual(await getSummary(a.app.deps.database.db));
  });

  it('numbers the next entry typed after the last one it brought', async () => {
    const db = b.app.deps.database.db;
    const last = Number(
      (
        await db
          .selectFrom('entries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
    const res = await bAdmin.post('/api/investorData', entryBody('investor', { paid_amount: '5', note: 'after the import' }, partyFor));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.id).toBe(last + 1);
    await bAdmin.post(`/api/entries/${res.json().data.id}/void`, { reason: 'only a try' });
  });

  it('into books that have entries already, numbers them anew after those, every figure still right', async () => {
    const c = await createTestApp(dialect);
    try {
      const cAdmin = (await c.signedIn('admin', 'Owner Third')).agent;
      expect((await cAdmin.post('/api/userDetailsData', partnerBody('Investor', 'Third Investor'))).statusCode).toBe(201);
      const typed = await cAdmin.post('/api/investorData', entryBody('investor', { name: 'Third Investor', paid_amount: '100' }));
      expect(typed.statusCode, typed.body).toBe(201);
      const report = await importInto(c);
      expect(report.lines.at(-1)).toMatch(/^import: \d+ imported, 1 already imported, 0 with problems$/);
      const db = c.app.deps.database.db;
      const ids = (await db.selectFrom('entries').select('id').where('import_key', 'is not', null).execute()).map((r) => Number(r.id));
      expect(Math.min(...ids)).toBeGreaterThan(Number(typed.json().data.id));
      expect(await checkBooks(db)).toEqual([]);
      const [x, y] = await Promise.all([aAdmin.get('/api/dashboard'), cAdmin.get('/api/dashboard')]);
      expect(y.json().data.current_balance).toBeCloseTo(x.json().data.current_balance + 100, 2);
    } finally {
      await c.close();
    }
  });

  it('imports nothing new the second time', async () => {
    const report = await importInto(b);
    expect(report.lines.at(-1)).toMatch(/^import: 0 to import, \d+ already imported, 0 with problems$/);
    expect(await checkBooks(b.app.deps.database.db)).toEqual([]);
  });

  it('GET /api/export is the same folder as a zip, for an admin', async () => {
    const acc = (await a.signedIn('acounts')).agent;
    expect((await acc.get('/api/export')).statusCode).toBe(403);
    const res = await a.app.inject({ method: 'GET', url: '/api/export', headers: { cookie: [...aAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="ama-books-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const folderFiles = fs.readdirSync(folder).sort();
    expect(Object.keys(files).sort()).toEqual(folderFiles);
    // The same documents but for the people (the export above was made before one more signed in).
    for (const f of folderFiles.filter((name) => name !== 'loggedInUsers.json'))
      expect(new TextDecoder().decode(files[f]), f).toBe(fs.readFileSync(path.join(folder, f), 'utf8'));
  });

  it("GET /api/export.xlsx is the accountant's workbook of a range: a sheet per kind whose figures add up to the lists' totals", async () => {
    const url = `/api/export.xlsx?from=${yesterday}&to=${today}`;
    const acc = (await a.signedIn('acounts')).agent;
    expect((await acc.get(url)).statusCode).toBe(403);
    const res = await a.app.inject({ method: 'GET', url, headers: { cookie: [...aAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheets = await readXlsxFile(res.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual([...registry.kinds.map((k) => k.title), 'Transfers', 'Other entries']);
    for (const kind of registry.kinds) {
      const [head, ...rows] = sheets.find((s) => s.sheet === kind.title)?.data ?? [];
      const list = (await aAdmin.get(`/api/${kind.path}?issue_date>=${yesterday}&issue_date<=${today}`)).json() as {
        data: unknown[];
        totals: Record<string, number>;
      };
      expect(rows.length, kind.title).toBe(list.data.length);
      // The paid column adds up to the list's total over the entries that stand.
      const paid = kind.fields.find((f) => f.name === 'paid_amount');
      if (!paid || !head) continue;
      const column = head.indexOf(paid.label);
      const live = rows.filter((r) => r[r.length - 1] !== 'voided');
      expect(
        live.reduce((sum, r) => sum + Math.round(Number(r[column] ?? 0) * 100), 0),
        kind.title,
      ).toBe(Math.round((list.totals.paid_amount ?? 0) * 100));
    }
    const transfers = sheets.find((s) => s.sheet === 'Transfers')?.data ?? [];
    // Two made by hand (one with a fee), and the cleared cheque's move into the bank.
    expect(transfers.slice(1).map((r) => [r[4], r[5]])).toEqual([
      [900, 0],
      [1000, 18.5],
      [4000, 0],
    ]);
    // In Bangla (`lang=bn`, as the import page asks in Bangla): the same figures under the registry's Bangla words.
    const inBangla = await a.app.inject({
      method: 'GET',
      url: `${url}&lang=bn`,
      headers: { cookie: [...aAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(inBangla.statusCode, inBangla.body).toBe(200);
    const bnSheets = await readXlsxFile(inBangla.rawPayload);
    expect(bnSheets.map((s) => s.sheet)).toEqual([...registry.kinds.map((k) => terms[k.title]), 'স্থানান্তরসমূহ', 'অন্যান্য এন্ট্রি']);
    for (const [i, kind] of registry.kinds.entries()) {
      const [head, ...rows] = bnSheets[i]?.data ?? [];
      expect(head, kind.title).toEqual(['তারিখ', 'নং', ...kind.fields.map((f) => terms[f.label]), 'হিসাব', 'লিখেছেন', 'বাতিল']);
      const english = sheets[i]?.data.slice(1) ?? [];
      // The same rows; only the voided mark is in Bangla.
      expect(
        rows.map((r) => r.slice(0, -1)),
        kind.title,
      ).toEqual(english.map((r) => r.slice(0, -1)));
      expect(
        rows.map((r) => r.at(-1)),
        kind.title,
      ).toEqual(english.map((r) => (r.at(-1) === 'voided' ? 'বাতিল' : r.at(-1))));
    }
    expect(bnSheets.at(-2)?.data[0]).toEqual(['তারিখ', 'নং', 'যে হিসাব থেকে', 'যে হিসাবে', 'পরিমাণ', 'চার্জ', 'নোট', 'লিখেছেন', 'বাতিল']);
    const refused = await aAdmin.get(`/api/export.xlsx?from=${today}&to=${yesterday}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'export_range_reversed', field: 'from' });
    expect((await aAdmin.get('/api/export.xlsx?from=2025-01-01&to=2026-06-01')).json().error).toMatchObject({ code: 'range_too_long', field: 'to' });
    expect((await aAdmin.get(`/api/export.xlsx?to=${today}`)).json().error).toMatchObject({ field: 'from' });
  });

  it('reads one snapshot: an entry saved while the export runs is not in it', async () => {
    const lines: Record<string, string[]> = {};
    let saved = 0;
    await readSnapshot(a.app.deps.database, (db) =>
      exportBooks(db, registry, {
        file(name) {
          const into: string[] = [];
          lines[name] = into;
          return {
            line: async (text) => {
              // While the first collection is written, the server saves an entry (on its own connection).
              if (saved === 0) {
                const res = await aAdmin.post('/api/investorData', entryBody('investor', { paid_amount: '777', note: 'during the export' }, partyFor));
                expect(res.statusCode, res.body).toBe(201);
                saved = res.json().data.id;
              }
              into.push(text);
            },
            end: () => undefined,
          };
        },
      }),
    );
    expect(saved).toBeGreaterThan(0);
    const investors = lines['investorData.json'] ?? [];
    expect(investors.length).toBe(fs.readFileSync(path.join(folder, 'investorData.json'), 'utf8').trim().split('\n').length);
    expect(investors.join('\n')).not.toContain('during the export');
  });
});
