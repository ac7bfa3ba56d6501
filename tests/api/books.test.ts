import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { type KindDef, type PartnerCategory, inputFields, kinds, partnerCategories, partnerFields } from '../../src/shared/registry.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import {
  ADMIN_ACCOUNT,
  entryBody,
  gramsOf,
  gramsOfNumber as toGrams,
  kindNamed,
  lineTotal,
  partnerAnswer,
  partnerBody,
  poishaOf,
  poishaOfNumber as toPoisha,
} from '../helpers/factories.ts';

// The books through the API, as the accounts staff use them: partners, every record kind of the
// registry, exact money, the derived balance and stock, fires, asset sales, voids, refusals of
// bad input, idempotent retries and list filters. Every expected figure is worked out here, in
// BigInt, from the texts typed; the server's own money code is not used to check itself.

type Row = Record<string, unknown> & { id: number };
type Partner = { id: number; name: string };

const TIME_ZONE = 'Asia/Dhaka';
const allKinds = kinds as readonly KindDef[];
const ACCOUNTS_NAME = 'Karim Accounts';
const ADMIN_NAME = ADMIN_ACCOUNT.name;

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}${Math.random().toString(36).slice(2, 6)}`;

/** Integer poisha → the JSON number the API should send (taka with 2 decimals). */
function taka(p: bigint): number {
  const negative = p < 0n;
  const abs = negative ? -p : p;
  return Number(`${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`);
}

function expectFieldError(res: LightMyRequestResponse, status: number, field: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json().error as { message: string; field?: string };
  expect(error.field, res.body).toBe(field);
  expect(error.message.startsWith(`${field}: `), res.body).toBe(true);
}

describe.each(dialects)('books on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let admin: Agent;
  let staff: Agent;
  /** One partner of each category, for the party fields. */
  const partnerOf = new Map<PartnerCategory, Partner>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ agent: admin } = await t.signedIn('admin', ADMIN_NAME));
    ({ agent: acc } = await t.signedIn('acounts', ACCOUNTS_NAME));
    ({ agent: staff } = await t.signedIn('user', 'Plain Staff'));
    for (const c of partnerCategories) partnerOf.set(c, await addPartner(c));
  });
  afterAll(() => t.close());

  async function addPartner(category: PartnerCategory, name = unique(category.split(' ')[0] ?? category)): Promise<Partner> {
    const res = await admin.post('/api/userDetailsData', partnerBody(category, name));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Partner;
  }

  function partner(c: PartnerCategory): Partner {
    const p = partnerOf.get(c);
    if (!p) throw new Error(`no ${c} partner`);
    return p;
  }

  function validBody(kind: KindDef, patch: Record<string, unknown> = {}): Record<string, unknown> {
    return entryBody(kind, patch, (categories) => partner(categories[0] as PartnerCategory).name);
  }

  /** Who writes a kind: the acounts role, or an admin for an admin's kind (an opening balance). */
  const writer = (kind: KindDef) => (kind.write === 'admin' ? admin : acc);

  async function create(kind: KindDef, patch: Record<string, unknown> = {}, agent: Agent = writer(kind)): Promise<Row> {
    const res = await agent.post(`/api/${kind.path}`, validBody(kind, patch));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Row;
  }

  async function summary() {
    const res = await acc.get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { current_balance: number; wire_stock: number };
    expect(Object.keys(data).sort()).toEqual(['accounts', 'cheques', 'current_balance', 'wire_stock']);
    return { balance: toPoisha(data.current_balance), stock: toGrams(data.wire_stock) };
  }

  async function list(path: string, query = ''): Promise<Row[]> {
    const res = await acc.get(`/api/${path}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row[];
  }

  async function entryCount(): Promise<number> {
    const row = await t.app.deps.database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function booksAddUp() {
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  }

  describe('partners (userDetailsData)', () => {
    it('lets an admin add a partner and gives every field back in the spec names', async () => {
      const name = unique('Rahim Traders');
      const res = await admin.post('/api/userDetailsData', partnerBody('Client', name));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toEqual(partnerAnswer(expect.any(Number), partnerBody('Client', name)));
      const listed = (await list('userDetailsData')).find((p) => p.name === name);
      expect(listed).toEqual(res.json().data);
      await booksAddUp();
    });

    it('defaults the assigned salary to N/A when blank or left out, and the note is optional', async () => {
      const blank = await admin.post('/api/userDetailsData', partnerBody('Client', unique('Blank Salary'), { assignedSalary: '', userNote: '' }));
      expect(blank.statusCode, blank.body).toBe(201);
      expect(blank.json().data.assignedSalary).toBe('N/A');
      expect(blank.json().data.userNote).toBe('');
      const body = partnerBody('Employee', unique('No Salary'));
      delete body.assignedSalary;
      delete body.userNote;
      const omitted = await admin.post('/api/userDetailsData', body);
      expect(omitted.statusCode, omitted.body).toBe(201);
      expect(omitted.json().data.assignedSalary).toBe('N/A');
      const spaces = await admin.post('/api/userDetailsData', partnerBody('Employee', unique('Spaces Salary'), { assignedSalary: '   ' }));
      expect(spaces.json().data.assignedSalary).toBe('N/A');
    });

    const requiredPartnerFields = partnerFields.filter((f) => f.name !== 'userNote' && f.name !== 'assignedSalary');
    it.each(requiredPartnerFields.map((f) => [f.name]))('requires %s (missing or blank) with a 400 naming it, and adds nothing', async (field) => {
      const before = await list('userDetailsData');
      const name = unique('Required Check');
      const missing = partnerBody('Client', name);
      delete missing[field];
      const a = await admin.post('/api/userDetailsData', missing);
      expectFieldError(a, 400, field);
      expect(a.json().error.message).toMatch(/is required/);
      const b = await admin.post('/api/userDetailsData', partnerBody('Client', name, { [field]: '' }));
      expectFieldError(b, 400, field);
      expect(b.json().error.message).toMatch(/is required/);
      expect(await list('userDetailsData')).toEqual(before);
    });

    it('refuses a contact that is not a number, a category off the list, unknown fields and wrong types', async () => {
      const before = await list('userDetailsData');
      expectFieldError(await admin.post('/api/userDetailsData', partnerBody('Client', unique('Bad Contact'), { contact: 'call me' })), 400, 'contact');
      expectFieldError(await admin.post('/api/userDetailsData', partnerBody('Supplier', unique('Bad Category'))), 400, 'catagories');
      expectFieldError(await admin.post('/api/userDetailsData', partnerBody('Client', unique('Extra'), { email: 'x@example.com' })), 400, 'email');
      expectFieldError(await admin.post('/api/userDetailsData', partnerBody('Client', { first: 'Rahim' } as unknown as string)), 400, 'name');
      expect(await list('userDetailsData')).toEqual(before);
      const ok = await admin.post('/api/userDetailsData', partnerBody('Client', unique('Dashed Contact'), { contact: '+880 1712-345678' }));
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('refuses a duplicate name in the same category with 409, allows it in another category', async () => {
      const name = unique('Same Name');
      expect((await admin.post('/api/userDetailsData', partnerBody('Wire Agent', name))).statusCode).toBe(201);
      const before = await list('userDetailsData');
      const dup = await admin.post('/api/userDetailsData', partnerBody('Wire Agent', name));
      expectFieldError(dup, 409, 'name');
      const padded = await admin.post('/api/userDetailsData', partnerBody('Wire Agent', `  ${name}  `));
      expectFieldError(padded, 409, 'name');
      expect(await list('userDetailsData')).toEqual(before);
      expect((await admin.post('/api/userDetailsData', partnerBody('Acid Agent', name))).statusCode).toBe(201);
    });

    it('lets acounts list and search partners but not add or edit them; a plain user sees none', async () => {
      const p = await addPartner('Investor', unique('Searchable Investor'));
      const all = await acc.get('/api/userDetailsData');
      expect(all.statusCode).toBe(200);
      expect((all.json().data as Row[]).map((r) => r.id)).toContain(p.id);
      const found = await acc.get(`/api/userDetailsData?s=${encodeURIComponent(p.name.toLowerCase())}`);
      expect((found.json().data as Row[]).map((r) => r.name)).toEqual([p.name]);

      // % is text to find, not a wildcard.
      const percent = await addPartner('Client', unique('100% Cotton Mills'));
      const byPercent = await acc.get('/api/userDetailsData?s=100%25');
      expect.soft((byPercent.json().data as Row[]).map((r) => r.id)).toEqual([percent.id]);

      const before = await list('userDetailsData');
      expect((await acc.post('/api/userDetailsData', partnerBody('Client', unique('Not Allowed')))).statusCode).toBe(403);
      expect((await acc.put(`/api/userDetailsData/${p.id}`, partnerBody('Investor', 'Renamed By Acounts'))).statusCode).toBe(403);
      expect((await staff.get('/api/userDetailsData')).statusCode).toBe(403);
      expect((await staff.post('/api/userDetailsData', partnerBody('Client', unique('Not Allowed')))).statusCode).toBe(403);
      expect(await list('userDetailsData')).toEqual(before);
    });

    it('lets an admin edit a partner (PUT /userDetailsData/:id) and the list shows the change', async () => {
      const p = await addPartner('Employee', unique('Edit Me'));
      const newName = unique('Edited Name');
      const body = partnerBody('Employee', newName, { address: 'Savar, Dhaka', contact: '01811111111', assignedSalary: '18000', userNote: 'Raised in June' });
      const res = await admin.put(`/api/userDetailsData/${p.id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(partnerAnswer(p.id, body));
      const listed = (await list('userDetailsData')).find((r) => r.id === p.id);
      expect(listed).toEqual(partnerAnswer(p.id, body));

      const blankSalary = await admin.put(`/api/userDetailsData/${p.id}`, { ...body, assignedSalary: '' });
      expect(blankSalary.json().data.assignedSalary).toBe('N/A');
    });

    it('refuses a bad edit: missing field 400, name of another partner 409, unknown id 404, bad id 400', async () => {
      const a = await addPartner('Acid Agent', unique('Acid One'));
      const b = await addPartner('Acid Agent', unique('Acid Two'));
      const before = await list('userDetailsData');
      const missing = partnerBody('Acid Agent', a.name);
      delete missing.nid;
      expectFieldError(await admin.put(`/api/userDetailsData/${a.id}`, missing), 400, 'nid');
      expectFieldError(await admin.put(`/api/userDetailsData/${a.id}`, partnerBody('Acid Agent', b.name)), 409, 'name');
      expect((await admin.put('/api/userDetailsData/99999999', partnerBody('Acid Agent', unique('Ghost')))).statusCode).toBe(404);
      expect((await admin.put('/api/userDetailsData/abc', partnerBody('Acid Agent', unique('Ghost')))).statusCode).toBe(400);
      expect(await list('userDetailsData')).toEqual(before);
      // Keeping its own name is not a duplicate.
      expect((await admin.put(`/api/userDetailsData/${a.id}`, partnerBody('Acid Agent', a.name, { address: 'Narayanganj' }))).statusCode).toBe(200);
    });
  });

  describe('every record kind of the registry', () => {
    it.each(allKinds.map((k) => [k.kind, k] as const))(
      '%s: POST saves it in the spec names, stamped by the server, and GET lists it newest first',
      async (_name, kind) => {
        const before = await summary();
        // The day is the server's too unless a late voucher says otherwise (tests/api/late-vouchers.test.ts).
        const body: Record<string, unknown> = {
          ...validBody(kind),
          issued_by: 'Somebody Else',
          id: 987654,
          total_price: '1',
          due_amount: '1',
        };
        const dayBefore = todayIn(TIME_ZONE);
        const res = await writer(kind).post(`/api/${kind.path}`, body);
        const dayAfter = todayIn(TIME_ZONE);
        expect(res.statusCode, res.body).toBe(201);
        const data = res.json().data as Row;

        expect(data.id).toEqual(expect.any(Number));
        expect(data.id).not.toBe(987654);
        expect([dayBefore, dayAfter]).toContain(data.issue_date);
        expect(data.issued_by).toBe(kind.write === 'admin' ? ADMIN_NAME : ACCOUNTS_NAME);
        expect(data.voided).toBe(false);
        for (const f of inputFields(kind)) {
          expect(data[f.name], f.name).toEqual(f.input.type === 'decimal' ? 12.5 : body[f.name]);
        }
        const party = kind.fields.find((f) => f.input.type === 'party');
        if (party && party.input.type === 'party') expect(data.partner_id).toBe(partner(party.input.categories[0] as PartnerCategory).id);
        if (kind.pricing) {
          // 12.5 × 12.5 = 156.25; due = 156.25 − (12.5 + 12.5)
          expect(data.total_price).toBe(156.25);
          expect(data.due_amount).toBe(131.25);
        }
        if (kind.kind === 'fire') expect(data).toMatchObject({ fire_status: false, fire_time: null });
        if (kind.kind === 'asset') expect(data).toMatchObject({ sold_status: false, sold_amount: null });

        const after = await summary();
        expect(after.balance - before.balance).toBe(kind.cash ? BigInt(kind.cash.direction) * 1250n : 0n);
        expect(after.stock - before.stock).toBe(kind.stock ? BigInt(kind.stock.direction) * 12500n : 0n);

        const second = await create(kind);
        const rows = await list(kind.path);
        expect(rows.slice(0, 2).map((r) => r.id)).toEqual([second.id, data.id]);
        expect(rows[1]).toEqual(data);
        await booksAddUp();
      },
    );

    it('stamps an admin-written entry with the admin name', async () => {
      const row = await create(kindNamed('investor'), {}, admin);
      expect(row.issued_by).toBe(ADMIN_NAME);
      await booksAddUp();
    });

    it('refuses a plain user (403) and writes nothing', async () => {
      const before = await summary();
      const count = await entryCount();
      for (const kind of allKinds) {
        expect((await staff.post(`/api/${kind.path}`, validBody(kind))).statusCode).toBe(403);
        expect((await staff.get(`/api/${kind.path}`)).statusCode).toBe(403);
      }
      expect((await staff.get('/api/dashboard')).statusCode).toBe(403);
      expect(await summary()).toEqual(before);
      expect(await entryCount()).toBe(count);
    });
  });

  describe('exact money', () => {
    const cases = [
      { kind: 'furnace', amount: '1234.567', rate: '89.99', paid: '100000', discount: '0.2' },
      { kind: 'furnace', amount: '2', rate: '0.1', paid: '0.1', discount: '0.2' },
      { kind: 'msWire', amount: '0.005', rate: '1', paid: '0.1', discount: '0.2' },
      { kind: 'giWire', amount: '999999.999', rate: '999999.99', paid: '0', discount: '0' },
      { kind: 'giWire', amount: '0.015', rate: '1.00', paid: '0.01', discount: '0' },
      { kind: 'wireCost', amount: '0.004', rate: '1.00', paid: '0.1', discount: '0.2' },
      { kind: 'woodPowder', amount: '0.3', rate: '0.1', paid: '0.1', discount: '0.2' },
      { kind: 'acid', amount: '1,250.5', rate: '1,000.01', paid: '1,250.50', discount: '0.05' },
    ];
    it.each(cases)('$kind: $amount × $rate, paid $paid, discount $discount', async (c) => {
      const kind = kindNamed(c.kind);
      const amountField = kind.pricing === 'weight' ? 'weight' : 'qunatity';
      const before = await summary();
      const row = await create(kind, { [amountField]: c.amount, price: c.rate, paid_amount: c.paid, discount_amount: c.discount });

      const amount = gramsOf(c.amount);
      const total = lineTotal(amount, poishaOf(c.rate));
      const due = total - (poishaOf(c.paid) + poishaOf(c.discount));
      expect(row[amountField]).toBe(Number(c.amount.replace(/,/g, '')));
      expect(row.price).toBe(taka(poishaOf(c.rate)));
      expect(row.paid_amount).toBe(taka(poishaOf(c.paid)));
      expect(row.discount_amount).toBe(taka(poishaOf(c.discount)));
      expect(row.total_price).toBe(taka(total));
      expect(row.due_amount).toBe(taka(due));

      const after = await summary();
      const direction = BigInt(kind.cash?.direction ?? 0);
      expect(after.balance - before.balance).toBe(direction * poishaOf(c.paid));
      expect(after.stock - before.stock).toBe(kind.stock ? BigInt(kind.stock.direction) * amount : 0n);
      const listed = (await list(kind.path)).find((r) => r.id === row.id);
      expect(listed).toMatchObject({ total_price: taka(total), due_amount: taka(due) });
      await booksAddUp();
    });

    it('works the furnace example to 111098.68 (1234.567 kg × 89.99)', async () => {
      const row = await create(kindNamed('furnace'), { weight: '1234.567', price: '89.99', paid_amount: '0', discount_amount: '0' });
      expect(lineTotal(1234567n, 8999n)).toBe(11109868n);
      expect(row.total_price).toBe(111098.68);
      expect(row.due_amount).toBe(111098.68);
      await booksAddUp();
    });

    it('accepts JSON numbers as well as text', async () => {
      const row = await create(kindNamed('woodPowder'), { qunatity: 3.5, price: 10.25, paid_amount: 0.1, discount_amount: 0.2 });
      // 3.5 × 10.25 = 35.875 → 35.88; due = 35.88 − 0.30
      expect(row).toMatchObject({ qunatity: 3.5, price: 10.25, total_price: 35.88, due_amount: 35.58 });
      await booksAddUp();
    });
  });

  describe('dashboard balance and stock', () => {
    it('moves by exactly each entry’s cash and stock effect', async () => {
      let { balance, stock } = await summary();
      const step = async (label: string, fn: () => Promise<unknown>, cash: bigint, kg: bigint) => {
        await fn();
        balance += cash;
        stock += kg;
        expect(await summary(), label).toEqual({ balance, stock });
      };
      await step('investor adds its amount', () => create(kindNamed('investor'), { paid_amount: '1,000,000.10' }), 100000010n, 0n);
      await step('furnace adds paid', () => create(kindNamed('furnace'), { weight: '10', paid_amount: '0.1', discount_amount: '0' }), 10n, 0n);
      await step('MS wire adds paid and takes its weight from stock', () => create(kindNamed('msWire'), { weight: '0.001', paid_amount: '0.2' }), 20n, -1n);
      await step('GI wire adds paid and takes its weight from stock', () => create(kindNamed('giWire'), { weight: '2.5', paid_amount: '7' }), 700n, -2500n);
      await step('salary subtracts', () => create(kindNamed('salary'), { paid_amount: '0.2' }), -20n, 0n);
      await step('partner payment subtracts', () => create(kindNamed('partnerPayment'), { paid_amount: '0.1' }), -10n, 0n);
      await step('wood powder subtracts paid', () => create(kindNamed('woodPowder'), { paid_amount: '3.33' }), -333n, 0n);
      await step('wire cost subtracts paid, stock unchanged', () => create(kindNamed('wireCost'), { weight: '99', paid_amount: '1.01' }), -101n, 0n);
      await step('acid subtracts paid', () => create(kindNamed('acid'), { paid_amount: '0.99' }), -99n, 0n);
      await step('asset subtracts', () => create(kindNamed('asset'), { paid_amount: '7.77' }), -777n, 0n);
      await step('other expense subtracts the bill', () => create(kindNamed('otherExpense'), { paid_amount: '0.3' }), -30n, 0n);
      await step('pot repair subtracts repairsAmount', () => create(kindNamed('potRepair'), { repairsAmount: '123.45' }), -12345n, 0n);
      await step('fire moves nothing', () => create(kindNamed('fire'), { weight: '50' }), 0n, 0n);
      await step('stock entry adds stock', () => create(kindNamed('stock'), { wire_stock: '0.5' }), 0n, 500n);

      const put = await acc.put('/api/dashboard', { wire_stock: '100.5' });
      expect(put.statusCode, put.body).toBe(200);
      stock += 100500n;
      expect({ balance: toPoisha(put.json().data.current_balance), stock: toGrams(put.json().data.wire_stock) }).toEqual({ balance, stock });
      expect(await summary()).toEqual({ balance, stock });
      const stockRows = await list('stock');
      expect(stockRows[0]).toMatchObject({ wire_stock: 100.5, issued_by: ACCOUNTS_NAME });

      const bad = await acc.put('/api/dashboard', { wire_stock: '-3' });
      expectFieldError(bad, 400, 'wire_stock');
      expectFieldError(await acc.put('/api/dashboard', {}), 400, 'wire_stock');
      expect(await summary()).toEqual({ balance, stock });
      await booksAddUp();
    });
  });

  describe('Bengali digits and lakh groups', () => {
    it('saves figures typed in Bengali digits and lakh groups as the same poisha and grams, and reads them back', async () => {
      const kind = kindNamed('furnace');
      const before = await summary();
      // ১,২৩৪.৫৬৭ kg × ৮৯.৯৯ = 1,11,098.684… → 1,11,098.68 taka; paid ১২,৫০০.৫০, discount 0.20: due 98,597.98.
      const row = await create(kind, { weight: '১,২৩৪.৫৬৭', price: '৮৯.৯৯', paid_amount: '১২,৫০০.৫০', discount_amount: '0.20' });
      expect(row).toMatchObject({ weight: 1234.567, price: 89.99, paid_amount: 12500.5, discount_amount: 0.2, total_price: 111098.68, due_amount: 98597.98 });
      const read = await acc.get(`/api/entries/${row.id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data).toMatchObject({ weight: 1234.567, paid_amount: 12500.5, total_price: 111098.68 });
      const after = await summary();
      expect(after.balance - before.balance).toBe(BigInt(kind.cash?.direction ?? 0) * 1250050n);
      expect(after.stock - before.stock).toBe(BigInt(kind.stock?.direction ?? 0) * 1234567n);

      const lakh = await create(kindNamed('investor'), { paid_amount: '12,34,567.50' });
      expect(lakh.paid_amount).toBe(1234567.5);
      const bengaliLakh = await create(kindNamed('investor'), { paid_amount: '১২,৩৪,৫৬৭.৫০' });
      expect(bengaliLakh.paid_amount).toBe(1234567.5);
      await booksAddUp();
    });

    it('reads every figure field of every kind in Bengali digits with groups as the same figure as in Latin digits', async () => {
      let checked = 0;
      for (const kind of allKinds) {
        const figures = inputFields(kind).filter((f) => f.input.type === 'decimal');
        if (figures.length === 0) continue;
        const body = (text: string) => Object.fromEntries(figures.map((f) => [f.name, text]));
        const latin = await create(kind, body('1,234.5'));
        const bengali = await create(kind, body('১,২৩৪.৫'));
        for (const f of figures) {
          expect(bengali[f.name], `${kind.kind}.${f.name}`).toBe(1234.5);
          expect(bengali[f.name], `${kind.kind}.${f.name}`).toBe(latin[f.name]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(10);
      await booksAddUp();
    });

    it('refuses a wrong figure in Bengali digits with the same 400 and message naming the field, and writes nothing', async () => {
      const kind = kindNamed('investor');
      const count = await entryCount();
      const bengali = await acc.post(`/api/${kind.path}`, validBody(kind, { paid_amount: '১২.৩৪৫' }));
      const latin = await acc.post(`/api/${kind.path}`, validBody(kind, { paid_amount: '12.345' }));
      expectFieldError(bengali, 400, 'paid_amount');
      expect(bengali.json().error.message).toBe(latin.json().error.message);
      expect(bengali.json().error.message).toContain('at most 2 digits after the point');
      expectFieldError(await acc.post(`/api/${kind.path}`, validBody(kind, { paid_amount: '১২,৩৪,৫৬' })), 400, 'paid_amount');
      expectFieldError(await acc.post(`/api/${kind.path}`, validBody(kind, { paid_amount: '−১০' })), 400, 'paid_amount');
      expect(await entryCount()).toBe(count);
    });

    it('sells an asset for an amount typed in Bengali digits', async () => {
      const asset = await create(kindNamed('asset'), { name: unique('Drill'), paid_amount: '5000' });
      const sold = await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '৪,২০০.৭৫' });
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json().data).toMatchObject({ sold_amount: 4200.75 });
    });
  });

  describe('asset sale', () => {
    it('adds the sold amount once, refuses a second sale (409) and a missing amount (400)', async () => {
      const asset = await create(kindNamed('asset'), { name: unique('Lathe machine'), paid_amount: '5000' });
      const before = await summary();

      const noAmount = await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true });
      expectFieldError(noAmount, 400, 'sold_amount');
      expectFieldError(await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '' }), 400, 'sold_amount');
      expectFieldError(await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '-1' }), 400, 'sold_amount');
      expectFieldError(await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '4200.755' }), 400, 'sold_amount');
      expect(await summary()).toEqual(before);
      expect((await list('assetsCost')).find((r) => r.id === asset.id)).toMatchObject({ sold_status: false, sold_amount: null });

      const sold = await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '4200.75' });
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json().data).toMatchObject({ id: asset.id, sold_status: true, sold_amount: 4200.75 });
      expect(await summary()).toEqual({ ...before, balance: before.balance + 420075n });
      expect((await list('assetsCost')).find((r) => r.id === asset.id)).toMatchObject({ sold_status: true, sold_amount: 4200.75, paid_amount: 5000 });

      const again = await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '1' });
      expect(again.statusCode, again.body).toBe(409);
      expect(await summary()).toEqual({ ...before, balance: before.balance + 420075n });
      expect((await acc.put('/api/assetsCost/99999999', { sold_status: true, sold_amount: '1' })).statusCode).toBe(404);
      const furnace = await create(kindNamed('furnace'));
      expect((await acc.put(`/api/assetsCost/${furnace.id}`, { sold_status: true, sold_amount: '1' })).statusCode).toBe(404);
      await booksAddUp();
    });
  });

  describe('fire end', () => {
    it('ends a fire once with its end note; a second end is 409, a missing note 400', async () => {
      const fire = await create(kindNamed('fire'), { roll: '12', pot_number: '3', weight: '40', fire_man: 'Jalal' });
      expect(fire).toMatchObject({ fire_status: false, fire_time: null, lifecycle_at: null, lifecycle_by: null });
      expectFieldError(await acc.put(`/api/fire/${fire.id}`, { fire_status: true }), 400, 'fire_time');
      expectFieldError(await acc.put(`/api/fire/${fire.id}`, { fire_status: true, fire_time: '  ' }), 400, 'fire_time');
      expect((await list('fire')).find((r) => r.id === fire.id)).toMatchObject({ fire_status: false, fire_time: null });

      const before = await summary();
      const [from, ended] = [Date.now(), await acc.put(`/api/fire/${fire.id}`, { fire_status: true, fire_time: '6:30 PM, pot cooled' })];
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json().data).toMatchObject({ id: fire.id, fire_status: true, fire_time: '6:30 PM, pot cooled', roll: '12', fire_man: 'Jalal' });
      // The end time is the server's, and who ended it; the note is the person's.
      const listed = (await list('fire')).find((r) => r.id === fire.id);
      expect(listed).toMatchObject({ fire_status: true, fire_time: '6:30 PM, pot cooled', lifecycle_by: ended.json().data.lifecycle_by });
      const at = Date.parse(String(listed?.lifecycle_at));
      expect(at).toBeGreaterThanOrEqual(from - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      expect(listed?.lifecycle_at).toBe(ended.json().data.lifecycle_at);
      expect(typeof listed?.lifecycle_by === 'string' && listed.lifecycle_by.length > 0).toBe(true);

      const again = await acc.put(`/api/fire/${fire.id}`, { fire_status: true, fire_time: 'later' });
      expect(again.statusCode, again.body).toBe(409);
      expect((await list('fire')).find((r) => r.id === fire.id)).toMatchObject({ fire_time: '6:30 PM, pot cooled', lifecycle_at: listed?.lifecycle_at });
      expect(await summary()).toEqual(before);
      expect((await acc.put('/api/fire/99999999', { fire_status: true, fire_time: 'x' })).statusCode).toBe(404);
      const asset = await create(kindNamed('asset'));
      expect((await acc.put(`/api/fire/${asset.id}`, { fire_status: true, fire_time: 'x' })).statusCode).toBe(404);
      await booksAddUp();
    });

    it('does not end a voided fire or its reversal', async () => {
      const fire = await create(kindNamed('fire'));
      const v = await acc.post(`/api/entries/${fire.id}/void`, { reason: 'Entered twice' });
      expect(v.statusCode, v.body).toBe(200);
      // As with assets: a voided entry is cancelled (409) and a reversal is no fire of its own (404).
      const ended = await acc.put(`/api/fire/${fire.id}`, { fire_status: true, fire_time: 'done' });
      expect.soft(ended.statusCode, ended.body).toBe(409);
      const reversal = await acc.put(`/api/fire/${v.json().data.reversal_id}`, { fire_status: true, fire_time: 'done' });
      expect.soft(reversal.statusCode, reversal.body).toBe(404);
      expect((await list('fire')).find((r) => r.id === fire.id)).toMatchObject({ voided: true, fire_status: false, fire_time: null });
      await booksAddUp();
    });
  });

  describe('voids', () => {
    it('reverses an MS wire sale exactly, marks it voided, and refuses a second void or voiding the reversal', async () => {
      const before = await summary();
      const sale = await create(kindNamed('msWire'), { weight: '10.5', price: '95.5', paid_amount: '1000.10', discount_amount: '0.2' });
      expect(await summary()).toEqual({ balance: before.balance + 100010n, stock: before.stock - 10500n });

      expectFieldError(await acc.post(`/api/entries/${sale.id}/void`, {}), 400, 'reason');
      expectFieldError(await acc.post(`/api/entries/${sale.id}/void`, { reason: '   ' }), 400, 'reason');
      expect((await list('mWireData')).find((r) => r.id === sale.id)?.voided).toBe(false);

      const res = await acc.post(`/api/entries/${sale.id}/void`, { reason: 'Typed the wrong weight' });
      expect(res.statusCode, res.body).toBe(200);
      const { id, reversal_id } = res.json().data as { id: number; reversal_id: number };
      expect(id).toBe(sale.id);
      expect(await summary()).toEqual(before);

      const rows = await list('mWireData');
      expect(rows.find((r) => r.id === sale.id)).toMatchObject({ voided: true });
      // The correction is not listed on its own (its original shows as voided); it is in the books.
      expect(rows.find((r) => r.id === reversal_id)).toBeUndefined();
      const reversal = await t.app.deps.database.db.selectFrom('entries').selectAll().where('id', '=', reversal_id).executeTakeFirstOrThrow();
      expect(reversal).toMatchObject({ void_of: sale.id, void_reason: 'Typed the wrong weight', issued_by: ACCOUNTS_NAME });

      expect((await acc.post(`/api/entries/${sale.id}/void`, { reason: 'Again' })).statusCode).toBe(409);
      expect((await acc.post(`/api/entries/${reversal_id}/void`, { reason: 'Undo the undo' })).statusCode).toBe(409);
      expect((await acc.post('/api/entries/99999999/void', { reason: 'Nothing' })).statusCode).toBe(404);
      expect((await staff.post(`/api/entries/${sale.id}/void`, { reason: 'Not mine' })).statusCode).toBe(403);
      expect(await summary()).toEqual(before);
      await booksAddUp();
    });

    it.each(['investor', 'salary', 'potRepair', 'giWire', 'stock', 'woodPowder'])(
      'restores balance and stock exactly when a %s entry is voided',
      async (name) => {
        const kind = kindNamed(name);
        const before = await summary();
        const row = await create(
          kind,
          Object.fromEntries(
            inputFields(kind)
              .filter((f) => f.input.type === 'decimal')
              .map((f) => [f.name, '1,234.56']),
          ),
        );
        expect(await summary()).not.toEqual(before);
        const res = await acc.post(`/api/entries/${row.id}/void`, { reason: 'Wrong partner' });
        expect(res.statusCode, res.body).toBe(200);
        expect(await summary()).toEqual(before);
        expect((await list(kind.path)).find((r) => r.id === row.id)?.voided).toBe(true);
        await booksAddUp();
      },
    );

    it('restores the stock added through PUT /dashboard when that entry is voided', async () => {
      const before = await summary();
      expect((await acc.put('/api/dashboard', { wire_stock: '100.5' })).statusCode).toBe(200);
      const [row] = await list('stock');
      expect(row).toMatchObject({ wire_stock: 100.5 });
      expect((await acc.post(`/api/entries/${row?.id}/void`, { reason: 'Counted twice' })).statusCode).toBe(200);
      expect(await summary()).toEqual(before);
      await booksAddUp();
    });

    it('voiding an asset sale takes the money back and makes the asset unsold again', async () => {
      const asset = await create(kindNamed('asset'), { name: unique('Generator'), paid_amount: '5000' });
      const before = await summary();
      expect((await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '4200.75' })).statusCode).toBe(200);
      expect(await summary()).toEqual({ ...before, balance: before.balance + 420075n });

      // A sold asset cannot be voided before its sale.
      expect((await acc.post(`/api/entries/${asset.id}/void`, { reason: 'Wrong asset' })).statusCode).toBe(409);

      const sale = await t.app.deps.database.db
        .selectFrom('entries')
        .select(['id', 'cash_p'])
        .where('kind', '=', 'assetSale')
        .where('ref_id', '=', asset.id)
        .execute();
      expect(sale).toHaveLength(1);
      expect(Number(sale[0]?.cash_p)).toBe(420075);
      // The sale is money in: it shows among the latest cash-in entries, where it can be voided.
      const recent = (await acc.get('/api/entries/recent?group=cashIn&limit=100')).json().data as Record<string, unknown>[];
      expect(recent.find((r) => r.id === sale[0]?.id)).toMatchObject({
        title: 'Asset Sale',
        paid_amount: 4200.75,
        voided: false,
        note: `Sale of asset #${asset.id}`,
      });
      const res = await acc.post(`/api/entries/${sale[0]?.id}/void`, { reason: 'Buyer did not pay' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await summary()).toEqual(before);
      expect((await list('assetsCost')).find((r) => r.id === asset.id)).toMatchObject({
        sold_status: false,
        sold_amount: null,
        lifecycle_at: null,
        lifecycle_by: null,
        voided: false,
      });
      expect((await acc.post(`/api/entries/${sale[0]?.id}/void`, { reason: 'Again' })).statusCode).toBe(409);

      const resold = await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '100' });
      expect(resold.statusCode, resold.body).toBe(200);
      expect(await summary()).toEqual({ ...before, balance: before.balance + 10000n });
      await booksAddUp();
    });

    it('refuses to sell a voided asset', async () => {
      const asset = await create(kindNamed('asset'), { paid_amount: '10' });
      expect((await acc.post(`/api/entries/${asset.id}/void`, { reason: 'Never bought' })).statusCode).toBe(200);
      const before = await summary();
      expect((await acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '5' })).statusCode).toBe(409);
      expect(await summary()).toEqual(before);
      await booksAddUp();
    });
  });

  describe('bad input', () => {
    type Patch = Record<string, unknown> | (() => Record<string, unknown>);
    const cases: Array<[kind: string, what: string, patch: Patch, field: string]> = [
      ['furnace', 'a negative weight', { weight: '-1' }, 'weight'],
      ['furnace', 'text for a weight', { weight: 'abc' }, 'weight'],
      ['furnace', 'a 1e309 weight', { weight: '1e309' }, 'weight'],
      ['furnace', 'a 400-digit rate', { price: '9'.repeat(400) }, 'price'],
      ['furnace', '3 decimals on the paid amount', { paid_amount: '12.345' }, 'paid_amount'],
      ['furnace', '3 decimals on the rate', { price: '89.999' }, 'price'],
      ['furnace', 'a blank discount', { discount_amount: '' }, 'discount_amount'],
      ['furnace', 'a missing quantity', { qunatity: undefined }, 'qunatity'],
      ['furnace', 'an unknown extra field', { colour: 'red' }, 'colour'],
      ['furnace', 'a number for the note', { note: 42 }, 'note'],
      ['furnace', 'an object for the name', { name: { first: 'Rahim' } }, 'name'],
      ['furnace', 'a name not in the partner list', { name: 'Nobody Listed Here' }, 'name'],
      ['furnace', 'an investor where a client is wanted', () => ({ name: partner('Investor').name }), 'name'],
      ['furnace', 'a partner_id of the wrong category', () => ({ partner_id: partner('Employee').id }), 'name'],
      ['furnace', 'a size off the list', { size: '27' }, 'size'],
      ['msWire', 'a missing note', { note: undefined }, 'note'],
      ['msWire', 'a weight as an array', { weight: ['1'] }, 'weight'],
      ['salary', 'a negative amount', { paid_amount: '-5' }, 'paid_amount'],
      ['salary', 'a month off the list', { month: 'Febuary' }, 'month'],
      ['salary', 'an array for absent', { absent: ['2'] }, 'absent'],
      ['asset', 'an amount above the maximum', { paid_amount: '10000000001' }, 'paid_amount'],
      ['asset', 'an object for the asset name', { name: { a: 1 } }, 'name'],
      ['potRepair', 'a boolean amount', { repairsAmount: true }, 'repairsAmount'],
      ['investor', 'NaN', { paid_amount: 'NaN' }, 'paid_amount'],
      ['stock', 'Infinity', { wire_stock: 'Infinity' }, 'wire_stock'],
      ['otherExpense', '3 decimals on the unit', { qunatity: '1.255' }, 'qunatity'],
      ['otherExpense', 'an expense type off the list', { name: 'Bribes' }, 'name'],
    ];
    it.each(cases)('%s with %s → 400 naming the field, nothing written', async (name, _what, patch, field) => {
      const kind = kindNamed(name);
      const before = await summary();
      const count = await entryCount();
      const listed = await list(kind.path);
      const res = await acc.post(`/api/${kind.path}`, validBody(kind, typeof patch === 'function' ? patch() : patch));
      expectFieldError(res, 400, field);
      expect(await summary()).toEqual(before);
      expect(await entryCount()).toBe(count);
      expect(await list(kind.path)).toEqual(listed);
      await booksAddUp();
    });

    it('refuses a JSON 1e309 (Infinity) number, a body that is not an object and broken JSON with a 400', async () => {
      const kind = kindNamed('furnace');
      const before = await summary();
      const count = await entryCount();
      const raw = JSON.stringify(validBody(kind, { weight: '__BIG__' })).replace('"__BIG__"', '1e309');
      expectFieldError(await acc.post('/api/furnaceData', raw, { 'content-type': 'application/json' }), 400, 'weight');
      expect((await acc.post('/api/furnaceData', '[1,2]', { 'content-type': 'application/json' })).statusCode).toBe(400);
      expect((await acc.post('/api/furnaceData', '"text"', { 'content-type': 'application/json' })).statusCode).toBe(400);
      expect((await acc.post('/api/furnaceData', '{"weight": ', { 'content-type': 'application/json' })).statusCode).toBe(400);
      expect(await summary()).toEqual(before);
      expect(await entryCount()).toBe(count);
      await booksAddUp();
    });

    it('answers bad ids and bad queries with 4xx, never 500', async () => {
      for (const [method, url, body] of [
        ['PUT', '/api/fire/abc', { fire_time: 'x' }],
        ['PUT', '/api/fire/0', { fire_time: 'x' }],
        ['PUT', '/api/fire/1.5', { fire_time: 'x' }],
        ['PUT', '/api/fire/99999999999999999999', { fire_time: 'x' }],
        ['PUT', '/api/assetsCost/-1', { sold_amount: '1' }],
        ['PUT', '/api/assetsCost/99999999999999999999', { sold_amount: '1' }],
        ['POST', '/api/entries/abc/void', { reason: 'bad id' }],
        ['POST', '/api/entries/99999999999999999999/void', { reason: 'bad id' }],
        ['GET', '/api/furnaceData?limit=abc', undefined],
        ['GET', '/api/furnaceData?issue_date>=abc', undefined],
      ] as const) {
        const res = await acc.request(method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      }
      await booksAddUp();
    });
  });

  describe('idempotency', () => {
    it('creates one entry for two posts with the same idempotency_key; the second answers 200 with the same id', async () => {
      const kind = kindNamed('investor');
      const before = await summary();
      const key = `retry-${unique('key').replace(/\s/g, '-')}`;
      const first = await acc.post('/api/investorData', validBody(kind, { paid_amount: '500.25', idempotency_key: key }));
      expect(first.statusCode, first.body).toBe(201);
      const second = await acc.post('/api/investorData', validBody(kind, { paid_amount: '500.25', idempotency_key: key }));
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().data.id).toBe(first.json().data.id);
      expect(second.json().data).toEqual(first.json().data);
      expect(await summary()).toEqual({ ...before, balance: before.balance + 50025n });
      expect((await list('investorData')).filter((r) => r.id === first.json().data.id)).toHaveLength(1);

      // The same key on another kind is a client bug, not a second entry.
      const other = await acc.post('/api/paymentData', validBody(kindNamed('partnerPayment'), { idempotency_key: key }));
      expect(other.statusCode, other.body).toBe(409);
      expect(await summary()).toEqual({ ...before, balance: before.balance + 50025n });
      await booksAddUp();
    });

    it('creates one entry when the same key arrives several times at once', async () => {
      const kind = kindNamed('partnerPayment');
      const before = await summary();
      const count = await entryCount();
      const key = `race-${unique('key').replace(/\s/g, '-')}`;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => acc.post('/api/paymentData', validBody(kind, { paid_amount: '10', idempotency_key: key }))),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
      expect(await entryCount()).toBe(count + 1);
      expect(await summary()).toEqual({ ...before, balance: before.balance - 1000n });
      await booksAddUp();
    });
  });

  describe('requests racing each other', () => {
    const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();

    it('sells an asset once when two sales arrive together', async () => {
      const asset = await create(kindNamed('asset'), { paid_amount: '900' });
      const before = await summary();
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => acc.put(`/api/assetsCost/${asset.id}`, { sold_status: true, sold_amount: '500' })));
      expect.soft(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
      expect(await summary()).toEqual({ ...before, balance: before.balance + 50000n });
      await booksAddUp();
    });

    it('voids an entry once when two voids arrive together', async () => {
      const before = await summary();
      const row = await create(kindNamed('investor'), { paid_amount: '250' });
      const answers = await Promise.all([1, 2, 3].map(() => acc.post(`/api/entries/${row.id}/void`, { reason: 'Double click' })));
      expect(statuses(answers)).toEqual([200, 409, 409]);
      expect(await summary()).toEqual(before);
      await booksAddUp();
    });

    it('ends a fire once when two ends arrive together', async () => {
      const fire = await create(kindNamed('fire'));
      const answers = await Promise.all(
        ['first', 'second', 'third', 'fourth', 'fifth'].map((note) => acc.put(`/api/fire/${fire.id}`, { fire_status: true, fire_time: note })),
      );
      expect(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
      const winner = answers.find((a) => a.statusCode === 200)?.json().data.fire_time;
      expect((await list('fire')).find((r) => r.id === fire.id)?.fire_time).toBe(winner);
      await booksAddUp();
    });

    it('adds a partner once when the same partner is posted twice at once, never a 500', async () => {
      const name = unique('Twin Click');
      const answers = await Promise.all([1, 2, 3].map(() => admin.post('/api/userDetailsData', partnerBody('Client', name))));
      expect(statuses(answers)).toEqual([201, 409, 409]);
      expect((await list('userDetailsData')).filter((p) => p.name === name)).toHaveLength(1);
    });
  });

  describe('list filters', () => {
    it('filters by name, search text and the raw issue_date bounds', async () => {
      const kind = kindNamed('investor');
      const a = await addPartner('Investor', unique('Filter Alpha'));
      const b = await addPartner('Investor', unique('Filter Beta'));
      const a1 = await create(kind, { name: a.name, note: 'Advance for March' });
      const a2 = await create(kind, { name: a.name, note: 'Paid 50% advance' });
      const b1 = await create(kind, { name: b.name, note: 'Loan return ref_7' });
      const today = todayIn(TIME_ZONE);

      expect((await list('investorData', `?name=${encodeURIComponent(a.name)}`)).map((r) => r.id)).toEqual([a2.id, a1.id]);
      expect((await list('investorData', `?name=${encodeURIComponent(b.name)}`)).map((r) => r.id)).toEqual([b1.id]);
      expect(await list('investorData', '?name=Nobody%20At%20All')).toEqual([]);

      expect((await list('investorData', '?s=MARCH')).map((r) => r.id)).toEqual([a1.id]);
      expect((await list('investorData', '?s=loan%20ret')).map((r) => r.id)).toEqual([b1.id]);
      expect((await list('investorData', `?s=${encodeURIComponent(a.name.toLowerCase())}`)).map((r) => r.id)).toEqual([a2.id, a1.id]);
      // % and _ are text to find, not wildcards.
      expect.soft((await list('investorData', '?s=50%25')).map((r) => r.id)).toEqual([a2.id]);
      const underscore = await list('investorData', '?s=_');
      expect.soft(underscore.map((r) => r.id)).toContain(b1.id);
      expect.soft(underscore.filter((r) => !`${r.name} ${r.note}`.includes('_'))).toEqual([]);

      const wide = await list('investorData', '?issue_date>=2000-01-01&issue_date<=2100-01-01');
      expect(wide.map((r) => r.id)).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id]));
      expect(wide.map((r) => r.id)).toEqual([...wide.map((r) => r.id)].sort((x, y) => y - x));
      expect((await list('investorData', `?name=${encodeURIComponent(a.name)}&issue_date>=${today}&issue_date<=${today}`)).map((r) => r.id)).toEqual([
        a2.id,
        a1.id,
      ]);
      expect(await list('investorData', '?issue_date>=2100-01-01')).toEqual([]);
      expect(await list('investorData', '?issue_date<=2000-01-01')).toEqual([]);
      expect((await list('investorData', `?issue_date>=${today}`)).map((r) => r.id)).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id]));

      for (const bad of ['?issue_date>=2026-13-40', '?issue_date<=2026-02-30', '?issue_date>=22-11-2026', '?issue_date<=yesterday']) {
        const res = await acc.get(`/api/investorData${bad}`);
        expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
        expect(res.json().error.message, bad).toMatch(/^issue_date/);
      }
      await booksAddUp();
    });
  });
});
