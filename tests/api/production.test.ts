import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../../src/server/modules/books/repository.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { buildEntryRow } from '../../src/server/modules/books/entries.ts';
import { todayIn } from '../../src/shared/dates.ts';
import type { ProductionFigures, ProductionReport } from '../../src/shared/production-api.ts';
import { type KindDef, type ProductionRole, kinds, registry } from '../../src/shared/registry.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// The production report through the API, with entries typed by hand: every figure of one month
// worked out here in BigInt from the typed texts (voids left out, a pot never repaired), the
// default range, ranges that cut months, the pots' history and refused dates.

const TIME_ZONE = 'Asia/Dhaka';
const byRole = (role: ProductionRole) => (kinds as readonly KindDef[]).filter((k) => k.production === role);
const pathOf = (role: ProductionRole, i = 0) => {
  const k = byRole(role)[i];
  if (!k) throw new Error(`no kind plays ${role}`);
  return k.path;
};

const unitsOf = (text: string, digits: number) => {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0');
};
const p = (text: string) => unitsOf(text, 2);
const g = (text: string) => unitsOf(text, 3);
/** n ÷ d, halves away from zero. */
const div = (n: bigint, d: bigint) => {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = a / d + ((a % d) * 2n >= d ? 1n : 0n);
  return neg ? -q : q;
};
const total = (amount: string, rate: string) => div(g(amount) * p(rate), 1000n);
const taka = (poisha: bigint) => Number(poisha) / 100;
const kg = (grams: bigint) => Number(grams) / 1000;
const perKg = (poisha: bigint, grams: bigint) => (grams === 0n ? null : div(poisha * 1000n, grams));
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const monthEnd = (date: string) => dayAfter(`${dayAfter(`${date.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);

describe.each(dialects)('production report on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  const today = todayIn(TIME_ZONE);
  const monthFrom = `${today.slice(0, 7)}-01`;
  const monthTo = monthEnd(today);
  const old = dayAfter(monthFrom, -40);

  async function post(path: string, body: Record<string, unknown>) {
    const res = await acc.post(`/api/${path}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  }
  async function voided(path: string, body: Record<string, unknown>) {
    const { id } = await post(path, body);
    const res = await acc.post(`/api/entries/${id}/void`, { reason: 'typed twice' });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function report(query = ''): Promise<ProductionReport> {
    const res = await acc.get(`/api/production${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ProductionReport;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const { agent: admin } = await t.signedIn('admin', 'Owner');
    ({ agent: acc } = await t.signedIn('acounts', 'Accounts'));
    for (const [catagories, name] of [
      ['Client', 'Rahim Wire House'],
      ['Wood Powder Agent', 'Powder Karim'],
      ['Acid Agent', 'Acid Jamal'],
      ['Wire Agent', 'Wire Habib'],
      ['Employee', 'Selim Fireman'],
    ]) {
      const res = await admin.post('/api/userDetailsData', {
        catagories,
        name,
        fname: 'F',
        mname: 'M',
        address: 'Tongi',
        contact: '01712345678',
        nid: '1990123456789',
        assignedSalary: '15000',
        userNote: '',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const fire = pathOf('firing');
    await post(fire, { roll: '1', pot_number: ' P-1 ', weight: '400.5', fire_man: 'Rafiq', note: '' });
    await post(fire, { roll: '2', pot_number: 'P-1', weight: '350.25', fire_man: 'Rafiq ' });
    await post(fire, { roll: '3', pot_number: 'P-2', weight: '500', fire_man: 'Babul' });
    await post(fire, { roll: '4', pot_number: 'P-3', weight: '249.755', fire_man: 'Babul' });
    await post(fire, { roll: '5', weight: '10' }); // no pot, no fire man: counts in the month only
    await voided(fire, { roll: '6', pot_number: 'P-2', weight: '999', fire_man: 'Babul' });
    const trade = { paid_amount: '100', discount_amount: '0', note: 'n' };
    await post(pathOf('powder'), { name: 'Powder Karim', qunatity: '12.5', price: '850.33', ...trade });
    await voided(pathOf('powder'), { name: 'Powder Karim', qunatity: '99', price: '99', ...trade });
    await post(pathOf('acidBought'), { name: 'Acid Jamal', qunatity: '3', price: '1200.07', ...trade });
    await post(pathOf('repair'), { potNumb: 'P-1', repairsAmount: '1500.50' });
    await post(pathOf('repair'), { potNumb: ' P-2', repairsAmount: '2200' });
    await voided(pathOf('repair'), { potNumb: 'P-3', repairsAmount: '999' });
    await post(pathOf('salaries'), { name: 'Selim Fireman', month: 'January', assignedSalary: '15000', paid_amount: '15000', absent: '0', note: 'paid' });
    await voided(pathOf('salaries'), { name: 'Selim Fireman', month: 'January', assignedSalary: '15000', paid_amount: '5000', absent: '0', note: 'paid' });
    await post(pathOf('otherExpenses'), { name: 'House Rent', month: 'January', paid_amount: '2345.67', qunatity: '1' });
    await post(pathOf('wireBought'), { name: 'Wire Habib', size: '12', weight: '1000.5', price: '85.25', paid_amount: '100', discount_amount: '0' });
    await post(pathOf('wireSold', 0), { name: 'Rahim Wire House', size: '12', weight: '600', price: '110.5', ...trade });
    await post(pathOf('wireSold', 1), { name: 'Rahim Wire House', size: '14', weight: '250.25', price: '120.3', ...trade });
    await post(pathOf('furnaceWork'), { name: 'Rahim Wire House', qunatity: '5', size: '12', weight: '300', price: '12.5', ...trade });

    // History from before the month, written as the server would have written it then.
    const firing = byRole('firing')[0] as KindDef;
    const row = buildEntryRow(firing, { roll: '0', pot_number: 'P-3', weight: 100_000, fire_man: 'Babul' }, null, {
      issue_date: old,
      issued_by: 'Accounts',
      author_id: 'x',
      created_at: new Date().toISOString(),
      idempotency_key: null,
    });
    await t.app.deps.database.db.transaction().execute((trx) => repo.recordEntry(trx, registry, row));
  });
  afterAll(() => t.close());

  /** Every figure of the month, worked out from the texts typed above. */
  function expectedMonth(from: string, to: string): ProductionFigures {
    const firedG = g('400.5') + g('350.25') + g('500') + g('249.755') + g('10');
    const powder = total('12.5', '850.33');
    const acid = total('3', '1200.07');
    const repair = p('1500.50') + p('2200');
    const direct = powder + acid + repair;
    const overheads = p('15000') + p('2345.67');
    const boughtG = g('1000.5');
    const bought = total('1000.5', '85.25');
    const soldG = g('600') + g('250.25');
    const sold = total('600', '110.5') + total('250.25', '120.3');
    const full = perKg(direct + overheads, firedG) as bigint;
    const wire = perKg(bought, boughtG) as bigint;
    const rate = perKg(sold, soldG) as bigint;
    return {
      from,
      to,
      firings: 5,
      kg_fired: kg(firedG),
      wood_powder: taka(powder),
      acid_cost: taka(acid),
      pot_repair: taka(repair),
      direct_cost: taka(direct),
      direct_cost_per_kg: taka(perKg(direct, firedG) as bigint),
      salaries: 15000,
      other_expenses: 2345.67,
      overheads: taka(overheads),
      full_cost: taka(direct + overheads),
      full_cost_per_kg: taka(full),
      wire_bought_kg: kg(boughtG),
      wire_bought: taka(bought),
      wire_cost_per_kg: taka(wire),
      wire_sold_kg: kg(soldG),
      wire_sold: taka(sold),
      sale_rate_per_kg: taka(rate),
      furnace_work_kg: 300,
      furnace_work: taka(total('300', '12.5')),
      margin_per_kg: taka(rate - (wire + full)),
    };
  }

  it('adds up every figure of one month to the poisha, voids left out', async () => {
    const r = await report(`?issue_date>=${monthFrom}&issue_date<=${monthTo}`);
    const want = expectedMonth(monthFrom, monthTo);
    expect(r.months).toEqual([{ month: today.slice(0, 7), ...want }]);
    expect(r.total).toEqual(want);
    // Worked on paper once: 17,929.84 taka direct over 1,510.505 kg = 11.8700… → 11.87; (17,929.84 + 17,345.67) ÷ 1,510.505 = 23.3534… → 23.35;
    // 96,405.08 ÷ 850.25 = 113.384… → 113.38; margin 113.38 − (85.25 + 23.35) = 4.78.
    expect(want).toMatchObject({
      wood_powder: 10629.13,
      acid_cost: 3600.21,
      direct_cost_per_kg: 11.87,
      full_cost_per_kg: 23.35,
      wire_cost_per_kg: 85.25,
      sale_rate_per_kg: 113.38,
      margin_per_kg: 4.78,
    });
  });

  it('shows each pot: firings, kg, last dates, repairs, firings since the last repair, cost per 1,000 kg', async () => {
    const { pots } = await report(`?issue_date>=${monthFrom}&issue_date<=${monthTo}`);
    const per1000 = (repair: bigint, grams: bigint) => taka(div(repair * 1_000_000n, grams));
    expect(pots).toEqual([
      {
        pot_number: 'P-2',
        firings: 1,
        kg_fired: 500,
        last_fired: today,
        repairs: 1,
        repair_cost: 2200,
        last_repaired: today,
        firings_since_repair: 1,
        repair_per_1000_kg: per1000(p('2200'), g('500')),
      },
      {
        pot_number: 'P-1',
        firings: 2,
        kg_fired: 750.75,
        last_fired: today,
        repairs: 1,
        repair_cost: 1500.5,
        last_repaired: today,
        firings_since_repair: 2,
        repair_per_1000_kg: per1000(p('1500.50'), g('750.75')),
      },
      // Never repaired (its one repair was voided): every firing up to the range's end counts, the older one too.
      {
        pot_number: 'P-3',
        firings: 1,
        kg_fired: 249.755,
        last_fired: today,
        repairs: 0,
        repair_cost: 0,
        last_repaired: null,
        firings_since_repair: 2,
        repair_per_1000_kg: 0,
      },
    ]);
    expect(pots[0]?.repair_per_1000_kg).toBe(4400);
  });

  it('shows each fire man with the name trimmed', async () => {
    const { fireMen } = await report(`?issue_date>=${monthFrom}&issue_date<=${monthTo}`);
    expect(fireMen).toEqual([
      { fire_man: 'Rafiq', firings: 2, kg_fired: 750.75 },
      { fire_man: 'Babul', firings: 2, kg_fired: 749.755 },
    ]);
  });

  it('defaults to this month and the 12 before it, empty months with no per-kg figure', async () => {
    const r = await report();
    expect(r.months).toHaveLength(13);
    expect(r.months.at(-1)).toEqual({ month: today.slice(0, 7), ...expectedMonth(monthFrom, monthTo) });
    const oldMonth = r.months.find((m) => m.month === old.slice(0, 7));
    expect(oldMonth).toMatchObject({
      firings: 1,
      kg_fired: 100,
      direct_cost: 0,
      direct_cost_per_kg: 0,
      wire_cost_per_kg: null,
      sale_rate_per_kg: null,
      margin_per_kg: null,
    });
    const empty = r.months.find((m) => m.firings === 0);
    expect(empty).toMatchObject({
      kg_fired: 0,
      direct_cost_per_kg: null,
      full_cost_per_kg: null,
      wire_cost_per_kg: null,
      sale_rate_per_kg: null,
      margin_per_kg: null,
    });
    expect(r.total.firings).toBe(6);
    expect(r.total.kg_fired).toBe(kg(g('1510.505') + g('100')));
    expect(r.months[0]?.from).toBe(r.total.from);
    expect(r.total.to).toBe(monthTo);
  });

  it('cuts months at the range ends', async () => {
    const one = await report(`?issue_date>=${old}&issue_date<=${old}`);
    expect(one.months).toEqual([expect.objectContaining({ month: old.slice(0, 7), from: old, to: old, firings: 1, kg_fired: 100 })]);
    expect(one.pots).toEqual([expect.objectContaining({ pot_number: 'P-3', firings: 1, last_fired: old, firings_since_repair: 1 })]);
    expect(one.fireMen).toEqual([{ fire_man: 'Babul', firings: 1, kg_fired: 100 }]);
    const before = await report(`?issue_date>=${dayAfter(old, 1)}&issue_date<=${dayAfter(monthFrom, -1)}`);
    expect(before.total.firings).toBe(0);
    expect(before.pots).toEqual([]);
    const across = await report(`?issue_date>=${old}&issue_date<=${today}`);
    expect(across.total.firings).toBe(6);
    expect(across.months[0]).toMatchObject({ from: old, to: monthEnd(old) });
    expect(across.months.at(-1)).toMatchObject({ from: monthFrom, to: today, firings: 5 });
  });

  it('refuses bad dates with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?issue_date>=2026-13-01', 'issue_date>'],
      ['?issue_date<=2026-02-30', 'issue_date<'],
      ['?issue_date>=yesterday', 'issue_date>'],
      ['?issue_date>=2026-05-02&issue_date<=2026-05-01', 'issue_date>'],
      ['?issue_date>=1900-01-01&issue_date<=2026-01-01', 'issue_date>'],
      ['?s=x', 's'],
    ] as const) {
      const res = await acc.get(`/api/production${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error.field, query).toBe(field);
      expect(res.json().error.message.startsWith(`${field}: `), query).toBe(true);
    }
  });

  it('keeps the new running totals in step with the entries', async () => {
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });
});
