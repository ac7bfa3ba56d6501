import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody as partner } from '../helpers/factories.ts';

// Money accounts (issue 28, parts 1, 2 and 5), as the factory uses them: the admin adds the bank
// account and the bKash wallet; the accountant books a client's bKash payment and a supplier paid
// from the bank; every account's balance follows, the header's Balance stays the sum of them all,
// and the spec's calls without an account still mean Cash.
describe.each(dialects)('money accounts on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let acc: Agent;
  let bank: number;
  let bkash: number;
  type Account = { id: number; name: string; type: string; balance: number; archived: boolean };
  const accounts = async (): Promise<Account[]> => (await acc.get('/api/accounts')).json().data;
  const balanceOf = async (id: number) => (await accounts()).find((a) => a.id === id)?.balance;
  const header = async () => (await acc.get('/api/dashboard')).json().data as { current_balance: number; accounts: Account[] };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin')).agent;
    acc = (await t.signedIn('acounts')).agent;
    await admin.post('/api/userDetailsData', partner('Client', 'Bkash Client'));
    await admin.post('/api/userDetailsData', partner('Wire Agent', 'Bank Supplier'));
  });
  afterAll(() => t.close());

  it('starts with Cash in hand alone, holding what the books hold', async () => {
    await acc.post('/api/otherExpanses', entryBody('otherExpense', { paid_amount: '100' }));
    const list = await accounts();
    expect(list).toEqual([{ id: 1, name: 'Cash in hand', type: 'cash', bank: null, branch: null, number: null, archived: false, balance: -100 }]);
    expect((await header()).accounts).toEqual([{ id: 1, name: 'Cash in hand', type: 'cash', balance: -100 }]);
  });

  it('lets an admin add a bank account and a wallet, each with what it needs, named once', async () => {
    const b = await admin.post('/api/accounts', { name: 'City Bank CD', type: 'bank', bank: 'City Bank', branch: 'Tongi', number: '1234-567' });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().data).toMatchObject({ name: 'City Bank CD', type: 'bank', bank: 'City Bank', branch: 'Tongi', number: '1234-567', balance: 0 });
    bank = b.json().data.id;
    const w = await admin.post('/api/accounts', { name: '  bKash   Office ', type: 'mobile', number: '01711000000' });
    expect(w.statusCode, w.body).toBe(201);
    expect(w.json().data.name).toBe('bKash Office');
    bkash = w.json().data.id;

    const noBank = await admin.post('/api/accounts', { name: 'Another bank', type: 'bank', number: '1' });
    expect([noBank.statusCode, noBank.json().error.field]).toEqual([400, 'bank']);
    const noNumber = await admin.post('/api/accounts', { name: 'Nagad', type: 'mobile' });
    expect([noNumber.statusCode, noNumber.json().error.field]).toEqual([400, 'number']);
    const twice = await admin.post('/api/accounts', { name: 'bkash office', type: 'mobile', number: '017' });
    expect([twice.statusCode, twice.json().error.code, twice.json().error.field]).toEqual([409, 'account_exists', 'name']);
    const wrongType = await admin.post('/api/accounts', { name: 'Locker', type: 'safe' });
    expect([wrongType.statusCode, wrongType.json().error.field]).toEqual([400, 'type']);
    expect((await accounts()).map((a) => a.name)).toEqual(['Cash in hand', 'City Bank CD', 'bKash Office']);
  });

  it('books each entry into the account it names, Cash when it names none; the Balance is the sum of the accounts', async () => {
    const before = await header();
    const paid = await acc.post('/api/receiptData', { name: 'Bkash Client', paid_amount: '5000', account_id: bkash });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.account_id).toBe(bkash);
    const bought = await acc.post(
      '/api/wireCost',
      entryBody('wireCost', { size: '10', weight: '100', price: '80', paid_amount: '8000', discount_amount: '0', account_id: String(bank) }, 'Bank Supplier'),
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const cashSale = await acc.post(
      '/api/mWireData',
      entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: '1000', discount_amount: '0', note: 'n' }, 'Bkash Client'),
    );
    expect(cashSale.json().data.account_id).toBe(1);

    expect(await balanceOf(bkash)).toBe(5000);
    expect(await balanceOf(bank)).toBe(-8000);
    expect(await balanceOf(1)).toBe(-100 + 1000);
    const after = await header();
    expect(after.current_balance).toBe(before.current_balance + 5000 - 8000 + 1000);
    expect(after.accounts.reduce((s, a) => s + a.balance, 0)).toBeCloseTo(after.current_balance, 2);
    // Listed entries say where their money went.
    const listed = (await acc.get('/api/receiptData?name=Bkash%20Client')).json().data;
    expect(listed[0].account_id).toBe(bkash);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('says in the party ledger where each entry’s money went, its figures the same as in Cash', async () => {
    const client = (await acc.get('/api/ledger')).json().data.find((p: { name: string }) => p.name === 'Bkash Client');
    const ledger = (await acc.get(`/api/ledger/${client.id}`)).json().data;
    expect(ledger.rows.map((r: { kind: string; account_id: number | null; effect: number }) => [r.kind, r.account_id, r.effect])).toEqual([
      ['paymentReceived', bkash, -5000],
      ['msWire', 1, 0],
    ]);
    expect([ledger.opening, ledger.closing]).toEqual([0, -5000]);
    const supplier = (await acc.get('/api/ledger')).json().data.find((p: { name: string }) => p.name === 'Bank Supplier');
    expect((await acc.get(`/api/ledger/${supplier.id}`)).json().data.rows.map((r: { account_id: number }) => r.account_id)).toEqual([bank]);
    // A statement's totals are the amounts, wherever the money went.
    expect((await acc.get('/api/receiptData?name=Bkash%20Client')).json().totals.paid_amount).toBe(5000);
  });

  it('moves the money with a correction and takes it back with a void', async () => {
    const id = (await acc.post('/api/receiptData', { name: 'Bkash Client', paid_amount: '300', account_id: bkash })).json().data.id as number;
    expect(await balanceOf(bkash)).toBe(5300);
    // Corrected without an account: the money stays where it was.
    const kept = await acc.post(`/api/entries/${id}/correct`, { name: 'Bkash Client', paid_amount: '350' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(await balanceOf(bkash)).toBe(5350);
    // Corrected to the bank: it moves.
    const moved = await acc.post(`/api/entries/${kept.json().data.id}/correct`, { name: 'Bkash Client', paid_amount: '350', account_id: bank });
    expect(moved.statusCode, moved.body).toBe(201);
    expect([await balanceOf(bkash), await balanceOf(bank)]).toEqual([5000, -7650]);
    expect((await acc.post(`/api/entries/${moved.json().data.id}/void`, { reason: 'never came' })).statusCode).toBe(200);
    expect(await balanceOf(bank)).toBe(-8000);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('refuses an entry into an account that does not exist or is archived, coded, naming account_id, writing nothing', async () => {
    const before = (await header()).current_balance;
    const unknown = await acc.post('/api/receiptData', { name: 'Bkash Client', paid_amount: '1', account_id: 999 });
    expect([unknown.statusCode, unknown.json().error.code, unknown.json().error.field]).toEqual([400, 'account_not_found', 'account_id']);
    const junk = await acc.post('/api/receiptData', { name: 'Bkash Client', paid_amount: '1', account_id: 'bank' });
    expect([junk.statusCode, junk.json().error.field]).toEqual([400, 'account_id']);
    // An account that holds nothing may be archived; then it takes no entries.
    const spare = (await admin.post('/api/accounts', { name: 'Old Rocket', type: 'mobile', number: '018' })).json().data.id as number;
    const archived = await admin.put(`/api/accounts/${spare}`, { archived: true });
    expect([archived.statusCode, archived.json().data.archived]).toEqual([200, true]);
    const closed = await acc.post('/api/receiptData', { name: 'Bkash Client', paid_amount: '1', account_id: spare });
    expect([closed.statusCode, closed.json().error.code, closed.json().error.params]).toEqual([400, 'account_not_open', { name: 'Old Rocket' }]);
    expect((await header()).current_balance).toBe(before);
    expect((await header()).accounts.map((a) => a.id)).not.toContain(spare);
  });

  it('renames an account, keeps Cash and any account holding money from being archived, and keeps its type', async () => {
    const renamed = await admin.put(`/api/accounts/${bank}`, { name: 'City Bank Current' });
    expect([renamed.statusCode, renamed.json().data.name, renamed.json().data.balance]).toEqual([200, 'City Bank Current', -8000]);
    expect((await header()).accounts.find((a) => a.id === bank)?.name).toBe('City Bank Current');
    const cash = await admin.put('/api/accounts/1', { archived: true });
    expect([cash.statusCode, cash.json().error.code]).toEqual([409, 'account_cash_kept']);
    const full = await admin.put(`/api/accounts/${bkash}`, { archived: true });
    expect([full.statusCode, full.json().error.code]).toEqual([409, 'account_not_empty']);
    const retype = await admin.put(`/api/accounts/${bkash}`, { type: 'bank' });
    expect([retype.statusCode, retype.json().error.code]).toEqual([409, 'account_type_fixed']);
    const clash = await admin.put(`/api/accounts/${bkash}`, { name: 'CASH IN HAND' });
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'account_exists']);
    expect((await admin.put('/api/accounts/999', { name: 'x' })).statusCode).toBe(404);
    // Every change is audited.
    const audit = await t.app.deps.database.db.selectFrom('audit_log').select(['action', 'subject_id']).where('subject_kind', '=', 'account').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['add-account', 'edit-account', 'archive-account']));
  });
});
